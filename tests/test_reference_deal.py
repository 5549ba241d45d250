"""Tests of the pure-Python reference deal engine (src/shengji/reference_deal.py) on its own.

Random playthroughs (seeded, 1/2/3 decks, trump given or declared, varied rule options) check the
invariants of docs/MODEL.md §9 after every move, also driven through the one-protocol ``act()``;
hand-written cases cover the declaration ladders, no_bid, first_deal (first_deal_dealer), failed
throws and their penalty, voids and bad inputs.
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
from shengji.reference import RANKS, RefRules, RefTrump, level_outcome, parse

try:
    from shengji.reference_deal import RefDeal
except ImportError:  # an installed package older than this module: load it from the source tree
    _path = pathlib.Path(__file__).resolve().parents[1] / "src" / "shengji" / "reference_deal.py"
    _spec = importlib.util.spec_from_file_location("shengji.reference_deal", _path)
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["shengji.reference_deal"] = _module
    _spec.loader.exec_module(_module)
    RefDeal = _module.RefDeal


# ------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------

def make_rules(decks=2, kitty=None, throw_penalty=None, declaration=None, no_bid=None,
               first_deal_dealer=None, **options):
    """A RefRules with the deal options set as attributes (left out: the engine's defaults)."""
    rules = RefRules(decks=decks, **options)
    for name, value in (("kitty", kitty), ("throw_penalty", throw_penalty),
                        ("declaration", declaration), ("no_bid", no_bid),
                        ("first_deal_dealer", first_deal_dealer)):
        if value is not None:
            setattr(rules, name, value)
    return rules


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
            d.attacker_captured, d.defender_captured, d.penalty, d.kitty)


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
    return make_rules(decks=decks, throw_penalty=rng.choice([v.value for v in OPTIONS["throw_penalty"].values]),
                      declaration="qq3" if decks == 3 and rng.random() < 0.5 else "qq",
                      no_bid=rng.choice(_ready("no_bid")),
                      first_deal_dealer=rng.choice([*_ready("first_deal_dealer"), None]), **options)


def check_totals(d):
    total = d.attacker_captured + d.defender_captured + points(d.kitty)
    total += sum(points(d.hand(s)) for s in range(4)) + sum(points(p) for p in d.trick)
    assert total == 100 * d.decks


def playthrough(decks, seed, declare):
    rng = random.Random(seed)
    rules = random_rules(rng, decks)
    order = pack(decks)
    rng.shuffle(order)
    dealer = rng.randrange(4)
    level = rng.choice(RANKS)
    first_deal = rng.random() < 0.3
    trump = "declare" if declare else rng.choice(["S", "H", "D", "C", None])
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
            if decl:
                assert e.declaration == decl and e.declarer == d.to_move
        choice = rng.choice(sorted(legal)) if rng.random() < 0.2 else ()
        if choice and first_declarer is None:
            first_declarer = d.to_move
        d.declare(choice)
    if declare:
        assert d.first_declarer == first_declarer
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
    assert res["multiplier"] == (t.kitty_multiplier(plays[0]) if captured else 0)
    expect = max(0, d.attacker_captured + d.penalty + res["kitty_points"] * res["multiplier"])
    assert res["attacker_points"] == expect
    assert (res["dealer_keeps"], res["dealer_levels"], res["attacker_levels"]) == tuple(level_outcome(rules, expect))
    # tricks are consistent with the captured points
    att = sum(sum(points(p) for p in plays) for _, plays, w in d.tricks if w % 2 != d.dealer % 2)
    assert att == d.attacker_captured
    return stats


@pytest.mark.parametrize("declare", [False, True], ids=["trump_given", "declared"])
@pytest.mark.parametrize("decks,games", [(1, 30), (2, 16), (3, 8)])
def test_random_playthroughs(decks, games, declare):
    stats = Counter()
    for seed in range(games):
        stats += playthrough(decks, 1000 * decks + 2 * seed + declare, declare)
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
    assert d.legal_declarations() == {(), (0,)}
    d.declare([0])
    assert (d.declaration, d.declarer, d.trump_suit) == ((0,), 0, "S")
    assert d.to_move == 1 and d.legal_declarations() == {()}  # one 2H is not stronger
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
        assert d.legal_declarations() == {()}
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
    assert d.legal_declarations() == {(), (0,)}
    d.declare((0,))
    pass_until(d, 0, (0, 0))
    d.declare((0, 0))
    assert (d.declaration, d.declarer, d.trump_suit) == ((0, 0), 0, "S")
    while d.phase == "declare":
        assert d.legal_declarations() == {()}
        d.declare(())
    assert (d.trump_suit, d.declarer, d.dealer) == ("S", 0, 0)
    # the partner: seat 2 holds one 2S (cannot reinforce one card with one card) and 2D 2D
    kitty = [13, 13, 39, 39, 52, 53, 1, 1]
    order = build_order(2, 8, {0: [0, 52], 2: [0, 26, 26, 53]}, dealer=1, seed=2, banned=banned,
                        kitty=kitty)
    d = RefDeal(make_rules(decks=2), order, dealer=1, level="2")
    pass_until(d, 0, (0,))
    d.declare((0,))
    assert d.declarer == 0
    pass_until(d, 2, (26, 26))
    assert (0,) not in d.legal_declarations() and (26,) not in d.legal_declarations()
    d.declare((26, 26))
    pass_all(d)
    assert (d.trump_suit, d.declarer, d.dealer, d.declaration) == ("D", 2, 1, (26, 26))


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
        assert d.legal_declarations() == {()}
        d.declare(())
    assert d.phase == "bury" and d.trump_suit is None and d.declarer == 0

    # under "qq" three cards are no declaration
    d = RefDeal(make_rules(decks=3, declaration="qq"), order, dealer=0, level="2")
    seen = set()
    while d.phase == "declare":
        seen |= d.legal_declarations()
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


def test_not_implemented_options():
    order = pack(2)
    for declaration in ("taian", "4deck"):
        with pytest.raises(NotImplementedError):
            RefDeal(make_rules(decks=2, declaration=declaration), order)
        d = RefDeal(make_rules(decks=2, declaration=declaration), order, trump="H")  # not needed
        assert d.phase == "bury"
    # redeal / dealer_loses: refused when the declaring phase starts, i.e. at construction
    for no_bid in ("redeal", "dealer_loses"):
        with pytest.raises(NotImplementedError):
            RefDeal(make_rules(decks=2, no_bid=no_bid), order)
        d = RefDeal(make_rules(decks=2, no_bid=no_bid), order, trump="S")  # not needed
        assert d.phase == "bury" and d.trump_suit == "S"


def test_declaration_none_needs_a_given_trump():
    order = pack(2)
    with pytest.raises(ValueError, match="give the trump"):
        RefDeal(make_rules(decks=2, declaration="none"), order)
    for trump in ("H", None):
        d = RefDeal(make_rules(decks=2, declaration="none"), order, trump=trump)
        assert d.phase == "bury" and d.trump_suit == trump and d.declarer is None


def test_bad_declaring_options():
    order = pack(2)
    for options in ({"declaration": "shout"}, {"no_bid": "random"}, {"first_deal_dealer": "last"},
                    {"first_deal_dealer": "first"}):
        for trump in ("declare", "S"):
            with pytest.raises(ValueError):
                RefDeal(make_rules(decks=2, **options), order, trump=trump, first_deal=True)
    # the kitty rules need a kitty of at least three cards
    for no_bid in ("kitty_card", "kitty_card_notrump"):
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
