"""找朋友 (partnership="call_card", 边锋's rooms marked 寻; docs/MODEL.md §9): the call, the partner, the reveal,
the real teams in the score, what a seat knows (observations and sampled worlds), policies, Match and simulate."""

from __future__ import annotations

import random
from math import comb

import pytest
from dealt import deal_with

from shengji import Cards, Deal, IllegalMove, Match, Rules, bots, determinize, points, simulate, tournament

FRIEND = Rules.preset("bianfeng-friend")
KITTY = "3C 3C 4C 4C 6C 6C 7C 7C"


def called_deal(seat_cards: dict[int, str], call: str, *, dealer: int = 0, kitty: str = KITTY) -> Deal:
    """A 找朋友 deal with trump ♥ given, the dealer burying the kitty it took up, then calling ``call``."""
    deal = deal_with(FRIEND, seat_cards, kitty=kitty, dealer=dealer, level="2", trump="H")
    assert deal.phase == "bury" and deal.to_move == dealer
    deal.bury(kitty)
    assert deal.phase == "call" and deal.to_move == dealer and deal.called is None and deal.friend is None
    deal.call(call)
    assert deal.phase == "play" and deal.called == Cards(call) and deal.to_move == dealer
    return deal


def test_the_dealer_holds_one_the_other_copy_is_the_partner():
    """边锋: 如果庄家自己有其中一张，则拿到另外一张的玩家为其对家."""
    for other in (1, 2, 3):
        deal = called_deal({0: "AS", other: "AS"}, "AS")
        assert deal.partner == other
        assert [deal.is_attacker(s) for s in range(4)] == [s not in (0, other) for s in range(4)]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_dealer_holds_none_the_nearest_holder_in_play_order(dealer):
    """边锋: 如果庄自己没有该牌，则按出牌顺序，靠近庄家的有该牌的玩家和他是对家."""
    near, far = (dealer + 1) % 4, (dealer + 3) % 4
    assert called_deal({near: "AS", far: "AS"}, "AS", dealer=dealer).partner == near
    mid = (dealer + 2) % 4
    assert called_deal({mid: "AS", far: "AS"}, "AS", dealer=dealer).partner == mid
    assert called_deal({far: "AS AS"}, "AS", dealer=dealer).partner == far


def test_the_dealer_holds_both_or_the_other_is_buried_plays_alone():
    """边锋: 如果庄家自己拿到2张该牌，则庄家一打三; and a copy in the buried kitty is nobody's."""
    alone = called_deal({0: "AS AS"}, "AS")
    assert alone.partner == -1 and all(alone.is_attacker(s) for s in (1, 2, 3))
    buried = called_deal({0: "AS"}, "AS", kitty="AS 3C 4C 4C 6C 6C 7C 7C")
    assert buried.partner == -1
    while alone.phase != "done":
        alone.act(alone.policy_action("greedy"))
    assert alone.friend is None  # a lone dealer never has a friend


def test_bad_calls_change_nothing():
    deal = deal_with(FRIEND, {}, kitty=KITTY, trump="H")
    deal.bury(KITTY)
    before = (deal.phase, deal.to_move, [deal.hand(s) for s in range(4)], deal.moves)
    for bad, why in (("AS AS", "exactly one card"), ("AS KS", "exactly one card"), ("", "exactly one card")):
        with pytest.raises(IllegalMove, match=why):
            deal.call(bad)
        assert (deal.phase, deal.to_move, [deal.hand(s) for s in range(4)], deal.moves) == before
    with pytest.raises(IllegalMove, match="seat 1 cannot act"):
        deal.call("AS", seat=1)
    assert deal.legal_actions() == [Cards([k]) for k in range(54)]  # any card of the pack
    deal.call("BJ")  # a card nobody... the dealer may call anything, held or not
    with pytest.raises(IllegalMove, match="not allowed in the play phase"):
        deal.call("AS")


def test_the_reveal_and_the_real_teams_in_the_score():
    """deal.friend is None until the partner plays the called card; points follow the real teams."""
    rng = random.Random(4)
    for game in range(30):
        deal = Deal(FRIEND, seed=game, dealer=game % 4)
        while deal.phase != "call":
            deal.act(deal.policy_action("greedy"))
        deal.call(Cards([rng.randrange(54)]))
        partner = deal.partner
        while deal.phase != "done":
            seat, was = deal.to_move, deal.friend
            played = deal.act(deal.policy_action("random", seed=game))
            assert played is not None
            if was is None and deal.friend is not None:
                assert deal.friend == seat == partner and deal.called.indices()[0] in played.cards.indices()
            elif was is None:
                assert deal.friend is None
        assert deal.friend == (None if partner == -1 else partner)
        res = deal.result()
        captured = sum(points(p) for _, plays, w in deal.tricks if deal.is_attacker(w) for p in plays)
        assert res.defender_points == 200 - captured - res.kitty_points
        last_winner = deal.tricks[-1][2]
        assert res.kitty_captured == deal.is_attacker(last_winner)


def test_observations_do_not_tell_the_teams_before_the_reveal():
    deal = Deal(FRIEND, seed=11)
    while deal.phase != "call":
        deal.act(deal.policy_action("greedy"))
    deal.act(deal.policy_action("greedy"))
    assert deal.friend is None and deal.partner >= 0
    for seat in range(4):
        obs = deal.observation(seat)
        assert obs.called == deal.called and obs.friend is None
        assert obs.attacker_points is None and obs.defender_points is None  # they would tell the teams
        assert not hasattr(obs, "partner")
    while deal.friend is None:
        deal.act(deal.policy_action("greedy"))
    obs = deal.observation(0)
    assert obs.friend == deal.partner and obs.attacker_points == deal.attacker_points


def _first_play_position(seed: int) -> Deal:
    deal = Deal(FRIEND, seed=seed)
    while deal.phase != "call":
        deal.act(deal.policy_action("greedy"))
    return deal


def test_sampled_worlds_are_uniform_over_the_partner_before_any_play():
    """The dealer holding no copy of the called card, before any trick: in a uniform world both copies lie
    uniformly among the 75 hidden cards of the three others (the dealer knows the kitty), so seat d+1 is
    the partner with probability 1 - C(50,2)/C(75,2), d+2 with (C(50,2) - C(25,2))/C(75,2), d+3 with
    C(25,2)/C(75,2)."""
    for seed in range(50):
        deal = _first_play_position(seed)
        hand = deal.hand(deal.dealer)
        free = [k for k in range(54) if hand.count(k) == 0 and deal.kitty.count(k) == 0]
        if free:
            break
    deal.call(Cards([free[0]]))
    obs = deal.observation(deal.dealer)
    n = 3000
    counts = {1: 0, 2: 0, 3: 0}
    for i in range(n):
        w = determinize(obs, i)
        counts[(w.partner - deal.dealer) % 4] += 1
    total = comb(75, 2)
    exact = {1: 1 - comb(50, 2) / total, 2: (comb(50, 2) - comb(25, 2)) / total, 3: comb(25, 2) / total}
    for k, p in exact.items():
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(counts[k] / n - p) < 4 * sd, (k, counts[k] / n, p)


def test_sampled_worlds_agree_with_a_copy_played_before_the_reveal():
    """A copy of the called card played by a seat that was not revealed: in every consistent world that
    seat is not the partner (rejection keeps the worlds that agree)."""
    found = None
    for seed in range(400):
        deal = _first_play_position(seed)
        d = deal.dealer
        hand = deal.hand(d)
        # call a card the dealer lacks and that d+3 holds once while d+1 or d+2 holds the other
        for k in range(52):
            if hand.count(k) == 0 and deal.hand((d + 3) % 4).count(k) == 1 and deal.kitty.count(k) == 0:
                deal.call(Cards([k]))
                break
        else:
            continue
        while deal.phase == "play" and deal.friend is None:
            seat = deal.to_move
            deal.act(deal.policy_action("greedy"))
            if seat == (d + 3) % 4 and deal.called.indices()[0] in deal.played.indices() and deal.friend is None:
                found = deal
                break
        if found is not None:
            break
    assert found is not None, "no position where a non-partner played the called card first"
    d = found.dealer
    for seat in ((d + 1) % 4, (d + 2) % 4):
        obs = found.observation(seat)
        partners = {determinize(obs, i).partner for i in range(40)}
        assert (d + 3) % 4 not in partners and -1 not in partners  # the other copy must be with d+1 or d+2
        assert all(determinize(obs, i).friend is None for i in range(5))


def test_greedy_calls_a_high_card_of_a_suit_it_lacks():
    for seed in range(20):
        deal = _first_play_position(seed)
        card = deal.policy_action("greedy")
        hand = deal.hand(deal.dealer)
        k = card.indices()[0]
        assert len(card) == 1 and hand.count(k) == 0
        t = deal.trump_context
        suit = t.effective_suit(k)
        plain = {s: sum(1 for x in hand.indices() if t.effective_suit(x) == s) for s in "SHDC" if s != deal.trump}
        if suit != "T":
            assert plain[suit] == min(plain.values())  # its shortest plain suit
            higher = [x for x in range(54) if t.effective_suit(x) == suit and t.position(x) > t.position(k)]
            assert all(hand.count(x) for x in higher)  # the highest card of that suit it does not hold


def test_simulate_reports_the_partner_and_lone_dealers():
    res = simulate(FRIEND, 400, seed=2, policy="random")
    assert ((res.partner == -1) | ((res.partner >= 0) & (res.partner != res.dealer))).all()
    assert (res.partner == -1).sum() > 0  # random calls sometimes name a card nobody else holds
    assert "dealer alone" in res.summary()
    fixed = simulate(Rules.preset("bianfeng"), 50, seed=2, policy="greedy")
    assert ((fixed.partner - fixed.dealer) % 4 == 2).all() and "dealer alone" not in fixed.summary()
    py = simulate(FRIEND, 6, seed=2, policy=[bots.Greedy()] * 4)
    native = simulate(FRIEND, 6, seed=2, policy="greedy")
    assert (py.partner == native.partner).all() and (py.attacker_points == native.attacker_points).all()


def test_rollouts_take_each_worlds_partner():
    deal = _first_play_position(3)
    deal.act(deal.policy_action("greedy"))
    mover = deal.to_move
    r = deal.rollouts(worlds=24, seed=1)
    assert r.partner is not None and r.partner.shape == r.attacker_points.shape
    attacks = (r.dealer != mover) & (r.partner != mover)
    v = r.attacker_points.astype(float)
    assert (r.values("points") == v * (2 * attacks - 1)).all()
    assert len(set(r.partner[0].tolist())) > 1  # the dealer does not know its partner


def test_match_levels_per_player():
    m = Match(FRIEND, seed=5)
    assert len(m.levels) == 4
    for _ in range(25):
        before, dealer = m.levels, m.dealer
        rec = m.play_deal()
        assert rec.index == 0 or rec.dealer == dealer  # the first deal's declaring decides its dealer
        dealer = rec.dealer
        assert rec.level == before[dealer] and len(rec.levels_after) == 4
        partner = rec.partner
        assert partner is not None
        winners = {dealer, partner} - {-1} if rec.result.dealer_keeps else {s for s in range(4)
                                                                              if s not in (dealer, partner)}
        for s in range(4):
            if s not in winners:
                assert rec.levels_after[s] == before[s]
        if rec.result.dealer_keeps:
            assert m.dealer == (partner if partner >= 0 else dealer)
        else:
            assert m.dealer == (dealer + 1) % 4
        if m.winner is not None:
            assert m.winner == dealer
            break


def test_refused_combinations():
    with pytest.raises(ValueError, match="call_card"):
        Rules(partnership="call_card", match_points="qq")
    with pytest.raises(ValueError, match="call_card"):
        Rules.preset("taian").replace(partnership="call_card")
    with pytest.raises(ValueError, match="fixed teams"):
        tournament(FRIEND, {"a": "greedy", "b": "random"}, deals=2)


def test_bots_play_friend_deals_to_the_end():
    """Every bot has a call: PIMC searches the 54 calls with rollouts, Greedy and Random use their rules, and a
    Bot subclass that only plays gets the greedy call."""

    class PlaysOnly(bots.Bot):
        def play(self, deal):
            return deal.policy_action("greedy")

        def bury(self, deal):
            return deal.policy_action("greedy")

    deal = Deal(FRIEND, seed=9)
    players = [bots.PIMC(worlds=4), PlaysOnly(), bots.Random(1), bots.Greedy()]
    while deal.phase != "done":
        if deal.phase == "call":
            card = players[deal.to_move].choose(deal)
            assert len(card) == 1
            deal.act(card)
            continue
        deal.act(players[deal.to_move].choose(deal))
    assert deal.called is not None
    for dealer in range(4):
        d = Deal(FRIEND, seed=9, dealer=dealer, trump="S")
        d.bury(d.policy_action("greedy"))
        assert len(players[dealer].choose(d)) == 1
