"""``Deal.is_legal`` / ``Deal.why_illegal``: the core's verdict on an action without taking it. A refused action's
reason is the message ``act`` raises, word for word, for refusals of every kind (count, cards not held, follow,
declaration, turn, phase), the deal is unchanged by asking, and on random positions ``is_legal`` agrees with
``act`` on a copy for legal actions and for random card sets."""

from __future__ import annotations

import random

import pytest

import shengji
from shengji import Cards, Deal, IllegalMove, Rules


def _play_position(seed: int) -> Deal:
    d = Deal(Rules(), seed=seed, trump="S", level="2", dealer=0)
    d.act(d.policy_action("greedy"))  # the dealer buries
    d.act(d.policy_action("greedy"))  # a lead
    return d


def _refusals() -> list[tuple[str, Deal, object, int | None]]:
    bury = Deal(Rules(), seed=3, trump="S", level="2", dealer=0)
    follow = _play_position(1)
    led = follow.trick[0] if follow.trick else None
    mover = follow.to_move
    hand = follow.hand(mover).indices()
    wrong = None  # a card of another suit while the mover holds the led suit
    for k in range(len(hand)):
        c = Cards([hand[k]])
        if follow.why_illegal(c) is not None:
            wrong = c
            break
    declare = Deal(Rules(), seed=5)
    done = Deal(Rules(), seed=2, trump="S", level="2", dealer=0)
    while done.phase != "done":
        done.act(done.policy_action("greedy"))
    not_held = _play_position(2)
    others = [c for c in range(54) if c not in not_held.hand(not_held.to_move).indices()]
    assert led is not None and wrong is not None
    return [
        ("count", bury, bury.hand(0).indices()[:3], None),
        ("not held", not_held, Cards([others[0]]), None),
        ("follow", follow, wrong, None),
        ("declaration", declare, "SJ BJ", None),
        ("turn", follow, follow.legal_actions()[0], (mover + 1) % 4),
        ("done", done, "AS", None),
    ]


@pytest.mark.parametrize("kind", ["count", "not held", "follow", "declaration", "turn", "done"])
def test_the_reason_is_what_act_raises_and_nothing_changes(kind: str) -> None:
    case = {k: (d, a, s) for k, d, a, s in _refusals()}[kind]
    deal, action, seat = case
    before = (deal.phase, deal.to_move, [str(deal.hand(s)) for s in range(4)], repr(deal.trick))
    why = deal.why_illegal(action, seat)
    assert isinstance(why, str) and why
    assert deal.is_legal(action, seat) is False
    assert (deal.phase, deal.to_move, [str(deal.hand(s)) for s in range(4)], repr(deal.trick)) == before
    with pytest.raises(IllegalMove) as err:
        deal.act(action, seat)
    assert str(err.value) == why
    assert (deal.phase, deal.to_move, [str(deal.hand(s)) for s in range(4)], repr(deal.trick)) == before


def test_legal_actions_are_legal_and_asking_takes_nothing() -> None:
    for seed in range(6):
        d = Deal(Rules(), seed=seed)
        while d.phase != "done":
            acts = d.legal_actions(limit=50) if d.phase != "bury" else [d.policy_action("greedy")]
            for a in acts:
                assert d.is_legal(a), (d.phase, a)
                assert d.why_illegal(a) is None
            d.act(d.policy_action("greedy"))


def test_is_legal_agrees_with_act_on_random_card_sets() -> None:
    rng = random.Random(7)
    checked = refused = 0
    for seed in range(20):
        d = Deal(Rules(), seed=seed, trump="H", level="5", dealer=seed % 4)
        while d.phase != "done":
            hand = d.hand(d.to_move).indices()
            for _ in range(5):
                k = rng.randint(1, min(8, len(hand)))
                a = Cards(rng.sample(hand, k) if rng.random() < 0.8 else rng.sample(range(54), k))
                try:
                    d.clone().act(a)
                    ok = True
                except IllegalMove:
                    ok = False
                assert d.is_legal(a) is ok, (d.phase, a)
                checked += 1
                refused += not ok
            d.act(d.policy_action("greedy"))
    assert checked > 2000 and 0 < refused < checked


def test_bad_values_raise_as_act_does() -> None:
    d = _play_position(0)
    with pytest.raises((TypeError, ValueError)):
        d.why_illegal("ZZ")
    with pytest.raises((TypeError, ValueError)):
        d.is_legal(3.5)
    assert shengji.Deal.is_legal.__doc__ and shengji.Deal.why_illegal.__doc__
