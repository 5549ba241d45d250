"""Rollouts from a position and the PIMC bot (shengji.search, csrc/src/sj_rollout.c)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from shengji import Cards, Deal, IllegalMove, Rules, bots, determinize
from shengji._core import candidate_actions


def _position(seed: int, plays: int, rules: Rules | None = None) -> Deal:
    """A greedy-played deal stopped after `plays` plays."""
    rules = rules or Rules()
    deal = Deal(rules, seed=seed, dealer=seed % 4)
    g = bots.Greedy()
    while deal.phase != "play":
        deal.act(g.choose(deal))
    for _ in range(plays):
        if deal.phase != "play":
            break
        deal.act(g.choose(deal))
    return deal


def _arrays(r):
    return [r.attacker_points, r.kitty_captured, r.dealer_levels, r.attacker_levels]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_rollouts_identical_for_any_thread_count(policy):
    deal = _position(1, 21)
    a = deal.rollouts(worlds=24, policy=policy, seed=5, threads=1)
    b = deal.rollouts(worlds=24, policy=policy, seed=5, threads=2)
    c = deal.rollouts(worlds=24, policy=policy, seed=5, threads=7)
    for x, y, z in zip(_arrays(a), _arrays(b), _arrays(c), strict=True):
        assert np.array_equal(x, y) and np.array_equal(x, z)
    assert a.actions == b.actions
    d = deal.rollouts(worlds=24, policy=policy, seed=6, threads=1)
    assert not all(np.array_equal(x, y) for x, y in zip(_arrays(a), _arrays(d), strict=True))


def test_true_deal_rollouts_equal_step_by_step_play():
    """determinize=False with the (deterministic) greedy policy: each action's result is the deal played on
    from it move by move through the Python API."""
    deal = _position(2, 30)
    r = deal.rollouts(worlds=2, policy="greedy", determinize=False, threads=1)
    for i, action in enumerate(r.actions):
        d = deal.clone()
        d.act(action)
        while d.phase != "done":
            d.act(d.policy_action("greedy"))
        res = d.result()
        for w in range(2):
            assert r.attacker_points[i, w] == res.attacker_points
            assert r.kitty_captured[i, w] == res.kitty_captured
            assert (r.dealer_levels[i, w], r.attacker_levels[i, w]) == (res.dealer_levels, res.attacker_levels)


def test_rollouts_depend_only_on_what_the_mover_knows():
    """Two deals with the same observation for the mover (the true one and a world sampled from it) give the
    same rollouts for the same seed."""
    for seed, plays in ((3, 14), (4, 47), (5, 2)):
        deal = _position(seed, plays)
        mover = deal.to_move
        other = determinize(deal.observation(mover), seed)
        assert other.observation(mover) == deal.observation(mover)
        assert any(other.hand(s) != deal.hand(s) for s in range(4) if s != mover)
        a = deal.rollouts(worlds=16, policy="random", seed=9, threads=2)
        b = other.rollouts(worlds=16, policy="random", seed=9, threads=1)
        assert a.actions == b.actions
        for x, y in zip(_arrays(a), _arrays(b), strict=True):
            assert np.array_equal(x, y)


def test_values_and_best():
    deal = _position(6, 33)
    r = deal.rollouts(worlds=40, seed=1)
    assert r.attacker_points.shape == (len(r.actions), 40) and r.worlds == 40
    for kind in ("levels", "points", "blend"):
        mean, low, high = r.value(kind)
        assert np.all(low <= mean) and np.all(mean <= high)
        assert r.best(kind) == r.actions[int(np.argmax(mean))]
    sign = 1 if deal.is_attacker(deal.to_move) else -1
    assert np.allclose(r.value("points")[0], sign * r.attacker_points.mean(axis=1))
    # blend: the levels plus the attackers' points / 80, from the mover's side as the others
    assert np.allclose(r.values("blend"), r.values("levels") + r.values("points") / 80)
    with pytest.raises(ValueError, match="kind"):
        r.value("fun")


def test_ismcts_blend_rewards_are_levels_plus_points():
    """ISMCTS(value="blend") sums, per root action, the levels plus the attackers' points / 80 from the mover's side:
    on the true deal, one iteration per root action (each expanded once, then finished by greedy), each root action's
    reward is its greedy rollout's blend value."""
    from shengji import search

    deal = _position(6, 33)
    n = len(search.ismcts(deal, iterations=1, determinize=False).actions)
    t = search.ismcts(deal, iterations=n, determinize=False, value="blend", seed=2, trees=1)
    r = deal.rollouts(t.actions, worlds=1, determinize=False)
    assert (t.visits == 1).all()
    for i in range(n):
        assert t.mean[i] == pytest.approx(r.values("blend")[i, 0])
    with pytest.raises(ValueError, match="value must be"):
        bots.ISMCTS(value="fun")


def test_candidate_actions_are_legal_and_bounded():
    rng = random.Random(3)
    rules = Rules.preset("qq-3deck")
    for seed in range(12):
        deal = Deal(rules, seed=seed)
        while deal.phase != "done":
            if deal.phase == "play":
                cands = candidate_actions(deal)
                assert 1 <= len(cands) <= 128 and len(set(cands)) == len(cands)
                legal = deal.legal_actions(limit=129)
                if len(legal) <= 128:
                    assert sorted(map(str, cands)) == sorted(map(str, legal))
                for a in cands:
                    deal.clone().act(a)  # every candidate is a legal action
                deal.act(rng.choice(cands))
            else:
                deal.act(bots.Greedy().choose(deal))


def test_rollout_errors():
    deal = Deal(Rules(), seed=1)
    assert deal.rollouts(worlds=2).actions == deal.legal_actions()  # the declaring phase is searched too
    while deal.phase == "declare":
        deal.act(None)
    with pytest.raises(ValueError, match="burials must be given"):
        deal.rollouts()
    burials = bots.bury_candidates(deal)
    r = deal.rollouts(burials, worlds=8, seed=2)
    assert r.actions == burials and r.attacker_points.shape == (len(burials), 8)
    deal.act(burials[0])
    with pytest.raises(IllegalMove, match="actions\\[0\\]"):
        deal.rollouts([Cards("BJ BJ BJ")])
    with pytest.raises(ValueError, match="worlds"):
        deal.rollouts(worlds=0)
    with pytest.raises(ValueError, match="seed"):
        deal.rollouts(seed=-1)
    with pytest.raises(ValueError, match="unknown policy"):
        deal.rollouts(policy="clever")
    with pytest.raises(TypeError, match="list of actions"):
        deal.rollouts("AS")
    while deal.phase != "done":
        deal.act(deal.policy_action("greedy"))
    with pytest.raises(ValueError, match="declare, bury, grab, swap, call or play"):
        deal.rollouts()


def test_pimc_is_reproducible_and_plays_legally():
    rules = Rules()
    results = []
    for threads in (1, 2):
        deal = Deal(rules, seed=8)
        players = [bots.PIMC(worlds=8, seed=3, threads=threads), bots.Greedy()] * 2
        while deal.phase != "done":
            deal.act(players[deal.to_move].choose(deal))
        results.append((deal.result(), deal.moves))
    assert results[0] == results[1]
    with pytest.raises(ValueError, match="value"):
        bots.PIMC(value="wins")


def test_pimc_seed_depends_on_what_the_mover_knows():
    deal = _position(7, 25)
    other = determinize(deal.observation(deal.to_move), 1)
    p = bots.PIMC(worlds=8, seed=4)
    assert p.decision_seed(deal) == p.decision_seed(other)
    assert p.choose(deal) == p.choose(other)
    assert bots.PIMC(worlds=8, seed=5).decision_seed(deal) != p.decision_seed(deal)


# --- bots everywhere -------------------------------------------------------------------------------------

def test_simulate_takes_bots_and_names_mixed():
    from shengji import simulate

    native = simulate(Rules(), 80, policy="greedy", seed=3, threads=2)
    mixed = simulate(Rules(), 80, policy=[bots.Greedy(), "greedy", bots.Greedy(), "greedy"], seed=3)
    assert mixed == native  # greedy through the Python API plays the native greedy's deals exactly
    policy = [bots.Random(1), "random", bots.Random(2), "greedy"]
    whole = simulate(Rules(), 40, policy=policy, seed=4)
    split = simulate(Rules(), 25, policy=policy, seed=4).merge(simulate(Rules(), 15, policy=policy, seed=4,
                                                                        first_game=25))
    assert whole == split  # per-game streams: batching does not matter
    assert not np.array_equal(whole.attacker_points, simulate(Rules(), 40, policy=policy, seed=5).attacker_points)


def test_pimc_inside_simulate_is_reproducible():
    from shengji import simulate

    policy = [bots.PIMC(worlds=6, seed=1), "greedy", bots.PIMC(worlds=6, seed=1), "greedy"]
    a = simulate(Rules(), 4, policy=policy, seed=2)
    b = simulate(Rules(), 2, policy=policy, seed=2).merge(simulate(Rules(), 2, policy=policy, seed=2, first_game=2))
    assert a == b and a.games == 4


def test_rollouts_sample_a_face_down_trump_and_take_no_candidates():
    """Under 泰安, while the declarations lie face down (the bury phase), the sampled worlds give them cards the
    declarer could have shown (determinize=False rolls out the true deal); an empty list of
    candidates gives empty arrays, not an unpacking error."""
    deal = Deal(Rules.preset("taian"), seed=3)
    while deal.phase == "declare":
        deal.act(deal.policy_action("greedy"))
    assert deal.phase == "bury" and deal.declarer is not None
    burial = deal.policy_action("greedy")
    assert deal.observation(deal.to_move).trump_hidden
    sampled = deal.rollouts([burial], worlds=4)
    same = determinize(deal.observation(deal.to_move), 3).rollouts([burial], worlds=4)
    assert np.array_equal(sampled.attacker_points, same.attacker_points)  # the truth is not read
    assert deal.rollouts([burial], worlds=4, determinize=False).attacker_points.shape == (1, 4)
    empty = Deal(Rules(), seed=2, trump="H").rollouts([], worlds=4)
    assert empty.actions == [] and empty.attacker_points.shape == (0, 4) and empty.kitty_captured.dtype == bool
