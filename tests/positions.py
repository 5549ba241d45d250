"""Seeded generators of random rules-core positions for the differential tests and benchmarks.

Positions are drawn from one shuffled pack, so no card ever has more copies than the decks hold.
Half of them use a *compressed* pack (all copies of a few card kinds), which makes pairs, triples,
tractors and Titanics common, so every rule path is exercised, not only singles. Under
``trump_order="level_index"`` 60% of the contexts use a *block* pack instead (the constant-rank and level
cards of one or two suits, often the jokers), with more leads of neighbouring kinds, so that the tractors
inside a block of docs/MODEL.md §2 (♠2♠2♠3♠3 at level 3) and pairs on both sides of a gap are common.
``wide_trick_position`` makes the wider-shapes contests of docs/MODEL.md §6 (a quad against a two-pair
tractor...) common.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from shengji import OPTIONS as TABLE
from shengji import Cards, Rules, Trump
from shengji.reference import RefTrump

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def ready_values(name: str) -> list:
    """The values of an option that the core implements everywhere (from the core's option table)."""
    return [v.value for v in TABLE[name].values if v.status == "ready"]


CARD_RULES = ("trump_order", "follow_protection", "follow_ladder", "taian_trump_follow", "failed_throw",
              "trick_compare", "wider_shapes", "kitty_multiplier")
OPTIONS = {"constant_ranks": [(), ("2",), ("2", "3", "5")], **{name: ready_values(name) for name in CARD_RULES}}


@dataclass
class Context:
    rules: Rules
    level: str
    suit: str | None
    trump: Trump
    ref: RefTrump
    pack: list[int]
    rng: random.Random
    block_pack: bool = False  # the pack is a level-index block pack (_block_kinds)

    def eff(self, k: int) -> str:
        return self.ref.effective_suit(k)

    def draw(self, n: int) -> list[int]:
        n = min(n, len(self.pack))
        out, self.pack = self.pack[:n], self.pack[n:]
        return out

    def draw_leader(self, n: int) -> list[int]:
        """Cards for a leader: a third of the time (with a block pack 60%) all copies of a run of kinds (quads,
        Titanics...)."""
        if self.rng.random() < (0.6 if self.block_pack else 0.33):
            self.pack.sort()
            start = self.rng.randrange(len(self.pack))
            self.pack = self.pack[start:] + self.pack[:start]
            out = self.draw(n)
            self.rng.shuffle(self.pack)
            return out
        return self.draw(n)


def random_context(rng: random.Random, decks: int | None = None) -> Context:
    decks = decks or rng.choice((1, 2, 3, 4))
    opts = {name: rng.choice(values) for name, values in OPTIONS.items()}
    rules = Rules(decks=decks, **opts)
    level = rng.choice(RANKS)
    suit = rng.choice(("S", "H", "D", "C", None))
    kinds = list(range(54))
    block_pack = rules.trump_order == "level_index" and rng.random() < 0.6
    if block_pack:
        kinds = _block_kinds(rng, rules, level, suit)
    elif rng.random() < 0.5:
        # A compressed pack: a window of adjacent ranks in one or two suits, plus a few other kinds
        # (jokers, level cards...), so that tractors and Titanics are common.
        lo = rng.randint(0, 9)
        window = range(lo, min(13, lo + rng.randint(3, 7)))
        suits = rng.sample(range(4), rng.randint(1, 2))
        kinds = sorted({s * 13 + r for s in suits for r in window} | set(rng.sample(kinds, rng.randint(0, 8))))
    pack = [k for k in kinds for _ in range(decks)]
    rng.shuffle(pack)
    return Context(rules, level, suit, Trump(rules, level, suit), RefTrump(rules, level, suit), pack, rng,
                   block_pack)


def _block_kinds(rng: random.Random, rules: Rules, level: str, suit: str | None) -> list[int]:
    """A compressed pack for the level-index order (docs/MODEL.md §2): the constant-rank and level cards
    (the *blocks*) of one or two suits, often the jokers and the top ranks of the trump suit, and a few
    other kinds, so that tractors inside a block (♠2♠2♠3♠3 at level 3), pairs of neighbouring blocks
    across a gap (not tractors) and the trump block joined to the jokers are common."""
    ranks = {RANKS.index(r) for r in rules.constant_ranks} | {RANKS.index(level)}
    kinds = {x * 13 + r for x in rng.sample(range(4), 1 if rng.random() < 0.6 else 2) for r in ranks}
    if rng.random() < 0.5:
        kinds |= {52, 53}
    if suit is not None and rng.random() < 0.3:
        s = "SHDC".index(suit)
        kinds |= set([s * 13 + r for r in range(13) if r not in ranks][-rng.randint(1, 2):])
    kinds |= set(rng.sample(range(54), rng.randint(0, 2)))
    return sorted(kinds)


def one_suit_subset(ctx: Context, cards: list[int], max_size: int) -> list[int]:
    """A random non-empty sub-multiset of one effective suit of `cards` (empty if cards is empty)."""
    if not cards:
        return []
    suit = ctx.eff(ctx.rng.choice(cards))
    pool = [k for k in cards if ctx.eff(k) == suit]
    if ctx.rng.random() < (0.7 if ctx.block_pack else 0.4):
        # whole copies of a few kinds: pairs, triples, quads and their chains
        kinds = sorted(set(pool))
        size = ctx.rng.randint(1, min(4, len(kinds)))
        if ctx.block_pack and ctx.rng.random() < 0.7:
            # neighbouring kinds (by position): tractors inside a block, pairs on both sides of a gap
            kinds.sort(key=ctx.ref.position)
            start = ctx.rng.randrange(len(kinds) - size + 1)
            chosen = set(kinds[start:start + size])
        else:
            chosen = set(ctx.rng.sample(kinds, size))
        out = [k for k in pool if k in chosen][:max_size]
        if out:
            return out
    n = ctx.rng.randint(1, min(max_size, len(pool)))
    return ctx.rng.sample(pool, n)


def c(xs: list[int]) -> Cards:
    return Cards(xs)


def norm(xs) -> tuple[int, ...]:
    return tuple(sorted(xs))


def follow_position(rng: random.Random, decks: int | None = None, max_lead: int = 8):
    """(ctx, hand, lead, play): a lead from one hand, a follower's hand and a candidate play."""
    while True:
        ctx = random_context(rng, decks)
        leader = ctx.draw_leader(rng.randint(4, 20))
        lead = one_suit_subset(ctx, leader, max_lead)
        hand = ctx.draw(rng.randint(len(lead), len(lead) + 14))
        if lead and len(hand) >= len(lead):
            break
    suit = ctx.eff(lead[0])
    in_suit = [k for k in hand if ctx.eff(k) == suit]
    n = len(lead)
    if len(in_suit) >= n and rng.random() < 0.85:
        play = rng.sample(in_suit, n)
    elif len(in_suit) < n and rng.random() < 0.85:
        rest = list(hand)
        for k in in_suit:
            rest.remove(k)
        play = in_suit + rng.sample(rest, n - len(in_suit))
    else:
        play = rng.sample(hand, n)
    return ctx, hand, lead, play


def throw_position(rng: random.Random, decks: int | None = None):
    """(ctx, lead, others): a lead of one suit and the three other hands."""
    while True:
        ctx = random_context(rng, decks)
        leader = ctx.draw_leader(rng.randint(6, 20))
        lead = one_suit_subset(ctx, leader, 12)
        if lead:
            others = [ctx.draw(rng.randint(0, 16)) for _ in range(3)]
            return ctx, lead, others


def trick_position(rng: random.Random, decks: int | None = None):
    """(ctx, plays): a lead and up to three answers of the same size (in suit, trump or mixed)."""
    while True:
        ctx = random_context(rng, decks)
        leader = ctx.draw_leader(rng.randint(4, 16))
        lead = one_suit_subset(ctx, leader, 8)
        if not lead:
            continue
        n = len(lead)
        plays = [lead]
        for _ in range(rng.randint(1, 3)):
            hand = ctx.draw(n + rng.randint(0, 12))
            if len(hand) < n:
                break
            mode = rng.random()
            target = ctx.eff(lead[0]) if mode < 0.45 else "T" if mode < 0.8 else None
            pool = [k for k in hand if target is None or ctx.eff(k) == target]
            plays.append(rng.sample(pool, n) if len(pool) >= n else rng.sample(hand, n))
        return ctx, plays


# Wider shapes (docs/MODEL.md §6): lead shapes (w, l) of one unit with w·l >= 4 and w < decks, and the
# wider shapes (w', l') of as many cards (w' > w, w'·l' = w·l) that contend against them, per deck count.
WIDE_LEADS = {
    3: {(2, 3): [(3, 2)], (2, 6): [(3, 4)]},
    4: {(2, 2): [(4, 1)], (2, 3): [(3, 2)], (2, 4): [(4, 2)], (3, 4): [(4, 3)], (2, 6): [(3, 4), (4, 3)]},
}


def _columns(ref: RefTrump) -> dict[str, list[list[int]]]:
    """Per effective suit, the kinds at each position (low to high); an empty list at a gap (a position
    no kind occupies, trump_order="level_index"), which no unit spans."""
    cols: dict[str, dict[int, list[int]]] = {}
    for k in range(54):
        cols.setdefault(ref.effective_suit(k), {}).setdefault(ref.position(k), []).append(k)
    return {suit: [by_pos.get(p, []) for p in range(max(by_pos) + 1)] for suit, by_pos in cols.items()}


def _unit(rng: random.Random, columns: list[list[int]], left: Counter, w: int, l: int,
          high: bool = False) -> list[int] | None:
    """A unit of shape (w, l) from the kinds still `left` (w copies of one kind at each of l consecutive
    positions), taken out of `left`; None if there is none. With `high`, among the top positions (trump:
    jokers, level cards and constant ranks)."""
    starts = list(range(len(columns) - l + 1))
    if high:
        starts = starts[-6:]
    rng.shuffle(starts)
    for start in starts:
        kinds = []
        for p in range(start, start + l):
            held = [k for k in columns[p] if left[k] >= w]
            if not held:
                break
            kinds.append(rng.choice(held))
        else:
            out = [k for k in kinds for _ in range(w)]
            left.subtract(out)
            return out
    return None


def wide_trick_position(rng: random.Random, decks: int = 4):
    """(ctx, plays) for the wider-shapes rule: a lead of one unit of a shape in WIDE_LEADS[decks] (two-,
    three- and four-pair tractors, Titanics), answered by single wider units of as many cards (quads, triple
    tractors, quad tractors) in the led suit or trump, mixed with plays of the lead's shape and ordinary
    answers, under a random trump context (constant ranks and level cards occur inside the units).
    wider_shapes is on in 85% of the contexts."""
    assert decks in WIDE_LEADS
    while True:
        ctx = random_context(rng, decks)
        rules = ctx.rules.replace(wider_shapes=rng.random() < 0.85)
        ref = RefTrump(rules, ctx.level, ctx.suit)
        ctx = replace(ctx, rules=rules, trump=Trump(rules, ctx.level, ctx.suit), ref=ref)
        columns = _columns(ref)
        left = Counter({k: decks for k in range(54)})
        shape = rng.choice(sorted(WIDE_LEADS[decks]))
        plain = sorted(s for s in columns if s != "T")
        led = "T" if not plain or rng.random() < 0.25 else rng.choice(plain)
        lead = _unit(rng, columns[led], left, *shape, high=led == "T" and rng.random() < 0.5)
        if lead is None:
            continue
        n = len(lead)
        plays = [lead]
        for _ in range(rng.randint(1, 3)):
            suit = led if led == "T" or rng.random() < 0.5 else "T"
            mode = rng.random()
            play = None
            if mode < 0.5:  # a single wider unit
                wide = rng.choice(WIDE_LEADS[decks][shape])
                play = _unit(rng, columns[suit], left, *wide, high=suit == "T" and rng.random() < 0.5)
            elif mode < 0.75:  # a unit of the lead's shape
                play = _unit(rng, columns[suit], left, *shape, high=suit == "T" and rng.random() < 0.5)
            if play is None:  # ordinary: any cards of the suit, or any cards at all
                pool = [k for k in left.elements() if mode < 0.9 and ref.effective_suit(k) == suit]
                if len(pool) < n:
                    pool = list(left.elements())
                play = rng.sample(pool, n)
                left.subtract(play)
            plays.append(play)
        return ctx, plays
