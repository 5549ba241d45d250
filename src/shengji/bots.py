"""Bots: every bot has ``choose(deal)`` (the play of the seat to move), ``bury(deal)`` (the dealer's
burial), ``declare(deal)`` (a declaration or ``Cards()`` to pass) and ``trump(deal)`` (the suit the
dealer names when the rules have no declaring phase).

- :class:`Random` picks uniformly among the legal actions (a follower facing a long lead has up to 10^5
  legal follows; at most ``limit`` of them, in the core's order, are considered).
- :class:`Greedy` is a rule-of-thumb player after seed 001's tips: lead safe top cards and throws, feed
  points to a partner who is winning, win a trick with the cheapest winning play when points are at
  stake, otherwise follow low; bury short plain suits and no points; declare the longest suit.
"""

from __future__ import annotations

import random
from typing import Any

from ._core import Cards, Deal, points

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
    """A rule-of-thumb player (module docstring). Deterministic."""

    def __init__(self, limit: int = 500):
        self.limit = limit

    # -- declaring and burying -----------------------------------------------------------------------

    def declare(self, deal: Deal) -> Cards:
        options = deal.legal_declarations()[1:]
        if not options:
            return Cards()
        hand = deal.hand(_seat(deal))

        def support(c: Cards) -> int:
            k = c.indices()[0]
            if k >= 52:  # no trump: worth it with many jokers and level cards
                return sum(1 for x in hand.indices() if x >= 52) * 3
            return sum(1 for x in hand.indices() if x < 52 and x // 13 == k // 13)

        best = max(options, key=lambda c: (support(c), len(c)))
        return best if support(best) * 4 >= len(hand) else Cards()

    def bury(self, deal: Deal) -> Cards:
        t = deal.trump_context
        hand = deal.hand(deal.dealer).indices()
        length = {s: sum(1 for k in hand if t.effective_suit(k) == s) for s in "SHDCT"}
        pairs = {k for k in hand if hand.count(k) >= 2}

        def keep_value(k: int) -> tuple:
            suit = t.effective_suit(k)
            return (suit == "T", points(Cards([k])) > 0, k in pairs, length[suit], t.position(k))

        return Cards(sorted(hand, key=keep_value)[: deal.rules.kitty])

    # -- playing --------------------------------------------------------------------------------------

    def choose(self, deal: Deal) -> Cards:
        legal = deal.legal_actions(limit=self.limit)
        if len(legal) == 1:
            return legal[0]
        return self._lead(deal, legal) if not deal.trick else self._follow(deal, legal)

    def _lead(self, deal: Deal, legal: list[Cards]) -> Cards:
        t = deal.trump_context
        seat = _seat(deal)
        unseen = self._unseen(deal, seat)

        def safe(c: Cards) -> bool:  # no unseen card of the suit is higher than our highest
            suit = t.effective_suit(c.indices()[0])
            top = max(t.position(k) for k in c.indices())
            return not any(t.effective_suit(k) == suit and t.position(k) > top for k in unseen.indices())

        plain = [c for c in legal if t.effective_suit(c.indices()[0]) != "T"]
        # throws and units that cannot be beaten, biggest first (plain suits before trump)
        winners = [c for c in legal if len(t.units(c)) > 1 or safe(c)]
        if winners:
            return max(winners, key=lambda c: (t.effective_suit(c.indices()[0]) != "T", len(c), points(c)))
        pool = plain or legal
        # else a low single from the longest plain suit (keeps control, draws out trumps late)
        hand = deal.hand(seat).indices()
        length = {s: sum(1 for k in hand if t.effective_suit(k) == s) for s in "SHDCT"}
        return min(pool, key=lambda c: (len(c) > 1, -length[t.effective_suit(c.indices()[0])],
                                        points(c), t.position(c.indices()[0])))

    def _follow(self, deal: Deal, legal: list[Cards]) -> Cards:
        t = deal.trump_context
        seat = _seat(deal)
        trick = deal.trick
        leader = deal.trick_leader
        current = (leader + t.trick_winner(trick)) % 4
        partner_winning = (current - seat) % 2 == 0
        last = len(trick) == 3
        on_table = sum(points(p) for p in trick)

        def strength(c: Cards) -> int:
            return sum(t.position(k) + (100 if t.effective_suit(k) == "T" else 0) for k in c.indices())

        if partner_winning and (last or self._likely_holds(deal, current)):
            return max(legal, key=lambda c: (points(c), -strength(c)))
        winning = [c for c in legal if (leader + t.trick_winner([*trick, c])) % 4 == seat]
        if winning and (on_table > 0 or last or any(points(c) for c in winning)):
            return min(winning, key=lambda c: (strength(c), -points(c)))
        return min(legal, key=lambda c: (points(c), strength(c)))

    def _likely_holds(self, deal: Deal, winner: int) -> bool:
        """The partner's play is trump or the lead is high: treat it as likely to hold."""
        t = deal.trump_context
        plays = deal.trick
        p = plays[(winner - deal.trick_leader) % 4]
        return any(t.effective_suit(k) == "T" for k in p.indices()) or len(plays) >= 2

    @staticmethod
    def _unseen(deal: Deal, seat: int) -> Cards:
        full = Cards([k for k in range(54) for _ in range(deal.rules.decks)])
        seen = deal.hand(seat) + deal.played
        if seat == deal.dealer and deal.phase in ("play", "done"):
            seen = seen + deal.kitty
        return full - seen


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
