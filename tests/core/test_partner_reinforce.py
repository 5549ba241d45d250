"""对家保 (``partner_reinforce``, docs/RULES.md §5.4.1, docs/MODEL.md §9): the partner's copy of the standing single
level card makes the declaration a pair that stays the declarer's; hand-written cases, refusals, the presets, the
observation and its tensor, worlds of the declaring phase and after it, and the search's declaring."""

from __future__ import annotations

import random

import numpy as np
import pytest
from dealt import deal_with

from shengji import Cards, Deal, IllegalMove, Rules, _core, bots, determinize
from shengji.learning.envs import observation_tensor

PAIR = Rules()  # qq-2deck: partner_reinforce="pair"
NEVER = Rules(partner_reinforce="never")


def declare_until(deal: Deal, seat: int, cards: str) -> None:
    """Pass until ``seat`` is to move holding ``cards``, then show them."""
    while not (deal.to_move == seat and Cards(cards).issubset(deal.hand(seat))):
        assert deal.phase == "declare"
        deal.declare()
    deal.declare(cards)


def pass_until(deal: Deal, seat: int, cards: str) -> None:
    """Pass until ``seat`` is to move holding ``cards``."""
    while not (deal.to_move == seat and Cards(cards).issubset(deal.hand(seat))):
        assert deal.phase == "declare"
        deal.declare()


def reinforced(rules: Rules = PAIR, **kwargs) -> Deal:
    """Level 10: seat 0 shows 10H; seat 2, its partner, holds the other 10H; seat 1 holds 10D 10D, seat 3 SJ SJ."""
    deal = deal_with(rules, {0: "10H", 1: "10D 10D", 2: "10H 10S", 3: "SJ SJ"}, level="10", trump="declare",
                     **kwargs)
    declare_until(deal, 0, "10H")
    pass_until(deal, 2, "10H")
    return deal


def test_the_partner_copy_is_offered_under_pair_only():
    deal = reinforced()
    assert Cards("10H") in deal.legal_declarations()
    assert deal.is_legal(Cards("10H"))
    never = reinforced(NEVER)
    assert Cards("10H") not in never.legal_declarations()
    with pytest.raises(IllegalMove, match="not stronger"):
        never.declare("10H")


def test_the_partner_copy_makes_a_pair_that_stays_the_declarers():
    deal = reinforced(first_deal=True)
    deal.declare("10H")
    assert (deal.declarer, deal.declaration, deal.trump) == (0, Cards("10H 10H"), "H")
    assert [(s, str(c)) for s, c in deal.declarations] == [(0, "10H"), (2, "10H")]
    while deal.phase == "declare":
        deal.declare()
    assert (deal.trump, deal.declarer, deal.dealer) == ("H", 0, 0)  # the first declarer deals the first deal


def test_a_pair_of_level_cards_no_longer_overturns_but_jokers_do():
    """以上后三条以先出现者为准: after 对家保 a 反主 pair is not stronger; a joker pair (反无主) still is."""
    deal = reinforced()
    deal.declare("10H")
    pass_until(deal, 1, "10D 10D")
    assert Cards("10D 10D") not in deal.legal_declarations()
    with pytest.raises(IllegalMove, match="not stronger"):
        deal.declare("10D 10D")
    pass_until(deal, 3, "SJ SJ")
    assert Cards("SJ SJ") in deal.legal_declarations()
    deal.declare("SJ SJ")
    assert (deal.declarer, deal.trump) == (3, None)
    # without the partner's copy, the same 10D 10D overturns the single
    deal = reinforced()
    deal.declare()
    pass_until(deal, 1, "10D 10D")
    deal.declare("10D 10D")
    assert (deal.declarer, deal.trump) == (1, "D")


def test_only_the_partner_and_only_the_standing_single():
    # seat 1 (an opponent) holds the other 10H: a single over a single is not stronger
    deal = deal_with(PAIR, {0: "10H", 1: "10H", 2: "10S"}, level="10", trump="declare")
    declare_until(deal, 0, "10H")
    pass_until(deal, 1, "10H")
    assert Cards("10H") not in deal.legal_declarations()
    with pytest.raises(IllegalMove, match="not stronger"):
        deal.declare("10H")
    # the partner's single of another suit is no reinforcement
    pass_until(deal, 2, "10S")
    assert Cards("10S") not in deal.legal_declarations()
    # the declarer itself shows its pair (自保) as before; its partner cannot add to a pair
    deal = deal_with(PAIR, {0: "10H 10H", 2: "10S"}, level="10", trump="declare")
    declare_until(deal, 0, "10H")
    pass_until(deal, 0, "10H 10H")
    deal.declare("10H 10H")
    assert (deal.declarer, deal.declaration) == (0, Cards("10H 10H"))
    # a joker shown singly never declares, so never reinforces
    deal = deal_with(PAIR, {0: "10H", 2: "10H SJ"}, level="10", trump="declare")
    declare_until(deal, 0, "10H")
    pass_until(deal, 2, "10H SJ")
    assert Cards("SJ") not in deal.legal_declarations()


def test_no_reinforcing_once_the_partner_is_shown_over():
    """After an overturn the standing declaration is the overturner's: the first declarer's partner has nothing
    to reinforce (the standing one is no longer its partner's single)."""
    deal = deal_with(PAIR, {0: "10H", 1: "10D 10D", 2: "10H"}, level="10", trump="declare")
    declare_until(deal, 0, "10H")
    pass_until(deal, 1, "10D 10D")
    deal.declare("10D 10D")
    pass_until(deal, 2, "10H")
    assert Cards("10H") not in deal.legal_declarations()


def test_the_four_deck_ladder_grades_the_pair_by_suit():
    """On the 4-deck ladder the pair made of a ♦ single has the ♦ pair's grade 2: a ♣ pair (3) still overturns."""
    rules = Rules.preset("4deck").replace(partner_reinforce="pair", kitty_grab=False)
    deal = deal_with(rules, {0: "5D", 1: "5D 5D", 2: "5D", 3: "5C 5C"}, level="5", trump="declare")
    declare_until(deal, 0, "5D")
    pass_until(deal, 1, "5D 5D")
    deal.declare("5D 5D")  # grade 2 over the single: a 反主 of the same suit
    assert (deal.declarer, deal.declaration) == (1, Cards("5D 5D"))
    pass_until(deal, 2, "5D")
    assert Cards("5D") not in deal.legal_declarations()  # the standing one is an opponent's pair
    deal = deal_with(rules, {0: "5D", 2: "5D", 3: "5C 5C", 1: "5H"}, level="5", trump="declare")
    declare_until(deal, 0, "5D")
    pass_until(deal, 2, "5D")
    deal.declare("5D")
    assert (deal.declarer, deal.declaration) == (0, Cards("5D 5D"))
    pass_until(deal, 3, "5C 5C")
    deal.declare("5C 5C")
    assert (deal.declarer, deal.trump) == (3, "C")


def test_three_decks_the_partner_copy_makes_a_pair_of_the_3_deck_ladder():
    rules = Rules.preset("qq-3deck").replace(partner_reinforce="pair")
    deal = deal_with(rules, {0: "10H", 1: "10D 10D", 2: "10H", 3: "10S 10S 10S"}, level="10", trump="declare")
    declare_until(deal, 0, "10H")
    pass_until(deal, 2, "10H")
    deal.declare("10H")
    assert (deal.declarer, deal.declaration) == (0, Cards("10H 10H"))
    pass_until(deal, 3, "10S 10S 10S")
    deal.declare("10S 10S 10S")  # three level cards (grade 4) beat the pair
    assert deal.declarer == 3


def test_no_partner_while_dealing_under_call_card():
    deal = reinforced(Rules.preset("bianfeng-friend").replace(partner_reinforce="pair"))
    assert Cards("10H") not in deal.legal_declarations()


def test_bad_values_are_refused_naming_the_option_and_its_values():
    with pytest.raises(ValueError, match="partner_reinforce.*'never', 'pair'"):
        Rules(partner_reinforce="always")
    with pytest.raises(ValueError, match="partner_reinforce"):
        Rules().replace(partner_reinforce=True)


def test_preset_defaults_follow_their_sources():
    expect = {"qq-1deck": "never", "qq-2deck": "pair", "qq-3deck": "never", "4deck": "never", "taian": "never",
              "bianfeng": "pair", "bianfeng-friend": "never", "chinagame": "never"}
    assert {p: Rules.preset(p).partner_reinforce for p in Rules.presets()} == expect


def test_the_observation_and_its_tensor_know_the_pair():
    deal = reinforced()
    deal.declare("10H")
    for seat in range(4):
        obs = deal.observation(seat)
        assert [(s, str(c)) for s, c in obs.declarations] == [(0, "10H"), (2, "10H")]
        tensor = observation_tensor(obs)
        assert np.array_equal(tensor, _core.observation_codes(deal, seat).astype(np.float32))
        assert tensor[776] == 2 and tensor[732 + (0 - seat) % 4] == 1  # two cards, seat 0's
        assert tensor[540 + Cards("10H").indices()[0]] == 2


def test_worlds_of_the_declaring_phase_keep_the_reinforcement():
    deal = reinforced()
    deal.declare("10H")
    for seat in (1, 3):
        obs = deal.observation(seat)
        for w in range(5):
            world = determinize(obs, w)
            assert world.observation(seat) == obs
            assert (world.declarer, world.declaration) == (0, Cards("10H 10H"))
            assert world.hand(0).count("10H") >= 1 and world.hand(2).count("10H") >= 1


def test_worlds_after_the_declaring_phase_keep_the_reinforcement():
    deal = reinforced()
    deal.declare("10H")
    while deal.phase == "declare":
        deal.declare()
    deal.bury(deal.hand(0).indices()[-8:])
    for _ in range(3):
        deal.play(deal.legal_actions()[0])
    seat = deal.to_move
    obs = deal.observation(seat)
    for w in range(4):
        world = determinize(obs, w)
        assert (world.declarer, world.declaration, world.trump) == (0, Cards("10H 10H"), "H")
        assert world.observation(seat) == obs


def test_the_search_bots_choose_among_the_reinforcement_without_error():
    deal = reinforced()
    legal = deal.legal_actions()
    assert legal == [Cards(), Cards("10H")] or Cards("10H") in legal
    res = deal.rollouts(worlds=6, seed=1, threads=1)
    assert Cards("10H") in res.actions
    for bot in (bots.PIMC(worlds=4, threads=1), bots.ISMCTS(iterations=40, threads=1)):
        assert bot.choose(deal) in legal
    # greedy weighs the reinforcement as any declaration: support of hearts in seat 2's hand
    choice = deal.policy_action("greedy")
    assert choice in legal


def test_random_deals_reinforce_and_stay_consistent():
    """Random declaring under "pair": the reinforcements happen, every listed one is accepted, the declarer stays."""
    rng = random.Random(5)
    seen = 0
    for seed in range(60):
        deal = Deal(PAIR, seed=seed, level=rng.choice(["2", "7", "10", "A"]), trump="declare")
        while deal.phase == "declare":
            legal = deal.legal_declarations()
            standing = (deal.declarer, deal.declaration)
            mine = [c for c in legal if standing[0] is not None and len(c) == 1 and c == standing[1]]
            if mine:
                assert deal.to_move == (standing[0] + 2) % 4
                deal.declare(mine[0])
                assert deal.declarer == standing[0] and len(deal.declaration) == 2
                seen += 1
            else:
                deal.declare(rng.choice(legal) if rng.random() < 0.3 else Cards())
    assert seen >= 3
