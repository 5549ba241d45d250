"""numpy integers (issue 38, item 7): every integer argument takes numpy integers and refuses bools and floats; an
out-of-range seat is a ValueError naming it; a mapping is not cards."""

from __future__ import annotations

import collections

import numpy as np
import pytest

import shengji
from shengji import Cards, Deal, Rules

R = Rules()
INTS = [np.int64, np.int32, np.int8, np.uint8]


def _deal():
    return Deal(R, seed=1)


@pytest.mark.parametrize("np_int", INTS)
def test_seat_of_act_is_legal_why_illegal_takes_numpy_integers(np_int):
    deal = _deal()
    seat = np_int(deal.to_move)
    assert deal.is_legal(None, seat=seat) is True
    assert deal.why_illegal(None, seat=seat) is None
    before = deal.to_move
    deal.act(None, seat=seat)  # a pass in the declaring phase
    assert len(deal.moves) == 1 and deal.moves[0].seat == before
    assert deal.hand(np_int(0)) == deal.hand(0)


@pytest.mark.parametrize("method", ["act", "is_legal", "why_illegal"])
@pytest.mark.parametrize("seat", [True, False, 0.0, 1.5, "0", np.float64(0)])
def test_seat_of_another_type_is_a_type_error(method, seat):
    deal = _deal()
    with pytest.raises(TypeError) as err:
        getattr(deal, method)(None, seat=seat)
    text = str(err.value)
    assert "seat must be a seat 0..3" in text and repr(seat) in text and type(seat).__name__ in text
    assert len(deal.moves) == 0  # nothing changed


@pytest.mark.parametrize("method", ["act", "is_legal", "why_illegal"])
@pytest.mark.parametrize("seat", [4, -1, np.int64(7), 2**70])
def test_a_seat_out_of_range_is_a_value_error(method, seat):
    deal = _deal()
    with pytest.raises(ValueError, match=rf"seat must be a seat 0 \.\. 3, got {int(seat):,}"):
        getattr(deal, method)(None, seat=seat)
    assert len(deal.moves) == 0


@pytest.mark.parametrize("method", ["act", "is_legal", "why_illegal"])
@pytest.mark.parametrize("cards", [{"AS": 1}, collections.Counter({"AS": 2}), {}])
def test_a_mapping_is_not_cards(method, cards):
    deal = _deal()
    with pytest.raises(TypeError, match=r"a mapping is not cards, got (dict|Counter)"):
        getattr(deal, method)(cards)
    assert len(deal.moves) == 0
    with pytest.raises(TypeError, match="a mapping is not cards"):
        Cards(cards)


def test_card_indices_take_numpy_integers_and_refuse_bools():
    assert Cards([np.int64(3), np.uint8(4)]) == Cards([3, 4])
    assert Cards(np.array([3, 4, 4])) == Cards([3, 4, 4])
    with pytest.raises(ValueError, match="card index 54 out of range 0..53"):
        Cards([np.int64(54)])
    with pytest.raises(TypeError, match="not bool"):
        Cards([True])
    with pytest.raises(TypeError, match="not float"):
        Cards([3.0])


@pytest.mark.parametrize("np_int", INTS)
def test_determinize_takes_a_numpy_seed(np_int):
    obs = _deal().observation(0)
    assert shengji.determinize(obs, np_int(3)).order == shengji.determinize(obs, 3).order


@pytest.mark.parametrize("rng", [3.0, True, "3"])
def test_determinize_refuses_other_seeds(rng):
    with pytest.raises(TypeError, match=rf"rng must be a random.Random, an int seed or None, not {type(rng).__name__}"):
        shengji.determinize(_deal().observation(0), rng)


def test_rules_and_histogram_take_numpy_integers():
    assert Rules(decks=np.int64(3)) == Rules(decks=3)
    assert type(Rules(decks=np.int64(3)).decks) is int
    with pytest.raises(TypeError, match="decks must be an int, not bool"):
        Rules(decks=True)
    res = shengji.simulate(R, 20, seed=1)
    given, plain = res.points_histogram(np.int64(10)), res.points_histogram(10)
    assert all(np.array_equal(a, b) for a, b in zip(given, plain, strict=True))
    with pytest.raises(TypeError, match="step must be a positive integer .* not float 5.0"):
        res.points_histogram(5.0)
    with pytest.raises(ValueError, match="step must be a positive integer .*got 0"):
        res.points_histogram(np.int64(0))
