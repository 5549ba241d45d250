"""Bots: every bot has ``choose(deal)``, the action of the seat to move in any phase (what ``deal.act``
takes), and by phase ``declare(deal)`` (a declaration or ``Cards()`` to pass), ``bury(deal)`` (the dealer's
burial) and ``play(deal)``; ``trump(deal)`` is the suit the dealer names when the rules have no declaring
phase.

- :class:`Random` picks uniformly among the legal actions (a follower facing a long lead has up to 10^5
  legal follows; at most ``limit`` of them, in the core's order, are considered).
- :class:`Greedy` is the native rule-of-thumb player after seed 001's tips (csrc/src/sj_policy.c): lead
  safe top cards and throws, feed points to a partner who is winning, win a trick with the cheapest
  winning play when points are at stake, otherwise follow low; bury short plain suits and no points;
  declare the longest suit.
"""

from __future__ import annotations

import random
from typing import Any

from ._core import Cards, Deal

SUITS = ("S", "H", "D", "C")


def _seat(deal: Deal) -> int:
    seat = deal.to_move
    if seat is None:
        raise ValueError("the deal is finished: nobody is to move")
    return seat


class Bot:
    """Base class: the interface every bot offers. ``choose(deal)`` is the action of the seat to move in any
    phase (what ``deal.act`` takes); it calls ``declare``, ``bury`` or ``play`` by phase, which subclasses
    implement (``declare`` passes by default)."""

    def choose(self, deal: Deal) -> Cards:
        _seat(deal)
        phase = deal.phase
        if phase == "declare":
            return self.declare(deal)
        if phase == "bury":
            return self.bury(deal)
        return self.play(deal)

    def play(self, deal: Deal) -> Cards:
        raise NotImplementedError

    def bury(self, deal: Deal) -> Cards:
        raise NotImplementedError

    def declare(self, deal: Deal) -> Cards:
        return Cards()

    def trump(self, deal: Deal) -> str | None:
        """The trump a dealer names when the rules have no declaring phase: the longest plain suit."""
        hand = deal.hand(deal.dealer)
        counts = {s: sum(1 for k in hand.indices() if k < 52 and k // 13 == i) for i, s in enumerate(SUITS)}
        return max(SUITS, key=lambda s: counts[s])


class Random(Bot):
    """Uniformly random legal actions in every phase where they can be listed (declaring: passes or
    declares at random; playing: one of at most ``limit`` legal actions); burying: random cards."""

    def __init__(self, seed: int | None = 0, limit: int = 2000):
        self.rng = random.Random(seed)
        self.limit = limit

    def choose(self, deal: Deal) -> Cards:
        _seat(deal)
        if deal.phase == "bury":
            return self.bury(deal)
        return self.rng.choice(deal.legal_actions(limit=self.limit))

    def play(self, deal: Deal) -> Cards:
        return self.choose(deal)

    def declare(self, deal: Deal) -> Cards:
        return self.choose(deal)

    def bury(self, deal: Deal) -> Cards:
        hand = deal.hand(deal.dealer).indices()
        return Cards(self.rng.sample(hand, deal.rules.kitty))


class Greedy(Bot):
    """The native rule-of-thumb player (csrc/src/sj_policy.c, the same one ``simulate(policy="greedy")``
    uses) in every phase: declare the longest suit, bury short plain suits and no points, lead cards and
    throws the unseen cards cannot beat, feed points to a winning partner, win cheaply when points are at
    stake, otherwise play low. Deterministic."""

    def choose(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")

    play = bury = declare = choose


def resolve(policy: Any) -> list[Bot]:
    """Four bots from a policy name, a bot, or a list of four."""
    if isinstance(policy, str):
        if policy == "random":
            return [Random(seed) for seed in range(4)]
        if policy == "greedy":
            g = Greedy()
            return [g, g, g, g]
        raise ValueError(f"unknown policy {policy!r}: use 'random', 'greedy', a bot, or a list of four bots")
    if isinstance(policy, (list, tuple)):
        if len(policy) != 4:
            raise ValueError(f"a list of policies needs one per seat (4), got {len(policy)}")
        return [resolve(p)[0] if isinstance(p, str) else p for p in policy]
    if hasattr(policy, "choose"):
        return [policy] * 4
    raise TypeError(f"a policy must be 'random', 'greedy', a bot with choose(), or four of them; "
                    f"got {type(policy).__name__}")
