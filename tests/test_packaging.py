"""Packaging and the test layout (issue 13): the benchmark suites are collected by the README's command, the
native core says how it was built and refuses a CPU it cannot run on rather than crashing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import shengji._core as core

ROOT = Path(__file__).resolve().parent.parent


def test_python_m_pytest_benchmarks_collects_every_suite():
    r = subprocess.run([sys.executable, "-m", "pytest", "benchmarks", "--collect-only", "-q", "-p", "no:randomly"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for path in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"benchmarks/{path.name}::" in r.stdout, f"{path.name} is not collected"


def test_the_core_says_how_it_was_built():
    assert core.BUILD in ("x86-64+popcnt", "portable", "native")
