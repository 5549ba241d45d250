"""Rules: presets, validation, immutability, pickling, replace()."""

import dataclasses
import pickle

import pytest

from shengji import Rules

SOURCES = ("The QQ rooms' rules", "The 4-deck forum post", "泰安's rules", "边锋's rules", "中国游戏中心's rules")


def test_presets_listed_and_buildable():
    names = Rules.presets()
    assert set(names) == {"qq-1deck", "qq-2deck", "qq-3deck", "4deck", "taian", "bianfeng",
                          "bianfeng-friend", "chinagame"}
    for name in names:
        assert Rules.PRESET_DOCS[name].startswith(SOURCES), name  # names its source (docs/RULES.md §1.1)
        r = Rules.preset(name)
        assert (54 * r.decks - r.kitty) % 4 == 0


def test_preset_values():
    assert Rules.preset("qq-2deck") == Rules()
    assert Rules.preset("qq-1deck").hand_size == 12
    assert Rules.preset("qq-2deck").hand_size == 25
    assert Rules.preset("qq-3deck").hand_size == 39
    assert Rules.preset("4deck").hand_size == 52
    t = Rules.preset("taian")
    assert t.hand_size == 26 and t.constant_ranks == ("2", "3", "5") and t.first_level == "A"
    assert Rules.preset("4deck").constant_ranks == ("2",)
    assert Rules.preset("bianfeng").no_bid == "kitty_card_notrump"
    assert Rules.preset("taian").first_deal_dealer == Rules.preset("4deck").first_deal_dealer == "final_declarer"
    assert Rules.preset("qq-2deck").first_deal_dealer == Rules.preset("bianfeng").first_deal_dealer == "first_declarer"


def test_unknown_preset_lists_valid_names():
    with pytest.raises(ValueError, match="qq-2deck"):
        Rules.preset("qq-5deck")


@pytest.mark.parametrize("kwargs,match", [
    (dict(decks=5), "decks"),
    (dict(decks=0), "decks"),
    (dict(decks="2"), "decks"),
    (dict(decks=4, kitty=6), "four equal hands"),
    (dict(decks=2, kitty=7), "four equal hands"),
    (dict(kitty=-4), "kitty"),
    (dict(kitty=108), "kitty"),
    (dict(trick_compare="loudest"), "trick_compare"),
    (dict(kitty_multiplier="triple"), "kitty_multiplier"),
    (dict(constant_ranks=("1",)), "rank"),
    (dict(constant_ranks=("2", "2")), "twice"),
    (dict(declaration="qq3"), "decks=3"),
    (dict(declaration="4deck", decks=2), "decks=4"),
    (dict(taian_trump_follow="yes"), "bool"),
])
def test_invalid_rules_raise(kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        Rules(**kwargs)


def test_immutable_picklable_replace():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.decks = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(r)) == r
    r3 = r.replace(decks=3)
    assert r3.decks == 3 and r3.kitty == 6 and r.decks == 2
    assert r.replace(kitty_multiplier="pairs").kitty_multiplier == "pairs"
    with pytest.raises(TypeError, match="unknown"):
        r.replace(colour="red")
    with pytest.raises(ValueError):
        r.replace(decks=4, kitty=6)


def test_constant_ranks_normalized():
    assert Rules(constant_ranks=["5", "2", "3"]).constant_ranks == ("2", "3", "5")
    assert Rules(constant_ranks="2").constant_ranks == ("2",)
