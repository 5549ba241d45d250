"""Differential tests: the C core against the pure-Python reference on random positions.

Every deck count (1-4), random levels and trump suits (no trump included) and random values of every
rules option (trump_order included: the level-index blocks and gaps of docs/MODEL.md §2). The default
run checks 3,000 positions per deck count and operation (12,000 per operation; fewer of the slow ones: the
listings of legal follows and throws, ``FEWER``); ``--slow`` checks 10^6 per deck count. Tricks of the
wider-shapes rule (a single wider unit against a lead of one tractor) are checked on their own generator, 2,000
per deck count (3 and 4). Natural tractors (``tractor_rule="natural"``,
docs/MODEL.md §3, 泰安) have their own generators (2 and 3 decks, packs biased to one lane so that
plain cards chained with borrowed trumps are common); those checks skip until the core has ``Trump.play_suit``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import (
    NATURAL_IN_CORE,
    c,
    follow_position,
    natural_context,
    natural_follow_position,
    natural_subset,
    natural_throw_position,
    natural_trick_position,
    norm,
    one_suit_subset,
    random_context,
    structured_follow_position,
    throw_position,
    trick_position,
    wide_trick_position,
)

from shengji import Rules, Trump
from shengji.testing.reference import RefTrump
from shengji.testing.reference import level_outcome as ref_level_outcome

DECKS = (1, 2, 3, 4)
FAST = 3_000
# the tested listing and the whole listing of legal follows are slow on long leads, and so is a throw against
# three hands: the default run checks fewer of these; --slow runs 10^6 of each
FEWER = {"follow_order": 1_200, "legal_follows": 1_500, "check_throw": 2_500}
SLOW = 1_000_000


def describe(ctx) -> str:
    r = ctx.rules
    return (f"decks={r.decks} level={ctx.level} suit={ctx.suit} constants={r.constant_ranks} order={r.trump_order} "
            f"ladder={r.follow_ladder} protection={r.follow_protection} taian={r.taian_trump_follow} "
            f"failed={r.failed_throw} compare={r.trick_compare} wider={r.wider_shapes} kitty={r.kitty_multiplier} "
            f"tractors={getattr(r, 'tractor_rule', 'position')}")


def run(check, decks: int, n: int, seed: int):
    rng = random.Random(seed * 1000 + decks)
    for i in range(n):
        msg = check(rng, decks)
        if msg:
            pytest.fail(f"position {i} (decks={decks}): {msg}")


def check_units(rng, decks):
    ctx = random_context(rng, decks)
    cards = one_suit_subset(ctx, ctx.draw(rng.randint(1, 30)), 30)
    if not cards:
        return None
    got = [(u.kind, u.width, u.length, u.cards.indices()) for u in ctx.trump.units(c(cards))]
    want = [(k, w, ln, norm(cs)) for k, w, ln, cs in ctx.ref.units(cards)]
    if got != want:
        return f"units({c(cards)}): C {got} != reference {want}; {describe(ctx)}"
    if ctx.trump.is_tractor(c(cards)) != ctx.ref.is_tractor(cards):
        return f"is_tractor({c(cards)}) differs; {describe(ctx)}"
    return None


def compare_is_legal_follow(ctx, hand, lead, play):
    got = ctx.trump.is_legal_follow(c(hand), c(lead), c(play))
    want = ctx.ref.is_legal_follow(hand, lead, play)
    if got != want:
        return (f"is_legal_follow(hand={c(hand)}, lead={c(lead)}, play={c(play)}): C {got} != reference {want}; "
                f"{describe(ctx)}")
    return None


def compare_legal_follows(ctx, hand, lead, _play=None):
    got = {cs.indices() for cs in ctx.trump.legal_follows(c(hand), c(lead))}
    want = {norm(p) for p in ctx.ref.legal_follows(hand, lead)}
    if got != want:
        return (f"legal_follows(hand={c(hand)}, lead={c(lead)}): only C {sorted(got - want)[:5]}, "
                f"only reference {sorted(want - got)[:5]}; {describe(ctx)}")
    return None


def compare_check_throw(ctx, lead, others):
    r = ctx.trump.check_throw(c(lead), [c(o) for o in others])
    ok, played = ctx.ref.check_throw(lead, others)
    if (r.ok, r.played.indices()) != (ok, norm(played)):
        return (f"check_throw({c(lead)}, {[str(c(o)) for o in others]}): C {r} != reference {(ok, c(played))}; "
                f"{describe(ctx)}")
    return None


def compare_trick_winner(ctx, plays):
    got = ctx.trump.trick_winner([c(p) for p in plays])
    want = ctx.ref.trick_winner(plays)
    if got != want:
        return f"trick_winner({[str(c(p)) for p in plays]}): C {got} != reference {want}; {describe(ctx)}"
    return None


def compare_kitty_multiplier(ctx, lead):
    if not lead:
        return None
    got, want = ctx.trump.kitty_multiplier(c(lead)), ctx.ref.kitty_multiplier(lead)
    if got != want:
        return f"kitty_multiplier({c(lead)}): C {got} != reference {want}; {describe(ctx)}"
    return None


def check_is_legal_follow(rng, decks):
    return compare_is_legal_follow(*follow_position(rng, decks))


def check_legal_follows(rng, decks):
    return compare_legal_follows(*follow_position(rng, decks, max_lead=5))


def compare_follow_order(ctx, hand, lead, _play=None, rng=None):
    """The generated listing equals the tested one (every sub-multiset of the lead's size tested), in order,
    and under a limit the same prefix (docs/MODEL.md §4's order; the golden playthroughs pick by index)."""
    t = ctx.trump
    if len(hand) < len(lead):
        return None
    limit = None if rng is None or rng.random() < 0.5 else rng.randint(1, 6)
    got = [cs.indices() for cs in t.legal_follows(c(hand), c(lead), limit=limit)]
    want = [cs.indices() for cs in t._legal_follows_tested(c(hand), c(lead), limit=limit)]
    if got != want:
        return (f"legal_follows(hand={c(hand)}, lead={c(lead)}, limit={limit}): generated {got[:4]}... != tested "
                f"{want[:4]}... ({len(got)} vs {len(want)}); {describe(ctx)}")
    return None


def check_follow_order(rng, decks):
    if rng.random() < 0.5:
        return compare_follow_order(*structured_follow_position(rng, decks), rng=rng)
    return compare_follow_order(*follow_position(rng, decks, max_lead=8), rng=rng)


def check_check_throw(rng, decks):
    return compare_check_throw(*throw_position(rng, decks))


def check_trick_winner(rng, decks):
    return compare_trick_winner(*trick_position(rng, decks))


def check_kitty_multiplier(rng, decks):
    ctx = random_context(rng, decks)
    return compare_kitty_multiplier(ctx, one_suit_subset(ctx, ctx.draw(rng.randint(1, 20)), 12))


CHECKS = {
    "units": check_units,
    "is_legal_follow": check_is_legal_follow,
    "legal_follows": check_legal_follows,
    "follow_order": check_follow_order,
    "check_throw": check_check_throw,
    "trick_winner": check_trick_winner,
    "kitty_multiplier": check_kitty_multiplier,
}


@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("op", list(CHECKS))
def test_core_matches_reference(op, decks):
    run(CHECKS[op], decks, FEWER.get(op, FAST), seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("op", list(CHECKS))
def test_core_matches_reference_slow(op, decks):
    run(CHECKS[op], decks, SLOW, seed=2)


@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("table", ["standard", "attackers_early"])
def test_level_outcome_matches_reference(decks, table):
    rules = Rules(decks=decks, level_table=table)
    for p in range(0, 100 * decks * 3 + 5, 5):
        assert tuple(rules.level_outcome(p)) == tuple(ref_level_outcome(rules, p)), p


def test_positions_exercise_every_rule_path():
    """The random positions are not all trivial: each rule path occurs often enough to be tested."""
    rng = random.Random(99)
    seen = {k: 0 for k in ["pair", "triple", "quad", "tractor", "titanic", "legal", "illegal", "short_suit",
                           "throw_fails", "throw_stands", "later_play_wins", "trump_wins"]}
    n = 3000
    for _ in range(n):
        ctx, hand, lead, play = follow_position(rng)
        for u in ctx.trump.units(c(lead)):
            if u.kind == "tractor":
                seen["titanic" if u.width >= 3 else "tractor"] += 1
            elif u.kind != "single":
                seen[u.kind] += 1
        seen["legal" if ctx.trump.is_legal_follow(c(hand), c(lead), c(play)) else "illegal"] += 1
        seen["short_suit"] += sum(ctx.eff(k) == ctx.eff(lead[0]) for k in hand) < len(lead)
        ctx, lead, others = throw_position(rng)
        if len(ctx.trump.units(c(lead))) > 1:
            seen["throw_stands" if ctx.trump.check_throw(c(lead), [c(o) for o in others]).ok else "throw_fails"] += 1
        ctx, plays = trick_position(rng)
        w = ctx.trump.trick_winner([c(p) for p in plays])
        if w:
            seen["later_play_wins"] += 1
            seen["trump_wins"] += ctx.eff(plays[w][0]) == "T" and ctx.eff(plays[0][0]) != "T"
    for key, count in seen.items():
        assert count >= n // 100, (key, seen)
    print(seen)


def _level_index_tractor(ctx, qq: RefTrump, cards: list[int]) -> bool:
    """True iff the trump cards among `cards` decompose (in the core) into a tractor that the QQ order would
    not form: one inside a level-index block (♠2♠2♠3♠3 at level 3, ♦ trump), docs/MODEL.md §2."""
    trumps = [k for k in cards if ctx.eff(k) == "T"]
    return bool(trumps) and any(u.kind == "tractor" and not qq.is_tractor(list(u.cards.indices()))
                                for u in ctx.trump.units(c(trumps)))


def test_level_index_positions_have_block_tractors():
    """trump_order="level_index" (docs/MODEL.md §2) is really exercised: a good share of the generated
    positions under it hold a tractor inside a block (a tractor the QQ order would not form), in a lead, a
    hand, a play or another hand. Such a tractor needs two decks, a trump suit and a constant rank other than
    the level (at no trump the blocks' tractors are QQ tractors too), so the share is taken over those
    contexts; leads holding one are counted on their own."""
    rng = random.Random(4242)
    generators = {"follow": follow_position, "throw": throw_position, "trick": trick_position}
    stats = {}
    for name, generate in generators.items():
        eligible = holding = leading = 0
        for _ in range(1500):
            position = generate(rng)
            ctx = position[0]
            r = ctx.rules
            if (r.trump_order != "level_index" or r.decks < 2 or ctx.suit is None
                    or not set(r.constant_ranks) - {ctx.level}):
                continue
            qq = RefTrump(r.replace(trump_order="qq"), ctx.level, ctx.suit)
            if name == "follow":
                _, hand, lead, play = position
                sets = [lead, hand, play]
            elif name == "throw":
                _, lead, others = position
                sets = [lead, *others]
            else:
                _, sets = position
                lead = sets[0]
            eligible += 1
            holding += any(_level_index_tractor(ctx, qq, cs) for cs in sets)
            leading += _level_index_tractor(ctx, qq, lead)
        stats[name] = (eligible, holding, leading)
    print(stats)
    for name, (eligible, holding, leading) in stats.items():
        assert eligible >= 100, (name, stats)
        assert holding >= eligible // 10, (name, stats)
        assert leading >= eligible // 30, (name, stats)


def _lexicographic_all_units(ref, plays):
    """The old, wrong all_units rule (only each play's highest grouping), to count the positions where the
    grouping question decides the trick."""
    suit, units = ref._decompose(plays[0])
    shapes = tuple(sorted((u.shape for u in units), key=lambda s: ref.unit_key(*s), reverse=True))
    win, win_suit, win_prof = 0, suit, ref._profile(suit, Counter(plays[0]), shapes)
    for i, play in enumerate(plays[1:], 1):
        suits = {ref.effective_suit(k) for k in play}
        if len(suits) != 1:
            continue
        s = suits.pop()
        if not (s == suit or (suit != "T" and s == "T")):
            continue
        prof = ref._profile(s, Counter(play), shapes)
        if prof is None:
            continue
        higher = all(a > b for a, b in zip(prof, win_prof, strict=True))
        if (s == "T" and win_suit != "T") or (s == win_suit and higher):
            win, win_suit, win_prof = i, s, prof
    return win


def grouping_trick(rng, decks):
    """A trick where groupings matter: a plain-suit lead of pairs and singles (from all copies of a few
    ranks) answered by trump plays drawn from all copies of a few trump kinds, so that most answers can be
    grouped into the lead's shapes in several ways."""
    while True:
        ctx = random_context(rng, decks)
        rules = ctx.rules.replace(trick_compare="all_units")
        trump, ref = Trump(rules, ctx.level, ctx.suit), RefTrump(rules, ctx.level, ctx.suit)
        plain = [k for k in range(52) if ref.effective_suit(k) != "T"]
        trumps = [k for k in range(54) if ref.effective_suit(k) == "T"]
        if not plain:
            continue
        led = ref.effective_suit(rng.choice(plain))
        suit_kinds = [k for k in plain if ref.effective_suit(k) == led]
        lead_pool = [k for k in rng.sample(suit_kinds, min(len(suit_kinds), rng.randint(2, 5))) for _ in range(decks)]
        if len(lead_pool) < 3:
            continue
        lead = rng.sample(lead_pool, rng.randint(3, min(6, len(lead_pool))))
        plays = [lead]
        if decks >= 2 and rng.random() < 0.5:  # a pair and two singles, answered by two pairs or pair + singles
            pair = rng.choice(suit_kinds)
            lead = [pair, pair] + rng.sample([k for k in suit_kinds if k != pair], 2)
            plays = [lead]
            left = {k: decks for k in trumps}
            for _ in range(3):
                kinds = [k for k in trumps if left[k] >= 2]
                if len(kinds) < 2:
                    break
                a, b = rng.sample(kinds, 2)
                singles = [k for k in trumps if left[k] >= (3 if k == a else 1)]
                play = [a, a, b, b] if rng.random() < 0.5 or len(singles) < 2 else [a, a] + rng.sample(singles, 2)
                if any(play.count(k) > left[k] for k in set(play)):
                    break
                for k in play:
                    left[k] -= 1
                plays.append(play)
        else:
            window = sorted(rng.sample(trumps, min(len(trumps), rng.randint(4, 7))))
            pool = [k for k in window for _ in range(decks)]
            rng.shuffle(pool)
            for _ in range(3):
                if len(pool) < len(lead):
                    break
                plays.append(pool[:len(lead)])
                pool = pool[len(lead):]
        if len(plays) > 1:
            return ctx, trump, ref, plays


@pytest.mark.parametrize("decks", DECKS)
def test_all_units_core_matches_reference(decks):
    """trick_compare="all_units" (docs/MODEL.md §6: every grouping of the winner must be beaten by some
    grouping of the challenger): core and reference agree on random tricks, and the positions where the
    grouping question decides the trick (the highest groupings alone would answer otherwise) occur."""
    rng = random.Random(7000 + decks)
    n, decisive = 3000, 0
    for i in range(n):
        if i % 2:
            ctx, plays = trick_position(rng, decks)
            rules = ctx.rules.replace(trick_compare="all_units")
            trump, ref = Trump(rules, ctx.level, ctx.suit), RefTrump(rules, ctx.level, ctx.suit)
        else:
            ctx, trump, ref, plays = grouping_trick(rng, decks)
        got, want = trump.trick_winner([c(p) for p in plays]), ref.trick_winner(plays)
        assert got == want, f"position {i}: {[str(c(p)) for p in plays]}: C {got} != reference {want}; {describe(ctx)}"
        decisive += want != _lexicographic_all_units(ref, plays)
    print(f"{decisive} of {n} positions decided by the groupings")
    if decks >= 2:
        assert decisive >= n // 200, decisive


def _decided_by_wider_play(ref, plays, winner):
    """True iff the winner is a single unit wider than the lead's one unit, with as many cards (docs/MODEL.md
    §6 wider shapes): a play that cannot win at all without the rule."""
    lead_units, units = ref.units(plays[0]), ref.units(plays[winner])
    return (winner > 0 and len(lead_units) == 1 and len(units) == 1 and units[0][1] > lead_units[0][1]
            and len(plays[winner]) == len(plays[0]))


WIDE_FAST = 2_000


@pytest.mark.parametrize("decks", [3, 4])
def test_wider_shapes_core_matches_reference(decks):
    """wider_shapes (docs/MODEL.md §6): on tricks led by one tractor or Titanic and answered by quads, triple
    tractors and quad tractors (wide_trick_position), core and reference agree, and a good share of the tricks
    is won by a wider play (so the rule is really exercised: without it such a play never wins)."""
    rng = random.Random(8000 + decks)
    wide_on = wide_won = changed = 0
    for i in range(WIDE_FAST):
        ctx, plays = wide_trick_position(rng, decks)
        got, want = ctx.trump.trick_winner([c(p) for p in plays]), ctx.ref.trick_winner(plays)
        assert got == want, f"position {i}: {[str(c(p)) for p in plays]}: C {got} != reference {want}; {describe(ctx)}"
        if ctx.rules.wider_shapes:
            wide_on += 1
            wide_won += _decided_by_wider_play(ctx.ref, plays, want)
            off = RefTrump(ctx.rules.replace(wider_shapes=False), ctx.level, ctx.suit)
            changed += off.trick_winner(plays) != want
        else:
            assert not _decided_by_wider_play(ctx.ref, plays, want), plays
    print(f"decks={decks}: {wide_won} of {wide_on} tricks with wider_shapes won by a wider play, "
          f"{changed} decided differently without the rule")
    assert wide_won >= wide_on // 5, (wide_won, wide_on)
    assert changed >= wide_on // 5, (changed, wide_on)


# ------------------------------------------------------------------------------------------------
# Natural tractors (tractor_rule="natural", docs/MODEL.md §3, 泰安)
# ------------------------------------------------------------------------------------------------

NATURAL_DECKS = (2, 3)
NATURAL_FAST = 2_000
needs_natural_core = pytest.mark.skipif(not hasattr(Trump, "play_suit") or not NATURAL_IN_CORE,
                                        reason="the core does not know tractor_rule='natural' (Trump.play_suit) yet")


def check_natural_units(rng, decks):
    """units, is_tractor and play_suit on plays of one suit (often borrowing), and play_suit (plus the core
    refusing units() of a mixed play) on random parts of the drawn cards, mixed ones included."""
    ctx = natural_context(rng, decks)
    drawn = ctx.draw_leader(rng.randint(1, 30))
    cards = natural_subset(ctx, drawn, 30)
    if not cards:
        return None
    for xs in (cards, rng.sample(drawn, rng.randint(1, len(drawn)))):
        want_suit = ctx.ref.play_suit(xs)
        got_suit = ctx.trump.play_suit(c(xs))
        if got_suit != want_suit:
            return f"play_suit({c(xs)}): C {got_suit} != reference {want_suit}; {describe(ctx)}"
        if ctx.trump.is_tractor(c(xs)) != ctx.ref.is_tractor(xs):
            return f"is_tractor({c(xs)}) differs; {describe(ctx)}"
        if want_suit is None:
            try:
                ctx.trump.units(c(xs))
            except ValueError:
                continue
            return f"units({c(xs)}) of a mixed play: C does not raise ValueError; {describe(ctx)}"
        got = [(u.kind, u.width, u.length, u.cards.indices()) for u in ctx.trump.units(c(xs))]
        want = [(k, w, ln, norm(cs)) for k, w, ln, cs in ctx.ref.units(xs)]
        if got != want:
            return f"units({c(xs)}): C {got} != reference {want}; {describe(ctx)}"
    return None


def check_natural_is_legal_follow(rng, decks):
    return compare_is_legal_follow(*natural_follow_position(rng, decks))


def check_natural_legal_follows(rng, decks):
    return compare_legal_follows(*natural_follow_position(rng, decks, max_lead=5))


def check_natural_follow_order(rng, decks):
    if rng.random() < 0.5:
        return compare_follow_order(*structured_follow_position(rng, decks, natural=True), rng=rng)
    return compare_follow_order(*natural_follow_position(rng, decks, max_lead=8), rng=rng)


def check_natural_check_throw(rng, decks):
    return compare_check_throw(*natural_throw_position(rng, decks))


def check_natural_trick_winner(rng, decks):
    return compare_trick_winner(*natural_trick_position(rng, decks))


def check_natural_kitty_multiplier(rng, decks):
    ctx = natural_context(rng, decks)
    return compare_kitty_multiplier(ctx, natural_subset(ctx, ctx.draw_leader(rng.randint(1, 20)), 12))


NATURAL_CHECKS = {
    "units": check_natural_units,
    "is_legal_follow": check_natural_is_legal_follow,
    "legal_follows": check_natural_legal_follows,
    "follow_order": check_natural_follow_order,
    "check_throw": check_natural_check_throw,
    "trick_winner": check_natural_trick_winner,
    "kitty_multiplier": check_natural_kitty_multiplier,
}


@needs_natural_core
@pytest.mark.parametrize("decks", NATURAL_DECKS)
@pytest.mark.parametrize("op", list(NATURAL_CHECKS))
def test_natural_core_matches_reference(op, decks):
    run(NATURAL_CHECKS[op], decks, FEWER.get(op, NATURAL_FAST), seed=3)


@pytest.mark.slow
@needs_natural_core
@pytest.mark.parametrize("decks", NATURAL_DECKS)
@pytest.mark.parametrize("op", list(NATURAL_CHECKS))
def test_natural_core_matches_reference_slow(op, decks):
    run(NATURAL_CHECKS[op], decks, SLOW, seed=4)


def _borrowed_tractor(ref: RefTrump, cards) -> bool:
    """True iff `cards` hold a tractor of a plain suit S that borrows (a chain of lane S at consecutive
    printed ranks, each kind held twice or more, mixing plain S cards and S's constant or level trumps):
    judged on the reference's own units of each suit (the cards that may count as S)."""
    counts = Counter(cards)
    for suit in "SHDC":
        if ref.trump_suit is not None and suit == "SHDC"[ref.trump_suit]:
            continue
        pool = ref._in_suit(counts, suit)
        for w in range(2, ref.decks + 1):
            for ln in range(2, 14):
                chains = list(ref._placements(suit, pool, w, ln))
                if not chains:
                    break
                if any(ref.effective_suit(k) == "T" for _, kinds in chains for k in kinds):
                    return True
    return False


def _borrowing_play(ref: RefTrump, play) -> bool:
    """True iff `play` is a play of a plain suit that holds trumps (borrowed into its tractors)."""
    return ref.play_suit(play) not in (None, "T") and any(ref.effective_suit(k) == "T" for k in play)


def test_natural_positions_hold_borrowed_tractors():
    """tractor_rule="natural" (docs/MODEL.md §3) is really exercised: a good share of the generated positions
    hold a tractor of a plain suit that borrows its lane's constant or level trumps (♠5♠5♠6♠6 with constant 5),
    in a lead, a hand, a play or another hand; leads that borrow and answers that borrow occur, and the rule
    decides: some of the leads decompose differently under tractor_rule="position" (reference only: runs
    before the core knows the rule)."""
    rng = random.Random(4343)
    generators = {"follow": natural_follow_position, "throw": natural_throw_position, "trick": natural_trick_position}
    stats = {}
    n = 1500
    for name, generate in generators.items():
        holding = leading = answering = differs = 0
        for _ in range(n):
            position = generate(rng)
            ctx = position[0]
            ref = ctx.ref
            if name == "follow":
                _, hand, lead, play = position
                sets, answers = [lead, hand, play], [play]
            elif name == "throw":
                _, lead, others = position
                sets, answers = [lead, *others], []
            else:
                _, sets = position
                lead, answers = sets[0], sets[1:]
            holding += any(_borrowed_tractor(ref, cs) for cs in sets)
            leading += _borrowing_play(ref, lead)
            answering += any(_borrowing_play(ref, p) and ref.play_suit(p) == ref.play_suit(lead) for p in answers)
            if ref.play_suit(lead) is not None and len({ref.effective_suit(k) for k in lead}) == 1:
                position_rules = RefTrump(_with_position_rule(ctx.rules), ctx.level, ctx.suit)
                differs += position_rules.units(lead) != ref.units(lead)
        stats[name] = (holding, leading, answering, differs)
    print(stats)
    for name, (holding, leading, _answering, differs) in stats.items():
        assert holding >= n // 8, (name, stats)
        assert leading >= n // 30, (name, stats)
        assert differs >= n // 30, (name, stats)
    assert stats["follow"][2] >= n // 100, stats
    assert stats["trick"][2] >= n // 200, stats


def _with_position_rule(rules):
    """The same card rules with tractor_rule="position" (a core Rules or a RefRules)."""
    if hasattr(rules, "replace"):
        return rules.replace(tractor_rule="position")
    values = {k: v for k, v in vars(rules).items()}
    values["tractor_rule"] = "position"
    return type(rules)(**values)

