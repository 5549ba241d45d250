"""Plain result types returned by the native core (no native code here)."""

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .._core import Cards


class Unit(NamedTuple):
    """One unit of a play's decomposition (docs/MODEL.md §3).

    ``kind`` is ``"single" "pair" "triple" "quad"`` or ``"tractor"`` (a Titanic is a tractor of
    width 3); ``width`` is the copies per position, ``length`` the number of adjacent positions.
    """

    kind: str
    width: int
    length: int
    cards: "Cards"


class ThrowResult(NamedTuple):
    """Outcome of a throw check: ``ok`` when it stands; ``played`` is what is actually played."""

    ok: bool
    played: "Cards"


class IllegalMove(ValueError):
    """A move that the rules do not allow (or made out of turn or phase); the message gives the reason."""


class Played(NamedTuple):
    """What ``Deal.play`` did: ``cards``, the cards actually played; ``attempted``, the cards given; and
    ``failed_throw``, True when the play was a throw that failed (``cards`` is then the forced unit, the rest stays
    in the hand)."""

    cards: "Cards"
    attempted: "Cards"
    failed_throw: bool


class Move(NamedTuple):
    """A move of ``Deal.moves``: its kind (the phase it was made in: "declare", "bury", "grab", "swap", "call" or
    "play"), the cards given (a Declaration where it carries a choice of trump; empty for a pass), and the seat
    that made it."""

    kind: str
    cards: "Cards"
    seat: int


class Forced(NamedTuple):
    """A play of ``Deal.moves`` replayed into a world rebuilt from an observation (kind "force"): the cards played,
    the cards attempted when it was a failed throw (else None), and the seat that played."""

    kind: str
    cards: "Cards"
    attempted: "Cards | None"
    seat: int


class Shown(NamedTuple):
    """A declaration (``Deal.declarations``) or a grab of the kitty (``Deal.grabs``): the seat and the cards shown
    (a Declaration where it carries a choice of trump)."""

    seat: int
    cards: "Cards"


class Burial(NamedTuple):
    """A burial (``Deal.burials``): the seat and the cards buried (None for an earlier burial a sampled world's
    observer did not see)."""

    seat: int
    cards: "Cards | None"


class Trick(NamedTuple):
    """A finished trick (``Deal.tricks``): its leader, the plays in order from the leader, and its winner."""

    leader: int
    plays: "list[Cards]"
    winner: int


class FailedThrow(NamedTuple):
    """A failed throw (``Deal.failed_throw_log``): the trick's index, the seat, the cards attempted and the cards
    played (the forced unit)."""

    trick: int
    seat: int
    attempted: "Cards"
    played: "Cards"


class DealResult(NamedTuple):
    """The score of a finished deal (``Deal.result()``). Field names are those of :class:`shengji.SimResult`'s
    arrays:

    - ``attacker_points``: the attackers' final points (captured, throw penalties and the captured kitty
      multiplied; at least 0);
    - ``defender_points``: the points the dealer's team captured in tricks;
    - ``kitty_points``: the points in the kitty (the last burial), captured or not;
    - ``kitty_multiplier``: the multiplier of the capturing cards (docs/MODEL.md §7); 0 when the kitty was not
      captured;
    - ``kitty_captured``: True when an attacker won the last trick;
    - ``dealer_keeps``: True when the dealer's team keeps the deal;
    - ``dealer_levels``: the levels the dealer's team climbs (0 unless it keeps the deal);
    - ``attacker_levels``: the levels the attackers climb on taking the deal (0 when they merely take it);
    - ``failed_throws``: the failed throws of each seat;
    - ``lost_deal``: True for a deal lost unplayed (泰安 闷牌: nobody declared under
      ``no_bid="dealer_loses"``; every other field then 0 or False).

    ``outcome`` is the level part as a :class:`LevelOutcome`."""

    attacker_points: int
    defender_points: int
    kitty_points: int
    kitty_multiplier: int
    kitty_captured: bool
    dealer_keeps: bool
    dealer_levels: int
    attacker_levels: int
    failed_throws: tuple[int, int, int, int]
    lost_deal: bool = False  # 泰安 闷牌: nobody declared, the deal ended unplayed (no_bid="dealer_loses")

    @property
    def outcome(self) -> "LevelOutcome":
        """The levels won: ``LevelOutcome(dealer_keeps, dealer_levels, attacker_levels)``."""
        return LevelOutcome(self.dealer_keeps, self.dealer_levels, self.attacker_levels)


class LevelOutcome(NamedTuple):
    """Levels won by a deal (``Rules.level_outcome``, ``DealResult.outcome``; docs/RULES.md §5.1): the dealer team
    keeps the deal and climbs, or the attackers take over. ``dealer_keeps``: True when the dealer's team keeps the
    deal; ``dealer_levels``: the levels it then climbs; ``attacker_levels``: the levels the attackers climb on
    taking the deal (0: they take it without climbing)."""

    dealer_keeps: bool
    dealer_levels: int
    attacker_levels: int


class OptionValue(NamedTuple):
    """One value of a rule option: the Python value, its status (``"ready"``; ``"missing: declare"`` and
    the like when a phase is not implemented yet; ``"not implemented"`` when ``Rules`` refuses it) and
    what it means (``doc``)."""

    value: Any
    status: str
    doc: str


class Option(NamedTuple):
    """One rule option of the core's table (csrc/include/sj_options.def): ``number`` is its place in the
    table; ``name`` is its name (a field of ``Rules`` and a keyword of ``Rules(...)``); ``kind`` is ``"enum"``,
    ``"bool"``, ``"int"`` (``min``..``max``) or ``"ranks"``; ``default`` is its value in ``Rules()``; ``values``
    lists the values of enumerated and boolean options (:class:`OptionValue`); ``section`` is the section of
    docs/RULES.md (``"§3.3"``); ``doc`` says what it sets."""

    name: str
    number: int
    kind: str
    default: Any
    values: tuple[OptionValue, ...]
    min: int
    max: int
    section: str
    doc: str


# These types are shengji's own: ``shengji.IllegalMove``, ``shengji.DealResult`` ... is the name a traceback shows
# and a pickle stores, whichever folder defines them (shengji/_layers.py). Their annotations name ``Cards`` as a
# string, resolved there (``typing.get_type_hints``, the API reference), and so does each tuple's constructor.
for _type in (Unit, ThrowResult, IllegalMove, Played, Move, Forced, Shown, Burial, Trick, FailedThrow, DealResult,
              LevelOutcome, OptionValue, Option):
    _type.__module__ = "shengji"
    if issubclass(_type, tuple):
        _type.__new__.__module__ = "shengji"
