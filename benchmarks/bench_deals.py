"""Whole-deal benchmarks: native simulate() (random and greedy, 1-4 decks, 1 and 2 threads; every deal
declares its trump, and the 4-deck preset also turns up kitties and grabs them, 炒底) against the
pure-Python reference playing the same deals (the native run's first games).

Run: ``python -m pytest benchmarks/bench_deals.py``. ``extra_info`` holds ``games_per_s`` and
``plays_per_s`` (from the mean time of a round).
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from shengji import Deal, Rules, simulate
from shengji.cli import reference_deals

PRESETS = {1: "qq-1deck", 2: "qq-2deck", 3: "qq-3deck", 4: "4deck"}
GAMES = {"random": 20_000, "greedy": 5_000}


@pytest.mark.benchmark(group="deals-native")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_native_deals(benchmark, policy, decks, threads):
    rules = Rules.preset(PRESETS[decks])
    games = GAMES[policy] // (4 if decks == 4 else 1)
    cpu: list[float] = []

    def run():
        t = time.process_time()
        res = simulate(rules, games, policy=policy, seed=1, threads=threads)
        cpu.append(time.process_time() - t)
        return res

    res = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info.update(games_per_s=games / mean, plays_per_s=int(res.plays.sum()) / mean, games=games,
                                cpu_games_per_s=games / statistics.median(cpu), threads=threads)


@pytest.mark.benchmark(group="deals-reference")
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_reference_deals(benchmark, decks):
    rules = Rules.preset(PRESETS[decks])
    n = 5
    plays = benchmark.pedantic(reference_deals, args=(rules, n, 1), rounds=1, iterations=1)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info.update(games_per_s=n / mean, plays_per_s=plays / mean, games=n)


def _python_api_deals(rules: Rules, n: int) -> int:
    rng = random.Random(3)
    plays = 0
    for seed in range(n):
        d = Deal(rules, seed=seed, trump="declare")
        while d.phase != "done":  # every phase through the one protocol
            if d.phase == "bury":
                d.act(rng.sample(d.hand(d.dealer).indices(), rules.kitty or 0))
            else:
                plays += d.phase == "play"
                d.act(rng.choice(d.legal_actions(limit=300)))
    return plays


@pytest.mark.benchmark(group="deals-python-api")
def test_python_api_deals(benchmark):
    rules = Rules()
    n = 200
    plays = benchmark.pedantic(_python_api_deals, args=(rules, n), rounds=3, iterations=1)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info.update(games_per_s=n / mean, plays_per_s=plays / mean, games=n)
