"""The 泰安 system (泰安's rules): joker-and-pairs declarations face down, 冲主 and 续牌, 闷牌, its kitty rules and 换底
(docs/MODEL.md §9), and its tractors by printed suit and rank (docs/MODEL.md §3, tractor_rule="natural")."""

from __future__ import annotations

import random

import pytest
from dealt import act_both, deal_with

from shengji import Cards, Deal, IllegalMove, Match, Rules, determinize, simulate

TAIAN = Rules.preset("taian")


def taian_deal(seat_cards: dict[int, str], *, level="A", dealer=0, first_deal=False, rules=TAIAN,
               kitty: str | None = None) -> Deal:
    """A 泰安 deal where the given seats hold the given cards (tests/dealt.py)."""
    return deal_with(rules, seat_cards, kitty=kitty, level=level, dealer=dealer, first_deal=first_deal)


def drive(deal: Deal, script: list[tuple[int, str]]) -> None:
    """Pass while declaring except the scripted (seat, cards), each at the seat's first turn holding them."""
    todo = list(script)
    while deal.phase == "declare":
        if todo and todo[0][0] == deal.to_move and Cards(todo[0][1]).issubset(deal.hand(deal.to_move)):
            deal.declare(todo.pop(0)[1])
        else:
            deal.declare()
    assert not todo, f"not made: {todo}"


def snapshot(deal: Deal):
    return (deal.phase, deal.to_move, [deal.hand(s) for s in range(4)], deal.moves, deal.declarer, deal.kitty,
            deal.burier)


def test_a_joker_and_pairs_declare():
    """泰安: 每个玩家都可以在拥有任何花色的对牌或连对加上一张王时亮主…主花色牌由所亮对牌花色决定。3个王不能亮。"""
    deal = taian_deal({1: "4H 4H 6H 6H 7H 7H SJ BJ BJ"})
    while not Cards("7H 7H SJ BJ BJ").issubset(deal.hand(1)) or deal.to_move != 1:
        deal.declare()
    listed = {str(a) for a in deal.legal_actions()}
    assert {"", "4H 4H SJ", "6H 6H SJ", "6H 6H 7H 7H SJ", "4H 4H BJ", "6H 6H 7H 7H BJ"} <= listed
    assert "4H 4H 6H 6H SJ" not in listed  # 4 and 6 are not adjacent ranks
    before = snapshot(deal)
    for bad, why in [("SJ BJ BJ", "not a declaration"), ("6H 6H", "not a declaration"),
                     ("4H 4H 6H 6H SJ", "not a declaration"), ("6H 6H SJ BJ", "not a declaration")]:
        with pytest.raises(IllegalMove, match=why):
            deal.declare(bad)
        assert snapshot(deal) == before
    deal.declare("6H 6H SJ")
    assert deal.declarer == 1 and deal.trump == "H"


def test_override_needs_more_pairs_and_the_declarer_only_extends():
    """泰安: 冲主：当亮主者以一张王加对牌亮主时，其他玩家可以用一个王加更多的对牌将主花色改为自己所亮对牌的花色;
    续牌：…可以将这对牌并到亮主牌中; 自己亮主后，可以续牌，不可以更换."""
    deal = taian_deal({1: "8S 8S 9S 9S 4D 4D SJ", 2: "JC JC QC QC BJ", 3: "3H 3H BJ"})
    drive(deal, [(1, "8S 8S SJ")])
    assert deal.phase == "bury"
    deal = taian_deal({1: "8S 8S 9S 9S 4D 4D SJ", 2: "JC JC QC QC BJ", 3: "3H 3H BJ"})
    while not (deal.to_move == 1 and Cards("8S 8S SJ").issubset(deal.hand(1))):
        deal.declare()
    deal.declare("8S 8S SJ")
    while deal.to_move != 3 or not Cards("3H 3H BJ").issubset(deal.hand(3)):
        deal.declare()
    with pytest.raises(IllegalMove, match="not stronger"):
        deal.declare("3H 3H BJ")  # as many pairs: no override
    while deal.to_move != 1 or not Cards("9S 9S 4D 4D").issubset(deal.hand(1)):
        deal.declare()
    with pytest.raises(IllegalMove):
        deal.declare("4D 4D SJ")  # the declarer may not change suit
    deal.declare("8S 8S 9S 9S SJ")  # 续牌
    assert deal.declaration == Cards("8S 8S 9S 9S SJ") and deal.trump == "S"
    while deal.to_move != 2 or not Cards("JC JC QC QC BJ").issubset(deal.hand(2)):
        deal.declare()
    with pytest.raises(IllegalMove, match="not stronger"):
        deal.declare("JC JC QC QC BJ")  # two pairs against two
    while deal.phase == "declare":
        deal.declare()
    assert deal.declarer == 1 and [s for s, _ in deal.declarations] == [1, 1]


def test_declarations_lie_face_down_until_the_kitty_is_buried():
    """泰安: 亮主牌是扣着不显示的，直至庄家取走底牌并替换成新的亮出的底牌后才显示主牌花色."""
    deal = taian_deal({2: "8S 8S SJ"})
    drive(deal, [(2, "8S 8S SJ")])
    for seat in (0, 1, 3):
        obs = deal.observation(seat)
        assert obs.declarations == () and obs.hidden_declarations == ((2, 3),) and obs.trump_hidden
        assert obs.trump is None
        if seat == deal.burier:  # its worlds give the face-down declaration cards (docs/MODEL.md §10)
            world = determinize(obs, 1)
            assert world.observation(seat) == obs and len(world.declaration) == 3
        else:
            with pytest.raises(ValueError, match="face down"):
                determinize(obs, 1)
    mine = deal.observation(2)
    assert mine.declarations == ((2, Cards("8S 8S SJ")),) and not mine.trump_hidden and mine.trump == "S"
    deal.bury(deal.policy_action("greedy"))
    for seat in range(4):
        obs = deal.observation(seat)
        assert obs.declarations == ((2, Cards("8S 8S SJ")),) and obs.trump == "S" and obs.kitty == deal.kitty


@pytest.mark.parametrize("declarer,burier", [(0, 2), (2, 0), (1, 0), (3, 0)])
def test_who_takes_the_kitty(declarer, burier):
    """泰安: 如果庄家亮的主，底牌由庄家方非亮主的一家取走，如果本局由非庄家方亮主，则庄家取走底牌;
    第一轮牌由打底者首先出牌."""
    deal = taian_deal({declarer: "8S 8S SJ"}, dealer=0)
    drive(deal, [(declarer, "8S 8S SJ")])
    assert deal.phase == "bury" and deal.to_move == deal.burier == burier and len(deal.hand(burier)) == 30
    deal.bury(deal.policy_action("greedy"))
    while deal.phase == "swap":
        deal.swap()
    assert deal.phase == "play" and deal.to_move == deal.trick_leader == burier


def test_no_points_or_constant_trumps_in_the_kitty():
    """泰安: 底里不允许扣分，不允许扣常主."""
    deal = taian_deal({0: "8S 8S SJ"}, dealer=0)
    drive(deal, [(0, "8S 8S SJ")])
    assert deal.to_move == 2
    hand = deal.hand(2)
    before = snapshot(deal)
    points = [k for k in hand.indices() if k < 52 and k % 13 in (3, 8, 11)]
    constants = [k for k in hand.indices() if k < 52 and k % 13 in (0, 1)]
    plain = [k for k in hand.indices() if k not in points and k not in constants]
    for bad in (points[:1] + plain[:3], constants[:1] + plain[:3]):
        with pytest.raises(IllegalMove, match="底里不允许扣分"):
            deal.bury(Cards(bad))
        assert snapshot(deal) == before
    deal.bury(Cards(plain[:4]))
    assert deal.kitty == Cards(plain[:4]) and deal.kitty_public


def test_swap_trumps_out_of_the_kitty():
    """泰安: 换底：如果扣的底牌里有主，则最终亮牌人可以用副牌换走。如果扣的底牌没主,则不需要换牌，扣底人直接出牌。
    不允许把分和常主换到底里."""
    deal = taian_deal({0: "8S 8S SJ 4H 6H 7H 9H 10H 2H", 2: "QS JS 4D 6D 7D"}, dealer=0)
    drive(deal, [(0, "8S 8S SJ")])
    deal.bury("QS JS 4D 6D")  # two spades (trump) in the kitty
    assert deal.phase == "swap" and deal.to_move == 0
    before = snapshot(deal)
    for bad, why in [("QS 4H 6H", "as many cards"), ("AS 4H", "kitty does not hold"), ("QS 10H", "without points"),
                     ("QS 2H", "as many cards"), ("QS 8S", "as many cards"), ("QS 4C", "does not hold")]:
        if bad == "QS 4C" and Cards("4C").issubset(deal.hand(0)):
            continue
        with pytest.raises(IllegalMove, match=why):
            deal.swap(bad)
        assert snapshot(deal) == before
    assert Cards("QS JS 4H 6H") in deal.legal_actions(limit=10_000)
    deal.swap("QS JS 4H 6H")
    assert deal.kitty == Cards("4H 6H 4D 6D") and Cards("QS JS").issubset(deal.hand(0))
    assert deal.phase == "play" and deal.to_move == 2  # the burier leads
    deal = taian_deal({0: "8S 8S SJ", 2: "4D 6D 7D 9D"}, dealer=0)
    drive(deal, [(0, "8S 8S SJ")])
    deal.bury("4D 6D 7D 9D")
    assert deal.phase == "play"  # 没主: no swap


def test_nobody_declares_the_dealer_loses_or_the_first_deal_is_dealt_again():
    """泰安: 闷牌：若本局庄家已经确定且本次摸牌过程无人亮主，则庄家下台…如果第一局无人亮主，则要重新发牌."""
    deal = Deal(TAIAN, seed=5)
    while deal.phase == "declare":
        deal.declare()
    res = deal.result()
    assert deal.phase == "done" and res.lost_deal and not res.dealer_keeps
    assert (res.attacker_points, res.dealer_levels, res.attacker_levels, deal.tricks) == (0, 0, 0, [])
    first = Deal(TAIAN, seed=5, first_deal=True)
    while first.redeals == 0:
        first.declare()
    assert first.phase == "declare" and not first.lost_deal


def test_sampled_worlds_know_the_face_up_kitty_and_the_swap():
    checked = swaps = 0
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal(TAIAN, seed=seed)
        while deal.phase != "done":
            if deal.phase in ("swap", "play") and not deal.trick and len(deal.tricks) % 6 == 0:
                for seat in range(4):
                    obs = deal.observation(seat)
                    world = determinize(obs, seat)
                    assert world.observation(seat) == obs and world.kitty == deal.kitty
                    checked += 1
                    swaps += obs.swap is not None and len(obs.swap) > 0
            deal.act(rng.choice(deal.legal_actions(limit=300)) if deal.phase != "bury"
                     else deal.policy_action("random", seed=seed))
    assert checked > 100 and swaps > 10


def test_policies_play_taian_with_declaring():
    for policy in ("random", "greedy"):
        res = simulate(TAIAN, 300, policy=policy, seed=4)
        played = res.trump[~res.lost_deal]
        assert set(played.tolist()) == {0, 1, 2, 3}  # a declaration names a suit: never no trump
    assert simulate(TAIAN, 200, policy="greedy", seed=4, threads=2) == simulate(TAIAN, 200, policy="greedy", seed=4,
                                                                                threads=1)


def test_a_taian_match_is_played_to_a_winner():
    m = Match(TAIAN, seed=2, policy="greedy")
    m.play_all(max_deals=600)
    assert m.winner in (0, 1) and m.history[0].level == "A"


@pytest.mark.parametrize("seed0", [0, 50])
def test_same_taian_deals_as_reference(seed0):
    """Declaring (joker and pairs, 冲主, 续牌), 闷牌, the burier, the burial rule, 换底 and the play, fed the same
    choices: core and the pure-Python reference agree at every step."""
    from shengji.testing.reference_deal import RefDeal

    lost = swapped = 0
    for seed in range(seed0, seed0 + 12):
        rng = random.Random(seed)
        deal = Deal(TAIAN, seed=seed, dealer=seed % 4, first_deal=seed % 5 == 0)
        ref = RefDeal(TAIAN, list(deal.order), dealer=deal.dealer, level=deal.level, trump="declare",
                      first_deal=deal.first_deal)
        while deal.phase != "done":
            assert (ref.phase, ref.to_move) == (deal.phase, deal.to_move)
            if deal.phase == "bury":
                action = deal.policy_action("random", seed)
            else:
                listed = deal.legal_actions(limit=3000)
                if deal.phase != "play" or len(listed) < 3000:
                    assert {a.indices() for a in listed} == {tuple(a) for a in ref.legal_actions()}
                declaring = deal.phase == "declare"
                action = (rng.choice(listed[1:]) if declaring and len(listed) > 1 and rng.random() < 0.05
                          else listed[0] if declaring else rng.choice(listed))
            act_both(deal, ref, action)
        lost += deal.result().lost_deal
        swapped += any(p == "swap" and len(c) for p, c, *_ in deal.moves)
        want, res = ref.result(), deal.result()
        assert (res.attacker_points, res.kitty_points, res.kitty_multiplier, res.kitty_captured, res.dealer_levels,
                res.attacker_levels, res.lost_deal) == (
            want["attacker_points"], want["kitty_points"], want["multiplier"], want["kitty_captured"],
            want["dealer_levels"], want["attacker_levels"], want["lost_deal"])
    assert lost > 0 and swapped > 0


def test_burial_advice_keeps_to_the_taian_kitty_rule():
    from shengji import advise_bury

    deal = Deal(TAIAN, seed=1, trump="H", level="A")
    hand = deal.hand(0)
    advice = advise_bury(TAIAN, hand, "A", "H", games=50)
    assert advice and all(not any(k % 13 in (0, 1, 3, 8, 11) for k in a.cards.indices() if k < 52) for a in advice)
    points = Cards([k for k in hand.indices() if k < 52 and k % 13 in (3, 8, 11)][:4])
    with pytest.raises(ValueError, match="candidates\\[0\\].*底里不允许扣分"):
        advise_bury(TAIAN, hand, "A", "H", candidates=[points], games=10)


def test_a_borrowed_tractor_through_the_deal():
    """泰安: 主牌可以和副牌相连，作为副牌使用，如黑桃55、66 — led, followed and refused through the Deal API
    (trump ♥ at level 8; docs/MODEL.md §3)."""
    deal = taian_deal({0: "8H 8H SJ 4D 6D 7D 9D", 2: "5S 5S 6S 6S 2S", 3: "4S 4S 3S 3S 9S KS"}, dealer=0, level="8")
    drive(deal, [(0, "8H 8H SJ")])
    assert deal.trump == "H" and deal.burier == 2
    deal.bury("4D 6D 7D 9D") if Cards("4D 6D 7D 9D").issubset(deal.hand(2)) else deal.bury(deal.policy_action("greedy"))
    while deal.phase == "swap":
        deal.swap()
    assert deal.phase == "play" and deal.to_move == 2
    before = snapshot(deal)
    for bad in ("5S 5S 6S", "5S 6S 6S 2S"):  # a borrowed trump outside a tractor mixes suits
        with pytest.raises(IllegalMove, match="not all of one effective suit"):
            deal.play(bad)
        assert snapshot(deal) == before
    assert Cards("5S 5S 6S 6S") in deal.legal_actions(limit=100_000)
    deal.play("5S 5S 6S 6S")
    assert deal.trick == [Cards("5S 5S 6S 6S")] and deal.to_move == 3
    follows = deal.legal_actions(limit=100_000)
    assert Cards("3S 3S 4S 4S") in follows and Cards("3S 3S 9S KS") not in follows
    with pytest.raises(IllegalMove):
        deal.play("3S 3S 9S KS")
    deal.play("3S 3S 4S 4S")
    assert "S" not in deal.voids(3)  # borrowing shows no void
