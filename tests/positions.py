"""Seeded generators of random rules-core positions for the differential tests and benchmarks.

Positions are drawn from one shuffled pack, so no card ever has more copies than the decks hold.
Half of them use a *compressed* pack (all copies of a few card kinds), which makes pairs, triples,
tractors and Titanics common, so every rule path is exercised, not only singles. Under
``trump_order="level_index"`` 60% of the contexts use a *block* pack instead (the constant-rank and level
cards of one or two suits, often the jokers), with more leads of neighbouring kinds, so that the tractors
inside a block of docs/MODEL.md §2 (♠2♠2♠3♠3 at level 3) and pairs on both sides of a gap are common.
``wide_trick_position`` makes the wider-shapes contests of docs/MODEL.md §6 (a quad against a two-pair
tractor...) common. ``natural_context`` and the ``natural_*_position`` generators draw positions under
``tractor_rule="natural"`` (docs/MODEL.md §3, 泰安) from a pack biased to one lane, so that plain
cards chained with borrowed trumps of their lane (♠5♠5♠6♠6), trump-suit runs, off-suit constant chains
(♠2♠2♠3♠3) and the joker pair are common, and leads and plays often borrow.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from shengji import OPTIONS as TABLE
from shengji import Cards, Rules, Trump
from shengji.testing.reference import RefRules, RefTrump

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
    natural: bool = False  # tractor_rule="natural" (natural_context)

    def eff(self, k: int) -> str:
        return self.ref.effective_suit(k)

    def draw(self, n: int) -> list[int]:
        n = min(n, len(self.pack))
        out, self.pack = self.pack[:n], self.pack[n:]
        return out

    def draw_leader(self, n: int) -> list[int]:
        """Cards for a leader: a third of the time (with a block pack 60%) all copies of a run of kinds (quads,
        Titanics...)."""
        if self.rng.random() < (0.6 if self.block_pack else 0.33) and self.pack:
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
    return ctx, hand, lead, follower_play(rng, hand, in_suit, len(lead), rng.random())


def structured_follow_position(rng: random.Random, decks: int, natural: bool = False):
    """A follow position where the follower's duty has structure: the lead holds a pair or wider, the follower
    holds at least as many cards of the led suit and a pair of it (so the hand's best requirement is not empty:
    the generated listing of the legal follows applies). Drawn by rejection from follow_position (or
    natural_follow_position)."""
    make = natural_follow_position if natural else follow_position
    if decks < 2:  # one deck has no pairs
        return make(rng, decks, max_lead=8)
    while True:
        ctx, hand, lead, play = make(rng, decks, max_lead=8)
        suit = ctx.eff(lead[0])
        in_suit = Counter(k for k in hand if ctx.eff(k) == suit)
        if max(Counter(lead).values()) >= 2 and sum(in_suit.values()) >= len(lead) and max(in_suit.values()) >= 2:
            return ctx, hand, lead, play


def follower_play(rng: random.Random, hand: list[int], in_suit: list[int], n: int, mode: float) -> list[int]:
    """A follow of n cards, legal or not: mostly from the led suit (all of it and more when short), else any."""
    if len(in_suit) >= n and mode < 0.85:
        return rng.sample(in_suit, n)
    if len(in_suit) < n and mode < 0.85:
        rest = list(hand)
        for k in in_suit:
            rest.remove(k)
        return in_suit + rng.sample(rest, n - len(in_suit))
    return rng.sample(hand, n)


def _throw_from(rng: random.Random, make_context, subset, draw_other):
    """(ctx, lead, others): a leader's cards, a lead of one suit from them, and three other hands."""
    while True:
        ctx = make_context()
        leader = ctx.draw_leader(rng.randint(6, 20))
        lead = subset(ctx, leader, 12)
        if lead:
            return ctx, lead, [draw_other(ctx) for _ in range(3)]


def throw_position(rng: random.Random, decks: int | None = None):
    """(ctx, lead, others): a lead of one suit and the three other hands."""
    return _throw_from(rng, lambda: random_context(rng, decks), one_suit_subset,
                       lambda ctx: ctx.draw(rng.randint(0, 16)))


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


# Natural tractors (docs/MODEL.md §3, tractor_rule="natural", 泰安): tractors chain kinds of one lane
# (a printed suit, or the jokers) at consecutive printed ranks, and a plain suit's tractor may borrow the
# constant and level trumps of its lane (♠5♠5♠6♠6 with constant 5 is a spade tractor).

# The core knows the rule once its option table lists tractor_rule and Trump has play_suit; until then the
# natural contexts carry a RefRules and no core Trump (ctx.trump is None), so that the reference-only tests
# run already.
NATURAL_IN_CORE = "tractor_rule" in TABLE and hasattr(Trump, "play_suit")

_CONSTANT_SUBSETS = [(), ("2",), ("3",), ("5",), ("2", "3"), ("2", "5"), ("3", "5"), ("2", "3", "5"), ("2", "3", "5")]
NATURAL_OPTIONS = {"constant_ranks": _CONSTANT_SUBSETS,
                   **{name: ready_values(name) for name in CARD_RULES if name != "trump_order"}}


def natural_context(rng: random.Random, decks: int | None = None) -> Context:
    """A trump context under tractor_rule="natural": 2 or 3 decks, constant ranks a subset of 2, 3, 5 (all
    three most often, as in 泰安), a random level and trump suit (no trump 10% of the time), the other card
    options random (trump_order "qq": "level_index" is refused with natural tractors), and a pack biased to
    one lane (``_natural_kinds``)."""
    decks = decks or rng.choice((2, 3))
    opts = {name: rng.choice(values) for name, values in NATURAL_OPTIONS.items()}
    level = rng.choice(RANKS)
    suit = rng.choice(("S", "H", "D", "C")) if rng.random() < 0.9 else None
    if NATURAL_IN_CORE:
        rules = Rules(decks=decks, tractor_rule="natural", trump_order="qq", **opts)
        trump = Trump(rules, level, suit)
    else:
        rules = RefRules(decks=decks, tractor_rule="natural", trump_order="qq", **opts)
        trump = None
    ref = RefTrump(rules, level, suit)
    kinds = _natural_kinds(rng, level, suit, opts["constant_ranks"])
    pack = [k for k in kinds for _ in range(decks)]
    rng.shuffle(pack)
    return Context(rules, level, suit, trump, ref, pack, rng, block_pack=True, natural=True)


def _natural_kinds(rng: random.Random, level: str, suit: str | None, constants: tuple[str, ...]) -> list[int]:
    """The kinds of a natural-tractor pack: a window of printed ranks of one *focus* lane around one of its
    constant or level cards (plain cards and the trumps they borrow), sometimes the whole lane; often the
    jokers; often the constant and level cards of another suit (off-suit constant chains, ♠2♠2♠3♠3); often a
    run of the trump suit; and a few other kinds. The focus lane is the trump suit 15% of the time."""
    level_rank = RANKS.index(level)
    s = None if suit is None else "SHDC".index(suit)
    special = sorted({RANKS.index(r) for r in constants} | {level_rank})
    others = [x for x in range(4) if x != s]
    lane = s if s is not None and rng.random() < 0.15 else rng.choice(others)
    anchor = rng.choice(special)
    lo, hi = max(0, anchor - rng.randint(1, 3)), min(12, anchor + rng.randint(1, 3))
    kinds = {lane * 13 + r for r in range(lo, hi + 1)}
    if rng.random() < 0.2:
        kinds |= {lane * 13 + r for r in range(13)}
    if rng.random() < 0.35:
        kinds |= {52, 53}
    if rng.random() < 0.35:
        other = rng.choice([x for x in others if x != lane] or others)
        kinds |= {other * 13 + r for r in special}
    if s is not None and rng.random() < 0.35:
        start = rng.randint(0, 11)
        kinds |= {s * 13 + r for r in range(start, min(13, start + rng.randint(2, 4)))}
    kinds |= set(rng.sample(range(54), rng.randint(0, 2)))
    return sorted(kinds)


def suit_pool(ctx: Context, cards: list[int], suit: str) -> list[int]:
    """The cards that may count as `suit` in a play: those of that effective suit and, for a plain suit under
    natural tractors, the trumps of its lane (its constant and level cards), which a tractor may borrow."""
    return [k for k in cards if ctx.eff(k) == suit
            or (ctx.natural and suit != "T" and k < 52 and "SHDC"[k // 13] == suit and ctx.eff(k) == "T")]


def natural_play(ctx: Context, pool: list[int], n: int) -> list[int]:
    """n cards of `pool` (at least n), mostly whole copies of runs of neighbouring kinds (by kind index:
    a lane at consecutive printed ranks, so chains and borrowed tractors form), the rest single cards."""
    rng = ctx.rng
    left = Counter(pool)
    out: list[int] = []
    while len(out) < n:
        if rng.random() < 0.7:
            kinds = sorted(k for k, c in left.items() if c > 0)
            size = rng.randint(1, min(3, len(kinds)))
            start = rng.randrange(len(kinds) - size + 1)
            take = [k for k in kinds[start:start + size] for _ in range(left[k])]
        else:
            take = [rng.choice(list(left.elements()))]
        take = take[:n - len(out)]
        out += take
        left.subtract(take)
    return out


def borrowed_chain(ctx: Context, cards: list[int], n: int | None = None) -> list[int]:
    """A play of n cards (default: just the tractor) holding a tractor of a plain suit that borrows: w >= 2
    copies of each kind of a run of one lane at consecutive printed ranks mixing plain cards and trumps of
    the lane (♠5♠5♠6♠6 with constant 5), filled up with plain cards of that suit (then any of its borrowable
    trumps); [] if `cards` hold no such tractor of at most n cards."""
    rng = ctx.rng
    counts = Counter(cards)
    found = []
    for x, letter in enumerate("SHDC"):
        if letter == ctx.suit:
            continue
        for lo in range(13):
            for hi in range(lo + 1, 13):
                kinds = [x * 13 + r for r in range(lo, hi + 1)]
                w = min(counts[k] for k in kinds)
                if w < 2:
                    break
                if {ctx.eff(k) for k in kinds} == {letter, "T"} and (n is None or 2 * len(kinds) <= n):
                    found.append((letter, kinds, w))
    if not found:
        return []
    letter, kinds, w = rng.choice(found)
    w = rng.randint(2, w if n is None else max(2, min(w, n // len(kinds))))
    out = [k for k in kinds for _ in range(w)]
    if n is not None:
        left = Counter(cards)
        left.subtract(out)
        plain = [k for k in left.elements() if ctx.eff(k) == letter]
        rest = [k for k in suit_pool(ctx, list(left.elements()), letter) if ctx.eff(k) == "T"]
        fill = rng.sample(plain, min(len(plain), n - len(out)))
        fill += rng.sample(rest, min(len(rest), n - len(out) - len(fill)))
        if len(out) + len(fill) < n:
            return []
        out += fill
    return out


def natural_subset(ctx: Context, cards: list[int], max_size: int) -> list[int]:
    """A random non-empty sub-multiset of `cards` that is a play of one suit under natural tractors (empty if
    cards is empty): often a plain suit with borrowed trumps of its lane, whole copies of neighbouring kinds
    (tractors, borrowed or not), sometimes a random part of one suit's pool. Falls back to one effective
    suit (one_suit_subset)."""
    if not cards:
        return []
    rng, ref = ctx.rng, ctx.ref
    if rng.random() < 0.25:
        out = borrowed_chain(ctx, cards)
        if out and len(out) <= max_size:
            return out
    lanes = [x for x in "SHDC" if x != ctx.suit and any(ctx.eff(k) == x for k in cards)]
    for _ in range(4):
        k0 = rng.choice(cards)
        suit = ctx.eff(k0)
        if lanes and rng.random() < 0.6:
            suit = rng.choice(lanes)  # a plain suit, with the borrowable trumps of its lane
        pool = suit_pool(ctx, cards, suit)
        if not pool:
            continue
        if rng.random() < 0.7:
            top = min(max_size, len(pool))
            size = rng.randint(min(4, top), top) if rng.random() < 0.6 else rng.randint(1, top)
            out = natural_play(ctx, pool, size)
        else:
            out = rng.sample(pool, rng.randint(1, min(max_size, len(pool))))
        if ref.play_suit(out) is not None:
            return out
    return one_suit_subset(ctx, cards, max_size)


def natural_follow_position(rng: random.Random, decks: int | None = None, max_lead: int = 8):
    """(ctx, hand, lead, play) under natural tractors: a lead from one hand (often borrowing), a follower's
    hand and a candidate play, a third of the time built from the cards that may count as the led suit (so
    that borrowing answers, ♠4♠4♠3♠3 against ♠5♠5♠6♠6, are common)."""
    while True:
        ctx = natural_context(rng, decks)
        leader = ctx.draw_leader(rng.randint(4, 14))
        lead = natural_subset(ctx, leader, max_lead)
        hand = ctx.draw_leader(rng.randint(len(lead), len(lead) + 14))  # runs of kinds half the time
        if lead and len(hand) >= len(lead):
            break
    suit = ctx.ref.play_suit(lead)
    n = len(lead)
    in_suit = [k for k in hand if ctx.eff(k) == suit]
    pool = suit_pool(ctx, hand, suit)
    mode = rng.random()
    borrowing = borrowed_chain(ctx, hand, n) if suit != "T" and mode < 0.5 else []
    if borrowing:
        play = borrowing
    elif mode < 0.45 and len(pool) >= n:
        play = natural_play(ctx, pool, n)
    else:
        play = follower_play(rng, hand, in_suit, n, mode)
    return ctx, hand, lead, play


def natural_throw_position(rng: random.Random, decks: int | None = None):
    """(ctx, lead, others) under natural tractors: a lead of one suit as a play (often borrowing) and the three
    other hands (which often hold the same lane's borrowable trumps)."""
    return _throw_from(rng, lambda: natural_context(rng, decks), natural_subset,
                       lambda ctx: ctx.draw_leader(rng.randint(0, 16)))


def natural_trick_position(rng: random.Random, decks: int | None = None):
    """(ctx, plays) under natural tractors: a lead (often a borrowed tractor) and up to three answers of the
    same size: built from the cards that may count as the led suit, or from trumps, or any cards."""
    while True:
        ctx = natural_context(rng, decks)
        leader = ctx.draw_leader(rng.randint(4, 14))
        lead = natural_subset(ctx, leader, 8)
        if not lead:
            continue
        n = len(lead)
        led = ctx.ref.play_suit(lead)
        plays = [lead]
        for _ in range(rng.randint(1, 3)):
            hand = ctx.draw_leader(n + rng.randint(0, 12))
            if len(hand) < n:
                break
            mode = rng.random()
            target = led if mode < 0.45 else "T" if mode < 0.8 else None
            pool = hand if target is None else suit_pool(ctx, hand, target)
            if len(pool) < n:
                pool = hand
            borrowing = borrowed_chain(ctx, pool, n) if target not in (None, "T") and rng.random() < 0.4 else []
            plays.append(borrowing or (natural_play(ctx, pool, n) if rng.random() < 0.6 else rng.sample(pool, n)))
        return ctx, plays
