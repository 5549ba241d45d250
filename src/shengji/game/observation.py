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
    """One seat's view of a deal (picklable; module docstring). Its fields:

    - ``seat``: the observer; ``rules``: the deal's ``Rules``; ``level``: the rank played at; ``trump``: the trump
      suit (None: no trump, not declared yet, or 泰安's face-down trump the observer cannot see, ``trump_hidden``);
    - ``dealer``: the dealer's seat; ``dealt_by``: the seat that dealt (a first deal's declaring may name another
      dealer); ``first_deal``: True in a match's first deal (the declaring decides the dealer);
    - ``phase``: the phase (one of ``shengji.PHASES``); ``to_move``: the seat to move (None once done);
    - ``hand``: the observer's cards; ``hand_sizes``: the cards each seat holds; ``kitty``: the kitty when the
      observer may see it (it buried it last, or it lies face up), else None;
    - ``declarations``: the declarations and grabs seen, ``(seat, cards)`` in order, with
      ``declaration_steps``: the step of the declaring (position in the pack) at which each was shown, -1 for a
      grab (炒底); ``declared``: True when the trump was settled by declaring (not given); ``grabs``: the grabs
      of the kitty, ``(seat, cards)``;
    - ``hidden_declarations``: 泰安: the others' face-down declarations, ``(seat, number of cards)``, with
      ``hidden_declaration_steps``: the step at which each was shown; ``trump_hidden``: 泰安: True while the trump
      lies face down and the observer is not the declarer;
    - ``burier``: the seat that took up the kitty last (None before any seat has); ``burials``: every burial,
      ``(seat, cards, declarations shown before it)`` with ``cards`` None for a burial of another seat;
    - ``turned_up``: the kitty turned up for everyone under ``no_bid="kitty_turnup"`` (else None), with
      ``turned_up_order``: its cards (tokens) in the order turned up;
    - ``swap``: 泰安 换底: the declarer's swap as ``Deal.moves`` records it (empty for a pass), None before it or
      without one;
    - ``called``: 找朋友: the called card (None before the call or without 找朋友); ``friend``: the dealer's partner
      once it has played the called card (public from then on), else None;
    - ``tricks``: the finished tricks, ``(leader, plays in order from the leader, winner)``; ``trick``: the current
      trick's plays in order from its leader, ``trick_leader``; ``voids``: per seat, the effective suits it has
      shown it lacks; ``failed_throws``: ``(trick, seat, attempted, played)`` per failed throw;
    - ``attacker_points``: the attackers' points so far (captured and penalties), ``defender_points``: the dealer
      team's captured points; both None under 找朋友 before the friend is revealed (they would tell who it is).
    """

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


POINTS_MAX = 32_767  # a deal's points as the core keeps them (int16); a larger figure is not a deal's


def check(obs: Any) -> Observation:
    """``obs`` checked field by field (an observation made by hand, or tampered with, before the core reads it): each
    field of its type and in its range, the lists no longer than a deal can make them, and what must agree agrees
    (steps one per declaration, the phase and the seat to move, the hand and its size, a revealed friend who played
    the called card). A TypeError or ValueError names the field, its value and what is allowed."""
    if not isinstance(obs, Observation):
        raise TypeError(f"expected an Observation (deal.observation(seat)), not {type(obs).__name__}")
    from .rules import Rules

    def fail(field: str, allowed: str, value: Any, kind: type[Exception] = ValueError) -> None:
        shown = repr(value)
        if len(shown) > 120:
            shown = shown[:100] + f"... ({type(value).__name__} of {len(value):,})" if hasattr(value, "__len__") \
                else shown[:117] + "..."
        raise kind(f"observation.{field} must be {allowed}, got {shown}")

    def integer(field: str, value: Any, lo: int, hi: int, allowed: str | None = None, none: bool = False) -> None:
        if value is None and none:
            return
        text = (allowed or f"an integer {lo} .. {hi:,}") + (" or None" if none else "")
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            fail(field, text, value, TypeError)
        if not lo <= value.__index__() <= hi:
            fail(field, text, value)

    def seat(field: str, value: Any, none: bool = False) -> None:
        integer(field, value, 0, 3, "a seat 0 .. 3", none)

    def cards(field: str, value: Any, none: bool = False) -> None:
        if not (isinstance(value, Cards) or (none and value is None)):
            fail(field, "Cards" + (" or None" if none else ""), value, TypeError)

    def entries(field: str, value: Any, most: int, size: int | None = None) -> None:
        if not isinstance(value, tuple):
            fail(field, "a tuple", value, TypeError)
        if len(value) > most:
            fail(field, f"a tuple of at most {most:,} entries (what a deal can make)", value)
        if size is not None:
            for i, item in enumerate(value):
                if not isinstance(item, tuple) or len(item) != size:
                    fail(f"{field}[{i}]", f"a tuple of {size}", item, TypeError)

    rules = obs.rules
    if not isinstance(rules, Rules):
        fail("rules", "a shengji.Rules", rules, TypeError)
    npack = 54 * rules.decks
    holds = rules.hand_size + (rules.kitty or 0)  # a burier holds the kitty too
    seat("seat", obs.seat)
    if not isinstance(obs.level, str) or obs.level not in _core.RANKS:
        fail("level", f"a rank, one of {', '.join(_core.RANKS)}", obs.level)
    if obs.trump is not None and (not isinstance(obs.trump, str) or obs.trump not in _core.SUITS):
        fail("trump", f"a suit, one of {', '.join(_core.SUITS)}, or None (no trump)", obs.trump)
    seat("dealer", obs.dealer)
    if not isinstance(obs.phase, str) or obs.phase not in _core.PHASES:
        fail("phase", f"a phase, one of {', '.join(_core.PHASES)}", obs.phase)
    seat("to_move", obs.to_move, none=True)
    if obs.phase == "done" and obs.to_move is not None:
        fail("phase", f"'done' only when no seat is to move (to_move None); to_move is {obs.to_move}, so one of "
             f"{', '.join(p for p in _core.PHASES if p != 'done')}", obs.phase)
    if obs.phase != "done" and obs.to_move is None:
        fail("to_move", f"a seat 0 .. 3 in the {obs.phase!r} phase (None only when it is 'done')", obs.to_move)
    cards("hand", obs.hand)
    cards("kitty", obs.kitty, none=True)
    entries("hand_sizes", obs.hand_sizes, 4)
    if len(obs.hand_sizes) != 4:
        fail("hand_sizes", "four sizes, one per seat", obs.hand_sizes)
    for i, n in enumerate(obs.hand_sizes):
        integer(f"hand_sizes[{i}]", n, 0, holds)
    if len(obs.hand) != obs.hand_sizes[obs.seat]:
        fail("hand", f"the seat's hand of hand_sizes[{obs.seat}] = {obs.hand_sizes[obs.seat]} cards", obs.hand)
    if obs.phase == "done" and any(obs.hand_sizes):
        fail("hand_sizes", "all 0 when the phase is 'done'", obs.hand_sizes)
    entries("declarations", obs.declarations, 4 * npack, 2)
    for i, (s, c) in enumerate(obs.declarations):
        seat(f"declarations[{i}] seat", s)
        cards(f"declarations[{i}] cards", c)
    entries("declaration_steps", obs.declaration_steps, 4 * npack)
    if len(obs.declaration_steps) != len(obs.declarations):
        fail("declaration_steps", f"one step per declaration ({len(obs.declarations)})", obs.declaration_steps)
    for i, t in enumerate(obs.declaration_steps):
        integer(f"declaration_steps[{i}]", t, -1, npack - 1, f"a position in the pack 0 .. {npack - 1}, or -1 (a grab)")
    entries("hidden_declarations", obs.hidden_declarations, 4 * npack, 2)
    for i, (s, n) in enumerate(obs.hidden_declarations):
        seat(f"hidden_declarations[{i}] seat", s)
        integer(f"hidden_declarations[{i}] count", n, 1, holds)
    entries("hidden_declaration_steps", obs.hidden_declaration_steps, 4 * npack)
    if len(obs.hidden_declaration_steps) != len(obs.hidden_declarations):
        fail("hidden_declaration_steps", f"one step per hidden declaration ({len(obs.hidden_declarations)})",
             obs.hidden_declaration_steps)
    for i, t in enumerate(obs.hidden_declaration_steps):
        integer(f"hidden_declaration_steps[{i}]", t, 0, npack - 1, f"a position in the pack 0 .. {npack - 1}")
    tricks = npack // 4 + 1
    entries("tricks", obs.tricks, tricks, 3)
    for i, (leader, plays, winner) in enumerate(obs.tricks):
        seat(f"tricks[{i}] leader", leader)
        seat(f"tricks[{i}] winner", winner)
        if not isinstance(plays, tuple) or len(plays) != 4:
            fail(f"tricks[{i}] plays", "a tuple of four Cards", plays, TypeError)
        for j, c in enumerate(plays):
            cards(f"tricks[{i}] plays[{j}]", c)
    entries("trick", obs.trick, 3)
    for i, c in enumerate(obs.trick):
        cards(f"trick[{i}]", c)
    seat("trick_leader", obs.trick_leader)
    if not isinstance(obs.voids, tuple) or len(obs.voids) != 4:
        fail("voids", "four sets of effective suits, one per seat", obs.voids, TypeError)
    for i, v in enumerate(obs.voids):
        if not isinstance(v, (set, frozenset)) or not v <= set(_core.EFFECTIVE_SUITS):
            fail(f"voids[{i}]", f"a set of effective suits ({', '.join(_core.EFFECTIVE_SUITS)})", v, TypeError)
    entries("failed_throws", obs.failed_throws, tricks, 4)
    for i, (t, s, attempted, played) in enumerate(obs.failed_throws):
        integer(f"failed_throws[{i}] trick", t, 0, len(obs.tricks), f"a trick 0 .. {len(obs.tricks)}")
        seat(f"failed_throws[{i}] seat", s)
        cards(f"failed_throws[{i}] attempted", attempted)
        cards(f"failed_throws[{i}] played", played)
    low = -10 * npack if rules.throw_penalty == "ten_per_card" else 0  # failed throws' penalties: 10 a card back
    integer("attacker_points", obs.attacker_points, low, POINTS_MAX, none=True)
    integer("defender_points", obs.defender_points, low, POINTS_MAX, none=True)
    seat("burier", obs.burier, none=True)
    entries("burials", obs.burials, 4 * npack, 3)
    for i, (s, buried, before) in enumerate(obs.burials):
        seat(f"burials[{i}] seat", s)
        cards(f"burials[{i}] cards", buried, none=True)
        integer(f"burials[{i}] step", before, 0, 4 * npack)
    entries("grabs", obs.grabs, 4 * npack, 2)
    for i, (s, c) in enumerate(obs.grabs):
        seat(f"grabs[{i}] seat", s)
        cards(f"grabs[{i}] cards", c)
    cards("turned_up", obs.turned_up, none=True)
    if obs.turned_up_order is not None:
        entries("turned_up_order", obs.turned_up_order, npack)
        if any(not isinstance(t, str) for t in obs.turned_up_order):
            fail("turned_up_order", "None or a tuple of card tokens", obs.turned_up_order, TypeError)
    for name in ("first_deal", "declared", "trump_hidden"):
        if not isinstance(getattr(obs, name), bool):
            fail(name, "True or False", getattr(obs, name), TypeError)
    cards("swap", obs.swap, none=True)
    seat("dealt_by", obs.dealt_by, none=True)
    cards("called", obs.called, none=True)
    if obs.called is not None and len(obs.called) != 1:
        fail("called", "one card (找朋友's called card) or None", obs.called)
    seat("friend", obs.friend, none=True)
    if obs.friend is not None:
        if obs.called is None:
            fail("friend", "None without a called card (找朋友)", obs.friend)
        assert obs.called is not None
        caller = obs.dealer if obs.burier is None else obs.burier
        if obs.friend == caller:
            fail("friend", f"None or a seat other than the one that called (seat {caller})", obs.friend)
        if obs.called.indices()[0] not in obs.played_by(obs.friend).indices():
            fail("friend", f"None or a seat that has played the called card {obs.called} (the reveal)", obs.friend)
    return obs


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

