"""The search's candidates by class are generated directly and must equal those found by listing every play.

Search (PIMC, ISMCTS, the exact endgame) and the self-play records take one play per class of equivalent plays
(docs/MODEL.md §10, §12). They were found by listing every legal play (up to 4,096) and grouping them; the core now
walks only the first play of each class (a follow's or a unit's canonical member, a throw's member with the
fewest low copies; under 泰安's highest-trumps rule the first legal one), listing and grouping only where more than
4,096 plays could be legal. ``Deal._candidates_check`` plays deals natively and compares the two at every decision
but burying, the chosen action's candidate (the records' ``choice``) included, over greedy, random and mixed tables
of every system and varied card options (tests/checks.py); ``--slow`` compares 10^6 decisions per system.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from checks import SYSTEMS, candidates_check, compare, compare_varied  # noqa: E402

from shengji import Deal, Rules  # noqa: E402


@pytest.mark.parametrize("preset", SYSTEMS)
def test_direct_candidates_equal_the_listed_ones(preset):
    assert compare(candidates_check, Rules.preset(preset), 3_000, seed=1) >= 3_000


def test_direct_candidates_under_varied_options():
    assert compare_varied(candidates_check, random.Random(7), 60, 150, seed=200) >= 5_000


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
    assert compare(candidates_check, Rules.preset(preset), 1_000_000, seed=2) >= 1_000_000


@pytest.mark.slow
def test_direct_candidates_under_varied_options_slow():
    assert compare_varied(candidates_check, random.Random(8), 2_000, 500, seed=20_000) >= 500_000
