"""Rules-core benchmarks: the C core against the pure-Python reference on the same positions.

Run: ``python -m pytest benchmarks/bench_rules.py`` (outside the default test run). Each round runs
one call per position over a fixed batch; divide the mean by the batch size (shown as
``extra_info.positions``) for the time per call, or read ``extra_info.us_per_call``.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest
from positions import c, follow_position, trick_position

BATCH = 500


class Follow(NamedTuple):
    ctx: Any
    hand: list[int]
    lead: list[int]
    play: list[int]
    chand: Any
    clead: Any
    cplay: Any


class Trick(NamedTuple):
    ctx: Any
    plays: list[list[int]]
    cplays: list[Any]


def _follow_batch(decks=2):
    rng = random.Random(2024)
    out = []
    for _ in range(BATCH):
        ctx, hand, lead, play = follow_position(rng, decks)
        out.append(Follow(ctx, hand, lead, play, c(hand), c(lead), c(play)))
    return out


def _trick_batch(decks=2):
    rng = random.Random(2025)
    out = []
    for _ in range(BATCH):
        ctx, plays = trick_position(rng, decks)
        out.append(Trick(ctx, plays, [c(p) for p in plays]))
    return out


FOLLOW = _follow_batch()
TRICKS = _trick_batch()
IMPLS = ["core", "reference"]


def _run(benchmark, fn):
    benchmark.extra_info["positions"] = BATCH
    benchmark(fn)
    benchmark.extra_info["us_per_call"] = benchmark.stats.stats.mean / BATCH * 1e6


@pytest.mark.benchmark(group="units")
@pytest.mark.parametrize("impl", IMPLS)
def test_units(benchmark, impl):
    if impl == "core":
        def fn():
            for p in FOLLOW:
                p.ctx.trump.units(p.clead)
    else:
        def fn():
            for p in FOLLOW:
                p.ctx.ref.units(p.lead)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="is_legal_follow")
@pytest.mark.parametrize("impl", IMPLS)
def test_is_legal_follow(benchmark, impl):
    if impl == "core":
        def fn():
            for p in FOLLOW:
                p.ctx.trump.is_legal_follow(p.chand, p.clead, p.cplay)
    else:
        def fn():
            for p in FOLLOW:
                p.ctx.ref.is_legal_follow(p.hand, p.lead, p.play)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="legal_follows")
@pytest.mark.parametrize("impl", IMPLS)
def test_legal_follows(benchmark, impl):
    if impl == "core":
        def fn():
            for p in FOLLOW:
                p.ctx.trump.legal_follows(p.chand, p.clead, limit=1000)
    else:
        def fn():
            for p in FOLLOW:
                p.ctx.ref.legal_follows(p.hand, p.lead)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="trick_winner")
@pytest.mark.parametrize("impl", IMPLS)
def test_trick_winner(benchmark, impl):
    if impl == "core":
        def fn():
            for t in TRICKS:
                t.ctx.trump.trick_winner(t.cplays)
    else:
        def fn():
            for t in TRICKS:
                t.ctx.ref.trick_winner(t.plays)
    _run(benchmark, fn)
