"""Deals with chosen cards for hand-written tests: the given seats hold the given cards, the rest of the
pack fills the hands up in kind order, the kitty last."""

from __future__ import annotations

from shengji import Cards, Deal, Rules


def hands_for(rules: Rules, seat_cards: dict[int, str], kitty: str | None = None) -> tuple[list[Cards], Cards]:
    """Four hands where the given seats hold the given cards (and the kitty, if given, is those cards)."""
    pack = [k for k in range(54) for _ in range(rules.decks)]
    fixed = {s: Cards(t) for s, t in seat_cards.items()}
    for c in [*fixed.values(), *([Cards(kitty)] if kitty else [])]:
        for k in c.indices():
            pack.remove(k)
    hands = []
    for s in range(4):
        have = list(fixed.get(s, Cards()).indices())
        need = rules.hand_size - len(have)
        hands.append(Cards(have + pack[:need]))
        pack = pack[need:]
    return hands, Cards(kitty) if kitty else Cards(pack)


def deal_with(rules: Rules, seat_cards: dict[int, str], *, kitty: str | None = None, **kwargs) -> Deal:
    """A Deal (``trump="declare"`` unless given) from ``hands_for``; kwargs go to Deal (level, dealer, ...)."""
    hands, k = hands_for(rules, seat_cards, kitty)
    return Deal(rules, hands=hands, kitty=k, **kwargs)
