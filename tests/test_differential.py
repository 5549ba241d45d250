"""Differential tests: the C core against the pure-Python reference on random positions.

Every deck count (1-4), random levels and trump suits (no trump included) and random values of every
rules option. The default run checks 5,000 positions per deck count and operation (20,000 per
operation); ``--slow`` checks 10^6 per deck count.
"""

from __future__ import annotations

import random

import pytest
from positions import (
    c,
    follow_position,
    norm,
    one_suit_subset,
    random_context,
    throw_position,
    trick_position,
)

from shengji import Rules
from shengji.reference import level_outcome as ref_level_outcome

DECKS = (1, 2, 3, 4)
FAST = 5_000
SLOW = 1_000_000


def describe(ctx) -> str:
    r = ctx.rules
    return (f"decks={r.decks} level={ctx.level} suit={ctx.suit} constants={r.constant_ranks} "
            f"ladder={r.follow_ladder} protection={r.follow_protection} taian={r.taian_trump_follow} "
            f"failed={r.failed_throw} compare={r.trick_compare} kitty={r.kitty_multiplier}")


def run(check, decks: int, n: int, seed: int):
    rng = random.Random(seed * 1000 + decks)
    for i in range(n):
        msg = check(rng, decks)
        if msg:
            pytest.fail(f"position {i} (decks={decks}): {msg}")


def check_units(rng, decks):
    ctx = random_context(rng, decks)
    cards = one_suit_subset(ctx, ctx.draw(rng.randint(1, 30)), 30)
    if not cards:
        return None
    got = [(u.kind, u.width, u.length, u.cards.indices()) for u in ctx.trump.units(c(cards))]
    want = [(k, w, ln, norm(cs)) for k, w, ln, cs in ctx.ref.units(cards)]
    if got != want:
        return f"units({c(cards)}): C {got} != reference {want}; {describe(ctx)}"
    if ctx.trump.is_tractor(c(cards)) != ctx.ref.is_tractor(cards):
        return f"is_tractor({c(cards)}) differs; {describe(ctx)}"
    return None


def check_is_legal_follow(rng, decks):
    ctx, hand, lead, play = follow_position(rng, decks)
    got = ctx.trump.is_legal_follow(c(hand), c(lead), c(play))
    want = ctx.ref.is_legal_follow(hand, lead, play)
    if got != want:
        return (f"is_legal_follow(hand={c(hand)}, lead={c(lead)}, play={c(play)}): C {got} != reference {want}; "
                f"{describe(ctx)}")
    return None


def check_legal_follows(rng, decks):
    ctx, hand, lead, _ = follow_position(rng, decks, max_lead=5)
    got = {cs.indices() for cs in ctx.trump.legal_follows(c(hand), c(lead))}
    want = {norm(p) for p in ctx.ref.legal_follows(hand, lead)}
    if got != want:
        return (f"legal_follows(hand={c(hand)}, lead={c(lead)}): only C {sorted(got - want)[:5]}, "
                f"only reference {sorted(want - got)[:5]}; {describe(ctx)}")
    return None


def check_check_throw(rng, decks):
    ctx, lead, others = throw_position(rng, decks)
    r = ctx.trump.check_throw(c(lead), [c(o) for o in others])
    ok, played = ctx.ref.check_throw(lead, others)
    if (r.ok, r.played.indices()) != (ok, norm(played)):
        return (f"check_throw({c(lead)}, {[str(c(o)) for o in others]}): C {r} != reference {(ok, c(played))}; "
                f"{describe(ctx)}")
    return None


def check_trick_winner(rng, decks):
    ctx, plays = trick_position(rng, decks)
    got = ctx.trump.trick_winner([c(p) for p in plays])
    want = ctx.ref.trick_winner(plays)
    if got != want:
        return f"trick_winner({[str(c(p)) for p in plays]}): C {got} != reference {want}; {describe(ctx)}"
    return None


def check_kitty_multiplier(rng, decks):
    ctx = random_context(rng, decks)
    lead = one_suit_subset(ctx, ctx.draw(rng.randint(1, 20)), 12)
    if not lead:
        return None
    got, want = ctx.trump.kitty_multiplier(c(lead)), ctx.ref.kitty_multiplier(lead)
    if got != want:
        return f"kitty_multiplier({c(lead)}): C {got} != reference {want}; {describe(ctx)}"
    return None


CHECKS = {
    "units": check_units,
    "is_legal_follow": check_is_legal_follow,
    "legal_follows": check_legal_follows,
    "check_throw": check_check_throw,
    "trick_winner": check_trick_winner,
    "kitty_multiplier": check_kitty_multiplier,
}


@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("op", list(CHECKS))
def test_core_matches_reference(op, decks):
    run(CHECKS[op], decks, FAST, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("op", list(CHECKS))
def test_core_matches_reference_slow(op, decks):
    run(CHECKS[op], decks, SLOW, seed=2)


@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("table", ["standard", "attackers_early"])
def test_level_outcome_matches_reference(decks, table):
    rules = Rules(decks=decks, level_table=table)
    for p in range(0, 100 * decks * 3 + 5, 5):
        assert tuple(rules.level_outcome(p)) == tuple(ref_level_outcome(rules, p)), p


def test_positions_exercise_every_rule_path():
    """The random positions are not all trivial: each rule path occurs often enough to be tested."""
    rng = random.Random(99)
    seen = {k: 0 for k in ["pair", "triple", "quad", "tractor", "titanic", "legal", "illegal", "short_suit",
                           "throw_fails", "throw_stands", "later_play_wins", "trump_wins"]}
    n = 3000
    for _ in range(n):
        ctx, hand, lead, play = follow_position(rng)
        for u in ctx.trump.units(c(lead)):
            if u.kind == "tractor":
                seen["titanic" if u.width >= 3 else "tractor"] += 1
            elif u.kind != "single":
                seen[u.kind] += 1
        seen["legal" if ctx.trump.is_legal_follow(c(hand), c(lead), c(play)) else "illegal"] += 1
        seen["short_suit"] += sum(ctx.eff(k) == ctx.eff(lead[0]) for k in hand) < len(lead)
        ctx, lead, others = throw_position(rng)
        if len(ctx.trump.units(c(lead))) > 1:
            seen["throw_stands" if ctx.trump.check_throw(c(lead), [c(o) for o in others]).ok else "throw_fails"] += 1
        ctx, plays = trick_position(rng)
        w = ctx.trump.trick_winner([c(p) for p in plays])
        if w:
            seen["later_play_wins"] += 1
            seen["trump_wins"] += ctx.eff(plays[w][0]) == "T" and ctx.eff(plays[0][0]) != "T"
    for key, count in seen.items():
        assert count >= n // 100, (key, seen)
    print(seen)
