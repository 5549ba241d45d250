import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))


def pytest_addoption(parser):
    group = parser.getgroup("shengji speed", "bench_speed.py: this build against a baseline build")
    group.addoption("--baseline", metavar="PYTHON", default=None,
                    help="the Python of a baseline build: bench_speed.py reports this build's rates as a ratio "
                         "against it, measured interleaved in separate processes")
    group.addoption("--speed-json", metavar="FILE", default=None,
                    help="bench_speed.py: write the summary (rates, ratios, the builds) to FILE as JSON")
    group.addoption("--speed-pairs", metavar="N", type=int, default=3,
                    help="bench_speed.py: processes per build and case (interleaved A B A B ...; default 3)")
    group.addoption("--speed-rounds", metavar="N", type=int, default=2,
                    help="bench_speed.py: measured rounds per process, after one warm-up round (default 2)")
    group.addoption("--speed-scale", metavar="X", type=float, default=1.0,
                    help="bench_speed.py: scale every case's deals a round (e.g. 0.05 for a quick check)")


def pytest_configure(config):
    baseline = config.getoption("--baseline", None)
    if baseline and not (os.path.isfile(baseline) and os.access(baseline, os.X_OK)):
        raise pytest.UsageError(f"--baseline {baseline}: not an executable file (give the baseline build's Python)")
