"""Bad input gets a clear Python exception naming what was wrong, never a crash."""

import pickle

import pytest

from shengji import Cards, Rules, Trump

R = Rules()
T = Trump(R, "10", "H")


@pytest.mark.parametrize("args,exc,match", [
    ((R, "1", "H"), ValueError, "unknown rank"),
    ((R, "10", "X"), ValueError, "unknown suit"),
    ((R, 10, "H"), TypeError, "rank"),
    ((R, "10", 1), TypeError, "suit"),
    (("qq-2deck", "10", "H"), TypeError, "Rules"),
])
def test_trump_construction_errors(args, exc, match):
    with pytest.raises(exc, match=match):
        Trump(*args)


def test_trump_pickles_and_accepts_no_trump():
    t = Trump(R, "A", None)
    t2 = pickle.loads(pickle.dumps(t))
    assert t2.level == "A" and t2.suit is None and t2.is_trump("AS") and not t2.is_trump("KH")
    assert Trump(R, "t", "♥").level == "10"


def test_follow_errors():
    with pytest.raises(ValueError, match="not in the hand: 3D"):
        T.is_legal_follow("7S 7S 6S", "AS AS", "7S 3D")
    with pytest.raises(ValueError, match="play has 1 cards but the lead has 2"):
        T.is_legal_follow("7S 7S 6S", "AS AS", "7S")
    with pytest.raises(ValueError, match="lead is empty"):
        T.is_legal_follow("7S 7S 6S", "", "")
    with pytest.raises(ValueError, match="mixes effective suits"):
        T.is_legal_follow("7S 7S 6S", "AS 2C", "7S 7S")
    with pytest.raises(ValueError, match="3 copies"):
        T.is_legal_follow("7S 7S 7S", "AS", "7S")
    with pytest.raises(ValueError, match="bad card token 'ZZ'"):
        T.is_legal_follow("7S ZZ", "AS", "7S")
    with pytest.raises(TypeError):
        T.is_legal_follow(None, "AS", "7S")
    with pytest.raises(ValueError, match="limit"):
        T.legal_follows("7S 6S", "AS", limit=0)
    with pytest.raises(ValueError, match="fewer"):
        T.legal_follows("7S", "AS AS")


def test_throw_and_trick_errors():
    with pytest.raises(TypeError, match="list of hands"):
        T.check_throw("AS KS", "QS")
    with pytest.raises(ValueError, match="more copies"):
        T.check_throw("AS AS KS", ["AS"])
    with pytest.raises(ValueError, match="mixes"):
        T.check_throw("AS 3C", [])
    with pytest.raises(ValueError, match="plays\\[1\\] has 1 cards"):
        T.trick_winner(["AS AS", "KS"])
    with pytest.raises(ValueError, match="empty"):
        T.trick_winner([])
    with pytest.raises(ValueError, match="more copies"):
        T.trick_winner(["AS", "AS", "AS"])
    with pytest.raises(ValueError, match="mixes"):
        T.kitty_multiplier("AS 2C")
    with pytest.raises(ValueError, match="empty"):
        T.units(Cards())


def test_rejected_calls_leave_values_unchanged():
    hand = Cards("7S 7S 6S")
    before = Cards(hand)
    with pytest.raises(ValueError):
        T.is_legal_follow(hand, "AS AS", "7S 3D")
    assert hand == before
    assert T.is_legal_follow(hand, "AS AS", "7S 7S")


def test_card_queries_validate():
    with pytest.raises(ValueError, match="unknown card"):
        T.is_trump("1H")
    with pytest.raises(ValueError, match="one card"):
        T.effective_suit(Cards("AS KS"))
    assert T.effective_suit("10S") == "T" and T.effective_suit("AS") == "S"
