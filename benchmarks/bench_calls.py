"""Python-call benchmarks: what one call of the Deal API costs from mid-deal 2-deck positions, on one core.

Run: ``python -m pytest benchmarks/bench_calls.py -s``. The positions are ``bench_search.positions(200, seed=0)``
(reached by random legal play, a quarter following a lead of four or more cards). Each call is repeated
``REPEAT`` times per position and timed in CPU time (``time.process_time``, one thread); ``extra_info`` holds
the mean and the median over the positions, in microseconds per call, beside pytest-benchmark's wall-clock
figures. ``determinize`` is measured on an observation already sampled from (its sampler and world template
are built on the first call: ``determinize_new_observation`` times observation plus first world).
``legal_actions`` is measured at the positions where the mover follows (its listing builds no
``Cards`` until an action is looked at: ``touch`` also reads every action), and per action returned.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest
from bench_search import positions

from shengji import determinize

REPEAT = 200


def _per_call(fn: Callable[[Any], Any], deals: list[Any], repeat: int = REPEAT) -> list[float]:
    """CPU microseconds per call of fn(deal), one figure per position."""
    out = []
    for d in deals:
        t = time.process_time()
        for _ in range(repeat):
            fn(d)
        out.append(1e6 * (time.process_time() - t) / repeat)
    return out


def call_costs(n: int = 200) -> dict[str, dict[str, float]]:
    deals = positions(n, seed=0)
    follows = [d for d in deals if d.trick]
    rng = random.Random(1)
    action = {id(d): rng.choice(d.legal_actions()) for d in deals}
    obs = {id(d): d.observation(d.to_move) for d in deals}
    clone = _per_call(lambda d: d.clone(), deals)
    clone_act = _per_call(lambda d: d.clone().act(action[id(d)]), deals)
    legal = _per_call(lambda d: d.legal_actions(), follows)
    touched = _per_call(lambda d: list(d.legal_actions()), follows)
    sizes = [len(d.legal_actions()) for d in follows]
    first = _per_call(lambda d: determinize(d.observation(d.to_move), 7), deals, repeat=5)  # a new observation
    for d in deals:
        determinize(obs[id(d)], 1)  # its sampler and world template are built once per observation
    det = _per_call(lambda d: determinize(obs[id(d)], 7), deals, repeat=50)
    out = {}
    for name, xs in (("clone", clone), ("clone_then_act", clone_act), ("legal_actions_follow", legal),
                     ("legal_actions_follow_touch", touched), ("determinize", det),
                     ("determinize_new_observation", first)):
        out[name] = {"mean_us": round(statistics.fmean(xs), 3), "median_us": round(statistics.median(xs), 3),
                     "positions": len(xs)}
    out["act"] = {"mean_us": round(out["clone_then_act"]["mean_us"] - out["clone"]["mean_us"], 3)}
    out["legal_actions_follow"]["mean_actions"] = round(statistics.fmean(sizes), 1)
    out["determinize"]["per_s"] = round(1e6 / out["determinize"]["mean_us"])
    return out


@pytest.mark.benchmark(group="python-calls")
def test_python_call_costs(benchmark):
    costs = benchmark.pedantic(call_costs, rounds=1, iterations=1)
    benchmark.extra_info.update(costs)
    for name, v in costs.items():
        print(f"\n{name}: {v}", end="")
    print()
