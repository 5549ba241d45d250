"""The greedy play is constructed, not enumerated, and must equal the enumerating rule it replaced.

``csrc/src/sj_reference.c`` keeps the greedy play as first written (list the candidate plays, score each); the
core's greedy (``csrc/src/sj_greedy.c``) builds its answer from the hand, the lead's requirement and the trick's
winner instead. ``Deal._greedy_check`` plays deals to the end natively and compares the two at every play
decision of every seat, whoever plays it, so the positions come from greedy, random and mixed tables: leads
of every unit and throw, follows short and long, partners winning or not, 找朋友 before and after the reveal.
It compares the greedy declaration the same way at every declaring and grabbing decision (泰安's is built from
each joker and suit's longest run instead of the list of every legal declaration).

Every rule system runs: QQ 1-3 decks, the 4-deck system (the 4-deck ladder, wider shapes, level-index order),
泰安 (natural tractors, the highest-trumps follow), 找朋友, and random combinations of the card options on top
of the presets (tests/checks.py). The default run compares a few thousand positions per system; ``--slow``
compares 10^6 per system.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from checks import SYSTEMS, compare, compare_varied, greedy_check  # noqa: E402

from shengji import Deal, Rules  # noqa: E402


@pytest.mark.parametrize("preset", SYSTEMS)
def test_greedy_equals_the_enumerating_reference(preset):
    assert compare(greedy_check, Rules.preset(preset), 3_000, seed=1) >= 3_000


def test_greedy_equals_the_reference_under_varied_options():
    assert compare_varied(greedy_check, random.Random(5), 60, 150, seed=100) >= 5_000


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
    assert compare(greedy_check, Rules.preset(preset), 1_000_000, seed=2) >= 1_000_000


@pytest.mark.slow
def test_greedy_equals_the_reference_under_varied_options_slow():
    assert compare_varied(greedy_check, random.Random(6), 2_000, 500, seed=10_000) >= 500_000
