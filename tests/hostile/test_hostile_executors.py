"""Hostile cases of runs on an engine: what comes back is checked (a chunk returning fewer games than its range
is an error naming it), ``chunk=0`` is refused everywhere (with an executor or without), a run names its
engine and workers in its meta and summary, a stalled run can be given up with ``timeout=``, failures say what
the engine reported, ``selfplay(out=DIR, executor=X)`` streams the chunks to DIR, and a process pool's workers
do not outlive a killed or interrupted parent."""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import subprocess
import sys
import textwrap
import time

import children
import numpy as np
import pytest

import shengji
from shengji import Rules, SimResult, advise_bury, selfplay, simulate, simulate_matches, tournament
from shengji.records import Records
from shengji.simulate import FIELDS


def _truncate(value):
    """A chunk's result with its last game dropped (what a broken engine or a buggy proxy could hand back)."""
    if isinstance(value, SimResult):
        return SimResult(**{n: getattr(value, n)[:-1] for n in FIELDS},
                         meta=value.meta)
    if isinstance(value, shengji.MatchResult):
        return shengji.MatchResult(value.winner[:-1], value.deals[:-1], value.final_levels[:-1],
                                   None if value.points is None else value.points[:-1], value.kept[:-1],
                                   meta=value.meta)
    if isinstance(value, Records):
        keep = value.game != value.game.max()
        meta = dict(value.meta, games=value.meta["games"] - 1)
        return Records(**{a: getattr(value, a)[keep] for a in ("game", "seat", "phase", "n_candidates", "choice",
                                                                 "returns", "points", "codes", "action_codes")},
                       candidate_start=value.candidate_start[:int(keep.sum()) + 1],
                       candidate_codes=value.candidate_codes, meta=meta)
    raise AssertionError(type(value))


class Truncating(cf.ThreadPoolExecutor):
    """A thread pool whose results lose their last game."""

    def submit(self, fn, /, *args, **kwargs):
        return super().submit(lambda: _truncate(fn(*args, **kwargs)))


@pytest.mark.parametrize("run", [
    lambda ex: simulate(Rules(), 50, executor=ex, chunk=10),
    lambda ex: simulate_matches(Rules(), 6, executor=ex, chunk=3),
    lambda ex: selfplay(Rules(), 6, executor=ex, chunk=3),
])
def test_a_chunk_that_returns_fewer_games_is_named(run) -> None:
    with Truncating(2) as ex:
        with pytest.raises(RuntimeError, match=r"\d+ \.\. \d+: the chunk returned \d+ where its range holds"):
            run(ex)


@pytest.mark.parametrize("chunk", [0, -1, True, 1.5, "3"])
@pytest.mark.parametrize("with_executor", [False, True])
def test_chunk_zero_is_refused_everywhere(chunk, with_executor: bool, tmp_path) -> None:
    with cf.ThreadPoolExecutor(1) as pool:
        ex = pool if with_executor else None
        calls = [
            lambda: simulate(Rules(), 4, executor=ex, chunk=chunk),
            lambda: simulate(Rules(), 4, executor=ex, chunk=chunk, keep="summary"),
            lambda: simulate_matches(Rules(), 2, executor=ex, chunk=chunk),
            lambda: selfplay(Rules(), 2, executor=ex, chunk=chunk),
            lambda: selfplay(Rules(), 2, executor=ex, chunk=chunk, out=tmp_path / "rec"),
            lambda: tournament(Rules(), {"a": "greedy", "b": "random"}, 2, executor=ex, chunk=chunk),
            lambda: advise_bury(Rules(), "AS AS KS KS QS QS JS JS 10S 10S 9S 9S 8S 8S 7S 7S 6S 6S 5S 5S 4S 4S "
                                "3S 3S 2S 2S AH AH KH KH QH QH 3D", games=2, executor=ex, chunk=chunk, level="2",
                                trump="S", candidates=[["3D", "2S", "2S", "3S", "3S", "4S", "4S", "5S"]]),
        ]
        for call in calls:
            with pytest.raises((TypeError, ValueError), match="chunk"):
                call()


def test_a_run_on_an_executor_names_the_engine() -> None:
    with cf.ThreadPoolExecutor(2) as pool:
        r = simulate(Rules(), 40, executor=pool, chunk=10)
        assert r.meta["executor"] == "ThreadPoolExecutor, 2 workers"
        assert "threads" not in r.meta
        assert "ThreadPoolExecutor, 2 workers" in r.summary() and "threads: 1" not in r.summary()
        s = simulate(Rules(), 40, executor=pool, chunk=10, keep="summary")
        assert s.meta["executor"] == "ThreadPoolExecutor, 2 workers" and "threads" not in s.meta
        m = simulate_matches(Rules(), 4, executor=pool, chunk=2)
        assert m.meta["executor"] == "ThreadPoolExecutor, 2 workers"
        rec = selfplay(Rules(), 4, executor=pool, chunk=2)
        assert rec.meta["executor"] == "ThreadPoolExecutor, 2 workers"
    assert simulate(Rules(), 4, threads=2).meta["threads"] == 2


def test_timeout_gives_up_a_stalled_run() -> None:
    with cf.ThreadPoolExecutor(1) as pool:
        t = time.monotonic()
        with pytest.raises(TimeoutError, match=r"no chunk finished in 0\.05 s"):
            simulate(Rules(), 20_000, executor=pool, chunk=20_000, timeout=0.05)
        assert time.monotonic() - t < 0.5
    for bad in (0, -1, float("nan"), "1", True):
        with pytest.raises(ValueError, match="timeout"):
            simulate(Rules(), 4, executor=cf.ThreadPoolExecutor(1), timeout=bad)
    with pytest.raises(ValueError, match="timeout"):
        simulate(Rules(), 4, timeout=5)  # nothing to wait for without an executor: refused, not ignored


def test_selfplay_out_streams_the_chunks_of_an_executor(tmp_path) -> None:
    with cf.ThreadPoolExecutor(2) as pool:
        stored = selfplay(Rules(), 9, seed=4, executor=pool, chunk=4, out=tmp_path / "rec")
    assert sorted(p.name for p in (tmp_path / "rec").glob("chunk_*.npz")) == [
        "chunk_000000.npz", "chunk_000001.npz", "chunk_000002.npz"]
    assert stored.load() == selfplay(Rules(), 9, seed=4, threads=1)


@pytest.mark.parametrize("executor", [5, "pool", object()])
def test_selfplay_refuses_what_is_not_an_executor(executor, tmp_path) -> None:
    for out in (None, tmp_path / "rec"):
        with pytest.raises(TypeError, match="executor"):
            selfplay(Rules(), 2, executor=executor, out=out)


_POOL_PARENT = """
import os, sys, threading, time
from concurrent.futures import ProcessPoolExecutor
import shengji
pool = ProcessPoolExecutor(2)
def report():
    while len(pool._processes) < 2:
        time.sleep(0.05)
    time.sleep(0.5)
    print(" ".join(str(p) for p in pool._processes), flush=True)
threading.Thread(target=report, daemon=True).start()
try:
    shengji.simulate(shengji.Rules(), 2_000_000, executor=pool, chunk=20_000)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    pool.shutdown(wait=True, cancel_futures=True)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGINT"])
def test_a_process_pool_leaves_no_orphans(how: str) -> None:
    p = children.popen([sys.executable, "-c", textwrap.dedent(_POOL_PARENT)], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    pids = [int(x) for x in p.stdout.readline().split()]
    assert len(pids) == 2 and all(_alive(x) for x in pids)
    p.send_signal(getattr(signal, how))
    p.wait(timeout=20)
    deadline = time.monotonic() + 5
    while any(_alive(x) for x in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [x for x in pids if _alive(x)]
    for x in left:
        os.kill(x, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent ({how})"
    if how == "SIGINT":
        assert "interrupted" in p.stdout.read()


def test_the_chunked_local_run_is_unchanged() -> None:
    """The pool-worker wrapper changes nothing in what a chunk computes."""
    with cf.ProcessPoolExecutor(2) as pool:
        a = simulate(Rules(), 300, seed=9, executor=pool, chunk=70)
    b = simulate(Rules(), 300, seed=9, threads=1)
    assert a == b
    assert np.array_equal(a.attacker_points, b.attacker_points)
