# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, embedsignature=True
"""shengji._core: the Cython layer between the C core (csrc/) and the Python API.

Contract between the layers (as in uber/h3-py):
- The C core knows nothing of Python. It assumes valid input: non-empty leads of one effective suit,
  plays inside hands, at most ``decks`` copies of a kind.
- This layer validates every input, raises ``ValueError``/``TypeError`` naming what was wrong, owns all
  memory, and releases the GIL around loops that can run long. Nothing that reaches the C core can
  crash the interpreter.
- The Python modules only shape the interface (presets, result types, documentation).
"""

import threading
from collections.abc import Mapping

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t, uintptr_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport calloc, free, malloc, realloc
from cpython.buffer cimport PyBuffer_FillInfo

from ._c.sj_cards cimport *
from ._c.sj_error cimport *
from ._c.sj_deal cimport *
from ._c.sj_moves cimport *
from ._c.sj_refusal cimport *
from ._c.sj_log cimport *
from ._c.sj_determinize cimport *
from ._c.sj_world cimport *
from ._c.sj_rollout cimport *
from ._c.sj_ismcts cimport *
from ._c.sj_candidates cimport *
from ._c.sj_policy cimport *
from ._c.sj_reference cimport *
from ._c.sj_rng cimport sj_rng, sj_rng_stream
from ._c.sj_sim cimport *
from ._c.sj_parallel cimport *
from ._c.sj_solve cimport *
from ._c.sj_classes cimport sj_group_classes
from ._c.sj_encode cimport *
from ._c.sj_selfplay cimport *
from ._c.sj_match cimport *
from ._c.sj_vecenv cimport *
from ._c.sj_follow cimport sj_is_legal_follow, sj_legal_follows, sj_legal_follows_tested
from ._c.sj_kitty cimport sj_kitty_multiplier
from ._c.sj_level cimport *
from ._c.sj_rules cimport *
from ._c.sj_throw cimport sj_check_throw
from ._c.sj_trick cimport sj_trick_winner
from ._c.sj_trump cimport SJ_NO_SUIT, SJ_TRUMP, sj_trump, sj_trump_init, sj_trump_suit_of
from ._c.sj_units cimport SJ_MAX_UNITS, sj_play_suit, sj_unit, sj_units

from .base import _html
from .base._types import (Burial, DealResult, FailedThrow, Forced, IllegalMove, LevelOutcome, Move, Option, OptionValue,
                     Played, Shown, ThrowResult, Trick, Unit)

# Before anything runs the core: a build for x86-64 uses POPCNT (csrc/CMakeLists.txt SJ_POPCNT); on a CPU
# without it every call would die with an illegal instruction, so refuse to import instead.
if not sj_cpu_supported():
    raise ImportError("shengji's native core was built for CPUs with the POPCNT instruction (every x86-64 CPU "
                      "since 2008) and this CPU lacks it; rebuild from source with "
                      "pip install --no-binary shengji --config-settings=cmake.define.SJ_POPCNT=OFF shengji")
# The checks of what a caller gives (shengji._validate, their one home), under the names this module uses.
from .base._validate import (CLOCKS, SOLVE_MAX_CARDS, TIME_MS_MAX, cards as _check_cards, integer as _check_int,
                        limit as _check_limit, seat as _check_seat, time_ms as _check_time_ms, u64 as _check_u64)


BUILD = sj_build_flavour().decode()  # how the core was compiled: "x86-64+popcnt", "portable" or "native"

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
EFFECTIVE_SUITS = ("S", "H", "D", "C", "T")
TOKENS = tuple(r + s for s in SUITS for r in RANKS) + ("SJ", "BJ")
REFUSALS = tuple(sj_refusal_text(i).decode("utf-8") for i in range(SJ_WHY_COUNT))
"""The reasons the core refuses a move (csrc/include/sj_refusal.h), by number: each a template the message fills."""

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_RANK_INDEX["T"] = 8
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
               "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_TOKEN_INDEX = {}
for _r, _ri in _RANK_INDEX.items():
    for _s, _si in _SUIT_INDEX.items():
        _TOKEN_INDEX[_r + _s] = _si * 13 + _ri
_TOKEN_INDEX["SJ"] = 52
_TOKEN_INDEX["BJ"] = 53
_UNIT_KINDS = ("", "single", "pair", "triple", "quad")


def rank_index(rank):
    """Index 0..12 of a rank token ("2".."A", "T" or "10" for ten); ValueError otherwise."""
    if not isinstance(rank, str):
        raise TypeError(f"a rank must be a string such as '10' or 'A', not {type(rank).__name__}")
    try:
        return _RANK_INDEX[rank.strip().upper()]
    except KeyError:
        raise ValueError(f"unknown rank {rank!r}: expected one of {', '.join(RANKS)}") from None


def suit_index(suit):
    """Index 0..3 of a trump suit (a letter or symbol), or -1 for no trump: None (or, as text, "NT").

    No trump is ``None`` everywhere the package reports a trump (``Deal.trump``, ``Trump.suit``) and code 4
    in ``SimResult.trump``; the text "NT" is accepted as input wherever a trump is given (the command line)."""
    if suit is None:
        return -1
    if not isinstance(suit, str):
        raise TypeError(f"a suit must be one of 'S', 'H', 'D', 'C' or None (no trump), not {type(suit).__name__}")
    key = suit.strip().upper()
    if key == "NT":
        return -1
    try:
        return _SUIT_INDEX[key]
    except KeyError:
        raise ValueError(f"unknown suit {suit!r}: expected 'S', 'H', 'D', 'C', or None / 'NT' (no trump)") from None


def card_index(card):
    """Kind index 0..53 of one card given as a token ('10H', 'SJ'), an int, or a one-card Cards."""
    if isinstance(card, str):
        key = card.strip().upper()
        if key in _TOKEN_INDEX:
            return _TOKEN_INDEX[key]
        raise ValueError(f"unknown card {card!r}: expected rank then suit (e.g. '10H', 'AS') or 'SJ'/'BJ'")
    if isinstance(card, Cards):
        if len(card) != 1:
            raise ValueError(f"expected one card, got {len(card)}: {card}")
        return (<Cards>card).indices()[0]
    if not isinstance(card, bool) and (isinstance(card, int) or hasattr(card, "__index__")):  # numpy integers too
        card = card.__index__()
        if 0 <= card < 54:
            return card
        raise ValueError(f"card index {card} out of range 0..53")
    raise TypeError(f"a card must be a token string, an int index or a Cards of one card, not {type(card).__name__}")


def _split_tokens(str text):
    """(token, start offset) pairs of a card text, split on spaces and commas."""
    out = []
    cdef Py_ssize_t i = 0, n = len(text), start
    while i < n:
        while i < n and (text[i].isspace() or text[i] == ","):
            i += 1
        if i >= n:
            break
        start = i
        while i < n and not (text[i].isspace() or text[i] == ","):
            i += 1
        out.append((text[start:i], start))
    return out


cdef list _text_kinds(str text):
    """(kind, token number, character offset) of each token of a card text, in its order; ValueError naming the
    first bad token and its position."""
    cdef list out = []
    for number, (tok, offset) in enumerate(_split_tokens(text), 1):
        k = _TOKEN_INDEX.get(tok.upper(), -1)
        if k < 0:
            raise ValueError(f"bad card token {tok!r} at position {number} (character {offset}) in {text!r}: "
                             "expected rank (2-10, T, J, Q, K, A) then suit (S, H, D, C), or SJ/BJ")
        out.append((k, number, offset))
    return out


cdef list _item_kinds(items):
    """The kind of each item of an iterable of cards (tokens, kind indices, one-card Cards), in its order;
    errors name the item's position."""
    cdef list out = []
    for pos, item in enumerate(items, 1):
        try:
            out.append(card_index(item))
        except (TypeError, ValueError) as err:
            raise type(err)(f"item {pos}: {err}") from None
    return out


cpdef Cards parse_cards(text):
    """Parse card tokens ('AS 10H 10h SJ BJ', commas or spaces) into a Cards multiset.

    Raises ValueError naming the first bad token and its position (1-based token number and
    character offset), or a kind given more than four times.
    """
    if isinstance(text, Cards):
        return text
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a string of card tokens, not {type(text).__name__}")
    cdef sj_cards c = sj_cards_empty()
    cdef int k
    for k, number, offset in _text_kinds(text):
        if sj_cards_add_one(&c, k) < 0:
            raise ValueError(f"card {TOKENS[k]} appears more than 4 times (token {number}, character {offset})")
    return Cards._wrap(c)


cdef class Cards:
    """An immutable multiset of cards (up to 4 copies of each of the 54 kinds).

    Build from a token string (``Cards("AS AS 10H")``), an iterable of tokens or kind indices, or
    another Cards. Iteration yields canonical tokens in kind order (suits S H D C, ranks 2..A, then
    SJ, BJ). ``+``/``-`` are multiset sum and difference.
    """

    cdef sj_cards c

    def __init__(self, cards=None):
        cdef sj_cards c = sj_cards_empty()
        if cards is None:
            pass
        elif isinstance(cards, Cards):
            c = (<Cards>cards).c
        elif isinstance(cards, str):
            c = parse_cards(cards).c
        elif isinstance(cards, (bytes, bytearray)):
            raise TypeError(f"Cards: expected a string of card tokens such as 'AS 10H' or card indices, got "
                            f"{type(cards).__name__} {cards!r} (decode it first)")
        elif isinstance(cards, Mapping):  # its keys would be taken and its values ignored
            raise TypeError(f"Cards: a mapping is not cards, got {type(cards).__name__} {cards!r}: give a string of "
                            "card tokens, an iterable of cards (each copy once: Counter(...).elements()) or Cards")
        else:
            try:
                items = iter(cards)
            except TypeError:
                raise TypeError(f"Cards() takes a string, an iterable of cards or Cards, "
                                f"not {type(cards).__name__}") from None
            for pos, k in enumerate(_item_kinds(items), 1):
                if sj_cards_add_one(&c, k) < 0:
                    raise ValueError(f"card {TOKENS[k]} appears more than 4 times (item {pos})")
        self.c = c

    @staticmethod
    cdef Cards _wrap(sj_cards c):
        cdef Cards out = Cards.__new__(Cards)
        out.c = c
        return out

    def __len__(self):
        return sj_cards_size(&self.c)

    def __bool__(self):
        return not sj_cards_is_empty(&self.c)

    def indices(self):
        """Kind indices (0..53) with repeats, ascending."""
        cdef int k, i, n
        out = []
        for k in range(54):
            n = sj_cards_count(&self.c, k)
            for i in range(n):
                out.append(k)
        return tuple(out)

    def __iter__(self):
        return iter([TOKENS[k] for k in self.indices()])

    def __contains__(self, card):
        return sj_cards_count(&self.c, card_index(card)) > 0

    def count(self, card):
        """Copies of one card (a token, an index, or a one-card Cards)."""
        return sj_cards_count(&self.c, card_index(card))

    def __eq__(self, other):
        if not isinstance(other, Cards):
            return NotImplemented
        return bool(sj_cards_equal(&self.c, &(<Cards>other).c))

    def __hash__(self):
        return hash((self.c.p[0], self.c.p[1], self.c.p[2], self.c.p[3]))

    def __add__(self, other):
        if not isinstance(self, Cards) or not isinstance(other, Cards):
            return NotImplemented
        cdef sj_cards out
        if sj_cards_add(&(<Cards>self).c, &(<Cards>other).c, &out) < 0:
            raise ValueError("the sum would hold more than 4 copies of a card")
        return Cards._wrap(out)

    def __sub__(self, other):
        if not isinstance(self, Cards) or not isinstance(other, Cards):
            return NotImplemented
        cdef sj_cards out
        if sj_cards_sub(&(<Cards>self).c, &(<Cards>other).c, &out) < 0:
            missing = _missing(other, self)
            raise ValueError(f"cannot remove {missing}: not in {self}")
        return Cards._wrap(out)

    def issubset(self, other):
        """True when every card (with its copies) is also in ``other``."""
        return bool(sj_cards_contains(&_as_cards(other).c, &self.c))

    def max_copies(self):
        """The largest number of copies of any one card."""
        return sj_cards_max_copies(&self.c)

    def __str__(self):
        return " ".join(self)

    def _repr_html_(self):
        """The cards with their suit symbols (shengji._html)."""
        return _html.cards_html(list(self))

    def __repr__(self):
        return f"Cards({str(self)!r})"

    def __reduce__(self):
        return (Cards, (str(self),))


cdef class Declaration(Cards):
    """A declaration that carries a choice of trump (docs/MODEL.md §9): under the 4-deck ladder four jokers
    declare no trump or any suit, their declarer's choice. ``Declaration("SJ SJ BJ BJ", trump="H")``;
    ``.trump`` is the suit letter, or None for no trump. It is a ``Cards`` (the cards shown) and equals
    only a Declaration with the same cards and choice; ``legal_actions()`` lists one per choice."""

    cdef readonly object trump
    """The trump the declaration chooses: a suit letter, or None for no trump."""

    def __init__(self, cards=None, trump=None):
        Cards.__init__(self, cards)
        cdef int s = suit_index(trump)
        self.trump = None if s < 0 else SUITS[s]

    @staticmethod
    cdef Declaration _make(sj_cards c, int choice):
        cdef Declaration out = Declaration.__new__(Declaration)
        out.c = c
        out.trump = None if choice == SJ_CHOICE_NOTRUMP else SUITS[choice]
        return out

    def __eq__(self, other):
        if not isinstance(other, Cards):
            return NotImplemented
        if not isinstance(other, Declaration):
            return False
        return bool(sj_cards_equal(&self.c, &(<Cards>other).c)) and self.trump == (<Declaration>other).trump

    def __hash__(self):
        return hash((self.c.p[0], self.c.p[1], self.c.p[2], self.c.p[3], self.trump))

    def __repr__(self):
        return f"Declaration({str(self)!r}, trump={self.trump!r})"

    def __reduce__(self):
        return (Declaration, (str(self), self.trump))


cdef object _action_obj(sj_cards a):
    """An action from C as Python sees it: Cards, or a Declaration when it carries a choice of trump."""
    cdef uint64_t choice = a.p[0] & SJ_CHOICE_MASK
    if not choice:
        return Cards._wrap(a)
    a.p[0] &= ~SJ_CHOICE_MASK
    cdef int i = 0
    while not (choice & SJ_CHOICE_BIT(i)):
        i += 1
    return Declaration._make(a, i)


cdef sj_cards _action_struct(Cards c):
    """An action as C takes it: a Declaration's choice rides in the choice bits (sj_deal.h)."""
    cdef sj_cards a = c.c
    cdef int s
    if isinstance(c, Declaration):
        s = suit_index((<Declaration>c).trump)
        a.p[0] |= SJ_CHOICE_BIT(SJ_CHOICE_NOTRUMP if s < 0 else s)
    return a


cdef Cards _as_cards(x, str what="cards"):
    if isinstance(x, Cards):
        return <Cards>x
    if isinstance(x, str):
        try:
            return parse_cards(x)
        except ValueError as err:
            raise ValueError(f"{what}: {err}") from None
    if x is None:
        raise TypeError(f"{what}: expected Cards or a string of card tokens, got None")
    if isinstance(x, (bytes, bytearray)):
        raise TypeError(f"{what}: expected Cards or a string of card tokens such as 'AS 10H', got "
                        f"{type(x).__name__} {x!r} (decode it first)")
    try:
        return Cards(x)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{what}: {err}") from None


def _ordered_kinds(x, str what):
    """The kind indices of ``x`` in its given order: a string of tokens, or a sequence of tokens or kind
    indices; None for a ``Cards``, which has no order (docs/MODEL.md §9 "A given deal")."""
    if isinstance(x, Cards):
        return None
    if x is None or isinstance(x, (bytes, bytearray)):
        raise TypeError(f"{what}: expected a string of card tokens or a sequence of tokens, got {type(x).__name__}")
    try:
        if isinstance(x, str):
            return [k for k, _, _ in _text_kinds(x)]
        items = iter(x)
    except TypeError:
        raise TypeError(f"{what}: expected a string of card tokens or a sequence of tokens, not "
                        f"{type(x).__name__}") from None
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None
    try:
        return _item_kinds(items)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{what}: {err}") from None


cdef str _missing(Cards want, Cards have):
    """Tokens of `want` that `have` lacks (with multiplicity)."""
    out = []
    cdef int k, d
    for k in range(54):
        d = sj_cards_count(&want.c, k) - sj_cards_count(&have.c, k)
        out.extend([TOKENS[k]] * max(d, 0))
    return " ".join(out)


def points(cards):
    """The points (5 = 5, 10 = 10, K = 10) in a multiset of cards."""
    return sj_cards_points(&_as_cards(cards).c)


# ---- rule options: the table of csrc/include/sj_options.def, read once from the C core -------------

_KIND_NAMES = {SJ_KIND_ENUM: "enum", SJ_KIND_INT: "int", SJ_KIND_BOOL: "bool", SJ_KIND_RANKS: "ranks"}


cdef str _text(const char *s):
    return s.decode("utf-8")


cdef str _status_name(int status):
    if status == SJ_NOT_YET:
        return "not implemented"
    if status == SJ_READY:
        return "ready"
    phases = [name for bit, name in ((SJ_NEED_DECLARE, "declare"), (SJ_NEED_MATCH_POINTS, "match_points"))
              if status & bit]
    return "missing: " + ", ".join(phases)


def _read_options():
    cdef const sj_option_info *o
    cdef int i, v
    out = {}
    for i in range(SJ_NUM_OPTIONS):
        o = sj_option(i)
        kind = _KIND_NAMES[o.kind]
        if kind == "enum":
            values = tuple(OptionValue(_text(o.values[v].name), _status_name(o.values[v].status),
                                       _text(o.values[v].doc)) for v in range(o.nvalues))
            default = values[o.default_value].value
        elif kind == "bool":
            values = (OptionValue(False, "ready", ""), OptionValue(True, "ready", ""))
            default = bool(o.default_value)
        else:
            values = ()
            default = None if o.default_value < 0 else _ranks_of(o.default_value) if kind == "ranks" else o.default_value
        out[_text(o.name)] = Option(_text(o.name), i, kind, default, values, o.min, o.max, _text(o.section),
                                    _text(o.doc))
    return out


def _ranks_of(int mask):
    return tuple(RANKS[r] for r in range(13) if mask >> r & 1)


OPTIONS = _read_options()
"""Every rule option of the C table (csrc/include/sj_options.def), by name, in shengji.Rules' field order."""


def default_kitty(int decks):
    """The kitty size the seeds give for a deck count (6 for 1 and 3 decks, 8 for 2 and 4)."""
    return sj_rules_default_kitty(decks)



cdef int _option_value(object opt, object v, object values) except? -1:
    """The C int of option ``opt``'s Python value ``v`` (``values``: the whole option mapping, for the
    kitty's default)."""
    name, kind = opt.name, opt.kind
    if kind == "enum":
        for i, ov in enumerate(opt.values):
            if isinstance(v, str) and v == ov.value:
                return i
        raise ValueError(f"{name} must be one of {', '.join(repr(x.value) for x in opt.values)}; got {v!r}")
    if kind == "bool":
        if not isinstance(v, bool):
            raise TypeError(f"{name} must be a bool, not {type(v).__name__}")
        return 1 if v else 0
    if kind == "int":
        if v is None and name == "kitty":
            decks = values.get("decks")
            return sj_rules_default_kitty(decks.__index__()) if hasattr(decks, "__index__") and not isinstance(
                decks, bool) and 1 <= decks.__index__() <= 4 else 0
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"{name} must be an int, not {type(v).__name__}")
        v = v.__index__()  # numpy integers too
        if not opt.min <= v <= opt.max:
            if name == "decks":
                raise ValueError(f"decks must be 1, 2, 3 or 4, got {v}")
            raise ValueError(f"{name} must be between {opt.min} and {opt.max}, got {v}")
        return v
    # ranks
    if isinstance(v, str):
        v = (v,)
    try:
        items = list(v)
    except TypeError:
        raise TypeError(f"{name} must be a tuple of rank tokens, not {type(v).__name__}") from None
    cdef int mask = 0, r
    for item in items:
        r = rank_index(item)
        if mask >> r & 1:
            raise ValueError(f"{name} lists rank {RANKS[r]} twice")
        mask |= 1 << r
    return mask


cdef sj_rules _struct_of(values) except *:
    """The C rules of a mapping option name -> Python value, every value and combination checked by the
    core (sj_rules_set, sj_rules_check): what passes cannot crash the core."""
    cdef sj_rules r = sj_rules_default()
    cdef char msg[256]
    for opt in OPTIONS.values():
        if opt.name not in values:
            raise TypeError(f"rules: missing option {opt.name!r}")
        if sj_rules_set(&r, opt.number, _option_value(opt, values[opt.name], values)) != SJ_OK:
            raise ValueError(f"{opt.name}: value {values[opt.name]!r} is out of range")
    if sj_rules_check(&r, msg, sizeof(msg)) != SJ_OK:
        raise ValueError(_text(msg))
    return r


cdef dict _values_of(const sj_rules *r):
    """The Python values of a C rules struct (normalized: the kitty resolved, ranks sorted)."""
    out = {}
    for opt in OPTIONS.values():
        v = sj_rules_get(r, opt.number)
        if opt.kind == "enum":
            out[opt.name] = opt.values[v].value
        elif opt.kind == "bool":
            out[opt.name] = bool(v)
        elif opt.kind == "ranks":
            out[opt.name] = _ranks_of(v)
        else:
            out[opt.name] = v
    return out


def check_rules(values):
    """Validate a mapping of every option to its Python value (as ``shengji.Rules`` holds them) against the
    C table; returns the normalized values (the kitty's default resolved, constant ranks sorted). Raises
    ValueError/TypeError naming the option."""
    cdef sj_rules r = _struct_of(values)
    return _values_of(&r)


cdef sj_rules _rules_struct(rules) except *:
    """The C rules of a rules value: the value of every option (the attribute of that name, as a shengji.Rules
    holds them), checked again here whatever happened to the object since it was built. Nothing of the class is
    used but those values: the native module knows no class above it (shengji/_layers.py)."""
    try:
        values = {name: getattr(rules, name) for name in OPTIONS}
    except AttributeError:
        raise TypeError(f"rules must be a shengji.Rules (Rules(...) or Rules.preset(name)), not "
                        f"{type(rules).__name__}") from None
    return _struct_of(values)


_PHASE_BITS = {"declare": SJ_NEED_DECLARE, "match_points": SJ_NEED_MATCH_POINTS}


cdef str _missing_text(const sj_rules *r, int phase_bit):
    cdef int i = sj_rules_missing(r, phase_bit)
    if i < 0:
        return ""
    cdef const sj_option_info *o = sj_option(i)
    cdef int v = sj_rules_get(r, i)
    return f"{_text(o.name)}={_text(o.values[v].name)!r}: {_text(o.values[v].doc)}"


def missing(rules, phase):
    """What these rules need that is not implemented in ``phase`` ("declare" or "match_points"), as a
    sentence naming the option and value; None when everything is implemented."""
    if phase not in _PHASE_BITS:
        raise ValueError(f"phase must be one of {', '.join(map(repr, _PHASE_BITS))}, got {phase!r}")
    cdef sj_rules r = _rules_struct(rules)
    return _missing_text(&r, _PHASE_BITS[phase]) or None


def has_declaring_phase(rules):
    """Whether the rules declare the trump while dealing (csrc: sj_declaring_status; declaration="none" has no
    declaring phase and the caller gives the trump). A declaring phase that is not implemented yet still
    counts: starting it raises NotImplementedError."""
    cdef sj_rules r = _rules_struct(rules)
    return sj_declaring_status(&r) != SJ_E_NO_PHASE


# ---- errors: one map from the core's codes (csrc/include/sj_error.h) to Python exceptions ------------

_ERROR_CLASSES = {
    SJ_E_PHASE: IllegalMove, SJ_E_NOT_HELD: IllegalMove, SJ_E_COUNT: IllegalMove, SJ_E_EMPTY: IllegalMove,
    SJ_E_MIXED: IllegalMove, SJ_E_ILLEGAL: IllegalMove, SJ_E_DECLARATION: IllegalMove,
    SJ_E_ARGS: ValueError, SJ_E_RULES: ValueError, SJ_E_NO_PHASE: ValueError, SJ_E_SETUP_POLICY: ValueError,
    SJ_E_SETUP_HAND_SIZE: ValueError, SJ_E_SETUP_TOO_MANY: ValueError, SJ_E_SETUP_BURIED: ValueError,
    SJ_E_CAPACITY: ValueError, SJ_E_UNSUPPORTED: NotImplementedError, SJ_E_POLICY: RuntimeError,
    SJ_E_USER_POLICY: ValueError, SJ_E_SETUP_KITTY_ORDER: ValueError, SJ_E_USER_RAISED: RuntimeError, SJ_E_LEVEL: ValueError,
    SJ_E_CANCELLED: KeyboardInterrupt,
    SJ_E_NO_MEMORY: MemoryError,
    SJ_E_DEADLINE: RuntimeError,  # the solver's clock inside a search: handled there, never raised (a bug if so)
}


cdef tuple _levels_played(const sj_rules *r):
    return tuple(RANKS[i] for i in range(13) if sj_level_played(r, i))


def levels_played(rules):
    """The level ranks the rules' deals are played at, lowest first (csrc: sj_level_played): every rank, but 2
    under ``first_level="3"`` (the 4-deck post: 2 a constant trump). A Deal, a Trump or a run at another level is
    refused."""
    cdef sj_rules r = _rules_struct(rules)
    return _levels_played(&r)


cdef str _level_why(const sj_rules *r, int level):
    """Why ``level`` (0..12) is refused (SJ_E_LEVEL), after "level X is": the levels played, and what the rank
    is instead; "" for a level the rules play."""
    if sj_level_played(r, level):
        return ""
    values = _values_of(r)
    cdef list at = [i for i in range(13) if sj_level_played(r, i)]  # (no negative indices: wraparound=False)
    lo, hi = at[0], at[len(at) - 1]
    span = f"{RANKS[lo]} .. {RANKS[hi]}" if len(at) == hi - lo + 1 else ", ".join(RANKS[i] for i in at)
    why = [f"{RANKS[level]} is a constant trump there"] if RANKS[level] in values["constant_ranks"] else []
    why.append(f"the first level is {values['first_level']}")
    return f"not a level these rules play: they play {span} ({'; '.join(why)})"


def level_refusal(rules, level):
    """Why the rules refuse a Deal, Trump or run at ``level`` (a rank), after "level X is ...": "not a level these
    rules play: they play 3 .. A (2 is a constant trump there; the first level is 3)"; None for a level they play
    (``levels_played``). Each interface names the level in its own spelling before it."""
    cdef sj_rules r = _rules_struct(rules)
    return _level_why(&r, rank_index(level)) or None


cdef _raise_error(int code, str context, const sj_rules *r=NULL, int level=-1):
    """Raise the exception of a core error code: ``context: what went wrong``; ``level``: the level given, named
    when the code refuses it (SJ_E_LEVEL)."""
    cls = _ERROR_CLASSES.get(code, RuntimeError)
    msg = f"{context}: {_text(sj_error_text(code))}"
    cdef char buf[256]
    if code == SJ_E_LEVEL and r != NULL and 0 <= level < 13:
        msg = f"{context}: level={RANKS[level]!r} is {_level_why(r, level)}"
    elif code == SJ_E_UNSUPPORTED and r != NULL:
        msg = f"{context}: {_missing_text(r, SJ_NEED_DECLARE)}"
    elif code == SJ_E_RULES and r != NULL and sj_rules_check(r, buf, sizeof(buf)) != SJ_OK:
        msg += f" ({_text(buf)})"
    if cls is RuntimeError and code != SJ_E_USER_RAISED:
        msg += "; this is a bug, please report it"
    raise cls(msg)


def level_outcome(rules, int attacker_points):
    """LevelOutcome for the attackers' points under the rules' level table (computed in C)."""
    if attacker_points < 0:
        raise ValueError(f"attacker points cannot be negative, got {attacker_points}")
    if attacker_points % 5:
        raise ValueError(f"attacker points are a multiple of 5 (5s, 10s and Ks; penalties in tens), got "
                         f"{attacker_points}")
    cdef sj_rules r = _rules_struct(rules)
    cdef sj_level_outcome o = sj_level_outcome_of(&r, attacker_points)
    return LevelOutcome(bool(o.dealer_keeps), o.dealer_levels, o.attacker_levels)


cdef class Trump:
    """One deal's order of cards: ``Trump(rules, level, suit)``.

    ``level`` is a rank token ("2".."A"); ``suit`` is "S", "H", "D", "C" or None (no trump).
    Every method takes Cards or a token string. Card order, units, legality, throws, trick winner and
    kitty multiplier are all computed by the C core (docs/MODEL.md).
    """

    cdef sj_trump t
    cdef readonly object rules
    """The Rules of this trump context."""
    cdef readonly str level
    """The level rank ("2" .. "A")."""
    cdef readonly object suit
    """The trump suit letter, or None for no trump."""

    def __init__(self, rules, level, suit):
        cdef sj_rules r = _rules_struct(rules)
        cdef int li = rank_index(level)
        cdef int si = suit_index(suit)
        rc = sj_trump_init(&self.t, &r, li, si)
        if rc != SJ_OK:
            _raise_error(rc, "Trump" if rc == SJ_E_LEVEL else f"Trump(level={level!r}, suit={suit!r})", &r, li)
        self.rules = rules
        self.level = RANKS[li]
        self.suit = None if si < 0 else SUITS[si]

    def __reduce__(self):
        return (Trump, (self.rules, self.level, self.suit))

    def _repr_html_(self):
        """The level, the trump suit and the trumps from the highest down (shengji._html)."""
        return _html.trump_html(self, TOKENS)

    def __repr__(self):
        return f"Trump(level={self.level!r}, suit={self.suit!r}, decks={self.t.rules.decks})"

    cdef Cards _cards(self, x, str what):
        cdef Cards c = _as_cards(x, what)
        cdef int m = sj_cards_max_copies(&c.c)
        if m > self.t.rules.decks:
            raise ValueError(f"{what} holds {m} copies of a card but the rules use {self.t.rules.decks} "
                             f"deck{'s' if self.t.rules.decks > 1 else ''}: {c}")
        return c

    cdef int _play_suit(self, Cards c) noexcept:
        """The play's suit (docs/MODEL.md §3): SJ_E_EMPTY, SJ_E_MIXED, or 0..4.  Under natural tractors a
        plain suit's play may hold the trumps it borrows, but only inside its tractors."""
        return sj_play_suit(&self.t, &c.c)

    cdef int _suit_of(self, Cards c, str what) except -3:
        cdef int e = self._play_suit(c)
        if e == SJ_E_EMPTY:
            raise ValueError(f"{what} is empty")
        if e == SJ_E_MIXED:
            suits = sorted({EFFECTIVE_SUITS[self.t.eff[k]] for k in c.indices()})
            if self.t.natural and len(suits) == 2 and "T" in suits:
                raise ValueError(f"{what} mixes effective suits {', '.join(suits)}: {c} (under tractor_rule="
                                 f"'natural' a plain suit borrows its trumps only inside its tractors)")
            raise ValueError(f"{what} mixes effective suits {', '.join(suits)}: {c}")
        return e

    def play_suit(self, cards):
        """The suit a play is of: 'S', 'H', 'D', 'C' or 'T', or None when it mixes suits (ValueError when
        empty).  It is the cards' effective suit, except under ``tractor_rule="natural"``, where a plain
        suit's tractor may borrow that suit's constant and level trumps (泰安: 黑桃55、66 is played as
        spades; docs/MODEL.md §3)."""
        cdef Cards c = self._cards(cards, "cards")
        cdef int e = self._play_suit(c)
        if e == SJ_E_EMPTY:
            raise ValueError("cards is empty")
        return None if e == SJ_E_MIXED else EFFECTIVE_SUITS[e]

    def is_trump(self, card):
        """True if the card is trump in this deal."""
        return self.t.eff[card_index(card)] == SJ_TRUMP

    def effective_suit(self, card):
        """'S', 'H', 'D', 'C', or 'T' for trump."""
        return EFFECTIVE_SUITS[self.t.eff[card_index(card)]]

    def position(self, card):
        """Strength of the card inside its effective suit (0 = lowest; equal cards share one)."""
        return self.t.pos[card_index(card)]

    def units(self, cards):
        """The play's decomposition into units (docs/MODEL.md §3)."""
        cdef Cards c = self._cards(cards, "cards")
        self._suit_of(c, "cards")
        cdef sj_unit buf[64]
        cdef int n = sj_units(&self.t, &c.c, buf, 64)
        if n < 0:
            _raise_error(n, f"units({c})")
        out = []
        for i in range(n):
            kind = "tractor" if buf[i].l >= 2 else _UNIT_KINDS[buf[i].w]
            out.append(Unit(kind, buf[i].w, buf[i].l, Cards._wrap(buf[i].cards)))
        return out

    def is_tractor(self, cards):
        """Exactly one unit, and it is a tractor (any width >= 2, a Titanic included).

        Cards of several effective suits (or none) are simply not a tractor.
        """
        cdef Cards c = self._cards(cards, "cards")
        if self._play_suit(c) < 0:
            return False
        units = self.units(c)
        return len(units) == 1 and units[0].kind == "tractor"

    def is_legal_follow(self, hand, lead, play):
        """True if ``play`` (from ``hand``) is a legal answer to ``lead`` (docs/MODEL.md §4)."""
        cdef Cards h = self._cards(hand, "hand")
        cdef Cards ld = self._cards(lead, "lead")
        cdef Cards pl = self._cards(play, "play")
        self._suit_of(ld, "lead")
        if len(pl) != len(ld):
            raise ValueError(f"play has {len(pl)} cards but the lead has {len(ld)}")
        if not sj_cards_contains(&h.c, &pl.c):
            raise ValueError(f"play uses cards not in the hand: {_missing(pl, h)}")
        return bool(sj_is_legal_follow(&self.t, &h.c, &ld.c, &pl.c))

    def legal_follows(self, hand, lead, limit=None):
        """Every distinct legal follow (at most ``limit`` of them), in a deterministic order."""
        return self._follows(hand, lead, limit, 1)

    def _legal_follows_tested(self, hand, lead, limit=None):
        """legal_follows found the reference way (every sub-multiset of the lead's size tested): the tests check
        that the generated list equals it."""
        return self._follows(hand, lead, limit, 0)

    cdef list _follows(self, hand, lead, limit, bint generated):
        cdef Cards h = self._cards(hand, "hand")
        cdef Cards ld = self._cards(lead, "lead")
        self._suit_of(ld, "lead")
        if len(h) < len(ld):
            raise ValueError(f"hand has {len(h)} cards, fewer than the {len(ld)} of the lead")
        cdef long lim = _check_limit(limit)  # 0: no limit
        cdef long cap = 256 if lim == 0 or lim > 256 else lim
        cdef long found
        cdef sj_cards *buf = <sj_cards *>malloc(cap * sizeof(sj_cards))
        cdef sj_cards *grown
        if buf == NULL:
            raise MemoryError()
        try:
            while True:
                with nogil:
                    if generated:
                        found = sj_legal_follows(&self.t, &h.c, &ld.c, buf, cap, lim)
                    else:
                        found = sj_legal_follows_tested(&self.t, &h.c, &ld.c, buf, cap, lim)
                if found < 0:
                    _raise_error(found, f"legal_follows of the lead {ld}")
                if found <= cap:
                    break
                grown = <sj_cards *>realloc(buf, found * sizeof(sj_cards))
                if grown == NULL:
                    raise MemoryError(f"{found} legal follows do not fit in memory; pass limit=")
                buf = grown
                cap = found
            return [Cards._wrap(buf[i]) for i in range(found)]
        finally:
            free(buf)

    def check_throw(self, lead, others):
        """Check a throw against the other hands (docs/MODEL.md §5): ThrowResult(ok, played)."""
        cdef Cards ld = self._cards(lead, "lead")
        self._suit_of(ld, "lead")
        if isinstance(others, (str, Cards)):
            raise TypeError("others must be a list of hands (Cards), not a single hand")
        if not isinstance(others, (list, tuple)):
            raise TypeError(f"others must be a list of hands (Cards), not {type(others).__name__}")
        hands = [self._cards(o, f"others[{i}]") for i, o in enumerate(others)]
        total = ld
        for i, o in enumerate(hands):
            try:
                total = total + o
            except ValueError:
                raise ValueError(f"others[{i}] and the lead together hold more than 4 copies of a card") from None
        if total.max_copies() > self.t.rules.decks:
            raise ValueError(f"the lead and the other hands hold more copies of a card than "
                             f"{self.t.rules.decks} deck(s) have")
        cdef int n = len(hands)
        cdef sj_cards *arr = <sj_cards *>malloc((n + 1) * sizeof(sj_cards))
        cdef sj_cards played
        cdef int r
        if arr == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                arr[i] = (<Cards>hands[i]).c
            r = sj_check_throw(&self.t, &ld.c, arr, n, &played)
        finally:
            free(arr)
        if r < 0:
            _raise_error(r, f"check_throw of the lead {ld}")
        return ThrowResult(bool(r), Cards._wrap(played))

    def trick_winner(self, plays):
        """Index of the winning play; ``plays[0]`` is the lead (docs/MODEL.md §6)."""
        if isinstance(plays, (str, Cards)):
            raise TypeError("plays must be a list of plays (Cards), the lead first")
        cards = [self._cards(p, f"plays[{i}]") for i, p in enumerate(plays)]
        if not cards:
            raise ValueError("plays is empty: it must start with the lead")
        self._suit_of(cards[0], "the lead (plays[0])")
        n0 = len(cards[0])
        total = Cards()
        for i, p in enumerate(cards):
            if len(p) != n0:
                raise ValueError(f"plays[{i}] has {len(p)} cards but the lead has {n0}")
            try:
                total = total + p
            except ValueError:
                raise ValueError("the plays together hold more than 4 copies of a card") from None
        if total.max_copies() > self.t.rules.decks:
            raise ValueError(f"the plays together hold more copies of a card than {self.t.rules.decks} deck(s) have")
        cdef int n = len(cards)
        cdef sj_cards *arr = <sj_cards *>malloc(n * sizeof(sj_cards))
        cdef int w
        if arr == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                arr[i] = (<Cards>cards[i]).c
            w = sj_trick_winner(&self.t, arr, n)
        finally:
            free(arr)
        if w < 0:
            _raise_error(w, "trick_winner")
        return w

    def kitty_multiplier(self, last_lead):
        """The multiplier of the kitty's points captured with these cards (the capturing cards: by default the
        play that won the last trick, decomposed on its own; under ``kitty_multiplier_reads="lead"`` that
        trick's lead), under the rules' ``kitty_multiplier`` policy (docs/MODEL.md §7)."""
        cdef Cards ld = self._cards(last_lead, "last_lead")
        self._suit_of(ld, "last_lead")
        return sj_kitty_multiplier(&self.t, &ld.c)


# ---- Ctrl-C: every long native call runs through _interruptible with a flag its loops poll ---------------

cdef class _Flags:
    """A native run's progress counter and cancel flag (sj_parallel.h: C11 atomics shared with its threads)."""
    cdef sj_run_flags f

    def __cinit__(self):
        sj_run_flags_init(&self.f)

    def cancel(self):
        sj_run_cancel(&self.f)


def _interruptible(fn, cancel, poll=None):
    """Call ``fn()``, a native call that releases the GIL and stops soon after ``cancel()``, so that Ctrl-C
    reaches it: from the main thread it runs in a worker thread while the main thread waits (Python runs its
    signal handlers only there, between bytecodes), calling ``poll()`` (a progress bar) every 0.1 s; a
    KeyboardInterrupt cancels it, waits until it stopped (nothing it reads or writes outlives the call: the
    caller frees its buffers next) and propagates. From another thread, which signals never reach, it runs
    directly (unless there is a ``poll`` to call).

    The wait is on an Event the worker sets last, not on ``Thread.join``: a KeyboardInterrupt inside
    ``join`` can mark a running thread as stopped (CPython 3.11/3.12), so a second ``join`` would return
    at once while the native threads still run."""
    if threading.current_thread() is not threading.main_thread():  # a thread pool's chunk, say
        return _in_thread(fn, cancel, poll)
    return _waited(fn, cancel, poll)


_RUNNING = {}  # thread ident -> the cancel of the native call it runs (calls from threads other than the main one)
_STOPPING = set()  # thread idents whose native calls are to stop (_stop_threads): their next ones do not start
_RUNNING_LOCK = threading.Lock()


def _in_thread(fn, cancel, poll):
    """``_interruptible`` from a thread other than the main one, which signals never reach: the call is registered
    under the thread's ident, so that ``_stop_threads`` (a run on a thread pool interrupted by Ctrl-C) can cancel
    it; a thread being stopped starts no native call, and one cancelled raises KeyboardInterrupt."""
    ident = threading.get_ident()
    with _RUNNING_LOCK:
        if ident in _STOPPING:
            raise KeyboardInterrupt("the run was interrupted (Ctrl-C)")
        _RUNNING[ident] = cancel
    try:
        out = fn() if poll is None else _waited(fn, cancel, poll)
    finally:
        with _RUNNING_LOCK:
            _RUNNING.pop(ident, None)
            stopped = ident in _STOPPING
    if stopped:
        raise KeyboardInterrupt("the run was interrupted (Ctrl-C)")
    return out


def _stop_threads(idents, stop=True):
    """Cancel the native calls running in the threads ``idents`` and refuse their next ones (``stop``), or with
    ``stop=False`` let those threads run native calls again (the interrupted run is over)."""
    with _RUNNING_LOCK:
        for ident in idents:
            if stop:
                _STOPPING.add(ident)
                cancel = _RUNNING.get(ident)
                if cancel is not None:
                    cancel()
            else:
                _STOPPING.discard(ident)


def _waited(fn, cancel, poll):
    """``fn()`` in a worker thread while this one waits (``_interruptible``)."""
    out = []
    finished = threading.Event()

    def work():
        try:
            out.append((True, fn()))
        except BaseException as err:  # handed to the caller
            out.append((False, err))
        finally:
            finished.set()

    t = threading.Thread(target=work, name="shengji-native", daemon=True)
    try:  # a Ctrl-C anywhere from here on cancels the run, even before the worker started
        t.start()
        while not finished.wait(0.1 if poll is not None else 0.05):
            if poll is not None:
                poll()
    except KeyboardInterrupt:
        cancel()
        while t.ident is not None:  # started: wait until it stopped, whatever more signals come
            try:
                finished.wait()
                break
            except KeyboardInterrupt:
                continue
        raise
    ok, value = out[0]
    if not ok:
        raise value
    return value


include "_deal.pxi"
include "_sim.pxi"
include "_determinize.pxi"
include "_match.pxi"
include "_vecenv.pxi"


ENCODE_SIZE = SJ_ENCODE_SIZE  # entries of the observation encoding (csrc/include/sj_encode.h, shengji.envs)
ACTION_SIZE = SJ_ACTION_SIZE  # entries of an action's encoding: 54 card counts and 5 trump choices


def encode_action(action):
    """An action (Cards or Declaration) as ACTION_SIZE uint8 entries (sj_encode_action): 54 card counts, then its
    trump choice one-hot (S, H, D, C, no trump; zeros for every action but a four-joker declaration)."""
    import numpy as np
    cdef sj_cards c = _action_struct(_as_cards(action, "action"))
    out = np.zeros(SJ_ACTION_SIZE, dtype=np.uint8)
    cdef uint8_t[::1] v = out
    sj_encode_action(&c, &v[0])
    return out
