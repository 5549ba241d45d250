"""What one seat knows of a deal: ``Deal.observation(seat)`` gives an :class:`Observation`: the seat's hand, every
card played (by whom, in which trick), the voids shown by failing to follow, the declarations shown while dealing
and the grabs of 炒底 (the cards stay in the declarer's hand until played, or until it buries them), who buried
when and what the seat itself buried, a turned-up kitty (``no_bid="kitty_turnup"``: public), the failed throws,
and the kitty if the seat buried it last. Drawing worlds consistent with it is ``shengji.worlds``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _core
from .._core import Cards, Deal
from ..base import _validate


@dataclass(frozen=True)
class Observation:
    """One seat's view of a deal (picklable)."""

    seat: int
    rules: Any
    level: str
    trump: str | None
    dealer: int
    phase: str
    to_move: int | None
    hand: Cards
    kitty: Cards | None
    declarations: tuple[tuple[int, Cards], ...]
    tricks: tuple[tuple[int, tuple[Cards, ...], int], ...]
    trick: tuple[Cards, ...]
    trick_leader: int
    voids: tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
    hand_sizes: tuple[int, int, int, int]
    failed_throws: tuple[tuple[int, int, Cards, Cards], ...]
    attacker_points: int | None
    defender_points: int | None
    burier: int | None = None
    burials: tuple[tuple[int, Cards | None, int], ...] = ()
    grabs: tuple[tuple[int, Cards], ...] = ()
    turned_up: Cards | None = None
    turned_up_order: tuple[str, ...] | None = None  # the turned-up kitty's cards in the order turned up
    first_deal: bool = False
    declared: bool = False
    hidden_declarations: tuple[tuple[int, int], ...] = ()
    trump_hidden: bool = False
    swap: Cards | None = None
    # the step of the declaring phase (position in the pack) at which each entry of ``declarations`` was shown;
    # -1 for a grab (炒底)
    declaration_steps: tuple[int, ...] = ()
    # 泰安: the step at which each entry of ``hidden_declarations`` was shown face down
    hidden_declaration_steps: tuple[int, ...] = ()
    dealt_by: int | None = None  # the seat that dealt (a first deal's declaring may name another dealer)
    called: Cards | None = None  # 找朋友: the called card
    friend: int | None = None    # 找朋友: the partner once it has played the called card

    def played_by(self, seat: int) -> Cards:
        """Every card the seat has played so far."""
        out = Cards()
        for leader, plays, _ in self.tricks:
            out = out + plays[(seat - leader) % 4]
        for i, p in enumerate(self.trick):
            if (self.trick_leader + i) % 4 == seat:
                out = out + p
        return out


def observe(deal: Deal, seat: int) -> Observation:
    """What ``seat`` may know of ``deal`` (``shengji.Deal.observation``; module docstring)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"observe needs a Deal, not {type(deal).__name__}")
    seat = _validate.seat(seat)
    own = deal.burier == seat and deal.phase in ("grab", "swap", "call", "play", "done")
    kitty = deal.kitty if own or deal.kitty_public else None
    burials = tuple((s, cards if s == seat else None, before) for s, cards, before in _core.burial_log(deal))
    # 泰安: declarations lie face down until the kitty is buried; the others see who showed how many cards
    hidden = deal.rules.declaration == "taian" and not deal.kitty_public
    declarations = tuple((s, c) for s, c in deal.declarations if not hidden or s == seat)
    declaration_steps = tuple(t for t, (s, _) in zip(_core.declaration_steps(deal), deal.declarations, strict=True)
                              if not hidden or s == seat)
    hidden_declarations = tuple((s, len(c)) for s, c in deal.declarations if hidden and s != seat)
    hidden_steps = tuple(t for t, (s, _) in zip(_core.declaration_steps(deal), deal.declarations, strict=True)
                         if hidden and s != seat)
    trump_hidden = hidden and deal.declarer is not None and deal.declarer != seat
    swaps = [c for phase, c, *_ in deal.moves if phase == "swap"]
    # 找朋友: before the reveal the team points would tell who the partner is
    teams_hidden = deal.called is not None and deal.friend is None and deal.phase != "done"
    return Observation(
        seat=seat,
        rules=deal.rules,
        level=deal.level,
        trump=None if trump_hidden else deal.trump,
        dealer=deal.dealer,
        phase=deal.phase,
        to_move=deal.to_move,
        hand=deal.hand(seat),
        kitty=kitty,
        declarations=declarations,
        tricks=tuple((leader, tuple(plays), winner) for leader, plays, winner in deal.tricks),
        trick=tuple(deal.trick),
        trick_leader=deal.trick_leader,
        voids=tuple(deal.voids(s) for s in range(4)),  # type: ignore[arg-type]
        hand_sizes=tuple(len(deal.hand(s)) for s in range(4)),  # type: ignore[arg-type]
        failed_throws=tuple(deal.failed_throw_log),
        attacker_points=None if teams_hidden else deal.attacker_points,
        defender_points=None if teams_hidden else deal.defender_points,
        burier=deal.burier,
        burials=burials,
        grabs=tuple(deal.grabs),
        turned_up=deal.turned_up_kitty,
        turned_up_order=deal.turned_up_order,
        first_deal=deal.first_deal,
        declared=deal.declared,
        hidden_declarations=hidden_declarations,
        trump_hidden=trump_hidden,
        swap=swaps[0] if swaps else None,
        declaration_steps=declaration_steps,
        hidden_declaration_steps=hidden_steps,
        dealt_by=deal.dealt_by,
        called=deal.called,
        friend=deal.friend,
    )

