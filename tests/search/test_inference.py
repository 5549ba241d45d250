"""Policy-based inference (``determinize(inference="policy")``, docs/MODEL.md §10): worlds resampled by how likely
the other seats' plays are under a soft greedy model. Every inferred world is a possible world (the same checks as a
uniform one), in every system and phase search covers; the same seed gives the same world; the likelihood of the
true world of a greedy game is exactly p to the power of the plays judged."""

from __future__ import annotations

import math
import random

import pytest
from test_determinize import check_consistent, play_random

from shengji import Deal, Rules, determinize
from shengji.worlds import _template, hidden_problem


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend", "chinagame"])
def test_inferred_worlds_are_possible_worlds(preset):
    rules = Rules.preset(preset)
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal(rules, seed=seed, dealer=seed % 4)
        while deal.phase != "done":
            if deal.phase == "play" and rng.random() < 0.3:
                seat = deal.to_move
                obs = deal.observation(seat)
                if not (obs.trump_hidden or obs.hidden_declarations):
                    world = determinize(obs, rng.getrandbits(32), inference="policy")
                    if obs.called is not None and obs.friend is None:  # 找朋友 before the reveal: the world's
                        assert world.observation(seat) == obs  # own teams count the points (as uniform worlds do)
                    else:
                        check_consistent(deal, seat, world)
                    seen += 1
            if deal.phase == "play":
                play_random(deal, rng, 1)
            else:
                deal.act(deal.policy_action("greedy"))
    assert seen >= 5


def test_inference_is_reproducible_and_uniform_is_todays_draw():
    deal = Deal(Rules(), seed=7)
    while deal.phase != "play" or len(deal.tricks) < 5:
        deal.act(deal.policy_action("greedy"))
    obs = deal.observation(deal.to_move)
    a, b = determinize(obs, 11, inference="policy"), determinize(obs, 11, inference="policy")
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    u = determinize(obs, 11, inference="uniform")
    assert [u.hand(s) for s in range(4)] == [determinize(obs, 11).hand(s) for s in range(4)]
    with pytest.raises(ValueError, match="inference must be 'uniform'"):
        determinize(obs, 1, inference="greedy")
    with pytest.raises(ValueError, match="reference=True"):
        determinize(obs, 1, inference="policy", reference=True)


def test_the_true_world_of_a_greedy_game_is_as_likely_as_the_model_allows():
    """Every judged play of a greedy game is greedy's choice in the true world: its log-likelihood is exactly
    judged * log(p); a world where seats played at random is less likely under the same model."""
    for seed in range(3):
        deal = Deal(Rules(), seed=seed)
        while deal.phase != "play" or len(deal.tricks) < 6:
            deal.act(deal.policy_action("greedy"))
        obs = deal.observation(deal.to_move)
        others, _, _, kitty_slot = hidden_problem(obs)
        true = [deal.hand(s) for s in others] + ([deal.kitty] if kitty_slot else [])
        ll, judged = _template(obs).loglik(true, 0.8)
        assert judged > 5 and ll == pytest.approx(judged * math.log(0.8))
        rng = random.Random(seed)
        other = Deal(Rules(), seed=seed)
        while other.phase != "play" or len(other.tricks) < 6:
            other.act(other.policy_action("greedy") if other.phase != "play" else rng.choice(other.legal_actions()))
        obs = other.observation(other.to_move)
        others, _, _, kitty_slot = hidden_problem(obs)
        true = [other.hand(s) for s in others] + ([other.kitty] if kitty_slot else [])
        ll_random, judged_random = _template(obs).loglik(true, 0.8)
        assert ll_random < judged_random * math.log(0.8)
        with pytest.raises(ValueError, match="strictly between 0 and 1"):
            _template(obs).loglik(true, 1.0)


def test_inferred_rollouts_weigh_the_same_worlds():
    """rollouts(inference="policy") rolls out the very worlds of the uniform run and weighs each by its tempered
    likelihood (the largest weighs 1); the weighted means lie within the values seen; nothing is inferred where no
    play was made (the declaring phase)."""
    import numpy as np

    from shengji import bots, search

    deal = Deal(Rules(), seed=9)
    while deal.phase != "play" or len(deal.tricks) < 6:
        deal.act(deal.policy_action("greedy"))
    u = search.rollouts(deal, worlds=32, seed=2, threads=2)
    w = search.rollouts(deal, worlds=32, seed=2, threads=1, inference="policy")
    assert (u.attacker_points == w.attacker_points).all() and u.weights is None
    assert w.weights is not None and w.weights.shape == (32,) and w.weights.max() == 1.0 and (w.weights > 0).all()
    mean, lo, hi = w.value("points")
    v = w.values("points")
    assert (v.min(axis=1) <= mean + 1e-9).all() and (mean <= v.max(axis=1) + 1e-9).all() and (lo <= hi).all()
    assert w.meta["inference"] == "policy" and w.best("points") in w.actions
    assert repr(bots.PIMC(worlds=8, inference="policy")).endswith("inference='policy')")
    assert bots.PIMC(worlds=8, inference="policy").choose(deal) in w.actions
    with pytest.raises(ValueError, match="inference must be 'uniform' or 'policy'"):
        search.rollouts(deal, inference="bayes")
    with pytest.raises(ValueError, match="inference must be 'uniform' or 'policy'"):
        bots.PIMC(inference="bayes")
    fresh = Deal(Rules(), seed=9)
    assert fresh.rollouts(worlds=4, inference="policy").weights is None  # declaring: no play to judge
    assert np.isfinite(mean).all()


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_inferred_ismcts_is_reproducible_at_any_thread_count(preset):
    """ISMCTS(inference="policy") searches worlds from a pool per tree weighted by the plays seen: the same visits
    for a seed at one thread or two, a legal choice in every system, and the uniform default unchanged by the option."""
    from shengji import _core, bots, search

    rules = Rules.preset(preset)
    deal = Deal(rules, seed=4)
    while deal.phase != "play" or len(deal.tricks) < 5 or len(_core.search_candidates(deal)) < 2:
        deal.act(deal.policy_action("greedy"))
    a = search.ismcts(deal, iterations=200, seed=3, threads=1, trees=4, inference="policy")
    b = search.ismcts(deal, iterations=200, seed=3, threads=2, trees=4, inference="policy")
    assert (a.visits == b.visits).all() and a.iterations == 200 and a.meta["inference"] == "policy"
    u = search.ismcts(deal, iterations=200, seed=3, threads=2, trees=4)
    assert (u.visits == search.ismcts(deal, iterations=200, seed=3, threads=1, trees=4,
                                      inference="uniform").visits).all()
    bot = bots.ISMCTS(iterations=100, inference="policy")
    assert repr(bot).endswith("inference='policy')") and bot.choose(deal) in deal.legal_actions()
    with pytest.raises(ValueError, match="inference must be 'uniform' or 'policy'"):
        bots.ISMCTS(inference="bayes")
    with pytest.raises(ValueError, match="inference must be 'uniform' or 'policy'"):
        search.ismcts(deal, inference="bayes")


def test_inferred_ismcts_pool_follows_the_weights():
    """With the temper at 0 every world of a tree's pool weighs the same; tempered, the pool's likelier worlds are
    searched more: the two runs differ, and a temper or pool out of range is refused."""
    import numpy as np

    from shengji import _core
    from shengji.search import _world_sampler
    from shengji.worlds import world_template

    deal = Deal(Rules(), seed=12)
    while deal.phase != "play" or len(deal.tricks) < 8 or len(_core.search_candidates(deal)) < 3:
        deal.act(deal.policy_action("greedy"))
    cands = _core.search_candidates(deal)
    smp, slots, _ = _world_sampler(deal, True, "test")
    template = world_template(deal.observation(deal.to_move))
    native = _core._native_ismcts

    def run(temper, pool=16):
        return native(deal, smp, slots, cands, 400, 2, ["greedy"] * 4, 5, "points", 0.7, None, 1,
                      judge=(template, 0.8, temper, pool))[0]

    flat, sharp = run(0.0), run(5.0)
    assert flat.sum() == sharp.sum() == 400 and not np.array_equal(flat, sharp)
    with pytest.raises(ValueError, match="temper"):
        run(-1.0)
    with pytest.raises(ValueError, match="pool"):
        run(0.3, 0)
