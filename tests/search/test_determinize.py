"""determinize(): never contradicts an observation, and samples uniformly (chi-square on a small case)."""

from __future__ import annotations

import itertools
import math
import pickle
import random
from collections import Counter

import numpy as np
import pytest

from shengji import Cards, Deal, Rules, determinize
from shengji.testing.placements import sample_placement
from shengji.worlds import hidden_problem, sampler


def play_random(deal: Deal, rng: random.Random, plays: int) -> None:
    for _ in range(plays):
        if deal.phase != "play":
            return
        if not deal.trick and rng.random() < 0.2:
            hand, t = deal.hand(deal.to_move), deal.trump_context
            suit = t.effective_suit(rng.choice(hand.indices()))
            deal.play([k for k in hand.indices() if t.effective_suit(k) == suit])
        else:
            deal.play(rng.choice(deal.legal_actions(limit=100)))


def check_consistent(deal: Deal, seat: int, world: Deal) -> None:
    obs = deal.observation(seat)
    assert world.observation(seat) == obs  # the public history and the seat's own cards are kept
    assert world.phase == deal.phase and world.to_move == deal.to_move and world.dealer == deal.dealer
    assert world.trump == deal.trump and world.level == deal.level
    assert world.hand(seat) == deal.hand(seat)
    assert world.trick == deal.trick and world.tricks == deal.tricks
    assert world.attacker_points == deal.attacker_points and world.failed_throws == deal.failed_throws
    assert world.played == deal.played
    t = world.trump_context
    for s in range(4):
        assert len(world.hand(s)) == len(deal.hand(s))
        assert world.voids(s) == deal.voids(s)
        for suit in deal.voids(s):
            assert all(t.effective_suit(k) != suit for k in world.hand(s).indices())
    if obs.kitty is not None:
        assert world.kitty == deal.kitty
    # shown declaration cards are still with the declarer (or, for the dealer, possibly buried)
    for s, shown in deal.declarations:
        if s == seat:
            continue
        for k in set(shown.indices()):
            still = shown.count(k) - obs.played_by(s).count(k)
            where = world.hand(s).count(k) + (world.kitty.count(k) if s == deal.dealer else 0)
            assert where >= still
    # all cards accounted for
    total = (world.kitty if world.phase != "bury" else Cards()) + world.played  # in the bury phase the
    # kitty is inside the dealer's hand
    for s in range(4):
        total = total + world.hand(s)
    assert total == Cards([k for k in range(54) for _ in range(deal.rules.decks)])


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_determinize_never_contradicts(decks):
    rng = random.Random(decks * 7)
    rules = Rules.preset({1: "qq-1deck", 2: "qq-2deck", 3: "qq-3deck"}[decks]).replace(
        throw_penalty="ten_per_card")
    for seed in range(60):
        deal = Deal(rules, seed=seed, trump="declare", dealer=seed % 4, level=rng.choice(["2", "7", "A"]))
        while deal.phase == "declare":
            deal.declare(rng.choice(deal.legal_actions()))
        if seed % 5 == 0:  # in the bury phase
            for seat in range(4):
                check_consistent(deal, seat, determinize(deal.observation(seat), rng))
            continue
        deal.bury(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty))
        play_random(deal, rng, rng.randint(0, 4 * deal.hand_size))
        for seat in range(4):
            world = determinize(deal.observation(seat), rng)
            check_consistent(deal, seat, world)
            if world.phase == "play":  # the sampled world plays on
                world.play(world.legal_actions(limit=1)[0])
        obs = deal.observation(1)
        assert pickle.loads(pickle.dumps(obs)) == obs


def test_determinize_input_errors():
    deal = Deal(Rules(), seed=1, trump="declare")
    # the declaring phase has its own worlds (tests/search/test_declare_search.py); the reference path is not for it
    assert determinize(deal.observation(0), 1).observation(0) == deal.observation(0)
    with pytest.raises(ValueError, match="reference=True"):
        determinize(deal.observation(0), 1, reference=True)
    with pytest.raises(TypeError, match="Observation"):
        determinize(deal, 1)
    while deal.phase == "declare":
        deal.declare()
    with pytest.raises(TypeError, match="rng"):
        determinize(deal.observation(0), "seed")


def _consistent_worlds(deal: Deal, seat: int) -> list[tuple]:
    """Brute force: every placement of the hidden cards (1 deck: all distinct) consistent with voids."""
    obs = deal.observation(seat)
    t = deal.trump_context
    others = [s for s in range(4) if s != seat]
    hidden = [k for s in others for k in deal.hand(s).indices()]
    sizes = [len(deal.hand(s)) for s in others]
    worlds = []
    for perm in itertools.permutations(hidden):
        parts, at = [], 0
        for n in sizes:
            parts.append(tuple(sorted(perm[at:at + n])))
            at += n
        ok = all(t.effective_suit(k) not in obs.voids[s] for s, part in zip(others, parts, strict=True)
                 for k in part)
        if ok:
            worlds.append(tuple(parts))
    return sorted(set(worlds))


def _chi2_critical(df: int) -> float:
    """Upper 0.1 % point of the chi-square distribution (Wilson-Hilferty approximation)."""
    z = 3.090232
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("reference", [False, True], ids=["native", "reference"])
def test_determinize_is_uniform(reference):
    # A 1-deck deal (all cards distinct) late enough that brute force can list every consistent world,
    # with at least one void shown, seen by the dealer (who knows the kitty).
    rng = random.Random(2)
    rules = Rules.preset("qq-1deck")
    for seed in range(500):
        deal = Deal(rules, seed=seed, trump="S", level="2")
        deal.bury(deal.hand(0).indices()[:6])
        while deal.phase == "play" and (len(deal.hand(0)) > 2 or deal.trick):
            deal.play(rng.choice(deal.legal_actions()))
        if deal.phase != "play" or not any(deal.voids(s) for s in (1, 2, 3)):
            continue
        worlds = _consistent_worlds(deal, 0)
        if 5 <= len(worlds) <= 60 and len(worlds) < math.factorial(6) // 8:
            break
    else:
        pytest.fail("no suitable position found")
    n = 200 * len(worlds)
    seen = Counter()
    obs = deal.observation(0)
    for _ in range(n):
        w = determinize(obs, rng, reference=reference)
        seen[tuple(w.hand(s).indices() for s in (1, 2, 3))] += 1
    assert set(seen) == set(worlds)  # every consistent world, and nothing else
    assert sampler(obs).count == len(worlds)  # 1 deck: placements are worlds
    expected = n / len(worlds)
    chi2 = sum((seen[w] - expected) ** 2 / expected for w in worlds)
    assert chi2 < _chi2_critical(len(worlds) - 1), (chi2, len(worlds))


def _mid_game(decks: int, seed: int, plays: int) -> Deal:
    rng = random.Random(seed)
    rules = Rules.preset({1: "qq-1deck", 2: "qq-2deck", 3: "qq-3deck"}[decks])
    deal = Deal(rules, seed=seed, trump="declare", dealer=seed % 4)
    while deal.phase == "declare":
        deal.act(rng.choice(deal.legal_actions()))
    deal.act(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty))
    play_random(deal, rng, plays)
    return deal


@pytest.mark.parametrize("decks", [2, 3])
def test_native_and_reference_samplers_agree(decks):
    """On mid-game observations with voids (too many worlds to list), the native sampler and the pure-Python
    reference give the same distribution: for every (slot, card kind), how often the slot holds it."""
    for seed in range(40):
        deal = _mid_game(decks, seed, 40)
        seat = (deal.to_move + 1) % 4
        obs = deal.observation(seat)
        _, caps, groups, _ = hidden_problem(obs)
        if sum(1 for _, allowed in groups if len(allowed) < len(caps)) >= 2:
            break
    else:
        pytest.fail("no mid-game observation with two constrained groups")
    n = 3000
    native = sampler(obs).sample_counts(n, 11) > 0
    rng = random.Random(5)
    ref = np.zeros_like(native)
    for i in range(n):
        for s, cards in enumerate(sample_placement(groups, tuple(caps), rng)):
            for k in cards:
                ref[i, s, k] = True
    p1, p2 = native.mean(axis=0), ref.mean(axis=0)
    pooled = (p1 + p2) / 2
    tolerance = 5 * np.sqrt(pooled * (1 - pooled) * 2 / n) + 1e-9
    assert np.all(np.abs(p1 - p2) <= tolerance), np.max(np.abs(p1 - p2) - tolerance)
    # and both respect every constraint: a group's cards only in its allowed slots (kinds in one group)
    homes = Counter(k for cards, _ in groups for k in set(cards))
    for cards, allowed in groups:
        for k in set(cards):
            if homes[k] > 1:
                continue
            for s in range(len(caps)):
                if s not in allowed:
                    assert not native[:, s, k].any() and not ref[:, s, k].any()


def test_sampler_count_matches_the_reference_count():
    deal = _mid_game(2, 3, 60)
    obs = deal.observation(deal.to_move)
    _, caps, groups, _ = hidden_problem(obs)
    from shengji.testing.placements import placement_count
    exact = placement_count(groups, tuple(caps))
    assert sampler(obs).count == pytest.approx(float(exact), rel=1e-9)


def _same_as_the_deal(world: Deal, deal: Deal, seat: int) -> None:
    """A world rebuilt with the deal's own hidden cards is the deal: everything but the pack order (a world deals
    each hand lowest kinds first), the kind of its plays' records (replayed: "force"), and in the bury phase which
    of the burier's cards the kitty was (any part of its hand the kitty's size)."""
    assert (world.phase, world.to_move, world.dealer, world.dealt_by, world.trump, world.level, world.declarer) == \
        (deal.phase, deal.to_move, deal.dealer, deal.dealt_by, deal.trump, deal.level, deal.declarer)
    assert [world.hand(s) for s in range(4)] == [deal.hand(s) for s in range(4)]
    assert world.kitty == deal.kitty or deal.phase == "bury"
    assert (world.trick, world.tricks, world.declarations, world.grabs, world.failed_throw_log) == \
        (deal.trick, deal.tricks, deal.declarations, deal.grabs, deal.failed_throw_log)
    assert [s for s, _ in world.burials] == [s for s, _ in deal.burials] and world.burials[-1:] == deal.burials[-1:]
    assert (world.partner, world.friend, world.attacker_points, world.defender_points, world.played) == \
        (deal.partner, deal.friend, deal.attacker_points, deal.defender_points, deal.played)
    assert [world.voids(s) for s in range(4)] == [deal.voids(s) for s in range(4)]
    assert world.observation(seat) == deal.observation(seat)
    a, b = world.clone(), deal.clone()
    while a.phase != "done":
        act = a.policy_action("greedy")
        assert act == b.policy_action("greedy")
        a.act(act)
        b.act(act)
    assert a.result() == b.result()


def _same_world(a: Deal, b: Deal) -> None:
    """Two worlds in the same state: every public and hidden field, the history, and the same continuation."""
    assert a.order == b.order and a.phase == b.phase and a.to_move == b.to_move and a.dealer == b.dealer
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)] and a.kitty == b.kitty
    assert (a.trick, a.tricks, a.moves, a.declarations, a.grabs, a.burials, a.failed_throw_log) == \
        (b.trick, b.tricks, b.moves, b.declarations, b.grabs, b.burials, b.failed_throw_log)
    assert (a.partner, a.friend, a.attacker_points, a.played, a.turned_up_order) == \
        (b.partner, b.friend, b.attacker_points, b.played, b.turned_up_order)
    assert [a.voids(s) for s in range(4)] == [b.voids(s) for s in range(4)]
    a, b = a.clone(), b.clone()
    while a.phase != "done":
        act = a.policy_action("greedy")
        a.act(act)
        b.act(act)
    assert a.result() == b.result()


@pytest.mark.parametrize("preset", ["qq-2deck", "qq-3deck", "4deck", "bianfeng-friend", "taian", "chinagame"])
def test_native_worlds_equal_the_replayed_ones(preset):
    """determinize builds each world natively from a template (the C state of one rebuilt world with the hidden
    cards replaced, the pack order rebuilt); it equals the world rebuilt by replaying the public record for the
    same draw (WorldTemplate.rebuild), in every phase a seat can observe, kitty hidden or known. And the record
    replayed with the true hidden cards is the deal itself: every hand, the kitty, the history, the score and the
    same continuation."""
    from shengji.worlds import _template

    rules = Rules.preset(preset)
    checked = set()
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal(rules, seed=seed, dealer=seed % 4, first_deal=seed % 2 == 0)
        while deal.phase != "done":
            if deal.phase not in ("declare",) and not (deal.rules.declaration == "taian" and not deal.kitty_public):
                for seat in range(4):
                    obs = deal.observation(seat)
                    if obs.trump_hidden or obs.hidden_declarations:
                        continue
                    draw = rng.getrandbits(32)
                    native = determinize(obs, draw)
                    template = _template(obs)
                    replayed = template.rebuild(sampler(obs).sample(random.Random(draw).getrandbits(64)))
                    if obs.called is not None and replayed.friend != obs.friend:
                        continue  # 找朋友: this draw is rejected (determinize draws again)
                    _same_world(native, replayed)
                    others, _, _, kitty_slot = hidden_problem(obs)
                    true = [deal.hand(s) for s in others] + ([deal.kitty] if kitty_slot else [])
                    _same_as_the_deal(template.rebuild(true, Deal), deal, seat)
                    checked.add((deal.phase, obs.kitty is None))
            if deal.phase == "play":
                play_random(deal, rng, 7)
            else:
                deal.act(deal.policy_action("random", seed=seed))
    assert ("play", False) in checked  # the kitty known (the burier's own, or face up under 泰安)
    assert ("play", True) in checked or rules.kitty_rule == "taian"  # the kitty hidden
