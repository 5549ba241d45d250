"""Rules: every dimension in which the Shengji rule systems differ, and the eight presets.

Each option is one field; the C core reads it where the rule lives (docs/MODEL.md gives the exact
meaning). Options whose behaviour belongs to the deal engine (declaration, no_bid, next_dealer,
partnership, first_level, throw_penalty) are stored and validated here already.

Choices made where the seeds are silent or disagree (each an option, the default first):

- ``follow_ladder``: the seeds give two orders of "as close as the hand allows". ``"qq"`` (seeds 000
  and 001, QQ 拖拉机/泰坦尼克): tractors before tuples, a Titanic lead asks Titanic > pair tractor + any
  two > two triples > triple + pair > triple > two pairs > pair. ``"4deck"`` (the 4-deck forum post):
  width first, quad > triple > pair tractor > pair, with a card budget (a Titanic may be answered by a
  three-pair tractor).
- ``kitty``: the seeds' sizes (6 for 1 and 3 decks, 8 for 2 and 4, 4 for 泰安); any size that leaves
  four equal hands is accepted.
- The 4-deck seed's ace-low tractors (AA2233) cannot occur in its own system, where 2s are constant
  trump: a plain suit holds no 2, and in trump the 2s sit above the ace. They are not modelled.
- The 4-deck seed's "quad beats a joker tractor" (四条＞王连对) between different shapes is not
  modelled: a trick is contested only by plays of the lead's shapes (RULES.md §3).
- ``level_table="attackers_early"`` is the second table in seed 004 (80-119 already gives the
  attackers a level); the 边锋 presets keep the first (standard) table that seed 004 gives for 边锋.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from . import _core
from ._types import LevelOutcome

RANKS = _core.RANKS

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_level": ("2", "A"),
    "follow_protection": ("none", "longer_tuples"),
    "follow_ladder": ("qq", "4deck"),
    "throw_penalty": ("none", "ten_per_card", "match_point"),
    "failed_throw": ("lowest", "smallest_shape"),
    "trick_compare": ("largest_unit", "all_units", "highest_card"),
    "kitty_multiplier": ("power", "pairs", "bianfeng", "chinagame", "copies"),
    "level_table": ("standard", "attackers_early"),
    "next_dealer": ("partner", "same"),
    "declaration": ("qq", "qq3", "4deck", "taian", "none"),
    "no_bid": ("notrump", "kitty_card", "redeal", "dealer_loses"),
    "partnership": ("fixed", "call_card"),
}

DEFAULT_KITTY = {1: 6, 2: 8, 3: 6, 4: 8}


def _normalize_ranks(ranks: Any) -> tuple[str, ...]:
    if isinstance(ranks, str):
        ranks = (ranks,)
    try:
        items = list(ranks)
    except TypeError:
        raise TypeError(f"constant_ranks must be a tuple of rank tokens, not {type(ranks).__name__}") from None
    idx = []
    for r in items:
        i = _core.rank_index(r)
        if i in idx:
            raise ValueError(f"constant_ranks lists rank {RANKS[i]} twice")
        idx.append(i)
    return tuple(RANKS[i] for i in sorted(idx))


@dataclass(frozen=True)
class Rules:
    """An immutable, picklable rule set. Every keyword is validated at construction.

    See ``Rules.presets()`` for the named systems of RULES.md §1 and docs/MODEL.md for the exact
    meaning of each option.
    """

    decks: int = 2
    kitty: int | None = None
    first_level: str = "2"
    constant_ranks: tuple[str, ...] = ()
    follow_protection: str = "none"
    follow_ladder: str = "qq"
    taian_trump_follow: bool = False
    throw_penalty: str = "none"
    failed_throw: str = "lowest"
    trick_compare: str = "largest_unit"
    kitty_multiplier: str = "power"
    level_table: str = "standard"
    next_dealer: str = "partner"
    declaration: str = "qq"
    no_bid: str = "notrump"
    partnership: str = "fixed"

    PRESETS: ClassVar[dict[str, dict[str, Any]]]
    PRESET_DOCS: ClassVar[dict[str, str]]

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or isinstance(self.decks, bool):
            raise TypeError(f"decks must be an int, not {type(self.decks).__name__}")
        if self.decks not in (1, 2, 3, 4):
            raise ValueError(f"decks must be 1, 2, 3 or 4, got {self.decks}")
        kitty = DEFAULT_KITTY[self.decks] if self.kitty is None else self.kitty
        if not isinstance(kitty, int) or isinstance(kitty, bool):
            raise TypeError(f"kitty must be an int, not {type(kitty).__name__}")
        total = 54 * self.decks
        if kitty < 0 or kitty >= total:
            raise ValueError(f"kitty must be between 0 and {total - 1} cards, got {kitty}")
        if (total - kitty) % 4:
            raise ValueError(
                f"a kitty of {kitty} cards leaves {total - kitty} of the {total} cards of {self.decks} deck(s), "
                "which do not split into four equal hands"
            )
        object.__setattr__(self, "kitty", kitty)
        for name, values in _CHOICES.items():
            v = getattr(self, name)
            if v not in values:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, values))}; got {v!r}")
        if not isinstance(self.taian_trump_follow, bool):
            raise TypeError(f"taian_trump_follow must be a bool, not {type(self.taian_trump_follow).__name__}")
        ranks = _normalize_ranks(self.constant_ranks)
        if len(ranks) > 11:
            raise ValueError("constant_ranks must leave at least one plain rank besides the level")
        object.__setattr__(self, "constant_ranks", ranks)
        if self.declaration == "qq3" and self.decks != 3:
            raise ValueError(f"declaration='qq3' is the 3-deck ladder; it needs decks=3, not {self.decks}")
        if self.declaration == "4deck" and self.decks != 4:
            raise ValueError(f"declaration='4deck' is the 4-deck ladder; it needs decks=4, not {self.decks}")
        if self.declaration == "taian" and self.decks < 2:
            raise ValueError("declaration='taian' (a joker plus a pair) needs at least 2 decks")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        assert self.kitty is not None
        return (54 * self.decks - self.kitty) // 4

    @property
    def total_points(self) -> int:
        """Points in the whole pack: 100 per deck."""
        return 100 * self.decks

    def replace(self, **changes: Any) -> Rules:
        """A modified copy (validated). Changing ``decks`` alone also moves a default kitty along."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise TypeError(f"unknown rules option(s): {', '.join(sorted(unknown))}")
        if "decks" in changes and "kitty" not in changes and self.kitty == DEFAULT_KITTY[self.decks]:
            changes["kitty"] = None
        return dataclasses.replace(self, **changes)

    def level_outcome(self, attacker_points: int) -> LevelOutcome:
        """Levels won for the attackers' points (RULES.md §5), computed by the C core."""
        if not isinstance(attacker_points, int) or isinstance(attacker_points, bool):
            raise TypeError(f"attacker_points must be an int, not {type(attacker_points).__name__}")
        return _core.level_outcome(self, attacker_points)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """Names of the preset rule systems (RULES.md §1)."""
        return tuple(cls.PRESETS)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named rule system; ValueError lists the valid names."""
        try:
            options = cls.PRESETS[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown preset {name!r}; valid presets: {', '.join(cls.PRESETS)}") from None
        return cls(**options)


Rules.PRESETS = {
    "qq-1deck": dict(decks=1, kitty=6),
    "qq-2deck": dict(),
    "qq-3deck": dict(decks=3, kitty=6, declaration="qq3"),
    "4deck": dict(
        decks=4, kitty=8, constant_ranks=("2",), follow_ladder="4deck", failed_throw="smallest_shape",
        throw_penalty="match_point", kitty_multiplier="copies", declaration="4deck", no_bid="redeal",
    ),
    "taian": dict(
        decks=2, kitty=4, first_level="A", constant_ranks=("2", "3", "5"), taian_trump_follow=True,
        declaration="taian", no_bid="dealer_loses", next_dealer="same",
    ),
    "bianfeng": dict(decks=2, kitty=8, kitty_multiplier="bianfeng"),
    "bianfeng-friend": dict(decks=2, kitty=8, kitty_multiplier="bianfeng", partnership="call_card"),
    "chinagame": dict(decks=2, kitty=8, kitty_multiplier="chinagame", throw_penalty="match_point"),
}

Rules.PRESET_DOCS = {
    "qq-1deck": "Seeds 000/001/002: QQ 升级 with one deck (40分/打百分): 12 cards each, 6-card kitty, "
    "100 points, 20-point bands; no declaration means no trump (seed 000).",
    "qq-2deck": "Seeds 000/001: QQ 拖拉机 (80分), the default: 25 cards each, 8-card kitty, 200 points, "
    "40-point bands, kitty multiplier 2^(cards of the largest unit).",
    "qq-3deck": "Seeds 000/001/002: 3 decks (泰坦尼克): 39 cards each, 6-card kitty, 300 points, 60-point "
    "bands, triples and Titanics, the 3-deck declaration ladder.",
    "4deck": "Seed 000's forum post: 4 decks, 52 cards each, 8-card kitty, 400 points; jokers and 2s always "
    "trump; the 4-deck follow lists; a failed throw plays the smallest shape and costs a match point; "
    "kitty x2/x4/x8/x16 by copies; the pair-suit declaration ladder; no bid in the first deal redeals.",
    "taian": "Seed 003: 泰安升级 (泰安刮风): 2 decks, 26 cards each, 4-card kitty, constant trumps 2/3/5, "
    "levels from A, a joker plus a pair declares; trump pair leads answered by the highest trumps; "
    "no declaration loses the deal; the dealer keeps dealing while the dealer team wins.",
    "bianfeng": "Seed 004: 边锋 2 decks with fixed partners (定); kitty multiplier by Titanic/triple/"
    "tractor/pair.",
    "bianfeng-friend": "Seed 004: 边锋 找朋友 (寻): the dealer calls a card after taking the kitty; its holder "
    "is the partner, or the dealer plays alone against three.",
    "chinagame": "Seed 002: 中国游戏中心 升级: kitty 2 per single, 4 per pair, 6 per triple; a failed throw "
    "costs a match point (积分).",
}
