"""Packaging and the test layout: `python -m pytest benchmarks` (the README's command) collects every benchmark
suite, the native core says which build it is, and help() on the public API gives real docstrings. (The README's
examples are doctests: tests/project/test_doctests.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import shengji._core as core

ROOT = Path(__file__).resolve().parents[2]


def test_python_m_pytest_benchmarks_collects_every_suite():
    r = subprocess.run([sys.executable, "-m", "pytest", "benchmarks", "--collect-only", "-q", "-p", "no:randomly"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for path in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"benchmarks/{path.name}::" in r.stdout, f"{path.name} is not collected"


def test_the_core_says_how_it_was_built():
    assert core.BUILD in ("x86-64+popcnt", "portable", "native")


def test_help_gives_real_docstrings():
    """help() on the API: simulate, determinize and every public method and property have a docstring."""
    import inspect

    import shengji
    from shengji.observation import Observation
    from shengji.search import Rollouts

    missing = [f.__name__ for f in (shengji.simulate, shengji.determinize, shengji.tournament) if not f.__doc__]
    for cls in (shengji.Deal, shengji.Trump, shengji.Cards, shengji.Declaration, shengji.Match, shengji.Rules,
                shengji.SimResult, Rollouts, Observation):
        for name, obj in inspect.getmembers(cls):
            if name.startswith("_") or not (callable(obj) or isinstance(obj, property) or
                                            type(obj).__name__ == "getset_descriptor"):
                continue
            doc = obj.__doc__
            if not doc or not doc.strip() or doc.startswith(("Return self", "Initialize self")):
                missing.append(f"{cls.__name__}.{name}")
    assert not missing, missing
