"""Pure-Python reference implementation of the shengji rules core.

This module is the slow, plain, obviously-correct twin of the C core. It implements the exact
definitions of ``docs/MODEL.md`` (read that page first; the section numbers below refer to it) and
nothing else. It uses only the standard library and imports nothing from the rest of the package,
so that the differential tests really compare two independent implementations.

Summary of the model:

* Cards (§1) are kind ints ``suit * 13 + rank`` (suits S H D C = 0..3, ranks 2..A = 0..12),
  ``52`` = small joker, ``53`` = big joker. A multiset of cards is a list of kinds.
* A trump context (§2) = (rules, level rank, trump suit or none). It gives every kind an effective
  suit ("S", "H", "D", "C" or "T") and a position inside that suit; several kinds may share one
  position (off-suit level cards, off-suit constant trumps) and are then equal but never a pair.
  The trump order below the jokers is the rules' ``trump_order``: ``"qq"`` (default) as just said;
  ``"level_index"`` (the 4-deck post's 级别指数) gives each suit a *block* of its own, its constant
  cards (ascending) then its level card, one position each: with a trump suit s, s's other ranks,
  a *gap*, then the blocks of the other suits by suit rank D < C < H < S, each followed by a gap,
  then s's block (which joins SJ, BJ); with no trump, the four blocks by suit rank, each followed by
  a gap. A gap is a position no kind occupies (an empty column), so no unit spans it: 2S2S3S3S is a
  tractor at level 3, 3C3C2H2H is two pairs. At most 3 constant ranks with this order.
* A unit (§3) of shape (w, l) is l consecutive positions with, at each, one kind held w times (a
  gap holds nothing, so it breaks a run). ``units()`` splits cards greedily: most cards first, then
  the unit-order key (``follow_ladder``), then the higher top; at a shared position the lowest kind
  index. Everything below (follow requirements, throws, trick profiles, kitty multipliers) places
  units through the same columns of kinds per position, so gaps need no special case.
* Natural tractors (§3, ``tractor_rule="natural"``, 泰安, docs/RULES.md §6.7): tuples keep their positions, but a
  tractor is a *chain* of kinds of one lane (a printed suit, or the two jokers) at consecutive printed
  ranks (2 < ... < A, SJ < BJ), and its top is a *tractor key* (2 * printed rank of the top kind, + 1
  for a trump tractor topped by a trump-suit kind, 26 for the jokers). A chain of trumps only is a
  trump tractor; a chain of lane S mixing plain S cards and S's constant or level trumps is a tractor
  of S that *borrows* those trumps. ``play_suit`` gives a play's suit (S for a play whose borrowed
  trumps all lie inside tractors of S in the greedy decomposition, None when mixed). Following a
  plain S lead, H is the plain S cards only and a play may borrow (its suit as a play is S); throws
  count the other hands' borrowable trumps; a failed throw's "lowest bottom" is the lowest printed
  rank (plain suit) or the lowest position among the unit's cards (trump), and ``"highest_card"``
  compares the printed rank of the highest card in a plain suit (positions in trump). Chains are enumerated
  directly (``_chains``); every other code path is shared, with the tractor key in place of a top.
* Following (§4) compares the strongest *requirement* (multiset of shapes derived from the lead's
  units) that the play meets against the strongest one the hand meets. Requirements are enumerated
  exhaustively and checked by exhaustive backtracking over unit placements.
* Throws (§5), trick winner (§6), kitty multipliers (§7) and the level outcome (§8).
* Trick winner (§6): a play contends when it can be partitioned into units of exactly the lead's
  shapes (a *grouping*) in the led suit, or in trump over a plain lead; a trump play always beats a
  plain-suit winner. Between plays of one suit, by ``trick_compare``:
  ``"largest_unit"`` compares the first top of the *profile* (the lexicographically highest tops
  over all groupings, found by exhaustive search); ``"highest_card"`` the highest card;
  ``"all_units"`` enumerates every grouping of both plays as its *tops by shape* (per lead shape,
  the tops high to low) and lets the challenger replace the winner when for every grouping W of the
  winner some grouping C of the challenger beats it (each top of C strictly above the top of W in
  the same place). Only distinct tops-by-shape are enumerated (memoized), and only the groupings no
  other grouping of the same play dominates are compared. Equal plays keep the earlier one.
  With ``wider_shapes`` (the 4-deck post's 四条＞王连对, 三条连拖＞三连拖 …), when the lead is one unit
  (w, l) with w·l >= 4 and w < decks, a play whose decomposition is exactly one unit (w', l') with
  w' > w and w'·l' = w·l contends too (same suit rule). Every contending play then has a width (w
  for plays of the lead's shapes, w' for a wider unit); between plays of one suit the wider is
  higher, plays of the lead's width compare by ``trick_compare`` and two wider units by their tops.
  Trump over a plain-suit winner still comes first.

Where MODEL.md left a question open, the most literal reading is implemented and the spot is marked
with a ``MODEL-QUESTION`` comment.
"""

from collections import Counter
from itertools import product

SUITS = "SHDC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SJ = 52
BJ = 53
TRUMP = "T"

_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_UNIT_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


# ----------------------------------------------------------------------------------------------
# Cards and text
# ----------------------------------------------------------------------------------------------

def rank_index(token):
    """Rank token ("2".."10", "T", "J", "Q", "K", "A", any case) -> rank index 0..12."""
    text = str(token).strip().upper()
    if text == "T":
        text = "10"
    if text not in RANKS:
        raise ValueError(f"bad rank token: {token!r}")
    return RANKS.index(text)


def suit_index(token):
    """Suit token ("S", "H", "D", "C" or a suit symbol, any case) -> suit index 0..3."""
    text = _SUIT_SYMBOLS.get(str(token).strip(), str(token).strip().upper())
    if len(text) != 1 or text not in SUITS:
        raise ValueError(f"bad suit token: {token!r}")
    return SUITS.index(text)


def parse_card(token):
    """One card token, rank then suit ("10H", "AS", "5d", "TC"), or "SJ" / "BJ"."""
    text = token.strip()
    for symbol, letter in _SUIT_SYMBOLS.items():
        if text.startswith(symbol):  # also accept "♠10"
            text = text[len(symbol):] + letter
        text = text.replace(symbol, letter)
    text = text.upper()
    if text == "SJ":
        return SJ
    if text == "BJ":
        return BJ
    if len(text) < 2:
        raise ValueError(f"bad card token: {token!r}")
    return suit_index(text[-1]) * 13 + rank_index(text[:-1])


def parse(text):
    """Parse "10H AS 5d SJ BJ" (spaces or commas) into a list of kind ints, in the given order."""
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def card_text(kind):
    """Canonical text of one kind: "10H", "AS", "SJ", "BJ"."""
    if kind == SJ:
        return "SJ"
    if kind == BJ:
        return "BJ"
    return RANKS[kind % 13] + SUITS[kind // 13]


def cards_text(cards):
    """Canonical text of a multiset: sorted by kind index, one space between tokens."""
    return " ".join(card_text(k) for k in sorted(cards))


def _check_kinds(cards):
    for k in cards:
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= 53:
            raise ValueError(f"not a card kind: {k!r}")


def _counts(cards):
    """Multiset of kinds as a Counter."""
    cards = list(cards)
    _check_kinds(cards)
    return Counter(cards)


def _freeze(counts):
    """Hashable, order-independent form of a Counter (zero entries dropped)."""
    return tuple(sorted((k, c) for k, c in counts.items() if c > 0))


def _expand(counts):
    """Counter -> sorted tuple of kinds."""
    return tuple(sorted(k for k, c in counts.items() for _ in range(c)))


# ----------------------------------------------------------------------------------------------
# Rules holder
# ----------------------------------------------------------------------------------------------

class RefRules:
    """Plain holder of the rule options the rules core reads (any object with these attributes
    may be used instead)."""

    def __init__(self, decks=2, constant_ranks=(), trump_order="qq", follow_protection="none",
                 follow_ladder="qq", taian_trump_follow=False, failed_throw="lowest",
                 trick_compare="largest_unit", wider_shapes=False, kitty_multiplier="power",
                 level_table="standard", tractor_rule="position"):
        self.decks = decks
        self.constant_ranks = tuple(constant_ranks)
        self.trump_order = trump_order
        self.follow_protection = follow_protection
        self.follow_ladder = follow_ladder
        self.taian_trump_follow = taian_trump_follow
        self.failed_throw = failed_throw
        self.trick_compare = trick_compare
        self.wider_shapes = wider_shapes
        self.kitty_multiplier = kitty_multiplier
        self.level_table = level_table
        self.tractor_rule = tractor_rule

    def __repr__(self):
        return "RefRules({})".format(", ".join("{}={!r}".format(*kv) for kv in sorted(vars(self).items())))


class _MixedPlay(ValueError):
    """A multiset that is no play of one suit (mixed effective suits, or under natural tractors a
    borrowed trump outside every tractor)."""


# ----------------------------------------------------------------------------------------------
# Internal unit record
# ----------------------------------------------------------------------------------------------

class _Unit:
    """A unit: width w, length l, top, and the kind used at each position (low to high).

    The top is the top position, except for a tractor under tractor_rule="natural", where it is the
    tractor key (§3 natural tractors: 2 * natural rank of the top kind, + 1 for a trump tractor whose
    top kind is of the trump suit, 26 for the joker tractor) and the kinds are the chain, low to
    high in natural rank."""

    __slots__ = ("w", "l", "top", "kinds")

    def __init__(self, w, l, top, kinds):
        self.w = w
        self.l = l
        self.top = top
        self.kinds = tuple(kinds)

    @property
    def bottom(self):
        return self.top - self.l + 1

    @property
    def size(self):
        return self.w * self.l

    @property
    def shape(self):
        return (self.w, self.l)

    @property
    def cards(self):
        return tuple(sorted(k for k in self.kinds for _ in range(self.w)))

    @property
    def name(self):
        if self.l >= 2:
            return "tractor"
        return _UNIT_NAMES.get(self.w, f"tuple{self.w}")


# ----------------------------------------------------------------------------------------------
# Trump context
# ----------------------------------------------------------------------------------------------

class RefTrump:
    """A trump context: rules + level rank + trump suit (or None for no trump)."""

    def __init__(self, rules, level, suit):
        self.rules = rules
        self.decks = int(rules.decks)
        if self.decks < 1:
            raise ValueError("decks must be >= 1")
        self.level = rank_index(level)
        self.trump_suit = None if suit is None else suit_index(suit)
        # §2: constant ranks minus the level (a constant rank that is the level is simply the level).
        self.constants = sorted({rank_index(r) for r in rules.constant_ranks} - {self.level})
        self.ladder = rules.follow_ladder
        if self.ladder not in ("qq", "4deck"):
            raise ValueError(f"bad follow_ladder: {self.ladder!r}")
        self.trump_order = getattr(rules, "trump_order", "qq")
        if self.trump_order not in ("qq", "level_index"):
            raise ValueError(f"bad trump_order: {self.trump_order!r}")
        if (self.trump_order == "level_index"
                and len({rank_index(r) for r in rules.constant_ranks}) > 3):
            # §2: at most 3 constant ranks fit the level-index order (Rules refuses more).
            raise ValueError("at most 3 constant ranks fit trump_order 'level_index'")
        self.tractor_rule = getattr(rules, "tractor_rule", "position")
        if self.tractor_rule not in ("position", "natural"):
            raise ValueError(f"bad tractor_rule: {self.tractor_rule!r}")
        self.natural = self.tractor_rule == "natural"
        if self.natural and self.trump_order == "level_index":
            # §3 natural tractors: refused with trump_order="level_index" (both redefine adjacency).
            raise ValueError("tractor_rule 'natural' does not combine with trump_order 'level_index'")
        self._build_positions()
        self._requirement_cache = {}
        self._best_cache = {}

    # -- §2 positions ---------------------------------------------------------------------------

    def _build_positions(self):
        """Fill self._suit[kind], self._pos[kind] and self._kinds_at[suit][position].

        self._kinds_at[suit] lists, for every position of the suit from 0 up, the kinds at it; an
        empty entry is a *gap* (level-index order): no kind sits there, so no unit spans it."""
        self._suit = {}
        self._pos = {}
        self._kinds_at = {}
        L, s, C = self.level, self.trump_suit, self.constants

        # Plain suits: ranks 2..A without L and without C, ascending.
        for x in range(4):
            if x == s:
                continue
            groups = [[x * 13 + r] for r in range(13) if r != L and r not in C]
            self._assign(SUITS[x], groups)

        # Trump, from low to high.
        if self.trump_order == "level_index":
            groups = self._level_index_groups()
        else:
            groups = self._qq_groups()
        groups.append([SJ])
        groups.append([BJ])
        self._assign(TRUMP, groups)
        assert len(self._pos) == 54

    def _qq_groups(self):
        """§2 QQ trump order below the jokers: off-suit level cards (and each off-suit constant
        rank) share one position."""
        L, s, C = self.level, self.trump_suit, self.constants
        groups = []
        if s is not None:
            groups += [[s * 13 + r] for r in range(13) if r != L and r not in C]
            for c in C:
                groups.append([x * 13 + c for x in range(4) if x != s])
                groups.append([s * 13 + c])
            groups.append([x * 13 + L for x in range(4) if x != s])
            groups.append([s * 13 + L])
        else:
            for c in C:
                groups.append([x * 13 + c for x in range(4)])
            groups.append([x * 13 + L for x in range(4)])
        return groups

    def _level_index_groups(self):
        """§2 level-index order below the jokers: with a trump suit s, s's other ranks, a gap, then
        per other suit (by suit rank D < C < H < S) a block (its constant cards ascending, then its
        level card, one position each) followed by a gap, then the block of s; with no trump suit,
        the four blocks by suit rank, each followed by a gap. A gap is an empty group."""
        L, s, C = self.level, self.trump_suit, self.constants

        def block(x):
            return [[x * 13 + c] for c in C] + [[x * 13 + L]]

        by_suit_rank = [SUITS.index(x) for x in "DCHS"]
        groups = []
        if s is not None:
            groups += [[s * 13 + r] for r in range(13) if r != L and r not in C]
            groups.append([])  # gap
        for x in by_suit_rank:
            if x != s:
                groups += block(x)
                groups.append([])  # gap
        if s is not None:
            groups += block(s)
        return groups

    def _assign(self, suit, groups):
        self._kinds_at[suit] = [tuple(sorted(g)) for g in groups]
        for position, group in enumerate(groups):
            for kind in group:
                self._suit[kind] = suit
                self._pos[kind] = position

    def is_trump(self, kind):
        _check_kinds([kind])
        return self._suit[kind] == TRUMP

    def effective_suit(self, kind):
        _check_kinds([kind])
        return self._suit[kind]

    def position(self, kind):
        _check_kinds([kind])
        return self._pos[kind]

    def _one_suit(self, cards):
        """The single effective suit of a non-empty multiset, else ValueError."""
        suits = {self._suit[k] for k in cards}
        if len(suits) != 1:
            raise ValueError("cards must be non-empty and of one effective suit")
        return suits.pop()

    def play_suit(self, cards):
        """§3 suit of a play: the effective suit when all cards share one; under natural tractors
        also the plain suit S when every card is a plain S card or a trump of lane S and the
        decomposition puts every such trump inside a tractor of S; else None (mixed).
        ValueError on an empty multiset."""
        counts = _counts(cards)
        if not counts:
            raise ValueError("empty card multiset")
        suits = {self._suit[k] for k in counts}
        if len(suits) == 1:
            return suits.pop()
        if not self.natural:
            return None
        try:
            suit, _ = self._decompose_natural(counts)
        except _MixedPlay:
            return None
        return suit

    # -- §3 natural tractors (tractor_rule="natural") -----------------------------------------

    def _borrowable(self, kind, suit):
        """Under natural tractors: True iff `kind` is a trump of lane `suit` (a plain suit): one of
        its constant or level cards, which a tractor of `suit` holding a plain kind may borrow."""
        return (self.natural and suit != TRUMP and kind < SJ and kind // 13 == SUITS.index(suit)
                and self._suit[kind] == TRUMP)

    def _in_suit(self, counts, suit):
        """The cards of `counts` that may count as `suit`: those of that effective suit and, under
        natural tractors with a plain `suit`, its borrowable trumps (which only a tractor of the
        suit holding a plain kind can take: tuples read the suit's positions, which hold no trump)."""
        return Counter({k: c for k, c in counts.items()
                        if c > 0 and (self._suit[k] == suit or self._borrowable(k, suit))})

    def _tractor_key(self, suit, top_kind):
        """§3 tractor key of a natural tractor of suit `suit` whose top kind is `top_kind`:
        2 * natural rank (2 -> 0 ... A -> 12), + 1 when the kind is of the trump suit and the tractor
        is trump; 26 for the joker tractor."""
        if top_kind >= SJ:
            return 26
        key = 2 * (top_kind % 13)
        if suit == TRUMP and top_kind // 13 == self.trump_suit:
            key += 1
        return key

    def _chains(self, suit, counts, w, l, protect=False):
        """§3 natural tractors of shape (w, l), l >= 2, of suit `suit` contained in `counts`, as
        (tractor key, kinds low to high): chains of l kinds of one lane (a printed suit, or the two
        jokers) with consecutive natural ranks, each held at least w times (with protect exactly w
        times). A trump tractor is a chain of trumps only; a tractor of a plain suit S is a chain of
        lane S (plain S cards and S's constant and level cards) holding at least one plain kind."""
        lanes = range(5) if suit == TRUMP else (SUITS.index(suit),)
        for lane in lanes:
            if lane == 4:
                runs = [(SJ, BJ)] if l == 2 else []
            else:
                runs = [tuple(lane * 13 + r for r in range(b, b + l)) for b in range(14 - l)]
            for kinds in runs:
                if protect:
                    if any(counts.get(k, 0) != w for k in kinds):
                        continue
                elif any(counts.get(k, 0) < w for k in kinds):
                    continue
                if suit == TRUMP:
                    if any(self._suit[k] != TRUMP for k in kinds):
                        continue
                elif not any(self._suit[k] == suit for k in kinds):
                    continue
                yield self._tractor_key(suit, kinds[-1]), kinds

    def _natural_context(self, counts):
        """The suit a play may have under natural tractors: its effective suit when all cards share
        one; the plain suit S when the cards are plain S cards and trumps of lane S; else None."""
        suits = {self._suit[k] for k in counts}
        if len(suits) == 1:
            return suits.pop()
        plain = suits - {TRUMP}
        if len(plain) != 1:
            return None
        suit = plain.pop()
        if all(self._borrowable(k, suit) for k in counts if self._suit[k] == TRUMP):
            return suit
        return None

    def _decompose_natural(self, counts):
        """§3 decomposition under natural tractors -> (suit, [_Unit, ...]); _MixedPlay (a
        ValueError) when the play is mixed (a borrowed trump left outside every tractor).

        Greedy: at each step the unit with the most cards, then the unit-order key, then the higher
        top (tractor key for tractors, position for tuples), then the lowest kind index (at a shared
        position; between tractors of equal key, which lie in different lanes, the one holding the
        lowest kind index)."""
        # MODEL-QUESTION: "then the lowest kind index at a shared position" is read, for two
        # tractors of one shape and one key (off-suit chains of the same printed ranks, ♠2♠2♠3♠3
        # and ♦2♦2♦3♦3), as: the chain holding the lowest kind index first. They are disjoint, so
        # this only orders the list of units.
        suit = self._natural_context(counts)
        if suit is None:
            raise _MixedPlay("cards are mixed: not of one suit as a play")
        counts = Counter({k: c for k, c in counts.items() if c > 0})
        columns = self._kinds_at[suit]
        units = []
        while sum(counts.values()) > 0:
            best = None
            for w in range(1, max(counts.values()) + 1):
                for p, column in enumerate(columns):
                    held = [k for k in column if counts.get(k, 0) >= w]
                    if held:
                        kind = min(held)
                        score = (w, self.unit_key(w, 1), p, -kind)
                        if best is None or score > best[0]:
                            best = (score, _Unit(w, 1, p, [kind]))
                if w < 2:
                    continue
                for l in range(2, 14):
                    found = False
                    for key, kinds in self._chains(suit, counts, w, l):
                        found = True
                        score = (w * l, self.unit_key(w, l), key, -min(kinds))
                        if best is None or score > best[0]:
                            best = (score, _Unit(w, l, key, kinds))
                    if not found:
                        break  # a longer chain would contain one of this length
            if best is None:
                raise _MixedPlay("cards are mixed: a borrowed trump outside every tractor")
            unit = best[1]
            for k in unit.kinds:
                counts[k] -= unit.w
            units.append(unit)
        return suit, units

    def _bottom(self, suit, unit):
        """§5 "lowest bottom" of a unit: its bottom position; under natural tractors, inside a plain
        suit the natural rank of its lowest card, inside trump the lowest position among its cards."""
        if not self.natural:
            return unit.bottom
        if suit != TRUMP:
            return min(k % 13 for k in unit.kinds)
        return min(self._pos[k] for k in unit.kinds)

    # -- §3 shapes, unit order, placements -----------------------------------------------------

    def unit_key(self, w, l):
        """Unit-order key of shape (w, l) (higher is stronger), by follow_ladder."""
        is_tractor = 1 if l >= 2 else 0
        if self.ladder == "qq":
            return (is_tractor, w, l)
        return (w, is_tractor, l)

    def _placements(self, suit, counts, w, l, protect=False):
        """Every unit of shape (w, l) contained in `counts` (one effective suit), as
        (top, kinds) with kinds listed from the lowest position up.

        With protect (follow_protection="longer_tuples", hand side only), a kind can serve only a
        unit whose width equals the number of copies held. Under natural tractors a tractor is a
        chain (``_chains``) and its top the tractor key."""
        if self.natural and l >= 2:
            yield from self._chains(suit, counts, w, l, protect)
            return
        columns = self._kinds_at[suit]
        for top in range(l - 1, len(columns)):
            choices = []
            for p in range(top - l + 1, top + 1):
                if protect:
                    held = [k for k in columns[p] if counts.get(k, 0) == w]
                else:
                    held = [k for k in columns[p] if counts.get(k, 0) >= w]
                if not held:
                    break
                choices.append(held)
            else:
                for kinds in product(*choices):
                    yield top, kinds

    def _decompose(self, cards):
        """§3 greedy decomposition -> (suit, [ _Unit, ... ]) in the order taken."""
        counts = _counts(cards)
        if not counts:
            raise ValueError("empty card multiset")
        if self.natural:
            return self._decompose_natural(counts)
        suit = self._one_suit(counts)
        columns = self._kinds_at[suit]
        units = []
        while sum(counts.values()) > 0:
            best = None
            for w in range(1, self.decks + 1):
                # At each position, the lowest kind held at least w times (None: nothing, or a gap).
                lowest = [min((k for k in column if counts.get(k, 0) >= w), default=None)
                          for column in columns]
                run = 0  # number of consecutive positions ending at `top` that have such a kind
                for top, kind in enumerate(lowest):
                    run = run + 1 if kind is not None else 0
                    # a unit (w, l) with this top exists iff l <= run; no width-1 tractors
                    for l in range(1, (min(run, 1) if w == 1 else run) + 1):
                        score = (w * l, self.unit_key(w, l), top)
                        if best is None or score > best[0]:
                            best = (score, (w, l, top))
            if best is None:
                # Impossible: every card held is at least a single.
                raise AssertionError("no unit found")
            w, l, top = best[1]
            # at a shared position, the lowest kind index held often enough
            kinds = [min(k for k in columns[p] if counts.get(k, 0) >= w) for p in range(top - l + 1, top + 1)]
            unit = _Unit(w, l, top, kinds)
            for k in unit.kinds:
                counts[k] -= unit.w
            units.append(unit)
        return suit, units

    def units(self, cards):
        """§3 decomposition: [(kind, width, length, cards), ...] in the order taken."""
        _, units = self._decompose(cards)
        return [(u.name, u.w, u.l, u.cards) for u in units]

    def is_tractor(self, cards):
        """True iff the cards form exactly one unit and it is a tractor."""
        # MODEL-QUESTION: MODEL.md does not say what is_tractor does on an empty or mixed-suit
        # multiset; units() raises there. Such a multiset is certainly not "exactly one tractor
        # unit", so this returns False instead of raising.
        cards = list(cards)
        _check_kinds(cards)
        if not cards or self.play_suit(cards) is None:
            return False
        _, units = self._decompose(cards)
        return len(units) == 1 and units[0].l >= 2

    # -- §4 following --------------------------------------------------------------------------

    def _unit_pieces(self, w, l):
        """Every multiset of pieces (wi, li), 2 <= wi <= w, that one lead unit (w, l) may give:
        "qq": sum of li <= l; "4deck": sum of wi*li <= w*l. Returned as tuples of shapes."""
        if self.ladder == "qq":
            budget = l
            def cost(wi, li):
                return li
        else:
            # MODEL-QUESTION: the "4deck" budget bounds only cards, not length, so e.g. a
            # three-triple Titanic (9 cards) can require a four-pair tractor (8 cards), a case the
            # prose ladder ("... > three-pair tractor > pair tractor > pair") does not list. The
            # literal budget rule is implemented.
            budget = w * l
            def cost(wi, li):
                return wi * li
        options = []
        for wi in range(2, w + 1):
            li = 1
            while cost(wi, li) <= budget:
                options.append((wi, li))
                li += 1
        results = []

        def extend(start, left, chosen):
            results.append(tuple(chosen))
            for i in range(start, len(options)):
                c = cost(*options[i])
                if c <= left:
                    chosen.append(options[i])
                    extend(i, left - c, chosen)
                    chosen.pop()

        extend(0, budget, [])
        return results

    def _canon_requirement(self, shapes):
        """A requirement as a tuple of shapes sorted by unit-order key, highest first."""
        return tuple(sorted(shapes, key=lambda s: self.unit_key(*s), reverse=True))

    def _strength(self, requirement):
        """List of unit-order keys, highest first (tuple comparison: a list beats its prefixes)."""
        return tuple(self.unit_key(*s) for s in self._canon_requirement(requirement))

    def _requirements(self, lead_shapes):
        """All requirements derived from the lead's units, strongest first."""
        signature = tuple(sorted(lead_shapes))
        if signature not in self._requirement_cache:
            reqs = {()}
            for w, l in signature:
                pieces = self._unit_pieces(w, l)
                reqs = {self._canon_requirement(r + p) for r in reqs for p in pieces}
            ordered = sorted(reqs, key=self._strength, reverse=True)
            self._requirement_cache[signature] = ordered
        return self._requirement_cache[signature]

    def _meets(self, suit, counts, shapes, protect, memo, bound=None):
        """True iff `counts` contains disjoint units of all `shapes` (exhaustive backtracking).

        Identical shapes are placed in non-increasing (top, kinds) order, which visits every set of
        disjoint placements once; memo caches (remaining cards, remaining shapes, bound)."""
        if not shapes:
            return True
        key = (_freeze(counts), shapes, bound)
        if key in memo:
            return memo[key]
        w, l = shapes[0]
        rest = shapes[1:]
        same_next = bool(rest) and rest[0] == shapes[0]
        found = False
        for top, kinds in list(self._placements(suit, counts, w, l, protect)):
            if bound is not None and (top, kinds) > bound:
                continue
            for k in kinds:
                counts[k] -= w
            ok = self._meets(suit, counts, rest, protect, memo,
                             (top, kinds) if same_next else None)
            for k in kinds:
                counts[k] += w
            if ok:
                found = True
                break
        memo[key] = found
        return found

    def _best(self, suit, counts, lead_shapes, protect):
        """best(X): the strongest requirement derived from the lead that X meets."""
        cache_key = (suit, _freeze(counts), tuple(sorted(lead_shapes)), protect)
        if cache_key in self._best_cache:
            return self._best_cache[cache_key]
        counts = Counter({k: c for k, c in counts.items() if c > 0})
        total = sum(counts.values())
        memo = {}
        single_ok = {}
        result = ()
        for req in self._requirements(lead_shapes):
            if sum(w * l for w, l in req) > total:
                continue
            # Cheap necessary condition: each shape on its own is present.
            possible = True
            for shape in set(req):
                if shape not in single_ok:
                    single_ok[shape] = self._meets(suit, counts, (shape,), protect, memo)
                if not single_ok[shape]:
                    possible = False
                    break
            if possible and self._meets(suit, counts, req, protect, memo):
                result = req
                break
        if len(self._best_cache) > 200000:
            self._best_cache.clear()
        self._best_cache[cache_key] = result
        return result

    def _follow_context(self, lead):
        """(suit E, n, lead shapes, lead has a unit of width >= 2) for a lead."""
        suit, units = self._decompose(lead)
        shapes = [u.shape for u in units]
        return suit, len(list(lead)), shapes, any(u.w >= 2 for u in units)

    def _legal(self, hand_counts, context, play_counts):
        """§4 on validated inputs (play has n cards and is within the hand)."""
        suit, n, lead_shapes, lead_has_tuple = context
        # H: the hand's cards of effective suit E (under natural tractors never its borrowable
        # trumps: a follower is never obliged to borrow).
        in_suit = Counter({k: c for k, c in hand_counts.items() if c > 0 and self._suit[k] == suit})
        h = sum(in_suit.values())
        # play ∩ E: under natural tractors the play's E cards, borrowed ones included.
        played_in_suit = self._in_suit(play_counts, suit)

        # 2. Suit.
        if h >= n:
            if self.natural:
                # a play whose suit as a play is E
                if self.play_suit(_expand(play_counts)) != suit:
                    return False
            elif sum(played_in_suit.values()) != n:
                return False
        else:
            played_plain = Counter({k: c for k, c in play_counts.items() if c > 0 and self._suit[k] == suit})
            if _freeze(played_plain) != _freeze(in_suit):
                return False

        # 3. Structure.
        protect = self.rules.follow_protection == "longer_tuples"
        best_hand = self._best(suit, in_suit, lead_shapes, protect)
        best_play = self._best(suit, played_in_suit, lead_shapes, False)
        if self._strength(best_play) < self._strength(best_hand):
            return False

        # 4. 泰安 trump follow.
        # MODEL-QUESTION: with follow_protection="longer_tuples", "best(H) is empty" is read with
        # the same (protected) best(H) as step 3.
        if (self.rules.taian_trump_follow and suit == TRUMP and lead_has_tuple and h >= n
                and best_hand == ()):
            hand_positions = sorted((self._pos[k] for k in _expand(in_suit)), reverse=True)
            play_positions = sorted((self._pos[k] for k in _expand(played_in_suit)), reverse=True)
            if play_positions != hand_positions[:n]:
                return False
        return True

    def _check_follow_args(self, hand, lead, play):
        hand_counts = _counts(hand)
        play_counts = _counts(play)
        lead = list(lead)
        context = self._follow_context(lead)  # raises on an empty or mixed-suit lead
        if sum(play_counts.values()) != len(lead):
            raise ValueError("play must have as many cards as the lead")
        for k, c in play_counts.items():
            if c > hand_counts.get(k, 0):
                raise ValueError("play is not within the hand")
        return hand_counts, context, play_counts

    def is_legal_follow(self, hand, lead, play):
        """MODEL.md §4: is `play` (from `hand`) a legal answer to `lead`?"""
        hand_counts, context, play_counts = self._check_follow_args(hand, lead, play)
        return self._legal(hand_counts, context, play_counts)

    def legal_follows(self, hand, lead, limit=None):
        """Every distinct legal play (sorted tuples) answering `lead` from `hand`.

        Candidates are all n-card sub-multisets of the hand obeying the suit rule; each one is
        checked with the full §4 test. With `limit`, at most that many, taking the candidates in
        ascending lexicographic order of their sorted tuples."""
        hand_counts = _counts(hand)
        context = self._follow_context(lead)
        suit, n = context[0], context[1]
        in_suit = Counter({k: c for k, c in hand_counts.items() if c > 0 and self._suit[k] == suit})
        others = Counter({k: c for k, c in hand_counts.items() if c > 0 and self._suit[k] != suit})
        h = sum(in_suit.values())
        if sum(hand_counts.values()) < n:
            return set()
        if h >= n:
            # under natural tractors the plays that borrow are candidates too
            candidates = _sub_multisets(self._in_suit(hand_counts, suit), n)
        else:
            fixed = _expand(in_suit)
            candidates = (tuple(sorted(fixed + rest)) for rest in _sub_multisets(others, n - h))
        result = set()
        for play in sorted(candidates):
            if self._legal(hand_counts, context, Counter(play)):
                result.add(play)
                if limit is not None and len(result) >= limit:
                    break
        return result

    # -- §5 throws -----------------------------------------------------------------------------

    def check_throw(self, lead, others):
        """MODEL.md §5: (True, lead) if the throw stands, else (False, the beaten unit played)."""
        suit, units = self._decompose(lead)
        whole = tuple(sorted(lead))
        if len(units) == 1:
            return True, whole
        hands = []
        for hand in others:
            counts = _counts(hand)
            hands.append(self._in_suit(counts, suit))  # natural: borrowable trumps included
        beaten = []
        for unit in units:
            for counts in hands:
                if any(top > unit.top
                       for top, _ in self._placements(suit, counts, unit.w, unit.l)):
                    beaten.append(unit)
                    break
        if not beaten:
            return True, whole
        policy = self.rules.failed_throw
        if policy == "lowest":
            def order(u):
                return (self._bottom(suit, u), u.size, min(u.kinds))
        elif policy == "smallest_shape":
            def order(u):
                return (u.size, self._bottom(suit, u), min(u.kinds))
        else:
            raise ValueError(f"bad failed_throw: {policy!r}")
        chosen = min(beaten, key=order)
        return False, chosen.cards

    # -- §6 trick winner -----------------------------------------------------------------------

    def _profile(self, suit, counts, shapes):
        """Lexicographically highest profile over all partitions of `counts` into exactly
        `shapes` (ordered by unit-order key, highest first), or None if there is none: the highest
        of the groupings' tops (see ``_groupings``, which lists them in profile order)."""
        return max(self._groupings(suit, counts, shapes), default=None)

    def _groupings(self, suit, counts, shapes):
        """Every distinct *tops by shape* over the groupings (partitions) of `counts` into units of
        exactly `shapes` (sorted by unit-order key, highest first, so identical shapes are
        adjacent), as a set of flat tuples: for each shape group in `shapes` order, the tops of its
        units from high to low. Empty when the cards have no such partition.

        Exhaustive: identical shapes are placed in non-increasing (top, kinds) order (every
        partition is visited once), results are memoized on (remaining cards, index, bound), and a
        trailing group of singles is read off directly (its tops are the remaining positions)."""
        counts = Counter({k: c for k, c in counts.items() if c > 0})
        n = len(shapes)
        singles_from = n
        while singles_from > 0 and shapes[singles_from - 1] == (1, 1):
            singles_from -= 1
        memo = {}

        def search(idx, bound):
            if idx == singles_from:
                left = _expand(counts)
                if len(left) != n - idx or any(self._suit[k] != suit for k in left):
                    return frozenset()  # (a borrowed trump is never a single)
                return frozenset([tuple(sorted((self._pos[k] for k in left), reverse=True))])
            key = (_freeze(counts), idx, bound)
            if key in memo:
                return memo[key]
            w, l = shapes[idx]
            same_next = idx + 1 < n and shapes[idx + 1] == shapes[idx]
            found = set()
            for top, kinds in list(self._placements(suit, counts, w, l)):
                if bound is not None and (top, kinds) > bound:
                    continue
                for k in kinds:
                    counts[k] -= w
                rest = search(idx + 1, (top, kinds) if same_next else None)
                for k in kinds:
                    counts[k] += w
                found.update((top,) + r for r in rest)
            result = frozenset(found)
            memo[key] = result
            return result

        return search(0, None)

    def _wider_unit(self, play, lead_units):
        """§6 wider shapes: (width, top) if `play` (one effective suit) decomposes into exactly one
        unit of shape (w', l') with w' > w and w'·l' = w·l, where the lead `lead_units` is one unit
        (w, l) with w·l >= 4 and w < decks; else None (also when the option is off)."""
        if not getattr(self.rules, "wider_shapes", False) or len(lead_units) != 1:
            return None
        lead = lead_units[0]
        if lead.size < 4 or lead.w >= self.decks:
            return None
        # Cheap necessary condition (a unit of width w' holds each of its kinds exactly w' times),
        # then the §3 decomposition itself.
        widths = set(Counter(play).values())
        if len(play) != lead.size or len(widths) != 1 or widths.pop() <= lead.w:
            return None
        _, units = self._decompose(play)
        if len(units) != 1:
            return None
        unit = units[0]
        if unit.w > lead.w and unit.size == lead.size:
            return unit.w, unit.top
        return None

    def trick_winner(self, plays):
        """MODEL.md §6: index of the winning play (plays[0] is the lead)."""
        plays = [list(p) for p in plays]
        lead_suit, lead_units = self._decompose(plays[0])
        shapes = tuple(sorted((u.shape for u in lead_units),
                              key=lambda s: self.unit_key(*s), reverse=True))
        compare = self.rules.trick_compare
        if compare not in ("largest_unit", "all_units", "highest_card"):
            raise ValueError(f"bad trick_compare: {compare!r}")
        # §6 wider shapes: every contending play has a width, the lead's shapes width w (plays that
        # match F), a wider single unit its own w'. Between plays of one suit the wider is higher;
        # two plays of the lead's width compare by `compare`, two wider units (of one width, hence
        # of one shape) by their tops.
        lead_width = lead_units[0].w if len(lead_units) == 1 else None

        def strength(suit, play):
            """None if the play does not match the lead's shapes, else what `compare` reads."""
            counts = Counter(play)
            if compare == "all_units":
                groupings = self._groupings(suit, counts, shapes)
                return _non_dominated(groupings) if groupings else None
            profile = self._profile(suit, counts, shapes)
            if profile is None:
                return None
            if compare == "largest_unit":
                return profile[0]
            if self.natural and suit != TRUMP:
                # §3 natural tractors: inside a plain suit the printed rank of the highest card,
                # borrowed trumps included (for plain cards the same order as their positions)
                return max(k % 13 for k in play)
            return max(self._pos[k] for k in play)

        winner = 0
        win_suit = lead_suit
        win_width = lead_width
        win_strength = strength(lead_suit, plays[0])
        for i in range(1, len(plays)):
            play = plays[i]
            _check_kinds(play)
            # MODEL-QUESTION: under natural tractors "all its cards are of one effective suit" (a
            # play matching F) is read as "its suit as a play" (play_suit): a play that borrows
            # contends in its plain suit; a play that is mixed by the greedy decomposition never
            # contends, even if some other partition would place its borrowed trumps in tractors.
            suit = self.play_suit(play) if play else None
            if suit is None:
                continue
            if not (suit == lead_suit or (lead_suit != TRUMP and suit == TRUMP)):
                continue
            width = lead_width
            value = strength(suit, play)
            if value is None:
                wider = self._wider_unit(play, lead_units)
                if wider is None:
                    continue  # matches neither the lead's shapes nor a wider shape
                width, value = wider
            if suit == TRUMP and win_suit != TRUMP:
                higher = True
            elif suit != win_suit:
                higher = False
            elif width != win_width:
                higher = width > win_width  # only when wider_shapes applies: widths are ints
            elif width != lead_width:
                higher = value > win_strength  # two wider units of one shape: by their tops
            elif compare == "all_units":
                # every grouping of the winner is beaten by some grouping of the challenger
                higher = all(any(_beats(c, w) for c in value) for w in win_strength)
            else:
                higher = value > win_strength
            if higher:
                winner, win_suit, win_width, win_strength = i, suit, width, value
        return winner

    # -- §7 kitty multiplier -------------------------------------------------------------------

    def kitty_multiplier(self, cards):
        """MODEL.md §7: the multiplier of the given capturing cards (the play that won the last trick,
        or under kitty_multiplier_reads="lead" that trick's lead: the deal engine chooses them), read
        from their own §3 decomposition by the rules' kitty_multiplier policy."""
        _, units = self._decompose(cards)
        policy = self.rules.kitty_multiplier
        if policy == "power":
            return min(2 ** max(u.size for u in units), 64)
        if policy == "pairs":
            p = sum(u.l * (u.w // 2) for u in units if u.w >= 2)
            return 2 ** (1 + p)
        if policy == "bianfeng":
            titanics = [u.l for u in units if u.w >= 3 and u.l >= 2]
            if titanics:
                return 2 * 3 ** max(titanics)
            if any(u.w >= 3 for u in units):
                return 6
            tractors = [u.l for u in units if u.l >= 2]
            if tractors:
                return 2 * 2 ** max(tractors)
            if any(u.w == 2 for u in units):
                return 4
            return 2
        if policy == "chinagame":
            t = sum(u.l for u in units if u.w >= 3)
            p = sum(u.l for u in units if u.w == 2)
            return 2 if t + p == 0 else 6 * t + 4 * p
        if policy == "copies":
            return 2 ** max(u.w for u in units)
        raise ValueError(f"bad kitty_multiplier: {policy!r}")


# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------

def _beats(challenger, winner):
    """§6 all_units: grouping tops `challenger` beat `winner` (strictly higher in every place)."""
    return all(c > w for c, w in zip(challenger, winner, strict=True))


def _non_dominated(groupings):
    """The groupings (flat tops tuples of one layout) that no other one dominates (>= in every
    place), highest first. A grouping beating a dominating one beats the dominated one too, and a
    dominated challenger grouping beats nothing its dominator does not, so these suffice."""
    kept = []
    for g in sorted(groupings, reverse=True):  # a dominator sorts before what it dominates
        if not any(all(a >= b for a, b in zip(k, g, strict=True)) for k in kept):
            kept.append(g)
    return kept


def _sub_multisets(counts, size):
    """All sub-multisets of `counts` with `size` cards, as sorted tuples."""
    kinds = sorted(k for k, c in counts.items() if c > 0)
    avail = [counts[k] for k in kinds]
    # suffix sums for pruning
    suffix = [0] * (len(kinds) + 1)
    for i in range(len(kinds) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]
    chosen = []

    def rec(i, left):
        if left == 0:
            yield tuple(chosen)
            return
        if i == len(kinds) or suffix[i] < left:
            return
        for take in range(min(avail[i], left), -1, -1):
            chosen.extend([kinds[i]] * take)
            yield from rec(i + 1, left - take)
            del chosen[len(chosen) - take:]

    return rec(0, size)


# ----------------------------------------------------------------------------------------------
# §8 level outcome
# ----------------------------------------------------------------------------------------------

def level_outcome(rules, attacker_points):
    """MODEL.md §8: (dealer_keeps, dealer_levels, attacker_levels)."""
    points = int(attacker_points)
    if points < 0:
        raise ValueError("attacker points must be >= 0")
    band = 20 * int(rules.decks)
    if points == 0:
        return True, 3, 0
    if points < band:
        return True, 2, 0
    if points < 2 * band:
        return True, 1, 0
    levels = (points - 2 * band) // band
    table = rules.level_table
    if table == "standard":
        return False, 0, levels
    if table == "attackers_early":
        return False, 0, levels + 1
    raise ValueError(f"bad level_table: {table!r}")
