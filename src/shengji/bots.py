"""Bots: every bot has ``choose(deal)`` (the play of the seat to move), ``bury(deal)`` (the dealer's
burial), ``declare(deal)`` (a declaration or ``Cards()`` to pass) and ``trump(deal)`` (the suit the
dealer names when the rules have no declaring phase).

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
    """Base class: the interface every bot offers."""

    def choose(self, deal: Deal) -> Cards:
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
    """Uniformly random legal actions (declaring: passes or declares at random; burying: random cards)."""

    def __init__(self, seed: int | None = 0, limit: int = 2000):
        self.rng = random.Random(seed)
        self.limit = limit

    def choose(self, deal: Deal) -> Cards:
        return self.rng.choice(deal.legal_actions(limit=self.limit))

    def bury(self, deal: Deal) -> Cards:
        hand = deal.hand(deal.dealer).indices()
        return Cards(self.rng.sample(hand, deal.rules.kitty))

    def declare(self, deal: Deal) -> Cards:
        return self.rng.choice(deal.legal_declarations())


class Greedy(Bot):
    """The native rule-of-thumb player (csrc/src/sj_policy.c, the same one ``simulate(policy="greedy")``
    uses): declare the longest suit, bury short plain suits and no points, lead cards and throws the
    unseen cards cannot beat, feed points to a winning partner, win cheaply when points are at stake,
    otherwise play low. Deterministic."""

    def choose(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")

    def bury(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")

    def declare(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")


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
    if all(hasattr(policy, m) for m in ("choose", "bury")):
        return [policy] * 4
    raise TypeError(f"a policy must be 'random', 'greedy', a bot with choose()/bury(), or four of them; "
                    f"got {type(policy).__name__}")
