"""Match play: levels, dealer rotation, must-play levels, the end of a match; bots."""

import itertools

import pytest

from shengji import Cards, Deal, Match, Rules, bots
from shengji._types import DealResult
from shengji.match import CHINAGAME_TIERS, chinagame_points, chinagame_tier, qq_deal_points


def result(attacker_points: int, rules: Rules) -> DealResult:
    o = rules.level_outcome(attacker_points)
    return DealResult(attacker_points, 0, 0, 0, False, o.dealer_keeps, o.dealer_levels, o.attacker_levels,
                      (0, 0, 0, 0))


def test_climb_stops_on_must_play_levels():
    m = Match(Rules())
    assert m.levels == ("2", "2") and m.must_play == {0, 12}
    q = m.sequence.index("Q")
    assert m.sequence[m.climb(q, 3)] == "A"  # Q -> K -> A, stops at A
    assert m.climb(12, 3) == 12
    c = Match(Rules(constant_ranks=("2",)))
    assert c.sequence[c.climb(0, 3)] == "3"  # 3 must be played when 2 is constant
    assert level_after(Rules(), 0, 2) == "4"


def level_after(rules, step, n):
    m = Match(rules)
    return m.sequence[m.climb(step, n)]


def test_taian_sequence_starts_at_ace_and_cycles():
    m = Match(Rules.preset("taian"))
    assert m.levels == ("A", "A")
    assert m.sequence[0] == "A" and m.sequence[-1] == "A" and m.sequence[-2] == "K"


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_match_runs_to_a_winner_and_is_reproducible(policy):
    a = Match(Rules(), seed=3, policy=policy)
    winner = a.play_all(max_deals=300)
    assert winner in (0, 1)
    assert a.levels[winner] == "A"
    b = Match(Rules(), seed=3, policy=policy)
    b.play_all(max_deals=300)
    assert [r.result for r in a.history] == [r.result for r in b.history]
    # dealer rotation follows the outcome of each deal
    for prev, nxt in itertools.pairwise(a.history):
        if prev.result.dealer_keeps:
            assert nxt.dealer == (prev.dealer + 2) % 4
        else:
            assert nxt.dealer == (prev.dealer + 1) % 4
    with pytest.raises(ValueError, match="over"):
        a.play_deal()


def test_same_dealer_rule():
    m = Match(Rules(next_dealer="same"), seed=1, policy="greedy")
    for _ in range(6):
        rec = m.play_deal()
        if rec.result.dealer_keeps:
            assert m.dealer == rec.dealer
        else:
            assert m.dealer == (rec.dealer + 1) % 4


def test_no_declaring_phase_lets_the_dealer_name_the_trump():
    m = Match(Rules(declaration="none"), seed=2, policy="greedy")
    for _ in range(3):
        rec = m.play_deal()
        assert rec.trump in ("S", "H", "D", "C")


def test_a_taian_match_is_played_to_a_winner():
    """泰安 declares (a joker and pairs), loses deals nobody declares (闷牌) and keeps the dealer while the dealer
    team wins; a match runs to its end from A."""
    m = Match(Rules.preset("taian"), seed=2, policy="random")
    m.play_all(max_deals=600)
    assert m.winner in (0, 1) and m.history[0].level == "A"


def test_no_match_points_unless_the_rules_keep_them():
    assert Match(Rules()).points is None
    with pytest.raises(ValueError, match="keep none"):
        Match(Rules(), points=(1, 2, 3, 4))
    with pytest.raises(ValueError, match="four integers"):
        Match(Rules(match_points="qq"), points=(1, 2, 3))


def test_chinagame_worked_example():
    """中国游戏中心: 假設設定打過10算結束 我方從2打過10，對方從2打到9 … 從2打過10，級別上升了9級，得分=9分;
    和對方的差距為兩級，再獲得獎分2*2=4分; 如果我打了15個回合，則每10回合算1分，得1分;
    如果我曾摔牌失敗過兩次，則扣2分; 最終我的得分是：9+4+1-2=12分;
    對方得分為：從2打到9，得7分; 和我方差距為2，則扣2*2 = 4分; 則對方得分為：7-4=3"""
    assert chinagame_points(9, 7, 15, 2) == 9 + 4 + 1 - 2 == 12
    assert chinagame_points(7, 9, 0, 0) == 7 - 4 == 3


def test_chinagame_points_follow_the_match():
    """A whole match to 10 (end_level): every seat's points are 中国游戏中心's formula of the match's state."""
    m = Match(Rules.preset("chinagame"), seed=3, end_level="10")
    assert m.sequence[-1] == "10" and m.points == (0, 0, 0, 0)
    m.play_all(max_deals=200)
    assert m.winner is not None and m.levels[m.winner] == "10"
    passed = [m.sequence.index(m.levels[t]) + (m.winner == t) for t in (0, 1)]
    assert passed[m.winner] == 9  # 從2打過10
    failed = [sum(r.result.failed_throws[s] for r in m.history) for s in range(4)]
    for s in range(4):
        assert m.points[s] == chinagame_points(passed[s % 2], passed[1 - s % 2], len(m.history), failed[s])
    with pytest.raises(ValueError, match="end_level"):
        Match(Rules.preset("chinagame"), end_level="2")


def test_qq_deal_points_table():
    """The QQ rooms' 积分规则: 闲家转庄家得两分，以上每升一级加一分。庄家升一级得两分，以上每升一级加一分，
    最多闲家大光时得四分; 四个玩家积分都在80分以上，300分以下…翻倍…都在300分以上…翻3倍;
    例如：四个玩家积分都是90，某局游戏庄家打闲家大光，本来积分是庄家＋4分…积分为庄家＋8分…
    如果四个玩家都是400分…庄家＋12分."""
    rules = Rules()
    low = (0, 0, 0, 0)
    assert [qq_deal_points(result(p, rules), low) for p in (0, 20, 40)] == [4, 3, 2]  # dealers +3, +2, +1 levels
    assert [qq_deal_points(result(p, rules), low) for p in (80, 120, 160, 200)] == [2, 3, 4, 5]  # attackers
    assert qq_deal_points(result(0, rules), (90,) * 4) == 8
    assert qq_deal_points(result(0, rules), (400,) * 4) == 12
    assert qq_deal_points(result(0, rules), (80, 300, 90, 100)) == 8  # the bounds count as inside
    assert qq_deal_points(result(0, rules), (79, 300, 90, 100)) == 4
    assert qq_deal_points(result(0, rules), (400, 300, 400, 400)) == 4  # neither all 80..300 nor all above


def test_qq_shutout_rooms():
    """The QQ rooms' 大光 rooms: 大光积分特殊配置房间 … 比如大光积分配置为庄家＋6分，闲家－6分，
    则翻三倍结果为庄家＋18分，闲家－18分 (all four totals above 300); the ordinary rooms' 最多闲家大光时得四分
    is the default."""
    rules = Rules(decks=1, kitty=6, match_points="qq", match_shutout_points=6)
    assert Rules(match_points="qq").match_shutout_points == 4
    assert qq_deal_points(result(0, rules), (400,) * 4, shutout_points=6) == 18
    assert qq_deal_points(result(0, rules), (90,) * 4, shutout_points=6) == 12
    assert qq_deal_points(result(5, rules), (400,) * 4, shutout_points=6) == 9  # 5 points: no 大光, +3 tripled
    assert qq_deal_points(result(0, rules), (400,) * 4) == 12
    for seed in range(300):  # a first deal the dealers win 大光, played through Match
        m = Match(rules, seed=seed, points=(400, 400, 400, 400))
        record = m.play_deal()
        if record.result.attacker_points == 0:
            assert m.points == tuple(418 if s % 2 == record.dealer % 2 else 382 for s in range(4))
            break
    else:
        pytest.fail("no 大光 in 300 one-deck deals")


def test_chinagame_tier_table():
    """中国游戏中心's 級別: 幼小班 0 … 院士 26450 as the page prints them; 諾貝爾 has no figure there and the steps
    (50, 150, 250 …) grow by 100, which gives 28800."""
    names = ("幼小班 幼中班 幼大班 學前班 一年級 二年級 三年級 四年級 五年級 六年級 初一 初二 初三 高一 高二 高三 "
             "大一 大二 大三 大四 研究生 博士 博士后 院士 諾貝爾").split()
    printed = [0, 50, 200, 450, 800, 1250, 1800, 2450, 3200, 4050, 5000, 6050, 7200, 8450, 9800, 11250, 12800,
               14450, 16200, 18050, 20000, 22050, 24200, 26450]
    assert CHINAGAME_TIERS == tuple(zip(names, [*printed, 28800], strict=True))
    assert [chinagame_tier(p) for p in (0, 49, 50, 199, 200, 800, 26449, 26450, 28799, 28800, 10**6)] == [
        "幼小班", "幼小班", "幼中班", "幼中班", "幼大班", "一年級", "博士后", "院士", "院士", "諾貝爾", "諾貝爾"]
    assert chinagame_tier(-12) == "幼小班"  # failed throws can take a total below 0
    with pytest.raises(ValueError, match="points"):
        chinagame_tier(2**40)
    with pytest.raises(ValueError, match="points"):
        chinagame_tier("800")


@pytest.mark.parametrize("start, tiers_apart", [
    ((1250, 200, 1250, 200), True),     # 二年級 (tier 5) against 幼大班 (2): 3 tiers
    ((1250, 450, 1250, 200), False),    # a 學前班 (3) among the losers: 2 tiers
    ((800, 200, 1250, 200), False),     # an 一年級 (4) among the winners
    ((0, 800, 50, 1250), False),        # the losers 3 tiers above: 負方仍會計
])
def test_chinagame_three_tier_rule(start, tiers_apart):
    """如果勝方水平級別高于負方3級，則勝方不加分，但如果負方級別高于勝方3級，負方仍會計, on the page's
    example: we pass 10 (9 levels) against 9 (7 levels), 2 levels apart — we gain 9 + 4, they 7 − 4 = 3 — here in
    one deal (no 回合 point). Winners 3 tiers above gain nothing but still pay their failed throws; losers are scored
    as always."""
    rules = Rules.preset("chinagame")
    for seed in range(60):
        m = Match(rules, seed=seed, end_level="10", levels=("10", "9"), first_dealer=0, points=start)
        m.play_deal()
        if m.winner == 0:
            break
    else:
        pytest.fail("the dealers at 10 never kept the deal")
    failed = m.history[0].result.failed_throws
    gain = 0 if tiers_apart else 9 + 2 * 2
    assert m.points == (start[0] + gain - failed[0], start[1] + 7 - 4 - failed[1], start[2] + gain - failed[2],
                        start[3] + 7 - 4 - failed[3])


def test_chinagame_three_tier_rule_waits_for_the_winner():
    """While the match runs there is no 勝方: the formula stands whatever the tiers."""
    m = Match(Rules.preset("chinagame"), seed=1, end_level="10", points=(1250, 0, 1250, 0))
    m.play_deal()
    if m.winner is None:
        passed = [m.sequence.index(x) for x in m.levels]
        failed = m.history[0].result.failed_throws
        assert m.points == tuple((1250 if s % 2 == 0 else 0) + chinagame_points(
            passed[s % 2], passed[1 - s % 2], 1, failed[s]) for s in range(4))


def test_qq_match_points_sum_to_zero_and_follow_the_deals():
    m = Match(Rules(match_points="qq"), seed=1, points=(100, 90, 95, 85))
    for _ in range(12):
        before = m.points
        record = m.play_deal()
        gain = qq_deal_points(record.result, before)
        winners = record.dealer % 2 if record.result.dealer_keeps else 1 - record.dealer % 2
        assert m.points == tuple(before[s] + (gain if s % 2 == winners else -gain) for s in range(4))
        assert sum(m.points) == sum(before) == 370


class Thrower(bots.Greedy):
    """Leads a whole plain suit as a throw when it holds three or more of one (it often fails)."""

    def choose(self, deal):
        if deal.phase == "play" and not deal.trick:
            t, hand = deal.trump_context, deal.hand(deal.to_move)
            for suit in "SHDC":
                cards = [k for k in hand.indices() if t.effective_suit(k) == suit]
                if len(cards) >= 3:
                    return Cards(cards)
        return super().choose(deal)


def test_failed_throws_cost_the_thrower_a_match_point():
    """The 4-deck post: 出最小的牌型及牌，并扣除该玩家1分; 中国游戏中心: 自己甩牌失敗不損壞對家."""
    m = Match(Rules(throw_penalty="match_point"), seed=0, policy=[Thrower(), bots.Greedy()] * 2, points=(5, 5, 5, 5))
    m.play_all(max_deals=6)
    failed = [sum(r.result.failed_throws[s] for r in m.history) for s in range(4)]
    assert sum(failed) > 0  # random leaders try throws that fail
    assert m.points == tuple(5 - f for f in failed)


def test_greedy_beats_random_as_a_team():
    wins = 0
    for seed in range(6):
        m = Match(Rules(), seed=seed, policy=[bots.Greedy(), bots.Random(seed), bots.Greedy(), bots.Random(seed)])
        wins += m.play_all(max_deals=200) == 0
    assert wins >= 5


def test_policy_errors():
    with pytest.raises(ValueError, match="unknown policy"):
        Match(Rules(), policy="clever")
    with pytest.raises(ValueError, match="one per seat"):
        Match(Rules(), policy=["random"] * 3)
    with pytest.raises(TypeError, match="policy"):
        Match(Rules(), policy=42)


def test_greedy_bury_keeps_trumps_and_points():
    rules = Rules()
    deal = Deal(rules, seed=8, trump="H", level="2")
    buried = bots.Greedy().bury(deal)
    t = deal.trump_context
    assert len(buried) == 8 and buried.issubset(deal.hand(deal.dealer))
    kept = deal.hand(deal.dealer) - buried
    plain_pointless_kept = [k for k in kept.indices() if not t.is_trump(k) and k % 13 not in (3, 8, 11)]
    if any(t.is_trump(k) for k in buried.indices()):
        assert not plain_pointless_kept
    assert isinstance(buried, Cards)


def test_four_deck_levels_start_at_three():
    """The 4-deck post makes 2 a fixed trump and starts at 3 (the QQ guide: 3必打（2为常主时）: 3 must be played)."""
    rules = Rules.preset("4deck")
    assert rules.first_level == "3"
    m = Match(rules)
    assert m.levels == ("3", "3") and m.sequence[0] == "3" and m.sequence[-1] == "A"
    assert m.must_play == {0, len(m.sequence) - 1}
    assert m.sequence[m.climb(0, 3)] == "6"
    q = Match(Rules(first_level="3"), seed=1)
    assert q.play_deal().level == "3"
