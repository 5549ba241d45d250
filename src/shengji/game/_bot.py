"""The bot interface (``shengji.bots.Bot``) and its phase guards, below every module that defines or takes bots
(jit, bots, search's callers): it imports only the native module."""

from __future__ import annotations

from typing import Any

from .._core import Cards, Deal

SUITS = ("S", "H", "D", "C")


def _seat(deal: Deal) -> int:
    seat = deal.to_move
    if seat is None:
        raise ValueError("the deal is finished: nobody is to move")
    return seat


def _in_phase(deal: Deal, phase: str, what: str) -> None:
    if deal.phase != phase:
        raise ValueError(f"{what} acts in the {phase} phase, and the deal is in the {deal.phase} phase "
                         f"(choose(deal) picks the method by phase)")


def _choose_in(phase: str) -> Any:
    """A bot's method for one phase: its ``choose``, refused outside that phase."""

    def method(self: Bot, deal: Deal) -> Cards:
        _in_phase(deal, phase, phase)
        return self.choose(deal)

    method.__name__ = phase
    method.__doc__ = f"The bot's action in the {phase} phase (refused in any other phase)."
    return method


class Bot:
    """Base class: the interface every bot offers. ``choose(deal)`` is the action of the seat to move in any
    phase (what ``deal.act`` takes); it calls ``declare``, ``bury``, ``grab``, ``swap``, ``call`` or ``play`` by
    phase, which subclasses implement (``declare``, ``grab`` and ``swap`` pass by default, ``call`` follows
    the greedy rule)."""

    def choose(self, deal: Deal) -> Cards:
        """The action of the seat to move in ``deal``, in any phase: the phase's method's."""
        _seat(deal)
        phase = deal.phase
        if phase == "declare":
            return self.declare(deal)
        if phase == "bury":
            return self.bury(deal)
        if phase == "grab":
            return self.grab(deal)
        if phase == "swap":
            return self.swap(deal)
        if phase == "call":
            return self.call(deal)
        return self.play(deal)

    def play(self, deal: Deal) -> Cards:
        """The lead or follow of the seat to move in ``deal`` (play phase; every bot implements it)."""
        raise NotImplementedError

    def bury(self, deal: Deal) -> Cards:
        """The burier's burial in ``deal`` (bury phase; every bot implements it)."""
        raise NotImplementedError

    def declare(self, deal: Deal) -> Cards:
        """A declaration of the seat to move in ``deal``, or ``Cards()`` to pass (the default)."""
        _in_phase(deal, "declare", "declare")
        return Cards()

    def grab(self, deal: Deal) -> Cards:
        """炒底: a higher declaration of the seat to move in ``deal``, or ``Cards()`` to pass (the default)."""
        _in_phase(deal, "grab", "grab")
        return Cards()

    def swap(self, deal: Deal) -> Cards:
        """泰安 换底: the declarer's swap, or ``Cards()`` to keep the kitty (the default)."""
        _in_phase(deal, "swap", "swap")
        return Cards()

    def call(self, deal: Deal) -> Cards:
        """找朋友: the dealer's call, one card; by default the native greedy rule (the highest card it does not
        hold of its shortest plain suit)."""
        _in_phase(deal, "call", "call")
        return deal.policy_action("greedy")

    def start_game(self, seed: int, game: int, seat: int) -> None:
        """Called by ``simulate`` before game ``game`` of a run seeded ``seed`` (``seat``: the first seat this
        bot plays): a bot with random choices draws them from a stream of its own for each game."""

    def trump(self, deal: Deal) -> str | None:
        """The trump a dealer names when the rules have no declaring phase: the longest plain suit."""
        hand = deal.hand(deal.dealer)
        counts = {s: sum(1 for k in hand.indices() if k < 52 and k // 13 == i) for i, s in enumerate(SUITS)}
        return max(SUITS, key=lambda s: counts[s])


def play(deal: Any, choose: Any, *, until: Any = None) -> int:
    """The one game loop: play ``deal`` on (any phase, through ``act``) until it is done, or until ``until(deal)``
    holds, each decision made by ``choose``: four players (each with ``choose(deal)``; the seat to move's chooses)
    or a function of the deal. Returns the plays made (play-phase actions)."""
    pick = choose if callable(choose) else (lambda d: choose[d.to_move].choose(d))
    plays = 0
    while deal.phase != "done" and (until is None or not until(deal)):
        plays += deal.phase == "play"
        deal.act(pick(deal))
    return plays
