"""Deals with chosen cards for hand-written tests: the given seats hold the given cards, the rest of the
pack fills the hands up in kind order, the kitty last."""

from __future__ import annotations

from shengji import Cards, Deal, Rules


def hands_for(rules: Rules, seat_cards: dict[int, str], kitty: str | None = None) -> tuple[list[Cards], list[int]]:
    """Four hands where the given seats hold the given cards, and the kitty in dealt order (kind indices): the
    given kitty's tokens in their order, else the rest of the pack in kind order."""
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
    return hands, ([Cards(t).indices()[0] for t in kitty.split()] if kitty else pack)


def deal_with(rules: Rules, seat_cards: dict[int, str], *, kitty: str | None = None, **kwargs) -> Deal:
    """A Deal (``trump="declare"`` unless given) from ``hands_for``; kwargs go to Deal (level, dealer, ...)."""
    hands, k = hands_for(rules, seat_cards, kitty)
    return Deal(rules, hands=hands, kitty=k, **kwargs)


def act_both(deal: Deal, ref, action: Cards, ref_action=None):
    """Apply one action to the core deal and to the pure-Python reference deal (``ref_action``: the
    reference's form of it, by default the kind list) and check that they agree: what was played, the
    hands, the dealer and declarer, and once declaring is over the trump and the burier."""
    played = deal.act(action)
    got = ref.act(ref_action if ref_action is not None else list(action.indices()))
    if played is not None:
        assert tuple(got) == tuple(played.cards.indices())
    assert [tuple(ref.hand(s)) for s in range(4)] == [tuple(deal.hand(s).indices()) for s in range(4)]
    assert (ref.dealer, ref.declarer) == (deal.dealer, deal.declarer)
    if deal.phase not in ("declare", "done"):
        assert (ref.trump_suit, ref.burier) == (deal.trump, deal.burier)
    return played
