"""Match points against the reference (shengji.testing.reference_match, written from the rule texts): the QQ rooms'
积分规则 with the 大光 rooms' match_shutout_points, deal by deal in Match and at the end of native matches;
中国游戏中心's rating tiers and its 3-tier rule at the end of native matches, finished or not."""

from __future__ import annotations

import random

import pytest

from shengji import Match, Rules, match_seed, simulate_matches
from shengji.match import CHINAGAME_TIERS, chinagame_tier
from shengji.testing import reference_match as ref


def test_the_tier_table_and_lookup_are_the_references():
    assert list(CHINAGAME_TIERS) == ref.TIERS
    rng = random.Random(39)
    totals = {t + d for _, t in ref.TIERS for d in (-1, 0, 1)} | {-2**31, -1, 2**31 - 1}
    totals |= {rng.randrange(-1000, 40000) for _ in range(2000)}
    for p in sorted(totals):
        assert chinagame_tier(p) == ref.tier(p), p


QQ = [
    (dict(decks=1, kitty=6, match_points="qq", match_shutout_points=6), (400, 400, 400, 400)),
    (dict(decks=1, kitty=6, match_points="qq"), (90, 80, 300, 150)),
    (dict(decks=1, kitty=6, match_points="qq", match_shutout_points=9, throw_penalty="match_point"),
     (81, 85, 300, 301)),
    (dict(match_points="qq", match_shutout_points=5), (0, 0, 0, 0)),
]


@pytest.mark.parametrize("kw, start", QQ)
def test_qq_points_are_the_references_deal_by_deal(kw, start):
    rules = Rules(**kw)
    shutouts = 0
    for seed in range(3):
        m = Match(rules, seed=seed, points=start)
        seen = []
        while m.winner is None and len(m.history) < 25:
            m.play_deal()
            seen.append(m.points)
        assert seen == ref.qq_totals(rules, start, [(r.dealer, r.result) for r in m.history])
        shutouts += sum(r.result.attacker_points == 0 and r.result.dealer_keeps for r in m.history)
    if rules.decks == 1:
        assert shutouts > 0  # the 大光 rule was exercised


def test_native_qq_matches_are_the_references():
    rules, start = Rules(**QQ[0][0]), QQ[0][1]
    r = simulate_matches(rules, 6, seed=4, points=start, max_deals=30, threads=2)
    for i in range(6):
        m = Match(rules, seed=match_seed(4, i), points=start)
        m.play_all(max_deals=30)
        want = ref.qq_totals(rules, start, [(d.dealer, d.result) for d in m.history])[-1]
        assert tuple(r.points[i]) == want


CHINAGAME_STARTS = [
    (1250, 200, 1250, 200),    # 二年級 against 幼大班: 3 tiers
    (200, 1250, 200, 1250),
    (1250, 450, 1250, 200),    # 學前班 among team 1: 2 tiers
    (28800, 20000, 26450, 0),  # 院士 against 研究生: 2 tiers
    (0, 0, 0, 0),
    (-3, 9800, 49, 8450),
]


@pytest.mark.parametrize("max_deals", [None, 4])
def test_native_chinagame_matches_are_the_references(max_deals):
    rules = Rules.preset("chinagame")
    withheld = losers_above = 0
    for start in CHINAGAME_STARTS:
        r = simulate_matches(rules, 4, seed=11, end_level="5", points=start, max_deals=max_deals, threads=2)
        for i in range(4):
            m = Match(rules, seed=match_seed(11, i), end_level="5", points=start)
            m.play_all(max_deals=max_deals)
            passed = [m.sequence.index(m.levels[t]) + (m.winner == t) for t in (0, 1)]
            failed = [sum(d.result.failed_throws[s] for d in m.history) for s in range(4)]
            want = ref.chinagame_points(start, passed, len(m.history), failed, m.winner)
            assert tuple(r.points[i]) == m.points == want
            if m.winner is not None:
                tiers = [ref.tier_rank(p) for p in start]
                withheld += min(tiers[m.winner::2]) - max(tiers[1 - m.winner::2]) >= 3
                losers_above += min(tiers[1 - m.winner::2]) - max(tiers[m.winner::2]) >= 3
    if max_deals is None:
        assert withheld > 0 and losers_above > 0
