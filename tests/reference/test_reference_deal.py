"""Tests of the pure-Python reference deal engine (src/shengji/testing/reference_deal.py) on its own.

Random playthroughs (seeded, 1/2/3 decks, trump given or declared, varied rule options) check the
invariants of docs/MODEL.md §9 after every move, also driven through the one-protocol ``act()``;
hand-written cases cover the declaration ladders (``"qq"``, ``"qq3"``, the 4-deck ladder with its
four-joker trump choice), no_bid (``kitty_turnup`` too), first_deal (first_deal_dealer, the
first-deal redeal and its shuffle), 炒底 kitty grabs, failed throws and their penalty, voids and bad
inputs; random whole 4-deck deals with grabs check the invariants; 找朋友 (partnership="call_card"):
the call phase, who the partner is, the reveal, scoring by the real teams, and random whole deals.
"""

import copy
import importlib.util
import itertools
import pathlib
import random
import sys
from collections import Counter

import pytest

from shengji import OPTIONS
from shengji.testing.reference import RANKS, RefRules, RefTrump, level_outcome, parse

try:
    from shengji.testing.reference_deal import (
        POST_TABLE_SEATS,
        Choice,
        RefDeal,
        fnv1a64,
        post_card_number,
        shuffled_pack,
    )
except ImportError:  # an installed package older than this module: load it from the source tree
    _path = pathlib.Path(__file__).resolve().parents[2] / "src" / "shengji" / "testing" / "reference_deal.py"
    _spec = importlib.util.spec_from_file_location("shengji.testing.reference_deal", _path)
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["shengji.testing.reference_deal"] = _module
    _spec.loader.exec_module(_module)
    RefDeal = _module.RefDeal
    Choice, fnv1a64, shuffled_pack = _module.Choice, _module.fnv1a64, _module.shuffled_pack
    POST_TABLE_SEATS, post_card_number = _module.POST_TABLE_SEATS, _module.post_card_number


# ------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------

def make_rules(decks=2, kitty=None, throw_penalty=None, declaration=None, no_bid=None,
               first_deal_dealer=None, first_deal_no_bid=None, kitty_grab=None, kitty_rule=None,
               partnership=None, kitty_multiplier_reads=None, partner_reinforce=None, **options):
    """A RefRules with the deal options set as attributes (left out: the engine's defaults)."""
    rules = RefRules(decks=decks, **options)
    for name, value in (("kitty", kitty), ("throw_penalty", throw_penalty),
                        ("declaration", declaration), ("no_bid", no_bid),
                        ("first_deal_dealer", first_deal_dealer), ("first_deal_no_bid", first_deal_no_bid),
                        ("kitty_grab", kitty_grab), ("kitty_rule", kitty_rule), ("partnership", partnership),
                        ("kitty_multiplier_reads", kitty_multiplier_reads),
                        ("partner_reinforce", partner_reinforce)):
        if value is not None:
            setattr(rules, name, value)
    return rules


LOST_RESULT = {"attacker_points": 0, "kitty_points": 0, "multiplier": 0, "kitty_captured": False,
               "dealer_keeps": False, "dealer_levels": 0, "attacker_levels": 0, "lost_deal": True}


def pack(decks):
    return [k for k in range(54) for _ in range(decks)]


def points(cards):
    return sum(5 if k < 52 and k % 13 == 3 else 10 if k < 52 and k % 13 in (8, 11) else 0 for k in cards)


def S(text):
    return tuple(sorted(parse(text)))


def order_from_hands(hands, kitty, dealer=0):
    """MODEL §9: seat s's cards in ascending kind order are its cards 0, 1, 2, ...; card j of seat s
    is dealt at step 4j + (s - dealer) mod 4; the kitty keeps the given order."""
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    order = [None] * (4 * size)
    for s in range(4):
        for j, k in enumerate(sorted(hands[s])):
            order[4 * j + (s - dealer) % 4] = k
    return order + list(kitty)


def build_order(decks, kitty_size, fixed, dealer=0, seed=0, banned=(), kitty=None):
    """An order dealing `fixed[s]` to seat s (filled up at random), optionally a given kitty (in
    order); kinds in `banned` are never used as fill for the seats (they must all be fixed)."""
    rng = random.Random(seed)
    h = (54 * decks - kitty_size) // 4
    pool = Counter(pack(decks))
    for cards in fixed.values():
        pool.subtract(cards)
    if kitty is not None:
        pool.subtract(kitty)
    assert min(pool.values()) >= 0
    rest = [k for k, c in pool.items() for _ in range(c)]
    rng.shuffle(rest)
    fill = [k for k in rest if k not in banned]
    extra = [k for k in rest if k in banned]
    hands = []
    for s in range(4):
        cards = list(fixed.get(s, ()))
        need = h - len(cards)
        cards += fill[:need]
        del fill[:need]
        hands.append(cards)
    if kitty is None:
        kitty = fill + extra
    else:
        assert not fill and not extra
    assert len(kitty) == kitty_size and not [k for k in extra if k not in kitty]
    return order_from_hands(hands, kitty, dealer)


def snapshot(d):
    return (d.phase, d.to_move, d.dealer, d.trump_suit, d.declarer, d.declaration,
            tuple(d.hand(s) for s in range(4)), repr(d.tricks), tuple(d.trick),
            tuple(frozenset(v) for v in d.voids), tuple(d.failed_throws),
            d.attacker_captured, d.defender_captured, d.penalty, d.kitty, d.called, d.partner, d.friend)


def unseen(d, seat):
    rest = Counter(pack(d.decks))
    rest.subtract(d.hand(seat))
    for _, plays, _ in d.tricks:
        for p in plays:
            rest.subtract(p)
    for p in d.trick:
        rest.subtract(p)
    if seat == d.dealer:
        rest.subtract(d.kitty)
    assert min(rest.values()) >= 0
    return [k for k, c in rest.items() for _ in range(c)]


def sub_multisets(cards):
    counts = Counter(cards)
    kinds = sorted(counts)
    for choice in itertools.product(*[range(counts[k] + 1) for k in kinds]):
        sub = tuple(sorted(k for k, c in zip(kinds, choice, strict=True) for _ in range(c)))
        if sub:
            yield sub


def brute_leads(d):
    """Single units and safe throws of the seat to lead, straight from RefTrump (MODEL §9)."""
    t = d.trump
    seat = d.to_move
    hand = d.hand(seat)
    pool = unseen(d, seat)
    singles, throws = set(), set()
    for suit in {t.effective_suit(k) for k in hand}:
        mine = [k for k in hand if t.effective_suit(k) == suit]
        others = [k for k in pool if t.effective_suit(k) == suit]
        for sub in sub_multisets(mine):
            units = t.units(sub)
            if len(units) == 1:
                singles.add(sub)
            elif t.check_throw(sub, [others])[0]:
                throws.add(sub)
    return singles, throws


def pass_until(d, seat, declaration):
    """Pass until `seat` is to move and may make `declaration`."""
    declaration = tuple(sorted(declaration))
    while not (d.to_move == seat and declaration in d.legal_declarations()):
        assert d.phase == "declare", "the declaration never became legal"
        d.declare(())


def pass_all(d):
    while d.phase == "declare":
        d.declare([])


def pass_round(d):
    """Pass through one declaring phase (until it ends or the pack is redealt)."""
    redeals = d.redeals
    while d.phase == "declare" and d.redeals == redeals:
        d.declare([])


# ------------------------------------------------------------------------------------------------
# random playthroughs
# ------------------------------------------------------------------------------------------------

def _ready(name):
    """Values of an option implemented everywhere, from the core's option table (shengji.OPTIONS)."""
    return [v.value for v in OPTIONS[name].values if v.status == "ready"]


OPTION_CHOICES = {
    "constant_ranks": [(), (), ("2",), ("3", "5")],
    "follow_ladder": ["qq", "qq", "4deck"],
    **{name: _ready(name) for name in ("follow_protection", "taian_trump_follow", "failed_throw", "trick_compare",
                                       "kitty_multiplier", "level_table")},
}

CHECK_ALL_UP_TO = 400  # every legal action is replayed on a copy (a random sample of this many above)


def random_rules(rng, decks):
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()}
    options["partner_reinforce"] = rng.choice(_ready("partner_reinforce"))
    return make_rules(decks=decks, throw_penalty=rng.choice([v.value for v in OPTIONS["throw_penalty"].values]),
                      declaration="qq3" if decks == 3 and rng.random() < 0.5 else "qq",
                      no_bid=rng.choice(_ready("no_bid")),
                      first_deal_dealer=rng.choice([*_ready("first_deal_dealer"), None]), **options)


def check_totals(d):
    total = d.attacker_captured + d.defender_captured + points(d.kitty)
    total += sum(points(d.hand(s)) for s in range(4)) + sum(points(p) for p in d.trick)
    assert total == 100 * d.decks


def random_deal_args(rng, decks, declare):
    """(order, dealer, level, trump, first_deal) of a random reference deal."""
    order = pack(decks)
    rng.shuffle(order)
    dealer = rng.randrange(4)
    level = rng.choice(RANKS)
    first_deal = rng.random() < 0.3
    trump = "declare" if declare else rng.choice(["S", "H", "D", "C", None])
    return order, dealer, level, trump, first_deal


def playthrough(decks, seed, declare):
    rng = random.Random(seed)
    rules = random_rules(rng, decks)
    reads = (None, "winner", "lead")[seed % 3]  # MODEL §7 the capturing cards (None: the default, "winner")
    if reads is not None:
        rules.kitty_multiplier_reads = reads
    order, dealer, level, trump, first_deal = random_deal_args(rng, decks, declare)
    d = RefDeal(rules, order, dealer=dealer, level=level, trump=trump, first_deal=first_deal)
    H = d.hand_size
    stats = Counter()

    # declaring
    if declare:
        assert d.phase == "declare" and d.to_move == dealer
    else:
        assert d.phase == "bury" and d.declarer is None and d.declaration == ()
    first_declarer = None
    while d.phase == "declare":
        legal = d.legal_declarations()
        assert () in legal
        for decl in legal:
            e = copy.deepcopy(d)
            e.declare(decl)
            if decl and len(decl) == 1 and d.declaration == decl:  # 对家保: the partner's copy of the single
                assert rules.partner_reinforce == "pair" and d.to_move == (d.declarer + 2) % 4
                assert e.declaration == decl * 2 and e.declarer == d.declarer
                stats["reinforced"] += 1
            elif decl:
                assert e.declaration == decl and e.declarer == d.to_move
        choice = rng.choice(sorted(legal)) if rng.random() < 0.2 else ()
        if choice and first_declarer is None:
            first_declarer = d.to_move
        d.declare(choice)
    if declare:
        assert d.first_declarer == first_declarer
        if d.lost_deal:  # no_bid="dealer_loses" (闷牌): nobody declared, the deal ends at once
            assert rules.no_bid == "dealer_loses" and d.declarer is None and first_declarer is None
            assert (d.phase, d.to_move, d.dealer, d.burier, d.trump) == ("done", None, dealer, None, None)
            assert d.result() == LOST_RESULT and d.legal_actions() == set()
            assert all(len(d.hand(s)) == H for s in range(4))
            stats["lost"] += 1
            return stats
        if d.declarer is not None:
            by_first = getattr(rules, "first_deal_dealer", "first_declarer") == "first_declarer"
            assert d.dealer == ((first_declarer if by_first else d.declarer) if first_deal else dealer)
            assert d.trump_suit == (None if d.declaration[0] >= 52 else "SHDC"[d.declaration[0] // 13])
        else:
            assert d.dealer == dealer
    assert d.trump.trump_suit == (None if d.trump_suit is None else "SHDC".index(d.trump_suit))
    assert d.trump.level == RANKS.index(level)

    # burying
    assert d.phase == "bury" and d.to_move == d.dealer
    assert len(d.hand(d.dealer)) == H + d.kitty_size
    assert all(len(d.hand(s)) == H for s in range(4) if s != d.dealer)
    cards = list(d.hand(d.dealer))
    rng.shuffle(cards)
    d.bury(cards[:d.kitty_size])
    assert d.kitty == tuple(sorted(cards[:d.kitty_size]))
    assert all(len(d.hand(s)) == H for s in range(4))
    t = RefTrump(rules, level, d.trump_suit)  # the test's own trump context

    # playing
    while d.phase == "play":
        check_totals(d)
        seat = d.to_move
        before = [Counter(d.hand(s)) for s in range(4)]
        leading = not d.trick
        legal = d.legal_actions()
        assert legal
        sample = sorted(legal)
        if len(sample) > CHECK_ALL_UP_TO:
            sample = rng.sample(sample, CHECK_ALL_UP_TO)
            stats["sampled"] += 1
        for action in sample:
            e = copy.deepcopy(d)
            assert e.play(action) == action  # safe throws stand, follows are played as given
        if leading:
            stats["throws"] += sum(1 for a in legal if len(t.units(a)) >= 2)
        if leading and rng.random() < 0.15:
            # a throw attempt: a random part of one suit of the hand
            suit = rng.choice(sorted({t.effective_suit(k) for k in d.hand(seat)}))
            mine = [k for k in d.hand(seat) if t.effective_suit(k) == suit]
            action = tuple(sorted(rng.sample(mine, rng.randint(1, min(len(mine), 6)))))
            others = [d.hand(s) for s in range(4) if s != seat]
            ok, forced = t.check_throw(action, others)
            failed_before, penalty_before = d.failed_throws[seat], d.penalty
            played = d.play(action)
            assert played == tuple(sorted(forced))
            if not ok:
                stats["failed"] += 1
                assert d.failed_throws[seat] == failed_before + 1
                back = 10 * (len(action) - len(played))
                if rules.throw_penalty == "ten_per_card":
                    assert d.penalty == penalty_before + (-back if seat % 2 != d.dealer % 2 else back)
                else:
                    assert d.penalty == penalty_before
        else:
            action = rng.choice(sorted(legal))
            played = d.play(action)
            assert played == action
        # hands shrink by the played count, only the mover's
        after = [Counter(d.hand(s)) for s in range(4)]
        for s in range(4):
            expect = before[s] - Counter(played) if s == seat else before[s]
            assert after[s] == expect
        if not leading:
            lead = (d.tricks[-1][1] if not d.trick else d.trick)[0]
            lead_suit = t.effective_suit(lead[0])
            if sum(1 for k in played if t.effective_suit(k) == lead_suit) < len(lead):
                assert lead_suit in d.voids[seat]
        if not d.trick:  # a trick was completed
            leader, plays, winner = d.tricks[-1]
            assert len(plays) == 4 and len({len(p) for p in plays}) == 1
            assert winner == (leader + t.trick_winner(plays)) % 4
            if d.phase == "play":
                assert d.to_move == winner

    # done
    assert d.phase == "done" and d.to_move is None
    assert all(len(d.hand(s)) == 0 for s in range(4))
    assert len(d.tricks) >= 1
    assert d.attacker_captured + d.defender_captured + points(d.kitty) == 100 * decks
    res = d.result()
    leader, plays, winner = d.tricks[-1]
    captured = winner % 2 != d.dealer % 2
    assert res["kitty_captured"] == captured
    assert res["kitty_points"] == points(d.kitty)
    capturing = plays[0] if reads == "lead" else plays[(winner - leader) % 4]  # MODEL §7
    assert res["multiplier"] == (t.kitty_multiplier(capturing) if captured else 0)
    expect = max(0, d.attacker_captured + d.penalty + res["kitty_points"] * res["multiplier"])
    assert res["attacker_points"] == expect
    assert (res["dealer_keeps"], res["dealer_levels"], res["attacker_levels"]) == tuple(level_outcome(rules, expect))
    assert res["lost_deal"] is False and not d.lost_deal and not d.kitty_public and d.swapped is None
    # tricks are consistent with the captured points
    att = sum(sum(points(p) for p in plays) for _, plays, w in d.tricks if w % 2 != d.dealer % 2)
    assert att == d.attacker_captured
    return stats


@pytest.mark.parametrize("declare", [False, True], ids=["trump_given", "declared"])
@pytest.mark.parametrize("decks,games", [(1, 15), (2, 8), (3, 4)])
def test_random_playthroughs(decks, games, declare):
    """Whole random deals, the core and the reference move for move (``--slow``: eight times as many)."""
    stats = Counter()
    for seed in range(games):
        stats += playthrough(decks, 1000 * decks + 2 * seed + declare, declare)
    assert stats["throws"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("declare", [False, True], ids=["trump_given", "declared"])
@pytest.mark.parametrize("decks,games", [(1, 120), (2, 64), (3, 32)])
def test_random_playthroughs_slow(decks, games, declare):
    stats = Counter()
    for seed in range(games):
        stats += playthrough(decks, 50_000 + 1000 * decks + 2 * seed + declare, declare)
    assert stats["throws"] > 0


def test_random_playthroughs_hit_failed_throws():
    stats = Counter()
    for seed in range(12):
        stats += playthrough(2, 77 + seed, seed % 2 == 0)
    assert stats["failed"] > 0


# ------------------------------------------------------------------------------------------------
# leader's legal actions against a brute force over RefTrump
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("decks", [1, 2, 3])
def test_leader_actions_match_brute_force(decks):
    checked = 0
    for seed in range(16):
        rng = random.Random(seed * 7 + decks)
        rules = random_rules(rng, decks)
        order = pack(decks)
        rng.shuffle(order)
        d = RefDeal(rules, order, dealer=rng.randrange(4), level=rng.choice(RANKS),
                    trump=rng.choice("SHDC"))
        d.bury(rng.sample(d.hand(d.dealer), d.kitty_size))
        while d.phase == "play":
            if not d.trick:
                hand = d.hand(d.to_move)
                size = 1
                for c in Counter(hand).values():
                    size *= c + 1
                if size <= 400:
                    singles, throws = brute_leads(d)
                    assert d.legal_actions() == singles | throws
                    checked += 1
            d.play(rng.choice(sorted(d.legal_actions())))
    assert checked > 50


def test_fast_decomposition_matches_reftrump_units():
    rng = random.Random(5)
    for _ in range(400):
        decks = rng.choice([2, 3, 4])
        rules = make_rules(decks=decks, **{k: rng.choice(v) for k, v in OPTION_CHOICES.items()})
        order = pack(decks)
        rng.shuffle(order)
        d = RefDeal(rules, order, level=rng.choice(RANKS), trump=rng.choice(["S", "H", "D", "C", None]))
        t = d.trump
        suit = rng.choice(sorted({t.effective_suit(k) for k in range(54)}))
        kinds = [k for k in range(54) if t.effective_suit(k) == suit]
        cards = [k for k in kinds for _ in range(decks)]
        cards = rng.sample(cards, rng.randint(1, min(len(cards), 16)))
        fast = d._fast_units(cards)
        slow = [(w, l, tuple(c)) for _, w, l, c in t.units(cards)]
        assert fast == slow, (cards, fast, slow)


# ------------------------------------------------------------------------------------------------
# dealing
# ------------------------------------------------------------------------------------------------

def test_dealing_order_and_kitty():
    order = pack(2)
    random.Random(3).shuffle(order)
    d = RefDeal(make_rules(decks=2), order, dealer=2, trump="S")
    for s in range(4):
        assert d.hand(s) == tuple(sorted(order[(s - 2) % 4:100:4] + (order[100:] if s == 2 else [])))
    assert d.kitty == tuple(sorted(order[100:]))
    assert d.phase == "bury" and d.to_move == 2 and d.trump_suit == "S"


def test_declare_phase_deals_one_card_per_act():
    order = pack(1)
    random.Random(4).shuffle(order)
    d = RefDeal(make_rules(decks=1), order, dealer=1)
    assert d.phase == "declare" and d.to_move == 1
    assert d.hand(1) == (order[0],) and d.hand(2) == ()
    d.declare(())
    assert d.to_move == 2 and d.hand(2) == (order[1],)
    for _ in range(46):
        d.declare(())
    # card 47 (the last) went to seat 0, who acts; then each seat once more from the dealer
    assert d.to_move == 0 and all(len(d.hand(s)) == 12 for s in range(4))
    seats = []
    while d.phase == "declare":
        seats.append(d.to_move)
        d.declare(())
    assert seats == [0, 1, 2, 3, 0]
    assert d.phase == "bury" and d.trump_suit is None and d.declarer is None


def test_order_from_hands_helper_round_trip():
    rng = random.Random(9)
    order = pack(2)
    rng.shuffle(order)
    d = RefDeal(make_rules(decks=2), order, dealer=3, trump=None)
    hands = [d.hand(s) for s in range(4)]
    hands[3] = tuple(sorted((Counter(hands[3]) - Counter(order[100:])).elements()))
    e = RefDeal(make_rules(decks=2), order_from_hands(hands, order[100:], dealer=3), dealer=3, trump=None)
    assert [e.hand(s) for s in range(4)] == [d.hand(s) for s in range(4)]


# ------------------------------------------------------------------------------------------------
# declaring
# ------------------------------------------------------------------------------------------------

def test_declaration_ladder_qq():
    # level 2, dealer 0: seat 0's first card is 2S, seat 1's first two are 2H 2H, seat 2 ends with
    # SJ SJ, seat 3 ends with BJ BJ.
    # seat 1 must hold no kind below 13 (spades) so that 2H 2H are its first two cards: every
    # spade is placed in the hands of seats 0, 2, 3.
    spades = list(range(13))
    fixed = {0: [0], 1: [13, 13], 2: [52, 52], 3: [53, 53]}
    rest_spades = [k for k in spades for _ in range(2)]
    rest_spades.remove(0)
    fixed[0] += rest_spades[:8]
    fixed[2] += rest_spades[8:16]
    fixed[3] += rest_spades[16:]
    order = build_order(2, 8, fixed, seed=1, banned=set(spades))
    d = RefDeal(make_rules(decks=2), order, dealer=0, level="2")
    assert d.to_move == 0 and d.hand(0) == (0,)
    assert d.legal_declarations() == [(), (0,)]
    d.declare([0])
    assert (d.declaration, d.declarer, d.trump_suit) == ((0,), 0, "S")
    assert d.to_move == 1 and d.legal_declarations() == [()]  # one 2H is not stronger
    with pytest.raises(ValueError):
        d.declare([13])
    pass_until(d, 1, (13, 13))
    assert d.hand(1)[:2] == (13, 13)
    d.declare((13, 13))
    assert (d.declaration, d.declarer, d.trump_suit) == ((13, 13), 1, "H")
    pass_until(d, 2, (52, 52))
    assert (52,) not in d.legal_declarations()  # a single joker is no declaration
    d.declare([52, 52])
    assert (d.declaration, d.declarer, d.trump_suit) == ((52, 52), 2, None)
    # BJ BJ is as strong as SJ SJ: it cannot overturn it
    while d.phase == "declare":
        assert d.legal_declarations() == [()]
        d.declare(())
    assert d.phase == "bury" and d.declarer == 2 and d.trump_suit is None and d.dealer == 0
    assert d.declaration == (52, 52)
    assert d.trump.trump_suit is None


def test_declaration_reinforce_by_declarer_and_partner():
    banned = {0, 13, 26, 39, 52, 53}  # level cards (level 2) and jokers: all placed by hand
    # the declarer reinforces: seat 0 holds 2S 2S (its first two cards)
    kitty = [13, 13, 26, 26, 39, 39, 52, 53]
    order = build_order(2, 8, {0: [0, 0, 52], 2: [53]}, seed=2, banned=banned, kitty=kitty)
    d = RefDeal(make_rules(decks=2), order, dealer=0, level="2")
    assert d.legal_declarations() == [(), (0,)]
    d.declare((0,))
    pass_until(d, 0, (0, 0))
    d.declare((0, 0))
    assert (d.declaration, d.declarer, d.trump_suit) == ((0, 0), 0, "S")
    while d.phase == "declare":
        assert d.legal_declarations() == [()]
        d.declare(())
    assert (d.trump_suit, d.declarer, d.dealer) == ("S", 0, 0)
    # the partner: seat 2 holds one 2S (with partner_reinforce="never" it cannot reinforce one card with one
    # card) and 2D 2D
    kitty = [13, 13, 39, 39, 52, 53, 1, 1]
    order = build_order(2, 8, {0: [0, 52], 2: [0, 26, 26, 53]}, dealer=1, seed=2, banned=banned,
                        kitty=kitty)
    d = RefDeal(make_rules(decks=2, partner_reinforce="never"), order, dealer=1, level="2")
    pass_until(d, 0, (0,))
    d.declare((0,))
    assert d.declarer == 0
    pass_until(d, 2, (26, 26))
    assert (0,) not in d.legal_declarations() and (26,) not in d.legal_declarations()
    d.declare((26, 26))
    pass_all(d)
    assert (d.trump_suit, d.declarer, d.dealer, d.declaration) == ("D", 2, 1, (26, 26))


def _partner_copy_deal(**options):
    """Level 2, dealer 1: seat 0 holds 2S and SJ, seat 2 the other 2S and 2D 2D, seat 1 2H 2H, seat 3 BJ BJ."""
    banned = {0, 13, 26, 39, 52, 53}
    kitty = [39, 39, 52, 1, 1, 14, 14, 27]
    order = build_order(2, 8, {0: [0, 52], 1: [13, 13], 2: [0, 26, 26], 3: [53, 53]}, dealer=1, seed=3,
                        banned=banned, kitty=kitty)
    return RefDeal(make_rules(decks=2, **options), order, dealer=1, level="2", first_deal=True)


def _pass_to(d, seat, cards):
    """Pass until `seat` is to move holding `cards` (legal or not)."""
    while not (d.to_move == seat and not Counter(cards) - Counter(d.hand(seat))):
        assert d.phase == "declare", "the cards never came"
        d.declare(())


def test_partner_copy_reinforces_under_pair():
    # 对家保 (partner_reinforce="pair", MODEL §9): seat 2 shows its copy of seat 0's 2S; the pair is seat 0's
    d = _partner_copy_deal(partner_reinforce="pair")
    pass_until(d, 0, (0,))
    d.declare((0,))
    pass_until(d, 2, (0,))
    assert (0,) in d.legal_declarations() and (26,) not in d.legal_declarations()
    d.declare((0,))
    assert (d.declaration, d.declarer, d.trump_suit) == ((0, 0), 0, "S")
    assert d.declarations == [(0, (0,)), (2, (0,))]
    # a pair of level cards (2 < 2 is not stronger) no longer overturns; a joker pair does
    _pass_to(d, 1, (13, 13))
    assert (13, 13) not in d.legal_declarations()
    with pytest.raises(ValueError, match="strictly stronger"):
        d.declare((13, 13))
    pass_until(d, 3, (53, 53))
    assert (53, 53) in d.legal_declarations()
    pass_all(d)
    assert (d.trump_suit, d.declarer, d.dealer) == ("S", 0, 0)


def test_partner_copy_only_by_the_partner_and_only_of_a_single():
    d = _partner_copy_deal()  # the reference's default: "pair"
    pass_until(d, 2, (26, 26))
    d.declare((26, 26))  # seat 2's own pair stands
    _pass_to(d, 0, (0,))
    assert (0,) not in d.legal_declarations()  # seat 0 is the partner now, but the standing one is a pair
    for never in (_partner_copy_deal(partner_reinforce="never"), _partner_copy_deal(partnership="call_card")):
        pass_until(never, 0, (0,))
        never.declare((0,))
        _pass_to(never, 2, (0,))
        assert (0,) not in never.legal_declarations()
    with pytest.raises(ValueError, match="partner_reinforce"):
        _partner_copy_deal(partner_reinforce="always")


def test_declaration_ladder_qq3_three_decks():
    rules = make_rules(decks=3, declaration="qq3")
    # level 2: seat 0 holds 2S and BJ BJ BJ, seat 1 2H 2H, seat 2 SJ SJ, seat 3 2D 2D 2D
    fixed = {0: [0, 53, 53, 53], 1: [13, 13, 39], 2: [52, 52], 3: [26, 26, 26]}
    banned = {0, 13, 26, 39, 52, 53}
    kitty = [0, 0, 13, 39, 39, 52]
    order = build_order(3, 6, fixed, seed=3, banned=banned, kitty=kitty)
    d = RefDeal(rules, order, dealer=0, level="2")
    pass_until(d, 0, (0,))
    d.declare((0,))
    pass_until(d, 1, (13, 13))
    d.declare((13, 13))
    pass_until(d, 2, (52, 52))
    d.declare((52, 52))
    assert d.trump_suit is None
    pass_until(d, 3, (26, 26, 26))
    assert (26, 26) not in d.legal_declarations()
    d.declare((26, 26, 26))
    assert (d.trump_suit, d.declarer) == ("D", 3)
    pass_until(d, 0, (53, 53, 53))
    assert (53, 53) not in d.legal_declarations()
    d.declare((53, 53, 53))
    assert (d.declaration, d.declarer, d.trump_suit) == ((53, 53, 53), 0, None)
    while d.phase == "declare":
        assert d.legal_declarations() == [()]
        d.declare(())
    assert d.phase == "bury" and d.trump_suit is None and d.declarer == 0

    # under "qq" three cards are no declaration
    d = RefDeal(make_rules(decks=3, declaration="qq"), order, dealer=0, level="2")
    seen = set()
    while d.phase == "declare":
        seen.update(d.legal_declarations())
        d.declare(())
    assert all(len(x) <= 2 for x in seen) and (26, 26) in seen and (53, 53) in seen


def test_no_bid_kitty_card_skips_jokers():
    fixed = {}
    kitty = parse("3S 4S SJ BJ 7D 8C 9C 10C")
    order = build_order(2, 8, fixed, seed=4, kitty=kitty)
    d = RefDeal(make_rules(decks=2, no_bid="kitty_card"), order, dealer=0, level="5")
    pass_all(d)
    assert d.trump_suit == "D" and d.declarer is None and d.declaration == ()
    assert d.phase == "bury" and d.dealer == 0
    # the third card itself when it is not a joker (a level card gives its suit)
    kitty = parse("SJ BJ 5H 7D 8C 9C 10C 3S")
    d = RefDeal(make_rules(decks=2, no_bid="kitty_card"), build_order(2, 8, {}, seed=4, kitty=kitty), level="5")
    pass_all(d)
    assert d.trump_suit == "H"
    # all jokers from the third card on: no trump (3 decks, 6-card kitty)
    kitty = parse("3S 4S SJ BJ SJ BJ")
    d = RefDeal(make_rules(decks=3, no_bid="kitty_card"), build_order(3, 6, {}, seed=4, kitty=kitty), level="5")
    pass_all(d)
    assert d.trump_suit is None
    # notrump (default)
    d = RefDeal(make_rules(decks=2), order, level="5")
    pass_all(d)
    assert d.trump_suit is None


def test_taian_and_dealer_loses_are_implemented():
    order = pack(2)
    d = RefDeal(make_rules(decks=2, declaration="taian"), order)
    assert d.phase == "declare"
    d = RefDeal(make_rules(decks=2, declaration="taian"), order, trump="H")  # no declaring phase
    assert d.phase == "bury" and d.trump_suit == "H"
    # dealer_loses with the QQ ladder: nobody declares, the dealer loses the deal
    d = RefDeal(make_rules(decks=2, no_bid="dealer_loses"), order)
    pass_all(d)
    assert d.phase == "done" and d.lost_deal and d.result() == LOST_RESULT
    d = RefDeal(make_rules(decks=2, no_bid="dealer_loses"), order, trump="S")  # not needed
    assert d.phase == "bury" and d.trump_suit == "S" and not d.lost_deal


def test_declaration_none_needs_a_given_trump():
    order = pack(2)
    with pytest.raises(ValueError, match="give the trump"):
        RefDeal(make_rules(decks=2, declaration="none"), order)
    for trump in ("H", None):
        d = RefDeal(make_rules(decks=2, declaration="none"), order, trump=trump)
        assert d.phase == "bury" and d.trump_suit == trump and d.declarer is None


def test_bad_declaring_options():
    order = pack(2)
    for options in ({"declaration": "shout"}, {"no_bid": "random"}, {"no_bid": "redeal"},
                    {"first_deal_dealer": "last"}, {"first_deal_dealer": "first"},
                    {"first_deal_no_bid": "never"}, {"first_deal_no_bid": "Redeal"}, {"kitty_grab": "yes"},
                    {"kitty_grab": True}, {"kitty_grab": True, "declaration": "qq3"}, {"kitty_rule": "Taian"},
                    {"kitty_rule": "qq"}, {"kitty_rule": ""},
                    {"kitty_multiplier_reads": "Winner"}, {"kitty_multiplier_reads": "leader"},
                    {"kitty_multiplier_reads": ""}, {"kitty_multiplier_reads": 1},
                    {"kitty_grab": True, "declaration": "4deck", "kitty_rule": "taian"}):
        for trump in ("declare", "S"):
            with pytest.raises(ValueError):
                RefDeal(make_rules(decks=2, **options), order, trump=trump, first_deal=True)
    # the kitty rules need a kitty of at least three cards (kitty_turnup: one card)
    for no_bid in ("kitty_card", "kitty_card_notrump", "kitty_turnup"):
        with pytest.raises(ValueError):
            RefDeal(make_rules(decks=2, kitty=0, no_bid=no_bid), order)
    assert RefDeal(make_rules(decks=2, kitty=0), order).phase == "declare"


def test_no_bid_kitty_card_vs_kitty_card_notrump():
    # the kitty's third card is a joker, the fourth a heart; every seat passes
    kitty = parse("3S 4S SJ 7H 8C 9C 10C 3D")
    order = build_order(2, 8, {}, seed=11, kitty=kitty)
    expected = {"kitty_card": "H", "kitty_card_notrump": None, "notrump": None}
    for no_bid, trump_suit in expected.items():
        d = RefDeal(make_rules(decks=2, no_bid=no_bid), order, dealer=1, level="5")
        pass_all(d)
        assert (d.phase, d.trump_suit, d.declarer, d.dealer) == ("bury", trump_suit, None, 1), no_bid
        assert d.trump.trump_suit == (None if trump_suit is None else "SHDC".index(trump_suit))
    # kitty_card_notrump takes the third card when it is not a joker (a level card gives its suit)
    for third, suit in (("7D", "D"), ("5C", "C"), ("BJ", None)):
        kitty = parse(f"SJ BJ {third} 7H 8C 9C 10C 3S")
        d = RefDeal(make_rules(decks=2, no_bid="kitty_card_notrump"),
                    build_order(2, 8, {}, seed=12, kitty=kitty), level="5")
        pass_all(d)
        assert d.trump_suit == suit


def _overturn_order():
    """2 decks, level 2, dealer 0: seat 1 holds one 2H, seat 2 holds 2D 2D; the other level cards
    and jokers are in seat 3's hand (one BJ) and the kitty, so nobody else can declare."""
    banned = {0, 13, 26, 39, 52, 53}
    kitty = [0, 0, 13, 39, 39, 52, 52, 53]
    return build_order(2, 8, {1: [13], 2: [26, 26], 3: [53]}, seed=13, banned=banned, kitty=kitty), kitty


@pytest.mark.parametrize("rule,dealer_after", [("first_declarer", 1), ("final_declarer", 2),
                                                (None, 1)])
def test_first_deal_dealer_after_an_overturn(rule, dealer_after):
    order, kitty = _overturn_order()
    for first_deal in (True, False):
        d = RefDeal(make_rules(decks=2, first_deal_dealer=rule), order, dealer=0, level="2",
                    first_deal=first_deal)
        pass_until(d, 1, (13,))
        d.declare([13])  # seat 1 declares first ...
        assert (d.first_declarer, d.declarer) == (1, 1)
        pass_until(d, 2, (26, 26))
        d.declare([26, 26])  # ... seat 2 overturns
        pass_all(d)
        assert (d.first_declarer, d.declarer, d.declaration) == (1, 2, (26, 26))
        assert d.trump_suit == "D"  # always the standing declaration's trump
        want = dealer_after if first_deal else 0
        assert d.phase == "bury" and d.dealer == want and d.to_move == want
        assert len(d.hand(want)) == 25 + 8 and Counter(kitty) <= Counter(d.hand(want))
        assert d.is_attacker((want + 1) % 4) and not d.is_attacker((want + 2) % 4)
    # no declaration: the dealer stays under both rules
    for rule_ in ("first_declarer", "final_declarer"):
        d = RefDeal(make_rules(decks=2, first_deal_dealer=rule_), order, dealer=3, first_deal=True)
        pass_all(d)
        assert d.dealer == 3 and d.declarer is None and d.first_declarer is None


def test_first_deal_declarer_becomes_dealer():
    kitty = parse("3S 4S 5S 6S 7S 8S 9S 2H")
    order = build_order(2, 8, {1: [13]}, seed=5, banned={13}, kitty=kitty)
    # seat 1 declares its 2H; the others pass
    for first_deal, dealer_after in ((True, 1), (False, 0)):
        d = RefDeal(make_rules(decks=2), order, dealer=0, level="2", first_deal=first_deal)
        pass_until(d, 1, (13,))
        d.declare([13])
        pass_all(d)
        assert d.declarer == 1 and d.trump_suit == "H"
        assert d.dealer == dealer_after and d.phase == "bury" and d.to_move == dealer_after
        assert len(d.hand(dealer_after)) == 25 + 8
        assert Counter(kitty) <= Counter(d.hand(dealer_after))
        d.bury(kitty)
        assert d.to_move == dealer_after
        assert d.is_attacker((dealer_after + 1) % 4) and not d.is_attacker((dealer_after + 2) % 4)
    # no declaration: the dealer stays
    d = RefDeal(make_rules(decks=2), order, dealer=3, first_deal=True)
    pass_all(d)
    assert d.dealer == 3 and d.declarer is None


# ------------------------------------------------------------------------------------------------
# one action protocol: act() and legal_actions() through every phase
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("decks,declaration,seeds", [(1, "qq", 4), (2, "qq", 3), (3, "qq3", 2)])
def test_deal_driven_by_act_and_legal_actions(decks, declaration, seeds):
    for seed in range(seeds):
        rng = random.Random(500 + 10 * decks + seed)
        rules = make_rules(decks=decks, declaration=declaration,
                           trick_compare=rng.choice(["largest_unit", "all_units", "highest_card"]),
                           no_bid=rng.choice(["notrump", "kitty_card", "kitty_card_notrump"]),
                           first_deal_dealer=rng.choice(["first_declarer", "final_declarer"]))
        order = pack(decks)
        rng.shuffle(order)
        d = RefDeal(rules, order, dealer=rng.randrange(4), level=rng.choice(RANKS),
                    first_deal=rng.random() < 0.5)
        twin = copy.deepcopy(d)  # the same moves through declare() / bury() / play()
        phases = []
        while d.phase != "done":
            if not phases or phases[-1] != d.phase:
                phases.append(d.phase)
            if d.phase == "bury":
                with pytest.raises(ValueError):
                    d.legal_actions()
                action = tuple(sorted(rng.sample(d.hand(d.dealer), d.kitty_size)))
                assert d.act(list(action)) is None
                twin.bury(list(action))
                assert d.kitty == action
            else:
                legal = d.legal_actions()
                assert legal
                if d.phase == "declare":
                    assert () in legal and legal == d.legal_declarations()
                    action = rng.choice(sorted(legal)) if rng.random() < 0.1 else ()
                    assert d.act(action) is None
                    twin.declare(action)
                else:
                    action = rng.choice(sorted(legal))
                    assert d.act(list(action)) == action  # listed throws are safe: played in full
                    assert twin.play(action) == action
            assert snapshot(d) == snapshot(twin)
        assert phases == ["declare", "bury", "play"]
        assert d.to_move is None and d.legal_actions() == set()
        assert all(len(d.hand(s)) == 0 for s in range(4))
        assert sum(len(p) for _, plays, _ in d.tricks for p in plays) == 4 * d.hand_size
        assert d.attacker_captured + d.defender_captured + points(d.kitty) == 100 * decks
        assert d.result() == twin.result()
        _raises_unchanged(d, "act", [])
        _raises_unchanged(d, "act", [0])


def test_act_bad_input_leaves_state_unchanged():
    order = pack(2)
    random.Random(14).shuffle(order)
    d = RefDeal(make_rules(decks=2), order, dealer=0, level="2")
    _raises_unchanged(d, "act", [1])  # not a declaration
    _raises_unchanged(d, "act", "2S")
    d.act([])
    assert d.to_move == 1
    pass_all(d)
    _raises_unchanged(d, "act", d.hand(0)[:7])  # bury: wrong count
    _raises_unchanged(d, "act", [])
    d.act(d.hand(0)[:8])
    assert d.phase == "play"
    _raises_unchanged(d, "act", [])
    t = d.trump
    suits = {}
    for k in d.hand(0):
        suits.setdefault(t.effective_suit(k), k)
    _raises_unchanged(d, "act", list(suits.values())[:2])  # mixed-suit lead


# ------------------------------------------------------------------------------------------------
# playing: throws, penalty, voids
# ------------------------------------------------------------------------------------------------

def _spade_deal(penalty):
    """1 deck, level 2, trump H, dealer 0. Spades (3S..AS) are all placed:
    seat 0: 3S 6S, seat 1: AS QS JS, seat 2: 4S 7S 8S, seat 3: KS 5S 9S 10S."""
    fixed = {0: parse("3S 6S"), 1: parse("AS QS JS"), 2: parse("4S 7S 8S"), 3: parse("KS 5S 9S 10S")}
    spades = set(parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))
    kitty = parse("3D 4D 5D 6D 7D 8D")
    order = build_order(1, 6, fixed, seed=6, banned=spades, kitty=kitty)
    d = RefDeal(make_rules(decks=1, throw_penalty=penalty), order, dealer=0, level="2", trump="H")
    d.bury(kitty)
    return d


def test_failed_throws_ten_per_card():
    d = _spade_deal("ten_per_card")
    assert S("3S 6S") not in d.legal_actions()  # not a safe throw
    assert S("3S") in d.legal_actions() and S("6S") in d.legal_actions()
    # defender (dealer) throws 3S 6S: both beaten, the lowest (3S) is played, one card back: +10
    assert d.play(S("3S 6S")) == S("3S")
    assert d.trick == [S("3S")] and d.failed_throws == [1, 0, 0, 0] and d.penalty == 10
    assert S("6S")[0] in d.hand(0)  # 6S stays in the hand
    assert d.play(S("AS")) == S("AS")
    assert d.play(S("4S")) == S("4S")
    assert d.play(S("5S")) == S("5S")
    assert d.tricks[-1] == (0, [S("3S"), S("AS"), S("4S"), S("5S")], 1)
    assert d.attacker_captured == 5 and d.to_move == 1
    # attacker seat 1 throws QS JS: KS beats QS, 10S and KS beat... JS is beaten by KS: the lowest
    # beaten unit is JS; one card back: -10
    assert d.play(S("QS JS")) == S("JS")
    assert d.failed_throws == [1, 1, 0, 0] and d.penalty == 0
    d.play(S("7S"))
    d.play(S("KS"))
    assert d.voids[0] == set()
    d.play(S("6S"))
    assert d.tricks[-1] == (1, [S("JS"), S("7S"), S("KS"), S("6S")], 3)
    assert d.attacker_captured == 15 and d.defender_captured == 0
    rng = random.Random(1)
    while d.phase == "play":
        d.play(rng.choice(sorted(d.legal_actions())))
    res = d.result()
    assert res["attacker_points"] == max(0, d.attacker_captured + d.penalty
                                         + res["kitty_points"] * res["multiplier"])


@pytest.mark.parametrize("penalty", ["none", "match_point"])
def test_failed_throw_without_point_penalty(penalty):
    d = _spade_deal(penalty)
    assert d.play(S("3S 6S")) == S("3S")
    assert d.failed_throws == [1, 0, 0, 0] and d.penalty == 0


def test_safe_throw_stands():
    # 2 decks, level 2, trump H: seat 0 holds AS AS KS, the other KS and all higher are gone
    fixed = {0: parse("AS AS KS 3S"), 1: parse("KS 4S")}
    order = build_order(2, 8, fixed, seed=7, kitty=None)
    d = RefDeal(make_rules(decks=2), order, dealer=0, level="2", trump="H")
    d.bury(d.kitty)
    legal = d.legal_actions()
    assert S("AS AS KS") in legal  # KS single: the unseen KS is equal, not higher; AA: no higher pair
    assert S("AS KS") in legal and S("AS AS") in legal and S("KS") in legal
    assert S("AS AS KS 3S") not in legal  # 3S is beaten by unseen spades
    assert d.play(S("AS AS KS")) == S("AS AS KS")
    assert d.failed_throws == [0, 0, 0, 0]


def test_voids_recorded():
    d = _spade_deal("none")
    # seat 1 leads after winning a trick: play 3S, AS, 4S, 5S
    for cards in ("3S", "AS", "4S", "5S"):
        d.play(S(cards))
    # seat 1 leads QS; seat 2 follows 7S; seat 3 KS; seat 0 6S
    for cards in ("QS", "7S", "KS", "6S"):
        d.play(S(cards))
    assert d.to_move == 3
    d.play(S("9S"))  # seat 3 leads 9S; seat 0 has no spade left: void
    hand0 = d.hand(0)
    follow = sorted(d.legal_actions())[0]
    assert follow[0] in hand0
    d.play(follow)
    assert d.voids[0] == {"S"}
    assert d.voids[1] == set() and d.voids[2] == set() and d.voids[3] == set()


def test_natural_tractors_in_a_deal():
    """tractor_rule="natural" (MODEL §3) in the deal engine: a borrowing tractor (♠5♠5♠6♠6, constant 5) is a
    legal lead of spades, a borrowing answer is a legal follow and does not show the follower void, and the
    trick goes by the tractor keys."""
    rules = make_rules(decks=2, constant_ranks=("2", "3", "5"), tractor_rule="natural")
    fixed = {0: parse("5S 5S 6S 6S AS AS KS"), 1: parse("4S 4S 3S 3S 9S KS"),
             2: parse("2S 2S 7S 7S 8S 8S QS QS"), 3: parse("9S 10S 10S JS JS")}
    order = build_order(2, 8, fixed, seed=3, banned={k for k in range(13)})
    d = RefDeal(rules, order, dealer=0, level="8", trump="H")
    d.bury(d.kitty)
    leads = d.legal_actions()
    assert S("5S 5S 6S 6S") in leads and S("5S 5S") in leads and S("5S 6S 6S") not in leads
    assert d.play(S("5S 5S 6S 6S")) == S("5S 5S 6S 6S") and d.failed_throws == [0, 0, 0, 0]
    assert d.legal_actions() == {S("3S 3S 4S 4S"), S("4S 4S 9S KS")}
    d.play(S("3S 3S 4S 4S"))  # borrows ♠3♠3: not void in spades (it still holds ♠9 ♠K)
    assert d.voids[1] == set()
    assert S("7S 7S 8S 8S") in d.legal_actions()
    d.play(S("7S 7S 8S 8S"))  # key 12 (♠8 borrowed)
    assert d.legal_actions() == {S("10S 10S JS JS")}  # the plain tractor must be played
    d.play(S("10S 10S JS JS"))  # key 18
    assert d.tricks[-1][2] == 3 and d.to_move == 3
    with pytest.raises(ValueError):
        d.play(S("9S 5H"))  # a lead of mixed suits


def test_trump_void_recorded():
    # 1 deck, level 2, trump H: seat 0 holds 12 trumps, the kitty the other 6; nobody else has any
    trumps = parse("2S 2H 2D 2C SJ BJ 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    order = build_order(1, 6, {0: trumps[6:]}, seed=8, banned=set(trumps), kitty=trumps[:6])
    d = RefDeal(make_rules(decks=1), order, dealer=0, level="2", trump="H")
    d.bury(trumps[:6])
    assert d.play(S("3H")) == S("3H")
    follow = sorted(d.legal_actions())[0]
    assert len(d.legal_actions()) == 12
    d.play(follow)
    assert d.voids[1] == {"T"} and d.voids[0] == set()


# ------------------------------------------------------------------------------------------------
# MODEL §7 the capturing cards (kitty_multiplier_reads)
# ------------------------------------------------------------------------------------------------

def one_trick_deal(hands, policy, reads=None):
    """A 2-deck deal of a single trick at level 2, hearts trump, dealer 0: seat s holds `hands[s]` (n
    cards each: one lead of n cards ends the deal), the kitty every other card (108 - 4n of them); the
    dealer buries exactly the kitty it took up."""
    hands = [parse(h) for h in hands]
    rest = Counter(pack(2))
    for h in hands:
        rest.subtract(h)
    kitty = sorted(rest.elements())
    rules = make_rules(decks=2, kitty=len(kitty), kitty_multiplier=policy, kitty_multiplier_reads=reads)
    d = RefDeal(rules, order_from_hands(hands, kitty), dealer=0, level="2", trump="H")
    assert d.phase == "bury" and d.hand_size == len(hands[0])
    d.bury(kitty)
    assert (d.phase, d.to_move, d.kitty) == ("play", 0, tuple(kitty))
    assert all(d.hand(s) == tuple(sorted(hands[s])) for s in range(4))
    return d


def play_trick(d, plays):
    for cards in plays:
        assert d.play(S(cards)) == S(cards)  # no failed throw: every lead here stands
    assert d.phase == "done" and len(d.tricks) == 1 and d.failed_throws == [0, 0, 0, 0]
    return d.tricks[-1]


@pytest.mark.parametrize("reads,multiplier", [(None, 8), ("winner", 8), ("lead", 4)])
def test_kitty_multiplier_reads_the_winning_tractor(reads, multiplier):
    # MODEL §7 example: level 2, hearts trump; the dealer throws AS AS JS JS (two pairs: x4 read from the
    # lead); seat 1, void in spades, wins with the trump tractor 9H 9H 8H 8H, x8 under "bianfeng"
    plays = ["AS AS JS JS", "9H 9H 8H 8H", "3C 4C 6C 7C", "3D 4D 6D 7D"]
    d = one_trick_deal(plays, "bianfeng", reads)
    leader, _, winner = play_trick(d, plays)
    assert (leader, winner) == (0, 1)
    assert d.trump.kitty_multiplier(S(plays[1])) == 8 and d.trump.kitty_multiplier(S(plays[0])) == 4
    res = d.result()
    assert (res["kitty_captured"], res["kitty_points"], res["multiplier"]) == (True, 200, multiplier)
    assert res["attacker_points"] == 200 * multiplier


@pytest.mark.parametrize("reads,multiplier", [(None, 4), ("winner", 4), ("lead", 2)])
def test_kitty_multiplier_reads_the_winning_pair(reads, multiplier):
    # the dealer throws AS KS (two singles: x2); seat 1 trumps with 9H 9H, one pair: x4 under "pairs"
    plays = ["AS KS", "9H 9H", "3C 4C", "3D 4D"]
    d = one_trick_deal(plays, "pairs", reads)
    assert play_trick(d, plays)[2] == 1
    res = d.result()
    assert (res["kitty_captured"], res["kitty_points"], res["multiplier"]) == (True, 190, multiplier)
    assert res["attacker_points"] == 10 + 190 * multiplier


@pytest.mark.parametrize("reads", [None, "winner", "lead"])
def test_kitty_multiplier_only_the_winning_play(reads):
    # seat 1 trumps with the pair 9H 9H, seat 3 (its partner) overtrumps with AH KH, two singles: only the
    # winning play counts, never a partner's cards in the trick: x2 under "pairs" whichever is read
    plays = ["AS KS", "9H 9H", "3C 4C", "AH KH"]
    d = one_trick_deal(plays, "pairs", reads)
    assert play_trick(d, plays)[2] == 3
    res = d.result()
    assert (res["kitty_captured"], res["kitty_points"], res["multiplier"]) == (True, 180, 2)
    assert res["attacker_points"] == 20 + 180 * 2
    # a defender (the dealer's partner) wins the last trick with a pair: nothing is captured
    plays = ["AS KS", "3C 4C", "9H 9H", "3D 4D"]
    d = one_trick_deal(plays, "pairs", reads)
    assert play_trick(d, plays)[2] == 2
    res = d.result()
    assert (res["kitty_captured"], res["multiplier"], res["attacker_points"]) == (False, 0, 0)


# ------------------------------------------------------------------------------------------------
# bad inputs
# ------------------------------------------------------------------------------------------------

def test_bad_construction():
    rules = make_rules(decks=2)
    order = pack(2)
    with pytest.raises(ValueError):
        RefDeal(rules, order[:-1])
    with pytest.raises(ValueError):
        RefDeal(rules, order[:-1] + [0])
    with pytest.raises(ValueError):
        RefDeal(rules, order[:-1] + [54])
    with pytest.raises(ValueError):
        RefDeal(rules, order, dealer=4)
    with pytest.raises(ValueError):
        RefDeal(rules, order, level="1")
    with pytest.raises(ValueError):
        RefDeal(rules, order, trump="X")
    with pytest.raises(ValueError):
        RefDeal(make_rules(decks=2, kitty=7), order)
    with pytest.raises(ValueError):
        RefDeal(make_rules(decks=2, throw_penalty="big"), order)


def _raises_unchanged(d, method, *args):
    before = snapshot(d)
    with pytest.raises(ValueError):
        getattr(d, method)(*args)
    assert snapshot(d) == before


def test_bad_moves_leave_state_unchanged():
    order = pack(2)
    random.Random(10).shuffle(order)
    d = RefDeal(make_rules(decks=2), order, dealer=0, level="2")
    # declare phase
    _raises_unchanged(d, "bury", [])
    _raises_unchanged(d, "play", [d.hand(0)[0]])
    _raises_unchanged(d, "result")
    _raises_unchanged(d, "declare", "2S")
    _raises_unchanged(d, "declare", [99])
    _raises_unchanged(d, "declare", [0, 13])  # not one kind
    _raises_unchanged(d, "declare", [1])  # not a level card
    _raises_unchanged(d, "declare", [52])  # a single joker
    held = d.hand(0)[0]
    missing = next(k for k in (0, 13, 26, 39) if k != held)
    _raises_unchanged(d, "declare", [missing])  # not held
    _raises_unchanged(d, "declare", [52, 52, 52])
    pass_all(d)
    # bury phase
    assert d.phase == "bury"
    _raises_unchanged(d, "declare", ())
    _raises_unchanged(d, "legal_declarations")
    _raises_unchanged(d, "legal_actions")
    _raises_unchanged(d, "play", [d.hand(0)[0]])
    _raises_unchanged(d, "bury", d.hand(0)[:7])
    _raises_unchanged(d, "bury", d.hand(0)[:9])
    hand = Counter(d.hand(0))
    absent = next(k for k in range(54) if hand[k] == 0)
    _raises_unchanged(d, "bury", list(d.hand(0)[:7]) + [absent])
    _raises_unchanged(d, "bury", [99] * 8)
    d.bury(d.hand(0)[:8])
    # play phase: lead
    t = d.trump
    _raises_unchanged(d, "bury", d.hand(0)[:8])
    _raises_unchanged(d, "declare", ())
    _raises_unchanged(d, "play", [])
    _raises_unchanged(d, "play", [absent])
    _raises_unchanged(d, "play", [99])
    _raises_unchanged(d, "play", "AS")
    suits = {}
    for k in d.hand(0):
        suits.setdefault(t.effective_suit(k), k)
    assert len(suits) >= 2
    _raises_unchanged(d, "play", list(suits.values())[:2])  # mixed suits
    # lead a single and check illegal follows
    lead_card = next(k for k in d.hand(0) if t.effective_suit(k) != "T"
                     and any(t.effective_suit(x) == t.effective_suit(k) for x in d.hand(1)))
    d.play([lead_card])
    lead_suit = t.effective_suit(lead_card)
    in_suit = [k for k in d.hand(1) if t.effective_suit(k) == lead_suit]
    off_suit = [k for k in d.hand(1) if t.effective_suit(k) != lead_suit]
    _raises_unchanged(d, "play", [off_suit[0]])  # must follow suit
    _raises_unchanged(d, "play", in_suit[:1] + off_suit[:1])  # wrong count
    assert all(len(a) == 1 and t.effective_suit(a[0]) == lead_suit for a in d.legal_actions())
    d.play(in_suit[:1])
    # play to the end; then every move fails
    rng = random.Random(0)
    while d.phase == "play":
        d.play(rng.choice(sorted(d.legal_actions())))
    assert d.legal_actions() == set()
    _raises_unchanged(d, "play", [0])
    _raises_unchanged(d, "bury", [])
    _raises_unchanged(d, "declare", ())
    _raises_unchanged(d, "hand", 4)
    assert d.result()["attacker_points"] >= 0


def test_defaults_from_refrules():
    # a RefRules lacks kitty/throw_penalty/declaration/no_bid: 6 for 1 and 3 decks, else 8
    for decks, kitty in ((1, 6), (2, 8), (3, 6), (4, 8)):
        order = pack(decks)
        d = RefDeal(RefRules(decks=decks), order, trump="S")
        assert d.kitty_size == kitty and len(d.kitty) == kitty
        assert len(d.hand(1)) == (54 * decks - kitty) // 4


# ------------------------------------------------------------------------------------------------
# the 4-deck ladder (level 2: the level cards are 2S=0, 2H=13, 2D=26, 2C=39)
# ------------------------------------------------------------------------------------------------

S2, H2, D2, C2 = 0, 13, 26, 39
SPECIAL = (S2, H2, D2, C2, 52, 53)  # level cards and jokers at level 2
CHOICES = (None, "S", "H", "D", "C")
GRADES = {  # MODEL §9 4-deck ladder: one declaration of each grade
    1: (D2,), 2: (D2, D2), 3: (C2, C2), 4: (H2, H2), 5: (S2, S2), 6: (52, 52), 7: (53, 53),
    8: Choice((52, 52, 52, 52), "D"),
}


def shown_cards(action):
    return action.cards if isinstance(action, Choice) else action


def grade4(action, level=0):
    """The test's own reading of the 4-deck ladder (MODEL §9): the grade of an action, 0 if none."""
    if isinstance(action, Choice):
        return 8 if len(action.cards) == 4 and all(k >= 52 for k in action.cards) else 0
    cards = tuple(sorted(action))
    if len(cards) == 1 and cards[0] < 52 and cards[0] % 13 == level:
        return 1
    if len(cards) == 2 and cards[0] == cards[1]:
        kind = cards[0]
        if kind >= 52:
            return 6 if kind == 52 else 7
        if kind % 13 == level:
            return {2: 2, 3: 3, 1: 4, 0: 5}[kind // 13]  # D < C < H < S
    return 0


def trump4(action):
    """The trump a 4-deck declaration sets (MODEL §9): a level card's suit, None for a joker pair, the
    choice of four jokers."""
    if isinstance(action, Choice):
        return action.trump
    return None if action[0] >= 52 else "SHDC"[action[0] // 13]


def expected_declarations(d, standing, level=0):
    """MODEL §9 "Legal actions" for the 4-deck ladder, from the hand of the seat to move: a grade above
    the standing one (a joker pair only over a standing declaration); the standing declarer only in the
    declare phase (自保) and only to the same trump, never in the grab phase."""
    seat = d.to_move
    hand = Counter(d.hand(seat))
    candidates = [(kind,) * k for kind in [s * 13 + level for s in range(4)] + [52, 53]
                  for k in range(1, hand[kind] + 1)]
    for big in range(5):
        if hand[52] >= 4 - big and hand[53] >= big:
            candidates += [Choice((52,) * (4 - big) + (53,) * big, t) for t in CHOICES]
    legal = [()]
    for c in candidates:
        g = grade4(c, level)
        if g <= standing or (g in (6, 7) and standing == 0):
            continue
        if seat == d.declarer and (d.phase != "declare" or trump4(c) != d.trump_suit):
            continue
        legal.append(c)
    return legal


def rules4(**options):
    options.setdefault("declaration", "4deck")
    options.setdefault("partner_reinforce", "never")  # the 4-deck post's ladder (the 4deck preset)
    return make_rules(decks=4, kitty=8, **options)


def special_order(fixed, dump=(3, 2), kitty=None, dealer=0, seed=0):
    """A 4-deck order where every level-2 card and joker is placed: `fixed[s]` to seat s, the rest to
    the seats in `dump` (in that order, as many as fit); the kitty as given (or random plain cards)."""
    fixed = {s: list(c) for s, c in fixed.items()}
    left = Counter({k: 4 for k in SPECIAL})
    for cards in fixed.values():
        left.subtract(cards)
    if kitty is not None:
        left.subtract(kitty)
    assert min(left.values()) >= 0
    left = sorted(left.elements())
    for seat in dump:
        cards = fixed.setdefault(seat, [])
        take = min(len(left), 52 - len(cards))
        cards += left[:take]
        del left[:take]
    assert not left
    return build_order(4, 8, fixed, dealer=dealer, seed=seed, banned=set(SPECIAL), kitty=kitty)


def to_final_round(d):
    """Pass until every card is dealt and the dealer opens the final round of the declaring."""
    while not (d.to_move == d.dealer and all(len(d.hand(s)) == d.hand_size for s in range(4))):
        assert d.phase == "declare"
        d.act(())


def assert_unchanged(d, method, *args):
    """The call raises ValueError and leaves every attribute as it was (compared with a deepcopy)."""
    before = copy.deepcopy(d)
    with pytest.raises(ValueError):
        getattr(d, method)(*args)
    assert vars(d) == vars(before)


@pytest.mark.parametrize("grade", range(1, 8))
def test_4deck_ladder_adjacent_grades(grade):
    """Seat 0 shows grade g; seat 1, holding grade g again and grade g + 1, may show only g + 1 (a joker
    pair needs a standing declaration: there seat 3, the dealer, declares a single level card first)."""
    low, high = GRADES[grade], GRADES[grade + 1]
    same = (C2,) if grade == 1 else low  # grade 1: any single level card
    d = RefDeal(rules4(), special_order({0: low, 1: same + shown_cards(high)}, dealer=3), dealer=3, level="2")
    to_final_round(d)
    if grade >= 6:
        single = d.legal_actions()[1]
        assert grade4(single) == 1
        d.act(single)
    else:
        d.act(())
    assert d.to_move == 0 and low in d.legal_actions()
    d.act(low)
    assert (d.declaration, d.declarer, d.to_move, d.trump_suit) == (low, 0, 1, "SHDC"[low[0] // 13]
                                                                      if low[0] < 52 else None)
    legal = d.legal_actions()
    assert legal == expected_declarations(d, grade) and high in legal
    assert same not in legal and low not in legal
    assert all(grade4(a) > grade for a in legal[1:])
    assert_unchanged(d, "act", same)
    d.act(high)
    assert (d.declaration, d.declarer) == (high, 1)
    assert d.trump_suit == ("D" if grade + 1 == 8 else None if grade + 1 >= 6 else "SHDC"[high[0] // 13])
    pass_all(d)
    assert d.phase == "bury" and d.declarer == 1 and d.dealer == 3
    assert d.declarations[-2:] == [(0, low), (1, high)]


def test_4deck_ladder_listing_order_and_non_grades():
    # seat 1 holds 2S 2S 2S, 2H, 2C 2C 2C 2C, SJ SJ SJ, BJ BJ; nothing stands
    d = RefDeal(rules4(), special_order({1: [S2] * 3 + [H2] + [C2] * 4 + [52] * 3 + [53] * 2}, dealer=1),
                dealer=1, level="2")
    to_final_round(d)
    assert d.to_move == 1
    mixes = [(52, 52, 52, 53), (52, 52, 53, 53)]  # fewest big jokers first
    assert d.legal_actions() == (
        [(), (S2,), (S2, S2), (H2,), (C2,), (C2, C2)]
        + [Choice(m, t) for m in mixes for t in CHOICES])
    assert d.legal_actions() == expected_declarations(d, 0)
    for bad in ([S2] * 3, [C2] * 3, [C2] * 4, [52], [52, 52, 52], [52, 53], [S2, H2], [52, 52]):
        assert_unchanged(d, "declare", bad)  # three/four level cards, odd jokers; no joker pair yet
    d.declare([C2, C2])
    assert d.trump_suit == "C"


def test_4deck_partner_copy_has_the_pair_grade_of_its_suit():
    # 对家保 on the 4-deck ladder (partner_reinforce="pair", not the 4deck preset's): seat 0's 2D and seat 2's copy
    # make a pair of 2D, grade 2, so seat 3's 2D 2D (2) no longer overturns but its 2C 2C (3) does
    d = RefDeal(rules4(partner_reinforce="pair"),
                special_order({0: [D2], 2: [D2], 3: [D2, D2, C2, C2]}, dump=(1,)), dealer=0, level="2")
    to_final_round(d)
    d.act((D2,))
    d.act(())  # seat 1
    assert (D2,) in d.legal_actions()
    d.act((D2,))
    assert (d.declaration, d.declarer, d.trump_suit) == ((D2, D2), 0, "D")
    assert d.to_move == 3 and (D2, D2) not in d.legal_actions() and (C2, C2) in d.legal_actions()
    d.act((C2, C2))
    assert (d.declarer, d.trump_suit) == (3, "C")


def test_4deck_joker_pair_only_overturns():
    d = RefDeal(rules4(), special_order({0: [52, 52, 53, 53], 1: [H2]}), dealer=0, level="2")
    to_final_round(d)
    legal = d.legal_actions()
    assert (52, 52) not in legal and (53, 53) not in legal  # nothing stands
    assert legal == [()] + [Choice((52, 52, 53, 53), t) for t in CHOICES]
    assert_unchanged(d, "declare", [52, 52])
    assert_unchanged(d, "declare", [53, 53])
    d.act(())
    d.act([H2])  # seat 1 declares; seat 0 is not asked again
    pass_all(d)
    assert d.phase == "bury" and d.trump_suit == "H"
    # seat 3 declares before seat 0 is asked in the final round: now a joker pair overturns
    d = RefDeal(rules4(), special_order({0: [52, 52, 53, 53], 3: [H2]}, dump=(2, 1), dealer=1), dealer=1,
                level="2")
    to_final_round(d)
    d.act(())  # seat 1
    d.act(())  # seat 2
    d.act([H2])  # seat 3
    assert d.legal_actions()[:3] == [(), (52, 52), (53, 53)]
    d.act([53, 53])
    assert (d.phase, d.declaration, d.declarer, d.trump_suit) == ("bury", (53, 53), 0, None)


def test_4deck_no_self_overturn():
    # cards are dealt in ascending kind order per seat: seat 0 gets 2S, then 2S (its first two cards)
    d = RefDeal(rules4(), special_order({0: [S2, S2]}), dealer=0, level="2")
    d.act([S2])
    while d.to_move != 0:
        d.act(())
    assert d.hand(0)[:2] == (S2, S2)
    # 自保 (MODEL §9): while the cards are dealt the declarer raises its own 2S to 2S 2S, the same trump
    assert d.legal_actions() == [(), (S2, S2)] == expected_declarations(d, 1)
    d.act([S2, S2])
    assert (d.declaration, d.declarer, d.trump_suit, d.first_declarer) == ((S2, S2), 0, "S", 0)
    assert d.declarations == [(0, (S2,)), (0, (S2, S2))]
    # under "qq" the declarer reinforces
    q = RefDeal(rules4(declaration="qq"), special_order({0: [S2, S2]}), dealer=0, level="2")
    q.act([S2])
    while q.to_move != 0:
        q.act(())
    assert (S2, S2) in q.legal_actions()
    # after someone else overturns, the first declarer may again; the partner may overturn too
    d = RefDeal(rules4(), special_order({0: [H2, C2, C2], 1: [D2, D2], 2: [S2, S2]}, dump=(3,)),
                dealer=0, level="2")
    pass_until(d, 0, (H2,))
    d.act([H2])
    while not (d.to_move == 1 and (D2, D2) in d.legal_actions()):
        if d.to_move == 0:
            assert d.legal_actions() == [()]  # 2C 2C is higher, but would change seat 0's own trump
        d.act(())
    d.act([D2, D2])  # grade 2 over a single
    pass_until(d, 0, (C2, C2))
    d.act([C2, C2])  # seat 0 again (grade 3): seat 1 overturned it in between
    pass_until(d, 2, (S2, S2))
    d.act([S2, S2])  # seat 2, seat 0's partner, overturns (grade 5)
    pass_all(d)
    assert (d.declarer, d.trump_suit, d.first_declarer) == (2, "S", 0)
    assert d.declarations == [(0, (H2,)), (1, (D2, D2)), (0, (C2, C2)), (2, (S2, S2))]


def test_4deck_self_raise_same_trump_only():
    """自保 (MODEL §9): the standing declarer raises its own 2S, in the declare phase (here in the final
    round), only to a strictly higher grade setting the same trump: 2S 2S or four jokers choosing S;
    never a pair of another suit, a joker pair (no trump) or four jokers choosing another trump."""
    d = RefDeal(rules4(), special_order({0: [S2, S2, H2, H2, 52, 52, 53, 53]}), dealer=0, level="2")
    assert d.hand(0) == (S2,)
    d.act([S2])  # seat 0's first card
    to_final_round(d)
    assert d.phase == "declare" and d.to_move == 0 and d.declarer == 0
    jokers = (52, 52, 53, 53)
    assert d.legal_actions() == [(), (S2, S2), Choice(jokers, "S")] == expected_declarations(d, 1)
    for bad in ([H2, H2], [H2], [S2], [52, 52], [53, 53], Choice(jokers, None), Choice(jokers, "H"),
                Choice(jokers, "D"), Choice(jokers, "C")):
        assert_unchanged(d, "act", bad)
    d.act([S2, S2])
    assert (d.declaration, d.declarer, d.trump_suit) == ((S2, S2), 0, "S")
    pass_all(d)
    assert (d.phase, d.declarer, d.trump_suit, d.dealer, d.burier) == ("bury", 0, "S", 0, 0)
    assert d.declarations == [(0, (S2,)), (0, (S2, S2))]
    # the same raise by four jokers keeping the trump
    d = RefDeal(rules4(), special_order({0: [S2, S2, H2, H2, 52, 52, 53, 53]}), dealer=0, level="2")
    d.act([S2])
    to_final_round(d)
    d.act(Choice(jokers, "S"))
    assert (d.declaration, d.declarer, d.trump_suit) == (Choice(jokers, "S"), 0, "S")


def test_4deck_self_raise_joker_pairs():
    """自保 with no trump: seat 0 overturns seat 1's 2H with SJ SJ, then raises its own SJ SJ to BJ BJ
    (no trump to no trump); four jokers still raise only by choosing no trump."""
    d = RefDeal(rules4(), special_order({0: [52, 52, 53, 53], 1: [H2]}), dealer=0, level="2")
    pass_until(d, 1, (H2,))
    d.act([H2])
    pass_until(d, 0, (52, 52))
    assert d.legal_actions() == [(), (52, 52)] == expected_declarations(d, 1)
    d.act([52, 52])
    assert (d.declarer, d.trump_suit) == (0, None)
    pass_until(d, 0, (53, 53))  # seat 0's last card, its second BJ
    jokers = (52, 52, 53, 53)
    assert d.legal_actions() == [(), (53, 53), Choice(jokers, None)] == expected_declarations(d, 6)
    for trump in "SHDC":
        assert_unchanged(d, "act", Choice(jokers, trump))  # four jokers choosing a suit change the trump
    d.act([53, 53])
    assert (d.declaration, d.declarer, d.trump_suit) == ((53, 53), 0, None)
    to_final_round(d)
    assert d.to_move == 0 and d.legal_actions() == [(), Choice(jokers, None)] == expected_declarations(d, 7)
    pass_all(d)
    assert (d.phase, d.declarer, d.trump_suit, d.first_declarer) == ("bury", 0, None, 1)
    assert d.declarations == [(1, (H2,)), (0, (52, 52)), (0, (53, 53))]


def test_4deck_declarer_raises_while_dealing_but_never_grabs():
    """MODEL §9: 自保 in the declare phase only; in the grab phase (炒底) the standing declarer never grabs,
    not even with a higher grade of its own trump."""
    d = RefDeal(rules4(kitty_grab=True), special_order({0: [S2, S2]}, dealer=3), dealer=3, level="2")
    pass_until(d, 0, (S2,))
    d.act([S2])
    while d.to_move != 0:
        d.act(())
    assert d.legal_actions() == [(), (S2, S2)]  # the declare phase: it may raise
    pass_all(d)  # it does not
    assert (d.phase, d.burier, d.declarer, d.declaration) == ("bury", 3, 0, (S2,))
    d.act(plain(d, 3))
    assert (d.phase, d.to_move) == ("grab", 0) and (S2, S2) <= d.hand(0)[:2]
    assert d.legal_actions() == [()] == expected_declarations(d, 1)
    assert_unchanged(d, "act", [S2, S2])
    assert_unchanged(d, "grab", [S2, S2])
    d.act(())
    assert (d.phase, d.to_move) == ("grab", 1)


def test_4deck_four_joker_choices():
    mixes = [(52, 52, 52, 53), (52, 52, 53, 53)]
    for trump in CHOICES:
        d = RefDeal(rules4(), special_order({2: [53, 52, 53, 52, 52], 0: [H2]}, dump=(3, 1)),
                    dealer=0, level="2")
        to_final_round(d)
        d.act([H2])
        d.act(())
        assert d.legal_actions() == [(), (52, 52), (53, 53)] + [Choice(m, t) for m in mixes for t in CHOICES]
        # four jokers need a choice; a choice goes with four jokers only; the choice is a suit or None
        assert_unchanged(d, "act", (52, 52, 53, 53))
        assert_unchanged(d, "act", Choice((52, 52), "S"))
        assert_unchanged(d, "act", Choice((H2,), "S"))
        assert_unchanged(d, "act", Choice((), None))
        assert_unchanged(d, "act", Choice((52, 52, 53, 53), "T"))
        assert_unchanged(d, "act", Choice((52, 52, 53, 53), 1))
        assert_unchanged(d, "act", ((52, 52, 53, 53), "S"))  # a plain pair, not a Choice
        assert_unchanged(d, "act", Choice((53, 53, 53, 53), "S"))  # not held
        d.act(Choice([53, 52, 53, 52], trump))  # the cards in any order
        assert d.declaration == Choice((52, 52, 53, 53), trump) and d.declarer == 2
        assert d.trump_suit == trump
        assert d.legal_actions() == [()]  # the top of the ladder
        pass_all(d)
        assert d.phase == "bury" and d.trump_suit == trump
        assert d.trump.trump_suit == (None if trump is None else "SHDC".index(trump))
        assert d.declarations[-1] == (2, Choice((52, 52, 53, 53), trump))
    # four jokers with nothing standing are legal (the only no-trump declaration without one)
    d = RefDeal(rules4(), special_order({0: [52] * 4}), dealer=0, level="2")
    to_final_round(d)
    assert d.legal_actions() == [()] + [Choice((52,) * 4, t) for t in CHOICES]
    # the other ladders take no choice
    for ladder in ("qq", "qq3"):
        d = RefDeal(rules4(declaration=ladder), special_order({0: [52] * 4}), dealer=0, level="2")
        to_final_round(d)
        assert all(not isinstance(a, Choice) for a in d.legal_actions())
        assert_unchanged(d, "act", Choice((52, 52, 52, 52), None))
        assert_unchanged(d, "act", Choice((52, 52), None))


# ------------------------------------------------------------------------------------------------
# no_bid="kitty_turnup"
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kitty,trump", [
    ("3S 4H SJ 5D 2C 7S 2H 8D", "C"),   # the first level card (2C) in pack order
    ("BJ 4H SJ 5D 6C 7S 9H 8D", None),  # no level card, the first card a joker: no trump
    ("9H 4S SJ 5D 6C 7S 9H BJ", "H"),   # no level card: the first card's suit
    ("2S 4H SJ 5D 2C 7S 2H 8D", "S"),
])
def test_no_bid_kitty_turnup(kitty, trump):
    kitty = parse(kitty)
    order = build_order(2, 8, {}, seed=21, kitty=kitty)
    for grab in (False, True):
        rules = make_rules(decks=2, declaration="4deck", no_bid="kitty_turnup", kitty_grab=grab)
        d = RefDeal(rules, order, dealer=2, level="2")
        assert d.turned_up is False
        pass_all(d)
        assert (d.phase, d.trump_suit, d.turned_up, d.declarer, d.dealer, d.burier) == (
            "bury", trump, True, None, 2, 2)
        d.act(d.hand(2)[:8])
        assert d.phase == "play" and d.to_move == 2  # a turned-up trump cannot be grabbed


def test_no_bid_kitty_turnup_not_after_a_declaration():
    kitty = parse("3S 4H SJ 5D 2C 7S 2H 8D")
    order = build_order(2, 8, {1: [D2], 3: [S2, S2, H2, D2, C2]}, seed=22, kitty=kitty,
                        banned={S2, H2, D2, C2})
    rules = make_rules(decks=2, declaration="4deck", no_bid="kitty_turnup", kitty_grab=True)
    d = RefDeal(rules, order, dealer=0, level="2")
    pass_until(d, 1, (D2,))
    d.act([D2])
    pass_all(d)
    assert (d.trump_suit, d.turned_up) == ("D", False)
    d.act(d.hand(0)[:8])
    assert d.phase == "grab" and d.to_move == 1


# ------------------------------------------------------------------------------------------------
# the seeded shuffle and the first-deal redeal
# ------------------------------------------------------------------------------------------------

def _fnv(order):
    h = 0xCBF29CE484222325
    for b in order:
        h = ((h ^ b) * 0x100000001B3) % 2 ** 64
    return h


def test_fnv1a64_vectors():
    assert fnv1a64(b"") == 0xCBF29CE484222325
    assert fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    assert fnv1a64(b"foobar") == 0x85944171F73967E8
    order = pack(2)
    assert fnv1a64(bytes(order)) == _fnv(order)


def test_shuffled_pack_is_a_permutation_per_stream():
    packs = [shuffled_pack(decks, seed, stream) for decks in (1, 4) for seed in (0, 1, 2 ** 64 - 1)
             for stream in (0, 1)]
    for p in packs:
        assert sorted(p) == sorted(pack(len(p) // 54))
    assert len({tuple(p) for p in packs}) == len(packs)
    assert shuffled_pack(2, 7, 3) == shuffled_pack(2, 7, 3)


def test_shuffled_pack_matches_the_core():
    """MODEL §9's shuffle (implemented in the reference from the text) reproduces the core's seeded
    deal: a check of the spec, not of the code."""
    try:
        import shengji
        order = list(shengji.Deal(shengji.Rules(), seed=1, trump="S").order)
    except Exception as exc:  # the extension being rebuilt
        pytest.skip(f"shengji core not importable: {exc!r}")
    assert order == shuffled_pack(2, 1, 0)


def test_first_deal_redeal():
    rules = make_rules(decks=1, first_deal_no_bid="redeal")
    order = pack(1)
    random.Random(30).shuffle(order)
    d = RefDeal(rules, order, dealer=2, level="2", first_deal=True)
    assert d.redeals == 0 and d.order == tuple(order)
    pass_round(d)
    # nobody declared: a fresh pack from stream (FNV-1a of the order, 0); the same dealer starts again
    assert (d.phase, d.redeals, d.dealer, d.to_move) == ("declare", 1, 2, 2)
    first = shuffled_pack(1, _fnv(order), 0)
    assert d.order == tuple(first) and d.hand(2) == (first[0],) and d.hand(3) == ()
    assert d.kitty == tuple(sorted(first[-6:]))
    e = RefDeal(rules, order, dealer=2, level="2", first_deal=True)
    pass_round(e)
    assert e.order == d.order  # deterministic
    while len(d.hand(1)) < 12:
        d.act(())
    assert [d.hand(s) for s in range(4)] != [tuple(sorted(order[(s - 2) % 4:48:4])) for s in range(4)]
    pass_round(d)
    assert d.redeals == 2 and d.order == tuple(shuffled_pack(1, _fnv(first), 1))
    # a declaration ends the redealing: the deal goes on as usual
    level = next(k for k in d.order[:48] if k < 52 and k % 13 == 0)
    seat = (2 + d.order.index(level)) % 4
    pass_until(d, seat, (level,))
    d.act([level])
    pass_round(d)
    assert (d.phase, d.redeals, d.declarer, d.trump_suit) == ("bury", 2, seat, "SHDC"[level // 13])
    # not a first deal, or first_deal_no_bid="same" (the default): no_bid applies at once
    for rules_, first_deal in ((rules, False), (make_rules(decks=1), True),
                               (make_rules(decks=1, first_deal_no_bid="same"), True)):
        d = RefDeal(rules_, order, dealer=2, level="2", first_deal=first_deal)
        pass_round(d)
        assert (d.phase, d.redeals, d.order, d.trump_suit) == ("bury", 0, tuple(order), None)


def test_first_deal_kitty_dealer():
    """The 4-deck post: 若是第一局，用底牌的第一张牌来确认庄家，第一张牌的点数除4的余数为庄家，一副牌的号是从0~53的，
    大王是53，a为0，右边的是零号桌，然后顺时针依次是1 2 3号桌."""
    rules = make_rules(decks=1, first_deal_no_bid="kitty_dealer", no_bid="kitty_turnup")
    base = pack(1)
    random.Random(31).shuffle(base)
    # (card, its number in the post's deck ♠ ♥ ♣ ♦ by A..K, the seat of table number % 4: tables 0 1 2 3 are
    # seats 0 3 2 1)
    for token, number, seat in (("AS", 0, 0), ("10S", 9, 3), ("KH", 25, 3), ("AC", 26, 2), ("2C", 27, 1),
                                ("AD", 39, 1), ("7D", 45, 3), ("KD", 51, 1), ("SJ", 52, 0), ("BJ", 53, 3)):
        kind = parse(token)[0]
        assert post_card_number(kind) == number and POST_TABLE_SEATS[number % 4] == seat
        order = list(base)
        at = order.index(kind)
        order[at], order[48] = order[48], order[at]
        for dealer in range(4):
            d = RefDeal(rules, order, dealer=dealer, level="3", first_deal=True)
            pass_round(d)
            assert (d.phase, d.dealer, d.burier, d.to_move, d.redeals, d.turned_up) == ("bury", seat, seat, seat, 0,
                                                                                          True)
            assert len(d.hand(seat)) == 18
            later = RefDeal(rules, order, dealer=dealer, level="3")
            pass_round(later)
            assert later.dealer == dealer  # only in a first deal
    assert sorted(post_card_number(k) for k in range(54)) == list(range(54))
    with pytest.raises(ValueError, match="kitty_dealer"):
        RefDeal(make_rules(decks=2, kitty=0, first_deal_no_bid="kitty_dealer"), pack(2), dealer=0, level="2")


def test_first_deal_redeal_falls_back_after_64():
    rules = make_rules(decks=1, first_deal_no_bid="redeal", no_bid="kitty_card")
    order = pack(1)
    random.Random(31).shuffle(order)
    d = RefDeal(rules, order, dealer=1, level="2", first_deal=True)
    orders = [tuple(order)]
    for r in range(64):
        pass_round(d)
        assert d.phase == "declare" and d.redeals == r + 1 and d.dealer == 1
        assert d.order == tuple(shuffled_pack(1, _fnv(orders[-1]), r))
        orders.append(d.order)
    pass_round(d)  # the 65th silent declaring: no_bid applies
    assert d.phase == "bury" and d.redeals == 64 and d.dealer == 1 and d.order == orders[-1]
    third = next(k for k in d.order[-4:] if k < 52)
    assert d.trump_suit == "SHDC"[third // 13]


# ------------------------------------------------------------------------------------------------
# 炒底: grabbing the kitty
# ------------------------------------------------------------------------------------------------

GRAB_KITTY = (S2, S2, H2, H2, C2, C2, 52, 52)


def _grab_deal(first_deal=False, first_deal_dealer=None, dealer=0, declare=True):
    """4 decks, level 2, every special card placed: seat 0 holds 2D 2S 2S BJ BJ BJ BJ, seat 1 2D 2D
    2C 2C, seat 2 2H 2H, seat 3 SJ SJ 2D, the kitty 2S 2S 2H 2H 2C 2C SJ SJ. Seat 0 declares 2D in the
    final round (unless `declare` is False); the others pass."""
    fixed = {0: [D2, S2, S2, 53, 53, 53, 53], 1: [D2, D2, C2, C2], 2: [H2, H2], 3: [52, 52, D2]}
    rules = rules4(kitty_grab=True, first_deal_dealer=first_deal_dealer)
    d = RefDeal(rules, special_order(fixed, dump=(), kitty=GRAB_KITTY, dealer=dealer), dealer=dealer,
                level="2", first_deal=first_deal)
    to_final_round(d)
    while d.phase == "declare":
        d.act([D2] if declare and d.to_move == 0 else ())
    return d


def plain(d, seat, n=8):
    """The seat's n lowest cards that are no level card or joker."""
    return tuple(k for k in d.hand(seat) if k not in SPECIAL)[:n]


def test_grab_asks_the_three_others_then_play():
    d = _grab_deal()
    assert (d.phase, d.burier, d.to_move, d.declarer, d.trump_suit) == ("bury", 0, 0, 0, "D")
    with pytest.raises(ValueError):
        d.legal_actions()
    buried = plain(d, 0)
    d.act(buried)
    asked = []
    while d.phase == "grab":
        asked.append(d.to_move)
        assert d.legal_actions() == expected_declarations(d, 1)
        d.act(())
    assert asked == [1, 2, 3]
    assert (d.phase, d.to_move, d.dealer, d.burier, d.kitty, d.grabs) == ("play", 0, 0, 0, buried, [])


def test_grab_rebury_and_regrab():
    d = _grab_deal()
    d.act(GRAB_KITTY)  # seat 0 buries the kitty as dealt
    assert (d.phase, d.to_move) == ("grab", 1)
    assert d.legal_actions() == [(), (D2, D2), (C2, C2)]
    d.act([C2, C2])  # seat 1 grabs (grade 3 over a single 2D)
    assert (d.phase, d.to_move, d.burier, d.declarer, d.trump_suit, d.dealer) == ("bury", 1, 1, 1, "C", 0)
    assert d.declaration == (C2, C2) and d.grabs == [(1, (C2, C2))] and d.declarations == [(0, (D2,))]
    assert len(d.hand(1)) == 52 + 8 and Counter(GRAB_KITTY) <= Counter(d.hand(1))
    assert d.kitty == GRAB_KITTY  # the buried kitty, now in the grabber's hand
    assert d.trump.trump_suit == "SHDC".index("C")
    assert_unchanged(d, "act", plain(d, 0))  # not in the burier's hand
    assert_unchanged(d, "act", ())
    second = plain(d, 1)
    d.act(second)
    assert d.kitty == second and d.phase == "grab"
    assert Counter(d.unseen(1)) == Counter(pack(4)) - Counter(d.hand(1)) - Counter(second)
    assert Counter(d.unseen(0)) == Counter(pack(4)) - Counter(d.hand(0))  # seat 0 no longer buried it last
    # asked from the seat after the grabber: 2, 3, 0
    assert d.to_move == 2 and d.legal_actions() == [(), (H2, H2)]
    d.act(())
    assert d.to_move == 3 and d.legal_actions() == [(), (52, 52)]
    d.act(())
    # seat 0 may grab again, seat 1 having overturned it
    assert d.to_move == 0
    assert d.legal_actions() == [(), (S2, S2), (53, 53)] + [Choice((53,) * 4, t) for t in CHOICES]
    d.act([S2, S2])
    assert (d.phase, d.burier, d.declarer, d.trump_suit, d.dealer) == ("bury", 0, 0, "S", 0)
    assert Counter(second) <= Counter(d.hand(0))
    third = plain(d, 0)
    d.act(third)
    asked = []
    while d.phase == "grab":
        asked.append(d.to_move)
        assert d.legal_actions() == expected_declarations(d, 5)
        if d.to_move == 3:
            assert d.legal_actions() == [(), (52, 52)]
            assert_unchanged(d, "act", [53, 53])  # not held
        d.act(())
    assert asked == [1, 2, 3]
    assert (d.phase, d.to_move, d.dealer, d.burier, d.kitty) == ("play", 0, 0, 0, third)
    assert d.grabs == [(1, (C2, C2)), (0, (S2, S2))] and d.declarations == [(0, (D2,))]
    assert d.is_attacker(1) and not d.is_attacker(2)


def test_grab_self_overturn_forbidden():
    # dealer 3: seat 0 declares in the final round and stays the declarer while seat 3 buries
    d = _grab_deal(dealer=3)
    assert (d.declarer, d.burier, d.phase) == (0, 3, "bury")
    d.act(plain(d, 3))
    assert d.to_move == 0
    assert d.legal_actions() == [()]  # 2S 2S and the jokers are higher, but seat 0 is the standing declarer
    assert_unchanged(d, "act", [S2, S2])
    assert_unchanged(d, "grab", Choice((53,) * 4, None))
    d.act(())
    assert d.to_move == 1 and d.legal_actions() == [(), (D2, D2), (C2, C2)]


def test_grab_after_no_bid_and_with_four_jokers():
    # nobody declared (no trump): any declaration grabs, a joker pair excepted
    d = _grab_deal(declare=False)
    assert (d.declarer, d.trump_suit, d.turned_up, d.phase) == (None, None, False, "bury")
    d.act(plain(d, 0))
    assert d.legal_actions() == [(), (D2,), (D2, D2), (C2,), (C2, C2)]
    d.act(())
    assert d.legal_actions() == [(), (H2,), (H2, H2)]
    d.act(())
    assert d.to_move == 3 and d.legal_actions() == [(), (D2,)]
    assert_unchanged(d, "act", [52, 52])
    # four jokers grab with a trump choice
    d = _grab_deal()
    d.act(plain(d, 0))  # seat 0 keeps the kitty's SJ SJ: it holds SJ SJ BJ BJ BJ BJ
    d.act([D2, D2])  # seat 1 grabs (grade 2)
    d.act(plain(d, 1))
    d.act(())  # seat 2
    d.act(())  # seat 3
    assert d.to_move == 0
    mixes = [(52, 52, 53, 53), (52, 53, 53, 53), (53, 53, 53, 53)]
    assert d.legal_actions() == ([(), (S2, S2), (H2, H2), (C2, C2), (52, 52), (53, 53)]
                                 + [Choice(m, t) for m in mixes for t in CHOICES])
    d.act(Choice((52, 53, 53, 53), "H"))
    assert (d.phase, d.burier, d.declarer, d.trump_suit) == ("bury", 0, 0, "H")
    assert d.grabs[-1] == (0, Choice((52, 53, 53, 53), "H"))
    assert d.trump.trump_suit == "SHDC".index("H")
    d.act(plain(d, 0))
    for seat in (1, 2, 3):
        assert d.to_move == seat and d.legal_actions() == [()]  # nothing is above four jokers
        d.act(())
    assert (d.phase, d.to_move, d.trump_suit) == ("play", 0, "H")


def test_grab_changes_dealer_only_in_first_deal_final_declarer():
    for first_deal, rule, dealer_after in ((True, "final_declarer", 1), (True, "first_declarer", 0),
                                            (False, "final_declarer", 0), (False, None, 0)):
        d = _grab_deal(first_deal=first_deal, first_deal_dealer=rule)
        assert d.dealer == 0 and d.burier == 0  # seat 0 declared: it deals under both rules
        d.act(plain(d, 0))
        d.act([D2, D2])  # seat 1 grabs
        assert (d.dealer, d.burier, d.to_move) == (dealer_after, 1, 1)
        d.act(plain(d, 1))
        for _ in range(3):
            d.act(())
        assert d.phase == "play" and d.to_move == dealer_after
        assert d.is_attacker((dealer_after + 1) % 4) and not d.is_attacker((dealer_after + 2) % 4)
        lead = sorted(d.legal_actions())[0]
        d.act(lead)
        assert d.trick == [lead] and d.to_move == (dealer_after + 1) % 4


def test_no_grab_phase_with_a_given_trump():
    order = pack(4)
    random.Random(40).shuffle(order)
    for trump in ("S", None):
        d = RefDeal(rules4(kitty_grab=True), order, dealer=1, level="2", trump=trump)
        assert d.phase == "bury" and d.burier == 1
        d.act(d.hand(1)[:8])
        assert d.phase == "play" and d.to_move == 1


def test_bad_moves_unchanged_in_grab_and_bury():
    d = _grab_deal()
    assert_unchanged(d, "grab", ())
    assert_unchanged(d, "declare", ())
    assert_unchanged(d, "play", [d.hand(0)[0]])
    assert_unchanged(d, "bury", d.hand(0)[:7])
    d.act(plain(d, 0))
    assert d.phase == "grab" and d.to_move == 1
    assert_unchanged(d, "bury", plain(d, 1))
    assert_unchanged(d, "declare", ())
    assert_unchanged(d, "play", [d.hand(1)[0]])
    assert_unchanged(d, "result")
    for bad in ([D2], [C2, C2, C2], [H2, H2], [52, 52], [S2, S2], "2D", [99], [D2, C2], None,
                Choice((52, 52, 53, 53), None), Choice((D2, D2), "S"), Choice((C2, C2), None)):
        assert_unchanged(d, "act", bad)
        assert_unchanged(d, "grab", bad)
    d.act([D2, D2])
    assert d.phase == "bury"
    assert_unchanged(d, "act", ())
    assert_unchanged(d, "grab", ())
    assert_unchanged(d, "legal_actions")
    assert_unchanged(d, "legal_declarations")
    assert_unchanged(d, "act", d.hand(1)[:9])


# ------------------------------------------------------------------------------------------------
# random whole 4-deck deals: the 4-deck ladder with grabs
# ------------------------------------------------------------------------------------------------

def _runs(phases):
    runs = []
    for p in phases:
        if not runs or runs[-1] != p:
            runs.append(p)
    return runs


def grab_playthrough(seed, check_legal=True):
    """One whole 4-deck deal with random legal choices (declaration="4deck", kitty_grab=True);
    invariants after every move. Returns a Counter of what happened (grabs, redeals, turned_up,
    choices: four-joker declarations)."""
    rng = random.Random(seed)
    rules = rules4(kitty_grab=True, follow_ladder=rng.choice(["qq", "4deck"]),
                   no_bid=rng.choice(["notrump", "kitty_card", "kitty_card_notrump", "kitty_turnup"]),
                   first_deal_no_bid=rng.choice(["same", "redeal"]),
                   first_deal_dealer=rng.choice(["first_declarer", "final_declarer"]),
                   throw_penalty=rng.choice(["none", "ten_per_card"]))
    order = pack(4)
    rng.shuffle(order)
    level = rng.choice(RANKS)
    d = RefDeal(rules, order, dealer=rng.randrange(4), level=level, first_deal=rng.random() < 0.5)
    lv = RANKS.index(level)
    H = d.hand_size
    p_declare = rng.choice([0.002, 0.005, 0.02])  # rarely: some deals redeal (64 times: see the test above)
    phases, asked = [], []
    grade = 0
    stats = Counter()
    while d.phase != "done":
        phase, seat = d.phase, d.to_move
        phases.append(phase)
        sizes = [len(d.hand(s)) for s in range(4)]
        if phase == "declare":
            assert sum(sizes) <= 4 * H and max(sizes) - min(sizes) <= 1
        elif phase == "bury":
            assert seat == d.burier and sizes == [H + 8 if s == seat else H for s in range(4)]
            assert sum(points(d.hand(s)) for s in range(4)) == 400
        elif phase == "grab":
            assert sizes == [H] * 4 and seat != d.burier
            assert sum(points(d.hand(s)) for s in range(4)) + points(d.kitty) == 400
        else:
            check_totals(d)
        if phase == "bury":
            action = tuple(sorted(rng.sample(d.hand(seat), 8)))
        elif phase in ("declare", "grab"):
            legal = d.legal_actions()
            assert legal == expected_declarations(d, grade, lv)
            if check_legal:
                for a in legal[1:]:
                    e = copy.deepcopy(d)
                    e.act(a)
                    assert (e.declarer, e.declaration) == (seat, a)
            p = p_declare if phase == "declare" else 0.3
            action = rng.choice(legal[1:]) if len(legal) > 1 and rng.random() < p else ()
            choices = [a for a in legal if isinstance(a, Choice)]
            if choices and rng.random() < 0.2:
                action = rng.choice(choices)
        else:
            action = rng.choice(sorted(d.legal_actions()))
        if phase == "grab":
            asked.append(seat)
        redeals = d.redeals
        d.act(action)
        if phase in ("declare", "grab") and action:
            stats["choices"] += isinstance(action, Choice)
            grade = grade4(action, lv)
            assert d.declaration == action and d.declarer == seat
            assert d.trump_suit == (action.trump if isinstance(action, Choice)
                                    else None if action[0] >= 52 else "SHDC"[action[0] // 13])
        if phase == "grab":
            if action:
                assert (d.phase, d.burier, d.to_move, d.grabs[-1]) == ("bury", seat, seat, (seat, action))
                if d.first_deal and rules.first_deal_dealer == "final_declarer":
                    assert d.dealer == seat
                asked = []
            assert len(asked) <= 3
        if phase == "bury" and d.phase == "grab":
            assert d.to_move == (seat + 1) % 4
        if d.redeals != redeals:
            assert d.redeals == redeals + 1 and d.first_deal and grade == 0 and d.phase == "declare"
            phases.append("redeal")
    runs = _runs(phases)
    assert d.redeals == runs.count("redeal")
    runs = _runs([p for p in runs if p != "redeal"])
    if d.turned_up:
        assert runs == ["declare", "bury", "play"] and not d.grabs and d.declarer is None
    else:
        assert runs == ["declare"] + ["bury", "grab"] * (len(d.grabs) + 1) + ["play"]
        assert asked == [(d.burier + i) % 4 for i in (1, 2, 3)]
    assert d.tricks[0][0] == d.dealer and d.to_move is None
    assert all(len(d.hand(s)) == 0 for s in range(4))
    assert d.attacker_captured + d.defender_captured + points(d.kitty) == 400
    assert d.result()["attacker_points"] >= 0
    stats.update(grabs=len(d.grabs), redeals=d.redeals, turned_up=d.turned_up)
    return stats


def test_random_4deck_deals_with_grabs():
    stats = Counter()
    for seed in range(30):
        stats += grab_playthrough(9000 + seed, check_legal=seed < 4)
    assert stats["grabs"] > 0 and stats["redeals"] > 0 and stats["turned_up"] > 0 and stats["choices"] > 0


# ------------------------------------------------------------------------------------------------
# 泰安: joker-plus-pairs declarations, 闷牌, the 泰安 kitty (burier, burial, 换底, lead)
# ------------------------------------------------------------------------------------------------

TAIAN_CONSTANTS = {0, 1, 3}  # ranks 2, 3, 5
POINT_RANKS = {3, 8, 11}  # 5, 10, K


def rules_taian(**options):
    """The 泰安 deal options: 2 decks, 4-card kitty, constant 2/3/5 (level A is passed to RefDeal)."""
    base = dict(decks=2, kitty=4, constant_ranks=("2", "3", "5"), declaration="taian", no_bid="dealer_loses",
                first_deal_no_bid="redeal", kitty_rule="taian")
    base.update(options)
    return make_rules(**base)


def taian_order(fixed, kitty=None, dealer=0, seed=0):
    """A 2-deck order (26 cards each, 4-card kitty) dealing `fixed[s]` (text or kinds) to seat s; the
    rest is dealt so that no seat holds two copies of a kind it was not given as fixed, and no joker
    goes to a seat with fixed cards: only the fixed pairs and jokers can declare."""
    fixed = {s: list(parse(c) if isinstance(c, str) else c) for s, c in fixed.items()}
    kitty = list(parse(kitty) if isinstance(kitty, str) else kitty) if kitty is not None else None
    pool = Counter(pack(2))
    for cards in fixed.values():
        pool.subtract(cards)
    if kitty is not None:
        pool.subtract(kitty)
    assert min(pool.values()) >= 0
    rng = random.Random(seed)
    for _ in range(200):
        cards = list(pool.elements())
        rng.shuffle(cards)
        cards.sort(key=lambda k: k < 52)  # jokers first: they have the fewest places
        kit = list(kitty) if kitty is not None else [k for k in cards if k < 52][:4]
        rest = Counter(cards) - Counter(kit) if kitty is None else Counter(cards)
        hands = {s: list(fixed.get(s, ())) for s in range(4)}
        ok = True
        for k in [k for k in cards if rest[k] > 0 and not rest.subtract([k])]:
            seats = [s for s in range(4) if len(hands[s]) < 26 and k not in hands[s]
                     and not (k >= 52 and s in fixed)]
            if not seats:
                ok = False
                break
            most = max(26 - len(hands[s]) for s in seats)
            hands[rng.choice([s for s in seats if 26 - len(hands[s]) == most])].append(k)
        if ok:
            return order_from_hands([hands[s] for s in range(4)], kit, dealer)
    raise AssertionError("no pair-free fill found")


def taian_deal(fixed, kitty=None, dealer=0, first_deal=False, trump="declare", **options):
    return RefDeal(rules_taian(**options), taian_order(fixed, kitty, dealer), dealer=dealer, level="A",
                   trump=trump, first_deal=first_deal)


def taian_grade(cards):
    """The test's own reading of a 泰安 declaration: (grade, suit index), (0, None) when it is none."""
    cards = sorted(cards)
    jokers = [k for k in cards if k >= 52]
    counts = Counter(k for k in cards if k < 52)
    if len(jokers) != 1 or not counts or set(counts.values()) != {2} or len({k // 13 for k in counts}) != 1:
        return 0, None
    ranks = sorted(k % 13 for k in counts)
    if ranks[-1] - ranks[0] + 1 != len(ranks):
        return 0, None
    return len(ranks), cards[0] // 13


def expected_taian(d):
    """MODEL §9 "Legal actions" for 泰安, from the hand of the seat to move: the pass, then the small
    joker's declarations, then the big joker's, by suit S H D C, by the run's lowest rank, shortest first."""
    seat = d.to_move
    hand = Counter(d.hand(seat))
    standing = taian_grade(d.declaration)[0] if d.declaration else 0
    legal = [()]
    for joker in (52, 53):
        if not hand[joker]:
            continue
        for suit in range(4):
            for low in range(13):
                for high in range(low, 13):
                    if hand[suit * 13 + high] < 2:
                        break
                    run = [suit * 13 + r for r in range(low, high + 1)]
                    cards = tuple(sorted([joker] + run + run))
                    grade = high - low + 1
                    if seat == d.declarer:
                        if grade > standing and not Counter(d.declaration) - Counter(cards):
                            legal.append(cards)
                    elif grade > standing:
                        legal.append(cards)
    return legal


def final_round_taian(d, declare=None):
    """From the final round of the declaring: seat s declares declare[s] (if given), the others pass."""
    to_final_round(d)
    declare = declare or {}
    while d.phase == "declare":
        d.act(S(declare[d.to_move]) if d.to_move in declare else ())


def may_bury(k):
    return k >= 52 or (k % 13 not in POINT_RANKS and k % 13 not in TAIAN_CONSTANTS)


def may_swap_in(k, trump_suit):
    """Plain (level A: rank 12 is trump), no points, no constant rank."""
    return k < 52 and k // 13 != trump_suit and k % 13 != 12 and may_bury(k)


def expected_swaps(d):
    """MODEL §9 "Legal actions" for 换底: the pass, then by the trumps taken out (fewest first, in kind
    order), for each the allowed cards of the declarer's hand put in (in kind order)."""
    t = RefTrump(d.rules, "A", d.trump_suit)
    trumps = [k for k in d.kitty if t.is_trump(k)]
    mine = [k for k in d.hand(d.declarer) if may_swap_in(k, "SHDC".index(d.trump_suit))]
    legal = [()]
    for n in range(1, len(trumps) + 1):
        for out in sorted(set(itertools.combinations(trumps, n))):
            legal += [tuple(sorted(out + given)) for given in sorted(set(itertools.combinations(mine, n)))]
    return legal


def test_taian_declaration_grades_and_runs():
    # seat 0 (dealer): SJ BJ and pairs 2S 3S 4S (constant ranks count by natural rank), AS, KH AH (level A),
    # 6D 8D (not adjacent), 10C
    d = taian_deal({0: "SJ BJ 2S 2S 3S 3S 4S 4S AS AS KH KH AH AH 6D 6D 8D 8D 10C 10C"})
    to_final_round(d)
    assert d.to_move == 0
    runs = ["2S 2S", "2S 2S 3S 3S", "2S 2S 3S 3S 4S 4S", "3S 3S", "3S 3S 4S 4S", "4S 4S", "AS AS",
            "KH KH", "KH KH AH AH", "AH AH", "6D 6D", "8D 8D", "10C 10C"]
    want = [()] + [S("SJ " + r) for r in runs] + [S("BJ " + r) for r in runs]
    assert d.legal_actions() == want == expected_taian(d)
    for action in want[1:]:
        e = copy.deepcopy(d)
        e.act(action)
        grade, suit = taian_grade(action)
        assert (e.declarer, e.declaration, e.trump_suit, e.declarations) == (0, action, "SHDC"[suit], [(0, action)])
    for bad in ("SJ 6D 6D 8D 8D", "SJ AS AS 2S 2S", "SJ 2S 2S KH KH", "2S 2S", "2S 2S 3S 3S", "SJ 2S",
                "SJ 2S 2S 3S 4S 4S", "SJ BJ 2S 2S", "SJ", "SJ BJ", "SJ 2S 2S 2S", "SJ 9S 9S"):
        assert_unchanged(d, "act", S(bad))
    assert_unchanged(d, "act", Choice(S("SJ 2S 2S"), "S"))


def test_taian_three_jokers_never_declare():
    d = taian_deal({0: "SJ SJ BJ"})  # no pair of a suit
    to_final_round(d)
    assert d.to_move == 0 and d.legal_actions() == [()]
    for bad in ("SJ SJ BJ", "SJ SJ", "SJ BJ", "SJ", "BJ"):
        assert_unchanged(d, "act", S(bad))
    pass_all(d)
    assert d.phase == "done" and d.lost_deal


def test_taian_overcall_needs_more_pairs():
    # 冲主: seat 1 over the dealer, then the dealer's partner over seat 1, each with more pairs
    fixed = {0: "SJ 9S 9S", 1: "BJ 3H 3H 6C 6C 7C 7C", 2: "SJ 4D 4D 5D 5D 6D 6D 8D 8D 9D 9D"}
    d = taian_deal(fixed)
    to_final_round(d)
    assert d.legal_actions() == [(), S("SJ 9S 9S")]
    d.act(S("SJ 9S 9S"))
    assert (d.to_move, d.declarer, d.trump_suit) == (1, 0, "S")
    assert d.legal_actions() == [(), S("BJ 6C 6C 7C 7C")] == expected_taian(d)
    for bad in ("BJ 3H 3H", "BJ 6C 6C", "BJ 7C 7C"):  # grade 1 is not above grade 1
        assert_unchanged(d, "act", S(bad))
    d.act(S("BJ 6C 6C 7C 7C"))
    assert (d.to_move, d.declarer, d.trump_suit) == (2, 1, "C")
    # the dealer's partner: grade 3 only (not the grade-2 runs 4D5D, 5D6D, 8D9D)
    assert d.legal_actions() == [(), S("SJ 4D 4D 5D 5D 6D 6D")] == expected_taian(d)
    assert_unchanged(d, "act", S("SJ 8D 8D 9D 9D"))
    d.act(S("SJ 4D 4D 5D 5D 6D 6D"))
    d.act(())
    assert (d.phase, d.declarer, d.trump_suit, d.dealer, d.burier) == ("bury", 2, "D", 0, 0)
    assert d.declarations == [(0, S("SJ 9S 9S")), (1, S("BJ 6C 6C 7C 7C")), (2, S("SJ 4D 4D 5D 5D 6D 6D"))]


def _extension_deal():
    """Seat 0 (dealer) gets its SJ last (act 100): SJ 3S 3S 4S 4S 5S 5S 9H 9H 10H 10H JH JH; seat 1 BJ 6C 6C
    7C 7C (its BJ at act 101); seat 2 SJ 6D 6D 7D 7D."""
    d = taian_deal({0: "SJ 3S 3S 4S 4S 5S 5S 9H 9H 10H 10H JH JH", 1: "BJ 6C 6C 7C 7C", 2: "SJ 6D 6D 7D 7D"})
    pass_until(d, 0, S("SJ 4S 4S"))
    assert len(d.hand(0)) == 26 and len(d.hand(1)) == 25
    d.act(S("SJ 4S 4S"))
    return d


def test_taian_extension_only_by_the_standing_declarer():
    d = _extension_deal()
    d.act(())  # seat 1 (BJ 6C 6C 7C 7C: grade 2 > 1, but it passes)
    d.act(())
    d.act(())
    assert d.to_move == 0 and d.declarer == 0
    # 续牌: only the standing declaration plus more pairs, never another suit or another run
    assert d.legal_actions() == [(), S("SJ 3S 3S 4S 4S"), S("SJ 3S 3S 4S 4S 5S 5S"), S("SJ 4S 4S 5S 5S")]
    assert d.legal_actions() == expected_taian(d)
    for bad in ("SJ 9H 9H 10H 10H JH JH", "SJ 5S 5S", "SJ 4S 4S", "SJ 9H 9H 10H 10H"):
        assert_unchanged(d, "act", S(bad))
    d.act(S("SJ 4S 4S 5S 5S"))
    assert (d.declarer, d.declaration, d.trump_suit) == (0, S("SJ 4S 4S 5S 5S"), "S")
    # seat 1 (grade 2) and the partner, seat 2 (grade 2), need grade 3
    assert d.to_move == 1 and d.legal_actions() == [()]
    assert_unchanged(d, "act", S("BJ 6C 6C 7C 7C"))
    d.act(())
    assert d.to_move == 2 and d.legal_actions() == [()]
    assert_unchanged(d, "act", S("SJ 6D 6D 7D 7D"))
    d.act(())
    d.act(())
    assert (d.phase, d.declarer, d.burier) == ("bury", 0, 2)
    assert d.declarations == [(0, S("SJ 4S 4S")), (0, S("SJ 4S 4S 5S 5S"))]


def test_taian_overturned_declarer_overcalls_freely():
    d = _extension_deal()
    d.act(S("BJ 6C 6C 7C 7C"))  # seat 1 overturns seat 0
    d.act(())
    d.act(())
    # seat 0 is no longer the standing declarer: any declaration of grade 3, in any suit
    assert d.to_move == 0
    assert d.legal_actions() == [(), S("SJ 3S 3S 4S 4S 5S 5S"), S("SJ 9H 9H 10H 10H JH JH")] == expected_taian(d)
    assert_unchanged(d, "act", S("SJ 4S 4S 5S 5S"))
    d.act(S("SJ 9H 9H 10H 10H JH JH"))
    assert (d.declarer, d.trump_suit) == (0, "H")
    # seat 1 is not the standing declarer either: it would need grade 4
    assert d.to_move == 1 and d.legal_actions() == [()]


def test_taian_no_bid_dealer_loses():
    order = pack(2)
    random.Random(3).shuffle(order)
    for first_deal, options in ((False, {}), (True, {"first_deal_no_bid": "same"})):
        d = RefDeal(rules_taian(**options), order, dealer=1, level="A", first_deal=first_deal)
        hands = None
        while d.phase == "declare":
            hands = [d.hand(s) for s in range(4)]
            d.act(())
        assert (d.phase, d.to_move, d.dealer, d.burier, d.declarer, d.trump_suit) == ("done", None, 1, None, None, None)
        assert d.lost_deal and d.redeals == 0 and d.result() == LOST_RESULT
        assert [d.hand(s) for s in range(4)] == hands and len(d.hand(0)) == 26
        assert d.kitty == tuple(sorted(order[-4:])) and not d.tricks and d.legal_actions() == set()
        for method, *args in (("act", ()), ("declare", ()), ("bury", order[-4:]), ("swap", ()), ("play", [0]),
                              ("legal_declarations",), ("legal_swaps",), ("buriable",)):
            assert_unchanged(d, method, *args)


def test_taian_first_deal_redeal():
    order = pack(2)
    random.Random(4).shuffle(order)
    rules = rules_taian(first_deal_dealer="final_declarer")
    d = RefDeal(rules, order, dealer=3, level="A", first_deal=True)
    pass_round(d)
    assert (d.phase, d.redeals, d.dealer, d.to_move, d.lost_deal) == ("declare", 1, 3, 3, False)
    assert d.order == tuple(shuffled_pack(2, _fnv(order), 0))
    # the first legal declaration after the redeal is made; its seat deals (final_declarer)
    while d.phase == "declare":
        legal = d.legal_actions()
        if len(legal) > 1 and d.declarer is None:
            seat = d.to_move
            d.act(legal[1])
        else:
            d.act(())
    assert d.redeals == 1 and d.phase == "bury" and d.declarer == seat == d.dealer
    assert d.burier == (seat + 2) % 4 and d.to_move == d.burier
    # 64 silent redeals, then 闷牌
    d = RefDeal(rules, order, dealer=3, level="A", first_deal=True)
    for _ in range(64):
        pass_round(d)
    assert d.phase == "declare" and d.redeals == 64
    pass_round(d)
    assert d.phase == "done" and d.lost_deal and d.redeals == 64 and d.result() == LOST_RESULT


BURIER_FIXED = {0: "SJ 6S 6S", 1: "SJ 6H 6H", 2: "BJ 6D 6D", 3: "BJ 6C 6C"}


@pytest.mark.parametrize("declarer,burier", [(0, 2), (2, 0), (1, 0), (3, 0), (None, 0)])
def test_taian_burier_and_first_lead(declarer, burier):
    kitty = "4S 7S 8S 9S"
    d = taian_deal(BURIER_FIXED, kitty=kitty, trump="declare" if declarer is not None else "H")
    if declarer is not None:
        final_round_taian(d, {declarer: BURIER_FIXED[declarer]})
    assert (d.phase, d.dealer, d.declarer, d.burier, d.to_move) == ("bury", 0, declarer, burier, burier)
    assert len(d.hand(burier)) == 30 and Counter(parse(kitty)) <= Counter(d.hand(burier))
    assert not d.kitty_public
    plains = [k for k in d.buriable() if not d.trump.is_trump(k)][:4]
    d.act(plains)
    # no trump in the kitty: no 换底; the burier leads
    assert (d.phase, d.to_move, d.kitty, d.kitty_public, d.swapped) == ("play", burier, tuple(plains), True, None)
    for _ in range(4):
        d.act(sorted(d.legal_actions())[0])
    assert d.tricks[0][0] == burier


def test_taian_burier_in_a_first_deal_and_standard_kitty():
    # a first deal under final_declarer: seat 1 declares and deals; its partner seat 3 buries
    d = taian_deal(BURIER_FIXED, first_deal=True, first_deal_dealer="final_declarer")
    final_round_taian(d, {1: BURIER_FIXED[1]})
    assert (d.dealer, d.declarer, d.burier, d.to_move) == (1, 1, 3, 3)
    # under first_declarer the first declarer deals: seat 3 overcalls seat 1, so the dealer's partner declared
    fixed = {**BURIER_FIXED, 3: "BJ 6C 6C 7C 7C"}
    d = taian_deal(fixed, first_deal=True, first_deal_dealer="first_declarer")
    final_round_taian(d, {1: fixed[1], 3: fixed[3]})
    assert (d.dealer, d.declarer, d.burier) == (1, 3, 1)
    # kitty_rule="standard": the dealer buries anything and leads
    d = taian_deal(BURIER_FIXED, kitty="4S 7S 8S 9S", kitty_rule="standard")
    final_round_taian(d, {0: BURIER_FIXED[0]})
    assert (d.phase, d.burier, d.to_move) == ("bury", 0, 0)
    point = next(k for k in d.hand(0) if k < 52 and k % 13 in POINT_RANKS)
    d.act(S("SJ 6S 6S") + (point,))  # trumps and a point card: fine
    assert (d.phase, d.to_move, d.kitty_public) == ("play", 0, False)


def test_taian_burial_restriction():
    d = taian_deal({}, trump="H")  # no declaration: the dealer buries, no 换底 whatever the kitty
    hand = Counter(d.hand(0))
    assert d.buriable() == tuple(k for k in d.hand(0) if may_bury(k))
    for rank in ("5", "10", "K", "2", "3"):
        bad = next(k for k in hand if k < 52 and k % 13 == RANKS.index(rank))
        ok = [k for k in d.buriable() if k != bad][:3]
        assert_unchanged(d, "act", ok + [bad])
    jokers_level_trump = [k for k in d.buriable() if k >= 52 or k % 13 == 12 or k // 13 == 1][:4]
    assert len(jokers_level_trump) == 4
    d.act(jokers_level_trump)
    assert (d.phase, d.to_move, d.kitty_public, d.kitty) == ("play", 0, True, tuple(sorted(jokers_level_trump)))


def test_taian_burial_shortfall():
    forbidden = "2S 2S 2H 2H 2D 2D 2C 2C 3S 3S 3H 3H 3D 3D 3C 3C 5S 5S 5H 5H 5D 5D 5C 5C 10S 10S"
    # two cards that may be buried (4S 6S): both, plus any two
    d = taian_deal({0: forbidden}, kitty="4S 6S KS KS", trump="S")
    assert d.buriable() == S("4S 6S")
    for bad in ("4S KS KS 10S", "2S 2S KS KS", "4S 2S 3S 5S"):
        assert_unchanged(d, "act", S(bad))
    for good in ("4S 6S KS KS", "4S 6S 2S 10S"):
        e = copy.deepcopy(d)
        e.act(S(good))
        assert (e.phase, e.kitty, e.kitty_public) == ("play", S(good), True)
    # exactly four: those four
    d = taian_deal({0: forbidden}, kitty="4S 6S 7S 8S", trump="S")
    assert d.buriable() == S("4S 6S 7S 8S")
    assert_unchanged(d, "act", S("4S 6S 7S 2S"))
    d.act(S("4S 6S 7S 8S"))
    assert d.phase == "play" and d.to_move == 0


SWAP_FIXED = {0: "4H 6H AS BJ 4S 5C", 1: "SJ 7H 7H 4C 6C 6C KC 10D 5S 2D 8H"}
SWAP_KITTY = "7S 8S 9S 6D"


def _swap_deal():
    """Seat 1 (an attacker) declares SJ 7H 7H (trump H) in the final round; the dealer (seat 0) holds
    4H 6H AS BJ 4S 5C and takes up the kitty 7S 8S 9S 6D."""
    d = taian_deal(SWAP_FIXED, kitty=SWAP_KITTY)
    final_round_taian(d, {1: "SJ 7H 7H"})
    assert (d.phase, d.declarer, d.trump_suit, d.burier) == ("bury", 1, "H", 0)
    return d


def test_taian_swap_legality_and_effect():
    d = _swap_deal()
    d.act(S("4H AS BJ 4S"))  # three trumps (a heart, the level card, a joker) and a plain card
    assert (d.phase, d.to_move, d.kitty_public) == ("swap", 1, True)
    mine = [k for k in d.hand(1) if may_swap_in(k, 1)]
    assert Counter(S("4C 6C 6C")) <= Counter(mine) and not set(S("KC 10D 5S 2D 8H 7H SJ")) & set(mine)
    legal = d.legal_actions()
    assert legal == expected_swaps(d) and legal[0] == ()
    assert len(legal) == len(set(legal))
    assert S("BJ 4C") in legal and S("4H AS BJ 4C 6C 6C") in legal and S("AS 6C 6C") not in legal
    sizes = [len(a) for a in legal]
    assert sizes == sorted(sizes)
    for bad in ("BJ KC", "BJ 10D", "BJ 5S", "BJ 2D", "BJ 8H", "BJ 7H", "SJ 4C", "BJ AS 4C", "BJ 4C 6C",
                "4S 4C", "BJ BJ 4C 6C", "6H 4C"):
        assert_unchanged(d, "act", S(bad))
    assert_unchanged(d, "play", S("4C"))
    assert_unchanged(d, "bury", S("4C 6C 6C 8H"))
    before1, kitty = Counter(d.hand(1)), Counter(d.kitty)
    d.act(S("BJ AS 6C 6C"))
    assert d.swapped == (S("AS BJ"), S("6C 6C"))
    assert Counter(d.kitty) == kitty - Counter(S("AS BJ")) + Counter(S("6C 6C"))
    assert Counter(d.hand(1)) == before1 - Counter(S("6C 6C")) + Counter(S("AS BJ"))
    assert (d.phase, d.to_move, d.kitty_public) == ("play", 0, True)  # the burier leads after the swap
    assert all(len(d.hand(s)) == 26 for s in range(4))


def test_taian_swap_pass_and_skip():
    d = _swap_deal()
    d.act(S("6H 4S 7S 8S"))  # one trump
    assert d.phase == "swap" and d.legal_actions()[0] == ()
    kitty, hands = d.kitty, [d.hand(s) for s in range(4)]
    d.act(())
    assert (d.phase, d.to_move, d.kitty, d.swapped) == ("play", 0, kitty, None)
    assert [d.hand(s) for s in range(4)] == hands
    # no trump in the kitty: no 换底
    d = _swap_deal()
    d.act(S("4S 7S 8S 9S"))
    assert (d.phase, d.to_move, d.swapped) == ("play", 0, None)
    assert_unchanged(d, "swap", ())
    assert_unchanged(d, "legal_swaps")


def test_taian_bad_moves_leave_state_unchanged():
    d = _swap_deal()
    assert_unchanged(d, "legal_actions")
    assert_unchanged(d, "legal_swaps")
    assert_unchanged(d, "swap", ())
    assert_unchanged(d, "act", S("4H AS BJ"))  # 3 cards
    assert_unchanged(d, "act", S("4H AS BJ 5C"))  # a point card
    assert_unchanged(d, "act", "4H AS BJ 4S")
    d.act(S("4H AS BJ 4S"))
    for method, *args in (("declare", ()), ("bury", S("4C 6C 6C 8H")), ("grab", ()), ("play", S("4C")),
                          ("swap", [99]), ("swap", "BJ 4C"), ("swap", None), ("swap", 5), ("buriable",),
                          ("legal_declarations",)):
        assert_unchanged(d, method, *args)


def test_kitty_rule_option():
    order = pack(2)
    assert RefDeal(make_rules(decks=2), order, trump="S").burier == 0
    for bad in ("Taian", "none", 1):
        with pytest.raises(ValueError):
            RefDeal(rules_taian(kitty_rule=bad), order)
    with pytest.raises(ValueError):
        RefDeal(make_rules(decks=4, kitty=8, declaration="4deck", kitty_grab=True, kitty_rule="taian"), pack(4))
    # kitty_rule="taian" works with another declaring system too (the QQ ladder, no_bid notrump)
    d = RefDeal(make_rules(decks=2, kitty_rule="taian", constant_ranks=("2",)), order, dealer=2, level="3")
    pass_all(d)
    assert (d.phase, d.burier, d.trump_suit, d.declarer) == ("bury", 2, None, None)
    d.act([k for k in d.buriable() if k % 13 != 0][:8])
    assert (d.phase, d.to_move, d.kitty_public) == ("play", 2, True)


# ------------------------------------------------------------------------------------------------
# random whole 泰安 deals
# ------------------------------------------------------------------------------------------------

def taian_playthrough(seed):
    """One whole 泰安 deal with random legal choices; invariants after every move."""
    rng = random.Random(seed)
    rules = rules_taian(first_deal_dealer=rng.choice(["first_declarer", "final_declarer"]),
                        taian_trump_follow=rng.random() < 0.5, throw_penalty=rng.choice(["none", "ten_per_card"]))
    order = pack(2)
    rng.shuffle(order)
    dealer0 = rng.randrange(4)
    first_deal = rng.random() < 0.5
    d = RefDeal(rules, order, dealer=dealer0, level="A", first_deal=first_deal)
    p_declare = rng.choice([0.0, 0.05, 0.3, 1.0])
    stats = Counter()
    grade = 0
    phases = []
    while d.phase == "declare":
        seat = d.to_move
        legal = d.legal_actions()
        assert legal == expected_taian(d)
        for a in legal[1:]:
            g, suit = taian_grade(a)
            assert g > grade and Counter(a) <= Counter(d.hand(seat))
            if seat == d.declarer:
                assert not Counter(d.declaration) - Counter(a)
        action = rng.choice(legal[1:]) if len(legal) > 1 and rng.random() < p_declare else ()
        redeals = d.redeals
        d.act(action)
        if action:
            grade, suit = taian_grade(action)
            assert (d.declarer, d.declaration, d.trump_suit) == (seat, action, "SHDC"[suit])
        if d.redeals != redeals:
            assert d.redeals == redeals + 1 and first_deal and grade == 0
            stats["redeals"] += 1
    if d.lost_deal:
        assert d.phase == "done" and d.declarer is None and grade == 0 and d.result() == LOST_RESULT
        assert not first_deal or d.redeals == 64
        stats["lost"] += 1
        return stats
    stats["declared"] += 1
    assert d.phase == "bury" and d.declarer is not None
    dealer = d.dealer
    if first_deal:
        assert dealer == (d.declarer if rules.first_deal_dealer == "final_declarer" else d.first_declarer)
    else:
        assert dealer == dealer0
    burier = (d.declarer + 2) % 4 if d.declarer % 2 == dealer % 2 else dealer
    assert d.burier == d.to_move == burier
    t = RefTrump(rules, "A", d.trump_suit)
    # bury: as many cards that may be buried as possible; sometimes try a bad burial first
    hand = list(d.hand(burier))
    allowed = [k for k in hand if may_bury(k)]
    others = [k for k in hand if not may_bury(k)]
    assert d.buriable() == tuple(allowed)
    if len(allowed) >= 4:
        buried = rng.sample(allowed, 4)
        if others:
            assert_unchanged(d, "act", buried[:3] + [rng.choice(others)])
    else:
        buried = allowed + rng.sample(others, 4 - len(allowed))
        stats["shortfall"] += 1
    d.act(buried)
    assert d.kitty == tuple(sorted(buried)) and d.kitty_public
    has_trump = any(t.is_trump(k) for k in d.kitty)
    assert d.phase == ("swap" if has_trump else "play")
    if d.phase == "swap":
        assert d.to_move == d.declarer
        legal = d.legal_actions()
        assert legal == expected_swaps(d)
        action = rng.choice(legal) if rng.random() < 0.7 else ()
        kitty, mine = Counter(d.kitty), Counter(d.hand(d.declarer))
        d.act(action)
        out = Counter(k for k in action if t.is_trump(k))
        given = Counter(action) - out
        assert Counter(d.kitty) == kitty - out + given
        assert Counter(d.hand(d.declarer)) == mine - given + out
        stats["swaps"] += bool(action)
        stats["swap_phases"] += 1
    assert d.phase == "play" and d.to_move == burier and d.kitty_public
    while d.phase == "play":
        check_totals(d)
        phases.append(d.to_move)
        d.act(rng.choice(sorted(d.legal_actions())))
    assert d.tricks[0][0] == burier and d.to_move is None
    assert all(len(d.hand(s)) == 0 for s in range(4))
    assert d.attacker_captured + d.defender_captured + points(d.kitty) == 200
    res = d.result()
    assert res["lost_deal"] is False and res["attacker_points"] >= 0
    return stats


def test_random_taian_deals():
    stats = Counter()
    for seed in range(20):
        stats += taian_playthrough(3000 + seed)
    assert stats["lost"] > 0 and stats["declared"] > 0 and stats["redeals"] > 0
    assert stats["swaps"] > 0 and stats["swap_phases"] > stats["swaps"]


# ------------------------------------------------------------------------------------------------
# 找朋友, calling a friend (partnership="call_card", MODEL §9)
# ------------------------------------------------------------------------------------------------

CALLS = [(k,) for k in range(54)]
_DEFAULT_KITTY = {1: 6, 2: 8, 3: 6}


def rules_friend(decks=2, **options):
    """Deal options with partnership="call_card" (a RefRules: the reference takes any rules object)."""
    return make_rules(decks=decks, partnership="call_card", **options)


def friend_deal(fixed, dealer=0, banned=(), seed=0, decks=2, trump="S", level="2", **options):
    """A call_card deal, trump given, where seat s is dealt `fixed[s]` (text); kinds in `banned` are never
    dealt as fill (their copies not fixed go to the kitty). Returned in the bury phase."""
    kitty = _DEFAULT_KITTY[decks]
    fixed = {s: list(parse(c)) for s, c in fixed.items()}
    order = build_order(decks, kitty, fixed, dealer=dealer, seed=seed, banned=banned)
    return RefDeal(rules_friend(decks=decks, **options), order, dealer=dealer, level=level, trump=trump)


def expected_partner(d, kind):
    """MODEL §9: the first seat after the dealer in play order holding a copy of `kind` now, else None."""
    return next((s for s in ((d.dealer + i) % 4 for i in (1, 2, 3)) if kind in d.hand(s)), None)


# (cards dealt to seats dealer+0..3, copies of the called kind left for the kitty, partner offset or None)
HOLDINGS = [
    ({0: "9C", 2: "9C"}, 0, 2),       # the dealer holds one: the holder of the other (not the seat after)
    ({0: "9C", 1: "9C"}, 0, 1),
    ({0: "9C", 3: "9C"}, 0, 3),
    ({1: "9C", 3: "9C"}, 0, 1),       # the dealer holds none: the nearest holder in play order
    ({2: "9C", 3: "9C"}, 0, 2),
    ({3: "9C 9C"}, 0, 3),             # one seat holding both
    ({0: "9C 9C"}, 0, None),          # the dealer holds both: alone (一打三)
    ({0: "9C"}, 1, None),             # the other copy in the kitty: alone
    ({}, 2, None),                    # both in the kitty: nobody holds one
    ({2: "9C"}, 1, 2),                # one in the kitty, the other with dealer+2
]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("holding,in_kitty,offset", HOLDINGS)
def test_call_card_partner_by_holding(dealer, holding, in_kitty, offset):
    """边锋: 如果庄家自己有其中一张，则拿到另外一张的玩家为其对家，如果庄自己没有该牌，则按出牌顺序，
    靠近庄家的有该牌的玩家和他是对家，如果庄家自己拿到2张该牌，则庄家一打三."""
    kind = parse("9C")[0]
    d = friend_deal({(dealer + i) % 4: c for i, c in holding.items()}, dealer=dealer, banned=(kind,), seed=dealer)
    assert d.kitty.count(kind) == in_kitty
    d.bury(d.kitty)  # the dealer buries the kitty it took up: every seat holds what it was dealt
    assert d.phase == "call" and d.to_move == dealer and d.kitty.count(kind) == in_kitty
    partner = None if offset is None else (dealer + offset) % 4
    assert expected_partner(d, kind) == partner
    d.act([kind])
    assert (d.called, d.partner, d.friend) == (kind, partner, None)
    assert d.phase == "play" and d.to_move == dealer
    defenders = tuple(sorted({dealer} | ({partner} if partner is not None else set())))
    assert d.defenders == defenders
    assert [d.is_attacker(s) for s in range(4)] == [s not in defenders for s in range(4)]


def test_call_card_partner_counted_at_the_call():
    """The partner is fixed by the hands at the call, after the burial: the buried kitty is nobody's."""
    kind = parse("BJ")[0]
    # the dealer was dealt both big jokers and buries one: it holds one, the other lies in the kitty: alone
    d = friend_deal({0: "BJ BJ", 2: "3D"}, dealer=0)
    d.bury([kind] + [k for k in d.hand(0) if k != kind][:7])
    d.call(kind)  # a bare kind is accepted by call()
    assert (d.called, d.partner) == (kind, None)
    # the dealer was dealt one and buries it, dealer+3 holds the other: dealer+3
    d = friend_deal({1: "BJ", 2: "3D"}, dealer=2, banned=(kind,))
    assert kind in d.hand(2)  # the other copy came up with the kitty
    d.bury([kind] + [k for k in d.hand(2) if k != kind][:7])
    assert kind not in d.hand(2)
    d.call([kind])
    assert d.partner == 1  # dealer+3


@pytest.mark.parametrize("decks", [1, 3])
def test_call_card_partner_with_one_and_three_decks(decks):
    """The general rule: the first seat after the dealer holding at least one copy, whatever the dealer holds."""
    kind = parse("QH")[0]
    if decks == 3:
        d = friend_deal({0: "QH", 2: "QH", 3: "QH"}, dealer=0, decks=3)
        d.bury(d.kitty)
        d.call([kind])
        assert d.partner == 2
        d = friend_deal({1: "QH QH QH"}, dealer=1, decks=3, seed=1)
        d.bury(d.kitty)
        d.call([kind])
        assert d.partner is None  # the dealer holds all three
    else:
        d = friend_deal({3: "QH"}, dealer=0, decks=1)
        d.bury(d.kitty)
        d.call([kind])
        assert d.partner == 3
        d = friend_deal({0: "QH"}, dealer=0, decks=1, seed=2)
        d.bury(d.kitty)
        d.call([kind])
        assert d.partner is None


def test_call_card_legal_actions_in_the_call_phase():
    d = friend_deal({0: "9C"}, dealer=3)
    with pytest.raises(ValueError):
        d.legal_actions()  # the bury phase: the burier names the cards
    _raises_unchanged(d, "legal_calls")
    assert d.defenders is None
    with pytest.raises(ValueError, match="fixed at the call"):
        d.is_attacker(0)
    with pytest.raises(ValueError, match="no fixed teams"):
        d.team_of(0)
    d.bury(d.kitty)
    assert d.phase == "call" and d.to_move == 3
    assert d.legal_actions() == d.legal_calls() == CALLS  # any kind, held or not, jokers included
    for action in d.legal_actions():
        e = copy.deepcopy(d)
        e.act(list(action))
        assert e.called == action[0] and e.phase == "play" and e.to_move == 3
        assert e.partner == expected_partner(d, action[0])
        assert e.legal_actions() and all(isinstance(a, tuple) for a in e.legal_actions())
    assert d.called is None and d.phase == "call"  # the copies played, not the deal
    d.act([7])
    _raises_unchanged(d, "legal_calls")
    assert isinstance(d.legal_actions(), set)


def test_call_card_bad_calls_change_nothing():
    d = friend_deal({0: "9C 9C"}, dealer=0)
    _raises_unchanged(d, "call", [5])  # the bury phase
    d.bury(d.kitty)
    assert d.phase == "call"
    held = d.hand(0)
    for bad in ([], (), [5, 6], [5, 5], [parse("9C")[0]] * 2, [54], [-1], [53, 54], "AS", [True], True, None,
                1.5, 54, -1, ["AS"]):
        _raises_unchanged(d, "call", bad)
        if not isinstance(bad, (int, float)) or isinstance(bad, bool):
            _raises_unchanged(d, "act", bad)
    _raises_unchanged(d, "play", [held[0]])
    _raises_unchanged(d, "bury", list(held[:8]))
    _raises_unchanged(d, "declare", ())
    _raises_unchanged(d, "swap", ())
    _raises_unchanged(d, "result")
    d.act([parse("9C")[0]])
    assert d.partner is None
    _raises_unchanged(d, "call", [5])  # called already: the play phase
    _raises_unchanged(d, "act", [])


def test_call_card_refused_combinations():
    order = pack(2)
    with pytest.raises(ValueError, match="kitty_grab"):
        RefDeal(rules_friend(declaration="4deck", kitty_grab=True), order)
    with pytest.raises(ValueError, match="taian"):
        RefDeal(rules_friend(kitty_rule="taian"), order)
    with pytest.raises(ValueError, match="partnership"):
        RefDeal(make_rules(partnership="friends"), order)
    # fixed (explicit or left out) keeps the old flow: no call phase, the dealer's pair defends
    for rules in (make_rules(), make_rules(partnership="fixed")):
        d = RefDeal(rules, order, dealer=1, trump="H")
        d.bury(d.kitty)
        assert d.phase == "play" and d.defenders == (1, 3) and d.team_of(2) == 0
        assert (d.called, d.partner, d.friend) == (None, None, None)
        _raises_unchanged(d, "call", [5])


def test_call_card_lost_deal_has_no_call():
    d = RefDeal(rules_friend(no_bid="dealer_loses"), pack(2), dealer=2)
    pass_all(d)
    assert d.lost_deal and d.phase == "done" and d.result() == LOST_RESULT
    assert (d.called, d.partner, d.friend) == (None, None, None)


def test_call_card_in_a_first_deal_the_new_dealer_calls():
    order = build_order(2, 8, {2: list(parse("2H 2H"))}, dealer=0, seed=4)
    d = RefDeal(rules_friend(), order, dealer=0, level="2", first_deal=True)
    pass_until(d, 2, parse("2H 2H"))
    d.declare(parse("2H 2H"))
    pass_all(d)
    assert d.dealer == 2 and d.phase == "bury" and d.to_move == 2
    d.bury(d.hand(2)[:8])
    assert d.phase == "call" and d.to_move == 2
    d.call([53])
    assert d.to_move == 2 and d.partner == expected_partner(d, 53)


def _play_revealing(seed):
    """Dealer 0 calls BJ; seat 1 (the partner) and seat 3 each hold one. Seat 3 plays its BJ at once, seat 1
    holds its back while it can. Returns the events (seat, played BJ, friend after the play)."""
    bj = 53
    d = friend_deal({1: "BJ", 3: "BJ"}, dealer=0, seed=seed)
    d.bury(d.kitty)
    d.call([bj])
    assert d.partner == 1 and d.friend is None
    rng = random.Random(seed)
    events = []
    three_played = False
    while d.phase == "play":
        seat = d.to_move
        legal = sorted(d.legal_actions())
        with_bj = [a for a in legal if bj in a]
        without = [a for a in legal if bj not in a]
        if seat == 3 and with_bj:
            action = rng.choice(with_bj)
        elif seat == 1 and (three_played and with_bj or not without):
            action = rng.choice(with_bj)
        else:
            action = rng.choice(without)
        played = d.play(action)
        three_played |= seat == 3 and bj in played
        events.append((seat, bj in played, d.friend))
    return d, events


def test_call_card_reveal_only_when_the_partner_plays_the_called_kind():
    """`friend` stays None when another seat plays a copy first, and when the dealer is alone."""
    found = 0
    for seed in range(6):
        d, events = _play_revealing(seed)
        bj_plays = [(i, s) for i, (s, has, _) in enumerate(events) if has]
        assert sorted(s for _, s in bj_plays) == [1, 3]
        first, partner_at = bj_plays[0], next(i for i, s in bj_plays if s == 1)
        assert all(friend is None for _, _, friend in events[:partner_at])
        assert all(friend == 1 for _, _, friend in events[partner_at:])
        assert d.friend == 1 and d.partner == 1
        found += first[1] == 3  # seat 3's copy came first: no reveal by it
    assert found >= 3
    # a lone dealer: friend stays None even after the dealer played both copies
    d = friend_deal({0: "BJ BJ"}, dealer=0)
    d.bury(d.kitty)
    d.call([53])
    rng = random.Random(1)
    while d.phase == "play":
        seat = d.to_move
        legal = sorted(d.legal_actions())
        mine = [a for a in legal if 53 in a] if seat == 0 else []
        d.play(rng.choice(mine or legal))
        assert d.friend is None
    assert d.partner is None and d.called == 53


def _lockstep(d, f, action):
    """Apply `action` to the call_card deal `d` and its fixed twin `f` (the same order and moves: legality
    never depends on the teams); both must play the same cards and keep the same hands."""
    got = d.act(action)
    assert f.act(action) == got
    assert [d.hand(s) for s in range(4)] == [f.hand(s) for s in range(4)]
    return got


def test_call_card_lone_dealer_scores_three_attackers():
    """A lone dealer: the tricks won by any of the three others count for the attackers, and a failed throw
    by the dealer's fixed partner (an attacker now) costs the attackers."""
    order = build_order(2, 8, {0: list(parse("SJ SJ 3S")), 2: list(parse("BJ BJ 3C 4C")),
                               3: list(parse("AC AC"))}, dealer=0, seed=7)
    d = RefDeal(rules_friend(throw_penalty="ten_per_card"), order, dealer=0, level="2", trump="S")
    f = RefDeal(make_rules(throw_penalty="ten_per_card"), order, dealer=0, level="2", trump="S")
    _lockstep(d, f, list(d.kitty))
    d.call([52])  # the dealer holds both small jokers: alone
    assert d.partner is None and d.defenders == (0,) and f.defenders == (0, 2)
    rng = random.Random(3)
    _lockstep(d, f, parse("3S"))
    _lockstep(d, f, rng.choice(sorted(d.legal_actions())))
    _lockstep(d, f, parse("BJ"))
    _lockstep(d, f, rng.choice(sorted(d.legal_actions())))
    assert d.tricks[0][2] == 2 and d.to_move == 2
    trick_points = sum(points(p) for p in d.tricks[0][1])
    assert (d.attacker_captured, d.defender_captured) == (trick_points, 0)
    assert (f.attacker_captured, f.defender_captured) == (0, trick_points)
    assert _lockstep(d, f, parse("3C 4C")) == S("3C")  # beaten by AC: the throw fails
    assert d.penalty == -10 and f.penalty == 10  # seat 2 attacks with a lone dealer, defends with fixed teams
    while d.phase == "play":
        _lockstep(d, f, rng.choice(sorted(d.legal_actions())))
    assert d.tricks == f.tricks and d.friend is None
    for deal, attackers in ((d, (1, 2, 3)), (f, (1, 3))):
        att = sum(points(p) for _, plays, w in deal.tricks if w in attackers for p in plays)
        assert deal.attacker_captured == att
        assert deal.defender_captured == 200 - points(deal.kitty) - att
        res = deal.result()
        captured = deal.tricks[-1][2] in attackers
        assert res["kitty_captured"] == captured
        mult = deal.trump.kitty_multiplier(deal.tricks[-1][1][0]) if captured else 0
        expect = max(0, att + deal.penalty + points(deal.kitty) * mult)
        assert res["attacker_points"] == expect
        assert (res["dealer_keeps"], res["dealer_levels"], res["attacker_levels"]) == level_outcome(deal.rules,
                                                                                                   expect)


def friend_playthrough(decks, seed, declare):
    """One whole call_card deal with random choices (throw attempts too), played in lockstep with its
    fixed-partnership twin; scoring by the real teams checked against the twin's identical tricks."""
    rng = random.Random(seed)
    rules = random_rules(rng, decks)
    if rng.random() < 0.7:
        rules.throw_penalty = "ten_per_card"
    twin = copy.copy(rules)
    twin.partner_reinforce = "never"  # 找朋友: nobody has a partner to reinforce while dealing (MODEL §9 对家保)
    rules.partnership = "call_card"
    order, dealer, level, trump, first_deal = random_deal_args(rng, decks, declare)
    d = RefDeal(rules, order, dealer=dealer, level=level, trump=trump, first_deal=first_deal)
    f = RefDeal(twin, order, dealer=dealer, level=level, trump=trump, first_deal=first_deal)
    stats = Counter()
    while d.phase == "declare":
        legal = d.legal_actions()
        assert legal == f.legal_actions()
        _lockstep(d, f, rng.choice(legal[1:]) if len(legal) > 1 and rng.random() < 0.2 else ())
        assert d.called is None and d.defenders is None
    if d.lost_deal:
        assert f.lost_deal and d.result() == f.result() == LOST_RESULT and d.called is None
        stats["lost"] += 1
        return stats
    dealer = d.dealer
    assert d.phase == f.phase == "bury" and d.to_move == dealer == f.dealer
    cards = list(d.hand(dealer))
    rng.shuffle(cards)
    d.act(cards[:d.kitty_size])
    f.act(cards[:d.kitty_size])
    assert f.phase == "play" and (d.phase, d.to_move) == ("call", dealer)
    assert d.legal_actions() == CALLS and d.defenders is None and (d.called, d.partner, d.friend) == (None,) * 3
    pick = rng.random()
    kind = (rng.choice(d.hand(dealer)) if pick < 0.35 else rng.choice(d.kitty) if pick < 0.6
            else rng.randrange(54))
    partner = expected_partner(d, kind)
    d.act([kind])
    assert (d.called, d.partner, d.friend, d.phase, d.to_move) == (kind, partner, None, "play", f.to_move)
    defenders = {dealer} | ({partner} if partner is not None else set())
    stats["alone" if partner is None else f"partner+{(partner - dealer) % 4}"] += 1
    t = d.trump
    revealed = False
    while d.phase == "play":
        check_totals(d)
        seat = d.to_move
        if not d.trick and rng.random() < 0.15:
            suit = rng.choice(sorted({t.effective_suit(k) for k in d.hand(seat)}))
            mine = [k for k in d.hand(seat) if t.effective_suit(k) == suit]
            action = tuple(sorted(rng.sample(mine, rng.randint(1, min(len(mine), 6)))))
        else:
            legal = d.legal_actions()
            if not d.trick and not d.tricks:
                assert legal == f.legal_actions()
            action = rng.choice(sorted(legal))
        penalties = d.penalty, f.penalty
        played = _lockstep(d, f, action)
        back = 10 * (len(action) - len(played))
        if back:
            stats["failed"] += 1
            if rules.throw_penalty == "ten_per_card":
                assert d.penalty == penalties[0] + (back if seat in defenders else -back)
                assert f.penalty == penalties[1] + (back if seat % 2 == dealer % 2 else -back)
                stats["failed_across"] += (seat in defenders) != (seat % 2 == dealer % 2)
            if kind in action and kind not in played and seat == partner and not revealed:
                stats["kept_back"] += 1
        if kind in played:
            if seat == partner:
                revealed = True
            elif partner is not None and not revealed and seat != dealer:
                stats["copy_before_reveal"] += 1
        assert d.friend == (partner if revealed else None)
    stats["revealed"] += revealed
    assert d.tricks == f.tricks and d.phase == f.phase == "done"
    assert d.attacker_captured + d.defender_captured + points(d.kitty) == 100 * decks
    att = sum(points(p) for _, plays, w in d.tricks if w not in defenders for p in plays)
    assert d.attacker_captured == att
    stats["trick_across"] += any(points([k for p in plays for k in p]) and (w in defenders) != (w % 2 == dealer % 2)
                                 for _, plays, w in d.tricks)
    res = d.result()
    captured = d.tricks[-1][2] not in defenders
    assert res["kitty_captured"] == captured
    assert res["multiplier"] == (t.kitty_multiplier(d.tricks[-1][1][0]) if captured else 0)
    expect = max(0, att + d.penalty + res["kitty_points"] * res["multiplier"])
    assert res["attacker_points"] == expect
    assert (res["dealer_keeps"], res["dealer_levels"], res["attacker_levels"]) == tuple(level_outcome(rules, expect))
    if defenders == {dealer, (dealer + 2) % 4}:
        assert res == f.result()  # the called partner sits opposite: the fixed teams
    return stats


def test_random_call_card_deals():
    stats = Counter()
    for decks, games in ((1, 16), (2, 16), (3, 6)):
        for seed in range(games):
            stats += friend_playthrough(decks, 5000 + 100 * decks + seed, seed % 2 == 0)
    assert stats["alone"] > 0 and all(stats[f"partner+{i}"] > 0 for i in (1, 2, 3))
    assert stats["revealed"] > 0 and stats["failed_across"] > 0 and stats["trick_across"] > 0
    assert stats["copy_before_reveal"] > 0
