"""Learning benchmarks (issues 23, 36): environment steps/s (PettingZoo AEC, Gymnasium SeatEnv, the native
VectorSeatEnv at N = 256 on one and two threads, and PettingZoo's classic connect_four_v3 for scale) and self-play
deals/s and records/s against ``simulate`` on the same deals, one thread, CPU time (``time.process_time``)
beside wall time: medians of ``repeat`` rounds that run ``simulate`` and ``selfplay`` in turn, and the median of
the rounds' ratios (so that both rates of a ratio share the machine's load).

The environments play their first candidate (the vector environment: each sub-environment's, read from the
masks with numpy each step, as a learner's sampling would). VectorSeatEnv is measured with ``copy=False`` (the
arrays it writes in place, as a training loop that copies them into its rollout buffer reads them) and with
``copy=True`` (Gymnasium's default). connect_four_v3 needs pygame (PettingZoo's ``classic`` extra); without it
the summary says so.

Run: ``python -m pytest benchmarks/bench_learning.py -s`` (a summary is printed), or
``python benchmarks/bench_learning.py [GAMES]`` for the summary as JSON (``... envs``: the environments alone).
No BLAS setting is needed: nothing here calls BLAS; numpy's bundled OpenBLAS starts its pool when numpy is
imported and its threads spin for about 0.1 s (some 40-100 ms of CPU time) before they sleep, so the summary
waits for that before it times anything.
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


def _rounds(fns: list[Any], repeat: int = 5) -> list[tuple[list[float], list[float]]]:
    """CPU and wall seconds of each of ``fns`` over ``repeat`` rounds, the functions in turn in each round."""
    out: list[tuple[list[float], list[float]]] = [([], []) for _ in fns]
    for _ in range(repeat):
        for fn, (cpu, wall) in zip(fns, out, strict=True):
            c, w = time.process_time(), time.perf_counter()
            fn()
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
    return out


def _aec_first_legal(env: Any, episodes: int) -> int:
    """Agent steps of ``episodes`` episodes of an AEC environment (reset with seeds 0, 1, ...), each agent playing
    its first legal action."""
    steps = 0
    for i in range(episodes):
        env.reset(seed=i)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
    return steps


def aec_steps(deals: int = 20) -> int:
    return _aec_first_legal(envs.aec_env(seed=1), deals)


def seat_steps(deals: int = 40, observation: str = "full") -> int:
    env = envs.SeatEnv(seed=1, observation=observation)
    steps = 0
    for i in range(deals):
        obs, _ = env.reset(seed=i)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
    return steps


def seat_flat_steps(deals: int = 40) -> int:
    """SeatEnv with the observation VectorSeatEnv gives (``observation="flat"``): the like-for-like baseline."""
    return seat_steps(deals, observation="flat")


def vector_steps(num_envs: int = 256, threads: int = 1, steps: int = 100, copy: bool = False) -> int:
    """Learner steps of a VectorSeatEnv (every sub-environment's step counts, autoresets included)."""
    env = envs.VectorSeatEnv(num_envs, seed=1, threads=threads, copy=copy)
    obs, _ = env.reset()
    for _ in range(steps):
        obs, *_ = env.step(np.argmax(obs["action_mask"], axis=1))
    env.close()
    return steps * num_envs


def classic_steps(games: int = 300) -> int:
    """Agent steps of PettingZoo's connect_four_v3 (AEC, action masks), each agent playing its first legal move."""
    from pettingzoo.classic import connect_four_v3

    return _aec_first_legal(connect_four_v3.env(), games)


def env_summary(num_envs: int = 256, repeat: int = 3) -> dict[str, Any]:
    """Learner steps/s of every environment in one run, CPU and wall (medians of ``repeat``)."""
    out: dict[str, Any] = {}
    fns: list[tuple[str, Any]] = [("aec", aec_steps), ("seat_env", seat_steps), ("seat_env_flat", seat_flat_steps)]
    for threads in (1, 2):
        for copy in (False, True):
            def vec(t: int = threads, c: bool = copy) -> int:
                return vector_steps(num_envs, t, copy=c)
            fns.append((f"vector_env_threads{threads}" + ("_copy" if copy else ""), vec))
    try:
        classic_steps(1)
        fns.append(("pettingzoo_connect_four_v3", classic_steps))
    except ImportError as err:
        out["pettingzoo_connect_four_v3"] = f"not measured: {err}"
    for name, fn in fns:
        steps = fn()
        cpu, wall = _timed(fn, repeat)
        out[name] = {"steps_per_s_cpu": round(steps / cpu), "steps_per_s_wall": round(steps / wall)}
    flat = out["seat_env_flat"]["steps_per_s_cpu"]
    out["vector_env_threads1_vs_seat_env_flat_cpu"] = round(out["vector_env_threads1"]["steps_per_s_cpu"] / flat, 1)
    out["num_envs"] = num_envs
    return out


def summary(games: int = 4000, repeat: int = 5) -> dict[str, Any]:
    time.sleep(0.2)  # numpy's BLAS pool spins for about 0.1 s after numpy's import (module docstring)
    out: dict[str, Any] = {"cores": os.cpu_count(), "games": games, "repeat": repeat, "row_bytes": 784 + 59 + 20}
    for name, fn in (("aec_steps_per_s", aec_steps), ("seat_env_steps_per_s", seat_steps)):
        steps = fn()
        cpu, _ = _timed(fn)
        out[name] = round(steps / cpu)
    out["environments"] = env_summary()
    rules = Rules()
    for policy in ("greedy", "random"):
        def sim(p: str = policy) -> Any:
            return simulate(rules, games, policy=p, seed=1, threads=1)

        def play(p: str = policy) -> Any:
            return selfplay(rules, games, policy=p, seed=1, threads=1)

        rows = len(play())
        sim()
        (sim_cpu, sim_wall), (sp_cpu, sp_wall) = _rounds([sim, play], repeat)
        med = statistics.median
        out[policy] = {"simulate_deals_per_s": round(games / med(sim_cpu)),
                       "selfplay_deals_per_s": round(games / med(sp_cpu)),
                       "ratio": round(med([a / b for a, b in zip(sim_cpu, sp_cpu, strict=True)]), 3),
                       "records_per_s": round(rows / med(sp_cpu)), "rows_per_deal": round(rows / games, 1),
                       "wall_ratio": round(med([a / b for a, b in zip(sim_wall, sp_wall, strict=True)]), 3)}
    return out


def test_learning_summary(capsys: Any) -> None:
    s = summary(2000, 3)
    with capsys.disabled():
        print("\nlearning, one thread, CPU time:", json.dumps(s))
    assert s["greedy"]["records_per_s"] > 0
    assert s["environments"]["vector_env_threads1_vs_seat_env_flat_cpu"] > 1


if __name__ == "__main__":
    if sys.argv[1:] == ["envs"]:  # the environments alone
        time.sleep(0.2)
        print(json.dumps(env_summary(), indent=1))
    else:
        print(json.dumps(summary(int(sys.argv[1]) if len(sys.argv) > 1 else 4000), indent=1))
