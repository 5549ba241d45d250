"""Every worked example of docs/RULES.md, through the public API (level 10 unless said otherwise)."""

import pytest

from shengji import Cards, Deal, IllegalMove, Rules, Trump, parse_cards, points

QQ2 = Rules.preset("qq-2deck")
QQ3 = Rules.preset("qq-3deck")
T10H = Trump(QQ2, "10", "H")


# --- §2 order ---------------------------------------------------------------------------------------

def test_trump_order_level_10_hearts():
    order = ["BJ", "SJ", "10H", "10S", "AH", "KH", "2H"]
    pos = [T10H.position(c) for c in order]
    assert pos == sorted(pos, reverse=True) and len(set(pos)) == len(pos)
    assert T10H.position("10S") == T10H.position("10D") == T10H.position("10C")


def test_trump_order_with_constant_two():
    t = Trump(QQ2.replace(constant_ranks=("2",)), "10", "H")
    order = ["BJ", "SJ", "10H", "10S", "2H", "2S", "AH", "KH", "3H"]
    pos = [t.position(c) for c in order]
    assert pos == sorted(pos, reverse=True) and len(set(pos)) == len(pos)
    assert t.effective_suit("2C") == "T" and t.effective_suit("3C") == "C"
    # off suits run A..3
    assert t.position("3S") == 0 and t.position("AS") > t.position("KS")


def test_off_suit_order_skips_level():
    assert T10H.position("JS") == T10H.position("9S") + 1
    assert not T10H.is_trump("AS") and T10H.is_trump("10S") and T10H.is_trump("SJ")


@pytest.mark.parametrize("play", ["KS KS QS QS", "JS JS 9S 9S", "5C 5C 4C 4C 3C 3C", "SJ SJ 10H 10H",
                                  "10H 10H 10S 10S", "10S 10S AH AH", "10H 10H 10S 10S AH AH"])
def test_tractors_level_10(play):
    assert T10H.is_tractor(play)


@pytest.mark.parametrize("play", ["5S 5S 4S", "5S 4S 4S", "5S 5S 3S 3S", "JS JS QS", "10S 10S 10D 10D",
                                  "JS JS 10S 10S", "AS AS 2S 2S"])
def test_not_tractors_level_10(play):
    assert not T10H.is_tractor(play)


def test_jj1010_is_mixed_suits():
    # JJ (plain spades) and 10 10 (trump) are not even one suit.
    with pytest.raises(ValueError, match="mixes"):
        T10H.units("JS JS 10S 10S")


T5 = Trump(QQ3, "5", "H")


@pytest.mark.parametrize("play", ["3S 3S 3S 4S 4S 4S", "4S 4S 4S 6S 6S 6S", "5S 5S 5S 5H 5H 5H",
                                  "BJ BJ BJ SJ SJ SJ", "AH AH AH 5C 5C 5C", "5H 5H 5H SJ SJ SJ"])
def test_titanics_level_5(play):
    units = T5.units(play)
    assert len(units) == 1 and units[0].kind == "tractor" and units[0].width == 3 and units[0].length == 2


def test_not_titanics_level_5():
    assert not T5.is_tractor("5S 5S 5S 6S 6S 6S")
    assert not Trump(QQ3, "5", None).is_tractor("5S 5S 5S 5H 5H 5H")


T5_2 = Trump(QQ2, "5", "H")


@pytest.mark.parametrize("play", ["3S 3S 4S 4S", "4S 4S 6S 6S", "5S 5S 5H 5H", "BJ BJ SJ SJ",
                                  "AH AH 5C 5C", "5H 5H SJ SJ"])
def test_tractors_level_5_two_decks(play):
    assert T5_2.is_tractor(play)


def test_not_tractors_level_5_two_decks():
    assert not T5_2.is_tractor("5S 5S 6S 6S")
    with pytest.raises(ValueError, match="mixes"):
        T5_2.units("5S 5S 6S 6S")  # 5S is trump at level 5
    assert not Trump(QQ2, "5", None).is_tractor("5S 5S 5H 5H")


def test_points():
    assert points("5S 10H KD KD AS") == 35
    full = parse_cards(" ".join(r + s for s in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                                 "J", "Q", "K", "A"]) + " SJ BJ")
    assert points(full) == 100


# --- §3 throws --------------------------------------------------------------------------------------

THROW = "9S 8S 8S 4S 4S"


def test_throw_fails_to_single_nine_against_jack():
    r = T10H.check_throw(THROW, ["JS 3C", "2D", "4H"])
    assert not r.ok and r.played == parse_cards("9S")


@pytest.mark.parametrize("holder", ["QS QS", "5S 5S"])
def test_throw_fails_to_low_pair(holder):
    r = T10H.check_throw(THROW, [holder, "2D"])
    assert not r.ok and r.played == parse_cards("4S 4S")


def test_throw_stands_when_nobody_beats_any_unit():
    r = T10H.check_throw(THROW, ["7S 6S 3S", "2S 2S", "AH AH"])
    assert r.ok and r.played == parse_cards(THROW)


def test_seed_throws_stand_with_top_cards():
    for throw in ["AS AS KS", "AS KS KS", "AS QS QS JS JS"]:
        assert T10H.check_throw(throw, ["9S 9S 8S", "2S", "3S 7S"]).ok, throw


def test_card_inside_pair_beats_single():
    assert not T10H.check_throw("9S 8S 8S", ["JS JS"]).ok


# --- §3 following ----------------------------------------------------------------------------------

def test_pair_lead_must_be_followed_by_pair_even_inside_tractor():
    hand = "9S 9S 8S 8S 5S 3S"
    assert T10H.is_legal_follow(hand, "AS AS", "9S 9S")
    assert not T10H.is_legal_follow(hand, "AS AS", "5S 3S")


def test_tractor_lead_tractor_then_pairs_then_anything():
    lead = "KS KS QS QS"
    assert not T10H.is_legal_follow("7S 7S 6S 6S 4S 4S 2S", lead, "7S 7S 4S 4S")
    assert T10H.is_legal_follow("7S 7S 6S 6S 4S 4S 2S", lead, "7S 7S 6S 6S")
    assert not T10H.is_legal_follow("7S 7S 5S 5S 3S 2S", lead, "7S 7S 3S 2S")
    assert T10H.is_legal_follow("7S 7S 5S 5S 3S 2S", lead, "7S 7S 5S 5S")
    assert T10H.is_legal_follow("7S 6S 5S 3S 2S", lead, "7S 6S 3S 2S")


def test_short_suit_must_play_all_of_it():
    assert T10H.is_legal_follow("7S 2C 3D", "AS AS", "7S 3D")
    assert not T10H.is_legal_follow("7S 2C 3D", "AS AS", "2C 3D")


def test_titanic_priority_list():
    lead = "JS JS JS QS QS QS"
    # tractor + any two beats two triples
    hand = "2S 2S 2S 9S 9S 9S 7S 7S 6S 6S 3S 4S"
    assert T5.is_legal_follow(hand, lead, "7S 7S 6S 6S 3S 4S")
    assert not T5.is_legal_follow(hand, lead, "2S 2S 2S 9S 9S 9S")
    # two triples beat triple + pair
    hand = "2S 2S 2S 9S 9S 9S 7S 7S 3S 4S"
    assert T5.is_legal_follow(hand, lead, "2S 2S 2S 9S 9S 9S")
    assert not T5.is_legal_follow(hand, lead, "2S 2S 2S 7S 7S 3S")
    # triple + three singles beats two pairs + two singles
    hand = "2S 2S 2S 9S 9S 7S 7S 3S 4S"
    assert T5.is_legal_follow(hand, lead, "2S 2S 2S 9S 9S 3S")
    assert not T5.is_legal_follow(hand, lead, "9S 9S 7S 7S 3S 4S")


def test_triple_priority_list():
    lead = "JS JS JS"
    assert not T5.is_legal_follow("9S 9S 9S 7S 7S 3S", lead, "7S 7S 3S")
    assert not T5.is_legal_follow("9S 9S 7S 3S", lead, "9S 7S 3S")
    assert T5.is_legal_follow("9S 9S 7S 3S", lead, "9S 9S 3S")


def test_four_deck_priority_lists():
    r4 = Rules.preset("4deck")
    t = Trump(r4, "10", "H")
    # quad lead: quad > triple > pair tractor > pair
    lead = "JS JS JS JS"
    assert not t.is_legal_follow("9S 9S 9S 6S 6S 5S 5S", lead, "6S 6S 5S 5S")
    assert t.is_legal_follow("9S 9S 9S 6S 6S 5S 5S", lead, "9S 9S 9S 5S")
    assert not t.is_legal_follow("9S 9S 6S 6S 5S 5S", lead, "9S 9S 6S 5S")
    assert t.is_legal_follow("9S 9S 6S 6S 5S 5S", lead, "6S 6S 5S 5S")
    # three-pair tractor: itself > pair tractor + pair > pairs
    lead = "JS JS QS QS KS KS"
    assert not t.is_legal_follow("9S 9S 8S 8S 5S 5S 3S", lead, "9S 9S 5S 5S 8S 3S")
    assert t.is_legal_follow("9S 9S 8S 8S 5S 5S 3S", lead, "9S 9S 8S 8S 5S 5S")


def test_four_deck_priority_lists_for_triple_and_quad_tractors():
    """The 4-deck post: 三条两连拖：三条两连拖----三条-----三连拖-----两连拖----对子------散牌;
    四条连拖：四条连拖----四条----三条----连拖----对子----散牌 (level 10, hearts trump)."""
    t = Trump(Rules.preset("4deck"), "10", "H")
    lead = "6S 6S 6S 7S 7S 7S"  # 三条两连拖
    hand = "8S 8S 8S 9S 9S 9S JS JS JS QS QS KS KS AS AS"
    assert t.is_legal_follow(hand, lead, "8S 8S 8S 9S 9S 9S")
    assert not t.is_legal_follow(hand, lead, "JS JS JS QS QS KS")  # holds the Titanic
    hand = "JS JS JS QS QS KS KS AS AS 4S"  # no Titanic: a triple (and a pair) before a three-pair tractor
    assert t.is_legal_follow(hand, lead, "JS JS JS QS QS 4S")
    assert not t.is_legal_follow(hand, lead, "JS JS JS QS KS AS")
    assert not t.is_legal_follow(hand, lead, "QS QS KS KS AS AS")
    hand = "QS QS KS KS AS AS 4S 4S 5S"  # no triple: the three-pair tractor
    assert t.is_legal_follow(hand, lead, "QS QS KS KS AS AS")
    assert not t.is_legal_follow(hand, lead, "QS QS KS KS 4S 4S")
    hand = "QS QS KS KS 4S 4S 8S"  # no three-pair tractor: the two-pair tractor (and the pair)
    assert t.is_legal_follow(hand, lead, "QS QS KS KS 4S 4S")
    assert not t.is_legal_follow(hand, lead, "QS QS 4S 4S 8S KS")
    hand = "QS QS 4S 4S 8S 9S"  # pairs, then singles
    assert t.is_legal_follow(hand, lead, "QS QS 4S 4S 8S 9S")
    lead = "6S 6S 6S 6S 7S 7S 7S 7S"  # 四条连拖
    hand = "8S 8S 8S 8S 9S 9S 9S 9S JS JS JS JS QS"
    assert t.is_legal_follow(hand, lead, "8S 8S 8S 8S 9S 9S 9S 9S")
    assert not t.is_legal_follow(hand, lead, "JS JS JS JS 8S 8S 8S QS")
    hand = "JS JS JS JS QS QS QS KS KS AS AS 3S"  # no quad tractor: the quad first
    assert not t.is_legal_follow(hand, lead, "QS QS QS KS KS AS AS 3S")
    assert t.is_legal_follow(hand, lead, "JS JS JS JS QS QS QS 3S")
    hand = "3S 3S 3S 5S 7S 7S 8S 8S 9S"  # no quad: the triple before the tractor
    assert t.is_legal_follow(hand, lead, "3S 3S 3S 5S 7S 7S 8S 8S")
    assert not t.is_legal_follow(hand, lead, "3S 3S 5S 7S 7S 8S 8S 9S")  # the triple broken
    hand = "QS QS KS KS AS AS 3S 3S 5S"  # no triple: the three-pair tractor and a pair
    assert t.is_legal_follow(hand, lead, "QS QS KS KS AS AS 3S 3S")
    assert not t.is_legal_follow(hand, lead, "QS QS KS KS 3S 3S 5S AS")


# --- §3 4 decks: comparisons across shapes (the 4-deck post, 四、牌的大小顺序, examples at level 10) ----------

T4 = Trump(Rules.preset("4deck"), "10", "H")


def test_quad_beats_every_two_pair_tractor():
    """1、在游戏两连拖的对抗中，四条为最大；即：四条＞王连对＞主级别指数连拖."""
    assert T4.trick_winner(["4S 4S 5S 5S", "6S 6S 6S 6S", "JS JS QS QS"]) == 1
    assert T4.trick_winner(["4S 4S 5S 5S", "SJ SJ BJ BJ", "7H 7H 7H 7H"]) == 2  # over the joker tractor
    assert T4.trick_winner(["4S 4S 5S 5S", "SJ SJ BJ BJ", "6C 6C 6C 6C"]) == 1  # a plain quad does not trump
    plain = Trump(Rules.preset("4deck").replace(wider_shapes=False), "10", "H")
    assert plain.trick_winner(["4S 4S 5S 5S", "6S 6S 6S 6S", "JS JS QS QS"]) == 2


def test_triple_tractor_beats_three_pair_tractor():
    """2、游戏的拖拉机大战中，三条连拖＞三连拖，比如：666777＞qqkkaa等."""
    assert T4.trick_winner(["QS QS KS KS AS AS", "6S 6S 6S 7S 7S 7S"]) == 1


def test_quad_tractors_beat_longer_narrower_tractors():
    """3、四连拖的大小比较为：四条的三连拖＞三条的四连拖 如：＞jjjqqqkkkaaa等; 四条连拖＞８连拖；如：&jjqqkkaa等."""
    assert T4.trick_winner(["JS JS JS QS QS QS KS KS KS AS AS AS",
                            "6S 6S 6S 6S 7S 7S 7S 7S 8S 8S 8S 8S"]) == 1
    assert T4.trick_winner(["JS JS QS QS KS KS AS AS", "3S 3S 3S 3S 4S 4S 4S 4S"]) == 1


# --- §3 trumping and the trick winner -------------------------------------------------------------

def test_trumps_beat_ak5544_not_aa5544():
    assert T10H.trick_winner(["AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"]) == 1
    assert T10H.trick_winner(["AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"]) == 0


def test_overtrumping_pair_and_single():
    assert T10H.trick_winner(["5S 4S 4S", "9H 7H 7H"]) == 1
    assert T10H.trick_winner(["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"]) == 2
    assert T10H.trick_winner(["5S 6S 7S", "9H 7H 7H"]) == 1
    assert T10H.trick_winner(["5S 6S 7S", "9H 7H 7H", "8H 8H 4H"]) == 1


def test_first_of_equal_cards_wins():
    assert T10H.trick_winner(["10S", "10D", "10C", "9H"]) == 0
    assert T10H.trick_winner(["3H", "10D", "10C", "10S"]) == 1


# --- §4 kitty multipliers ---------------------------------------------------------------------------

def test_kitty_power_examples():
    t3 = Trump(QQ3, "10", "H")
    assert t3.kitty_multiplier("4S 4S 4S 5S 5S 5S") == 64
    assert t3.kitty_multiplier("5S 5S 5S") == 8
    assert T10H.kitty_multiplier("4S 4S 5S 5S 6S 6S") == 64
    assert T10H.kitty_multiplier("4S 4S 5S 5S") == 16
    assert T10H.kitty_multiplier("AS KS QS JS 9S 8S 7S 7S") == 4
    assert T10H.kitty_multiplier("AS KS QS JS") == 2
    assert T10H.kitty_multiplier("AS AS JS JS") == 4


def test_kitty_pairs_policy():
    t = Trump(QQ2.replace(kitty_multiplier="pairs"), "10", "H")
    assert t.kitty_multiplier("AS") == 2
    assert t.kitty_multiplier("AS AS") == 4
    assert t.kitty_multiplier("AS AS JS JS") == 8
    assert t.kitty_multiplier("4S 4S 5S 5S") == 8
    assert t.kitty_multiplier("4S 4S 5S 5S 6S 6S") == 16


def test_kitty_bianfeng_policy():
    t = Trump(Rules(decks=3, kitty_multiplier="bianfeng"), "10", "H")
    assert t.kitty_multiplier("4S 4S 4S 5S 5S 5S") == 18
    assert t.kitty_multiplier("4S 4S 4S 5S 5S 5S 6S 6S 6S") == 54
    assert t.kitty_multiplier("4S 4S 4S") == 6
    assert t.kitty_multiplier("4S 4S 5S 5S 6S 6S") == 16
    assert t.kitty_multiplier("4S 4S 5S 5S") == 8
    assert t.kitty_multiplier("4S 4S") == 4
    assert t.kitty_multiplier("4S") == 2


def test_kitty_chinagame_policy():
    t = Trump(Rules(decks=3, kitty_multiplier="chinagame"), "10", "H")
    assert t.kitty_multiplier("4S") == 2
    assert t.kitty_multiplier("4S 4S") == 4
    assert t.kitty_multiplier("4S 4S 5S 5S") == 8
    assert t.kitty_multiplier("4S 4S 7S 7S AS") == 8
    assert t.kitty_multiplier("4S 4S 4S") == 6
    assert t.kitty_multiplier("4S 4S 4S 5S 5S 5S") == 12
    assert t.kitty_multiplier("4S 4S 4S 9S 9S KS") == 10


def test_kitty_copies_policy():
    t = Trump(Rules.preset("4deck"), "10", "H")
    assert [t.kitty_multiplier(x) for x in ["4S", "4S 4S", "4S 4S 4S", "4S 4S 4S 4S"]] == [2, 4, 8, 16]


def _last_trick(rules, plays, trump="H", level="2", cards=4):
    """A one-trick deal (``cards`` cards a hand: the kitty holds the other cards, docs/MODEL.md §9) where seat 0
    deals, buries the kitty it took up and leads plays[0]; seats 1, 2, 3 answer with plays[1:]."""
    short = rules.replace(kitty=54 * rules.decks - 4 * cards, declaration="none")
    hands = [Cards(p) for p in plays]
    deal = Deal(short, hands=hands, trump=trump, level=level, dealer=0)
    deal.bury(deal.kitty)
    for p in plays:
        deal.play(p)
    assert deal.phase == "done"
    return deal


def test_kitty_multiplier_reads_the_bianfeng_winner():
    """边锋: 具体得分根据最大一方牌情规定如下 … 若牌中含有 拖拉机 则乘的倍数等于 2·2^len … 若牌中含有 两对 则乘的
    倍数等于 4: the multiplier is read from the cards of the side that won the last trick. The dealer leads ♠AA ♠JJ
    and an attacker wins by trumping with the tractor ♥99 ♥88: ×8 (the lead's two pairs would give ×4)."""
    plays = ["AS AS JS JS", "9H 9H 8H 8H", "3C 4C 6C 7C", "3D 4D 6D 7D"]
    rules = Rules.preset("bianfeng")
    assert rules.kitty_multiplier_reads == "winner"
    deal = _last_trick(rules, plays)
    res = deal.result()
    assert deal.tricks[-1][2] == 1 and deal.last_won == Cards("9H 9H 8H 8H") and res.kitty_captured
    assert res.kitty_multiplier == 8
    assert res.attacker_points == res.kitty_points * 8
    assert _last_trick(rules.replace(kitty_multiplier_reads="lead"), plays).result().kitty_multiplier == 4


def test_kitty_multiplier_reads_the_qq_pairs_capturing_side():
    """The QQ pairs rule: 如果最后一轮牌由抓分方获胜，称为扣底。扣底时底牌的分牌至少要加倍加到抓分方的得分中，但如果
    抓分方的牌中包含一对牌，则底牌中的分数要按4倍计算 (and 以对牌抠底时底牌分数乘四). The dealer leads ♠A ♠K and an
    attacker wins with ♥9 ♥9: ×4 (the lead's singles would give ×2)."""
    plays = ["AS KS", "9H 9H", "3C 4C", "5D 6D"]
    rules = Rules(kitty_multiplier="pairs")
    deal = _last_trick(rules, plays, cards=2)
    res = deal.result()
    assert res.kitty_captured and deal.last_won == Cards("9H 9H") and res.kitty_multiplier == 4
    assert _last_trick(rules.replace(kitty_multiplier_reads="lead"), plays, cards=2).result().kitty_multiplier == 2


def test_kitty_multiplier_reads_only_the_winning_play():
    """The capturing cards are the winning play alone, never a partner's cards in the same trick (docs/MODEL.md
    §7): the dealer leads ♠A ♠K, the attacker at seat 1 wins by trumping with ♥9 ♥8, its partner at seat 3
    discards a pair of ♣7: ×2 under the QQ pairs rule, as from singles."""
    plays = ["AS KS", "9H 8H", "3C 4C", "7C 7C"]
    deal = _last_trick(Rules(kitty_multiplier="pairs"), plays, cards=2)
    assert deal.tricks[-1][2] == 1 and deal.result().kitty_captured and deal.result().kitty_multiplier == 2


# --- §5 level tables --------------------------------------------------------------------------------

@pytest.mark.parametrize("decks,band", [(1, 20), (2, 40), (3, 60), (4, 80)])
def test_level_table_standard(decks, band):
    r = Rules(decks=decks)
    assert r.level_outcome(0) == (True, 3, 0)
    assert r.level_outcome(5) == (True, 2, 0)
    assert r.level_outcome(band - 5) == (True, 2, 0)
    assert r.level_outcome(band) == (True, 1, 0)
    assert r.level_outcome(2 * band - 5) == (True, 1, 0)
    assert r.level_outcome(2 * band) == (False, 0, 0)
    assert r.level_outcome(3 * band - 5) == (False, 0, 0)
    assert r.level_outcome(3 * band) == (False, 0, 1)
    assert r.level_outcome(4 * band) == (False, 0, 2)
    assert r.level_outcome(7 * band + 5) == (False, 0, 5)


def test_level_table_attackers_early():
    r = Rules(level_table="attackers_early")
    assert r.level_outcome(75) == (True, 1, 0)
    assert r.level_outcome(80) == (False, 0, 1)
    assert r.level_outcome(120) == (False, 0, 2)
    assert r.level_outcome(160) == (False, 0, 3)


# --- §5/§6 declaring: nobody declares, who deals the first deal ---------------------------------------

def _all_pass(deal):
    while deal.phase == "declare":
        deal.act(None)
    return deal


def _kitty_in_pack_order(deal):
    return deal.order[-deal.rules.kitty:]


def _suit(kind):
    return None if kind >= 52 else "SHDC"[kind // 13]


def test_no_declaration_seed000_plays_no_trump():
    """The QQ rooms: 若发牌结束仍无人亮牌，则打无主 (the QQ presets' no_bid="notrump")."""
    for seed in range(20):
        assert _all_pass(Deal(QQ2, seed=seed)).trump is None


def _third_card_cases(rules):
    """(kitty in pack order, trump after everyone passed) for seeds whose kitty's third card is a joker
    and seeds whose third card is not."""
    joker, plain = [], []
    for seed in range(400):
        deal = Deal(rules, seed=seed)
        kitty = _kitty_in_pack_order(deal)
        (joker if kitty[2] >= 52 else plain).append((kitty, _all_pass(deal).trump))
        if len(joker) >= 3 and len(plain) >= 3:
            break
    assert len(joker) >= 3 and len(plain) >= 3
    return joker, plain


def test_no_declaration_seed001_kitty_third_card_jokers_skipped():
    """The QQ guide: 若发牌结束仍无人亮牌，则以底牌第三张的花色作为主牌花色。若第三张为王，则顺次翻开第四，五，
    六，七张，直至有一张不为王时，即以其花色作为主牌花色。 (no_bid="kitty_card")"""
    joker, plain = _third_card_cases(Rules(no_bid="kitty_card"))
    for kitty, trump in plain:
        assert trump == _suit(kitty[2])
    for kitty, trump in joker:
        assert trump == next(_suit(k) for k in kitty[2:] if k < 52)


def test_no_declaration_seed004_kitty_third_card_joker_means_no_trump():
    """边锋: 若发牌结束仍无人亮牌，则以底牌第三张的花色作为主牌花色。如果第三张是王则打无主。"""
    rules = Rules.preset("bianfeng")
    assert rules.no_bid == "kitty_card_notrump"
    joker, plain = _third_card_cases(rules)
    for kitty, trump in plain:
        assert trump == _suit(kitty[2])
    for _, trump in joker:
        assert trump is None


def _first_deal_with_overturn(rules):
    """A first deal (dealer 0, level 10) where seat 1 shows 10H first and seat 2 overturns with 10D 10D."""
    pack = [k for k in range(54) for _ in range(rules.decks)]
    want = {1: ["10H"], 2: ["10D", "10D"]}
    hands = [[] for _ in range(4)]
    for seat, toks in want.items():
        for tok in toks:
            k = parse_cards(tok).indices()[0]
            pack.remove(k)
            hands[seat].append(k)
    level_cards = {parse_cards(t).indices()[0] for t in ("10S", "10H", "10D", "10C")}
    rest = [k for k in pack if k not in level_cards] + [k for k in pack if k in level_cards]  # no other 10s dealt
    for seat in range(4):
        need = rules.hand_size - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    deal = Deal(rules, hands=[Cards(h) for h in hands], kitty=rest, level="10", dealer=0, first_deal=True)
    while deal.phase == "declare":
        seat = deal.to_move
        shown = {1: "10H", 2: "10D 10D"}.get(seat)
        if shown and Cards(shown) in deal.legal_actions() and not any(s == seat for s, _ in deal.declarations):
            deal.act(shown)
        else:
            deal.act(None)
    assert [s for s, _ in deal.declarations] == [1, 2] and deal.trump == "D"
    return deal


def test_first_deal_first_declarer_deals_qq_and_bianfeng():
    """The QQ rooms and the QQ guide: 开局中，双方争庄，先亮者为庄家; 边锋: 开局时，由双方抢庄，由先亮主的玩家当庄.
    The first declarer deals the first deal even when someone overturns later (the trump is the overturner's)."""
    for preset in ("qq-2deck", "bianfeng"):
        rules = Rules.preset(preset)
        assert rules.first_deal_dealer == "first_declarer"
        assert _first_deal_with_overturn(rules).dealer == 1


def test_first_deal_final_declarer_deals_taian_and_4deck():
    """泰安: 第一局最终亮主的玩家即为庄家; the 4-deck post: 第一局的庄家由亮主方担任，如果有人"反主"，则由"反主"的
    玩家坐庄. Their presets name the final declarer (their own declaring phases are not implemented yet, so
    the rule is shown under the QQ ladder)."""
    assert Rules.preset("taian").first_deal_dealer == Rules.preset("4deck").first_deal_dealer == "final_declarer"
    assert _first_deal_with_overturn(Rules(first_deal_dealer="final_declarer")).dealer == 2


def test_4deck_first_dealer_from_the_kitty():
    """The 4-deck post: 发完牌后，如果没人亮主，把底亮出来给四个玩家 … 若是第一局，用底牌的第一张牌来确认庄家，
    第一张牌的点数除4的余数为庄家，一副牌的号是从0~53的，大王是53，a为0，右边的是零号桌，然后顺时针依次是 1. 2 3号桌.
    Read: the deck numbered ♠ A..K 0..12, ♥ 13..25, ♣ 26..38, ♦ 39..51, 小王 52, 大王 53; tables 0 1 2 3 run
    clockwise while the post plays counter-clockwise (按逆时针方向轮流出牌), so from seat 0 they are seats
    0 3 2 1."""
    rules = Rules.preset("4deck")
    assert rules.first_deal_no_bid == "kitty_dealer"
    base = list(Deal(rules, seed=11).order)
    first = 4 * rules.hand_size
    # 大王 53: remainder 1, table 1 (seat 3); A♠ 0: table 0 (seat 0); 3♣ 28: table 0; A♦ 39: table 3 (seat 1);
    # 2♥ 14: table 2 (seat 2)
    for token, seat in (("BJ", 3), ("SJ", 0), ("AS", 0), ("3C", 0), ("AD", 1), ("2H", 2)):
        order = list(base)
        at = order.index(parse_cards(token).indices()[0])
        order[at], order[first] = order[first], order[at]
        deal = Deal(rules, order=order, dealer=2, level="3", first_deal=True)
        while deal.phase == "declare":
            deal.act(None)
        assert deal.dealer == seat and deal.burier == seat and deal.turned_up_kitty is not None


def _declaring_race(rules: Rules, first: str) -> tuple[Deal, bool]:
    """Level 10: seat 0 shows 10H; then ``first`` is made at its first chance — 对家保 (seat 2, its partner, shows the
    other 10H) or 反主 (seat 1 shows 10D 10D) — and the other is tried after it: (the deal, whether it was legal)."""
    from dealt import deal_with
    deal = deal_with(rules, {0: "10H", 1: "10D 10D", 2: "10H"}, level="10", trump="declare")
    moves = {"对家保": (2, Cards("10H")), "反主": (1, Cards("10D 10D"))}
    todo = [moves[first], moves["反主" if first == "对家保" else "对家保"]]
    second_legal = None
    while deal.phase == "declare":
        seat = deal.to_move
        if seat == 0 and deal.declarer is None and deal.hand(0).count("10H"):
            deal.declare("10H")
        elif deal.declarer is not None and todo and todo[0][0] == seat and todo[0][1].issubset(deal.hand(seat)):
            _, cards = todo.pop(0)
            if todo:  # the first: made
                deal.declare(cards)
            else:  # the second: tried
                second_legal = cards in deal.legal_declarations()
                deal.declare(cards) if second_legal else deal.declare()
        else:
            deal.declare()
    assert not todo
    return deal, bool(second_legal)


@pytest.mark.parametrize("first", ["对家保", "反主"])
def test_partner_reinforce_first_of_the_last_three_stands(first):
    """The QQ guide: 有以下几种情况可改变或加强主牌花色：反无主 自保 反主 自反 对家保，以上后三条以先出现者为准. With
    partner_reinforce="pair" (qq-2deck) the partner's copy of the declarer's single makes a pair: whichever of
    对家保 and 反主 comes first stands, and the other is no longer stronger."""
    deal, second_legal = _declaring_race(QQ2, first)
    assert not second_legal
    if first == "对家保":
        assert [s for s, _ in deal.declarations] == [0, 2]
        assert (deal.trump, deal.declarer, deal.declaration) == ("H", 0, Cards("10H 10H"))
    else:
        assert [s for s, _ in deal.declarations] == [0, 1]
        assert (deal.trump, deal.declarer) == ("D", 1)


def test_partner_reinforce_never_the_qq_rooms_four_ways():
    """The QQ rooms list 反无主 自保 反主 自反 only (partner_reinforce="never"): the partner's copy is no declaration,
    and a 反主 after it still overturns."""
    rules = QQ2.replace(partner_reinforce="never")
    deal, second_legal = _declaring_race(rules, "反主")
    assert not second_legal and deal.trump == "D"
    with pytest.raises(IllegalMove, match="not stronger"):
        _declaring_race(rules, "对家保")  # the partner's copy is refused where 对家保 would be made


# --- §3 trick comparison: every unit, every grouping (docs/MODEL.md §6) --------------------------------

def test_all_units_compares_every_grouping():
    """Level 2, clubs trump, lead 8D 8D JD QD: seat 3's 6C 6C 2C 2C grouped as pair 6C6C + singles 2C 2C beats
    every unit of seat 1's 5C 5C AC 2S (6C > 5C, 2C > 2S, 2C > AC), so seat 3 wins under "all_units"."""
    t = Trump(Rules(trick_compare="all_units"), "2", "C")
    assert t.trick_winner(["8D 8D JD QD", "5C 5C AC 2S", "3D 4D 5D 6D", "6C 6C 2C 2C"]) == 3
    assert t.trick_winner(["8D 8D JD QD", "6C 6C 2C 2C", "7C 7C 3C 3C"]) == 1


def test_level_index_tractor_order():
    """4、主牌两连拖大小顺序：王连拖＞主级别指数连拖＞副级别指数连拖＞主牌拖拉机
    比如级别指数为'3'，叫牌的花色为'方块'所以大小比较如下：
    大小王＞方块2233（主级别指数连拖）＞黑桃2233＞红桃2233＞梅花2233＞方块aakk（主牌拖拉机）."""
    t = Trump(Rules.preset("4deck"), "3", "D")
    order = ["SJ SJ BJ BJ", "2D 2D 3D 3D", "2S 2S 3S 3S", "2H 2H 3H 3H", "2C 2C 3C 3C", "AD AD KD KD"]
    assert all(t.is_tractor(x) for x in order)
    for hi, lo in zip(order, order[1:], strict=False):
        assert t.trick_winner([lo, hi]) == 1 and t.trick_winner([hi, lo]) == 0
    # blocks of different suits never join; the trump block joins the jokers
    assert not t.is_tractor("3C 3C 2H 2H") and not t.is_tractor("AD AD 2C 2C") and t.is_tractor("3D 3D SJ SJ")
    qq = Trump(Rules.preset("4deck").replace(trump_order="qq"), "3", "D")
    assert not qq.is_tractor("2S 2S 3S 3S") and qq.trick_winner(["3S", "3H"]) == 0
    assert t.trick_winner(["3H", "3S"]) == 1  # the suit order ranks singles too (MODEL.md §2)



# --- 泰安 tractors, tractor_rule="natural" (docs/MODEL.md §3) ---------------------------------
TAIAN = Rules.preset("taian")


def test_taian_tractors_same_printed_suit_and_adjacent_printed_ranks():
    """连对：两对以上花色相同、牌点相连的牌，对大王和对小王是连对。 (level 8, trump ♥, constants 2 3 5)"""
    t = Trump(TAIAN, "8", "H")
    for play in ("KS KS QS QS", "4H 4H 5H 5H", "3S 3S 2S 2S", "SJ SJ BJ BJ", "AH AH KH KH", "7S 7S 8S 8S"):
        assert t.is_tractor(play), play
    # 牌点相连 by printed rank: 4 and 6 are not adjacent (5 lies between), A is not next to 2, suits never mix
    for play in ("4S 4S 6S 6S", "AS AS 2S 2S", "AH AH 2S 2S", "3S 3S 3H 3H", "7S 7S 9S 9S", "BJ BJ 8H 8H"):
        assert not t.is_tractor(play), play
    # the position rule (QQ) chains the same cards the other way
    qq = Trump(TAIAN.replace(tractor_rule="position"), "8", "H")
    assert qq.is_tractor("4S 4S 6S 6S") and qq.is_tractor("AH AH 2S 2S") and not qq.is_tractor("3S 3S 2S 2S")


def test_taian_constant_trumps_join_their_suit_as_plain_cards():
    """主牌可以和副牌相连，作为副牌使用，如黑桃55、66。"""
    t = Trump(TAIAN, "8", "H")
    assert t.effective_suit("5S") == "T"  # a 5 alone stays a trump
    assert t.play_suit("5S 5S 6S 6S") == "S" and t.is_tractor("5S 5S 6S 6S")
    assert t.play_suit("4S 4S 3S 3S 2S 2S") == "S"
    assert t.play_suit("5S 5S 6S") is None and t.play_suit("5S 6S 6S 7S 7S") is None  # only inside a tractor
    with pytest.raises(ValueError, match="only inside its tractors"):
        t.units("5S 5S 6S")
    # played as spades: a spade follows it, a spade tractor beats it, a trump tractor trumps it
    assert t.trick_winner(["5S 5S 6S 6S", "9S 9S JS JS", "7S 7S 8S 8S", "4S 4S 3S 3S"]) == 2
    assert t.trick_winner(["5S 5S 6S 6S", "4H 4H 5H 5H"]) == 1
    hand = "4S 4S 3S 3S 9S KS"
    assert t.legal_follows(hand, "5S 5S 6S 6S") == [Cards("3S 3S 4S 4S"), Cards("4S 4S 9S KS")]


def test_taian_tractor_order_by_printed_rank():
    """连对按牌点比较大小。两连对，4个王最大。其它的大小顺序AAKK>KKQQ>QQJJ>.........>3322。
    3连对：AAKKQQ>KKQQJJ> (443322)"""
    t = Trump(TAIAN, "8", "H")
    two = ["SJ SJ BJ BJ", "AH AH KH KH", "QH QH JH JH", "10H 10H 9H 9H", "5H 5H 4H 4H", "3H 3H 2H 2H"]
    for hi, lo in zip(two, two[1:], strict=False):
        assert t.trick_winner([lo, hi]) == 1 and t.trick_winner([hi, lo]) == 0, (hi, lo)
    three = ["AH AH KH KH QH QH", "JH JH 10H 10H 9H 9H", "4H 4H 3H 3H 2H 2H"]
    for hi, lo in zip(three, three[1:], strict=False):
        assert t.trick_winner([lo, hi]) == 1 and t.trick_winner([hi, lo]) == 0, (hi, lo)
    assert t.is_tractor("4S 4S 3S 3S 2S 2S")  # 443322 in a plain suit: spades with the 3s and 2s borrowed
    # plain tractors by printed rank too; a trump-suit 3322 over an off-suit one, off-suit ones equal
    assert t.trick_winner(["AS AS KS KS", "4S 4S 3S 3S"]) == 0
    assert t.trick_winner(["3S 3S 2S 2S", "3H 3H 2H 2H"]) == 1
    assert t.trick_winner(["3S 3S 2S 2S", "3D 3D 2D 2D"]) == 0
