"""Declaring searched: worlds of the declaring phase draw the whole pack order again for the
seat to move (``_core.declare_order``, docs/MODEL.md §10); ``determinize``, ``rollouts``, ``ismcts`` and the
search bots accept the phase."""

from __future__ import annotations

import random

import numpy as np
import pytest

from shengji import Cards, Deal, Rules, _core, bots, determinize, search

SEEN = [p for p in Rules.presets() if Rules.preset(p).declaration != "taian"]


def declaring(preset: str, seed: int, steps: int) -> Deal:
    """A deal of ``preset`` declared by the greedy rule for ``steps`` steps (or until the phase ends)."""
    d = Deal(Rules.preset(preset), seed=seed)
    for _ in range(steps):
        if d.phase != "declare":
            break
        d.act(d.policy_action("greedy"))
    return d


@pytest.mark.parametrize("preset", SEEN)
def test_declaring_worlds_agree_with_what_the_seat_saw(preset):
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        d = declaring(preset, seed, rng.randrange(10, 4 * Deal(Rules.preset(preset), seed=0).hand_size + 3))
        if d.phase != "declare":
            continue
        seat = d.to_move
        obs = d.observation(seat)
        hands = set()
        for w in range(6):
            world = determinize(obs, 100 * seed + w)
            assert world.phase == "declare" and world.to_move == seat
            assert world.observation(seat) == obs  # the same hand, declarations (with their steps), sizes
            hands.add(tuple(str(world.hand(s)) for s in range(4) if s != seat))
            for s, cards in obs.declarations:
                assert all(world.hand(s).count(k) >= cards.count(k) for k in set(cards.indices()))
        assert len(hands) > 1  # the hidden cards differ from world to world
        checked += 1
    assert checked >= 2


def test_declaring_worlds_are_uniform_over_the_hidden_cards():
    """With nobody declared yet, each hidden physical card is in a given other seat's hand so far with
    probability (that hand's size) / (hidden cards)."""
    d = Deal(Rules(), seed=11)
    for _ in range(30):
        d.act(Cards())  # everyone passes
    seat = d.to_move
    obs = d.observation(seat)
    assert not obs.declarations
    size = len(d.hand((seat + 1) % 4))
    hidden = 108 - len(d.hand(seat))
    counts = np.zeros(54)
    n = 3000
    for w in range(n):
        order = _core.declare_order(d.rules, d.dealer, sum(obs.hand_sizes) - 1, seat, obs.hand, [], 7, w)
        hand = [order[i] for i in range(sum(obs.hand_sizes)) if (d.dealer + i) % 4 == (seat + 1) % 4]
        for k in hand:
            counts[k] += 1
        assert sorted(order[i] for i in range(sum(obs.hand_sizes)) if (d.dealer + i) % 4 == seat) == \
            sorted(obs.hand.indices())
    for k in range(54):
        copies = 2 - obs.hand.count(k)
        p = size / hidden
        mean, sd = n * copies * p, (n * copies * p * (1 - p)) ** 0.5
        assert abs(counts[k] - mean) <= 5 * sd + 1, (k, counts[k], mean)


def test_shown_cards_keep_their_place_in_time():
    """A card shown at step t lies at one of its seat's positions up to t; two copies shown at different
    steps each by their own step."""
    rules = Rules()
    base = Deal(rules, seed=4)  # the observer (seat 0, dealer 0) holds positions 0, 4, ..., 48 of the 50 dealt
    for _ in range(49):
        base.act(Cards())
    own = base.hand(0)
    a, b = [k for k in range(54) if own.count(k) == 0][:2]
    shown = [(1, a, 5), (1, a, 41), (2, b, 2)]
    for w in range(300):
        order = _core.declare_order(rules, 0, 49, 0, own, shown, 3, w)
        early = [i for i in range(6) if i % 4 == 1 and order[i] == a]
        late = [i for i in range(42) if i % 4 == 1 and order[i] == a]
        assert early and len(late) >= 2  # one copy by step 5, the second by step 41
        assert order[2] == b  # seat 2's only position up to step 2
        assert sorted(order[i] for i in range(0, 50, 4)) == sorted(own.indices())
    with pytest.raises(ValueError, match="no pack order fits"):
        _core.declare_order(rules, 0, 49, 0, own, [(3, a, 2)], 3, 0)  # seat 3 has no position before step 3
    with pytest.raises(ValueError, match="no pack order fits"):
        _core.declare_order(rules, 0, 49, 0, own, [(1, a, 9)] * 3, 3, 0)  # three copies of a 2-deck card


def test_rollouts_and_ismcts_in_the_declaring_phase_are_reproducible():
    for seed in range(30):
        d = declaring("qq-2deck", seed, 0)
        while d.phase == "declare" and len(d.legal_actions()) < 2:
            d.act(d.policy_action("greedy"))
        if d.phase == "declare":
            break
    assert d.phase == "declare" and len(d.legal_actions()) >= 2
    a = d.rollouts(worlds=12, seed=3, threads=1)
    b = d.rollouts(worlds=12, seed=3, threads=2)
    assert a.actions == d.legal_actions(limit=128) and np.array_equal(a.attacker_points, b.attacker_points)
    assert not np.array_equal(a.attacker_points, d.rollouts(worlds=12, seed=4, threads=1).attacker_points)
    t1 = search.ismcts(d, iterations=200, seed=2, threads=1)
    t2 = search.ismcts(d, iterations=200, seed=2, threads=2)
    assert np.array_equal(t1.visits, t2.visits) and t1.visits.sum() == 200
    other = determinize(d.observation(d.to_move), 9)  # the results depend only on what the mover knows
    assert np.array_equal(a.attacker_points, other.rollouts(worlds=12, seed=3, threads=1).attacker_points)
    for bot in (bots.PIMC(worlds=4), bots.ISMCTS(iterations=40)):
        choice = bot.choose(d)
        assert choice in d.legal_actions()


def face_down_positions(seeds, first_deal=False):
    """泰安 positions where the seat to move cannot see the declarations (declaring) or the trump (burying)."""
    for seed in seeds:
        d = Deal(Rules.preset("taian"), seed=seed, dealer=seed % 4, first_deal=first_deal)
        while d.phase in ("declare", "bury"):
            obs = d.observation(d.to_move)
            if obs.trump_hidden or (d.phase == "declare" and obs.hidden_declarations):
                yield d.clone(), obs
            d.act(d.policy_action("greedy"))


def test_taian_face_down_worlds_reproduce_what_the_seat_saw():
    phases: dict[str, int] = {}
    trumps: set[str | None] = set()
    for n, (d, obs) in enumerate(face_down_positions(range(12))):
        if n % 7 and d.phase == "declare":
            continue
        for w in range(3):
            world = determinize(obs, 1000 * n + w)
            assert world.observation(obs.seat) == obs  # every field: hand, sizes, steps, sizes shown face down
            assert [len(c) for s, c in world.declarations if s != obs.seat] == [k for _, k in obs.hidden_declarations]
            if d.phase == "bury":
                trumps.add(world.trump)
        phases[d.phase] = phases.get(d.phase, 0) + 1
    assert phases.get("declare", 0) >= 5 and phases.get("bury", 0) >= 5
    assert len(trumps) >= 2  # the face-down trump is drawn, not read from the true deal


def test_taian_first_deal_face_down_worlds_start_from_the_seat_that_dealt():
    seen = 0
    for d, obs in face_down_positions(range(8), first_deal=True):
        assert obs.dealt_by == d.dealt_by
        world = determinize(obs, seen)
        assert world.dealt_by == d.dealt_by and world.observation(obs.seat) == obs
        seen += 1
    assert seen


def test_taian_face_down_rollouts_and_candidates_depend_only_on_what_the_seat_knows():
    checked = {"declare": 0, "bury": 0}
    for d, obs in face_down_positions(range(40)):
        if checked[d.phase] >= 3:
            continue
        other = determinize(obs, 5)  # another deal the seat cannot tell apart from this one
        if d.phase == "bury":
            cands = bots.bury_candidates(d)
            assert cands == bots.bury_candidates(other) and all(len(c) == d.rules.kitty for c in cands)
        else:
            cands = d.legal_actions()
        a = d.rollouts(cands, worlds=6, seed=11, threads=1)
        b = other.rollouts(cands, worlds=6, seed=11, threads=1)
        assert np.array_equal(a.attacker_points, b.attacker_points)
        assert np.array_equal(a.dealer_levels, b.dealer_levels)
        checked[d.phase] += 1
    assert checked == {"declare": 3, "bury": 3}


def test_taian_face_down_phases_are_searched_by_the_bots():
    searched = {"declare": 0, "bury": 0}
    for d, _obs in face_down_positions(range(40)):
        if searched[d.phase] >= 2:
            continue
        legal = d.legal_actions() if d.phase == "declare" else None
        if legal is not None and len(legal) < 2:
            continue
        for bot in (bots.PIMC(worlds=3, threads=1), bots.ISMCTS(iterations=24, threads=1)):
            choice = bot.choose(d)
            if legal is not None:
                assert choice in legal
            else:
                assert choice in bots.bury_candidates(d)
                d.clone().act(choice)
        searched[d.phase] += 1
    assert searched["bury"] == 2
    assert determinize(next(face_down_positions([3]))[1], 0).phase in ("declare", "bury")
