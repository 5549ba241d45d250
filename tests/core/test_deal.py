"""Whole deals: random-play invariants, the reference state machine, bad input, pickling and clones."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from dealt import hands_for

from shengji import OPTIONS, Cards, Deal, Declaration, IllegalMove, Rules, _core, points
from shengji.testing.reference_deal import RefDeal

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PRESETS = {1: "qq-1deck", 2: "qq-2deck", 3: "qq-3deck"}


def random_rules(rng: random.Random, decks: int) -> Rules:
    return Rules.preset(PRESETS[decks]).replace(
        constant_ranks=rng.choice([(), ("2",)]),
        **{name: rng.choice([v.value for v in OPTIONS[name].values if v.status != "not implemented" and
                             "declare" not in v.status])
           for name in ("throw_penalty", "no_bid", "kitty_multiplier", "trick_compare", "first_deal_dealer")},
    )


def throw_attempt(deal: Deal, rng: random.Random) -> Cards:
    """All the leader's cards of one random effective suit (often a throw that fails)."""
    hand, t = deal.hand(deal.to_move), deal.trump_context
    suit = t.effective_suit(rng.choice(hand.indices()))
    return Cards([k for k in hand.indices() if t.effective_suit(k) == suit])


def choose(deal: Deal, rng: random.Random) -> Cards:
    if not deal.trick and rng.random() < 0.15:
        return throw_attempt(deal, rng)
    return rng.choice(deal.legal_actions(limit=300))


def start(rules: Rules, seed: int, rng: random.Random, declare: bool) -> Deal:
    trump = "declare" if declare else rng.choice(["S", "H", "D", "C", None])
    return Deal(rules, seed=seed, dealer=rng.randrange(4), level=rng.choice(RANKS), trump=trump,
                first_deal=rng.random() < 0.5)


def total_points(deal: Deal) -> int:
    in_tricks = sum(points(p) for _, plays, _ in deal.tricks for p in plays)
    return (in_tricks + sum(points(p) for p in deal.trick) + sum(points(deal.hand(s)) for s in range(4))
            + (points(deal.kitty) if deal.phase in ("play", "done") else 0))


def snapshot(deal: Deal):
    return (deal.phase, deal.to_move, [deal.hand(s) for s in range(4)], deal.trick, deal.attacker_points,
            deal.moves, deal.declarer, deal.trump if deal.phase != "declare" else None, deal.kitty)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_random_play_invariants(decks):
    rng = random.Random(decks)
    n_deals = 700
    captured = 0
    for seed in range(n_deals):
        rules = random_rules(rng, decks)
        deal = start(rules, seed, rng, declare=seed % 2 == 0)
        while deal.phase == "declare":
            options = deal.legal_actions()
            assert options[0] == Cards()
            deal.declare(rng.choice(options))
        assert deal.phase == "bury" and len(deal.hand(deal.dealer)) == deal.hand_size + rules.kitty
        deal.bury(Cards(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty)))
        assert total_points(deal) == 100 * decks
        while deal.phase == "play":
            seat = deal.to_move
            before = deal.hand(seat)
            legal = deal.legal_actions(limit=300)
            assert legal
            for action in rng.sample(legal, min(3, len(legal))):
                twin = deal.clone()
                twin.play(action)  # every listed action is accepted
                assert deal.hand(seat) == before  # the clone is independent
            played = deal.play(choose(deal, rng))
            assert deal.hand(seat) == before - played.cards
            assert played.cards.issubset(played.attempted)
            assert total_points(deal) == 100 * decks
        res = deal.result()
        last_leader, last_plays, last_winner = deal.tricks[-1]
        assert res.kitty_captured == deal.is_attacker(last_winner)
        attackers = sum(points(p) for _, plays, w in deal.tricks if deal.is_attacker(w) for p in plays)
        assert attackers + res.defender_points == 100 * decks - res.kitty_points
        if res.kitty_captured:
            captured += 1
            won = last_plays[(last_winner - last_leader) % 4]
            assert deal.last_won == won and deal.last_lead == last_plays[0]
            assert res.kitty_multiplier == deal.trump_context.kitty_multiplier(won)
        else:
            assert res.kitty_multiplier == 0
        penalty = 0
        if rules.throw_penalty == "ten_per_card":
            for _, seat, attempted, forced in deal.failed_throw_log:
                penalty += (-10 if deal.is_attacker(seat) else 10) * (len(attempted) - len(forced))
        assert res.attacker_points == max(0, attackers + penalty + res.kitty_points * res.kitty_multiplier)
        assert res.outcome == rules.level_outcome(res.attacker_points)
        assert sum(res.failed_throws) == len(deal.failed_throw_log)
        if seed % 50 == 0:
            again = pickle.loads(pickle.dumps(deal))
            assert snapshot(again) == snapshot(deal) and again.result() == res
    assert 0 < captured < n_deals


def test_pickle_and_clone_mid_deal():
    rng = random.Random(7)
    deal = Deal(Rules(), seed=11, trump="declare")
    while deal.phase == "declare":
        deal.declare(rng.choice(deal.legal_actions()))
    deal.bury(deal.hand(deal.dealer).indices()[:8])
    for _ in range(37):
        deal.play(choose(deal, rng))
    again = pickle.loads(pickle.dumps(deal))
    assert snapshot(again) == snapshot(deal)
    twin = deal.clone()
    twin.play(twin.legal_actions()[0])
    assert snapshot(again) == snapshot(deal) != snapshot(twin)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_same_deals_as_reference(decks):
    """The reference state machine, fed the same pack and the same choices, agrees at every step."""
    rng = random.Random(100 + decks)
    for seed in range(40 if decks < 3 else 20):
        rules = random_rules(rng, decks).replace(partner_reinforce=("never", "pair")[seed % 4 < 2])  # 对家保 too
        declare = seed % 2 == 0
        deal = start(rules, seed, rng, declare)
        trump = "declare" if declare else deal.trump
        ref = RefDeal(rules, list(deal.order), dealer=deal.dealer, level=deal.level, trump=trump,
                      first_deal=deal.first_deal)
        while deal.phase == "declare":
            assert ref.phase == "declare" and ref.to_move == deal.to_move
            assert {c.indices() for c in deal.legal_declarations()} == set(ref.legal_declarations())
            action = rng.choice(deal.legal_actions())
            deal.declare(action)
            ref.declare(list(action.indices()))
        assert (ref.phase, ref.dealer, ref.trump_suit, ref.declarer) == (deal.phase, deal.dealer, deal.trump,
                                                                         deal.declarer)
        assert [ref.hand(s) for s in range(4)] == [deal.hand(s).indices() for s in range(4)]
        bury = Cards(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty))
        deal.bury(bury)
        ref.bury(list(bury.indices()))
        while deal.phase == "play":
            full = deal.legal_actions(limit=3001)
            if len(full) <= 3000:
                assert {c.indices() for c in full} == set(ref.legal_actions()), deal
            action = choose(deal, rng)
            played = deal.play(action)
            assert ref.play(list(action.indices())) == played.cards.indices()
            assert ref.to_move == deal.to_move or deal.phase == "done"
            assert [ref.hand(s) for s in range(4)] == [deal.hand(s).indices() for s in range(4)]
            assert [set(ref.voids[s]) for s in range(4)] == [set(deal.voids(s)) for s in range(4)]
            assert list(ref.failed_throws) == list(deal.failed_throws)
            assert [w for _, _, w in ref.tricks] == [w for _, _, w in deal.tricks]
            assert ref.attacker_captured + ref.penalty == deal.attacker_points or deal.phase == "done"
        assert ref.phase == "done"
        want = ref.result()
        got = deal.result()
        assert (got.attacker_points, got.kitty_points, got.kitty_multiplier, got.kitty_captured, got.dealer_keeps,
                got.dealer_levels, got.attacker_levels) == (
            want["attacker_points"], want["kitty_points"], want["multiplier"], want["kitty_captured"],
            want["dealer_keeps"], want["dealer_levels"], want["attacker_levels"])


@pytest.mark.parametrize("decks", [2, 3])
def test_partner_reinforcement_same_as_reference(decks):
    """对家保 against the reference: the partner's copy of the standing single taken whenever it is offered (else
    a random legal declaration now and then), the legal lists, the standing declaration and declarer agreeing at
    every step."""
    rng = random.Random(40 + decks)
    reinforced = 0
    for seed in range(80):
        rules = Rules.preset(PRESETS[decks]).replace(partner_reinforce=rng.choice(["pair", "pair", "never"]))
        deal = Deal(rules, seed=seed, dealer=rng.randrange(4), level=rng.choice(RANKS), trump="declare",
                    first_deal=rng.random() < 0.5)
        ref = RefDeal(rules, list(deal.order), dealer=deal.dealer, level=deal.level, trump="declare",
                      first_deal=deal.first_deal)
        while deal.phase == "declare":
            legal = deal.legal_declarations()
            assert {c.indices() for c in legal} == set(ref.legal_declarations())
            copy = [c for c in legal if len(c) == 1 and deal.declarer is not None and c == deal.declaration]
            if copy:
                assert rules.partner_reinforce == "pair" and deal.to_move == (deal.declarer + 2) % 4
                action = copy[0]
                reinforced += 1
            else:
                action = rng.choice(legal) if rng.random() < 0.4 else Cards()
            deal.declare(action)
            ref.declare(list(action.indices()))
            assert (ref.declarer, ref.declaration) == (deal.declarer, deal.declaration.indices())
        assert (ref.phase, ref.dealer, ref.trump_suit, ref.declarer) == (deal.phase, deal.dealer, deal.trump,
                                                                         deal.declarer)
    assert reinforced >= 3


# --- declarations ---------------------------------------------------------------------------------

def drive_declaring(deal: Deal, wanted: list[tuple[int, str]]) -> None:
    """Pass everywhere except the listed (seat, cards) declarations, made at the first chance."""
    todo = list(wanted)
    while deal.phase == "declare":
        if todo and todo[0][0] == deal.to_move and Cards(todo[0][1]).issubset(deal.hand(deal.to_move)):
            deal.declare(todo.pop(0)[1])
        else:
            deal.declare()
    assert not todo


def test_declaration_ladder_qq():
    rules = Rules()
    hands, kitty = hands_for(rules, {0: "10H 10S 10S", 1: "10D 10D", 2: "SJ SJ BJ BJ"})
    deal = Deal(rules, hands=hands, kitty=kitty, level="10", trump="declare")
    drive_declaring(deal, [(0, "10H"), (1, "10D 10D"), (2, "SJ SJ")])
    assert deal.trump is None and deal.declarer == 2 and deal.dealer == 0
    assert [s for s, _ in deal.declarations] == [0, 1, 2]


def test_declaration_needs_strictly_stronger_and_held_cards():
    rules = Rules()
    hands, kitty = hands_for(rules, {0: "10H 10S 10S", 1: "10D 10D"})
    deal = Deal(rules, hands=hands, kitty=kitty, level="10", trump="declare")
    while Cards("10H") not in [c for c in deal.legal_declarations()] or deal.to_move != 0:
        deal.declare()
    before = snapshot(deal)
    with pytest.raises(IllegalMove, match="not a declaration"):
        deal.declare("AH")
    with pytest.raises(IllegalMove, match="identical"):
        deal.declare("10H 10S")
    with pytest.raises(IllegalMove, match="does not hold"):
        deal.declare("10C")
    assert snapshot(deal) == before
    deal.declare("10H")
    while deal.phase == "declare" and deal.to_move != 0:
        deal.declare()
    if deal.phase == "declare":
        with pytest.raises(IllegalMove, match="stronger"):
            deal.declare("10H")  # not stronger than the standing single


@pytest.mark.parametrize("who,dealer", [("first_declarer", 3), ("final_declarer", 2)])
def test_declaration_ladder_qq3_and_first_deal_dealer(who, dealer):
    """The QQ rooms: 开局中，双方争庄，先亮者为庄家 (the first to declare deals: "first_declarer", the QQ default);
    泰安: 第一局最终亮主的玩家即为庄家 (the final declarer deals: "final_declarer")."""
    rules = Rules.preset("qq-3deck").replace(first_deal_dealer=who)
    hands, kitty = hands_for(rules, {1: "5C 5C 5C", 2: "BJ BJ BJ", 3: "5H 5H"})
    deal = Deal(rules, hands=hands, kitty=kitty, level="5", trump="declare", first_deal=True, dealer=0)
    drive_declaring(deal, [(3, "5H 5H"), (1, "5C 5C 5C"), (2, "BJ BJ BJ")])
    assert deal.declarer == 2 and deal.dealer == dealer and deal.trump is None and deal.phase == "bury"
    assert len(deal.hand(dealer)) == rules.hand_size + rules.kitty
    assert [s for s, _ in deal.declarations] == [3, 1, 2]


def test_no_bid_kitty_card_skips_jokers():
    rules = Rules(no_bid="kitty_card")
    for seed in range(200):
        deal = Deal(rules, seed=seed, level="10", trump="declare")
        kitty_order = deal.order[-rules.kitty:]
        while deal.phase == "declare":
            deal.declare()
        rest = [k for k in kitty_order[2:] if k < 52]
        assert deal.trump == (("S", "H", "D", "C")[rest[0] // 13] if rest else None)


def test_no_bid_notrump():
    deal = Deal(Rules(), seed=3, trump="declare")
    while deal.phase == "declare":
        deal.declare()
    assert deal.trump is None and deal.declarer is None


# --- bad input ------------------------------------------------------------------------------------

def test_bad_moves_raise_and_change_nothing():
    rules = Rules()
    deal = Deal(rules, seed=5, trump="S", level="2")
    dealer_hand = deal.hand(deal.dealer)
    before = snapshot(deal)
    with pytest.raises(IllegalMove, match="bury phase"):
        deal.play(dealer_hand.indices()[:1])
    with pytest.raises(IllegalMove, match="declare: not allowed"):
        deal.declare("2S")
    with pytest.raises(IllegalMove, match="kitty holds 8"):
        deal.bury(dealer_hand.indices()[:7])
    not_held = [k for k in range(54) if dealer_hand.count(k) == 0][:8]
    with pytest.raises(IllegalMove, match="does not hold"):
        deal.bury(not_held)
    with pytest.raises(IllegalMove, match="turn"):
        deal.bury(dealer_hand.indices()[:8], seat=(deal.dealer + 1) % 4)
    with pytest.raises(IllegalMove):
        deal.legal_actions()
    assert snapshot(deal) == before
    deal.bury(dealer_hand.indices()[:8])
    before = snapshot(deal)
    leader = deal.to_move
    with pytest.raises(IllegalMove, match="turn"):
        deal.play(deal.hand((leader + 1) % 4).indices()[:1], seat=(leader + 1) % 4)
    with pytest.raises(IllegalMove, match="does not hold"):
        deal.play([k for k in range(54) if deal.hand(leader).count(k) == 0][:1])
    with pytest.raises(IllegalMove, match="empty"):
        deal.play(Cards())
    t = deal.trump_context
    suits = {}
    for k in deal.hand(leader).indices():
        suits.setdefault(t.effective_suit(k), k)
    with pytest.raises(IllegalMove, match="one effective suit"):
        deal.play(list(suits.values())[:2])
    with pytest.raises(IllegalMove, match="bury: not allowed"):
        deal.bury(deal.hand(leader).indices()[:8])
    assert snapshot(deal) == before
    lead = deal.legal_actions()[0]
    deal.play(lead)
    follower = deal.to_move
    before = snapshot(deal)
    wrong_size = deal.hand(follower).indices()[: len(lead) + 1]
    with pytest.raises(IllegalMove, match="lead has"):
        deal.play(wrong_size)
    legal = {c.indices() for c in deal.legal_actions()}
    for combo in itertools.combinations(deal.hand(follower).indices(), len(lead)):
        if tuple(sorted(combo)) not in legal:
            with pytest.raises(IllegalMove, match="illegal follow"):
                deal.play(list(combo))
            break
    assert snapshot(deal) == before


def test_bad_construction():
    with pytest.raises(ValueError, match="dealer"):
        Deal(Rules(), dealer=4)
    with pytest.raises(ValueError, match="rank"):
        Deal(Rules(), level="1")
    with pytest.raises(ValueError, match="suit"):
        Deal(Rules(), trump="X")
    with pytest.raises(ValueError, match="seed"):
        Deal(Rules(), seed=-1)
    with pytest.raises(ValueError, match="four hands"):
        Deal(Rules(), hands=[Cards()] * 3)
    hands, kitty = hands_for(Rules(), {})
    with pytest.raises(ValueError, match="25"):
        Deal(Rules(), hands=[hands[0] - Cards(hands[0].indices()[:1])] + hands[1:], kitty=kitty)
    with pytest.raises(ValueError, match="kitty"):
        Deal(Rules(), hands=hands, kitty=Cards(kitty[:-1]) + Cards(hands[0].indices()[:1]))
    deal = Deal(Rules.preset("taian"), trump="H", level="A")
    assert deal.phase == "bury" and len(deal.hand(0)) == 26 + 4


def test_seeded_deals_are_reproducible_and_streams_differ():
    a = Deal(Rules(), seed=42, trump="S")
    b = Deal(Rules(), seed=42, trump="S")
    c = Deal(Rules(), seed=42, trump="S", stream=1)
    assert a.order == b.order and a.order != c.order
    assert sorted(a.order) == sorted(k for k in range(54) for _ in range(2))


def test_given_hands_are_dealt_as_given():
    rules = Rules()
    hands, kitty = hands_for(rules, {2: "BJ BJ SJ"})
    deal = Deal(rules, hands=hands, kitty=kitty, trump="declare", dealer=1)
    while deal.phase == "declare":
        deal.declare()
    assert [deal.hand(s) for s in range(4) if s != 1] == [hands[s] for s in range(4) if s != 1]
    assert deal.hand(1) == hands[1] + Cards(kitty)


# --- a given deal: the kitty's order, the whole pack order (docs/MODEL.md §9 "A given deal") ---------------

BIANFENG = Rules.preset("bianfeng")
KITTY = "3S 4H 5C 6D 7S 8H 9C 10D"


def _pass_all(deal):
    while deal.phase == "declare":
        deal.act(None)
    return deal


def test_given_kitty_keeps_its_order_for_the_third_card_rule():
    """边锋: 若发牌结束仍无人亮牌，则以底牌第三张的花色作为主牌花色。如果第三张是王则打无主. A kitty given as a string
    is dealt in that order: nobody declaring, its third card 5C makes clubs the trump (sorted by kind it would be
    4H)."""
    hands, _ = hands_for(BIANFENG, {}, kitty=KITTY)
    deal = Deal(BIANFENG, hands=hands, kitty=KITTY, level="2")
    assert [str(Cards([k])) for k in deal.order[-8:]] == KITTY.split()
    assert _pass_all(deal).trump == "C"
    tokens = ["4H", "3S", "BJ", "6D", "7S", "8H", "9C", "10D"]  # a sequence of tokens: its third card a joker
    hands, _ = hands_for(BIANFENG, {}, kitty=" ".join(tokens))
    assert _pass_all(Deal(BIANFENG, hands=hands, kitty=tokens, level="2")).trump is None


def test_a_kitty_without_order_is_refused_where_the_rules_read_it_by_position():
    hands, kitty = hands_for(BIANFENG, {}, kitty=KITTY)
    for bad in (Cards(KITTY), None):
        with pytest.raises(ValueError, match="read the kitty by position.*kitty_card_notrump"):
            Deal(BIANFENG, hands=hands, kitty=bad, level="2")
    # where order does not matter a Cards is fine: a fixed trump, or rules that never read the kitty
    assert Deal(BIANFENG, hands=hands, kitty=Cards(KITTY), level="2", trump="S").phase == "bury"
    hands, _ = hands_for(Rules(), {}, kitty=KITTY)
    assert Deal(Rules(), hands=hands, kitty=Cards(KITTY), level="2").phase == "declare"
    with pytest.raises(ValueError, match="bad card token 'XX' at position 2"):
        Deal(BIANFENG, hands=hands, kitty="3S XX 5C 6D 7S 8H 9C 10D", level="2")
    # first_deal_no_bid="kitty_dealer": the kitty's first card picks a first deal's dealer, so its order is read too
    dealer_rules = Rules(first_deal_no_bid="kitty_dealer")
    with pytest.raises(ValueError, match="read the kitty by position.*first_deal_no_bid='kitty_dealer'"):
        Deal(dealer_rules, hands=hands, kitty=Cards(KITTY), level="2")
    assert Deal(dealer_rules, hands=hands, kitty=KITTY, level="2").phase == "declare"


def test_a_whole_pack_order():
    """Deal(rules, order=...) deals that exact pack (the kitty last); deal.order reports it and deals it again."""
    deal = Deal(BIANFENG, seed=5)
    again = Deal(BIANFENG, order=deal.order)
    as_text = Deal(BIANFENG, order=" ".join(str(Cards([k])) for k in deal.order))
    for d in (again, as_text):
        same = Deal(BIANFENG, seed=5)
        assert d.order == same.order
        while d.phase == "declare":
            assert [d.hand(s) for s in range(4)] == [same.hand(s) for s in range(4)]
            d.act(None)
            same.act(None)
        assert d.trump == same.trump and d.hand(d.dealer) == same.hand(same.dealer)
    order = list(deal.order)
    with pytest.raises(ValueError, match="108 cards, got 107"):
        Deal(BIANFENG, order=order[:-1])
    with pytest.raises(ValueError, match="appears [13] time"):
        Deal(BIANFENG, order=[order[0]] + order[1:-1] + [order[0]])
    with pytest.raises(TypeError, match="no order"):
        Deal(BIANFENG, order=Cards(order))
    for extra in ({"seed": 1}, {"stream": 2}, {"hands": [Cards()] * 4}, {"kitty": KITTY}):
        with pytest.raises(ValueError, match="does not combine with"):
            Deal(BIANFENG, order=order, **extra)
    hands, kitty = hands_for(Rules(), {})
    with pytest.raises(ValueError, match="seed and stream only shuffle"):
        Deal(Rules(), hands=hands, kitty=kitty, seed=3)


def test_clones_share_history_but_never_see_each_other():
    """clone() shares the history chains (a struct copy and a few references): what one copy does afterwards
    never shows in the other's moves, tricks, declarations or failed throws."""
    rng = random.Random(3)
    deal = Deal(Rules(), seed=11)
    while deal.phase != "play":
        deal.act(deal.policy_action("greedy"))
    for _ in range(9):
        deal.act(rng.choice(deal.legal_actions()))
    before = (deal.moves, deal.tricks, deal.declarations, deal.burials, deal.failed_throw_log, deal.trick)
    a, b = deal.clone(), deal.clone()
    for _ in range(6):
        a.act(a.legal_actions()[0])
        b.act(b.legal_actions()[-1])
    assert (deal.moves, deal.tricks, deal.declarations, deal.burials, deal.failed_throw_log, deal.trick) == before
    for d in (a, b):
        assert d.moves[:len(before[0])] == before[0] and len(d.moves) == len(before[0]) + 6
        assert d.tricks[:len(before[1])] == before[1]
    assert a.moves[len(before[0]):] != b.moves[len(before[0]):]
    c = a.clone()
    while c.phase != "done":
        c.act(c.policy_action("greedy"))
    assert sum(len(p) for _, plays, _ in c.tricks for p in plays) == 4 * c.hand_size and len(a.tricks) < len(c.tricks)
    assert pickle.loads(pickle.dumps(c)).moves == c.moves


def test_legal_actions_is_a_plain_list():
    """legal_actions() returns a plain list of Cards (the contract's ``list[Cards]``), which behaves as one
    everywhere (equality both ways, slices, concatenation both ways, sorting, membership, index, mutation, copies,
    pickling, random choice)."""
    import copy

    rng = random.Random(4)
    deal = Deal(Rules(), seed=21)
    while deal.phase != "play":
        deal.act(deal.policy_action("greedy"))
    for _ in range(30):
        fresh = deal.legal_actions()
        plain = list(deal.legal_actions())
        assert type(fresh) is list and type(plain) is list and all(type(a) in (Cards, Declaration) for a in fresh)
        assert len(deal.legal_actions()) == len(plain) and bool(deal.legal_actions()) == bool(plain)
        a = deal.legal_actions()
        assert [a[i] for i in range(len(plain))] == plain and a[-1] == plain[-1]  # built one at a time
        with pytest.raises(IndexError):
            deal.legal_actions()[len(plain)]
        assert deal.legal_actions() == plain and plain == deal.legal_actions() and not (plain != deal.legal_actions())
        assert deal.legal_actions()[1:3] == plain[1:3] and deal.legal_actions()[::-1] == plain[::-1]
        assert deal.legal_actions() + [None] == plain + [None] and [None] + deal.legal_actions() == [None] + plain
        assert deal.legal_actions() * 2 == plain * 2 and list(reversed(deal.legal_actions())) == plain[::-1]
        assert sorted(deal.legal_actions(), key=str) == sorted(plain, key=str)
        assert plain[-1] in deal.legal_actions() and deal.legal_actions().index(plain[-1]) == plain.index(plain[-1])
        assert deal.legal_actions().count(plain[0]) == 1 and repr(deal.legal_actions()) == repr(plain)
        assert pickle.loads(pickle.dumps(deal.legal_actions())) == plain and copy.copy(deal.legal_actions()) == plain
        m = deal.legal_actions()
        m.append(None)
        m.insert(0, "x")
        assert m == ["x", *plain, None] and m.pop() is None and m.pop(0) == "x" and m == plain
        m.sort(key=str, reverse=True)
        assert m == sorted(plain, key=str, reverse=True)
        assert rng.choice(deal.legal_actions()) in plain and str(" ".join(map(str, deal.legal_actions())))
        deal.act(rng.choice(deal.legal_actions()))
        if deal.phase != "play":
            break


def test_the_history_is_shared_by_clones_and_never_changed_by_a_caller():
    """The history is the core's log, shared by a deal and its clones: what one side appends the other never
    sees, the lists handed out are the caller's own, and a pickled deal replays the same history."""
    d = Deal(Rules(), seed=12)
    while d.phase != "play" or len(d.tricks) < 2:
        d.act(d.policy_action("greedy"))
    before = (d.moves, d.tricks, d.declarations, d.burials, d.grabs, d.failed_throw_log, _core.declaration_steps(d))
    c = d.clone()
    assert (c.moves, c.tricks, c.declarations, c.burials) == before[:4]
    c.act(c.policy_action("greedy"))
    assert len(c.moves) == len(d.moves) + 1
    assert (d.moves, d.tricks, d.declarations, d.burials, d.grabs, d.failed_throw_log,
            _core.declaration_steps(d)) == before
    d.moves.append(("play", Cards("AS")))
    d.tricks[0][1].append(Cards("AS"))
    d.declarations.clear()
    assert (d.moves, d.tricks, d.declarations) == before[:3]
    e = pickle.loads(pickle.dumps(d))
    assert (e.moves, e.tricks, e.declarations, e.burials) == before[:4]
    del d  # the clone keeps the shared history alive
    assert c.moves[: len(before[0])] == before[0]


def test_history_entries_are_typed_records_that_keep_their_positions():
    """Deal's history views are NamedTuples (shengji._types): the fields keep the positions the plain tuples had
    (a move's kind and cards first), named, with the seat appended to a move; a world rebuilt from an observation
    records its replayed plays as Forced. A pickled deal stores the plain (kind, cards) record as before."""
    from shengji import determinize
    from shengji._types import Burial, FailedThrow, Forced, Move, Shown, Trick

    d = Deal(Rules(), seed=5, dealer=1)
    seats = []
    while d.phase != "play" or len(d.tricks) < 3:
        seats.append(d.to_move)
        d.act(d.policy_action("greedy"))
    assert all(type(m) is Move for m in d.moves) and [m.seat for m in d.moves] == seats
    assert all(m[0] == m.kind and m[1] is m.cards and m[2] == m.seat for m in d.moves)
    assert [m.kind for m in d.moves][:2] == ["declare", "declare"] and d.moves[-1].kind == "play"
    assert all(type(x) is Shown for x in d.declarations) and d.declarations[-1].seat == d.declarer
    assert [type(b) for b in d.burials] == [Burial] and d.burials[0].cards == d.kitty
    t = d.tricks[0]
    assert type(t) is Trick and (t.leader, t.plays, t.winner) == (t[0], t[1], t[2]) and len(t.plays) == 4
    assert all(type(f) is FailedThrow for f in d.failed_throw_log)
    assert all(len(m) == 2 for m in d.__reduce__()[1][6])  # (the pickled record: plain (kind, cards))
    world = determinize(d.observation(2), 3)
    forced = [m for m in world.moves if m.kind == "force"]
    assert forced and all(type(m) is Forced and m.attempted is None for m in forced)
    assert [m.seat for m in forced] == [m.seat for m in d.moves if m.kind == "play"]
    assert [m.cards for m in forced] == [m.cards for m in d.moves if m.kind == "play"]
