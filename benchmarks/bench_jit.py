"""A user policy compiled with numba inside simulate, against the built-in greedy policy, on one core.

Run: ``python -m pytest benchmarks/bench_jit.py -s`` (needs numba). ``extra_info`` holds deals/s of CPU time
(``time.process_time``) for both, and their ratio (the goal: the user policy within 3x of greedy).
"""

from __future__ import annotations

import time

import pytest

from shengji import Rules, jit_policy, simulate
from shengji.jit import play_low

pytest.importorskip("numba")


def rates(games: int = 5000, rounds: int = 5) -> dict:
    policy = jit_policy(play_low)
    out = {}
    for name, p in (("greedy", "greedy"), ("jit", policy)):
        best = 0.0
        for _ in range(rounds):
            t = time.process_time()
            simulate(Rules(), games, policy=p, seed=2, threads=1)
            best = max(best, games / (time.process_time() - t))
        out[f"{name}_deals_per_s"] = round(best)
    out["slowdown"] = round(out["greedy_deals_per_s"] / out["jit_deals_per_s"], 2)
    return out


@pytest.mark.benchmark(group="jit-policy")
def test_jit_policy_against_greedy(benchmark):
    info = benchmark.pedantic(rates, rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print(f"\nnumba policy in simulate, one core: {info}")
