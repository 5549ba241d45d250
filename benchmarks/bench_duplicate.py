"""A duplicate match of PIMC(64) against Greedy (long: minutes; ``python -m pytest benchmarks/bench_duplicate.py -s``).

Each deal is played twice from the same cards: once with PIMC on seats 0+2 and Greedy on 1+3, once with the
teams' seats swapped. A deal's score is PIMC's team's level result (levels it gains minus levels the other
team gains) averaged over the two seatings; ``extra_info`` holds the mean with its 95 % interval (normal
approximation over deals). ``SHENGJI_DUPLICATE_DEALS`` sets the number of deals (default 100, about a
minute and a half on 2 cores; the closing note of issue 8 quotes 300).
"""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

from shengji import Rules, bots, simulate
from shengji.simulate import mean_interval


def team_levels(res, team: int) -> np.ndarray:
    """Per game, the levels `team` gains minus the levels the other team gains."""
    dealer_side = np.where(res.dealer % 2 == team, 1, -1)
    return dealer_side * (res.dealer_levels.astype(np.int64) - res.attacker_levels.astype(np.int64))


def duplicate(deals: int, worlds: int = 64, seed: int = 11) -> dict:
    pimc = bots.PIMC(worlds=worlds, seed=seed)
    t = time.perf_counter()
    a = simulate(Rules(), deals, policy=[pimc, "greedy", pimc, "greedy"], seed=seed)
    b = simulate(Rules(), deals, policy=["greedy", pimc, "greedy", pimc], seed=seed)
    assert np.array_equal(a.dealer, b.dealer)
    score = (team_levels(a, 0) + team_levels(b, 1)) / 2
    mean, low, high = (float(v) for v in mean_interval(score))
    points = (np.where(a.dealer % 2 == 1, a.attacker_points, -a.attacker_points).astype(float)
              + np.where(b.dealer % 2 == 0, b.attacker_points, -b.attacker_points)) / 2
    return {"deals": deals, "worlds": worlds, "mean_levels": mean, "low": low, "high": high,
            "mean_attacker_points_edge": float(points.mean()), "seconds": time.perf_counter() - t,
            "cores": os.cpu_count()}


@pytest.mark.benchmark(group="duplicate")
def test_greedy_against_random(benchmark):
    """The same measure for the native policies (fast): SHENGJI_DUPLICATE_DEALS deals, at least 500."""
    from shengji import tournament

    deals = max(500, int(os.environ.get("SHENGJI_DUPLICATE_DEALS", "100")))
    res = benchmark.pedantic(tournament, args=(Rules(), {"greedy": "greedy", "random": "random"}, deals),
                             kwargs={"seed": 11}, rounds=1, iterations=1)
    m, lo, hi = res.advantage("greedy", "random")
    benchmark.extra_info.update(deals=deals, mean_levels=m, low=lo, high=hi)
    print(f"\nGreedy vs Random, duplicate: {deals} deals, {m:+.3f} levels a deal (95 % CI {lo:+.3f} .. {hi:+.3f})")


@pytest.mark.benchmark(group="duplicate")
def test_pimc_against_greedy(benchmark):
    deals = int(os.environ.get("SHENGJI_DUPLICATE_DEALS", "100"))
    info = benchmark.pedantic(duplicate, args=(deals,), rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print(f"\nPIMC(64) vs Greedy, duplicate: {info}")
