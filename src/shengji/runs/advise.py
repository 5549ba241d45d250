"""Which cards to bury: ``advise_bury`` ranks candidate burials by native Monte-Carlo runs with the hand fixed.

``advise_bury(rules, hand, level, trump, candidates=None, games=2000, seed=0, *, dealer=0, policy="greedy",
threads=None)``: ``hand`` is the burier's hand with the kitty in it (hand size + kitty cards). For each
candidate burial, ``games`` deals are played natively (``simulate``) with the burier's dealt hand fixed to
``hand`` minus the burial and the burial as the buried kitty; the other hands are dealt from the rest of the
pack. Every candidate sees the same deals of the other hands (same seed: the cards left are the same), so
the comparison is not noise of the deals. Candidates are ranked best first: fewest attackers' points on
average (the burier's team defends), then the lower kitty-capture rate.

Candidates when none are given (``burial_candidates``): the greedy policy's burial (short plain suits first,
no points and no trumps when avoidable, singles before pairs), and for each plain suit that fits in the
kitty, that whole suit (voiding it) topped up with the greedy burial's other cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .._core import Cards
from ..agents.deal import Deal
from ..base import _validate
from ..base._stats import mean_interval
from ..base._types import IllegalMove
from ..game.burial import buriable as _buriable
from ..game.burial import burial_candidates
from ..game.rules import Rules
from .simulate import simulate


@dataclass(frozen=True)
class BuryAdvice:
    """One candidate burial and its estimates: ``attacker_points`` and ``capture_rate`` are (estimate, low,
    high) with 95 % intervals (normal approximation for the mean points, Wilson for the rate)."""

    cards: Cards
    attacker_points: tuple[float, float, float]
    capture_rate: tuple[float, float, float]
    games: int

    def __str__(self) -> str:
        p, lo, hi = self.attacker_points
        c, clo, chi = self.capture_rate
        return (f"{self.cards}: attackers {p:.1f} points (95 % CI {lo:.1f}-{hi:.1f}), kitty captured "
                f"{100 * c:.1f} % ({100 * clo:.1f}-{100 * chi:.1f} %)")


def _bury_position(rules: Any, hand: Cards, level: str, trump: Any, dealer: int) -> Deal:
    """A deal in the bury phase where ``dealer`` holds ``hand`` (the other hands: the rest of the pack)."""
    rest = Cards([k for k in range(54) for _ in range(rules.decks)]) - hand
    others = list(rest.indices())
    hands: list[Cards] = []
    for seat in range(4):
        if seat == dealer:
            hands.append(Cards(hand.indices()[: rules.hand_size]))
        else:
            hands.append(Cards(others[: rules.hand_size]))
            others = others[rules.hand_size:]
    return Deal(rules, dealer=dealer, level=level, trump=trump, hands=hands,
                kitty=Cards(hand.indices()[rules.hand_size:]))


def advise_bury(rules: Any, hand: Any, level: str, trump: Any, candidates: Any = None, games: int = 2000,
                seed: int = 0, *, dealer: int = 0, policy: Any = "greedy", threads: int | None = None,
                progress: bool = False, executor: Any = None, chunk: int | None = None) -> list[BuryAdvice]:
    """Candidate burials ranked best first (module docstring). ``executor``/``chunk``: each candidate's games in
    chunks on an engine (``simulate``'s, shengji._executors); the same numbers as the local run. ``progress``: a
    progress bar for each candidate's games (``simulate``'s)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a shengji.Rules (Rules(...) or Rules.preset(name)), not {type(rules).__name__}")
    hand = Cards(hand)
    kitty = rules.kitty or 0  # (resolved at construction: never None once built)
    need = rules.hand_size + kitty
    if len(hand) != need:
        raise ValueError(f"hand must hold the {rules.hand_size} dealt cards and the {kitty} of the kitty "
                         f"({need}), got {len(hand)}")
    if isinstance(trump, str) and trump.lower() == "declare":
        raise ValueError("advise_bury needs the trump: give a suit, or None / 'NT' for no trump")
    games = _validate.integer(games, "games", 1, 2**40)
    position = _bury_position(rules, hand, level, trump, dealer)  # validates the hand, level and trump
    if candidates is None:
        cands = burial_candidates(hand, position.trump_context, position.policy_action("greedy"), kitty)
        cands = [c for c in cands if _buriable(position, c)]  # (泰安: no points or constant trumps)
    else:
        if isinstance(candidates, (str, Cards)):
            raise TypeError("candidates must be a list of burials (Cards), not a single one")
        cands = [Cards(c) for c in candidates]
        if not cands:
            raise ValueError("candidates is empty: give at least one burial (or None for the default candidates)")
        for i, c in enumerate(cands):
            if len(c) != kitty or not c.issubset(hand):
                raise ValueError(f"candidates[{i}] must be {kitty} cards of the hand, got {c}")
            try:
                position.clone().bury(c)
            except IllegalMove as err:
                raise ValueError(f"candidates[{i}]: {err}") from None
    out = []
    for burial in cands:
        res = simulate(rules, games, policy=policy, seed=seed, threads=threads, progress=progress, dealer=dealer,
                       level=level, trump=trump, hands={dealer: hand - burial}, buried=burial, executor=executor,
                       chunk=chunk)
        mean, low, high = mean_interval(res.attacker_points)
        out.append(BuryAdvice(burial, (float(mean), float(low), float(high)), res.kitty_capture_rate(), games))
    out.sort(key=lambda a: (a.attacker_points[0], a.capture_rate[0]))
    return out
