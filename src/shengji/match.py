"""Match play: deals in a row under the rules' level and dealer rules (RULES.md §5).

- Each team has a level; the dealer team plays at its own level. Levels run 2 → A, or, with
  ``first_level="A"`` (泰安), A → 2 → … → K → A (the final A ends the match); with ``first_level="3"`` (the
  4-deck post, 2 a fixed trump) 3 → A.
- The dealer team keeps the deal: it climbs ``dealer_levels``; the next dealer is the dealer's partner
  (``next_dealer="partner"``, QQ) or the same dealer (``"same"``, 泰安). The attackers take over: they
  climb ``attacker_levels`` and the old dealer's next player deals.
- Must-play levels cannot be jumped: the first level that is not a constant-trump rank (2, or 3 when 2
  is constant) and the final level. A climb that would pass one stops on it.
- A team that wins a deal as dealers at the final level (A) wins the match.
- Deal *i* of a match with seed *s* is dealt from stream (s, i). In the first deal the declaring decides
  the dealer (the rules' ``first_deal_dealer``). Rules without a declaring phase (``declaration="none"``)
  let the dealer's bot name the trump (``Bot.trump``); rules whose declaring phase is not implemented
  yet (the 4-deck and 泰安 styles) raise NotImplementedError, as ``Deal`` does.
- Every phase goes through ``deal.act(bot.choose(deal))``.
- Match points (积分): ``points`` raises NotImplementedError where the rules call for them (they are not
  computed yet) and is None where they do not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._core import RANKS, Deal
from ._types import DealResult
from .bots import resolve


@dataclass(frozen=True)
class DealRecord:
    """One deal of a match."""

    index: int
    dealer: int
    level: str
    trump: str | None
    result: DealResult
    levels_after: tuple[str, str]


def level_sequence(rules: Any) -> list[str]:
    """The levels a team climbs through (``first_level``): 2 -> A, 3 -> A, or A -> 2 -> ... -> K -> A."""
    if rules.first_level == "A":
        return ["A", *RANKS[:-1], "A"]
    return list(RANKS[RANKS.index(rules.first_level):])


class Match:
    """``Match(rules, seed=0, policy="greedy", first_dealer=0)``: see the module docstring."""

    def __init__(self, rules: Any, seed: int = 0, policy: Any = "greedy", first_dealer: int = 0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer <= 3:
            raise ValueError(f"first_dealer must be a seat 0..3, got {first_dealer!r}")
        self.rules = rules
        self.seed = seed
        self.bots = resolve(policy)
        self.sequence = level_sequence(rules)
        self._steps = [0, 0]
        self.dealer = first_dealer
        self.winner: int | None = None
        self.history: list[DealRecord] = []
        start = 0
        while start < len(self.sequence) - 1 and self.sequence[start] in rules.constant_ranks:
            start += 1
        self.must_play = {start, len(self.sequence) - 1}

    @property
    def points(self) -> None:
        """Match points (积分) per seat: not computed yet. Raises NotImplementedError when the rules call for
        them (``Rules.missing("match_points")`` names the option); None when they keep none."""
        missing = self.rules.missing("match_points")
        if missing:
            raise NotImplementedError(f"match points are not implemented yet: {missing}")
        return None

    @property
    def levels(self) -> tuple[str, str]:
        """Current level of team 0 (seats 0+2) and team 1 (seats 1+3)."""
        return (self.sequence[self._steps[0]], self.sequence[self._steps[1]])

    def _climb(self, team: int, n: int) -> None:
        step = self._steps[team]
        for _ in range(n):
            if step >= len(self.sequence) - 1:
                break
            step += 1
            if step in self.must_play:
                break
        self._steps[team] = step

    def play_deal(self) -> DealRecord:
        """Play one whole deal with the bots and update levels and dealer."""
        if self.winner is not None:
            raise ValueError(f"the match is over: team {self.winner} won")
        index = len(self.history)
        team = self.dealer % 2
        level = self.levels[team]
        trump: Any = "declare"
        if not self.rules.has_declaring_phase:  # the dealer's bot names the trump
            probe = Deal(self.rules, seed=self.seed, stream=index, dealer=self.dealer, level=level, trump=None)
            trump = self.bots[self.dealer].trump(probe)
        deal = Deal(self.rules, seed=self.seed, stream=index, dealer=self.dealer, level=level, trump=trump,
                    first_deal=index == 0)
        while deal.phase != "done":  # every phase through the one protocol
            deal.act(self.bots[deal.to_move or 0].choose(deal))
        result = deal.result()
        dealer = deal.dealer
        team = dealer % 2
        final = len(self.sequence) - 1
        if result.dealer_keeps:
            if self._steps[team] == final:
                self.winner = team
            self._climb(team, result.dealer_levels)
            self.dealer = (dealer + 2) % 4 if self.rules.next_dealer == "partner" else dealer
        else:
            self._climb(1 - team, result.attacker_levels)
            self.dealer = (dealer + 1) % 4
        record = DealRecord(index, dealer, level, deal.trump, result, self.levels)
        self.history.append(record)
        return record

    def play_all(self, max_deals: int | None = None) -> int | None:
        """Play deals until a team wins (or ``max_deals`` more deals); returns the winner or None."""
        played = 0
        while self.winner is None and (max_deals is None or played < max_deals):
            self.play_deal()
            played += 1
        return self.winner
