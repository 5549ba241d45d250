"""Determinization benchmarks: the native sampler against the pure-Python reference, on mid-game 2-deck
observations with voids shown (the constrained groups are what makes sampling work).

Run: ``python -m pytest benchmarks/bench_determinize.py``. ``extra_info.samples_per_s`` is samples per
second of CPU time on one core (``time.process_time``), beside pytest-benchmark's wall-clock figures.
"""

from __future__ import annotations

import random
import time

import pytest

from shengji import Deal, Rules, determinize
from shengji.testing.placements import sample_placement
from shengji.worlds import hidden_problem, sampler


def _observation(decks: int = 2, plays: int = 40):
    """The mid-game observation (of the seat after the one to move) with the most constrained groups among
    a few seeded random deals."""
    best = None
    for seed in range(30):
        rng = random.Random(seed)
        rules = Rules.preset({2: "qq-2deck", 3: "qq-3deck"}[decks])
        deal = Deal(rules, seed=seed, trump="declare", dealer=seed % 4)
        while deal.phase != "play":
            deal.act(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty) if deal.phase == "bury"
                     else rng.choice(deal.legal_actions()))
        for _ in range(plays):
            deal.act(rng.choice(deal.legal_actions(limit=100)))
        obs = deal.observation((deal.to_move + 1) % 4)
        _, caps, groups, _ = hidden_problem(obs)
        constrained = sum(1 for _, allowed in groups if len(allowed) < len(caps))
        if best is None or constrained > best[0]:
            best = (constrained, obs, caps, groups)
    return best


def _cpu_rate(fn, n):
    t = time.process_time()
    fn()
    return n / (time.process_time() - t)


@pytest.mark.benchmark(group="determinize")
@pytest.mark.parametrize("decks", [2, 3])
def test_native_sampler(benchmark, decks):
    constrained, obs, caps, groups = _observation(decks)
    smp = sampler(obs)
    n = 100_000
    benchmark.pedantic(smp.sample_counts, args=(n, 1), rounds=3, iterations=1)
    benchmark.extra_info.update(samples=n, constrained_groups=constrained, slots=list(caps),
                                samples_per_s_cpu=round(_cpu_rate(lambda: smp.sample_counts(n, 2), n)))


@pytest.mark.benchmark(group="determinize")
@pytest.mark.parametrize("decks", [2, 3])
def test_reference_sampler(benchmark, decks):
    constrained, obs, caps, groups = _observation(decks)
    n = 500
    rng = random.Random(1)

    def run():
        for _ in range(n):
            sample_placement(groups, tuple(caps), rng)

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info.update(samples=n, constrained_groups=constrained, samples_per_s_cpu=round(_cpu_rate(run, n)))


@pytest.mark.benchmark(group="determinize-deal")
def test_determinize_deal(benchmark):
    """A whole sampled world as a Python Deal (the native placement, then the history replayed)."""
    _, obs, _, _ = _observation(2)
    n = 200
    rng = random.Random(1)

    def run():
        for _ in range(n):
            determinize(obs, rng)

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info.update(samples=n, samples_per_s_cpu=round(_cpu_rate(run, n)))
