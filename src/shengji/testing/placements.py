"""The pure-Python reference of the native sampler of hidden cards (``shengji._core.Sampler``, csrc/src/
sj_determinize.c): the placements of an observation's hidden cards counted with exact integers and one drawn
uniformly, written from the rule (docs/MODEL.md §10: every placement of the physical cards that respects the groups
and fills each slot exactly is equally likely). ``shengji.determinize(reference=True)`` draws with it; the tests
compare the native sampler's counts and draws against it.

A problem is ``groups`` (each a list of card kinds and the slots it may go to) and ``caps`` (each slot's size), as
``shengji.worlds.hidden_problem`` builds it."""

from __future__ import annotations

import random
from functools import cache
from math import comb


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


def placement_counter(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...]):
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


def placement_count(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...]) -> int:
    """The exact number of placements of the physical hidden cards (the reference of Sampler.count)."""
    return placement_counter(groups, caps)[0](0, caps)


def sample_placement(groups: list[tuple[list[int], tuple[int, ...]]], caps: tuple[int, ...],
                      rng: random.Random) -> list[list[int]]:
    """Place every group's cards into slots (allowed ones only, filling each slot exactly), uniformly
    over placements of distinct physical cards (the pure-Python reference of the native Sampler)."""
    everywhere = tuple(range(len(caps)))
    count, free, groups = placement_counter(groups, caps)
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
