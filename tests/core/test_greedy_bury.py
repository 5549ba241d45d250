"""Greedy buries as a player does (csrc/src/sj_greedy.c, sj_greedy_bury): short plain suits are voided with their
points, trumps and high cards are kept, and no point card goes down but with its whole suit; under 泰安 no point
card at all. The classic burial (csrc/src/sj_reference.c) stays as the reference a duplicate tournament holds it
against (benchmarks/bench_bots.py burial)."""

from __future__ import annotations

import pytest

from shengji import Deal, IllegalMove, Rules, _core, points, simulate


def _bury_phase(preset: str, seed: int) -> Deal:
    d = Deal(Rules.preset(preset), seed=seed, dealer=seed % 4)
    while d.phase != "bury" and d.phase != "done":
        d.act(d.policy_action("greedy"))
    return d


def _suits(d: Deal, cards) -> dict[str, list[int]]:
    t, out = d.trump_context, {}
    for k in cards.indices():
        out.setdefault(t.effective_suit(k), []).append(k)
    return out


@pytest.mark.parametrize("preset", ["qq-2deck", "qq-3deck", "4deck", "bianfeng-friend", "chinagame"])
def test_point_cards_go_down_only_with_their_whole_suit(preset):
    voided = 0
    for seed in range(60):
        d = _bury_phase(preset, seed)
        if d.phase != "bury":
            continue
        hand, burier = d.hand(d.to_move), d.to_move
        buried = d.policy_action("greedy")
        assert len(buried) == d.rules.kitty and d.is_legal(buried)
        kept = _suits(d, hand - buried)
        for suit, kinds in _suits(d, buried).items():
            if suit != "T" and any(points([k]) for k in kinds):
                assert suit not in kept, (seed, suit)  # its points went down with the whole suit
                voided += 1
        t = d.trump_context
        for suit, kinds in _suits(d, buried).items():
            if suit != "T" and suit not in kept:  # a voided suit held neither a pair nor its ace (on these deals)
                top = max((k for k in range(54) if t.effective_suit(k) == suit), key=t.position)
                assert all(kinds.count(k) == 1 for k in kinds) and top not in kinds, (seed, suit)
        assert burier == d.to_move
    if preset in ("qq-2deck", "bianfeng-friend"):
        assert voided >= 5  # it does void suits with points


def test_taian_never_buries_a_point_card():
    for seed in range(40):
        d = _bury_phase("taian", seed)
        if d.phase == "bury":
            assert points(d.policy_action("greedy")) == 0


def test_the_kitty_points_are_a_real_distribution_and_the_classic_burial_stays():
    res = simulate(Rules(), 4000, seed=3, policy="greedy")
    share = float((res.kitty_points > 0).mean())
    assert 0.2 < share < 0.6 and res.kitty_points.max() >= 20  # (the classic burial: 0 in every deal)
    d = _bury_phase("qq-2deck", 1)
    classic = _core.classic_greedy_bury(d)
    assert len(classic) == 8 and points(classic) == 0 and d.is_legal(classic)
    d.act(classic)
    with pytest.raises(IllegalMove, match="not allowed in the play phase"):
        _core.classic_greedy_bury(d)
