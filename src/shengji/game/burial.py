"""Burials worth comparing, and whether the rules let a burier bury some cards: shared by the bots (PIMC) and the
bury advisor, below both (it imports only the native module)."""

from __future__ import annotations

from .._core import Cards, Deal, Trump
from ..base._types import IllegalMove

SUITS = ("S", "H", "D", "C")


def burial_candidates(hand: Cards, trump: Trump, greedy: Cards, size: int) -> list[Cards]:
    """The greedy burial, then each plain suit that fits in the kitty voided and topped up with the greedy
    burial's other cards (duplicates removed)."""
    out = [greedy]
    for suit in SUITS:
        cards = [k for k in hand.indices() if trump.effective_suit(k) == suit]
        if not cards or len(cards) > size:
            continue
        fill = [k for k in greedy.indices() if trump.effective_suit(k) != suit]
        burial = Cards(cards + fill[: size - len(cards)])
        if len(burial) == size and burial not in out:
            out.append(burial)
    return out


def buriable(position: Deal, burial: Cards) -> bool:
    """May the burier of ``position`` bury these cards (the rules' kitty rule)?"""
    try:
        position.clone().bury(burial)
    except IllegalMove:
        return False
    return True
