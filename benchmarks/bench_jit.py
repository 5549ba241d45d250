"""A user policy compiled with numba inside simulate, against the built-in greedy policy, on one core.

Run: ``python -m pytest benchmarks/bench_jit.py -s`` (needs numba). ``extra_info`` holds deals/s of CPU time
(``time.process_time``) for both, and their ratio (the goal: the user policy within 3x of greedy).
"""

from __future__ import annotations

import time

import pytest

from shengji import Rules, jit_policy, simulate
from shengji.jit import STRENGTH, SUIT

pytest.importorskip("numba")


def play_low(position, candidates):
    """The README's example policy: the candidate with the fewest points, then the weakest cards."""
    best, best_key = -1, 1 << 30
    for i in range(candidates.shape[0]):
        pts, strength = 0, 0
        for k in range(54):
            c = candidates[i, k]
            if c:
                r = k % 13 if k < 52 else -1
                pts += c * (5 if r == 3 else 10 if r == 8 or r == 11 else 0)
                strength += c * (position[STRENGTH + k] + (100 if position[SUIT + k] == 4 else 0))
        key = pts * 10000 + strength
        if key < best_key:
            best, best_key = i, key
    return best


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
