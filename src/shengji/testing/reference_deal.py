"""Pure-Python reference deal engine: MODEL.md §9 "A deal", built on ``reference.py``.

The slow, plain twin of the C deal engine, written from MODEL.md §9 (never translated from C). It
deals a given pack order, runs the declaring phase (declaration ladders ``"qq"``, ``"qq3"`` and
``"4deck"``, and the 泰安 joker-plus-pairs declarations ``"taian"``), the bury phase, the 炒底 grab
phase (``kitty_grab``), the 泰安 换底 swap phase (``kitty_rule="taian"``), the 找朋友 call phase
(``partnership="call_card"``) and the tricks, and scores the deal. Everything about cards (units,
follow legality, throw checks, trick winner, kitty multiplier, level outcome) comes from
:mod:`shengji.testing.reference` (``RefTrump`` and ``level_outcome``); nothing else of the package is imported,
so the engine stays independent of the C core. Standard library only.

Card kinds are ints 0..53 (``suit * 13 + rank``, suits ``S H D C`` = 0..3, ranks ``2 .. A`` = 0..12,
52 = SJ, 53 = BJ); multisets are lists/tuples of kinds; every multiset returned is a sorted tuple.

Phases: ``"declare"`` -> ``"bury"`` -> (``"grab"`` -> ``"bury"`` ->)* ``"grab"`` -> ``"play"`` ->
``"done"`` (the grab phases only with ``kitty_grab``); with ``kitty_rule="taian"``: ``"declare"`` ->
``"bury"`` -> [``"swap"``] -> ``"play"`` -> ``"done"``; with ``partnership="call_card"``: ``"declare"``
-> ``"bury"`` -> ``"call"`` -> ``"play"`` -> ``"done"``; with ``no_bid="dealer_loses"`` a declaring
phase in which nobody declared goes straight to ``"done"``. One action protocol for every phase:
``act(action)`` passes or declares, buries, passes or grabs, passes or swaps, calls, or plays, by phase
(``declare``, ``bury``, ``grab``, ``swap``, ``call`` and ``play`` stay available); ``legal_actions()`` lists
the actions of the seat to move (in the declare and grab phases a list: the pass ``()`` first, then
the legal declarations in MODEL §9 "Legal actions" order: level cards by suit S, H, D, C, each count
held fewest first, then small jokers by count, then big jokers by count, then (4-deck ladder) each
four-joker mix, fewest big jokers first, each with its five choices None, "S", "H", "D", "C"; 泰安:
the small joker's declarations, then the big joker's, each by suit S, H, D, C, then by the run's
lowest rank, then shortest first; in the swap phase a list, ``legal_swaps()``: the pass first, then
the swaps by the cards taken out, fewest first, then in kind order, and for each the cards put in, in
kind order; in the call phase a list: the 54 kinds, one copy each, in kind order, ``[(0,), (1,), ...,
(53,)]``; in the play phase a set; none when done; it raises in the bury phase, where the burier
names the cards, see ``buriable()``). Every move made in the wrong phase or with bad input raises
``ValueError`` and leaves the state unchanged.

A declaration is a sorted tuple of kinds, except four jokers under the 4-deck ladder: they carry the
trump their declarer chooses, as a :data:`Choice` ``(cards, trump)`` (``cards`` the sorted four jokers,
``trump`` ``"S" "H" "D" "C"`` or ``None`` for no trump). Four jokers without a choice, or a choice on
anything else, is a ``ValueError``.

Declaring options read from the rules (``getattr`` with the defaults in brackets):

* ``declaration`` [``"qq"``]: ``"qq"`` and ``"qq3"`` (strength ladders: anyone, the declarer too, may
  make a strictly stronger declaration) and ``"4deck"`` (the grade ladder: one level card 1; a pair of
  identical level cards by suit ♦ 2 < ♣ 3 < ♥ 4 < ♠ 5; SJ SJ 6; BJ BJ 7; four jokers in any SJ/BJ mix
  8, with a trump choice. A declaration is legal when its grade is strictly above the standing one; a
  joker pair only while a declaration stands; three or four identical level cards are no declaration.
  In the declare phase the standing declarer may raise its own declaration (自保) but only to one that
  sets the same trump: the same suit, or no trump to no trump, a four-joker declaration's trump being
  its choice (2H -> 2H 2H, SJ SJ -> BJ BJ, 2H 2H -> four jokers choosing H); it never changes the
  trump (不能自反). In the grab phase the standing declarer never grabs); ``"taian"`` (泰安):
  a declaration shows exactly one joker (small or big) and a run of k >= 1 pairs of one suit,
  consecutive in natural rank 2 < 3 < ... < A (no wrap; level cards and constant ranks count by their
  natural rank); its grade is k and it makes that suit the trump (a joker pair is no pair of a suit:
  three jokers never declare). A seat other than the standing declarer needs a grade strictly above the
  standing one (冲主, any number of times); the standing declarer may only extend its own declaration (续牌:
  a new declaration containing the standing one's cards, with more pairs; never another suit). The
  declarations are face down in the game; the reference keeps the true state (``trump_suit``,
  ``declaration``, ``declarations``). ``"none"`` (no declaring phase) with ``trump="declare"`` is a
  ``ValueError``: the caller gives the trump.
* ``partner_reinforce`` [``"pair"``] (对家保, the QQ guide): ``"pair"``: in the declare phase, with
  ``partnership="fixed"`` and an identical-cards ladder (``"qq"``, ``"qq3"``, ``"4deck"``), while one
  level card stands as the declaration, the seat across from its declarer may show its own copy of that
  card. The standing declaration becomes the pair, with the grade a pair of that card has on the ladder
  (so a later declaration must beat that pair); its declarer and trump stay; ``declarations`` records the
  partner's show as ``(partner, (card,))``. ``"never"``: no such show (a single never beats a single).
* ``no_bid`` [``"notrump"``], when nobody declared: ``"notrump"`` no trump; ``"kitty_card"`` the suit of
  the kitty's third card in pack order, or of the next card that is not a joker (no trump when all
  from the third on are jokers); ``"kitty_card_notrump"`` the suit of the kitty's third card, no
  trump when it is a joker (both need a kitty of at least three cards); ``"kitty_turnup"`` the kitty
  is turned up: the suit of its first level card in pack order, else the suit of its first card, no
  trump when that card is a joker (``turned_up`` becomes True, and there is no grab phase; needs a
  kitty of at least one card). ``"dealer_loses"`` (泰安 闷牌): the deal ends at once in phase
  ``"done"`` with no play (``lost_deal`` becomes True; nothing is buried, the hands and the kitty stay
  as dealt); ``result()`` gives attacker_points 0, kitty_points 0, multiplier 0, no kitty captured,
  dealer_keeps False, dealer_levels = attacker_levels = 0 and ``lost_deal`` True (False in every
  other deal). In a first deal ``first_deal_no_bid="redeal"`` redeals first.
* ``first_deal_dealer`` [``"first_declarer"``], with ``first_deal=True``: ``"first_declarer"`` makes the
  seat of the first declaration of the deal the dealer (even if it was overturned),
  ``"final_declarer"`` the seat of the standing declaration, and a grab also takes the deal; with no
  declaration the dealer stays. The trump is always the standing declaration's.
* ``first_deal_no_bid`` [``"same"``]: ``"same"`` applies ``no_bid`` in a first deal too; ``"redeal"``:
  when nobody declared in a first deal, a fresh pack is shuffled from stream ``(h, r)`` (``h`` the
  64-bit FNV-1a hash of the current pack order, one byte per card, ``r`` the redeals so far; the
  SplitMix64/Lemire/Fisher-Yates shuffle of MODEL §9 "Dealing" is :func:`shuffled_pack`), ``redeals``
  is incremented and the declaring restarts with the same dealer. After 64 redeals ``no_bid``
  applies. ``"kitty_dealer"`` (the 4-deck post: 若是第一局，用底牌的第一张牌来确认庄家，第一张牌的点数除4的
  余数为庄家，一副牌的号是从0~53的，大王是53，a为0，右边的是零号桌，然后顺时针依次是1 2 3号桌): ``no_bid`` sets
  the trump as in any deal, and the dealer becomes the seat of table ``n % 4``, ``n`` the post's number
  of the kitty's first card in pack order: the deck laid out 黑桃 红桃 梅花 方块 (♠ ♥ ♣ ♦), each suit
  A 2 3 … K, then 小王 52 and 大王 53 (:func:`post_card_number`); the tables are numbered clockwise
  from seat 0 while play goes counter-clockwise, so they are seats 0, 3, 2, 1
  (:data:`POST_TABLE_SEATS`).
* ``kitty_grab`` [``False``] (炒底; True needs ``declaration="4deck"``): after each burial, phase
  ``"grab"``: the three seats other than the burier are asked in play order from the seat after the
  burier; each passes (``()``) or grabs with a legal declaration of the ladder. A grab makes it the
  standing declaration (the trump changes), the grabber takes the kitty into the hand and buries
  (phase ``"bury"``), then the grab phase starts again from the seat after the grabber. It ends when
  the three seats asked since the last burial all passed; then play starts, the dealer leading. In a
  first deal with ``first_deal_dealer="final_declarer"`` the grabber becomes the dealer. No grab
  phase when the trump was given by the caller or turned up.
* ``kitty_rule`` [``"standard"``]: ``"standard"``: the dealer (or the last grabber) buries and the
  dealer leads. ``"taian"`` (泰安 扣底/换底; refused with ``kitty_grab=True``): the burier is
  the dealer team's seat that did not make the standing declaration when the dealer's team declared
  (the dealer's partner when the dealer declared, the dealer when the partner declared), else the
  dealer. No point card (5, 10, K) and no card of a rank in the rules' ``constant_ranks`` may be
  buried; when the burier holds fewer than ``kitty`` such other cards it buries all of them and makes
  up the rest with any cards (``buriable()`` lists the cards that may be buried). The buried kitty
  lies face up (``kitty_public`` becomes True). Then, when the kitty holds trump cards and a
  declaration stands, phase ``"swap"`` (换底): the standing declarer passes (``()``) or swaps: the
  action is the multiset of the trump cards it takes out of the kitty together with as many cards of
  its hand put in, which must be plain (not trump), no point cards and no constant ranks (``swapped``
  records ``(taken out, put in)``). The burier leads the first trick, after a swap too.
* ``partnership`` [``"fixed"``]: ``"fixed"``: seats 0+2 against 1+3, the dealer's pair defends.
  ``"call_card"`` (找朋友, 边锋's rooms marked 寻; refused with ``kitty_grab=True`` and with
  ``kitty_rule="taian"``): after the burial, phase ``"call"``, the dealer to move: the action is exactly
  one card (one copy of any of the 54 kinds, held or not; ``call(card)`` also takes a bare kind). The
  partner is the first seat after the dealer in play order (dealer+1, +2, +3) holding at least one copy
  of the called kind at the call (the buried kitty is nobody's); none: the dealer plays alone against
  three. The defenders are the dealer and the partner, every other seat attacks: captured points, the
  kitty capture, throw penalties and the level outcome follow these teams. ``called`` is the called
  kind (None before the call), ``partner`` the partner's seat (None before the call and for a lone
  dealer: the true state, never public), ``friend`` None until the partner plays a card of the called
  kind, then the partner's seat (None throughout for a lone dealer). Then play starts, the dealer
  leading.
* ``kitty_multiplier_reads`` [``"winner"``] (MODEL §7 "The capturing cards"): when an attacker wins the
  last trick, the kitty is captured at ``RefTrump.kitty_multiplier(cards)`` of the capturing cards:
  ``"winner"`` the play that won the last trick (the lead when it stood, else the follower's play that
  beat it), decomposed on its own (§3 ``units()`` of those cards, not grouped into the lead's shapes;
  only the winning play, never a partner's cards in the trick); ``"lead"`` the last trick's lead as
  played (after a failed throw, the forced unit), whoever won the trick. The rules' ``kitty_multiplier``
  policy turns that decomposition into the multiplier.

Unknown option values raise ``ValueError`` at construction.

Public attributes: ``phase``, ``to_move``, ``dealer``, ``burier`` (the seat that took up the kitty
last: the dealer, the 泰安 burier, or the last grabber; None while declaring and in a lost deal),
``trump_suit``, ``declarer`` (seat of the standing declaration), ``first_declarer`` (seat of the
deal's first declaration in the declaring phase), ``declaration`` (the standing one: a sorted tuple,
or a Choice), ``declarations`` (every declaration of the declaring phase, ``(seat, shown)``),
``grabs`` (every grab, ``(seat, shown)``), ``turned_up``, ``redeals``, ``order`` (the current pack
order), ``tricks``, ``trick``, ``voids``, ``failed_throws``, ``attacker_captured``,
``defender_captured``, ``penalty``, ``kitty`` (the kitty as dealt, then the last burial, then the
kitty after a 换底), ``kitty_public`` (the 泰安 kitty lies face up), ``swapped`` (the 换底 made, or
None), ``lost_deal`` (闷牌), ``partnership``, ``called``, ``partner``, ``friend`` (找朋友), and the
``defenders`` property (the defending seats, sorted; None under ``"call_card"`` before the call).

Where MODEL.md §9 is ambiguous the most literal reading is implemented and the spot is marked with a
``MODEL-QUESTION`` comment.
"""

from collections import Counter, namedtuple
from itertools import combinations, product

from .reference import BJ, SJ, SUITS, RefTrump, level_outcome, rank_index, suit_index

_DEFAULT_KITTY = {1: 6, 2: 8, 3: 6, 4: 8}
_PENALTIES = ("none", "ten_per_card", "match_point")
_DECLARATIONS = ("qq", "qq3", "4deck", "taian", "none")
_NO_BIDS = ("notrump", "kitty_card", "kitty_card_notrump", "kitty_turnup", "dealer_loses")
_FIRST_DEAL_DEALERS = ("first_declarer", "final_declarer")
_FIRST_DEAL_NO_BIDS = ("same", "redeal", "kitty_dealer")
_KITTY_RULES = ("standard", "taian")
_PARTNERSHIPS = ("fixed", "call_card")
_PARTNER_REINFORCE = ("never", "pair")
_KITTY_MULTIPLIER_READS = ("winner", "lead")
_POINT_RANKS = (3, 8, 11)  # 5, 10, K
_MAX_REDEALS = 64
_PAIR_GRADES = {2: 2, 3: 3, 1: 4, 0: 5}  # 4-deck ladder: a pair of level cards by suit index, D < C < H < S
_CHOICES = (None, "S", "H", "D", "C")  # the five trump choices of four jokers, in listing order

# first_deal_no_bid="kitty_dealer": the 4-deck post's numbered deck, 0..53 (a为0 … 大王是53), laid out suit by
# suit in the order 黑桃 红桃 梅花 方块, each suit from A up to K, then 小王, 大王.
_POST_DECK = [(suit, rank) for suit in "SHCD" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                             "J", "Q", "K")] + ["SJ", "BJ"]
# 右边的是零号桌，然后顺时针依次是 1 2 3号桌: tables 0, 1, 2, 3 clockwise; the post plays counter-clockwise and the
# seats run in play order, so the tables after seat 0 go to the seats before it.
POST_TABLE_SEATS = (0, 3, 2, 1)


def post_card_number(kind):
    """The 4-deck post's number (0..53) of a card kind (MODEL §1 kind index)."""
    if kind == SJ:
        return _POST_DECK.index("SJ")
    if kind == BJ:
        return _POST_DECK.index("BJ")
    return _POST_DECK.index((SUITS[kind // 13], _RANK_TOKENS[kind % 13]))


_RANK_TOKENS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # MODEL §1 rank order


Choice = namedtuple("Choice", "cards trump")
Choice.__doc__ = """A four-joker declaration under the 4-deck ladder with its trump choice: ``cards`` the
four jokers (a sorted tuple of 52/53), ``trump`` ``"S" "H" "D" "C"`` or ``None`` (no trump)."""

# ----------------------------------------------------------------------------------------------
# MODEL §9 "Dealing": the seeded shuffle, and the FNV-1a hash of a redeal
# ----------------------------------------------------------------------------------------------

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z):
    """The SplitMix64 finaliser (64-bit wrapping)."""
    z &= _M64
    z ^= z >> 30
    z = (z * 0xBF58476D1CE4E5B9) & _M64
    z ^= z >> 27
    z = (z * 0x94D049BB133111EB) & _M64
    z ^= z >> 31
    return z


class _Stream:
    """Stream (seed, stream): SplitMix64 from mix(seed + golden) ^ mix(stream * 0xD1B54A32D192ED03 + 1)."""

    def __init__(self, seed, stream):
        self.state = _mix((seed + _GOLDEN) & _M64) ^ _mix((stream * 0xD1B54A32D192ED03 + 1) & _M64)

    def draw(self):
        self.state = (self.state + _GOLDEN) & _M64
        return _mix(self.state)

    def below(self, n):
        """A uniform integer in 0..n-1 (Lemire: low 32 bits x of a draw, m = x * n, reject while the low
        32 bits of m are below (2^32 - n) mod n)."""
        threshold = ((1 << 32) - n) % n
        while True:
            m = (self.draw() & 0xFFFFFFFF) * n
            if (m & 0xFFFFFFFF) >= threshold:
                return m >> 32


def shuffled_pack(decks, seed, stream=0):
    """MODEL §9 "Dealing": kinds 0..53 once per deck, deck after deck, shuffled by Fisher-Yates from
    the last position down (swap i with below(i + 1), i = n-1 .. 1) drawing from stream (seed, stream)."""
    pack = [k for _ in range(decks) for k in range(54)]
    rng = _Stream(seed & _M64, stream & _M64)
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def fnv1a64(data):
    """64-bit FNV-1a of a bytes-like object."""
    h = 0xCBF29CE484222325
    for b in bytes(data):
        h ^= b
        h = (h * 0x100000001B3) & _M64
    return h


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
    """One deal (MODEL.md §9). See the module docstring for the options and the public attributes."""

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
        if self._no_bid == "kitty_turnup" and kitty_size < 1:
            raise ValueError("no_bid='kitty_turnup' needs a kitty of at least 1 card")
        self._first_deal_dealer = getattr(rules, "first_deal_dealer", "first_declarer")
        if self._first_deal_dealer not in _FIRST_DEAL_DEALERS:
            raise ValueError(f"bad first_deal_dealer: {self._first_deal_dealer!r}")
        self._first_deal_no_bid = getattr(rules, "first_deal_no_bid", "same")
        if self._first_deal_no_bid not in _FIRST_DEAL_NO_BIDS:
            raise ValueError(f"bad first_deal_no_bid: {self._first_deal_no_bid!r}")
        if self._first_deal_no_bid == "kitty_dealer" and kitty_size < 1:
            raise ValueError("first_deal_no_bid='kitty_dealer' needs a kitty of at least 1 card")
        kitty_grab = getattr(rules, "kitty_grab", False)
        if kitty_grab not in (True, False):
            raise ValueError(f"kitty_grab must be True or False, got {kitty_grab!r}")
        if kitty_grab and self._declaration_rule != "4deck":
            raise ValueError(f"kitty_grab=True needs declaration='4deck', not {self._declaration_rule!r}")
        self._kitty_rule = getattr(rules, "kitty_rule", "standard")
        if self._kitty_rule not in _KITTY_RULES:
            raise ValueError(f"bad kitty_rule: {self._kitty_rule!r}")
        # MODEL-QUESTION: §9 does not say how 炒底 (kitty_grab) and the 泰安 kitty (its burier, its 换底
        # and the burier's lead) combine; the reference refuses the combination.
        if kitty_grab and self._kitty_rule == "taian":
            raise ValueError("kitty_grab=True does not combine with kitty_rule='taian' (MODEL §9 defines neither)")
        self.partnership = getattr(rules, "partnership", "fixed")
        if self.partnership not in _PARTNERSHIPS:
            raise ValueError(f"bad partnership: {self.partnership!r}")
        if self.partnership == "call_card":
            # MODEL §9 找朋友: refused with kitty_grab and with kitty_rule="taian" (no rule system combines them)
            if kitty_grab:
                raise ValueError("partnership='call_card' does not combine with kitty_grab=True")
            if self._kitty_rule == "taian":
                raise ValueError("partnership='call_card' does not combine with kitty_rule='taian'")
        self._partner_reinforce = getattr(rules, "partner_reinforce", "pair")
        if self._partner_reinforce not in _PARTNER_REINFORCE:
            raise ValueError(f"bad partner_reinforce: {self._partner_reinforce!r}")
        self._kitty_multiplier_reads = getattr(rules, "kitty_multiplier_reads", "winner")
        if self._kitty_multiplier_reads not in _KITTY_MULTIPLIER_READS:
            raise ValueError(f"bad kitty_multiplier_reads: {self._kitty_multiplier_reads!r}")

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
        elif trump is not None:
            if not isinstance(trump, str):
                raise ValueError(f"trump must be 'declare', a suit letter or None, got {trump!r}")
            trump = SUITS[suit_index(trump)]

        self.rules = rules
        self.decks = decks
        self.kitty_size = kitty_size
        self.hand_size = (total - kitty_size) // 4
        self.first_deal = bool(first_deal)
        self._set_order(order)
        self.redeals = 0
        self.turned_up = False
        # MODEL-QUESTION: "there is no grab phase when the trump was fixed by the caller": with a
        # given trump (or None) kitty_grab is simply off, whatever the rules say.
        self._grabbing = bool(kitty_grab) and trump == "declare"
        self._asked = 0  # grab phase: seats asked since the last burial
        # MODEL-QUESTION: "no card of a constant rank (`constant_ranks`)" reads the rules' option as
        # given: a constant rank that is the level (at level 2 with constants 2/3/5) still may not be
        # buried, although §2 makes those cards level cards; other level cards and jokers may be.
        self._constant_ranks = frozenset(rank_index(r) for r in getattr(rules, "constant_ranks", ()))
        self.kitty_public = False  # kitty_rule="taian": the buried kitty lies face up
        self.swapped = None  # kitty_rule="taian": the 换底 made, (taken out, put in), or None
        self.lost_deal = False  # no_bid="dealer_loses": nobody declared, the dealer lost the deal (闷牌)
        self.called = None  # partnership="call_card": the called kind (None before the call)
        self.partner = None  # partnership="call_card": the dealer's partner (None: before the call, or alone)
        self.friend = None  # partnership="call_card": the partner's seat once it played the called kind

        self.dealer = dealer
        self.burier = None
        self.declarer = None
        self.first_declarer = None
        self.declaration = ()
        self.declarations = []
        self.grabs = []
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
            self._start_declaring()
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
                new.__dict__[name] = value  # immutable (tuples) or shared on purpose
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
        """Seat's cards, sorted (in the bury phase the burier's hand includes the kitty)."""
        self._check_seat(seat)
        return _expand(self._hands[seat])

    @property
    def trump(self):
        """The RefTrump context (None while declaring)."""
        return self._trump

    @property
    def order(self):
        """The current pack order (after a redeal, the new one)."""
        return self._order

    def team_of(self, seat):
        """The fixed partnership's team (seat mod 2); under "call_card" there are no seat teams (see
        is_attacker and defenders)."""
        if self.partnership == "call_card":
            raise ValueError("partnership='call_card': no fixed teams (see is_attacker() and defenders)")
        return seat % 2

    def is_attacker(self, seat):
        """True iff `seat` attacks: under "fixed" the dealer's pair defends; under "call_card" the
        dealer and the partner defend (ValueError before the call: the call fixes the teams)."""
        if self.partnership == "call_card":
            # MODEL-QUESTION: §9 gives no teams before the call; asking then is an error (not a guess).
            if self.called is None:
                raise ValueError("partnership='call_card': the teams are fixed at the call")
            return seat != self.dealer and seat != self.partner
        return seat % 2 != self.dealer % 2

    @property
    def defenders(self):
        """The defending seats, sorted (None under "call_card" before the call)."""
        if self.partnership == "call_card":
            if self.called is None:
                return None
            return tuple(sorted({self.dealer} | ({self.partner} if self.partner is not None else set())))
        return tuple(sorted((self.dealer, (self.dealer + 2) % 4)))

    def _check_seat(self, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat!r}")

    def __repr__(self):
        return (f"RefDeal(phase={self.phase!r}, dealer={self.dealer}, burier={self.burier}, "
                f"to_move={self.to_move}, trump_suit={self.trump_suit!r}, tricks={len(self.tricks)})")

    # ------------------------------------------------------------------------------------------
    # dealing
    # ------------------------------------------------------------------------------------------

    def _set_order(self, order):
        total = 54 * self.decks
        self._order = tuple(order)
        self._kitty_order = self._order[total - self.kitty_size:]
        self.kitty = tuple(sorted(self._kitty_order))

    def _deal_card(self, i):
        self._hands[(self.dealer + i) % 4][self._order[i]] += 1

    def _start_declaring(self):
        self.phase = "declare"
        self._act = 0  # acts 0..4H-1 follow card number act; acts 4H..4H+3: the final round
        self._deal_card(0)
        self.to_move = self.dealer

    def _redeal(self):
        """MODEL §9 first_deal_no_bid="redeal": a fresh pack from stream (FNV-1a of the pack order,
        redeals so far); the declaring restarts with the same dealer."""
        # MODEL-QUESTION: "the 64-bit FNV-1a hash of the current pack order" hashes one byte per
        # card, the kind index 0..53, in pack order (the whole pack, kitty included).
        h = fnv1a64(bytes(self._order))
        self._set_order(shuffled_pack(self.decks, h, self.redeals))
        self.redeals += 1
        self._hands = [Counter() for _ in range(4)]
        self._start_declaring()

    # ------------------------------------------------------------------------------------------
    # declarations: the ladders
    # ------------------------------------------------------------------------------------------

    def _strength_of(self, kind, k):
        """Strength of a "qq"/"qq3" declaration of k copies of `kind` (0 if it is not one)."""
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

    # MODEL-QUESTION: the 4-deck ladder is applied with any number of decks (the reference does
    # not refuse declaration="4deck" with 1-3 decks); four jokers then need as many jokers held
    # (with 2 decks only SJ SJ BJ BJ, with 1 deck none).
    def _is_four_jokers(self, kinds):
        return self._declaration_rule == "4deck" and len(kinds) == 4 and all(k >= SJ for k in kinds)

    @staticmethod
    def _taian_grade(kinds):
        """泰安 (MODEL §9): exactly one joker and a run of k >= 1 pairs of one suit, consecutive in
        natural rank 2 < 3 < ... < A (no wrap): (k, suit letter); (0, None) for anything else."""
        jokers = [k for k in kinds if k >= SJ]
        if len(jokers) != 1:
            return 0, None  # no joker, or two or three jokers (a joker pair is not a pair of a suit)
        pairs = Counter(k for k in kinds if k < SJ)
        # MODEL-QUESTION: a "pair" is exactly two identical cards: with 3 or 4 decks a kind shown
        # three or four times is no part of a run (show two of them).
        if not pairs or any(c != 2 for c in pairs.values()):
            return 0, None
        suits = {k // 13 for k in pairs}
        if len(suits) != 1:
            return 0, None
        ranks = sorted(k % 13 for k in pairs)
        if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
            return 0, None
        return len(ranks), SUITS[suits.pop()]

    def _grade(self, kinds):
        """(strength or grade, trump suit letter or None) of the sorted non-empty `kinds` shown, strength 0
        when they are no declaration of the ladder. Four jokers give the suit None (the choice decides)."""
        if self._declaration_rule == "taian":
            return self._taian_grade(kinds)
        if self._declaration_rule != "4deck":
            if len(set(kinds)) != 1:
                return 0, None
            kind = kinds[0]
            strength = self._strength_of(kind, len(kinds))
            return strength, (None if kind >= SJ else SUITS[kind // 13])
        # the 4-deck ladder: exactly the cards of one grade
        n = len(kinds)
        if n == 1 and kinds[0] < SJ and kinds[0] % 13 == self._level:
            return 1, SUITS[kinds[0] // 13]
        if n == 2 and kinds[0] == kinds[1]:
            kind = kinds[0]
            if kind == SJ:
                return 6, None
            if kind == BJ:
                return 7, None
            if kind % 13 == self._level:
                return _PAIR_GRADES[kind // 13], SUITS[kind // 13]
            return 0, None
        if self._is_four_jokers(kinds):
            return 8, None
        return 0, None

    def _read_action(self, cards, what="declaration"):
        """A declare/grab action as (sorted kinds, shown): `shown` is the sorted tuple, or the Choice
        with sorted cards for four jokers. ValueError on a bad type, on four jokers without a
        choice and on a choice with anything else."""
        if isinstance(cards, Choice):
            kinds = tuple(sorted(_as_kinds(cards.cards, what)))
            trump = cards.trump
            if trump is not None and not (isinstance(trump, str) and trump in SUITS and len(trump) == 1):
                raise ValueError(f"a trump choice is 'S', 'H', 'D', 'C' or None, not {trump!r}")
            if not self._is_four_jokers(kinds):
                raise ValueError("a trump choice goes only with four jokers under declaration='4deck'")
            return kinds, Choice(kinds, trump)
        kinds = tuple(sorted(_as_kinds(cards, what)))
        if self._is_four_jokers(kinds):
            raise ValueError("four jokers carry a trump choice: give a Choice(cards, trump)")
        return kinds, kinds

    def _partner_copy(self, seat, kinds):
        """对家保: is `kinds`, shown by `seat` now, the partner's copy of the single level card that stands?"""
        if self._partner_reinforce != "pair" or self.partnership != "fixed" or self._declaration_rule == "taian":
            return False
        if self.phase != "declare" or self.declarer is None or (seat - self.declarer) % 4 != 2:
            return False
        standing = self.declaration
        # a four-joker Choice is never a single; a single that stands is a level card of the ladder
        return (not isinstance(standing, Choice) and len(standing) == 1 and standing[0] < SJ
                and tuple(kinds) == standing)

    def _check_declaration(self, seat, kinds, shown):
        """Raise ValueError unless `seat` may show `kinds` now; return (grade, trump suit)."""
        if self._partner_copy(seat, kinds):
            if not _within(Counter(kinds), self._hands[seat]):
                raise ValueError(f"seat {seat} does not hold the declared cards")
            # MODEL-QUESTION: the pair made so is graded as the same pair shown at once (the ladder's grade
            # of two such cards: 2 under qq/qq3, by suit under the 4-deck ladder); the trump stays.
            grade, _ = self._grade(tuple(kinds) * 2)
            return grade, self.trump_suit
        grade, suit = self._grade(kinds)
        if grade == 0:
            if self._declaration_rule == "taian":
                raise ValueError("not a 泰安 declaration: exactly one joker and a run of pairs of one suit, "
                                 "consecutive in natural rank (no wrap)")
            if self._declaration_rule == "4deck":
                raise ValueError("not a declaration of the 4-deck ladder: one level card, a pair of identical "
                                 "level cards, a pair of small or of big jokers, or four jokers")
            if len(set(kinds)) != 1:
                raise ValueError("a declaration shows identical cards (one kind)")
            raise ValueError("not a declaration: show level cards of one suit or jokers of one kind")
        if not _within(Counter(kinds), self._hands[seat]):
            raise ValueError(f"seat {seat} does not hold the declared cards")
        if self._declaration_rule == "taian" and seat == self.declarer:
            # 续牌: the standing declarer only extends its own declaration: the new one contains the
            # standing one's cards (so the same joker and suit) and has more pairs.
            # MODEL-QUESTION: nothing requires the added pairs to be newly dealt: the declarer may
            # extend with pairs it already held when it declared. Its partner is "another seat": it
            # needs a strictly higher grade (冲主) and cannot extend the declarer's declaration.
            if not _within(Counter(self.declaration), Counter(kinds)) or grade <= self._decl_strength:
                raise ValueError("the standing declarer may only extend its own declaration (续牌): "
                                 "the same cards plus more pairs of the same run")
            return grade, suit
        if grade <= self._decl_strength:
            raise ValueError("a declaration must be strictly stronger than the standing one")
        if isinstance(shown, Choice):
            suit = shown.trump
        if self._declaration_rule == "4deck":
            if grade in (6, 7) and self._decl_strength == 0:
                raise ValueError("a joker pair only overturns: no declaration stands (4-deck ladder)")
            if seat == self.declarer:
                # 自保: while the cards are dealt the standing declarer may raise its own declaration,
                # to the same trump only (the same suit, or no trump to no trump; four jokers by their
                # choice); it never changes the trump (不能自反) and never grabs (炒底).
                # MODEL-QUESTION: "while the cards are dealt" is read as the whole declare phase, the
                # final round after the last card included (the grab phase excluded).
                if self.phase != "declare":
                    raise ValueError("the standing declarer never grabs the kitty (4-deck ladder, 炒底)")
                if suit != self.trump_suit:
                    raise ValueError("the standing declarer may raise its own declaration only to the same "
                                     "trump (4-deck ladder, 自保): it never changes the trump (不能自反)")
        return grade, suit

    def _legal(self, seat, kinds, shown):
        try:
            self._check_declaration(seat, kinds, shown)
        except ValueError:
            return False
        return True

    def legal_declarations(self):
        """In the declare and grab phases: the pass () first, then every legal declaration of to_move,
        in MODEL §9 order (level cards by suit S H D C, each count held fewest first; small jokers by
        count; big jokers by count; 4-deck ladder: each four-joker mix, fewest big jokers first, each
        with its choices None, S, H, D, C; 泰安: the small joker's, then the big joker's, each by suit
        S H D C, then by the run's lowest rank, then shortest first)."""
        if self.phase not in ("declare", "grab"):
            raise ValueError(f"no declarations in the {self.phase} phase")
        seat = self.to_move
        hand = self._hands[seat]
        result = [()]
        if self._declaration_rule == "taian":
            # the small joker's declarations, then the big joker's, each by suit S H D C, then by the
            # run's lowest rank, then shortest first
            for joker in (SJ, BJ):
                if not hand.get(joker, 0):
                    continue
                for suit in range(4):
                    for low in range(13):
                        cards = [joker]
                        for rank in range(low, 13):
                            kind = suit * 13 + rank
                            if hand.get(kind, 0) < 2:
                                break
                            cards += [kind, kind]
                            shown = tuple(sorted(cards))
                            if self._legal(seat, shown, shown):
                                result.append(shown)
            return result
        kinds = [s * 13 + self._level for s in range(4)] + [SJ, BJ]
        for kind in kinds:
            for k in range(1, hand.get(kind, 0) + 1):
                cards = (kind,) * k
                if not self._is_four_jokers(cards) and self._legal(seat, cards, cards):
                    result.append(cards)
        if self._declaration_rule == "4deck":
            for big in range(5):
                cards = (SJ,) * (4 - big) + (BJ,) * big
                # each choice on its own: the standing declarer raising keeps its trump (自保)
                result.extend(Choice(cards, t) for t in _CHOICES if self._legal(seat, cards, Choice(cards, t)))
        return result

    def _stand(self, seat, shown, grade, suit):
        """Make `shown` (by `seat`) the standing declaration."""
        self.declaration = shown
        self._decl_strength = grade
        self.declarer = seat
        self.trump_suit = suit

    # ------------------------------------------------------------------------------------------
    # declaring
    # ------------------------------------------------------------------------------------------

    def declare(self, cards):
        """Pass ([] or ()) or declare `cards` (held by to_move; a Choice for four jokers)."""
        if self.phase != "declare":
            raise ValueError(f"cannot declare in the {self.phase} phase")
        seat = self.to_move
        kinds, shown = self._read_action(cards)
        if kinds:
            partner_copy = self._partner_copy(seat, kinds)
            grade, suit = self._check_declaration(seat, kinds, shown)
            if partner_copy:  # 对家保: the pair stands, still its declarer's
                self._stand(self.declarer, tuple(sorted(self.declaration + kinds)), grade, suit)
            else:
                self._stand(seat, shown, grade, suit)
            self.declarations.append((seat, shown))
            if self.first_declarer is None:
                self.first_declarer = seat
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
            # MODEL-QUESTION: "after 64 redeals no_bid applies": at most 64 redeals (streams 0..63);
            # the 65th declaring phase in which nobody declares ends with no_bid.
            if (self.first_deal and self._first_deal_no_bid == "redeal"
                    and self.redeals < _MAX_REDEALS):
                self._redeal()
                return
            self.trump_suit = None
            if self.first_deal and self._first_deal_no_bid == "kitty_dealer":
                # MODEL-QUESTION: the dealer is picked before no_bid applies, so under "dealer_loses" the
                # picked dealer is the one who loses the deal.
                self.dealer = POST_TABLE_SEATS[post_card_number(self._kitty_order[0]) % 4]
            if self._no_bid == "dealer_loses":
                self._lose_deal()
                return
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
            elif self._no_bid == "kitty_turnup":
                # The kitty's first level card in pack order gives its suit; else its first card
                # does, no trump when that card is a joker.
                self.turned_up = True
                level_cards = [k for k in self._kitty_order if k < SJ and k % 13 == self._level]
                kind = level_cards[0] if level_cards else self._kitty_order[0]
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

    def _lose_deal(self):
        """no_bid="dealer_loses" (闷牌): the deal ends at once, no play; the dealer loses the deal."""
        # MODEL-QUESTION: nothing is buried and nobody takes up the kitty: the hands stay as dealt,
        # `kitty` stays the kitty as dealt, `burier`, `trump_suit` and the trump context stay None,
        # and result() scores kitty_points 0 ("no points") although the dealt kitty may hold some.
        self.lost_deal = True
        self.phase = "done"
        self.to_move = None

    # ------------------------------------------------------------------------------------------
    # burying, 换底 (kitty_rule="taian") and grabbing (炒底)
    # ------------------------------------------------------------------------------------------

    def _set_trump(self):
        self._trump = RefTrump(self.rules, self._level_token, self.trump_suit)
        self._cols = _Columns(self._trump)

    def _start_bury(self):
        self._set_trump()
        self.phase = "bury"
        burier = self.dealer
        # 泰安 kitty: when the dealer's team made the standing declaration, the team's other seat
        # (the one that did not make it) takes up the kitty; else the dealer.
        if (self._kitty_rule == "taian" and self.declarer is not None
                and self.declarer % 2 == self.dealer % 2):
            burier = (self.declarer + 2) % 4
        self.burier = burier
        self.to_move = burier
        self._hands[burier].update(self._kitty_order)

    def _may_bury(self, kind):
        """kitty_rule="taian": no point card (5, 10, K) and no card of a constant rank is buried."""
        if self._kitty_rule != "taian" or kind >= SJ:
            return True
        rank = kind % 13
        return rank not in _POINT_RANKS and rank not in self._constant_ranks

    def buriable(self):
        """Bury phase: the burier's cards that may be buried (sorted; the whole hand under
        kitty_rule="standard"). Under "taian", when fewer than `kitty` are held, a burial holds them
        all and makes up the rest with any cards."""
        if self.phase != "bury":
            raise ValueError(f"nothing to bury in the {self.phase} phase")
        return tuple(k for k in _expand(self._hands[self.burier]) if self._may_bury(k))

    def bury(self, cards):
        """The burier buries exactly `kitty` cards of his hand (which includes the kitty); under
        kitty_rule="taian" only cards that may be buried (see buriable())."""
        if self.phase != "bury":
            raise ValueError(f"cannot bury in the {self.phase} phase")
        cards = _as_kinds(cards, "bury")
        if len(cards) != self.kitty_size:
            raise ValueError(f"bury exactly {self.kitty_size} cards, got {len(cards)}")
        counts = Counter(cards)
        hand = self._hands[self.burier]
        if not _within(counts, hand):
            raise ValueError("buried cards are not in the burier's hand")
        if self._kitty_rule == "taian":
            # as many allowed cards as possible: all of the burial, or all allowed cards held
            allowed = sum(c for k, c in hand.items() if self._may_bury(k))
            buried = sum(c for k, c in counts.items() if self._may_bury(k))
            if buried != min(self.kitty_size, allowed):
                if allowed >= self.kitty_size:
                    raise ValueError("no point card (5, 10, K) and no card of a constant rank may be buried")
                raise ValueError(f"the burier holds only {allowed} cards that may be buried: bury all of "
                                 "them and make up the rest with any cards")
        hand.subtract(counts)
        self._hands[self.burier] = +hand
        self.kitty = tuple(sorted(cards))
        # MODEL-QUESTION: under no_bid="kitty_turnup" the grab phase is skipped only when the
        # turn-up found the trump (nobody declared); after a declaration the grab phase runs.
        if self._grabbing and not self.turned_up:
            self.phase = "grab"
            self._asked = 0
            self.to_move = (self.burier + 1) % 4
        elif self._kitty_rule == "taian":
            self.kitty_public = True
            # MODEL-QUESTION: the 换底 phase happens whenever the kitty holds a trump and a declaration
            # stands, even when the declarer holds no card that may go in (then it can only pass).
            if self.declarer is not None and any(self._trump.is_trump(k) for k in self.kitty):
                self.phase = "swap"
                self.to_move = self.declarer
            else:
                self._after_kitty()
        else:
            self._after_kitty()

    def _may_swap_in(self, kind):
        """换底: a card going into the kitty is plain (not trump), no point card, no constant rank."""
        return (kind < SJ and not self._trump.is_trump(kind) and kind % 13 not in _POINT_RANKS
                and kind % 13 not in self._constant_ranks)

    def legal_swaps(self):
        """Swap phase: the pass () first, then every legal swap (sorted tuples: the trump cards taken out of
        the kitty and as many allowed cards of the declarer's hand), MODEL §9 order: by the cards taken
        out, fewest first, then in kind order (lexicographic on sorted tuples); for each, the cards put in,
        in kind order."""
        if self.phase != "swap":
            raise ValueError(f"no swaps in the {self.phase} phase")
        # MODEL-QUESTION: "in kind order" among sub-multisets of one size is read as the lexicographic
        # order of their sorted kind tuples.
        trumps = [k for k in self.kitty if self._trump.is_trump(k)]
        mine = [k for k in _expand(self._hands[self.declarer]) if self._may_swap_in(k)]
        result = [()]
        for n in range(1, min(len(trumps), len(mine)) + 1):
            outs = sorted(set(combinations(trumps, n)))
            ins = sorted(set(combinations(mine, n)))
            for out in outs:
                result.extend(tuple(sorted(out + given)) for given in ins)
        return result

    def swap(self, cards):
        """换底 (swap phase, the standing declarer to move): pass ([] or ()) or swap: `cards` is the
        multiset of the trump cards taken out of the kitty together with as many cards of the declarer's
        hand put in (plain, no points, no constant ranks); trumps are taken out, plain cards go in."""
        if self.phase != "swap":
            raise ValueError(f"cannot swap in the {self.phase} phase")
        cards = _as_kinds(cards, "swap")
        seat = self.declarer
        out = Counter(k for k in cards if self._trump.is_trump(k))
        given = Counter(k for k in cards if not self._trump.is_trump(k))
        if cards:
            if sum(out.values()) != sum(given.values()):
                raise ValueError("a swap takes as many trump cards out of the kitty as it puts cards in")
            if not _within(out, Counter(self.kitty)):
                raise ValueError("the trump cards taken out are not in the kitty")
            if not _within(given, self._hands[seat]):
                raise ValueError(f"the cards put in are not in seat {seat}'s hand")
            if not all(self._may_swap_in(k) for k in given):
                raise ValueError("no point card (5, 10, K) and no constant rank goes into the kitty")
            kitty = Counter(self.kitty)
            kitty.subtract(out)
            kitty.update(given)
            hand = self._hands[seat]
            hand.subtract(given)
            hand.update(out)
            self._hands[seat] = +hand
            self.kitty = _expand(+kitty)
            self.swapped = (_expand(out), _expand(given))
        self._after_kitty()

    def grab(self, cards):
        """Grab phase: pass ([] or ()) or grab the kitty by showing `cards` (a legal declaration of the
        ladder held by to_move; a Choice for four jokers)."""
        if self.phase != "grab":
            raise ValueError(f"cannot grab in the {self.phase} phase")
        seat = self.to_move
        kinds, shown = self._read_action(cards, "grab")
        if not kinds:
            self._asked += 1
            if self._asked == 3:
                self._after_kitty()
            else:
                self.to_move = (seat + 1) % 4
            return
        grade, suit = self._check_declaration(seat, kinds, shown)
        self._stand(seat, shown, grade, suit)
        self.grabs.append((seat, shown))
        self._set_trump()
        # MODEL-QUESTION: a grab is not a declaration of the declaring phase: it is recorded in
        # `grabs`, not in `declarations`, and never sets `first_declarer`; so in a first deal under
        # first_deal_dealer="first_declarer" a grab never moves the deal, even when nobody declared
        # while dealing (only "final_declarer" makes the grabber the dealer, as §9 says).
        if self.first_deal and self._first_deal_dealer == "final_declarer":
            self.dealer = seat  # 反庄: a grab in a first deal takes the deal
        self._hands[seat].update(self.kitty)
        self.burier = seat
        self.phase = "bury"
        self.to_move = seat

    def _after_kitty(self):
        """The kitty is settled (the final burial, any 换底): 找朋友's call phase, else play."""
        if self.partnership == "call_card":
            self.phase = "call"
            self.to_move = self.dealer
        else:
            self._start_play()

    # ------------------------------------------------------------------------------------------
    # 找朋友 (partnership="call_card"): the call
    # ------------------------------------------------------------------------------------------

    def legal_calls(self):
        """Call phase: the 54 kinds, one copy each, in kind order (any card may be called)."""
        if self.phase != "call":
            raise ValueError(f"no calls in the {self.phase} phase")
        return [(k,) for k in range(54)]

    def call(self, card):
        """找朋友 (call phase, the dealer to move): call one card: a one-card multiset (``[k]``, the action
        of act()) or a bare kind ``k``. The partner is the first seat after the dealer in play order
        holding at least one copy of the kind now (the buried kitty is nobody's); none: the dealer plays
        alone. Play starts, the dealer leading."""
        if self.phase != "call":
            raise ValueError(f"cannot call a card in the {self.phase} phase")
        if isinstance(card, int) and not isinstance(card, bool):
            kinds = _as_kinds([card], "call")
        else:
            kinds = _as_kinds(card, "call")
        if len(kinds) != 1:
            raise ValueError(f"a call is exactly one card (one copy of one kind), got {len(kinds)}")
        kind = kinds[0]
        # MODEL-QUESTION: "deal.called is the called card": the reference keeps the kind (an int 0..53),
        # not a one-card multiset. The teams are the true state from the call on (scoring follows them
        # before the reveal too); `partner` exposes them, `friend` is the public reveal only.
        partner = None
        for i in (1, 2, 3):
            seat = (self.dealer + i) % 4
            if self._hands[seat].get(kind, 0) > 0:
                partner = seat
                break
        self.called = kind
        self.partner = partner
        self.friend = None
        self._start_play()

    def _start_play(self):
        # the dealer leads the first trick; under kitty_rule="taian" the burier (打底者首先出牌)
        leader = self.burier if self._kitty_rule == "taian" else self.dealer
        self.phase = "play"
        self.to_move = leader
        self._trick_leader = leader

    # ------------------------------------------------------------------------------------------
    # actions: one protocol for every phase
    # ------------------------------------------------------------------------------------------

    def act(self, cards):
        """MODEL §9 "Actions": apply the action `cards` of the seat to move, by phase: declare
        (empty = pass) -> declare(); bury -> bury(); grab (empty = pass) -> grab(); swap (empty =
        pass) -> swap(); call -> call(); play -> play() (returns the cards actually played; None in the other
        phases). ValueError when the deal is done."""
        if self.phase == "declare":
            self.declare(cards)
            return None
        if self.phase == "bury":
            self.bury(cards)
            return None
        if self.phase == "grab":
            self.grab(cards)
            return None
        if self.phase == "swap":
            self.swap(cards)
            return None
        if self.phase == "call":
            self.call(cards)
            return None
        if self.phase == "play":
            return self.play(cards)
        raise ValueError("the deal is over: no action")

    # ------------------------------------------------------------------------------------------
    # legal actions
    # ------------------------------------------------------------------------------------------

    def legal_actions(self):
        """Declare and grab phases: legal_declarations() (a list, the pass first); swap phase:
        legal_swaps() (a list, the pass first); call phase: legal_calls() (a list, the 54 kinds in kind
        order); play phase (a set): single units and safe throws for a
        leader, legal follows for a follower (MODEL §9 "Legal actions"); done: empty set."""
        if self.phase in ("declare", "grab"):
            return self.legal_declarations()
        if self.phase == "swap":
            return self.legal_swaps()
        if self.phase == "call":
            return self.legal_calls()
        if self.phase == "bury":
            # MODEL §9: "Burying: the caller names the cards" -- there is no list to give.
            raise ValueError("in the bury phase the burier names the cards to bury (see bury())")
        if self.phase == "done":
            return set()
        hand = self._hands[self.to_move]
        if self.trick:
            return set(self._trump.legal_follows(_expand(hand), self.trick[0]))
        if self._trump.natural:
            return self._natural_single_units(hand) | self._natural_safe_throws(hand)
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
        buried it last (the burier; in the bury phase the kitty is inside the burier's hand)."""
        pack = Counter({k: self.decks for k in range(54)})
        pack.subtract(self._hands[seat])
        pack.subtract(self._played)
        for plays in self.trick:
            pack.subtract(plays)
        # MODEL-QUESTION: a seat whose burial was grabbed afterwards does not count the kitty as
        # seen ("the kitty if the leader buried it last"), although it saw those cards; the
        # turned-up kitty (no_bid="kitty_turnup"), public to all, is not removed either, nor the
        # face-up 泰安 kitty (kitty_rule="taian") for the seats that did not bury it (the declarer
        # who swapped included); for the burier it is the kitty as it lies, after any swap.
        if seat == self.burier and self.phase in ("grab", "swap", "call", "play", "done"):
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

    # -- natural tractors (tractor_rule="natural", MODEL §3): leads read RefTrump's units ---------

    def _natural_units_of(self, suit, pool):
        """(w, l, top, kinds) of every unit of suit `suit` in `pool` (the cards that may count as the
        suit: under natural tractors a plain suit's borrowable trumps too, which only a tractor holding
        a plain kind takes); the top is a position for a tuple, the tractor key for a tractor."""
        t = self._trump
        if not pool:
            return
        for w in range(1, max(pool.values()) + 1):
            for l in range(1, 2 if w == 1 else 14):
                found = False
                for top, kinds in t._placements(suit, pool, w, l):
                    found = True
                    yield w, l, top, kinds
                if not found:
                    break  # no longer unit of this width either

    def _natural_single_units(self, hand):
        """Every unit of every shape in the hand under natural tractors, tractors that borrow the
        constant and level trumps of a plain suit included (a lead of that plain suit)."""
        t = self._trump
        result = set()
        for suit in self._by_suit(hand):
            for w, _l, _top, kinds in self._natural_units_of(suit, t._in_suit(hand, suit)):
                result.add(tuple(sorted(k for k in kinds for _ in range(w))))
        return result

    def _natural_safe_throws(self, hand):
        """Safe throws under natural tractors: every sub-multiset of the hand whose suit as a play is
        one suit, whose decomposition has >= 2 units, none of which a unit of that suit in the unseen
        cards (borrowable trumps included) could beat."""
        # MODEL-QUESTION: MODEL §9 says "a sub-multiset of one effective suit"; under natural
        # tractors it is read as "of one suit as a play" (Trump.play_suit), so a throw may borrow.
        t = self._trump
        result = set()
        unseen = self.unseen(self.to_move)
        for suit in self._by_suit(hand):
            pool = t._in_suit(hand, suit)
            if sum(pool.values()) < 2:
                continue
            beat = {}
            for w, l, top, _ in self._natural_units_of(suit, t._in_suit(unseen, suit)):
                beat[(w, l)] = max(top, beat.get((w, l), -1))
            usable = set()  # kinds of some safe unit of the hand (every card of a safe throw is)
            for w, l, top, kinds in self._natural_units_of(suit, pool):
                if top >= beat.get((w, l), -1):
                    usable.update(kinds)
            kinds = sorted(usable)
            for choice in product(*[range(pool[k] + 1) for k in kinds]):
                if sum(choice) < 2:
                    continue
                sub = [k for k, c in zip(kinds, choice, strict=True) for _ in range(c)]
                try:
                    sub_suit, units = t._decompose(sub)
                except ValueError:
                    continue  # mixed: a borrowed trump outside every tractor
                if sub_suit == suit and len(units) >= 2 and all(u.top >= beat.get(u.shape, -1) for u in units):
                    result.add(tuple(sorted(sub)))
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
            # one effective suit; under natural tractors one suit as a play (a lead may borrow)
            if t.play_suit(play) is None:
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
            lead_suit = t.play_suit(lead)
            # MODEL-QUESTION: the led suit is that of the lead actually played (after a failed
            # throw, the forced unit); a void in trump is recorded as "T".
            # A play "holds fewer cards of the led suit than the lead" unless its suit as a play is
            # the led suit (the same test as counting its cards of that suit; under natural
            # tractors a play of the led suit that borrows, ♠4♠4♠3♠3 against ♠5♠5♠6♠6 with 3
            # constant, holds n cards of the suit: such a follower is not shown void).
            if t.play_suit(play) != lead_suit:
                void = lead_suit

        # commit
        hand.subtract(Counter(played))
        self._hands[seat] = +hand
        if failed:
            self.failed_throws[seat] += 1
            self.penalty += penalty
        if void is not None:
            self.voids[seat].add(void)
        # 找朋友: the friend is revealed when the partner plays a card of the called kind.
        # MODEL-QUESTION: "plays" counts the cards actually played: a failed throw's cards taken back
        # (shown, not played) reveal nothing, even if they hold the called kind.
        if seat == self.partner and self.friend is None and self.called in played:
            self.friend = seat
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
        kitty_captured, dealer_keeps, dealer_levels, attacker_levels, lost_deal (闷牌: no play, no
        points, the dealer does not keep the deal, nobody climbs)."""
        if self.phase != "done":
            raise ValueError(f"the deal is not over (phase {self.phase})")
        if self.lost_deal:
            return {
                "attacker_points": 0,
                "kitty_points": 0,
                "multiplier": 0,
                "kitty_captured": False,
                "dealer_keeps": False,
                "dealer_levels": 0,
                "attacker_levels": 0,
                "lost_deal": True,
            }
        kitty_points = _points(self.kitty)
        last_leader, last_plays, last_winner = self.tricks[-1]
        captured = self.is_attacker(last_winner)
        multiplier = 0
        if captured:
            # MODEL §7 "The capturing cards": under "winner" the play that won the last trick (plays
            # are in order from the leader), decomposed on its own; under "lead" the lead as played
            # (after a failed throw, the forced unit).
            if self._kitty_multiplier_reads == "winner":
                capturing = last_plays[(last_winner - last_leader) % 4]
            else:
                capturing = last_plays[0]
            multiplier = self._trump.kitty_multiplier(capturing)
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
            "lost_deal": False,
        }


__all__ = ["Choice", "RefDeal", "fnv1a64", "shuffled_pack"]
