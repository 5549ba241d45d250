"""Impossible counts (issue 38, item 6): ``simulate``, ``selfplay`` and ``simulate_matches`` share one maximum count
(``COUNT_MAX``, 2**40), refused beyond it in the API and on the command line before anything runs; on an executor,
``keep="summary"`` chunks are counted in bounded batches; a huge run that fails says so in a line."""

from __future__ import annotations

import concurrent.futures as cf
import subprocess
import sys

import numpy as np
import pytest

from shengji import Rules, selfplay, simulate, simulate_matches
from shengji.base import _files, _validate
from shengji.runs import simulate as simulate_module

R = Rules()
MAX = _validate.COUNT_MAX
RUNS = {"simulate": (simulate, "games"), "selfplay": (selfplay, "games"), "simulate_matches": (simulate_matches,
                                                                                             "matches")}


def test_one_documented_maximum():
    assert MAX == 2**40
    for fn, _ in RUNS.values():
        assert "2**40" in (fn.__doc__ or ""), fn.__name__


@pytest.mark.parametrize("run", sorted(RUNS))
@pytest.mark.parametrize("count", [MAX + 1, 2**64 + 5, 10**19, -1])
def test_beyond_the_maximum_is_refused(run, count):
    fn, name = RUNS[run]
    with pytest.raises(ValueError) as err:
        fn(R, count)
    text = str(err.value)
    assert text.startswith(f"{name} must be an integer 0 .. {MAX:,}"), text
    assert f"got {count:,}" in text


def test_summary_run_beyond_the_maximum_is_refused_before_it_starts():
    with pytest.raises(ValueError, match=r"games must be an integer 0 \.\. 1,099,511,627,776 .*got "
                                         r"18,446,744,073,709,551,621"):
        simulate(R, 2**64 + 5, keep="summary")
    with cf.ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="games must be"):
        simulate(R, MAX + 1, keep="summary", executor=pool)


@pytest.mark.parametrize("run", sorted(RUNS))
@pytest.mark.parametrize("count", [1.0, True, "3", None])
def test_a_count_of_another_type_is_a_type_error(run, count):
    fn, name = RUNS[run]
    with pytest.raises(TypeError, match=f"{name} must be an integer 0 .. {MAX:,}.*not {type(count).__name__}"):
        fn(R, count)


@pytest.mark.parametrize("run", sorted(RUNS))
def test_numpy_counts_are_taken(run):
    fn, _ = RUNS[run]
    assert fn(R, np.int64(2)) == fn(R, 2)


@pytest.mark.parametrize("command,option", [("simulate", "--games"), ("matches", "--matches")])
@pytest.mark.parametrize("value", ["10000000000000000000", str(MAX + 1), "-1"])
def test_cli_refuses_beyond_the_maximum(command, option, value):
    proc = subprocess.run([sys.executable, "-m", "shengji", command, option, value], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr  # one line
    assert proc.stderr.startswith(f"shengji {command}: error: {option} must be 0 .. {MAX:,}"), proc.stderr
    assert f"got {int(value):,}" in proc.stderr


def test_summary_chunks_on_an_executor_keep_no_per_deal_arrays_of_the_chunk(monkeypatch):
    """With memory for one batch (20,000 games) only, a chunk of 20,001 games with keep="summary" runs (it used to
    build the chunk's per-deal arrays and fail telling the user to pass keep='summary')."""
    monkeypatch.setattr(_files, "free_memory", lambda: 20_000 * simulate_module.BYTES_PER_GAME)
    with cf.ThreadPoolExecutor(1) as pool:
        summary = simulate(R, 20_001, policy="random", seed=3, keep="summary", executor=pool, chunk=20_001)
    assert summary.games == 20_001
    with pytest.raises(ValueError, match="keep='summary'"):  # the arrays themselves are still checked
        simulate(R, 20_001, policy="random", seed=3)


class _Failing:
    """A Python bot that fails at its first decision."""

    def choose(self, deal):
        raise RuntimeError("the bot gave up")


def test_a_huge_failing_run_says_so_in_a_line():
    with cf.ThreadPoolExecutor(2) as pool, pytest.raises(RuntimeError) as err:
        simulate(R, MAX, policy=_Failing(), keep="summary", executor=pool, chunk=1)
    text = str(err.value)
    assert "\n" not in text and len(text) < 600, text
    assert "the bot gave up" in text and "not done" in text
    assert f"{MAX - 1:,}" in text or str(MAX - 1) in text  # the span not done reaches the run's end
    assert "keep='summary'" not in text
