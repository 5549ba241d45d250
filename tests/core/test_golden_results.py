"""Whole runs give the results they gave when recorded: simulate arrays (greedy, random and mixed tables),
self-play records, native matches, a deal's history with its search candidates and PIMC/ISMCTS choices, for
every preset. The digests in tests/golden/results.json were recorded before the greedy policy, the candidate
classes and the rules' hot paths were rewritten for speed (docs/MODEL.md §10): a faster path gives the same
answers. Regenerate only for an intended change of results (tests/golden/results.py says how)."""

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import results as golden  # noqa: E402

RECORDED = json.loads((GOLDEN / "results.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", sorted(RECORDED))
def test_results_unchanged(preset):
    assert golden.results(preset) == RECORDED[preset]


def test_every_preset_is_recorded():
    from shengji import Rules
    assert sorted(RECORDED) == sorted(Rules.presets())
