"""Tests of the pure-Python reference rules core (src/shengji/testing/reference.py) on its own.

Every worked example of docs/RULES.md §2-§5 plus hand-written cases for each rule
option of docs/MODEL.md. Run with: PYTHONPATH=src python -m pytest tests/reference/test_reference.py
"""

import itertools
import random
from collections import Counter

import pytest

from shengji import Cards, Rules, Trump
from shengji.testing import reference
from shengji.testing.reference import RefRules, RefTrump, level_outcome, parse


def trump(level, suit, **options):
    return RefTrump(RefRules(**options), level, suit)


def P(text):
    return parse(text)


def S(text):
    """Sorted tuple of kinds, the form returned by the reference."""
    return tuple(sorted(parse(text)))


def rep(text, times):
    return " ".join([text] * times)


# ------------------------------------------------------------------------------------------------
# §1 cards and parsing
# ------------------------------------------------------------------------------------------------

def test_parse_tokens():
    assert parse("10H AS 5d SJ BJ") == [13 + 8, 12, 26 + 3, 52, 53]
    assert parse("TC,2s, ac") == [39 + 8, 0, 39 + 12]
    assert parse("♠10 ♥A") == [8, 25]
    assert parse("") == []
    with pytest.raises(ValueError):
        parse("1S")
    with pytest.raises(ValueError):
        parse("10X")


def test_card_text_roundtrip():
    kinds = list(range(54))
    assert parse(reference.cards_text(kinds)) == kinds
    assert reference.cards_text(parse("BJ 2S 10H")) == "2S 10H BJ"


# ------------------------------------------------------------------------------------------------
# §2 trump context and positions
# ------------------------------------------------------------------------------------------------

def test_positions_model_example_level10_hearts_constant2():
    t = trump("10", "H", constant_ranks=("2",))
    hearts = ["3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]
    for i, r in enumerate(hearts):
        assert t.position(P(r + "H")[0]) == i
    assert t.position(P("AH")[0]) == 10  # ♥3..♥A are 0..10 (11 ranks: no 2, no 10)
    for c in ("2S", "2D", "2C"):
        assert t.position(P(c)[0]) == 11
    assert t.position(P("2H")[0]) == 12
    for c in ("10S", "10D", "10C"):
        assert t.position(P(c)[0]) == 13
    assert t.position(P("10H")[0]) == 14
    assert t.position(52) == 15 and t.position(53) == 16
    # plain suits run 3..A skipping 10
    assert t.position(P("3S")[0]) == 0 and t.position(P("JS")[0]) == 7
    assert t.position(P("AC")[0]) == 10
    assert t.effective_suit(P("2S")[0]) == "T"
    assert t.effective_suit(P("3S")[0]) == "S"
    assert t.is_trump(P("2C")[0]) and t.is_trump(P("10D")[0]) and t.is_trump(P("5H")[0])
    assert not t.is_trump(P("AD")[0])


def test_model_example_positions_literal_numbers():
    # MODEL.md §2 example: ♥3…♥A (without ♥10) 0-10, off-suit 2s 11, ♥2 12, off 10s 13, ♥10 14, SJ 15,
    # BJ 16.
    t = trump("10", "H", constant_ranks=("2",))
    order = P("3H 4H 5H 6H 7H 8H 9H JH QH KH AH 2S 2H 10S 10H SJ BJ")
    assert [t.position(k) for k in order] == list(range(17))


def test_trump_order_level10_hearts():
    t = trump("10", "H")
    # BJ > SJ > ♥10 > (♠10 = ♦10 = ♣10) > ♥A > ♥K > … > ♥2
    seq = P("2H 3H 4H 5H 6H 7H 8H 9H JH QH KH AH 10S 10H SJ BJ")
    assert [t.position(k) for k in seq] == list(range(16))
    assert t.position(P("10D")[0]) == t.position(P("10C")[0]) == t.position(P("10S")[0])
    # off-suit order A > K > ... > 2 skipping 10
    assert t.position(P("AS")[0]) == 11 and t.position(P("JS")[0]) == 8
    assert t.position(P("9S")[0]) == 7


def test_no_trump_positions():
    t = trump("5", None)
    for c in ("5S", "5H", "5D", "5C"):
        assert t.position(P(c)[0]) == 0
        assert t.effective_suit(P(c)[0]) == "T"
    assert t.position(52) == 1 and t.position(53) == 2
    assert t.effective_suit(P("AH")[0]) == "H"
    assert not t.is_trump(P("AH")[0])


def test_no_trump_with_constants():
    t = trump("7", None, constant_ranks=("2", "3", "5"))
    assert t.position(P("2S")[0]) == t.position(P("2H")[0]) == 0
    assert t.position(P("3D")[0]) == 1
    assert t.position(P("5C")[0]) == 2
    assert t.position(P("7H")[0]) == 3
    assert t.position(52) == 4 and t.position(53) == 5


def test_constant_ranks_235():
    t = trump("7", "H", constant_ranks=("2", "3", "5"))
    order = P("4H 6H 8H 9H 10H JH QH KH AH 2S 2H 3C 3H 5D 5H 7S 7H SJ BJ")
    assert [t.position(k) for k in order] == list(range(19))
    assert t.position(P("3S")[0]) == t.position(P("3D")[0]) == t.position(P("3C")[0])
    # plain suits skip 2, 3, 5 and the level 7
    assert [t.position(k) for k in P("4S 6S 8S AS")] == [0, 1, 2, 8]
    assert t.is_tractor(P("4S 4S 6S 6S"))  # adjacency skips 5
    assert t.is_tractor(P("2H 2H 3S 3S"))  # ♥2 then off-suit 3s
    assert t.is_tractor(P("AH AH 2C 2C"))
    assert not t.is_tractor(P("2S 2S 3H 3H"))  # off 2 (9) and ♥3 (12)


def test_constant_rank_equal_to_level_is_just_the_level():
    a = trump("2", "S", constant_ranks=("2",))
    b = trump("2", "S")
    assert [a.position(k) for k in range(54)] == [b.position(k) for k in range(54)]
    assert [a.effective_suit(k) for k in range(54)] == [b.effective_suit(k) for k in range(54)]
    c = trump("2", "S", constant_ranks=("2", "3"))
    assert c.position(P("3H")[0]) == c.position(P("3D")[0]) != c.position(P("3S")[0])
    assert c.position(P("2H")[0]) > c.position(P("3S")[0])


# ------------------------------------------------------------------------------------------------
# §2/§3 tractor examples of docs/RULES.md
# ------------------------------------------------------------------------------------------------

LEVEL10_TRACTORS = ["KS KS QS QS", "JS JS 9S 9S", "5S 5S 4S 4S 3S 3S", "SJ SJ 10H 10H",
                    "10H 10H 10S 10S", "10S 10S AH AH", "10H 10H 10S 10S AH AH"]
LEVEL10_NOT = ["5S 5S 4S", "5S 4S 4S", "5S 5S 3S 3S", "JS JS QS", "10S 10S 10D 10D",
               "JH JH 10H 10H", "AS AS 2S 2S", "JS JS 10S 10S"]


@pytest.mark.parametrize("text", LEVEL10_TRACTORS)
def test_level10_tractors(text):
    t = trump("10", "H")
    assert t.is_tractor(P(text))
    units = t.units(P(text))
    assert len(units) == 1 and units[0][0] == "tractor" and units[0][1] == 2


@pytest.mark.parametrize("text", LEVEL10_NOT)
def test_level10_not_tractors(text):
    assert not trump("10", "H").is_tractor(P(text))


TITANICS_L5 = [("3S 3S 3S 4S 4S 4S", "H"), ("4S 4S 4S 6S 6S 6S", "H"),
               ("5S 5S 5S 5H 5H 5H", "H"), ("BJ BJ BJ SJ SJ SJ", "H"),
               ("AH AH AH 5S 5S 5S", "H"), ("5H 5H 5H SJ SJ SJ", "H")]


@pytest.mark.parametrize("text,suit", TITANICS_L5)
def test_level5_titanics_three_decks(text, suit):
    t = trump("5", suit, decks=3)
    assert t.is_tractor(P(text))
    assert t.units(P(text))[0][:3] == ("tractor", 3, 2)


def test_level5_not_titanics():
    assert not trump("5", "S", decks=3).is_tractor(P("5S 5S 5S 6S 6S 6S"))
    assert not trump("5", "H", decks=3).is_tractor(P("5S 5S 5S 6S 6S 6S"))  # mixed suits
    t = trump("5", None, decks=3)
    assert not t.is_tractor(P("5S 5S 5S 5H 5H 5H"))
    assert [u[0] for u in t.units(P("5S 5S 5S 5H 5H 5H"))] == ["triple", "triple"]


@pytest.mark.parametrize("text", ["3S 3S 4S 4S", "4S 4S 6S 6S", "5S 5S 5H 5H", "BJ BJ SJ SJ",
                                  "AH AH 5S 5S", "5H 5H SJ SJ"])
def test_level5_two_deck_tractors(text):
    assert trump("5", "H").is_tractor(P(text))


def test_level5_two_deck_not_tractors():
    assert not trump("5", "S").is_tractor(P("5S 5S 6S 6S"))
    assert not trump("5", None).is_tractor(P("5S 5S 5H 5H"))
    assert trump("5", None).is_tractor(P("5S 5S SJ SJ"))  # a level pair and an SJ pair
    assert trump("5", None).is_tractor(P("5D 5D SJ SJ BJ BJ"))


def test_is_tractor_on_bad_input_is_false():
    t = trump("10", "H")
    assert not t.is_tractor([])
    assert not t.is_tractor(P("JS JS 10S 10S AH AH"))  # mixed: JS plain, 10S trump


# ------------------------------------------------------------------------------------------------
# §2 level-index order (trump_order="level_index", the 4-deck post's 级别指数), reference and core
# ------------------------------------------------------------------------------------------------

def li(level="3", suit="D", rules=None, **replace):
    """(reference, core) under the 4deck preset (constant rank 2, trump_order="level_index") or `rules`,
    with the given options replaced."""
    rules = rules or Rules.preset("4deck")
    if replace:
        rules = rules.replace(**replace)
    return RefTrump(rules, level, suit), Trump(rules, level, suit)


def both(pair, method, *texts):
    """`method` of the reference on the parsed `texts`, after checking that the core answers the same.
    trick_winner takes the plays, check_throw the lead and the other hands, the others their arguments."""
    ref, core = pair
    args = [P(t) for t in texts]
    if method == "trick_winner":
        want = ref.trick_winner(args)
        got = core.trick_winner([Cards(a) for a in args])
    elif method == "check_throw":
        want = ref.check_throw(args[0], args[1:])
        r = core.check_throw(Cards(args[0]), [Cards(a) for a in args[1:]])
        got = (r.ok, r.played.indices())
    else:
        want = getattr(ref, method)(*args)
        got = getattr(core, method)(*[Cards(a) for a in args])
        if method == "units":
            got = [(u.kind, u.width, u.length, u.cards.indices()) for u in got]
    assert got == want, (method, texts, got, want)
    return want


# The post, at level 3 with trump ♦: 主牌两连拖大小顺序：王连拖＞主级别指数连拖＞副级别指数连拖＞主牌拖拉机,
# 大小王＞方块2233＞黑桃2233＞红桃2233＞梅花2233＞方块aakk (lowest last).
LI_TRACTORS = ["SJ SJ BJ BJ", "2D 2D 3D 3D", "2S 2S 3S 3S", "2H 2H 3H 3H", "2C 2C 3C 3C", "KD KD AD AD"]


def test_level_index_is_the_4deck_preset_order():
    assert Rules.preset("4deck").trump_order == "level_index"
    assert Rules.preset("4deck").constant_ranks == ("2",)
    assert Rules().trump_order == "qq" and RefRules().trump_order == "qq"


def test_level_index_positions_model_example():
    # MODEL.md §2: ♦4 … ♦A 0–10, gap 11, ♣2 12, ♣3 13, gap 14, ♥2 15, ♥3 16, gap 17, ♠2 18, ♠3 19, gap 20,
    # ♦2 21, ♦3 22, SJ 23, BJ 24
    ref, core = li()
    expected = {k: i for i, k in enumerate(P("4D 5D 6D 7D 8D 9D 10D JD QD KD AD"))}
    expected.update(zip(P("2C 3C 2H 3H 2S 3S 2D 3D SJ BJ"), [12, 13, 15, 16, 18, 19, 21, 22, 23, 24], strict=True))
    trumps = [k for k in range(54) if ref.is_trump(k)]
    assert sorted(trumps) == sorted(expected)
    assert [core.is_trump(k) for k in range(54)] == [ref.is_trump(k) for k in range(54)]
    for k in trumps:
        assert ref.effective_suit(k) == core.effective_suit(k) == "T"
        assert ref.position(k) == core.position(k) == expected[k], reference.card_text(k)
    # nothing sits at the gaps
    assert not {11, 14, 17, 20} & {ref.position(k) for k in trumps}
    # plain suits are as in the QQ order: ♠4 … ♠A 0–10
    qq = RefTrump(Rules.preset("4deck").replace(trump_order="qq"), "3", "D")
    for k in range(54):
        if not ref.is_trump(k):
            assert ref.position(k) == core.position(k) == qq.position(k)
            assert ref.effective_suit(k) == core.effective_suit(k) == qq.effective_suit(k)


def test_level_index_post_tractor_order():
    pair = li()
    for text in LI_TRACTORS:
        assert both(pair, "is_tractor", text), text
        assert both(pair, "units", text) == [("tractor", 2, 2, S(text))]
    # each tractor of the list beats every one after it, whichever is led
    for i, high in enumerate(LI_TRACTORS):
        for low in LI_TRACTORS[i + 1:]:
            assert both(pair, "trick_winner", low, high) == 1, (low, high)
            assert both(pair, "trick_winner", high, low) == 0, (high, low)
    # and over a plain two-pair tractor, the highest trump tractor wins
    assert both(pair, "trick_winner", "4S 4S 5S 5S", "KD KD AD AD", "2C 2C 3C 3C", "2H 2H 3H 3H") == 3


def test_level_index_gaps_break_tractors():
    pair = li()
    for text in ["3C 3C 2H 2H", "AD AD 2C 2C", "3S 3S 2D 2D", "3H 3H 2S 2S", "2C 2C 2H 2H", "2S 2S 2D 2D"]:
        assert not both(pair, "is_tractor", text), text
        assert [u[0] for u in both(pair, "units", text)] == ["pair", "pair"], text
    # the trump suit's block joins the jokers, as in the QQ order
    for text in ["3D 3D SJ SJ", "2D 2D 3D 3D SJ SJ", "2D 2D 3D 3D SJ SJ BJ BJ"]:
        assert both(pair, "is_tractor", text), text
    assert both(pair, "units", "2D 2D 3D 3D SJ SJ BJ BJ") == [("tractor", 2, 4, S("2D 2D 3D 3D SJ SJ BJ BJ"))]
    # three copies: a Titanic inside a block, not across a gap
    assert both(pair, "units", "2S 2S 2S 3S 3S 3S") == [("tractor", 3, 2, S("2S 2S 2S 3S 3S 3S"))]
    assert [u[:3] for u in both(pair, "units", "3H 3H 3H 2S 2S 2S")] == [("triple", 3, 1), ("triple", 3, 1)]
    # a long run across the blocks splits into the block tractors (higher top first at equal size)
    assert [u[:3] for u in both(pair, "units", "2C 2C 3C 3C 2H 2H 3H 3H AD AD")] == [
        ("tractor", 2, 2), ("tractor", 2, 2), ("pair", 2, 1)]
    assert both(pair, "units", "2C 2C 3C 3C 2H 2H 3H 3H")[0][3] == S("2H 2H 3H 3H")


def test_level_index_singles_and_pairs_by_suit_order():
    pair = li()
    # one order for every shape: ♠3 beats ♥3, ♠2 beats ♥3, the trump-suit ♦2 beats ♠3; ♥2 beats ♦A
    assert both(pair, "trick_winner", "3H", "3S") == 1
    assert both(pair, "trick_winner", "3S", "3H") == 0
    assert both(pair, "trick_winner", "3H", "2S") == 1
    assert both(pair, "trick_winner", "3S", "2D") == 1
    assert both(pair, "trick_winner", "AD", "2C") == 1
    assert both(pair, "trick_winner", "3C 3C", "2H 2H", "2S 2S", "3D 3D", "SJ SJ") == 4
    assert both(pair, "trick_winner", "3C 3C", "2H 2H", "3S 3S", "2D 2D") == 3
    # QQ: off-suit level cards are equal, the earlier keeps the trick; ♦2 (12) < off-suit 3s (13)
    qq = li(trump_order="qq")
    assert both(qq, "trick_winner", "3H", "3S") == 0
    assert both(qq, "trick_winner", "3S", "2D") == 0
    assert both(qq, "trick_winner", "2D", "3S") == 1


def test_level_index_no_trump():
    # the four blocks by suit rank ♦ < ♣ < ♥ < ♠, each followed by a gap, then SJ, BJ
    ref, core = pair = li(suit=None)
    expected = dict(zip(P("2D 3D 2C 3C 2H 3H 2S 3S SJ BJ"), [0, 1, 3, 4, 6, 7, 9, 10, 12, 13], strict=True))
    assert sorted(k for k in range(54) if ref.is_trump(k)) == sorted(expected)
    for k, p in expected.items():
        assert ref.position(k) == core.position(k) == p, reference.card_text(k)
    for text in ["2D 2D 3D 3D", "2S 2S 3S 3S", "SJ SJ BJ BJ"]:
        assert both(pair, "is_tractor", text), text
    # a gap before the jokers: no level pair + SJ pair tractor at no trump (the QQ order has one)
    for text in ["3S 3S SJ SJ", "3D 3D SJ SJ", "3C 3C 2H 2H", "3D 3D 2C 2C"]:
        assert not both(pair, "is_tractor", text), text
    qq = li(suit=None, trump_order="qq")
    assert both(qq, "is_tractor", "3S 3S SJ SJ") and both(qq, "is_tractor", "3C 3C 2H 2H")


def test_level_index_blocks_constants_then_level():
    # a block is its suit's constant cards in ascending rank order, then its level card: at level 4 with
    # constants 2, 3, 5 the ♠ block is ♠2 ♠3 ♠5 ♠4
    rules = Rules(decks=2, constant_ranks=("2", "3", "5"), trump_order="level_index")
    pair = li("4", "H", rules=rules)
    assert both(pair, "is_tractor", "2S 2S 3S 3S 5S 5S 4S 4S")
    assert both(pair, "is_tractor", "3S 3S 5S 5S")
    assert both(pair, "is_tractor", "5S 5S 4S 4S")
    assert not both(pair, "is_tractor", "3S 3S 4S 4S")
    # the ♥ (trump) block sits above ♠ and joins SJ through the level card; ♥A … gap … ♦ block
    assert both(pair, "is_tractor", "5H 5H 4H 4H SJ SJ")
    assert not both(pair, "is_tractor", "AH AH 2D 2D")
    assert not both(pair, "is_tractor", "4S 4S 2H 2H")
    # the constant rank that is the level is just the level: at level 2 each block is one level card
    pair = li("2", "H", rules=rules)
    assert both(pair, "is_tractor", "3S 3S 5S 5S 2S 2S")
    assert not both(pair, "is_tractor", "2S 2S 3H 3H")


def test_level_index_follow_throw_kitty():
    pair = li()
    lead = "2S 2S 3S 3S"
    # a block tractor in the hand must answer a tractor lead (4deck ladder)
    hand = "2H 2H 3H 3H 5D 6D"
    assert both(pair, "is_legal_follow", hand, lead, "2H 2H 3H 3H")
    assert not both(pair, "is_legal_follow", hand, lead, "2H 2H 5D 6D")
    # pairs on both sides of a gap are two pairs, not a tractor
    hand = "3C 3C 2H 2H 5D 6D"
    assert both(pair, "is_legal_follow", hand, lead, "3C 3C 2H 2H")
    assert not both(pair, "is_legal_follow", hand, lead, "3C 3C 5D 6D")
    ref, core = pair
    assert ref.legal_follows(P(hand), P(lead)) == {S("3C 3C 2H 2H")}
    assert {cs.indices() for cs in core.legal_follows(Cards(P(hand)), Cards(P(lead)))} == {S("3C 3C 2H 2H")}
    # throws: a block tractor is beaten only by a higher block (or joker) tractor, not by pairs across a gap
    throw = "2S 2S 3S 3S SJ"
    for others in (["2H 2H 3H 3H"], ["3C 3C 2H 2H", "AD AD 2C 2C"], ["3S 3S 2D 2D"]):
        assert both(pair, "check_throw", throw, *others) == (True, S(throw)), others
    for others in (["2D 2D 3D 3D"], ["3D 3D SJ SJ"]):
        assert both(pair, "check_throw", throw, *others) == (False, S("2S 2S 3S 3S")), others
    # kitty multiplier reads the tractor
    bianfeng = li(kitty_multiplier="bianfeng")
    assert both(bianfeng, "kitty_multiplier", "2S 2S 3S 3S") == 8
    assert both(bianfeng, "kitty_multiplier", "3C 3C 2H 2H") == 4


def test_level_index_qq_unchanged():
    # trump_order="qq": the same rules give the QQ positions and tractors
    ref, core = pair = li(trump_order="qq")
    default = RefTrump(RefRules(decks=4, constant_ranks=("2",), follow_ladder="4deck"), "3", "D")
    assert [ref.position(k) for k in range(54)] == [core.position(k) for k in range(54)] == \
        [default.position(k) for k in range(54)]
    assert ref.position(P("2S")[0]) == ref.position(P("2H")[0]) == ref.position(P("2C")[0]) == 11
    for text in ["2S 2S 2D 2D", "AD AD 2C 2C", "2D 2D 3S 3S", "3S 3S 3D 3D SJ SJ"]:
        assert both(pair, "is_tractor", text), text
    for text in ["2S 2S 3S 3S", "2D 2D 3D 3D", "2H 2H 3H 3H"]:
        assert not both(pair, "is_tractor", text), text


def test_level_index_bad_options():
    with pytest.raises(ValueError):
        RefTrump(RefRules(trump_order="bogus"), "3", "D")
    with pytest.raises(ValueError):
        RefTrump(RefRules(trump_order="level_index", constant_ranks=("2", "3", "5", "6")), "3", "D")
    with pytest.raises(ValueError):
        Rules(constant_ranks=("2", "3", "5", "6"), trump_order="level_index")
    # at most three: fine, in both
    pair = li("7", "S", rules=Rules(decks=2, constant_ranks=("2", "3", "5"), trump_order="level_index"))
    assert both(pair, "is_tractor", "2H 2H 3H 3H 5H 5H 7H 7H")


# ------------------------------------------------------------------------------------------------
# §3 decomposition
# ------------------------------------------------------------------------------------------------

def test_units_greedy_order_throw_example():
    t = trump("10", "H")
    assert t.units(P("9S 8S 8S 4S 4S")) == [("pair", 2, 1, S("8S 8S")), ("pair", 2, 1, S("4S 4S")),
                                            ("single", 1, 1, S("9S"))]


def test_units_most_cards_first():
    t = trump("10", "H", decks=3)
    units = t.units(P("3S 3S 3S 4S 4S 4S 5S 5S 6S 6S"))
    assert units[0] == ("tractor", 2, 4, S("3S 3S 4S 4S 5S 5S 6S 6S"))
    assert sorted(u[:3] for u in units[1:]) == [("single", 1, 1), ("single", 1, 1)]
    # equal size: Titanic (3,2) before pair tractor (2,3) under both ladders
    for ladder in ("qq", "4deck"):
        t = trump("10", "H", decks=3, follow_ladder=ladder)
        units = t.units(P("3S 3S 3S 4S 4S 4S 5S 5S"))
        assert units == [("tractor", 3, 2, S("3S 3S 3S 4S 4S 4S")), ("pair", 2, 1, S("5S 5S"))]


def test_units_ladder_key_tie_quad_vs_tractor():
    cards = P(rep("5S", 4) + " 6S 6S")
    qq = trump("2", "H", decks=4).units(cards)
    assert qq == [("tractor", 2, 2, S("5S 5S 6S 6S")), ("pair", 2, 1, S("5S 5S"))]
    fd = trump("2", "H", decks=4, follow_ladder="4deck").units(cards)
    assert fd == [("quad", 4, 1, S("5S 5S 5S 5S")), ("pair", 2, 1, S("6S 6S"))]


def test_units_shared_position_lowest_kind_first():
    t = trump("10", "H")
    assert t.units(P("10C 10D 10D 10S 10S")) == [
        ("pair", 2, 1, S("10S 10S")), ("pair", 2, 1, S("10D 10D")), ("single", 1, 1, S("10C"))]
    # a tractor through a shared position takes the lowest kind held often enough
    assert t.units(P("10D 10D 10C 10C AH AH")) == [
        ("tractor", 2, 2, S("10D 10D AH AH")), ("pair", 2, 1, S("10C 10C"))]


def test_units_higher_top_first_and_names():
    t = trump("2", "H", decks=4)
    units = t.units(P("3S 3S 3S 9S 9S 9S KS KS KS KS"))
    assert [u[0] for u in units] == ["quad", "triple", "triple"]
    assert units[1][3] == S("9S 9S 9S")


def test_units_errors():
    t = trump("10", "H")
    with pytest.raises(ValueError):
        t.units([])
    with pytest.raises(ValueError):
        t.units(P("AS AH"))
    with pytest.raises(ValueError):
        t.units([54])


# ------------------------------------------------------------------------------------------------
# §4 following
# ------------------------------------------------------------------------------------------------

def legal(t, hand, lead, play):
    return t.is_legal_follow(P(hand), P(lead), P(play))


def test_follow_suit_rule():
    t = trump("2", "H")
    hand = "3S 7S 9S AD KC"
    assert legal(t, hand, "5S 6S", "3S 7S")
    assert not legal(t, hand, "5S 6S", "3S AD")
    hand = "3S AD KC 4H"
    assert legal(t, hand, "5S 6S", "3S KC")
    assert legal(t, hand, "5S 6S", "3S 4H")
    assert not legal(t, hand, "5S 6S", "AD KC")
    # trump lead: off-suit level cards and jokers are of the led suit
    hand = "2S SJ 3D 4C"
    assert legal(t, hand, "5H 6H", "2S SJ")
    assert not legal(t, hand, "5H 6H", "2S 3D")


def test_follow_pair_lead():
    t = trump("2", "H")
    hand = "3S 7S 7S 8S 8S 9S"
    assert legal(t, hand, "KS KS", "7S 7S")
    assert legal(t, hand, "KS KS", "8S 8S")  # a pair inside a tractor counts
    assert not legal(t, hand, "KS KS", "3S 9S")
    assert not legal(t, hand, "KS KS", "7S 8S")
    assert legal(t, "3S 7S 9S", "KS KS", "3S 9S")


def test_follow_tractor_lead_two_decks():
    t = trump("2", "H")
    lead = "JS JS QS QS"
    hand = "3S 3S 4S 4S 9S 9S KS"
    assert legal(t, hand, lead, "3S 3S 4S 4S")
    assert not legal(t, hand, lead, "3S 3S 9S 9S")
    hand = "3S 3S 6S 6S 9S 9S KS"
    assert legal(t, hand, lead, "3S 3S 9S 9S")
    assert not legal(t, hand, lead, "3S 3S 9S KS")
    hand = "3S 3S 6S 9S KS"
    assert legal(t, hand, lead, "3S 3S 6S KS")
    assert not legal(t, hand, lead, "3S 6S 9S KS")


def test_follow_three_pair_tractor_ladder():
    t = trump("2", "H")
    lead = "9S 9S 10S 10S JS JS"
    # itself > pair tractor + pair > three pairs > two pairs > pair
    hand = "3S 3S 4S 4S 7S 7S KS AS"
    assert legal(t, hand, lead, "3S 3S 4S 4S 7S 7S")
    assert not legal(t, hand, lead, "3S 3S 4S 4S KS AS")
    assert not legal(t, hand, lead, "3S 3S 7S 7S KS AS")
    hand = "3S 3S 5S 5S 7S 7S KS AS"
    assert legal(t, hand, lead, "3S 3S 5S 5S 7S 7S")
    assert not legal(t, hand, lead, "3S 3S 5S 5S KS AS")
    hand = "3S 3S 4S 4S 5S 5S 7S"
    assert legal(t, hand, lead, "3S 3S 4S 4S 5S 5S")


def test_follow_triple_lead_three_decks():
    t = trump("2", "H", decks=3)
    lead = "8S 8S 8S"
    assert legal(t, "3S 3S 3S 9S 9S 5S", lead, "3S 3S 3S")
    assert not legal(t, "3S 3S 3S 9S 9S 5S", lead, "9S 9S 5S")
    assert legal(t, "9S 9S 5S 7S", lead, "9S 9S 7S")
    assert not legal(t, "9S 9S 5S 7S", lead, "9S 5S 7S")
    assert legal(t, "9S 4S 5S 7S", lead, "4S 5S 7S")


TITANIC_LEAD = "3S 3S 3S 4S 4S 4S"


def test_follow_titanic_qq_ladder():
    t = trump("2", "H", decks=3)
    # Titanic first
    hand = "9S 9S 9S 10S 10S 10S 5S 5S"
    assert legal(t, hand, TITANIC_LEAD, "9S 9S 9S 10S 10S 10S")
    assert not legal(t, hand, TITANIC_LEAD, "9S 9S 9S 10S 5S 5S")
    # pair tractor + any two beats two triples
    hand = "9S 9S 10S 10S QS QS QS AS AS AS 6S"
    assert legal(t, hand, TITANIC_LEAD, "9S 9S 10S 10S 6S AS")
    assert legal(t, hand, TITANIC_LEAD, "9S 9S 10S 10S QS QS")
    assert not legal(t, hand, TITANIC_LEAD, "QS QS QS AS AS AS")
    # two triples beat triple + pair
    hand = "6S 6S 6S 9S 9S 9S JS JS KS"
    assert legal(t, hand, TITANIC_LEAD, "6S 6S 6S 9S 9S 9S")
    assert not legal(t, hand, TITANIC_LEAD, "6S 6S 6S JS JS KS")
    # triple + pair + single beats triple + three singles and two pairs
    hand = "6S 6S 6S 9S 9S JS JS KS"
    assert legal(t, hand, TITANIC_LEAD, "6S 6S 6S 9S 9S KS")
    assert not legal(t, hand, TITANIC_LEAD, "6S 6S 6S 9S JS KS")
    assert not legal(t, hand, TITANIC_LEAD, "9S 9S JS JS 6S KS")
    # triple + three singles beats two pairs
    hand = "6S 6S 6S 8S 10S QS KS"
    assert legal(t, hand, TITANIC_LEAD, "6S 6S 6S 8S 10S QS")
    assert not legal(t, hand, TITANIC_LEAD, "6S 6S 8S 10S QS KS")
    # two pairs + two singles beats pair + four singles
    hand = "6S 6S 9S 9S JS KS AS"
    assert legal(t, hand, TITANIC_LEAD, "6S 6S 9S 9S JS KS")
    assert not legal(t, hand, TITANIC_LEAD, "6S 6S 9S JS KS AS")
    # pair + four singles beats six singles
    hand = "6S 6S 8S 10S QS KS AS"
    assert legal(t, hand, TITANIC_LEAD, "6S 6S 8S 10S QS KS")
    assert not legal(t, hand, TITANIC_LEAD, "6S 8S 10S QS KS AS")


def test_follow_titanic_ladder_qq_vs_4deck():
    # 4deck ladder: triple (+ pair) ranks above any width-2 piece, qq ladder: a tractor comes first
    hand = "6S 6S 7S 7S 8S 8S QS QS QS AS"
    lead = "3S 3S 3S 4S 4S 4S"
    qq = trump("10", "H", decks=4)
    fd = trump("10", "H", decks=4, follow_ladder="4deck")
    tractor_play, triple_play = "6S 6S 7S 7S 8S 8S", "QS QS QS 6S 6S AS"
    assert legal(qq, hand, lead, tractor_play)
    assert not legal(qq, hand, lead, triple_play)
    assert legal(fd, hand, lead, triple_play)
    assert not legal(fd, hand, lead, tractor_play)
    assert not legal(fd, hand, lead, "QS QS QS 6S 7S 8S")  # triple + pair is possible


def test_follow_4deck_quad_ladder():
    lead = rep("9S", 4)
    qq = trump("2", "H", decks=4)
    fd = trump("2", "H", decks=4, follow_ladder="4deck")
    # quad > triple > pair tractor > two pairs > pair
    hand = "3S 3S 3S 3S 5S 5S 5S 6S 6S 7S 7S"
    for t in (qq, fd):
        assert legal(t, hand, lead, rep("3S", 4))
        assert not legal(t, hand, lead, "5S 5S 5S 6S")
    hand = "5S 5S 5S 6S 6S 7S 7S"
    for t in (qq, fd):
        assert legal(t, hand, lead, "5S 5S 5S 7S")
        assert not legal(t, hand, lead, "6S 6S 7S 7S")
    hand = "3S 3S 6S 6S 7S 7S KS"
    assert legal(fd, hand, lead, "6S 6S 7S 7S")
    assert not legal(fd, hand, lead, "3S 3S 6S 6S")
    assert legal(qq, hand, lead, "3S 3S 6S 6S")  # qq: a quad only asks for one tuple
    assert legal(qq, hand, lead, "3S 3S 6S KS")
    assert not legal(qq, hand, lead, "3S 6S 7S KS")
    hand = "3S 3S 6S 6S JS JS KS"
    assert legal(fd, hand, lead, "3S 3S JS JS")
    assert not legal(fd, hand, lead, "3S 3S 6S KS")
    assert legal(qq, hand, lead, "3S 3S 6S KS")


def test_follow_4deck_two_pair_tractor_ladder():
    lead = "9S 9S 10S 10S"
    fd = trump("2", "H", decks=4, follow_ladder="4deck")
    assert legal(fd, "3S 3S 3S 3S KS AS", lead, "3S 3S 3S 3S")
    # four copies of one kind hold two disjoint pairs: two pairs are required
    assert not legal(fd, "3S 3S 3S 3S KS AS", lead, "3S 3S KS AS")
    assert legal(fd, "3S 3S 3S 6S KS AS", lead, "3S 3S KS AS")
    assert legal(fd, "3S 3S 6S 6S KS AS", lead, "3S 3S 6S 6S")
    assert not legal(fd, "3S 3S 6S 6S KS AS", lead, "3S 3S KS AS")


def test_follow_protection():
    lead = "5S 5S"
    hand = "9S 9S 9S 2S 3S"
    t = trump("10", "H", decks=3)
    assert legal(t, hand, lead, "9S 9S")
    assert not legal(t, hand, lead, "2S 3S")
    p = trump("10", "H", decks=3, follow_protection="longer_tuples")
    assert legal(p, hand, lead, "2S 3S")
    assert legal(p, hand, lead, "9S 9S")  # the play itself may break the triple
    assert legal(p, hand, lead, "9S 2S")
    # a real pair is still required under protection
    hand = "9S 9S 9S 4S 4S 2S"
    assert legal(p, hand, lead, "9S 9S")
    assert legal(p, hand, lead, "4S 4S")
    assert not legal(p, hand, lead, "2S 9S")
    # 4 decks: a quad cannot serve a triple under protection
    lead = "5S 5S 5S"
    hand = "9S 9S 9S 9S 2S 3S 4S"
    assert not legal(trump("10", "H", decks=4), hand, lead, "2S 3S 4S")
    assert legal(trump("10", "H", decks=4, follow_protection="longer_tuples"), hand, lead,
                 "2S 3S 4S")


def test_follow_taian_trump_follow():
    opts = dict(constant_ranks=("2", "3", "5"))
    plain = trump("7", "H", **opts)
    taian = trump("7", "H", taian_trump_follow=True, **opts)
    lead = "9H 9H"
    hand = "4H KH SJ 7S 3D AS"
    assert legal(plain, hand, lead, "4H KH")
    assert not legal(taian, hand, lead, "4H KH")
    assert not legal(taian, hand, lead, "SJ 4H")
    assert legal(taian, hand, lead, "SJ 7S")
    # cards sharing a position are interchangeable
    hand = "BJ 7S 7D 4H AC"
    assert legal(taian, hand, lead, "BJ 7S")
    assert legal(taian, hand, lead, "BJ 7D")
    assert not legal(taian, hand, lead, "7S 7D")
    # not applied when the hand can meet a pair, for a single lead, or when short of trumps
    hand = "4H 4H KH SJ"
    assert legal(taian, hand, lead, "4H 4H")
    assert not legal(taian, hand, lead, "KH SJ")
    assert legal(taian, "4H KH SJ", "9H", "4H")
    assert legal(taian, "4H AS KD", "9H 9H", "4H AS")
    # not applied to a plain-suit lead
    assert legal(taian, "4S KS AS", "9S 9S", "4S KS")
    assert taian.legal_follows(P("4H KH SJ 7S 3D AS"), P(lead)) == {S("SJ 7S")}


def test_legal_follows_lists():
    t = trump("10", "H")
    assert t.legal_follows(P("3S 3S 5S 7S 9H"), P("9S 9S")) == {S("3S 3S")}
    assert t.legal_follows(P("3S 9H 5D"), P("9S 9S")) == {S("3S 9H"), S("3S 5D")}
    assert t.legal_follows(P("3S 4S 9H"), P("9S 9S")) == {S("3S 4S")}
    assert t.legal_follows(P("3S 5S 7S"), P("9S 9S")) == {S("3S 5S"), S("3S 7S"), S("5S 7S")}
    got = t.legal_follows(P("3S 4S 4S 9H"), P("KS"))
    assert got == {S("3S"), S("4S")}
    assert len(t.legal_follows(P("3S 5S 7S"), P("9S 9S"), limit=2)) == 2


def test_legal_follows_agrees_with_is_legal_follow():
    rng = random.Random(7)
    t = trump("2", "H", decks=2)
    deck = [k for k in range(54) for _ in range(2)]
    for _ in range(40):
        rng.shuffle(deck)
        hand = deck[:8]
        suit = rng.choice("SDC")
        pool = sorted((k for k in deck[8:] if t.effective_suit(k) == suit), key=t.position)
        n = rng.randint(1, 4)
        start = rng.randrange(len(pool) - n)
        lead = pool[start:start + n]
        listed = t.legal_follows(hand, lead)
        every = {tuple(sorted(c)) for c in itertools.combinations(hand, len(lead))}
        for play in every:
            assert (play in listed) == t.is_legal_follow(hand, lead, play)
        assert listed, "some play is always legal"


def test_follow_errors():
    t = trump("10", "H")
    with pytest.raises(ValueError):
        legal(t, "3S 4S 5S", "9S 9S", "3S")
    with pytest.raises(ValueError):
        legal(t, "3S 4S 5S", "9S 9S", "3S 3S")
    with pytest.raises(ValueError):
        legal(t, "3S 4S 5S", "9S 9H", "3S 4S")
    with pytest.raises(ValueError):
        t.is_legal_follow(P("3S"), [], [])


# --- an independent brute-force check of §4.3 on small positions --------------------------------

def _naive_units(t, counts, suit):
    """Every unit in counts, as (shape, Counter of cards), by scanning all kind choices."""
    kinds = [k for k in range(54) if t.effective_suit(k) == suit]
    by_pos = {}
    for k in kinds:
        by_pos.setdefault(t.position(k), []).append(k)
    out = []
    for w in range(2, t.decks + 1):
        for start in by_pos:
            l = 1
            while all(p in by_pos for p in range(start, start + l)):
                for combo in itertools.product(*[by_pos[p] for p in range(start, start + l)]):
                    if all(counts[k] >= w for k in combo):
                        out.append(((w, l), Counter({k: w for k in combo})))
                l += 1
    return out


def _naive_packings(t, counts, suit):
    """Every multiset of shapes of disjoint units (width >= 2) in counts."""
    found = {()}
    seen = set()

    def rec(cnt, shapes):
        for shape, used in _naive_units(t, cnt, suit):
            nxt = tuple(sorted(shapes + (shape,)))
            rest = cnt - used
            state = (tuple(sorted(rest.items())), nxt)
            if state not in seen:
                seen.add(state)
                found.add(nxt)
                rec(rest, nxt)

    rec(counts, ())
    return found


def _naive_derivable(t, req, lead_shapes):
    """Can the pieces of req be assigned to lead units within the ladder's budgets?"""
    ladder = t.rules.follow_ladder

    def rec(i, budgets):
        if i == len(req):
            return True
        wi, li = req[i]
        cost = li if ladder == "qq" else wi * li
        for j, (w, _l) in enumerate(lead_shapes):
            if wi <= w and budgets[j] >= cost:
                b = list(budgets)
                b[j] -= cost
                if rec(i + 1, b):
                    return True
        return False

    return rec(0, [l if ladder == "qq" else w * l for w, l in lead_shapes])


def _naive_strength(t, x_counts, suit, lead_shapes):
    best = ()
    for packing in _naive_packings(t, x_counts, suit):
        for r in range(len(packing) + 1):
            for sub in itertools.combinations(packing, r):
                if _naive_derivable(t, sub, lead_shapes):
                    strength = tuple(sorted((t.unit_key(*s) for s in sub), reverse=True))
                    best = max(best, strength)
    return best


@pytest.mark.parametrize("decks,ladder", [(2, "qq"), (3, "qq"), (3, "4deck"), (4, "4deck"),
                                          (4, "qq")])
def test_follow_against_naive_brute_force(decks, ladder):
    rng = random.Random(decks * 10 + len(ladder))
    t = trump("5", "D", decks=decks, follow_ladder=ladder)
    suit = "S"
    kinds = [k for k in range(54) if t.effective_suit(k) == suit][:6]
    for _ in range(25):
        pool = [k for k in kinds for _ in range(decks)]
        rng.shuffle(pool)
        hand = pool[:rng.randint(4, 9)]
        lead = sorted(pool[len(hand):len(hand) + rng.randint(2, 6)], key=t.position)
        if len(lead) > len(hand):
            continue
        lead_shapes = [(u[1], u[2]) for u in t.units(lead)]
        need = _naive_strength(t, Counter(hand), suit, lead_shapes)
        for play in {tuple(sorted(c)) for c in itertools.combinations(hand, len(lead))}:
            got = _naive_strength(t, Counter(play), suit, lead_shapes)
            assert t.is_legal_follow(hand, lead, play) == (got >= need), (hand, lead, play)


# ------------------------------------------------------------------------------------------------
# §5 throws
# ------------------------------------------------------------------------------------------------

THROW = "9S 8S 8S 4S 4S"


def test_throw_seed_example():
    t = trump("10", "H")
    assert t.check_throw(P(THROW), [P("JS 3D"), P("2S")]) == (False, S("9S"))
    assert t.check_throw(P(THROW), [P("QS QS")]) == (False, S("4S 4S"))
    assert t.check_throw(P(THROW), [P("5S 5S AH")]) == (False, S("4S 4S"))
    assert t.check_throw(P(THROW), [P("2S 3S 3S 7S"), P("AH AH"), P("")]) == (True, S(THROW))


def test_throw_smallest_shape():
    t = trump("10", "H", failed_throw="smallest_shape")
    assert t.check_throw(P(THROW), [P("QS QS")]) == (False, S("9S"))
    assert t.check_throw(P(THROW), [P("5S 5S")]) == (False, S("4S 4S"))
    assert t.check_throw(P(THROW), [P("7S 7S"), P("3S")]) == (False, S("4S 4S"))
    assert t.check_throw(P(THROW), [P("5S 5S"), P("JS")]) == (False, S("9S"))
    lowest = trump("10", "H")
    assert lowest.check_throw(P(THROW), [P("5S 5S"), P("JS")]) == (False, S("4S 4S"))


def test_throw_card_inside_pair_beats_single():
    lowest = trump("10", "H")
    smallest = trump("10", "H", failed_throw="smallest_shape")
    assert lowest.check_throw(P(THROW), [P("JS JS")]) == (False, S("4S 4S"))
    assert smallest.check_throw(P(THROW), [P("JS JS")]) == (False, S("9S"))


def test_throw_single_unit_always_stands():
    t = trump("10", "H")
    assert t.check_throw(P("3S"), [P("AS")]) == (True, S("3S"))
    assert t.check_throw(P("3S 3S 4S 4S"), [P("AS AS KS KS")]) == (True, S("3S 3S 4S 4S"))


def test_throw_same_shape_and_same_suit_only():
    t = trump("2", "H")
    lead = "3S 3S 4S 4S AS"
    # 9S9S JSJS are not adjacent (10 between): the tractor is not beaten; nothing beats AS
    assert t.check_throw(P(lead), [P("9S 9S JS JS KS"), P("AH AH 2S 2S")]) == (True, S(lead))
    # a longer tractor holds a higher two-pair tractor
    assert t.check_throw(P(lead), [P("JS JS QS QS KS KS")]) == (False, S("3S 3S 4S 4S"))
    # trump throw: plain cards of others do not count, trumps do
    lead = "3H 3H KH"
    assert t.check_throw(P(lead), [P("AS AS KS")]) == (True, S(lead))
    assert t.check_throw(P(lead), [P("2D")]) == (False, S("KH"))


def test_throw_lowest_tie_breaks():
    # same bottom: fewer cards first
    t = trump("2", "H", decks=4)
    lead = rep("5S", 4) + " 6S 6S"  # qq: tractor 5566 + pair 55
    assert t.check_throw(P(lead), [P("7S 7S 8S 8S")]) == (False, S("5S 5S"))
    # same bottom, same size: lowest kind index (shared position)
    t = trump("10", "H")
    lead = "10D 10D 10S 10S"
    assert t.check_throw(P(lead), [P("SJ SJ")]) == (False, S("10S 10S"))


# ------------------------------------------------------------------------------------------------
# §6 trick winner
# ------------------------------------------------------------------------------------------------

def win(t, *plays):
    return t.trick_winner([P(p) for p in plays])


def test_trumping_seed_examples():
    t = trump("10", "H")
    # 99 88 7 2 beats AK 5544 but not AA 5544
    assert win(t, "AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H") == 1
    assert win(t, "AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H") == 0
    # 977 beats 544 and 884 over-trumps
    assert win(t, "5S 4S 4S", "9H 7H 7H") == 1
    assert win(t, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 2
    # 977 beats 567 and 884 does not over-trump
    assert win(t, "5S 6S 7S", "9H 7H 7H") == 1
    assert win(t, "5S 6S 7S", "9H 7H 7H", "8H 8H 4H") == 1


def test_trick_compare_largest_unit_default():
    t = trump("10", "H")
    assert win(t, "AS 3S 3S", "KS 4S 4S") == 1
    assert win(trump("10", "H", decks=4), "AS 3S 3S", "AS 3S 3S") == 0  # equal keeps the earlier
    assert win(t, "3S 3S 7S 7S", "9S 9S JS JS") == 1  # a tractor partitions into two pairs
    assert win(t, "KS KS 3S 3S", "AS AS 2S 2S") == 1


def test_trick_compare_all_units():
    t = trump("10", "H", trick_compare="all_units")
    assert win(t, "AS 3S 3S", "KS 4S 4S") == 0
    assert win(t, "KS KS 3S 3S", "AS AS 2S 2S") == 0
    assert win(t, "KS KS 3S 3S", "AS AS 4S 4S") == 1
    assert win(t, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 1
    assert win(t, "5S 4S 4S", "9H 7H 7H", "8H 8H JH") == 2


def test_trick_compare_highest_card():
    t = trump("10", "H", trick_compare="highest_card")
    assert win(t, "AS 3S 3S", "KS 4S 4S") == 0
    assert win(t, "KS KS 3S 3S", "AS AS 2S 2S") == 1
    assert win(t, "KS KS 3S 3S", "QS QS JS JS") == 0
    assert win(t, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 1
    # 8H 8H + off-suit level 10S: a pair and a single, highest card 10S above 9H
    assert win(t, "5S 4S 4S", "9H 7H 7H", "8H 8H 10S") == 2


def test_trick_contention_rules():
    t = trump("10", "H")
    # a plain suit that was not led never wins, however high
    assert win(t, "3S", "AD", "AC", "4S") == 3
    # trump lead: plain plays never win
    assert win(t, "3H", "AS", "2H", "4H") == 3
    # off-suit level cards are equal: the first played wins; the trump-suit level card is higher
    assert win(t, "AS", "10S", "10D") == 1
    assert win(t, "AS", "10S", "10D", "10H") == 3
    # mixed trump/plain play is a discard
    assert win(t, "3S 3S", "AH 5D") == 0
    # a trump play that does not match the lead's shapes is a discard
    assert win(t, "3S 3S", "AH KH") == 0
    assert win(t, "3S 3S", "2H 2H", "AH KH") == 1
    # jokers
    assert win(t, "AS AS", "SJ SJ", "BJ BJ") == 2
    assert win(t, "AS AS", "BJ BJ", "SJ SJ") == 1


def test_trick_profile_order_follows_ladder():
    lead = rep("3S", 4) + " 8S 8S 9S 9S"
    follow = rep("5S", 4) + " 6S 6S 7S 7S"
    qq = trump("2", "H", decks=4)
    fd = trump("2", "H", decks=4, follow_ladder="4deck")
    assert qq.trick_winner([P(lead), P(follow)]) == 0  # tractor group first: 7 < 9
    assert fd.trick_winner([P(lead), P(follow)]) == 1  # quad group first: 5 > 3


def test_trick_profile_best_partition():
    # F = tractor(2,2) + pair; the play 33 44 55 splits as 44 55 + 33 (top 5) or 33 44 + 55 (top 4)
    t = trump("10", "H", decks=4)  # the second case needs four 4S
    assert win(t, "JS JS QS QS 2S 2S", "3S 3S 4S 4S 5S 5S") == 0
    assert win(t, "3S 3S 4S 4S AS AS", "4S 4S 5S 5S 6S 6S") == 1
    t = trump("10", "H", trick_compare="all_units")
    # lead profile (3, A); play 44 55 66: best profile (6, 4) -> 4 is not > A
    assert win(t, "2S 2S 3S 3S AS AS", "4S 4S 5S 5S 6S 6S") == 0
    # lead 22 33 55: best profile (3, 5), not (5, 3) (no 4455 tractor); 66 77 88 -> (8, 6)
    assert win(t, "2S 2S 3S 3S 5S 5S", "6S 6S 7S 7S 8S 8S") == 1
    assert win(t, "2S 2S 3S 3S 5S 5S", "6S 6S 7S 7S 4S 4S") == 0


def test_all_units_model_example():
    # MODEL.md §6: level 2, clubs trump, lead 8D 8D JD QD (a pair and two singles). Seat 1 trumps
    # with 5C 5C AC 2S (one grouping: 5C5C, 2S, AC); seat 2 discards low diamonds (no pair: it
    # does not contend); seat 3's 6C 6C 2C 2C grouped as 6C6C + 2C + 2C beats it, although its
    # lexicographically highest grouping (2C2C + 6C + 6C) would not.
    t = trump("2", "C", trick_compare="all_units")
    plays = ("8D 8D JD QD", "5C 5C AC 2S", "3D 4D 5D 6D", "6C 6C 2C 2C")
    assert win(t, *plays) == 3
    assert win(t, *plays[:3]) == 1
    assert win(trump("2", "C", trick_compare="largest_unit"), *plays) == 3  # 2C2C > 5C5C
    # the grouping 6C6C + 2C + 2C is needed: 6C 6C 3C 3C (only 6C6C + 3C + 3C or 3C3C + 6C + 6C)
    # cannot beat the singles 2S and AC
    assert win(t, "8D 8D JD QD", "5C 5C AC 2S", "3D 4D 5D 6D", "6C 6C 3C 3C") == 1


def test_all_units_different_groupings_against_each_winner_grouping():
    t = trump("2", "C", trick_compare="all_units")
    lead = "8D 8D JD QD"
    # the winner 5C 5C 9C 9C has two undominated groupings: 9C9C + 5C + 5C and 5C5C + 9C + 9C.
    # 10C 10C 6C 6C beats the first with 10C10C + 6C + 6C and the second with 6C6C + 10C + 10C
    # (neither of its groupings beats both)
    assert win(t, lead, "5C 5C 9C 9C", "3D 4D 5D 6D", "10C 10C 6C 6C") == 3
    # in the other seat order 5C 5C 9C 9C beats no grouping of 10C 10C 6C 6C (its pair <= 10C)
    assert win(t, lead, "10C 10C 6C 6C", "5C 5C 9C 9C") == 1
    # the winner's single grouping 7C7C + 9C + 6C is beaten by 8C8C + 10C + 10C, not by the
    # lexicographically highest 10C10C + 8C + 8C
    assert win(t, lead, "7C 7C 6C 9C", "8C 8C 10C 10C") == 2
    # F = pair tractor + pair (lead 5566 + 33); the winner 6S6S 7S7S 9S9S has one grouping,
    # 6677 + 99. The challenger 8S8S 9S9S 10S10S: 99TT + 88 fails (8 < 9), 8899 + TT beats it
    t = trump("2", "H", decks=4, trick_compare="all_units")
    lead = "5S 5S 6S 6S 3S 3S"
    assert win(t, lead, "6S 6S 7S 7S 9S 9S") == 1
    assert win(t, lead, "6S 6S 7S 7S 9S 9S", "8S 8S 9S 9S 10S 10S") == 2
    assert win(t, lead, "6S 6S 7S 7S 9S 9S", "7S 7S 9S 9S 10S 10S") == 1  # 99TT + 77 only


def test_all_units_fails_when_one_winner_grouping_cannot_be_beaten():
    t = trump("2", "C", trick_compare="all_units")
    lead = "8D 8D JD QD"
    # 10C 10C 6C 7C has one grouping, 10C10C + 7C + 6C: it beats 9C9C + 5C + 5C of 5C 5C 9C 9C but
    # not 5C5C + 9C + 9C (7C < 9C): the winner stays (the profile-only rule would have switched)
    assert win(t, lead, "5C 5C 9C 9C", "3D 4D 5D 6D", "10C 10C 6C 7C") == 1
    assert win(trump("2", "C", trick_compare="largest_unit"), lead, "5C 5C 9C 9C", "10C 10C 6C 7C") == 2
    # 10C 10C 4C 4C beats neither grouping
    assert win(t, lead, "5C 5C 9C 9C", "10C 10C 4C 4C") == 1
    # equal groupings keep the earlier play (off-suit level cards share a position)
    assert win(t, lead, "2S 2S AC KC", "2H 2H AC KC") == 1


def _naive_groupings(t, play, shapes):
    """Every grouping of `play` into units of exactly `shapes` (the lead's, with repeats), as its
    tops by shape (per distinct shape, sorted, the tops high to low), by trying every choice of
    cards for every unit: an independent check of MODEL.md §6 all_units."""
    suit = t.effective_suit(play[0])
    if any(t.effective_suit(k) != suit for k in play):
        return set()
    distinct = sorted(set(shapes))
    out = set()

    def unit_top(sub, w, l):
        counts = Counter(sub)
        if len(counts) != l or any(c != w for c in counts.values()):
            return None
        pos = sorted(t.position(k) for k in counts)
        return pos[-1] if pos == list(range(pos[0], pos[0] + l)) else None

    def rec(rest, i, tops):
        if i == len(shapes):
            if not rest:
                out.add(tuple(tuple(sorted((tp for sh, tp in tops if sh == d), reverse=True))
                              for d in distinct))
            return
        w, l = shapes[i]
        for sub in set(itertools.combinations(sorted(rest), w * l)):
            top = unit_top(sub, w, l)
            if top is not None:
                rec(sorted((Counter(rest) - Counter(sub)).elements()), i + 1, tops + [((w, l), top)])

    rec(sorted(play), 0, [])
    return out


def _naive_all_units_winner(t, plays, stats=None):
    shapes = [(w, l) for _, w, l, _ in t.units(plays[0])]
    lead_suit = t.effective_suit(plays[0][0])

    def beats(c, w):
        return all(x > y for cs, ws in zip(c, w, strict=True) for x, y in zip(cs, ws, strict=True))

    winner, win_suit, win_groups = 0, lead_suit, _naive_groupings(t, plays[0], shapes)
    for i, play in enumerate(plays[1:], 1):
        groups = _naive_groupings(t, play, shapes)
        suit = t.effective_suit(play[0])
        if not groups or not (suit == lead_suit or (lead_suit != "T" and suit == "T")):
            continue
        if suit == "T" and win_suit != "T":
            higher = True
        elif suit != win_suit:
            higher = False
        else:
            higher = all(any(beats(c, w) for c in groups) for w in win_groups)
            if stats is not None and len(groups) > 1:  # the challenger has several groupings
                stats[higher, len(win_groups) > 1] += 1
        if higher:
            winner, win_suit, win_groups = i, suit, groups
    return winner


@pytest.mark.parametrize("decks,ladder", [(2, "qq"), (3, "qq"), (3, "4deck"), (4, "4deck")])
def test_all_units_against_naive_brute_force(decks, ladder):
    rng = random.Random(600 + decks * 10 + len(ladder))
    stats = Counter()

    def draw(kinds, left, n):
        """n cards of `kinds` still `left`, a few copies of one kind at a time (pairs are common)."""
        out = []
        while len(out) < n:
            avail = [k for k in kinds if left[k] > 0]
            if not avail:
                return None
            k = rng.choice(avail)
            take = min(left[k], n - len(out), rng.choice((1, 2, 2, decks)))
            left[k] -= take
            out += [k] * take
        return sorted(out)

    for _ in range(1000):
        level = rng.choice(("2", "5", "10", "A"))
        t = trump(level, rng.choice("SHDC"), decks=decks, follow_ladder=ladder,
                  trick_compare="all_units", constant_ranks=rng.choice([(), ("3",)]))
        by_suit = {}
        for k in range(54):
            by_suit.setdefault(t.effective_suit(k), []).append(k)
        for kinds in by_suit.values():
            kinds.sort(key=lambda k: (t.position(k), k))
        lead_suit = rng.choice(sorted(by_suit))
        windows = []  # a few adjacent kinds of the led suit, then of trump
        for suit in [lead_suit] + (["T"] if lead_suit != "T" else []):
            kinds = by_suit[suit]
            start = rng.randrange(max(1, len(kinds) - 4))
            windows.append(kinds[start:start + rng.randint(4, 7)])
        left = Counter({k: decks for k in range(54)})  # the plays hold at most `decks` copies
        n = rng.randint(3, 6)
        plays = [draw(windows[0], left, n)]
        for _ in range(3):
            if rng.random() < 0.5:
                play = draw(rng.choice(windows), left, n)
            else:  # a near copy of an earlier play, each kind moved up by a few positions
                base = rng.choice(plays)
                kinds = by_suit[t.effective_suit(base[0])]
                moved = {k: kinds[min(kinds.index(k) + rng.choice((0, 1, 1, 2, 2, 3, 4)), len(kinds) - 1)]
                         for k in set(base)}
                play = sorted(moved[k] for k in base)
                if any(c > left[k] for k, c in Counter(play).items()):
                    continue
                left.subtract(play)
            if play is None:
                break
            plays.append(play)
        if plays[0] is None or len(plays) < 2:
            continue
        want = _naive_all_units_winner(t, plays, stats)
        assert t.trick_winner(plays) == want, (level, plays)
    # enough comparisons where the challenger has several groupings, some won, some against a
    # winner with several groupings
    assert sum(stats.values()) >= 10, stats
    assert stats[True, False] + stats[True, True] >= 2, stats
    assert stats[False, True] + stats[True, True] >= 1, stats


# ------------------------------------------------------------------------------------------------
# §6 wider shapes: the 4-deck post's 四、牌的大小顺序 (examples at level 10), reference and core
# ------------------------------------------------------------------------------------------------

def _wide_contexts(rules, level="10", suit="H"):
    return RefTrump(rules, level, suit), Trump(rules, level, suit)


def wide_win(*plays, wider_shapes=True, rules=None, level="10", suit="H"):
    """The winner of `plays` under the 4deck preset (or `rules`) with wider_shapes set: the reference's
    answer, after checking that the C core gives the same."""
    rules = (rules or Rules.preset("4deck")).replace(wider_shapes=wider_shapes)
    ref, core = _wide_contexts(rules, level, suit)
    kinds = [P(p) for p in plays]
    want = ref.trick_winner(kinds)
    assert core.trick_winner([Cards(k) for k in kinds]) == want, (plays, wider_shapes)
    return want


def quad(card):
    return rep(card, 4)


def test_wider_shapes_is_on_in_the_4deck_preset():
    assert Rules.preset("4deck").wider_shapes is True
    assert Rules().wider_shapes is False
    assert RefRules().wider_shapes is False


def test_wider_shapes_quad_beats_any_two_pair_tractor():
    # 四条＞王连对: lead ♠4455; the trump joker tractor SJ SJ BJ BJ is beaten by a later trump quad
    lead = "4S 4S 5S 5S"
    assert wide_win(lead, "SJ SJ BJ BJ") == 1
    assert wide_win(lead, "SJ SJ BJ BJ", quad("3H")) == 2
    assert wide_win(lead, quad("3H"), "SJ SJ BJ BJ") == 1
    # a plain quad in spades beats the lead and the highest spade tractor
    assert wide_win(lead, quad("3S")) == 1
    assert wide_win(lead, "KS KS AS AS", quad("3S")) == 2
    assert wide_win(lead, quad("3S"), "KS KS AS AS") == 1
    # a trump lead: the joker tractor led, a low trump quad wins
    assert wide_win("SJ SJ BJ BJ", "AH AH KH KH", quad("3H")) == 2
    # without the rule no quad ever wins: it does not match the lead's shape
    assert wide_win(lead, "SJ SJ BJ BJ", quad("3H"), wider_shapes=False) == 1
    assert wide_win(lead, quad("3S"), wider_shapes=False) == 0
    assert wide_win(lead, quad("3S"), "6S 6S 7S 7S", wider_shapes=False) == 2
    assert wide_win("SJ SJ BJ BJ", quad("3H"), wider_shapes=False) == 0


def test_wider_shapes_triple_tractor_beats_three_pair_tractor():
    # 三条连拖＞三连拖: 666777 > QQKKAA
    lead = "QS QS KS KS AS AS"
    assert wide_win(lead, "6S 6S 6S 7S 7S 7S") == 1
    assert wide_win(lead, "6S 6S 6S 7S 7S 7S", "JS JS JS QS QS 9S") == 1  # not a unit: a discard
    assert wide_win(lead, "6S 6S 6S 7S 7S 7S", wider_shapes=False) == 0
    # trumped by a three-pair tractor, over-trumped by a trump Titanic with a lower top
    lead = "3S 3S 4S 4S 5S 5S"
    assert wide_win(lead, "QH QH KH KH AH AH", "6H 6H 6H 7H 7H 7H") == 2
    assert wide_win(lead, "QH QH KH KH AH AH", "6H 6H 6H 7H 7H 7H", wider_shapes=False) == 1


def test_wider_shapes_quad_tractor_beats_four_pair_tractor():
    # 四条连拖＞8连拖: a quad tractor of two beats JJQQKKAA
    lead = "JS JS QS QS KS KS AS AS"
    assert wide_win(lead, quad("3S") + " " + quad("4S")) == 1
    assert wide_win(lead, quad("3S") + " " + quad("4S"), wider_shapes=False) == 0


def test_wider_shapes_three_quad_tractor_beats_four_triple_tractor():
    # 四条的三连拖＞三条的四连拖: a quad tractor of three beats JJJQQQKKKAAA
    lead = " ".join(rep(r + "S", 3) for r in "JQKA")
    three_quads = " ".join(quad(r + "S") for r in "345")
    assert wide_win(lead, three_quads) == 1
    assert wide_win(lead, three_quads, wider_shapes=False) == 0


def test_wider_shapes_twelve_card_pair_tractor_two_wider_widths():
    # lead: a six-pair tractor; a Titanic of four (width 3) and a quad tractor of three (width 4) both
    # contend; the quad tractor is wider, whatever the tops
    lead = "3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 8S 8S"
    titanic = " ".join(rep(r + "H", 3) for r in "9JQK")
    quads = " ".join(quad(r + "H") for r in "345")
    assert wide_win(lead, titanic) == 1
    assert wide_win(lead, titanic, quads) == 2
    assert wide_win(lead, quads, titanic) == 1
    assert wide_win(lead, titanic, quads, wider_shapes=False) == 0


def test_wider_shapes_equal_width_by_top():
    lead = "4S 4S 5S 5S"
    assert wide_win(lead, quad("7S"), quad("8S")) == 2
    assert wide_win(lead, quad("8S"), quad("7S")) == 1
    assert wide_win(lead, quad("7H"), quad("3H"), quad("AH")) == 3
    lead = "3S 3S 4S 4S 5S 5S"
    assert wide_win(lead, "6S 6S 6S 7S 7S 7S", "JS JS JS QS QS QS") == 2
    assert wide_win(lead, "JS JS JS QS QS QS", "6S 6S 6S 7S 7S 7S") == 1
    # off-suit level cards share one position (trump_order "qq"): the first of two equal quads keeps
    # the trick, the trump-suit level card is higher
    rules = Rules(decks=4, constant_ranks=("2",), follow_ladder="4deck")
    lead = "3H 3H 4H 4H"
    assert wide_win(lead, quad("10S"), quad("10D"), rules=rules) == 1
    assert wide_win(lead, quad("10S"), quad("10D"), quad("10H"), rules=rules) == 3
    assert wide_win(lead, quad("10S"), quad("2H"), rules=rules) == 1
    # the lead's own width compares as usual among plays matching the lead
    assert wide_win(lead, "5H 5H 6H 6H", quad("3D"), "7H 7H 8H 8H") == 3


def test_wider_shapes_trump_over_plain_first():
    lead = "4S 4S 5S 5S"
    # a plain quad does not beat a trump two-pair tractor that trumped the plain lead
    assert wide_win(lead, "3H 3H 4H 4H", quad("AS")) == 1
    # and a trump two-pair tractor beats a plain quad winner; a trump quad then beats it
    assert wide_win(lead, quad("AS"), "3H 3H 4H 4H") == 2
    assert wide_win(lead, quad("AS"), "3H 3H 4H 4H", quad("5H")) == 3
    # a quad of another plain suit never wins
    assert wide_win(lead, quad("AD")) == 0


def test_wider_shapes_only_for_a_lead_of_one_unit():
    # a throw (pair tractor + pair) is compared as usual: a Titanic of as many cards is a discard
    assert wide_win("4S 4S 5S 5S 7S 7S", "JS JS JS QS QS QS") == 0
    # a lead of one unit of width >= 3 (no wider unit of as many cards exists in four decks) and pairs
    assert wide_win("4S 4S 4S 5S 5S 5S", quad("AS") + " KS KS") == 0
    assert wide_win("4S 4S", "AS AS") == 1
    # a quad and a single against a two-pair tractor plus a single: not one unit
    assert wide_win("4S 4S 5S 5S 8S", quad("AS") + " 9S") == 0
    # a wider play must be exactly one unit: a quad of pairs at one position is two pairs, not a quad
    rules = Rules(decks=4, constant_ranks=("2",), follow_ladder="4deck")
    assert wide_win("3H 3H 4H 4H", "10S 10S 10D 10D", rules=rules) == 0


def test_wider_shapes_three_decks():
    # in three decks a two-pair tractor has no wider answer (w < decks, but no quad), a three-pair
    # tractor has the Titanic of two
    rules = Rules(decks=3, constant_ranks=("2",), follow_ladder="4deck")
    assert wide_win("3S 3S 4S 4S 5S 5S", "6S 6S 6S 7S 7S 7S", rules=rules) == 1
    assert wide_win("3S 3S 4S 4S 5S 5S", "6S 6S 6S 7S 7S 7S", rules=rules, wider_shapes=False) == 0
    # two decks: a pair tractor's width is the deck count, nothing is wider
    rules = Rules(decks=2, constant_ranks=("2",))
    assert wide_win("3S 3S 4S 4S 5S 5S", "6S 6S 7S 7S 8S 8S", rules=rules) == 1


# ------------------------------------------------------------------------------------------------
# §3 natural tractors (tractor_rule="natural", 泰安: 连对…主牌可以和副牌相连，作为副牌使用，如黑桃55、66)
# ------------------------------------------------------------------------------------------------

def nat(level="8", suit="H", constant_ranks=("2", "3", "5"), **options):
    """A natural-tractor context; by default the spec's: level 8, constants 2 3 5, trump ♥."""
    return trump(level, suit, constant_ranks=constant_ranks, tractor_rule="natural", **options)


def shapes(t, text):
    return [(name, w, ln) for name, w, ln, _ in t.units(P(text))]


def test_natural_model_examples_adjacency():
    # MODEL.md §3: at level 8 with constants 2, 3, 5, ♠4♠4♠6♠6 is two pairs, ♥A♥A♠2♠2 (trump ♥) two pairs,
    # ♠3♠3♠2♠2 a tractor, ♠4♠4♠3♠3♠2♠2 a tractor
    t, old = nat(), trump("8", "H", constant_ranks=("2", "3", "5"))
    assert t.units(P("4S 4S 6S 6S")) == [("pair", 2, 1, S("6S 6S")), ("pair", 2, 1, S("4S 4S"))]
    assert not t.is_tractor(P("4S 4S 6S 6S")) and old.is_tractor(P("4S 4S 6S 6S"))  # positions 0, 1 of ♠
    assert t.units(P("AH AH 2S 2S")) == [("pair", 2, 1, S("2S 2S")), ("pair", 2, 1, S("AH AH"))]
    assert not t.is_tractor(P("AH AH 2S 2S")) and old.is_tractor(P("AH AH 2S 2S"))
    assert t.units(P("3S 3S 2S 2S")) == [("tractor", 2, 2, S("2S 2S 3S 3S"))]
    assert t.is_tractor(P("3S 3S 2S 2S")) and not old.is_tractor(P("3S 3S 2S 2S"))
    assert t.units(P("4S 4S 3S 3S 2S 2S")) == [("tractor", 2, 3, S("2S 2S 3S 3S 4S 4S"))]
    assert t.is_tractor(P("4S 4S 3S 3S 2S 2S"))
    # ♠5♠5♠6♠6 is a spade tractor although ♠5 is a trump everywhere else
    assert t.units(P("5S 5S 6S 6S")) == [("tractor", 2, 2, S("5S 5S 6S 6S"))]
    assert t.is_tractor(P("5S 5S 6S 6S")) and t.effective_suit(P("5S")[0]) == "T"
    # trump tractors: the trump suit's run, off-suit constants, the jokers
    for text in ("4H 4H 5H 5H", "2S 2S 3S 3S", "SJ SJ BJ BJ", "7H 7H 8H 8H 9H 9H", "2H 2H 3H 3H"):
        assert t.is_tractor(P(text)) and t.play_suit(P(text)) == "T", text
    # no chain across lanes, none through A-2, none between a level card and the jokers
    for text in ("2H 2H 2S 2S", "AS AS 2S 2S", "8H 8H SJ SJ", "8S 8S 8H 8H", "AH AH KS KS", "5S 5S 5H 5H"):
        assert not t.is_tractor(P(text)), text
    # positions still order tuples: ♥5♥5 (trump-suit constant) above ♠5♠5 (off-suit constant)
    assert t.units(P("5S 5S 5H 5H")) == [("pair", 2, 1, S("5H 5H")), ("pair", 2, 1, S("5S 5S"))]


def test_natural_play_suit():
    t = nat()
    assert t.play_suit(P("5S 5S 6S 6S")) == "S"
    assert t.play_suit(P("5S 5S 6S 6S 7S 9S")) == "S"
    assert t.play_suit(P("4S 4S 5S 5S 6S 6S 7S 7S")) == "S"
    assert t.play_suit(P("6S")) == "S" and t.play_suit(P("5S")) == "T" and t.play_suit(P("5S 5S")) == "T"
    assert t.play_suit(P("3S 3S 2S 2S")) == "T" and t.play_suit(P("3H 4H SJ")) == "T"
    # a borrowed trump outside every tractor: mixed
    assert t.play_suit(P("5S 5S 6S")) is None  # ♠6 single: no tractor
    assert t.play_suit(P("5S 6S 6S")) is None  # ♠5 single
    assert t.play_suit(P("5S 5S 7S 7S")) is None  # not adjacent
    assert t.play_suit(P("5S 5S 6S 6S 8S")) is None  # ♠8 (level) single
    assert t.play_suit(P("5D 5D 6S 6S")) is None  # a trump of another lane
    assert t.play_suit(P("5H 5H 6S 6S")) is None  # a trump of the trump suit's lane
    assert t.play_suit(P("6S 7H")) is None
    with pytest.raises(ValueError):
        t.play_suit([])
    with pytest.raises(ValueError):
        t.units(P("5S 5S 6S"))
    assert not t.is_tractor(P("5S 5S 6S"))
    # effective_suit is unchanged; under tractor_rule="position" a mix of suits is always mixed
    old = trump("8", "H", constant_ranks=("2", "3", "5"))
    assert old.play_suit(P("5S 5S 6S 6S")) is None and old.play_suit(P("6S 7S")) == "S"
    assert old.play_suit(P("5S 5S")) == "T"


def test_natural_greedy_leaves_a_borrowed_trump_out():
    # 3 decks: the triple tractor ♠6♠7 (6 cards) is taken before the pair tractor ♠5♠6♠7 (6 cards, lower unit
    # key), so ♠5♠5 is left outside every tractor: the play is mixed although another partition would not be
    for ladder in ("qq", "4deck"):
        t = nat(decks=3, follow_ladder=ladder)
        assert t.play_suit(P("5S 5S 6S 6S 6S 7S 7S 7S")) is None
        assert t.units(P("5S 5S 5S 6S 6S 6S 7S 7S 7S")) == [("tractor", 3, 3, S(rep("5S 6S 7S", 3)))]


def test_natural_no_trump_and_level_cards_borrowed():
    t = nat(level="8", suit=None, constant_ranks=())
    assert t.play_suit(P("7S 7S 8S 8S")) == "S" and t.is_tractor(P("7S 7S 8S 8S 9S 9S"))
    assert t.play_suit(P("8S 8S 8H 8H")) == "T" and not t.is_tractor(P("8S 8S 8H 8H"))
    assert t.is_tractor(P("SJ SJ BJ BJ"))


def test_natural_units_tie_breaks():
    t = nat()
    # most cards first, then the tractor key: ♥2♥2♥3♥3 (key 3) before ♠2♠2♠3♠3 (key 2)
    assert t.units(P("2S 2S 3S 3S 2H 2H 3H 3H")) == [("tractor", 2, 2, S("2H 2H 3H 3H")),
                                                      ("tractor", 2, 2, S("2S 2S 3S 3S"))]
    # equal keys (off-suit chains of the same ranks): the lowest kind index first
    assert t.units(P("2D 2D 3D 3D 2S 2S 3S 3S")) == [("tractor", 2, 2, S("2S 2S 3S 3S")),
                                                      ("tractor", 2, 2, S("2D 2D 3D 3D"))]
    # a longer chain first, whatever its key; then a higher key
    assert t.units(P("2D 2D 3D 3D 4H 4H 5H 5H 6H 6H")) == [("tractor", 2, 3, S("4H 4H 5H 5H 6H 6H")),
                                                            ("tractor", 2, 2, S("2D 2D 3D 3D"))]
    assert t.units(P("SJ SJ BJ BJ AH AH KH KH")) == [("tractor", 2, 2, S("SJ SJ BJ BJ")),
                                                      ("tractor", 2, 2, S("KH KH AH AH"))]


def test_natural_tractor_order_trump():
    # 两连对，4个王最大。其它的大小顺序AAKK>KKQQ>QQJJ>…>3322 (by the printed rank of the top pair; trump ♥)
    t = nat(decks=4)
    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    chains = [f"{a} {a} {b} {b}" for a, b in itertools.pairwise(hearts)] + ["SJ SJ BJ BJ"]  # 3322 ... AAKK, jokers
    for low, high in itertools.combinations(chains, 2):
        assert win(t, low, high) == 1, (low, high)
        assert win(t, high, low) == 0, (low, high)
    # a trump-suit chain above an off-suit one of the same printed ranks; off-suit ones equal
    t = nat()
    assert win(t, "3S 3S 2S 2S", "3H 3H 2H 2H") == 1 and win(t, "3H 3H 2H 2H", "3S 3S 2S 2S") == 0
    assert win(t, "3S 3S 2S 2S", "3D 3D 2D 2D") == 0 and win(t, "3D 3D 2D 2D", "3S 3S 2S 2S") == 0
    # ♥3♥3♥4♥4 (key 5) beats ♠2♠2♠3♠3 (key 2) though ♥4 is the lowest trump
    assert win(t, "2S 2S 3S 3S", "3H 3H 4H 4H") == 1
    # 3连对：AAKKQQ>KKQQJJ>…>443322
    t = nat(decks=4)
    assert win(t, "KH KH QH QH JH JH", "AH AH KH KH QH QH") == 1
    assert win(t, "2H 2H 3H 3H 4H 4H", "3H 3H 4H 4H 5H 5H") == 1
    assert win(t, "AH AH KH KH QH QH", "2H 2H 3H 3H 4H 4H") == 0


def test_natural_tractor_order_plain_and_borrowed():
    t = nat()
    assert win(t, "5S 5S 6S 6S", "7S 7S 8S 8S") == 1  # ♠7♠7♠8♠8 > ♠5♠5♠6♠6
    assert win(t, "7S 7S 8S 8S", "5S 5S 6S 6S") == 0
    assert win(t, "5S 5S 6S 6S", "9S 9S 10S 10S") == 1
    assert win(nat(decks=4), "4S 4S 5S 5S", "3S 3S 4S 4S") == 0  # key of ♠5 (6) above ♠4 (4)
    assert win(nat(decks=4), "3S 3S 4S 4S", "4S 4S 5S 5S") == 1
    # a trump tractor beats a plain (borrowing) lead; trump pairs that do not chain do not
    assert win(t, "5S 5S 6S 6S", "6H 6H 7H 7H") == 1
    assert win(t, "5S 5S 6S 6S", "4H 4H 6H 6H") == 0
    assert win(t, "5S 5S 6S 6S", "5D 5D 5C 5C") == 0
    # another lane's chain borrowing its own trumps is not of the led suit
    assert win(t, "6S 6S 7S 7S", "5D 5D 6D 6D") == 0
    # all_units and the throw of a borrowed tractor plus a single
    u = nat(trick_compare="all_units")
    assert win(u, "5S 5S 6S 6S 4S", "7S 7S 8S 8S 9S") == 1
    assert win(u, "5S 5S 6S 6S 9S", "7S 7S 8S 8S 4S") == 0


def test_natural_highest_card():
    # MODEL.md §3: inside a plain suit the printed rank of the highest card, borrowed trumps included
    h = nat(trick_compare="highest_card")
    assert win(h, "6S 6S 7S 7S", "4S 4S 5S 5S") == 0  # ♠7 above ♠5 (a trump elsewhere)
    assert win(h, "4S 4S 5S 5S", "6S 6S 7S 7S") == 1
    assert win(h, "7S 7S 8S 8S", "9S 9S 10S 10S") == 1  # ♠10 above the borrowed level card ♠8
    assert win(h, "9S 9S 10S 10S", "7S 7S 8S 8S") == 0
    # inside trump, positions: the off-suit level card ♠8 above ♥A
    assert win(h, "AH AH KH KH", "7S 7S 8S 8S") == 0  # ♠7♠7♠8♠8 is a spade tractor, not trump
    assert win(h, "QH QH KH KH", "2S 2S 3S 3S") == 1  # off-suit 3s above every plain-rank heart


def test_natural_follow_model_example():
    # MODEL.md §3: against ♠5♠5♠6♠6 a hand holding ♠4♠4 ♠3♠3 ♠9 ♠K may answer ♠4♠4♠3♠3 (a tractor) or
    # ♠4♠4♠9♠K; ♠3♠3♠9♠K is not S and is illegal while the hand has four plain spades
    t = nat()
    hand, lead = "4S 4S 3S 3S 9S KS 7H", "5S 5S 6S 6S"
    assert legal(t, hand, lead, "4S 4S 3S 3S")
    assert legal(t, hand, lead, "4S 4S 9S KS")
    assert not legal(t, hand, lead, "3S 3S 9S KS")
    assert not legal(t, hand, lead, "3S 4S 9S KS")  # a borrowed single
    assert not legal(t, hand, lead, "4S 9S KS 7H")
    assert t.legal_follows(P(hand), P(lead)) == {S("3S 3S 4S 4S"), S("4S 4S 9S KS")}


def test_natural_follow_never_obliged_to_borrow():
    t = nat()
    lead = "9S 9S 10S 10S"
    # the hand's plain spades hold no tractor (♠4 ♠6 around the trump ♠5): two pairs are enough
    hand = "4S 4S 5S 5S 6S 6S 7S"
    assert legal(t, hand, lead, "4S 4S 6S 6S")
    assert legal(t, hand, lead, "4S 4S 5S 5S")  # borrowing is allowed: a tractor
    assert legal(t, hand, lead, "5S 5S 6S 6S")
    assert not legal(t, hand, lead, "4S 4S 6S 7S")  # it holds two pairs
    assert t.legal_follows(P(hand), P(lead)) == {S("4S 4S 6S 6S"), S("4S 4S 5S 5S"), S("5S 5S 6S 6S")}
    # a plain tractor in the hand must be played, or met by a borrowing one
    hand = "6S 6S 7S 7S 5S 5S 9S"
    assert legal(t, hand, "JS JS QS QS", "6S 6S 7S 7S") and legal(t, hand, "JS JS QS QS", "5S 5S 6S 6S")
    assert not legal(t, hand, "JS JS QS QS", "6S 6S 7S 9S")
    # short in plain spades: all of them, then anything (borrowable trumps included)
    hand = "4S 4S 9S 3S 3S 7H"
    assert legal(t, hand, "5S 5S 6S 6S", "4S 4S 9S 3S") and legal(t, hand, "5S 5S 6S 6S", "4S 4S 9S 7H")
    assert not legal(t, hand, "5S 5S 6S 6S", "4S 4S 3S 3S")


def test_natural_borrowing_play_may_be_stronger_than_the_hand():
    """§3 + §4 read literally: best(play) counts the borrowed trumps, best(H) does not, and the play is legal
    when strength(best(play)) >= strength(best(H)). A borrowing play can thus hold a longer tractor than H's
    best requirement with fewer pairs in all: against a four-pair tractor, H (plain ♣) meets ♣J♣J♣Q♣Q + ♣A♣A +
    ♣2♣2, while ♣J♣J♣Q♣Q♣K♣K (the level ♣K borrowed) is a three-pair tractor, a stronger requirement."""
    t = nat(level="K", suit="S", constant_ranks=())
    hand, lead = "2C 2C 10C JC JC QC QC KC KC AC AC", "6C 6C 7C 7C 8C 8C 9C 9C"
    assert legal(t, hand, lead, "2C JC JC QC QC KC KC AC")
    assert legal(t, hand, lead, "2C 2C JC JC QC QC AC AC")
    assert not legal(t, hand, lead, "2C 10C JC JC QC QC AC AC")  # one pair short, no longer tractor


def test_natural_throw_model_example():
    # MODEL.md §3: a hand with ♠7♠7 ♠8♠8 at level 8 beats a thrown ♠5♠5♠6♠6
    t = nat()
    lead = "5S 5S 6S 6S AS"
    assert t.check_throw(P(lead), [P("7S 7S 8S 8S"), P(""), P("")]) == (False, S("5S 5S 6S 6S"))
    assert t.check_throw(P(lead), [P("7S 7S 9S 9S KS"), P("8S 8S"), P("2S 2S 3S 3S")]) == (True, S(lead))
    assert t.check_throw(P(lead), [P("3S 3S 4S 4S")]) == (True, S(lead))  # key 4 below 8
    assert t.check_throw(P(lead), [P("6H 6H 7H 7H")]) == (True, S(lead))  # trumps do not count
    # a plain throw beaten by a plain tractor
    assert t.check_throw(P("6S 6S 7S 7S AS"), [P("9S 9S 10S 10S")]) == (False, S("6S 6S 7S 7S"))


def test_natural_failed_throw_lowest_bottom():
    # plain suit: natural ranks
    lowest, smallest = nat(), nat(failed_throw="smallest_shape")
    lead, others = "5S 5S 6S 6S 9S", [P("10S 10S JS JS"), P("KS")]
    assert lowest.check_throw(P(lead), others) == (False, S("5S 5S 6S 6S"))  # bottom ♠5 (rank 5) below ♠9
    assert smallest.check_throw(P(lead), others) == (False, S("9S"))
    lead, others = "5S 5S 6S 6S 4S", [P("10S 10S JS JS"), P("KS")]
    assert lowest.check_throw(P(lead), others) == (False, S("4S"))
    # trump: the lowest position among the unit's cards (♥7 is position 2, ♥9 position 3)
    lead, others = "7H 7H 8H 8H 9H", [P("10H 10H JH JH"), P("QH")]
    assert lowest.check_throw(P(lead), others) == (False, S("7H 7H 8H 8H"))
    assert smallest.check_throw(P(lead), others) == (False, S("9H"))
    # ♠2♠2♠3♠3 (lowest position 9, off-suit 2s) against ♥A (position 8): the ace, though its rank is higher
    lead, others = "2S 2S 3S 3S AH", [P("2H 2H 3H 3H"), P("5H")]
    assert lowest.check_throw(P(lead), others) == (False, S("AH"))


def test_natural_kitty_multiplier():
    assert nat(kitty_multiplier="bianfeng").kitty_multiplier(P("4S 4S 6S 6S")) == 4  # two pairs
    assert trump("8", "H", constant_ranks=("2", "3", "5"),
                 kitty_multiplier="bianfeng").kitty_multiplier(P("4S 4S 6S 6S")) == 8  # a position tractor
    assert nat(kitty_multiplier="bianfeng").kitty_multiplier(P("5S 5S 6S 6S")) == 8
    assert nat(kitty_multiplier="pairs").kitty_multiplier(P("4S 4S 3S 3S 2S 2S")) == 16


def test_natural_options():
    assert RefRules().tractor_rule == "position"
    with pytest.raises(ValueError):
        nat(trump_order="level_index")
    with pytest.raises(ValueError):
        trump("8", "H", tractor_rule="printed")


# ------------------------------------------------------------------------------------------------
# §7 kitty multiplier
# ------------------------------------------------------------------------------------------------

def kitty(policy, text, decks=2, level="2", suit="H"):
    return trump(level, suit, decks=decks, kitty_multiplier=policy).kitty_multiplier(P(text))


def test_kitty_power_seed_examples():
    assert kitty("power", "4S 4S 4S 5S 5S 5S", decks=3) == 64
    assert kitty("power", "4S 4S 5S 5S 6S 6S") == 64
    assert kitty("power", "4S 4S 5S 5S") == 16
    assert kitty("power", "5S 5S 5S", decks=3) == 8
    assert kitty("power", "AS KS QS JS 10S 9S 8S 7S 7S") == 4
    assert kitty("power", "AS KS QS JS") == 2
    assert kitty("power", "AS AS JS JS") == 4
    assert kitty("power", "4S 4S 5S 5S 6S 6S 7S 7S") == 64  # capped


def test_kitty_pairs():
    assert kitty("pairs", "3S") == 2
    assert kitty("pairs", "3S 3S") == 4
    assert kitty("pairs", "3S 3S 9S 9S") == 8
    assert kitty("pairs", "3S 3S 4S 4S") == 8
    assert kitty("pairs", "3S 3S 4S 4S 5S 5S") == 16
    assert kitty("pairs", "3S 3S AS") == 4
    assert kitty("pairs", "3S 3S 3S", decks=3) == 4
    assert kitty("pairs", "3S 3S 3S 4S 4S 4S", decks=3) == 8
    assert kitty("pairs", rep("3S", 4), decks=4) == 8


def test_kitty_bianfeng():
    assert kitty("bianfeng", "3S 3S 3S 4S 4S 4S", decks=3) == 18
    assert kitty("bianfeng", "3S 3S 3S 4S 4S 4S 5S 5S 5S", decks=3) == 54
    assert kitty("bianfeng", "3S 3S 3S 9S 9S 10S 10S", decks=3) == 6
    assert kitty("bianfeng", "3S 3S 4S 4S") == 8
    assert kitty("bianfeng", "3S 3S 4S 4S 5S 5S 9S 9S") == 16
    assert kitty("bianfeng", "3S 3S AS") == 4
    assert kitty("bianfeng", "3S AS") == 2


def test_kitty_chinagame():
    assert kitty("chinagame", "3S") == 2
    assert kitty("chinagame", "3S KS AS") == 2
    assert kitty("chinagame", "3S 3S") == 4
    assert kitty("chinagame", "3S 3S AS") == 4
    assert kitty("chinagame", "3S 3S 9S 9S") == 8
    assert kitty("chinagame", "3S 3S 4S 4S 5S 5S") == 12
    assert kitty("chinagame", "3S 3S 3S", decks=3) == 6
    assert kitty("chinagame", "3S 3S 3S 9S 9S 9S", decks=3) == 12
    assert kitty("chinagame", "3S 3S 3S 4S 4S 4S", decks=3) == 12
    assert kitty("chinagame", "3S 3S 3S 9S 9S", decks=3) == 10


def test_kitty_copies():
    assert kitty("copies", "3S KS", decks=4) == 2
    assert kitty("copies", "3S 3S 4S 4S", decks=4) == 4
    assert kitty("copies", "3S 3S 3S AS", decks=4) == 8
    assert kitty("copies", rep("3S", 4) + " 9S 9S", decks=4) == 16


def test_kitty_bad_policy():
    with pytest.raises(ValueError):
        kitty("nonsense", "3S")


# ------------------------------------------------------------------------------------------------
# §8 level outcome
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_level_outcome_standard(decks):
    b = 20 * decks
    rules = RefRules(decks=decks)
    assert level_outcome(rules, 0) == (True, 3, 0)
    assert level_outcome(rules, 5) == (True, 2, 0)
    assert level_outcome(rules, b - 5) == (True, 2, 0)
    assert level_outcome(rules, b) == (True, 1, 0)
    assert level_outcome(rules, 2 * b - 5) == (True, 1, 0)
    assert level_outcome(rules, 2 * b) == (False, 0, 0)
    assert level_outcome(rules, 3 * b - 5) == (False, 0, 0)
    assert level_outcome(rules, 3 * b) == (False, 0, 1)
    assert level_outcome(rules, 5 * b + 5) == (False, 0, 3)


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_level_outcome_attackers_early(decks):
    b = 20 * decks
    rules = RefRules(decks=decks, level_table="attackers_early")
    assert level_outcome(rules, 0) == (True, 3, 0)
    assert level_outcome(rules, b) == (True, 1, 0)
    assert level_outcome(rules, 2 * b - 5) == (True, 1, 0)
    assert level_outcome(rules, 2 * b) == (False, 0, 1)
    assert level_outcome(rules, 3 * b) == (False, 0, 2)


def test_level_outcome_two_decks_values():
    rules = RefRules()
    assert [level_outcome(rules, p) for p in (0, 35, 40, 75, 80, 115, 120, 160, 200)] == [
        (True, 3, 0), (True, 2, 0), (True, 1, 0), (True, 1, 0), (False, 0, 0), (False, 0, 0),
        (False, 0, 1), (False, 0, 2), (False, 0, 3)]
