"""The search's candidates by class are generated directly and must equal those found by listing every play.

Search (PIMC, ISMCTS, the exact endgame) and the self-play records take one play per class of equivalent plays
(docs/MODEL.md §10). They were found by listing every legal play (up to 4,096) and grouping them; the core now
walks only the first play of each class (a follow's or a unit's canonical member, a throw's member with the
fewest low copies; under 泰安's highest-trumps rule the first legal one), listing and grouping only where more than
4,096 plays could be legal. ``Deal._candidates_check`` plays deals natively and compares the two at every decision
but burying, the chosen action's candidate (the records' ``choice``) included, over greedy, random and mixed tables
of every system and varied card options; ``--slow`` compares 10^6 decisions per system.
"""

from __future__ import annotations

import random

import pytest
from test_greedy_construct import LEVELS, OPTION_VALUES, SYSTEMS, TABLES

from shengji import Deal, Rules


def _compare(rules: Rules, decisions: int, seed: int) -> int:
    compared, i = 0, 0
    while compared < decisions:
        table = TABLES[i % len(TABLES)]
        deal = Deal(rules, seed=seed * 1_000_003 + i, trump="declare", level=LEVELS[i % len(LEVELS)])
        n, differs = deal._candidates_check(table, seed=seed + i)
        assert differs is None, (
            f"{rules!r} seed {seed * 1_000_003 + i} table {table}: at {differs[3]!r} (seat {differs[3].to_move}, "
            f"trick {differs[3].trick}) the direct candidates {[str(c) for c in differs[0]]} (choice "
            f"{differs[2][0]}) differ from the listed ones {[str(c) for c in differs[1]]} (choice {differs[2][1]})")
        compared += n
        i += 1
    return compared


@pytest.mark.parametrize("preset", SYSTEMS)
def test_direct_candidates_equal_the_listed_ones(preset):
    assert _compare(Rules.preset(preset), 3_000, seed=1) >= 3_000


def test_direct_candidates_under_varied_options():
    rng = random.Random(7)
    compared = 0
    for i in range(60):
        changes = {name: rng.choice(values) for name, values in OPTION_VALUES.items() if rng.random() < 0.5}
        try:
            rules = Rules.preset(SYSTEMS[i % len(SYSTEMS)]).replace(**changes)
        except ValueError:
            continue
        compared += _compare(rules, 150, seed=200 + i)
    assert compared >= 5_000


def test_the_candidates_check_reports_a_position():
    deal = Deal(Rules.preset("qq-2deck"), seed=4, trump="H")
    n, differs = deal._candidates_check(("random",) * 4, seed=1)
    assert differs is None and n > 50
    assert deal.phase == "bury"  # the deal itself is left as it was
    with pytest.raises(ValueError, match="one per seat"):
        deal._candidates_check(("greedy",) * 5)


@pytest.mark.slow
@pytest.mark.parametrize("preset", SYSTEMS)
def test_direct_candidates_slow(preset):
    assert _compare(Rules.preset(preset), 1_000_000, seed=2) >= 1_000_000
