"""Match points (积分, docs/RULES.md §6.10), written from the rule texts independently of the C core: the QQ rooms'
积分规则 (per deal, with the 大光 rooms' ``match_shutout_points``) and 中国游戏中心's 升級游戲得分換算 with its
rating tiers (級別). The differential tests replay a match's deals through these and compare the core's totals.

Deals are read from what a deal's result says (``attacker_points``, ``failed_throws``, ``lost_deal``) and who dealt;
the levels that follow from the points come from this package's own ``level_outcome`` (``reference``)."""

from __future__ import annotations

from bisect import bisect_right

from .reference import level_outcome

# ----------------------------------------------------------------------------------------------
# 中国游戏中心's rating tiers
# ----------------------------------------------------------------------------------------------

# The page's table, as printed (seven to a row); 諾貝爾 stands there without a figure.
_PRINTED = """
幼小班 0      幼中班 50     幼大班 200    學前班 450    一年級 800    二年級 1250   三年級 1800
四年級 2450   五年級 3200   六年級 4050   初一 5000     初二 6050     初三 7200     高一 8450
高二 9800     高三 11250    大一 12800    大二 14450    大三 16200    大四 18050    研究生 20000
博士 22050    博士后 24200  院士 26450
"""


def _tiers() -> list[tuple[str, int]]:
    words = _PRINTED.split()
    table = [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]
    steps = [b[1] - a[1] for a, b in zip(table, table[1:], strict=False)]
    # each step is 100 more than the one before (50, 150, 250, ...): 諾貝爾 one step past 院士
    assert all(b - a == 100 for a, b in zip(steps, steps[1:], strict=False))
    table.append(("諾貝爾", table[-1][1] + steps[-1] + 100))
    return table


TIERS: list[tuple[str, int]] = _tiers()


def tier_rank(points: int) -> int:
    """0 for 幼小班 (and any total below 50, negative ones included) .. 24 for 諾貝爾."""
    return max(0, bisect_right([t for _, t in TIERS], points) - 1)


def tier(points: int) -> str:
    return TIERS[tier_rank(points)][0]


def chinagame_points(start, passed, deals, failed, winner=None):
    """Each seat's total after a match: ``start`` (the four totals it began from), ``passed`` (the levels each team
    passed, 0 = seats 0 and 2; a winner has passed the end level too), ``deals`` played, each seat's ``failed``
    throws (zeros unless they cost), ``winner`` (the team, None while undecided).

    本方級別得分: a level passed is a point; 雙方差距得分: 2 per level between the teams, won by the leader and lost by
    the trailer; 每10回合算1分 (a 回合 read as a deal); 甩牌失敗扣分: one per own failed throw. 級別: 如果勝方水平級別
    高于負方3級，則勝方不加分 — the winning side gains nothing when it is 3 tiers above the losing side, read as: each
    winner 3 or more tiers above each loser; the failed throws are a 扣分 and still count.
    負方仍會計: losers as usual."""
    gains = []
    for team in (0, 1):
        gains.append(passed[team] + 2 * (passed[team] - passed[1 - team]) + deals // 10)
    if winner is not None:
        winners = [s for s in range(4) if s % 2 == winner]
        losers = [s for s in range(4) if s % 2 != winner]
        if all(tier_rank(start[w]) >= tier_rank(start[x]) + 3 for w in winners for x in losers):
            gains[winner] = 0  # 勝方不加分
    return tuple(start[s] + gains[s % 2] - failed[s] for s in range(4))


# ----------------------------------------------------------------------------------------------
# The QQ rooms' 积分规则
# ----------------------------------------------------------------------------------------------

def qq_points(rules, result, totals):
    """(winning team, what each of its players gains and each loser loses) for a deal, given the four totals
    before it. 闲家转庄家得两分，以上每升一级加一分; 庄家升一级得两分，以上每升一级加一分，最多闲家大光时得四分 — and
    a 大光 (the attackers' 0) is worth the room's ``match_shutout_points`` (4 in the ordinary rooms); doubled when all
    four totals are 80..300 (80分以上，300分以下, bounds inside), tripled when all four are above 300."""
    if result.lost_deal:  # 闷牌: the dealers lose the deal without play, nobody climbs
        keeps, dealer_levels, attacker_levels = False, 0, 0
    else:
        keeps, dealer_levels, attacker_levels = level_outcome(rules, result.attacker_points)
    if not keeps:
        base = 2 + attacker_levels
    elif result.attacker_points == 0:
        base = rules.match_shutout_points
    else:
        base = min(2 + (dealer_levels - 1), 4)
    if all(t > 300 for t in totals):
        base *= 3
    elif all(80 <= t <= 300 for t in totals):
        base *= 2
    return ("dealers" if keeps else "attackers"), base


def qq_totals(rules, start, deals):
    """The four totals after each deal of ``deals`` (pairs of dealer seat and result), from ``start``: the QQ
    rooms' points, minus one per failed throw when ``throw_penalty="match_point"`` (after the deal)."""
    totals = list(start)
    out = []
    for dealer, result in deals:
        side, gain = qq_points(rules, result, totals)
        dealers = {dealer, (dealer + 2) % 4}
        for s in range(4):
            won = (s in dealers) == (side == "dealers")
            totals[s] += gain if won else -gain
            if rules.throw_penalty == "match_point":
                totals[s] -= result.failed_throws[s]
        out.append(tuple(totals))
    return out
