"""What one seat knows of a deal, and sampling the hidden cards consistently with it.

``Deal.observation(seat)`` gives an :class:`Observation`: the seat's hand, every card played (by whom, in
which trick), the voids shown by failing to follow, the declarations shown while dealing (the cards stay
in the declarer's hand until played, or until the dealer buries them), the failed throws, and the kitty
if the seat buried it.

``determinize(observation, rng)`` samples the hidden cards *uniformly* among all placements consistent
with the observation: uniform over the physical cards (each copy a distinct card), so every consistent
deal of the hidden cards is equally likely, as in a fair shuffle conditioned on what was seen. It
returns a :class:`shengji.Deal` in the same state (same trump, tricks, points and turn), with the
observer's cards and all public information unchanged.

Method: the hidden cards are split into groups of cards with the same set of allowed places (a seat's
hand or the kitty): one group per effective suit (a seat that showed a void may not receive it) and one
group per seat's shown declaration cards. The number of placements is counted exactly by a dynamic
programme over the groups (products of multinomials, Python integers), and one placement is drawn
group by group with probabilities proportional to the counts.
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

from ._core import Cards, Deal, Sampler, Trump


@dataclass(frozen=True)
class Observation:
    """One seat's view of a deal (picklable)."""

    seat: int
    rules: Any
    level: str
    trump: str | None
    dealer: int
    phase: str
    to_move: int | None
    hand: Cards
    kitty: Cards | None
    declarations: tuple[tuple[int, Cards], ...]
    tricks: tuple[tuple[int, tuple[Cards, ...], int], ...]
    trick: tuple[Cards, ...]
    trick_leader: int
    voids: tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
    hand_sizes: tuple[int, int, int, int]
    failed_throws: tuple[tuple[int, int, Cards, Cards], ...]
    attacker_points: int
    defender_points: int

    def played_by(self, seat: int) -> Cards:
        """Every card the seat has played so far."""
        out = Cards()
        for leader, plays, _ in self.tricks:
            out = out + plays[(seat - leader) % 4]
        for i, p in enumerate(self.trick):
            if (self.trick_leader + i) % 4 == seat:
                out = out + p
        return out


def observe(deal: Deal, seat: int) -> Observation:
    kitty = deal.kitty if deal.dealer == seat and deal.phase in ("play", "done") else None
    return Observation(
        seat=seat,
        rules=deal.rules,
        level=deal.level,
        trump=deal.trump,
        dealer=deal.dealer,
        phase=deal.phase,
        to_move=deal.to_move,
        hand=deal.hand(seat),
        kitty=kitty,
        declarations=tuple(deal.declarations),
        tricks=tuple((leader, tuple(plays), winner) for leader, plays, winner in deal.tricks),
        trick=tuple(deal.trick),
        trick_leader=deal.trick_leader,
        voids=tuple(deal.voids(s) for s in range(4)),  # type: ignore[arg-type]
        hand_sizes=tuple(len(deal.hand(s)) for s in range(4)),  # type: ignore[arg-type]
        failed_throws=tuple(deal.failed_throw_log),
        attacker_points=deal.attacker_points,
        defender_points=deal.defender_points,
    )


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out, left = 1, n
    for p in parts:
        out *= comb(left, p)
        left -= p
    return out


def _splits(n: int, caps: tuple[int, ...], allowed: tuple[int, ...]):
    """Every way to put n cards into the allowed slots without exceeding their capacities."""
    slots = list(allowed)

    def rec(i: int, left: int, acc: list[int]):
        if i == len(slots) - 1:
            if left <= caps[slots[i]]:
                yield (*acc, left)
            return
        for x in range(min(left, caps[slots[i]]) + 1):
            yield from rec(i + 1, left - x, [*acc, x])

    if not slots:
        if n == 0:
            yield ()
        return
    yield from rec(0, n, [])


def _placement_counter(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...]):
    """(count, free cards, constrained groups): count(i, caps) is the number of placements of the
    constrained groups i, i+1, ... and the free cards into slots with ``caps`` room left (exact integers).

    Groups allowed everywhere are merged into one free group, counted in closed form (a multinomial of
    the capacities left); the dynamic programme runs over the constrained groups only."""
    everywhere = tuple(range(len(caps)))
    free = [k for cards, allowed in groups if allowed == everywhere for k in cards]
    groups = [g for g in groups if g[1] != everywhere]
    sizes = tuple(len(cards) for cards, _ in groups)

    @cache
    def count(i: int, caps: tuple[int, ...]) -> int:
        if i == len(groups):
            return _multinomial(len(free), caps) if sum(caps) == len(free) else 0
        allowed = groups[i][1]
        total = 0
        for split in _splits(sizes[i], caps, allowed):
            rest = list(caps)
            for slot, x in zip(allowed, split, strict=True):
                rest[slot] -= x
            sub = count(i + 1, tuple(rest))
            if sub:
                total += _multinomial(sizes[i], split) * sub
        return total

    return count, free, groups


def _placement_count(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...]) -> int:
    """The exact number of placements of the physical hidden cards (the reference of Sampler.count)."""
    return _placement_counter(groups, caps)[0](0, caps)


def _sample_placement(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...],
                      rng: random.Random) -> list[list[int]]:
    """Place every group's cards into slots (allowed ones only, filling each slot exactly), uniformly
    over placements of distinct physical cards (the pure-Python reference of the native Sampler)."""
    everywhere = tuple(range(len(caps)))
    count, free, groups = _placement_counter(groups, caps)
    sizes = tuple(len(cards) for cards, _ in groups)

    if count(0, caps) == 0:
        raise ValueError("no placement of the hidden cards is consistent with the observation")
    out: list[list[int]] = [[] for _ in caps]

    def deal_out(cards: list[int], slots: tuple[int, ...], split: tuple[int, ...]) -> None:
        shuffled = list(cards)
        rng.shuffle(shuffled)
        at = 0
        for slot, x in zip(slots, split, strict=True):
            out[slot].extend(shuffled[at:at + x])
            at += x

    for i, (cards, allowed) in enumerate(groups):
        pick = rng.randrange(count(i, caps))
        for split in _splits(sizes[i], caps, allowed):
            rest = list(caps)
            for slot, x in zip(allowed, split, strict=True):
                rest[slot] -= x
            weight = _multinomial(sizes[i], split) * count(i + 1, tuple(rest))
            if pick < weight:
                deal_out(cards, allowed, split)
                caps = tuple(rest)
                break
            pick -= weight
    deal_out(free, everywhere, caps)
    return out


def _as_rng(rng: Any) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if rng is None or isinstance(rng, int):
        return random.Random(rng)
    raise TypeError(f"rng must be a random.Random or an int seed, not {type(rng).__name__}")


def _hidden_problem(obs: Observation) -> tuple[list[int], list[int], list[tuple[list[int], tuple[int, ...]]], bool]:
    """The hidden cards of an observation as a placement problem: (the other seats, the slots' sizes, the
    groups (cards, allowed slots), whether the kitty is a slot of its own)."""
    rules = obs.rules
    decks = rules.decks
    trump = Trump(rules, obs.level, obs.trump)
    played = [obs.played_by(s) for s in range(4)]

    hidden_counts = [decks] * 54
    for k in obs.hand.indices():
        hidden_counts[k] -= 1
    for s in range(4):
        for k in played[s].indices():
            hidden_counts[k] -= 1
    if obs.kitty is not None:
        for k in obs.kitty.indices():
            hidden_counts[k] -= 1

    # Slots: the three other seats, then the kitty when it is hidden and apart from the dealer's hand.
    others = [s for s in range(4) if s != obs.seat]
    kitty_slot = obs.kitty is None and obs.phase in ("play", "done")
    caps = [obs.hand_sizes[s] for s in others] + ([rules.kitty] if kitty_slot else [])
    slot_of = {s: i for i, s in enumerate(others)}

    # Shown declaration cards still unplayed: in the declarer's hand (or buried, for the dealer).
    shown: dict[int, list[int]] = {}
    for s, cards in obs.declarations:
        if s == obs.seat:
            continue
        have = shown.setdefault(s, [])
        for k in set(cards.indices()):
            need = cards.count(k) - have.count(k)
            have.extend([k] * max(0, need))
    # Each hidden card may go to the seats not shown void in its effective suit, or the kitty; a shown
    # declaration card only to its declarer (or, for the dealer, the kitty it may have been buried in).
    kitty_index = len(others)

    def allowed_for(k: int, only: int | None) -> tuple[int, ...]:
        suit = trump.effective_suit(k)
        seats = [only] if only is not None else others
        out = tuple(slot_of[s] for s in seats if suit not in obs.voids[s])
        if kitty_slot and (only is None or only == obs.dealer):
            out += (kitty_index,)
        return out

    by_allowed: dict[tuple[int, ...], list[int]] = {}
    for s, ks in shown.items():
        for k in set(ks):
            n = min(ks.count(k) - played[s].count(k), hidden_counts[k])
            if n > 0:
                by_allowed.setdefault(allowed_for(k, s), []).extend([k] * n)
                hidden_counts[k] -= n
    for k in range(54):
        if hidden_counts[k] > 0:
            by_allowed.setdefault(allowed_for(k, None), []).extend([k] * hidden_counts[k])
    groups = [(cards, allowed) for allowed, cards in by_allowed.items()]
    return others, caps, groups, kitty_slot


def sampler(observation: Observation) -> Any:
    """The native sampler (``shengji._core.Sampler``) of an observation's hidden cards: slots are the other
    seats in seat order, then the kitty when it is hidden; built once per observation and kept with it."""
    cached = _SAMPLERS.get(observation)
    if cached is None:
        _, caps, groups, _ = _hidden_problem(observation)
        cached = _SAMPLERS[observation] = Sampler(caps, [(Cards(cards), allowed) for cards, allowed in groups])
    return cached


_SAMPLERS: weakref.WeakKeyDictionary[Observation, Any] = weakref.WeakKeyDictionary()


def determinize(observation: Observation, rng: Any = None, *, reference: bool = False) -> Deal:
    """A Deal in the observed state whose hidden cards are sampled uniformly among those consistent
    with the observation (module docstring). ``rng``: a ``random.Random`` or an int seed. The placement is
    drawn by the native sampler (``sampler(observation)``, stream ``(rng.getrandbits(64), 0)``), or with
    ``reference=True`` by the pure-Python reference (exact integer counts), which draws from ``rng`` itself."""
    if not isinstance(observation, Observation):
        raise TypeError("determinize expects an Observation (deal.observation(seat)), "
                        f"not {type(observation).__name__}")
    obs = observation
    if obs.phase == "declare":
        raise ValueError("determinize needs the trump settled: observe in the bury, play or done phase")
    r = _as_rng(rng)
    rules = obs.rules
    played = [obs.played_by(s) for s in range(4)]
    others, caps, groups, kitty_slot = _hidden_problem(obs)
    if reference:
        placed = [Cards(p) for p in _sample_placement(groups, tuple(caps), r)]
    else:
        placed = list(sampler(obs).sample(r.getrandbits(64)))
    now = {obs.seat: obs.hand}
    for i, s in enumerate(others):
        now[s] = placed[i]
    if kitty_slot:
        buried = placed[len(others)]
    elif obs.kitty is not None:
        buried = obs.kitty
    else:
        buried = None

    # Rebuild the deal: initial hands = current hands + cards played; the dealer's buried kitty is the
    # kitty of the rebuilt deal, then the plays are replayed as recorded; the declarations shown stay public.
    initial = [now[s] + played[s] for s in range(4)]
    if buried is None:  # bury phase: the dealer holds H + kitty; any kitty-sized part serves as the kitty
        dealer_cards = initial[obs.dealer].indices()
        buried = Cards(dealer_cards[-rules.kitty:]) if rules.kitty else Cards()
        initial[obs.dealer] = initial[obs.dealer] - buried
        deal = Deal(rules, dealer=obs.dealer, level=obs.level, trump=obs.trump, hands=initial, kitty=buried)
        deal._set_declarations(list(obs.declarations))
        return deal
    deal = Deal(rules, dealer=obs.dealer, level=obs.level, trump=obs.trump, hands=initial, kitty=buried)
    deal._set_declarations(list(obs.declarations))
    deal.bury(buried)
    failed = {(t, s): (a, p) for t, s, a, p in obs.failed_throws}
    for t, (leader, plays, _) in enumerate(obs.tricks):
        for i, p in enumerate(plays):
            seat = (leader + i) % 4
            attempt = failed.get((t, seat))
            deal._force(p, attempt[0] if attempt and i == 0 else None)
    for i, p in enumerate(obs.trick):
        seat = (obs.trick_leader + i) % 4
        attempt = failed.get((len(obs.tricks), seat))
        deal._force(p, attempt[0] if attempt and i == 0 else None)
    return deal
