"""``Deal.is_legal`` / ``Deal.why_illegal``: the core's verdict on an action without taking it. A refused action's
reason is the message ``act`` raises, word for word, for refusals of every kind (count, cards not held, follow,
declaration, turn, phase), the deal is unchanged by asking, and on random positions ``is_legal`` agrees with
``act`` on a copy for legal actions and for random card sets."""

from __future__ import annotations

import random
import re

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


def _template_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{\w+\})", template)
    return re.compile("".join(".+?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts) + "$")


def _tries(deal: Deal, rng: random.Random) -> list[object]:
    """Actions to offer at a decision: legal ones, near misses and nonsense of every shape."""
    mover = deal.to_move
    assert mover is not None
    hand = list(deal.hand(mover).indices())
    absent = [k for k in range(54) if k not in hand]
    out: list[object] = [Cards(), Cards([absent[0]]) if absent else Cards(), Cards(hand[:2])]
    out += [Cards(rng.sample(hand, min(len(hand), n))) for n in (1, 2, 3, 4, 5, 8) for _ in range(2)]
    out += [shengji.Declaration(Cards(hand[:1]), "H"), shengji.Declaration(Cards("SJ SJ BJ BJ"), "S"),
            Cards("SJ SJ BJ BJ"), Cards("SJ SJ"), Cards("BJ BJ"), Cards("SJ BJ")]
    level = [k for k in hand if k < 52 and k % 13 == shengji._core.RANKS.index(deal.level)]
    for k in set(level):
        out += [Cards([k]), Cards([k, k]), Cards([k, k, k])]
    jokers = [k for k in hand if k >= 52]
    out += [Cards(jokers[:1] + [k, k]) for k in set(hand) if k < 52 and hand.count(k) >= 2][:6]
    if deal.phase in ("swap", "bury"):
        kitty = list(deal.kitty.indices())
        out += [Cards(kitty[:1] + hand[:1]), Cards(kitty[:2] + hand[:1]), Cards(kitty[:1]),
                Cards(absent[:1] + hand[:1])]
        out += [Cards(rng.sample(hand, len(kitty))) for _ in range(4)]
        if deal.phase == "swap":  # a trump of the kitty for each card of the hand
            t = deal.trump_context
            out += [Cards([k, h]) for k in kitty[:1] if t.is_trump(k) for h in set(hand)]
    out += list(deal.legal_actions(limit=8)) if deal.phase != "bury" else []
    return out


_BARE = (": a lead cannot be empty", ": the cards are not all of one effective suit")


def test_every_reason_of_the_core_is_reached_and_reads_as_its_template() -> None:
    """Over deals of every preset, offered legal actions, near misses and nonsense: every reason of the core's
    table (csrc/include/sj_refusal.h) refuses something, each refusal's message is its template filled, and
    why_illegal agrees with act."""
    from shengji import _core

    templates = {i: _template_regex(t) for i, t in enumerate(_core.REFUSALS) if t}
    seen: dict[int, str] = {}
    rng = random.Random(5)
    for preset in Rules.presets():
        rules = Rules.preset(preset)
        for seed in range(2):
            deal = Deal(rules, seed=seed, dealer=seed % 4,
                        **({} if rules.has_declaring_phase else {"trump": "HSDC"[seed % 4]}))
            while True:
                for action in _tries(deal, rng) if deal.phase != "done" else ["AS", Cards(), "SJ"]:
                    why = deal.why_illegal(action)
                    if why is None:
                        continue
                    hit = [i for i, rx in templates.items() if rx.match(why)]
                    # SJ_WHY_NONE: the error's own sentence is the whole reason (a lead of no one suit)
                    assert hit or why.endswith(_BARE), f"{preset}: {why!r} reads as no template"
                    seen.setdefault(hit[-1] if hit else 0, why)
                    with pytest.raises(IllegalMove) as err:
                        deal.clone().act(action)
                    assert str(err.value) == why
                if deal.phase == "done":
                    break
                # (a random burial: 泰安's swap phase needs a kitty holding trumps, which greedy never buries)
                deal.act(deal.policy_action("greedy" if deal.phase != "bury" and rng.random() < 0.7 else "random"))
    for _, _action, reason in _set_up_refusals():  # the rarer ones, on deals dealt for them
        seen.setdefault([i for i, rx in templates.items() if rx.match(reason)][-1], reason)
    missing = [_core.REFUSALS[i] for i in templates if i not in seen]
    assert not missing, "reasons never reached:\n" + "\n".join(missing)


def _order(rules: Rules, front: dict[int, str]) -> list[int]:
    """A pack order with the given cards at the given positions (card i goes to seat (dealer + i) % 4)."""
    pack = [k for k in range(54) for _ in range(rules.decks)]
    order: list[int | None] = [None] * len(pack)
    for pos, token in front.items():
        k = Cards(token).indices()[0]
        pack.remove(k)
        order[pos] = k
    rest = iter(pack)
    return [k if k is not None else next(rest) for k in order]


def _declare_until(deal: Deal, step: int) -> None:
    while deal.phase == "declare" and len(deal.moves) < step:
        deal.act(Cards())


def _set_up_refusals() -> list[tuple[Deal, str, str]]:
    """The ladders' rarer refusals, each on a deal dealt for it: (deal, action, the reason)."""
    out = []
    four = Rules.preset("4deck")  # first_level 3
    d = Deal(four, order=_order(four, {0: "SJ", 4: "SJ"}), dealer=0, level="3")
    _declare_until(d, 4)
    assert d.to_move == 0
    out.append((d, "SJ SJ", "declare SJ SJ: a joker pair only overturns a standing declaration "
                            "(亮无主只能是四张王才能亮)"))

    d = Deal(four, order=_order(four, {1: "3S", 5: "3H", 9: "3H"}), dealer=0, level="3")
    _declare_until(d, 1)
    d.act("3S")
    while d.phase == "declare":
        d.act(Cards())
    d.act(d.policy_action("greedy"))  # the dealer buries; the others are asked, the declarer first
    assert d.phase == "grab" and d.to_move == 1 and d.declarer == 1
    out.append((d, "3H 3H", "grab 3H 3H: seat 1 holds the standing declaration and may not grab the kitty from "
                            "itself (不能亮主的人自己反主炒底)"))

    taian = Rules.preset("taian")
    d = Deal(taian, order=_order(taian, {0: "SJ", 4: "3S", 8: "3S", 12: "BJ", 16: "5H", 20: "5H", 24: "6H",
                                         28: "6H"}), dealer=0)
    _declare_until(d, 8)
    d.act("SJ 3S 3S")
    _declare_until(d, 28)
    assert d.to_move == 0
    out.append((d, "BJ 5H 5H 6H 6H", "declare 5H 5H 6H 6H BJ: seat 0 holds the standing declaration 3S 3S SJ and "
                                     "may only extend it with more pairs (续牌: 自己亮主后，可以续牌，不可以更换)"))
    return out


def test_the_declaration_reasons_that_take_a_set_up_deal() -> None:
    """A joker pair with nothing standing (4-deck), the standing declarer asked to grab (4-deck 炒底), and 泰安's
    standing declarer showing another run (续牌 only): each refused with its reason, as act refuses it."""
    for deal, action, reason in _set_up_refusals():
        assert deal.why_illegal(action) == reason
        with pytest.raises(IllegalMove, match=re.escape(reason)):
            deal.act(action)
