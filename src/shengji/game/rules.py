"""Rules: every dimension in which the Shengji rule systems differ, and the eight presets.

The options, their values, defaults and what is implemented are one table in the C core
(``csrc/include/sj_options.def``, listed in docs/OPTIONS.md and as ``shengji.OPTIONS``). ``Rules`` holds one
field per option, in the table's order, with the table's default; construction hands every value to the
core, which checks it (``_core.check_rules``): a value nothing implements yet is refused, naming the
option and value, and so is a combination the rules cannot take. A value that would work in some phases
only would be accepted, and reaching the missing phase would raise ``NotImplementedError``
(``Rules.missing(phase)`` says what is missing; every implemented value today plays every phase).
docs/RULES.md states the rule systems, their sources and the sections the options belong to; docs/MODEL.md
gives the exact meaning of every option.

Choices made where the sources are silent or disagree (each an option, the default first; docs/RULES.md §6-§7):

- ``follow_ladder``: the sources give two orders of "as close as the hand allows". ``"qq"`` (the QQ rooms'
  rules and the QQ guide, QQ 拖拉机/泰坦尼克): tractors before tuples, a Titanic lead asks Titanic > pair tractor + any
  two > two triples > triple + pair > triple > two pairs > pair. ``"4deck"`` (the 4-deck forum post):
  width first, quad > triple > pair tractor > pair, with a card budget (a Titanic may be answered by a
  three-pair tractor).
- ``kitty``: the sources' sizes (6 for 1 and 3 decks, 8 for 2 and 4, 4 for 泰安); any size that leaves
  four equal hands is accepted.
- ``no_bid``: nobody declared. The QQ rooms play no trump (``"notrump"``, the default); the QQ guide turns up
  the kitty's third card, skipping jokers (``"kitty_card"``); 边锋 turns up the third card and
  plays no trump when it is a joker (``"kitty_card_notrump"``).
- ``no_bid="kitty_turnup"`` (the 4-deck post): nobody declared, the kitty is turned up for all: the suit of
  its first level card, else of its first card, a joker meaning no trump; such a trump cannot be grabbed.
- ``first_deal_no_bid``: when nobody declares in the first deal, ``"same"`` (the default) applies ``no_bid``;
  泰安 and one line of the 4-deck post redeal (若是第一局无人亮主则重新发牌, ``"redeal"``); the post's fuller
  paragraph turns the kitty up and lets its first card pick the dealer (若是第一局，用底牌的第一张牌来确认庄家，
  第一张牌的点数除4的余数为庄家, ``"kitty_dealer"``, the ``4deck`` preset's): the card's number 0..53 (suits
  ♠ ♥ ♣ ♦ 13 apart, A 2 … K within a suit, SJ 52, BJ 53) mod 4 is the table, and the tables, numbered
  clockwise against the post's counter-clockwise play, are seats 0, 3, 2, 1 (docs/RULES.md §6.2).
- ``declaration="4deck"``: the post gives a grade ladder (抄底牌条件: single level card < ♦ < ♣ < ♥ < ♠
  pair < SJ pair < BJ pair < four jokers) and, for the first deal, 比对方叫牌多1张牌 (one card more than
  the other side's). The project reads the latter as the ladder's first step (a pair over a single) and
  uses the ladder everywhere; a joker pair only overturns (亮无主只能是四张王才能亮); nobody overturns
  himself (不能自反).
- ``kitty_grab`` (炒底, the 4-deck post's §六): after each burial the others are asked in play order and may
  take up the kitty with a higher declaration; in the first deal the grabber also takes the deal (反庄).
- ``first_deal_dealer``: who deals the first deal. The QQ rooms and the QQ guide (先亮者为庄家) and 边锋
  (由先亮主的玩家当庄) name the first declarer (``"first_declarer"``, the default); 泰安 (最终亮主的玩家) and the
  4-deck post (the overturner deals) name the final one (``"final_declarer"``).
- ``wider_shapes`` (the 4-deck post, 四、牌的大小顺序): against a lead of one unit (a two-pair tractor, a
  three-pair tractor, a Titanic …) a play of one unit with as many cards and wider tuples contends and beats
  every narrower play: 四条＞王连对 (a quad beats any two-pair tractor, the joker tractor included),
  三条连拖＞三连拖 (666777 > QQKKAA), 四条连拖＞8连拖, 四条的三连拖＞三条的四连拖. Leads of several units
  (throws) are compared as usual.
- ``trump_order="level_index"`` (the 4-deck post's 级别指数): each suit's constant cards and level card
  form a block (2233 of one suit is a tractor at level 3), blocks ranked ♦ < ♣ < ♥ < ♠ with the trump
  suit's block on top: 大小王＞方块2233＞黑桃2233＞红桃2233＞梅花2233＞方块aakk (level 3, trump ♦). The suit
  order then ranks single level cards too (the post is silent there; ``"qq"`` keeps them equal). The
  post's ace-low AA2233 cannot occur with 2 a constant trump in a plain suit and is not modelled in trump.
- ``tractor_rule="natural"`` (泰安's rules: 连对：两对以上花色相同、牌点相连的牌…
  主牌可以和副牌相连，作为副牌使用，如黑桃55、66; 连对按牌点比较大小 AAKK>…>3322, 443322): pairs chain by
  printed suit and rank, not by position, and rank by the printed rank of the top pair (the four jokers
  on top, a trump-suit chain above an off-suit one of the same ranks). A constant or level trump chained
  to plain cards of its own suit is played as that suit, inside that tractor only. The text is silent on
  following such a lead: a follower's duty counts its plain cards only (never obliged to borrow) and it
  may borrow as the leader did. The level card joins like the constant ranks (级牌 is also 主牌), so 7788
  at level 8 is a tractor and 7799 is not.
- ``kitty_multiplier_reads``: which cards of the last trick the kitty multiplier reads. Every source reads
  the cards the attackers captured with (``"winner"``, the default): the QQ pairs rule's 抓分方的牌中包含一对牌,
  边锋's 根据最大一方牌情, 中国游戏中心's 抓分方的牌, the QQ rooms' 闲家用 444555 抠底 and the 4-deck post's
  与首家的牌同花色并最大的玩家扣底; ``"lead"`` reads the last trick's lead whoever won it. So an attacker who trumps
  a lead of ♠A ♠K with ♥9♥9 captures at ×4 under ``kitty_multiplier="pairs"`` (×2 from the lead).
- ``declaration="4deck"`` and 自保: the post builds on the QQ rules (亮主 … 其他和升级一样), which let a declarer
  reinforce; the standing declarer may raise its own declaration while dealing, to the same trump only
  (不能自反), and never grabs the kitty (不能亮主的人自己反主炒底).
- ``level_table="attackers_early"`` is the second table of 边锋's rules (in the shorter text appended to them:
  80-119 already gives the attackers a level); the 边锋 presets keep the first (standard) table, 边锋's main text.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import _core
from ..base import _validate
from ..base._types import LevelOutcome

RANKS = _core.RANKS
OPTIONS = _core.OPTIONS


def _default(name: str) -> Any:
    return OPTIONS[name].default


@dataclass(frozen=True)
class Rules:
    """An immutable, picklable rule set. Every keyword is validated at construction.

    See ``Rules.presets()`` for the named systems of docs/RULES.md §1 and docs/MODEL.md for the exact
    meaning of each option.
    """

    decks: int = _default("decks")
    kitty: int | None = _default("kitty")
    first_level: str = _default("first_level")
    constant_ranks: tuple[str, ...] = _default("constant_ranks")
    trump_order: str = _default("trump_order")
    tractor_rule: str = _default("tractor_rule")
    follow_protection: str = _default("follow_protection")
    follow_ladder: str = _default("follow_ladder")
    taian_trump_follow: bool = _default("taian_trump_follow")
    throw_penalty: str = _default("throw_penalty")
    failed_throw: str = _default("failed_throw")
    trick_compare: str = _default("trick_compare")
    wider_shapes: bool = _default("wider_shapes")
    kitty_multiplier: str = _default("kitty_multiplier")
    kitty_multiplier_reads: str = _default("kitty_multiplier_reads")
    level_table: str = _default("level_table")
    next_dealer: str = _default("next_dealer")
    declaration: str = _default("declaration")
    partner_reinforce: str = _default("partner_reinforce")
    no_bid: str = _default("no_bid")
    first_deal_no_bid: str = _default("first_deal_no_bid")
    kitty_rule: str = _default("kitty_rule")
    kitty_grab: bool = _default("kitty_grab")
    partnership: str = _default("partnership")
    first_deal_dealer: str = _default("first_deal_dealer")
    match_points: str = _default("match_points")
    match_shutout_points: int = _default("match_shutout_points")

    PRESETS: ClassVar[dict[str, dict[str, Any]]]
    PRESET_DOCS: ClassVar[dict[str, str]]

    def __post_init__(self) -> None:
        values = _core.check_rules({name: getattr(self, name) for name in OPTIONS})
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def has_declaring_phase(self) -> bool:
        """False when the caller gives the trump (``declaration="none"``); True when the trump is declared
        while dealing (whether or not that phase is implemented yet: see ``missing("declare")``)."""
        return bool(_core.has_declaring_phase(self))

    def missing(self, phase: str) -> str | None:
        """What these rules need that is not implemented yet in ``phase`` (``"declare"``: the declaring
        phase; ``"match_points"``: match points), naming the option and value; None when nothing is missing.
        Reaching such a phase raises NotImplementedError with this sentence."""
        return _core.missing(self, phase)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        assert self.kitty is not None
        return (54 * self.decks - self.kitty) // 4

    @property
    def levels_played(self) -> tuple[str, ...]:
        """The level ranks deals are played at, lowest first: every rank, but 2 under ``first_level="3"`` (a
        constant trump there); a Deal, a Trump or a run at another level is refused (computed by the C core)."""
        return tuple(_core.levels_played(self))

    @property
    def total_points(self) -> int:
        """Points in the whole pack: 100 per deck."""
        return 100 * self.decks

    def replace(self, **changes: Any) -> Rules:
        """A modified copy (validated): ``changes`` are options by name (``rules.replace(decks=3, kitty=6)``); an
        unknown name is a TypeError. Changing ``decks`` alone also moves a default kitty along."""
        unknown = set(changes) - set(OPTIONS)
        if unknown:
            raise TypeError(f"unknown rules option(s): {', '.join(sorted(unknown))}")
        if "decks" in changes and "kitty" not in changes and self.kitty == _core.default_kitty(self.decks):
            changes["kitty"] = None
        return dataclasses.replace(self, **changes)

    def level_outcome(self, attacker_points: int) -> LevelOutcome:
        """Levels won for ``attacker_points``, the attackers' final points (a multiple of 5, at least 0), under
        these rules' level table (docs/RULES.md §5.1), computed by the C core."""
        points = _validate.integer(attacker_points, "attacker_points", -2**31, 2**31 - 1)
        return _core.level_outcome(self, points)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """Names of the preset rule systems (docs/RULES.md §1.2)."""
        return tuple(cls.PRESETS)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named rule system; ValueError lists the valid names."""
        try:
            options = cls.PRESETS[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown preset {name!r}; valid presets: {', '.join(cls.PRESETS)}") from None
        return cls(**options)


if tuple(f.name for f in dataclasses.fields(Rules)) != tuple(OPTIONS):  # the table is the one list
    raise ImportError("shengji.Rules' fields do not match the core's option table (csrc/include/sj_options.def): "
                      f"{[f.name for f in dataclasses.fields(Rules)]} != {list(OPTIONS)}")

Rules.PRESETS = {
    "qq-1deck": dict(decks=1, kitty=6, partner_reinforce="never"),
    "qq-2deck": dict(),
    "qq-3deck": dict(decks=3, kitty=6, declaration="qq3", partner_reinforce="never"),
    "4deck": dict(
        decks=4, kitty=8, constant_ranks=("2",), follow_ladder="4deck", failed_throw="smallest_shape",
        throw_penalty="match_point", kitty_multiplier="copies", declaration="4deck", no_bid="kitty_turnup",
        wider_shapes=True, trump_order="level_index",
        first_deal_no_bid="kitty_dealer", kitty_grab=True, first_deal_dealer="final_declarer", first_level="3",
        partner_reinforce="never",
    ),
    "taian": dict(
        decks=2, kitty=4, first_level="A", constant_ranks=("2", "3", "5"), taian_trump_follow=True,
        declaration="taian", no_bid="dealer_loses", next_dealer="same", first_deal_dealer="final_declarer",
        first_deal_no_bid="redeal", kitty_rule="taian", tractor_rule="natural", partner_reinforce="never",
    ),
    "bianfeng": dict(decks=2, kitty=8, kitty_multiplier="bianfeng", no_bid="kitty_card_notrump"),
    "bianfeng-friend": dict(decks=2, kitty=8, kitty_multiplier="bianfeng", no_bid="kitty_card_notrump",
                            partnership="call_card", partner_reinforce="never"),
    "chinagame": dict(decks=2, kitty=8, kitty_multiplier="chinagame", throw_penalty="match_point",
                      match_points="chinagame", partner_reinforce="never"),
}

Rules.PRESET_DOCS = {
    "qq-1deck": "The QQ rooms' rules, the QQ guide and 中国游戏中心's rules: QQ 升级 with one deck (40分/打百分): "
    "12 cards each, 6-card kitty, 100 points, 20-point bands; no declaration means no trump (the QQ rooms).",
    "qq-2deck": "The QQ rooms' rules and the QQ guide: QQ 拖拉机 (80分), the default: 25 cards each, 8-card kitty, "
    "200 points, 40-point bands, kitty multiplier 2^(cards of the largest unit).",
    "qq-3deck": "The QQ rooms' rules, the QQ guide and 中国游戏中心's rules: 3 decks (泰坦尼克): 39 cards each, "
    "6-card kitty, 300 points, 60-point bands, triples and Titanics, the 3-deck declaration ladder.",
    "4deck": "The 4-deck forum post: 4 decks, 52 cards each, 8-card kitty, 400 points; jokers and 2s always "
    "trump; the 4-deck follow lists; a failed throw plays the smallest shape and costs a match point; "
    "kitty x2/x4/x8/x16 by copies; the pair-suit declaration ladder; levels from 3 (2 being a fixed trump), 3 "
    "must be played; the last overturner deals the first deal, and when nobody declares in it the turned-up "
    "kitty's first card picks the dealer.",
    "taian": "泰安's rules: 泰安升级 (泰安刮风): 2 decks, 26 cards each, 4-card kitty, constant trumps 2/3/5, "
    "levels from A, a joker plus a run of pairs declares face down (冲主 with more pairs, 续牌 to extend); trump "
    "pair leads answered by the highest trumps; no declaration loses the deal (闷牌), a first deal is dealt "
    "again; the dealer team's non-declarer buries, no points or constant trumps, face up, then 换底; the burier "
    "leads; the dealer keeps dealing while the dealer team wins; tractors by printed suit and rank (AAKK > ... > "
    "3322, 443322), constant and level trumps joining their own suit's tractors as that suit (黑桃55、66).",
    "bianfeng": "边锋's rules: 2 decks with fixed partners (rooms marked 定); kitty multiplier by Titanic/triple/"
    "tractor/pair; nobody declaring, the kitty's third card names the trump, a joker there no trump; the "
    "first declarer deals the first deal.",
    "bianfeng-friend": "边锋's rules: 找朋友 (rooms marked 寻): after burying, the dealer calls a card (phase 'call'); "
    "the first seat after the dealer holding a copy is the partner, revealed when it plays it, or the dealer plays "
    "alone against three; levels per player in a Match.",
    "chinagame": "中国游戏中心's rules: 升级 with a kitty of 2 per single, 4 per pair, 6 per triple; match points "
    "(积分) from levels passed, the lead over the other team and deals played; a failed throw costs the thrower a "
    "match point; Match(end_level=...) ends the match at a chosen level (its example: 10).",
}


Rules.__doc__ = (Rules.__doc__ or "") + "\n    The options (keywords), from the core's option table:\n\n" + "\n".join(
    f"    - ``{o.name}`` (default ``{o.default!r}``): {o.doc}" for o in OPTIONS.values()) + "\n"


def preset_of(rules: Rules, preset: str | None = None) -> tuple[str, dict[str, Any]]:
    """The preset ``rules`` are read against and the options that differ from it (as text: rank sets
    comma-separated): ``preset`` when given, else the preset with the fewest differences (the first of
    ``Rules.presets()`` on a tie). A run's summary names its rules so: a preset, and only what changed."""
    names = (preset,) if preset is not None else Rules.presets()
    best: tuple[str, dict[str, Any]] | None = None
    for name in names:
        base = Rules.preset(name)
        diff = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)
                if getattr(base, f.name) != getattr(rules, f.name)}
        if best is None or len(diff) < len(best[1]):
            best = (name, diff)
    assert best is not None
    return best[0], {k: ",".join(v) if isinstance(v, tuple) else v for k, v in best[1].items()}


def rules_text(preset: str | None, changed: dict[str, Any] | None, most: int = 4) -> str:
    """The rules in a summary's words: the preset, then at most ``most`` changed options (``k=v``) and how many
    more ("qq-2deck with kitty=6, wider_shapes=True")."""
    text = preset or "rules not recorded"
    items = [f"{k}={v}" for k, v in (changed or {}).items()]
    if items:
        more = f" and {len(items) - most} more options" if len(items) > most else ""
        text += " with " + ", ".join(items[:most]) + more
    return text


def options_markdown() -> str:
    """docs/OPTIONS.md: the option table of the core as Markdown (``shengji options > docs/OPTIONS.md``; a
    test checks that the file is current)."""
    lines = ["# Rule options", "",
             "Generated from the core's option table (`csrc/include/sj_options.def`) by `shengji options >",
             "docs/OPTIONS.md`; `tests/core/test_options.py` checks that it is current. Status: *ready* (implemented",
             "everywhere), *missing: phase* (works, but reaching that phase raises `NotImplementedError`), *not",
             "implemented* (`Rules` refuses the value). The rules and their sources: docs/RULES.md (the section of",
             "each option in the first table); exact meanings: docs/MODEL.md.", "",
             "| option | values (default first) | docs/RULES.md |", "|---|---|---|"]
    for opt in OPTIONS.values():
        if opt.values:
            values = [v.value for v in opt.values]
            values.sort(key=lambda v: v != opt.default)
            shown = ", ".join(f"`{v!r}`" for v in values)
        elif opt.kind == "ranks":
            shown = "a set of ranks, e.g. `()`, `('2',)`, `('2', '3', '5')` (default `()`)"
        elif opt.name == "kitty":
            shown = f"{opt.min}..{opt.max} (default: by decks)"
        else:
            shown = f"{opt.min}..{opt.max} (default `{opt.default!r}`)"
        lines.append(f"| `{opt.name}` | {shown} | {opt.section} |")
    for opt in OPTIONS.values():
        lines += ["", f"## `{opt.name}`", "", opt.doc]
        if opt.values and opt.kind == "enum":
            lines += ["", "| value | status | meaning |", "|---|---|---|"]
            for v in opt.values:
                default = " (default)" if v.value == opt.default else ""
                lines.append(f"| `{v.value!r}`{default} | {v.status} | {v.doc} |")
    return "\n".join(lines) + "\n"

