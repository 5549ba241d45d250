"""Pure-Python reference deal engine: MODEL.md §9 "A deal", built on ``reference.py``.

The slow, plain twin of the C deal engine. It deals a given pack order, runs the declaring phase
(declaration ladders ``"qq"`` and ``"qq3"``), the bury phase and the tricks, and scores the deal.
Everything about cards (units, follow legality, throw checks, trick winner, kitty multiplier, level
outcome) comes from :mod:`shengji.reference` (``RefTrump`` and ``level_outcome``); nothing else of
the package is imported, so the engine stays independent of the C core. Standard library only.

Card kinds are ints 0..53 (``suit * 13 + rank``, 52 = SJ, 53 = BJ); multisets are lists/tuples of
kinds; every multiset returned is a sorted tuple.

Phases: ``"declare"`` -> ``"bury"`` -> ``"play"`` -> ``"done"``. One action protocol for every phase:
``act(cards)`` passes or declares, buries or plays, by phase (``declare``, ``bury`` and ``play`` stay
available); ``legal_actions()`` lists the declarations or the plays of the seat to move (none when
done; it raises in the bury phase, where the dealer names the cards). Every move made in the wrong
phase or with bad input raises ``ValueError`` and leaves the state unchanged.

Declaring options read from the rules (``getattr`` with the defaults in brackets):

* ``declaration`` [``"qq"``]: ``"qq"`` and ``"qq3"`` are implemented; ``"4deck"`` and ``"taian"`` raise
  ``NotImplementedError`` when a deal with ``trump="declare"`` is constructed; ``"none"`` (no
  declaring phase) with ``trump="declare"`` is a ``ValueError``: the caller gives the trump.
* ``no_bid`` [``"notrump"``], when nobody declared: ``"notrump"`` no trump; ``"kitty_card"`` the suit of
  the kitty's third card in pack order, or of the next card that is not a joker (no trump when all
  from the third on are jokers); ``"kitty_card_notrump"`` the suit of the kitty's third card, no
  trump when it is a joker (both need a kitty of at least three cards). ``"redeal"`` and
  ``"dealer_loses"`` raise ``NotImplementedError`` when a deal with ``trump="declare"`` is constructed.
* ``first_deal_dealer`` [``"first_declarer"``], with ``first_deal=True``: ``"first_declarer"`` makes the
  seat of the first declaration of the deal the dealer (even if it was overturned),
  ``"final_declarer"`` the seat of the standing declaration; with no declaration the dealer stays.
  The trump is always the standing declaration's.

Unknown option values raise ``ValueError`` at construction.

Where MODEL.md §9 is ambiguous the most literal reading is implemented and the spot is marked with a
``MODEL-QUESTION`` comment.
"""

from collections import Counter
from itertools import product

from .reference import BJ, SJ, SUITS, RefTrump, level_outcome, rank_index, suit_index

_DEFAULT_KITTY = {1: 6, 2: 8, 3: 6, 4: 8}
_PENALTIES = ("none", "ten_per_card", "match_point")
_DECLARATIONS = ("qq", "qq3", "4deck", "taian", "none")
_NO_BIDS = ("notrump", "kitty_card", "kitty_card_notrump", "redeal", "dealer_loses")
_FIRST_DEAL_DEALERS = ("first_declarer", "final_declarer")


def _points(cards):
    """§1: each 5 is 5, each 10 and each K is 10."""
    total = 0
    for k in cards:
        if k < 52:
            r = k % 13
            if r == 3:
                total += 5
            elif r == 8 or r == 11:
                total += 10
    return total


def _as_kinds(cards, what="cards"):
    """Validate a multiset argument and return it as a list of ints."""
    if isinstance(cards, (str, bytes)):
        raise ValueError(f"{what} must be a list or tuple of card kinds (ints 0..53), not a string")
    try:
        items = list(cards)
    except TypeError:
        raise ValueError(f"{what} must be a list or tuple of card kinds (ints 0..53)") from None
    for k in items:
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= 53:
            raise ValueError(f"{what}: not a card kind: {k!r}")
    return items


def _expand(counts):
    return tuple(sorted(k for k, c in counts.items() for _ in range(c)))


def _within(counts, hand):
    """True iff multiset `counts` is contained in multiset `hand` (both Counters)."""
    return all(c <= hand.get(k, 0) for k, c in counts.items())


class _Columns:
    """Per effective suit, the kinds at each position, read from a RefTrump (§2)."""

    def __init__(self, trump):
        self.suit = [trump.effective_suit(k) for k in range(54)]
        self.pos = [trump.position(k) for k in range(54)]
        cols = {}
        for k in range(54):
            cols.setdefault(self.suit[k], {}).setdefault(self.pos[k], []).append(k)
        self.at = {}
        for s, by_pos in cols.items():
            npos = max(by_pos) + 1
            self.at[s] = [tuple(sorted(by_pos.get(p, ()))) for p in range(npos)]


class RefDeal:
    """One deal (MODEL.md §9). See the module docstring and the attribute list below.

    Public attributes: ``phase``, ``to_move``, ``dealer``, ``trump_suit``, ``declarer`` (seat of the
    standing declaration), ``first_declarer`` (seat of the deal's first declaration),
    ``declaration``, ``tricks``, ``trick``, ``voids``, ``failed_throws``, ``attacker_captured``,
    ``defender_captured``, ``penalty``, ``kitty``.
    """

    def __init__(self, rules, order, dealer=0, level="2", trump="declare", first_deal=False):
        decks = getattr(rules, "decks", None)
        if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
            raise ValueError(f"rules.decks must be a positive int, got {decks!r}")
        kitty_size = getattr(rules, "kitty", None)
        if kitty_size is None:
            kitty_size = _DEFAULT_KITTY.get(decks, 8)
        total = 54 * decks
        if not isinstance(kitty_size, int) or not 0 <= kitty_size < total or (total - kitty_size) % 4:
            raise ValueError(f"bad kitty size {kitty_size!r} for {decks} deck(s)")
        self._throw_penalty = getattr(rules, "throw_penalty", "none")
        if self._throw_penalty not in _PENALTIES:
            raise ValueError(f"bad throw_penalty: {self._throw_penalty!r}")
        self._declaration_rule = getattr(rules, "declaration", "qq")
        if self._declaration_rule not in _DECLARATIONS:
            raise ValueError(f"bad declaration: {self._declaration_rule!r}")
        self._no_bid = getattr(rules, "no_bid", "notrump")
        if self._no_bid not in _NO_BIDS:
            raise ValueError(f"bad no_bid: {self._no_bid!r}")
        if self._no_bid in ("kitty_card", "kitty_card_notrump") and kitty_size < 3:
            raise ValueError(f"no_bid={self._no_bid!r} needs a kitty of at least 3 cards, got {kitty_size}")
        self._first_deal_dealer = getattr(rules, "first_deal_dealer", "first_declarer")
        if self._first_deal_dealer not in _FIRST_DEAL_DEALERS:
            raise ValueError(f"bad first_deal_dealer: {self._first_deal_dealer!r}")

        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")
        self._level = rank_index(level)  # ValueError on a bad rank
        self._level_token = level
        RefTrump(rules, level, None)  # validates the rules' card options before anything is dealt

        order = _as_kinds(order, "order")
        if len(order) != total:
            raise ValueError(f"order must hold {total} cards ({decks} deck(s)), got {len(order)}")
        counts = Counter(order)
        if any(counts.get(k, 0) != decks for k in range(54)):
            raise ValueError(f"order must hold every card kind exactly {decks} time(s)")

        if trump == "declare":
            if self._declaration_rule == "none":
                raise ValueError("declaration='none': no declaring phase: give the trump")
            if self._declaration_rule not in ("qq", "qq3"):
                raise NotImplementedError(
                    f"declaration={self._declaration_rule!r} is not implemented by the reference deal engine")
            if self._no_bid in ("redeal", "dealer_loses"):
                raise NotImplementedError(
                    f"no_bid={self._no_bid!r} is not implemented by the reference deal engine")
        elif trump is not None:
            if not isinstance(trump, str):
                raise ValueError(f"trump must be 'declare', a suit letter or None, got {trump!r}")
            trump = SUITS[suit_index(trump)]

        self.rules = rules
        self.decks = decks
        self.kitty_size = kitty_size
        self.hand_size = (total - kitty_size) // 4
        self.first_deal = bool(first_deal)
        self._order = tuple(order)
        self._kitty_order = tuple(order[total - kitty_size:])
        self.kitty = tuple(sorted(self._kitty_order))

        self.dealer = dealer
        self.declarer = None
        self.first_declarer = None
        self.declaration = ()
        self._decl_strength = 0
        self.trump_suit = None
        self._trump = None
        self._cols = None

        self._hands = [Counter() for _ in range(4)]
        self.tricks = []
        self.trick = []
        self._trick_leader = None
        self.voids = [set() for _ in range(4)]
        self.failed_throws = [0, 0, 0, 0]
        self.attacker_captured = 0
        self.defender_captured = 0
        self.penalty = 0
        self._played = Counter()  # every card of the completed tricks

        if trump == "declare":
            self.phase = "declare"
            self._act = 0  # acts 0..4H-1 follow card number act; acts 4H..4H+3: the final round
            self._deal_card(0)
            self.to_move = dealer
        else:
            for i in range(4 * self.hand_size):
                self._deal_card(i)
            self.trump_suit = trump
            self._start_bury()

    # ------------------------------------------------------------------------------------------
    # copying: the trump context is immutable apart from its caches, share it
    # ------------------------------------------------------------------------------------------

    def __deepcopy__(self, memo):
        new = object.__new__(RefDeal)
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            if name in ("rules", "_trump", "_cols", "_order", "_kitty_order"):
                new.__dict__[name] = value
            elif name == "_hands":
                new.__dict__[name] = [Counter(h) for h in value]
            elif name == "_played":
                new.__dict__[name] = Counter(value)
            elif name == "tricks":
                new.__dict__[name] = [(ld, list(plays), w) for ld, plays, w in value]
            elif name == "voids":
                new.__dict__[name] = [set(v) for v in value]
            elif isinstance(value, list):
                new.__dict__[name] = list(value)
            else:
                new.__dict__[name] = value
        return new

    # ------------------------------------------------------------------------------------------
    # queries
    # ------------------------------------------------------------------------------------------

    def hand(self, seat):
        """Seat's cards, sorted (in the bury phase the dealer's hand includes the kitty)."""
        self._check_seat(seat)
        return _expand(self._hands[seat])

    @property
    def trump(self):
        """The RefTrump context (None while declaring)."""
        return self._trump

    def team_of(self, seat):
        return seat % 2

    def is_attacker(self, seat):
        return seat % 2 != self.dealer % 2

    def _check_seat(self, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat!r}")

    def __repr__(self):
        return (f"RefDeal(phase={self.phase!r}, dealer={self.dealer}, to_move={self.to_move}, "
                f"trump_suit={self.trump_suit!r}, tricks={len(self.tricks)})")

    # ------------------------------------------------------------------------------------------
    # dealing and declaring
    # ------------------------------------------------------------------------------------------

    def _deal_card(self, i):
        self._hands[(self.dealer + i) % 4][self._order[i]] += 1

    def _strength_of(self, kind, k):
        """Strength of a declaration of k copies of `kind` (0 if it is not a declaration)."""
        rule = self._declaration_rule
        if kind in (SJ, BJ):
            if k == 2:
                return 3
            if k == 3 and rule == "qq3":
                return 5
            return 0
        if kind % 13 != self._level:
            return 0
        if k == 1:
            return 1
        if k == 2:
            return 2
        if k == 3 and rule == "qq3":
            return 4
        return 0

    def legal_declarations(self):
        """In the declare phase: {()} (pass) plus every legal declaration of to_move."""
        if self.phase != "declare":
            raise ValueError(f"no declarations in the {self.phase} phase")
        result = {()}
        hand = self._hands[self.to_move]
        kinds = [s * 13 + self._level for s in range(4)] + [SJ, BJ]
        for kind in kinds:
            for k in range(1, hand.get(kind, 0) + 1):
                if self._strength_of(kind, k) > self._decl_strength:
                    result.add((kind,) * k)
        return result

    def declare(self, cards):
        """Pass ([] or ()) or declare `cards` (k identical level cards or jokers held by to_move)."""
        if self.phase != "declare":
            raise ValueError(f"cannot declare in the {self.phase} phase")
        cards = tuple(sorted(_as_kinds(cards, "declaration")))
        if cards:
            if len(set(cards)) != 1:
                raise ValueError("a declaration shows identical cards (one kind)")
            kind, k = cards[0], len(cards)
            if self._hands[self.to_move].get(kind, 0) < k:
                raise ValueError(f"seat {self.to_move} does not hold the declared cards")
            strength = self._strength_of(kind, k)
            if strength == 0:
                raise ValueError("not a declaration: show level cards of one suit or jokers of one kind")
            if strength <= self._decl_strength:
                raise ValueError("a declaration must be strictly stronger than the current one")
        if cards:
            self.declaration = cards
            self._decl_strength = strength
            self.declarer = self.to_move
            if self.first_declarer is None:
                self.first_declarer = self.to_move
            self.trump_suit = None if kind in (SJ, BJ) else SUITS[kind // 13]
        self._act += 1
        if self._act < 4 * self.hand_size:
            self._deal_card(self._act)
        # MODEL-QUESTION: "after the last card, each seat acts once more, in order from the
        # dealer": every seat acts again, including the seat that received (and acted on) the last
        # card; act numbers 4H..4H+3 go to dealer, dealer+1, dealer+2, dealer+3.
        if self._act < 4 * self.hand_size + 4:
            self.to_move = (self.dealer + self._act) % 4
            return
        self._finish_declaring()

    def _finish_declaring(self):
        if self._decl_strength == 0:
            self.trump_suit = None
            if self._no_bid == "kitty_card":
                # MODEL-QUESTION: the kitty's third card, else the next card that is not a joker, in
                # pack order, without wrapping around; only jokers from the third card on give no
                # trump. A level card gives its own suit.
                for kind in self._kitty_order[2:]:
                    if kind not in (SJ, BJ):
                        self.trump_suit = SUITS[kind // 13]
                        break
            elif self._no_bid == "kitty_card_notrump":
                kind = self._kitty_order[2]
                if kind not in (SJ, BJ):
                    self.trump_suit = SUITS[kind // 13]
        elif self.first_deal:
            # MODEL-QUESTION: the new dealer changes who buries, leads and defends; the cards already
            # dealt (from the old dealer) stay where they are.
            if self._first_deal_dealer == "first_declarer":
                self.dealer = self.first_declarer
            else:
                self.dealer = self.declarer
        self._start_bury()

    # ------------------------------------------------------------------------------------------
    # burying
    # ------------------------------------------------------------------------------------------

    def _start_bury(self):
        self._trump = RefTrump(self.rules, self._level_token, self.trump_suit)
        self._cols = _Columns(self._trump)
        self.phase = "bury"
        self.to_move = self.dealer
        self._hands[self.dealer].update(self._kitty_order)

    def bury(self, cards):
        """The dealer buries exactly `kitty` cards of his hand (which includes the kitty)."""
        if self.phase != "bury":
            raise ValueError(f"cannot bury in the {self.phase} phase")
        cards = _as_kinds(cards, "bury")
        if len(cards) != self.kitty_size:
            raise ValueError(f"bury exactly {self.kitty_size} cards, got {len(cards)}")
        counts = Counter(cards)
        hand = self._hands[self.dealer]
        if not _within(counts, hand):
            raise ValueError("buried cards are not in the dealer's hand")
        hand.subtract(counts)
        self._hands[self.dealer] = +hand
        self.kitty = tuple(sorted(cards))
        self.phase = "play"
        self.to_move = self.dealer
        self._trick_leader = self.dealer

    # ------------------------------------------------------------------------------------------
    # actions: one protocol for every phase
    # ------------------------------------------------------------------------------------------

    def act(self, cards):
        """MODEL §9 "Actions": apply the action `cards` of the seat to move, by phase: declare
        (empty = pass) -> declare(); bury -> bury(); play -> play() (returns the cards actually
        played; None in the other phases). ValueError when the deal is done."""
        if self.phase == "declare":
            self.declare(cards)
            return None
        if self.phase == "bury":
            self.bury(cards)
            return None
        if self.phase == "play":
            return self.play(cards)
        raise ValueError("the deal is over: no action")

    # ------------------------------------------------------------------------------------------
    # legal actions
    # ------------------------------------------------------------------------------------------

    def legal_actions(self):
        """Declare phase: legal_declarations(); play phase: single units and safe throws for a
        leader, legal follows for a follower (MODEL §9 "Legal actions"); done: empty set."""
        if self.phase == "declare":
            return self.legal_declarations()
        if self.phase == "bury":
            # MODEL §9: "Burying: the caller names the cards" -- there is no list to give.
            raise ValueError("in the bury phase the dealer names the cards to bury (see bury())")
        if self.phase == "done":
            return set()
        hand = self._hands[self.to_move]
        if self.trick:
            return set(self._trump.legal_follows(_expand(hand), self.trick[0]))
        return self._single_units(hand) | self._safe_throws(hand)

    def _by_suit(self, counts):
        by_suit = {}
        for k, c in counts.items():
            if c > 0:
                by_suit.setdefault(self._cols.suit[k], Counter())[k] = c
        return by_suit

    def _single_units(self, hand):
        """Every unit of every shape in the hand (every choice of kinds at shared positions)."""
        result = set()
        for suit, counts in self._by_suit(hand).items():
            for w, _l, _top, window in self._unit_windows(counts, self._cols.at[suit]):
                for kinds in product(*window):
                    result.add(tuple(sorted(k for k in kinds for _ in range(w))))
        return result

    @staticmethod
    def _unit_windows(counts, columns):
        """(w, l, top, window) for every shape placed in the cards `counts` of one suit: `window` lists, per
        position top-l+1 .. top, the kinds held at least w times (a unit takes one kind from each)."""
        for w in range(1, max(counts.values()) + 1):
            held = [[k for k in col if counts.get(k, 0) >= w] for col in columns]
            for top in range(len(columns)):
                for l in range(1, (1 if w == 1 else top + 1) + 1):
                    window = held[top - l + 1: top + 1]
                    if not all(window):
                        break
                    yield w, l, top, window

    def unseen(self, seat):
        """MODEL §9: the pack minus seat's hand, minus every card played, minus the kitty if seat
        buried it."""
        pack = Counter({k: self.decks for k in range(54)})
        pack.subtract(self._hands[seat])
        pack.subtract(self._played)
        for plays in self.trick:
            pack.subtract(plays)
        if seat == self.dealer and self.phase in ("play", "done"):
            pack.subtract(self.kitty)
        return +pack

    def _max_tops(self, suit, counts):
        """{(w, l): highest top of a unit of shape (w, l) in counts (one suit)}."""
        columns = self._cols.at[suit]
        tops = {}
        if not counts:
            return tops
        for w in range(1, max(counts.values()) + 1):
            run = 0
            for p, col in enumerate(columns):
                if any(counts.get(k, 0) >= w for k in col):
                    run += 1
                    for l in range(1, (1 if w == 1 else run) + 1):
                        tops[(w, l)] = p
                else:
                    run = 0
        return tops

    def _safe_throws(self, hand):
        """Every sub-multiset of one effective suit of the hand whose decomposition has >= 2 units,
        none of which a unit of the unseen cards could beat (§5 against the unseen cards as one
        pool)."""
        # MODEL-QUESTION: "a unit of the unseen cards" reads the unseen cards as one pool (a unit may
        # combine cards that sit in different hands or in the kitty), and cards that are public but
        # not played (declared cards, cards taken back after a failed throw) still count as unseen.
        result = set()
        unseen_by_suit = self._by_suit(self.unseen(self.to_move))
        for suit, counts in self._by_suit(hand).items():
            if sum(counts.values()) < 2:
                continue
            columns = self._cols.at[suit]
            beat = self._max_tops(suit, unseen_by_suit.get(suit, Counter()))
            # Kinds that take part in some safe unit of the hand (exact pruning: every card of a
            # safe throw lies in one of its units, which is a safe unit of the hand).
            usable = set()
            for w, l, top, window in self._unit_windows(counts, columns):
                if top >= beat.get((w, l), -1):
                    for col in window:
                        usable.update(col)
            kinds = sorted(usable)
            if not kinds:
                continue
            ranges = [range(counts[k] + 1) for k in kinds]
            for choice in product(*ranges):
                if sum(choice) < 2:
                    continue
                sub = {k: c for k, c in zip(kinds, choice, strict=True) if c}
                if self._all_units_safe(suit, sub, beat):
                    result.add(tuple(sorted(k for k, c in sub.items() for _ in range(c))))
        return result

    def _greedy_units(self, suit, counts):
        """§3 greedy decomposition of `counts` (a dict kind -> copies, one effective suit; consumed),
        yielding (w, l, top, kinds) in the order taken.

        A fast form of RefTrump's decomposition (tested equal to RefTrump.units): for each width w
        the biggest unit is at the longest run of positions holding some kind w times (l = 1 for
        w = 1), so the unit taken is, among the widths reaching the most cards, the best by
        unit-order key, at the highest such run, with the lowest kind index at each position."""
        columns = self._cols.at[suit]
        unit_key = self._trump.unit_key
        while counts:
            best = None
            for w in range(1, max(counts.values()) + 1):
                run = best_run = 0
                best_end = -1
                for p, col in enumerate(columns):
                    if any(counts.get(k, 0) >= w for k in col):
                        run += 1
                        if w == 1:
                            best_run, best_end = 1, p
                        elif run >= best_run:
                            best_run, best_end = run, p
                    else:
                        run = 0
                if best_run:
                    score = (w * best_run, unit_key(w, best_run), best_end)
                    if best is None or score > best[0]:
                        best = (score, w, best_run, best_end)
            _, w, l, top = best
            kinds = []
            for p in range(top - l + 1, top + 1):
                k = min(k for k in columns[p] if counts.get(k, 0) >= w)
                counts[k] -= w
                if counts[k] == 0:
                    del counts[k]
                kinds.append(k)
            yield w, l, top, kinds

    def _all_units_safe(self, suit, counts, beat):
        """True iff the §3 decomposition of `counts` has >= 2 units and none is beaten (`beat`:
        the highest unseen top per shape)."""
        n_units = 0
        for w, l, top, _ in self._greedy_units(suit, dict(counts)):
            if top < beat.get((w, l), -1):
                return False
            n_units += 1
        return n_units >= 2

    def _fast_units(self, cards):
        """The decomposition used for safe throws, as [(w, l, sorted cards)] (for the tests)."""
        counts = dict(Counter(cards))
        suit = self._cols.suit[cards[0]]
        return [(w, l, tuple(sorted(k for k in kinds for _ in range(w))))
                for w, l, _, kinds in self._greedy_units(suit, counts)]

    # ------------------------------------------------------------------------------------------
    # playing
    # ------------------------------------------------------------------------------------------

    def play(self, cards):
        """Lead or follow with `cards`; returns the cards actually played (sorted)."""
        if self.phase != "play":
            raise ValueError(f"cannot play in the {self.phase} phase")
        seat = self.to_move
        cards = _as_kinds(cards, "play")
        if not cards:
            raise ValueError("a play holds at least one card")
        counts = Counter(cards)
        hand = self._hands[seat]
        if not _within(counts, hand):
            raise ValueError(f"the cards are not in seat {seat}'s hand")
        t = self._trump
        play = tuple(sorted(cards))
        penalty = 0
        failed = False
        void = None
        if not self.trick:
            if len({self._cols.suit[k] for k in play}) != 1:
                raise ValueError("a lead must be of one effective suit")
            ok, played = t.check_throw(play, [_expand(self._hands[s]) for s in range(4) if s != seat])
            played = tuple(sorted(played))
            if not ok:
                failed = True
                if self._throw_penalty == "ten_per_card":
                    back = 10 * (len(play) - len(played))
                    # added to the attackers when a defender failed, subtracted when an attacker did
                    penalty = -back if self.is_attacker(seat) else back
        else:
            lead = self.trick[0]
            if len(play) != len(lead):
                raise ValueError(f"a follow must hold {len(lead)} cards, got {len(play)}")
            if not t.is_legal_follow(_expand(hand), lead, play):
                raise ValueError("illegal follow (suit or structure, MODEL §4)")
            played = play
            lead_suit = self._cols.suit[lead[0]]
            # MODEL-QUESTION: the led suit is that of the lead actually played (after a failed
            # throw, the forced unit); a void in trump is recorded as "T".
            if sum(1 for k in play if self._cols.suit[k] == lead_suit) < len(lead):
                void = lead_suit

        # commit
        hand.subtract(Counter(played))
        self._hands[seat] = +hand
        if failed:
            self.failed_throws[seat] += 1
            self.penalty += penalty
        if void is not None:
            self.voids[seat].add(void)
        self.trick.append(played)
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
            return played
        leader = self._trick_leader
        winner = (leader + t.trick_winner(self.trick)) % 4
        points = sum(_points(p) for p in self.trick)
        if self.is_attacker(winner):
            self.attacker_captured += points
        else:
            self.defender_captured += points
        for p in self.trick:
            self._played.update(p)
        self.tricks.append((leader, list(self.trick), winner))
        self.trick = []
        if any(self._hands[s] for s in range(4)):
            self.to_move = winner
            self._trick_leader = winner
        else:
            self.phase = "done"
            # MODEL-QUESTION: nobody is to move when the deal is over: to_move is None.
            self.to_move = None
            self._trick_leader = None
        return played

    # ------------------------------------------------------------------------------------------
    # scoring
    # ------------------------------------------------------------------------------------------

    def result(self):
        """When done: attacker_points, kitty_points, multiplier (0 when not captured),
        kitty_captured, dealer_keeps, dealer_levels, attacker_levels."""
        if self.phase != "done":
            raise ValueError(f"the deal is not over (phase {self.phase})")
        kitty_points = _points(self.kitty)
        last_leader, last_plays, last_winner = self.tricks[-1]
        captured = self.is_attacker(last_winner)
        # MODEL-QUESTION: "that trick's lead" is the lead actually played (after a failed throw,
        # the forced unit).
        multiplier = self._trump.kitty_multiplier(last_plays[0]) if captured else 0
        points = max(0, self.attacker_captured + self.penalty + kitty_points * multiplier)
        keeps, dealer_levels, attacker_levels = level_outcome(self.rules, points)
        return {
            "attacker_points": points,
            "kitty_points": kitty_points,
            "multiplier": multiplier,
            "kitty_captured": captured,
            "dealer_keeps": keeps,
            "dealer_levels": dealer_levels,
            "attacker_levels": attacker_levels,
        }


__all__ = ["RefDeal"]
