"""The greedy play is constructed, not enumerated, and must equal the enumerating rule it replaced.

``csrc/src/sj_reference.c`` keeps the greedy play as first written (list the candidate plays, score each); the
core's greedy (``csrc/src/sj_policy.c``) builds its answer from the hand, the lead's requirement and the trick's
winner instead. ``Deal._greedy_check`` plays deals to the end natively and compares the two at every play
decision of every seat, whoever plays it, so the positions come from greedy, random and mixed tables: leads
of every unit and throw, follows short and long, partners winning or not, 找朋友 before and after the reveal.
It compares the greedy declaration the same way at every declaring and grabbing decision (泰安's is built from
each joker and suit's longest run instead of the list of every legal declaration).

Every rule system runs: QQ 1-3 decks, the 4-deck system (the 4-deck ladder, wider shapes, level-index order),
泰安 (natural tractors, the highest-trumps follow), 找朋友, and random combinations of the card options on top
of the presets. The default run compares a few thousand positions per system; ``--slow`` compares 10^6 per
system.
"""

from __future__ import annotations

import random

import pytest

from shengji import Deal, Rules

SYSTEMS = ("qq-1deck", "qq-2deck", "qq-3deck", "4deck", "taian", "bianfeng", "bianfeng-friend", "chinagame")
TABLES = (("greedy",) * 4, ("greedy", "random") * 2, ("random", "greedy") * 2, ("random",) * 4,
          ("greedy", "greedy", "random", "random"))
LEVELS = ("3", "10", "A", "5", "K")
OPTION_VALUES = {
    "follow_protection": ("none", "longer_tuples"),
    "trick_compare": ("largest_unit", "all_units", "highest_card"),
    "failed_throw": ("lowest", "smallest_shape"),
    "constant_ranks": ((), ("2",), ("2", "3", "5")),
    "follow_ladder": ("qq", "4deck"),
    "wider_shapes": (False, True),
    "taian_trump_follow": (False, True),
}


def _compare(rules: Rules, positions: int, seed: int) -> int:
    """Play deals until `positions` decisions were compared; fail at the first that differs."""
    compared, i = 0, 0
    while compared < positions:
        table = TABLES[i % len(TABLES)]
        deal = Deal(rules, seed=seed * 1_000_003 + i, trump="declare", level=LEVELS[i % len(LEVELS)])
        n, differs = deal._greedy_check(table, seed=seed + i)
        assert differs is None, (
            f"{rules!r} seed {seed * 1_000_003 + i} table {table}: at move {differs[2]} the greedy play is "
            f"{differs[0]}, the enumerating reference {differs[1]}")
        compared += n
        i += 1
    return compared


def _varied(rng: random.Random, preset: str) -> Rules | None:
    """A preset with some card options drawn at random (None when the draw is not a valid combination)."""
    changes = {name: rng.choice(values) for name, values in OPTION_VALUES.items() if rng.random() < 0.5}
    try:
        return Rules.preset(preset).replace(**changes)
    except ValueError:
        return None


@pytest.mark.parametrize("preset", SYSTEMS)
def test_greedy_equals_the_enumerating_reference(preset):
    assert _compare(Rules.preset(preset), 3_000, seed=1) >= 3_000


def test_greedy_equals_the_reference_under_varied_options():
    rng = random.Random(5)
    compared = 0
    for i in range(60):
        rules = _varied(rng, SYSTEMS[i % len(SYSTEMS)])
        if rules is not None:
            compared += _compare(rules, 150, seed=100 + i)
    assert compared >= 5_000


def test_the_check_covers_every_play():
    """Every play decision of the deal is compared: as many as the deal played through Python has plays."""
    deal = Deal(Rules.preset("qq-2deck"), seed=3, trump="S")
    n, differs = deal._greedy_check(("greedy",) * 4)
    assert differs is None
    plays = 0
    while deal.phase != "done":
        plays += deal.phase == "play"
        deal.act(deal.policy_action("greedy"))
    assert n == plays > 40
    with pytest.raises(ValueError, match="one per seat"):
        deal._greedy_check(("greedy",) * 3)


@pytest.mark.slow
@pytest.mark.parametrize("preset", SYSTEMS)
def test_greedy_equals_the_reference_slow(preset):
    assert _compare(Rules.preset(preset), 1_000_000, seed=2) >= 1_000_000


@pytest.mark.slow
def test_greedy_equals_the_reference_under_varied_options_slow():
    rng = random.Random(6)
    compared = 0
    for i in range(2_000):
        rules = _varied(rng, SYSTEMS[i % len(SYSTEMS)])
        if rules is not None:
            compared += _compare(rules, 500, seed=10_000 + i)
    assert compared >= 500_000
