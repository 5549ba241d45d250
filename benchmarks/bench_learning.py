"""Learning benchmarks (issue 23): environment steps/s (PettingZoo AEC, Gymnasium SeatEnv) and self-play
records/s against ``simulate`` on the same deals, one thread, CPU time (``time.process_time``) beside wall time.

Run: ``python -m pytest benchmarks/bench_learning.py -s`` (a summary is printed), or
``python benchmarks/bench_learning.py`` for the summary as JSON. Set ``OPENBLAS_NUM_THREADS=1``: numpy's BLAS
threads otherwise spin in the background and count in the process's CPU time.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from typing import Any

import numpy as np

from shengji import Rules, envs, selfplay, simulate


def _timed(fn: Any, repeat: int = 3) -> tuple[float, float]:
    """Median CPU and wall seconds of ``fn()`` over ``repeat`` runs."""
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def aec_steps(deals: int = 20) -> int:
    env = envs.aec_env(seed=1)
    steps = 0
    for i in range(deals):
        env.reset(seed=i)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
    return steps


def seat_steps(deals: int = 40) -> int:
    env = envs.SeatEnv(seed=1)
    steps = 0
    for i in range(deals):
        obs, _ = env.reset(seed=i)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
    return steps


def summary(games: int = 4000) -> dict[str, Any]:
    out: dict[str, Any] = {"cores": os.cpu_count(), "games": games, "row_bytes": 784 + 59 + 20}
    for name, fn in (("aec_steps_per_s", aec_steps), ("seat_env_steps_per_s", seat_steps)):
        steps = fn()
        cpu, _ = _timed(fn)
        out[name] = round(steps / cpu)
    rules = Rules()
    for policy in ("greedy", "random"):
        def sim(p: str = policy) -> Any:
            return simulate(rules, games, policy=p, seed=1, threads=1)

        def play(p: str = policy) -> Any:
            return selfplay(rules, games, policy=p, seed=1, threads=1)

        sim_cpu, sim_wall = _timed(sim)
        rows = len(play())
        sp_cpu, sp_wall = _timed(play)
        out[policy] = {"simulate_deals_per_s": round(games / sim_cpu), "selfplay_deals_per_s": round(games / sp_cpu),
                       "ratio": round(sim_cpu / sp_cpu, 3), "records_per_s": round(rows / sp_cpu),
                       "rows_per_deal": round(rows / games, 1), "wall_ratio": round(sim_wall / sp_wall, 3)}
    return out


def test_learning_summary(capsys: Any) -> None:
    s = summary(2000)
    with capsys.disabled():
        print("\nlearning, one thread, CPU time:", json.dumps(s))
    assert s["greedy"]["records_per_s"] > 0


if __name__ == "__main__":
    print(json.dumps(summary(int(sys.argv[1]) if len(sys.argv) > 1 else 4000), indent=1))
