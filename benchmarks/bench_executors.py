"""Matches and engines (issue 24): native matches/s and deals/s inside matches against ``simulate``'s deals/s
(one thread, CPU time), and the throughput of ``simulate`` on 2 Dask worker processes and 2 Ray workers against
2 native threads (wall time), with the chunk size at which an engine's overhead falls under 5 %.

Run: ``python benchmarks/bench_executors.py`` (a JSON summary), or ``python -m pytest
benchmarks/bench_executors.py -s`` (the quick part: matches against simulate).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from typing import Any

from shengji import Rules, simulate, simulate_matches


def _cpu(fn: Any, repeat: int = 3) -> float:
    out = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
    return statistics.median(out)


def _wall(fn: Any, repeat: int = 3) -> float:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def matches_rate(matches: int = 1000) -> dict[str, Any]:
    rules = Rules()
    r = simulate_matches(rules, matches, seed=1, threads=1)
    deals = int(r.deals.sum())
    m_cpu = _cpu(lambda: simulate_matches(rules, matches, seed=1, threads=1))
    s_cpu = _cpu(lambda: simulate(rules, deals, seed=1, threads=1))
    return {"matches_per_s": round(matches / m_cpu), "deals_per_s_in_matches": round(deals / m_cpu),
            "simulate_deals_per_s": round(deals / s_cpu), "deals_per_match": round(deals / matches, 1)}


def _sweep(rules: Rules, games: int, executor: Any, native: float) -> dict[Any, dict[str, float]]:
    """deals/s and the overhead against the native threads' wall time, by chunk size, on one engine."""
    simulate(rules, 16_000, executor=executor, chunk=1000)  # warm the workers (each imports the package)
    sweep: dict[Any, dict[str, float]] = {}
    for chunk in (2_000, 10_000, 50_000, None):
        t = _wall(lambda c=chunk: simulate(rules, games, seed=1, executor=executor, chunk=c), 2)
        sweep["default" if chunk is None else chunk] = {"deals_per_s": round(games / t),
                                                         "overhead": round(t / native - 1, 3)}
    return sweep


def engines(games: int = 400_000) -> dict[str, Any]:
    rules = Rules()
    out: dict[str, Any] = {"games": games}
    native = _wall(lambda: simulate(rules, games, seed=1, threads=2), 3)
    out["native_2_threads_deals_per_s"] = round(games / native)
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover
        LocalCluster = None
    if LocalCluster is not None:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl, \
                Client(cl) as client:
            out["dask_2_workers"] = _sweep(rules, games, client, native)
    try:
        import ray
    except ImportError:  # pragma: no cover
        ray = None
    if ray is not None:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            out["ray_2_workers"] = _sweep(rules, games, ray, native)
        finally:
            ray.shutdown()
    return out


def test_matches_against_simulate(capsys: Any) -> None:
    s = matches_rate(300)
    with capsys.disabled():
        print("\nmatches, one thread, CPU time:", json.dumps(s))
    assert s["matches_per_s"] > 0


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400_000
    print(json.dumps({"cores": os.cpu_count(), "matches": matches_rate(), "engines": engines(games)}, indent=1))
