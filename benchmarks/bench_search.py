"""Search benchmarks: one PIMC decision (64 worlds) from mid-deal 2-deck positions, on one core.

Run: ``python -m pytest benchmarks/bench_search.py -s``. Positions are reached by random legal play from
seeded deals (so long throws and void followers occur), at a random point of the play phase; a quarter of
them are chosen where the mover follows a lead of four or more cards. ``extra_info`` holds the median and
worst CPU time per decision (``time.process_time``, one thread) over the positions, and the position count.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from shengji import Deal, Rules, bots


def positions(n: int = 200, seed: int = 0) -> list[Deal]:
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < n:
        deal = Deal(Rules(), seed=rng.randrange(2**32), dealer=rng.randrange(4))
        g = bots.Greedy()
        while deal.phase != "play":
            deal.act(g.choose(deal))
        stop = rng.randrange(4 * deal.hand_size - 8)
        long_lead = len(out) % 4 == 0
        for _ in range(stop):
            if deal.phase != "play":
                break
            deal.act(rng.choice(deal.legal_actions(limit=200)))
        while long_lead and deal.phase == "play" and not (deal.trick and len(deal.trick[0]) >= 4):
            if not deal.trick and rng.random() < 0.5:  # try a long lead: a whole suit
                hand, t = deal.hand(deal.to_move), deal.trump_context
                suit = t.effective_suit(rng.choice(hand.indices()))
                deal.act([k for k in hand.indices() if t.effective_suit(k) == suit])
            else:
                deal.act(rng.choice(deal.legal_actions(limit=200)))
        if deal.phase == "play":
            out.append(deal)
    return out


def decision_times(policy: str, worlds: int = 64, n: int = 200) -> list[float]:
    bot = bots.PIMC(worlds=worlds, policy=policy, threads=1)
    times = []
    for deal in positions(n):
        t = time.process_time()
        bot.choose(deal)
        times.append(time.process_time() - t)
    return times


@pytest.mark.benchmark(group="pimc-decision")
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_pimc_decision(benchmark, policy):
    times = benchmark.pedantic(decision_times, args=(policy,), rounds=1, iterations=1)
    info = {"positions": len(times), "median_ms": 1e3 * statistics.median(times), "worst_ms": 1e3 * max(times),
            "p90_ms": 1e3 * sorted(times)[int(0.9 * len(times))]}
    benchmark.extra_info.update(info)
    print(f"\nPIMC(64, {policy}) decision, one core: {info}")
