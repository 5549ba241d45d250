"""Golden playthroughs: the recorded seeded deals replay exactly (see tests/playthroughs/generate.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "playthroughs"))
import generate  # noqa: E402


@pytest.mark.parametrize("case", generate.CASES, ids=[f"{c[0]}-seed{c[1]}" for c in generate.CASES])
def test_playthrough_unchanged(case):
    stored = generate.path_of(case).read_text(encoding="utf-8")
    assert generate.record(*case) == stored, (
        "behaviour changed: regenerate with python tests/playthroughs/generate.py and review the diff")
