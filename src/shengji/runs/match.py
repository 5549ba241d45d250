"""Match play: deals in a row under the rules' level and dealer rules (docs/RULES.md §5, §6.9-§6.10).

- Each team has a level; the dealer team plays at its own level. Levels run 2 → A, or, with
  ``first_level="A"`` (泰安), A → 2 → … → K → A (the final A ends the match); with ``first_level="3"`` (the
  4-deck post, 2 a fixed trump) 3 → A.
- The dealer team keeps the deal: it climbs ``dealer_levels``; the next dealer is the dealer's partner
  (``next_dealer="partner"``, QQ) or the same dealer (``"same"``, 泰安). The attackers take over: they
  climb ``attacker_levels`` and the old dealer's next player deals.
- Must-play levels cannot be jumped: the first level that is not a constant-trump rank (2, or 3 when 2
  is constant) and the final level. A climb that would pass one stops on it.
- A team that wins a deal as dealers at the final level (A) wins the match.
- Deal *i* of a match with seed *s* is dealt from stream (s, i). In the first deal the declaring decides
  the dealer (the rules' ``first_deal_dealer``). Rules without a declaring phase (``declaration="none"``)
  let the dealer's bot name the trump (``Bot.trump``); rules whose declaring phase is not implemented
  yet would raise NotImplementedError, as ``Deal`` does.
- Every phase goes through ``deal.act(bot.choose(deal))``.
- ``end_level`` (a rank; default the sequence's last level): the match ends when a team wins a deal as
  dealers at that level (中国游戏中心: 假設設定打過10算結束, ``end_level="10"``).
- 找朋友 (``partnership="call_card"``): teams change every deal, so levels are per player: ``levels`` has one
  entry per seat and ``winner`` is a seat. The dealer plays at its own level. The dealer keeping the deal
  climbs ``dealer_levels`` with its partner, and the next dealer is the partner (边锋's 庄家升级时，下一局
  由庄家的对家当庄, 对家 read as the called friend), or the same dealer after playing alone. The attackers
  taking the deal each climb ``attacker_levels``, and the old dealer's next player deals. A dealer keeping the
  deal at the final level wins the match. (The sources are silent on all of this; it is the project's
  choice, docs/RULES.md §7.) Match points (``match_points``) do not combine with 找朋友 (``Rules`` refuses it).

Match points (积分), ``match.points``: one number per seat, starting at ``Match(points=...)`` (zeros by
default); None when the rules keep none (``match_points="none"`` and no ``throw_penalty="match_point"``).

- ``throw_penalty="match_point"`` (the 4-deck post: 出最小的牌型及牌，并扣除该玩家1分; 中国游戏中心:
  自己甩牌失敗不損壞對家): each failed throw costs the thrower, not the partner, one point.
- ``match_points="qq"`` (the QQ rooms' 积分规则), after every deal: attackers taking the deal gain 2, +1 per level
  they climb (闲家转庄家得两分，以上每升一级加一分); dealers keeping it gain 2 for one level, +1 per level
  beyond, at most 4 (庄家升一级得两分，以上每升一级加一分，最多闲家大光时得四分); every seat of the losing team
  loses as much, so the four seats sum to zero. Doubled when all four totals before the deal lie in
  80..300 (四个玩家积分都在80分以上，300分以下; the bounds count as inside, the example there uses 90), tripled
  when all four are above 300; otherwise plain. A 大光 (the attackers score 0) is worth ``match_shutout_points``
  (default 4, the ordinary rooms' 最多闲家大光时得四分) before the doubling or tripling: the QQ rooms' 大光 rooms
  configure it (大光积分配置为庄家＋6分，闲家－6分，则翻三倍结果为庄家＋18分，闲家－18分, a test).
- ``match_points="chinagame"`` (中国游戏中心's 升級游戲得分換算), a function of the match so far, per seat: the
  levels its team has passed (from the first level; a team that won the match has also passed the end
  level: 從2打過10 = 9), plus 2 per level its team leads the other by (negative when it trails:
  差距為兩級，再獲得獎分2*2=4分; 對方…扣2*2=4分), plus 1 per 10 deals played (每10回合算1分: the project reads a
  回合 as a deal — a trick count would give 2–3 points per deal), minus the seat's failed throws when
  ``throw_penalty="match_point"`` (the preset sets it). Its example (9 + 4 + 1 − 2 = 12, 7 − 4 = 3)
  is a test.
  Its rating tiers (``chinagame_tier``, ``CHINAGAME_TIERS``: 幼小班 from 0, 幼中班 50, 幼大班 200 … 院士 26450, and
  諾貝爾, which the page gives no figure: its thresholds' steps grow by 100 each time, 50, 150, 250 …, so 28,800;
  totals below 0 are 幼小班) decide its rule 如果勝方水平級別高于負方3級，則勝方不加分，但如果負方級別高于勝方3級，
  負方仍會計 (the page writes 膏腴 for the second 高于). The page scores a whole match, so the tiers are read from
  the totals the match starts from (``Match(points=...)``, ``simulate_matches(points=...)``), and the rule applies
  once a team has won: when each of the winners is 3 or more tiers above each of the losers (the page compares the
  sides, 勝方 and 負方, and gives tiers to players only; the project reads a side as 3 tiers above the other when
  all its players are), the winners gain nothing from the match — its levels, lead and deals add nothing, their
  own failed throws still cost (扣分, not 加分). The losers are scored as always, whatever their tiers (負方仍會計).
  While the match runs, and when it stops unfinished (``max_deals``), there is no 勝方 and the formula stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _core
from .._core import OPTIONS, MatchState, check_rules
from ..agents.deal import Deal
from ..base import _validate
from ..base._types import DealResult
from ..game.players import bots as resolve
from ..game.players import play
from ..game.rules import Rules


@dataclass(frozen=True)
class DealRecord:
    """One deal of a match (``Match.history``): ``index``, the deal's place in the match from 0 (it is dealt from
    stream (seed, index)); ``dealer``, the dealer's seat (after a first deal's declaring); ``level``, the rank played
    at; ``trump``, the trump suit (None: no trump); ``result``, the deal's :class:`DealResult`; ``levels_after``,
    the levels after the deal, per team (per seat under 找朋友); ``partner``, the dealer's partner (找朋友: the
    called partner, -1 alone)."""

    index: int
    dealer: int
    level: str
    trump: str | None
    result: DealResult
    levels_after: tuple[str, ...]  # per team, or per seat under 找朋友
    partner: int | None = None     # the dealer's partner (找朋友: the called partner, -1 alone)


def qq_deal_points(result: DealResult, totals: Sequence[int], shutout_points: int = 4) -> int:
    """Match points (the QQ rooms' 积分规则) each seat of the deal's winning team gains and each loser loses, given the
    four totals before the deal: 2 + levels for attackers taking the deal, 1 + levels (at most 4) for
    dealers keeping it, ``shutout_points`` (the rules' ``match_shutout_points``) when the attackers scored 0 (大光);
    x2 when all totals are 80..300, x3 when all exceed 300."""
    base = min(4, 1 + result.dealer_levels) if result.dealer_keeps else 2 + result.attacker_levels
    if result.dealer_keeps and result.attacker_points == 0:
        base = shutout_points
    if all(t > 300 for t in totals):
        return 3 * base
    if all(80 <= t <= 300 for t in totals):
        return 2 * base
    return base


def chinagame_points(passed: int, other_passed: int, deals: int, failed_throws: int) -> int:
    """中国游戏中心's match points (升級游戲得分換算) of one seat: levels its team passed, 2 per level of lead (or
    minus 2 per level behind), 1 per 10 deals played, minus its own failed throws."""
    return passed + 2 * (passed - other_passed) + deals // 10 - failed_throws


CHINAGAME_TIERS: tuple[tuple[str, int], ...] = tuple(_core.chinagame_tiers())
"""中国游戏中心's rating tiers, lowest first: (name, the total that reaches it); 諾貝爾's 28,800 is the project's,
from the steps' rule (the page gives no figure)."""


def chinagame_tier(points: int) -> str:
    """The rating tier (中国游戏中心's 級別) a player's total of ``points`` reaches: ``chinagame_tier(0) == "幼小班"``,
    ``chinagame_tier(800) == "一年級"``, ``chinagame_tier(28800) == "諾貝爾"``; totals below 0 are 幼小班."""
    return str(_core.chinagame_tier(_validate.integer(points, "points", -2**31, 2**31 - 1)))


def level_sequence(rules: Any) -> list[str]:
    """The levels a team climbs through (``first_level``): 2 -> A, 3 -> A, or A -> 2 -> ... -> K -> A (the
    native match rules' sequence)."""
    return MatchState(rules, None, 0, None, None).sequence


class Match:
    """``Match(rules, seed=0, policy="greedy", first_dealer=0, points=None, end_level=None, levels=None)``: see
    the module docstring. ``levels`` starts the match from given levels (per team, or per seat under 找朋友)
    with ``first_dealer`` dealing; the first deal then does not decide the dealer. The match rules live in the
    native core (csrc/include/sj_match.h): each deal, played here with the bots, is recorded there."""

    def __init__(self, rules: Any, seed: int = 0, policy: Any = "greedy", first_dealer: int = 0,
                 points: Sequence[int] | None = None, end_level: str | None = None,
                 levels: Sequence[str] | None = None):
        first_dealer = _validate.integer(first_dealer, "first_dealer", 0, 3, "a seat")
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a shengji.Rules (Rules(...) or Rules.preset(name)), "
                            f"not {type(rules).__name__}")
        check_rules({name: getattr(rules, name) for name in OPTIONS})  # as Deal and simulate re-validate
        self.rules = rules
        self.seed = _validate.u64(seed, "seed")
        self.bots = resolve(policy)
        self._per_seat = rules.partnership == "call_card"
        keeps = rules.match_points != "none" or rules.throw_penalty == "match_point"
        if points is not None and not keeps:
            raise ValueError("points= gives starting match points, but these rules keep none "
                             "(match_points='none' and no throw_penalty='match_point')")
        if points is not None:
            if isinstance(points, (str, bytes)) or len(points) != 4:
                raise ValueError(f"points must be four integers, one per seat; got {points!r}")
            points = [_validate.integer(p, f"points[{i}]", -2**31, 2**31 - 1) for i, p in enumerate(points)]
        if end_level is not None and end_level not in (after_first := level_sequence(rules)[1:]):
            raise ValueError(f"end_level must be a level of the match after its first, one of "
                             f"{', '.join(after_first)}; got {end_level!r}")
        if levels is not None and (isinstance(levels, str) or not isinstance(levels, Sequence)):
            raise TypeError(f"levels must be a sequence of ranks, one per team (or per seat under 找朋友), "
                            f"got {levels!r}")
        self._state = MatchState(rules, end_level, first_dealer, levels, points)
        self.sequence = self._state.sequence
        self.must_play = self._state.must_play
        self._keeps_points = keeps
        self.history: list[DealRecord] = []

    @property
    def dealer(self) -> int:
        """The seat that deals next."""
        return self._state.dealer

    @property
    def winner(self) -> int | None:
        """The team (under 找朋友 the seat) that won the match, None while it runs."""
        return self._state.winner

    @property
    def points(self) -> tuple[int, int, int, int] | None:
        """Match points (积分) per seat (see the module docstring); None when the rules keep none."""
        return self._state.points if self._keeps_points else None

    @property
    def levels(self) -> tuple[str, ...]:
        """Current level of team 0 (seats 0+2) and team 1 (seats 1+3); under 找朋友 of each seat."""
        return tuple(self.sequence[step] for step in self._state.steps)

    def climb(self, step: int, n: int) -> int:
        """Where a team (or a player) at position ``step`` of ``sequence`` ends after climbing ``n`` levels: it
        stops on a must-play level and at the end of the sequence (the native match rules)."""
        return self._state.climb(step, n)

    def play_deal(self) -> DealRecord:
        """Play one whole deal with the bots and update levels and dealer."""
        if self.winner is not None:
            raise ValueError(f"the match is over: {'seat' if self._per_seat else 'team'} {self.winner} won")
        index = len(self.history)
        level = self._state.level
        dealer = self.dealer
        trump: Any = "declare"
        if not self.rules.has_declaring_phase:  # the dealer's bot names the trump
            probe = Deal(self.rules, seed=self.seed, stream=index, dealer=dealer, level=level, trump=None)
            trump = self.bots[dealer].trump(probe)
        deal = Deal(self.rules, seed=self.seed, stream=index, dealer=dealer, level=level, trump=trump,
                    first_deal=self._state.first_deal)
        play(deal, self.bots)  # every phase through the one protocol
        self._state.record(deal)
        partner = deal.partner if self._per_seat else (deal.dealer + 2) % 4
        assert partner is not None
        record = DealRecord(index, deal.dealer, level, deal.trump, deal.result(), self.levels, partner)
        self.history.append(record)
        return record

    def play_all(self, max_deals: int | None = None) -> int | None:
        """Play deals until a team wins (or ``max_deals`` more deals); returns the winner or None."""
        if max_deals is not None:
            max_deals = _validate.integer(max_deals, "max_deals", 0, 2**62, "a count of deals", True)
        played = 0
        while self.winner is None and (max_deals is None or played < max_deals):
            self.play_deal()
            played += 1
        return self.winner
