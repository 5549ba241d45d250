"""Rules-core benchmarks: the C core against the pure-Python reference on the same positions.

Run: ``python -m pytest benchmarks/bench_rules.py`` (outside the default test run). Each round runs
one call per position over a fixed batch; divide the mean by the batch size (shown as
``extra_info.positions``) for the time per call, or read ``extra_info.us_per_call``.
"""

from __future__ import annotations

import random

import pytest

from positions import c, follow_position, trick_position

BATCH = 500


def _follow_batch(decks=2):
    rng = random.Random(2024)
    out = []
    for _ in range(BATCH):
        ctx, hand, lead, play = follow_position(rng, decks)
        out.append((ctx, hand, lead, play, c(hand), c(lead), c(play)))
    return out


def _trick_batch(decks=2):
    rng = random.Random(2025)
    out = []
    for _ in range(BATCH):
        ctx, plays = trick_position(rng, decks)
        out.append((ctx, plays, [c(p) for p in plays]))
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
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.trump.units(cl)
    else:
        def fn():
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.ref.units(lead)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="is_legal_follow")
@pytest.mark.parametrize("impl", IMPLS)
def test_is_legal_follow(benchmark, impl):
    if impl == "core":
        def fn():
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.trump.is_legal_follow(ch, cl, cp)
    else:
        def fn():
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.ref.is_legal_follow(hand, lead, play)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="legal_follows")
@pytest.mark.parametrize("impl", IMPLS)
def test_legal_follows(benchmark, impl):
    if impl == "core":
        def fn():
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.trump.legal_follows(ch, cl, limit=1000)
    else:
        def fn():
            for ctx, hand, lead, play, ch, cl, cp in FOLLOW:
                ctx.ref.legal_follows(hand, lead)
    _run(benchmark, fn)


@pytest.mark.benchmark(group="trick_winner")
@pytest.mark.parametrize("impl", IMPLS)
def test_trick_winner(benchmark, impl):
    if impl == "core":
        def fn():
            for ctx, plays, cplays in TRICKS:
                ctx.trump.trick_winner(cplays)
    else:
        def fn():
            for ctx, plays, cplays in TRICKS:
                ctx.ref.trick_winner(plays)
    _run(benchmark, fn)
