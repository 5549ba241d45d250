"""ISMCTS and the search bots' clock: ``shengji.search.ismcts``, ``bots.ISMCTS``,
``time_ms`` of PIMC, ISMCTS and rollouts."""

from __future__ import annotations

import time

import numpy as np
import pytest

from shengji import Deal, Rules, _core, bots, determinize, search


def position(seed: int, plays: int, preset: str = "qq-2deck") -> Deal:
    """A greedy deal stopped at a lead after ``plays`` plays (or later, at the next lead)."""
    d = Deal(Rules.preset(preset), seed=seed)
    n = 0
    while d.phase != "done":
        if d.phase == "play":
            if n >= plays and not d.trick:
                return d
            n += 1
        d.act(d.policy_action("greedy"))
    raise AssertionError("the deal ended first")


def test_ismcts_is_identical_for_any_thread_count():
    d = position(4, 20)
    runs = [search.ismcts(d, iterations=300, policy=p, seed=3, threads=t) for p in ("random", "greedy")
            for t in (1, 2, 3)]
    for a, b in ((runs[0], runs[1]), (runs[0], runs[2]), (runs[3], runs[4]), (runs[3], runs[5])):
        assert np.array_equal(a.visits, b.visits) and np.array_equal(a.reward, b.reward)
    assert not np.array_equal(runs[0].visits, runs[3].visits)
    for r in runs:
        assert r.visits.sum() == 300 == r.iterations and r.nodes > 300
        assert r.actions == _core.search_candidates(d)


def test_ismcts_visits_sum_to_iterations_and_trees_split_them():
    d = position(2, 12)
    one = search.ismcts(d, iterations=401, trees=1, seed=1, policy="random")
    four = search.ismcts(d, iterations=401, trees=4, seed=1, policy="random")
    assert one.visits.sum() == four.visits.sum() == 401
    assert not np.array_equal(one.visits, four.visits)  # different trees
    assert one.best() == one.actions[int(np.argmax(one.visits))]
    assert one.meta["trees"] == 1 and "401 iterations" in repr(one)


def test_ismcts_depends_only_on_what_the_mover_knows():
    d = position(7, 25)
    other = determinize(d.observation(d.to_move), 1)
    a = search.ismcts(d, iterations=200, seed=5, policy="random")
    b = search.ismcts(other, iterations=200, seed=5, policy="random")
    assert np.array_equal(a.visits, b.visits) and np.allclose(a.reward, b.reward)
    bot = bots.ISMCTS(iterations=100, seed=2)
    assert bot.choose(d) == bot.choose(other)


def test_ismcts_finds_the_exact_best_action_in_a_known_small_endgame():
    """Searching the true deal (determinize=False) with random rollouts, the most visited lead is one of the
    perfect-play best: in a fully known 2-card endgame the tree holds every line."""
    checked = 0
    for seed in range(40):
        d = Deal(Rules(), seed=seed)
        while d.phase != "done" and not (d.phase == "play" and not d.trick and len(d.hand(d.to_move)) == 2):
            d.act(d.policy_action("greedy"))
        if d.phase == "done":
            continue
        values = d.solve_values()
        best = max(v for _, v in values) if d.is_attacker(d.to_move) else min(v for _, v in values)
        if all(v == best for _, v in values):
            continue
        r = search.ismcts(d, iterations=3000, determinize=False, policy="random", value="points", seed=seed,
                          exploration=0.3)
        chosen = dict((str(a), v) for a, v in values)[str(r.best())]
        assert chosen == best, (seed, values, r.visits)
        checked += 1
        if checked == 4:
            break
    assert checked >= 2


PRESETS = Rules.presets()


@pytest.mark.parametrize("preset", PRESETS)
def test_search_bots_choose_legally_in_every_phase(preset):
    rules = Rules.preset(preset)
    phases = set()
    for seed in range(2):
        d = Deal(rules, seed=seed)
        players = [bots.ISMCTS(iterations=24, seed=1), bots.PIMC(worlds=3, seed=1, endgame=2)] * 2
        while d.phase != "done":
            phases.add(d.phase)
            a = players[d.to_move].choose(d)
            d.act(a)  # raises IllegalMove if the bot's choice is illegal
    assert {"play"} <= phases


def test_the_clock_bounds_a_decision():
    d = position(3, 8)
    for bot in (bots.ISMCTS(time_ms=30, threads=1), bots.PIMC(time_ms=30, threads=1),
                bots.ISMCTS(time_ms=30, threads=2)):
        t = time.perf_counter()
        bot.choose(d)
        elapsed = (time.perf_counter() - t) * 1000
        assert elapsed < 30 + 60, (bot, elapsed)  # generous on a loaded CI machine: the target is + 5 ms
    r = d.rollouts(worlds=100000, time_ms=5, threads=1)
    assert 1 <= r.attacker_points.shape[1] < 100000 and r.meta["worlds"] == r.attacker_points.shape[1]
    t = search.ismcts(d, iterations=10**9, time_ms=5, threads=1, trees=1)
    assert 1 <= t.iterations < 10**9 and t.visits.sum() == t.iterations


def test_search_arguments_are_refused_clearly():
    d = position(1, 4)
    for kwargs, match in (({"iterations": 0}, "iterations"), ({"value": "wins"}, "value"),
                          ({"trees": 0}, "trees"), ({"exploration": -1}, "exploration"),
                          ({"time_ms": 0}, "time_ms"), ({"time_ms": "5"}, "time_ms"), ({"seed": -1}, "seed"),
                          ({"threads": 0}, "threads")):
        with pytest.raises(ValueError, match=match):
            search.ismcts(d, **kwargs)
    for kwargs, match in (({"iterations": 0}, "iterations"), ({"time_ms": -3}, "time_ms"),
                          ({"trees": 0}, "trees"), ({"exploration": True}, "exploration"),
                          ({"value": "x"}, "value"), ({"threads": 0}, "threads")):
        with pytest.raises(ValueError, match=match):
            bots.ISMCTS(**kwargs)
    with pytest.raises(ValueError, match="time_ms"):
        bots.PIMC(time_ms=0)
    with pytest.raises(ValueError, match="time_ms"):
        d.rollouts(time_ms=float("nan"))
    with pytest.raises(ValueError, match="unknown policy"):
        search.ismcts(d, policy="clever")
    done = Deal(Rules(), seed=1)
    while done.phase != "done":
        done.act(done.policy_action("greedy"))
    with pytest.raises(ValueError, match="phase"):
        search.ismcts(done)
    fresh = Deal(Rules.preset("taian"), seed=1)
    while fresh.phase == "declare" and not fresh.observation(fresh.to_move).hidden_declarations:
        fresh.act(fresh.policy_action("greedy"))
    if fresh.phase == "declare":  # 泰安: the declarations lie face down; the worlds give them cards
        assert sum(search.ismcts(fresh, iterations=16).visits) == 16


def test_pimc_solves_only_decisions_near_the_end():
    """PIMC(endgame=k) rolls out by the exact endgame only decisions taken once every hand holds at most k
    cards; there, in the true deal, its choice is a perfect-play best."""
    bot = bots.PIMC(worlds=2, endgame=3)
    early = position(5, 10)
    assert bot._endgame_here(early) is None
    d = Deal(Rules(), seed=6)
    while not (d.phase == "play" and max(len(d.hand(s)) for s in range(4)) <= 3 and not d.trick):
        d.act(d.policy_action("greedy"))
    assert bot._endgame_here(d) == 3
    r = d.rollouts(worlds=2, determinize=False, endgame=bot._endgame_here(d), seed=1)
    values = dict((str(a), v) for a, v in d.solve_values())
    best = max(values.values()) if d.is_attacker(d.to_move) else min(values.values())
    assert values[str(r.best("points"))] == best


def test_pimc_solve_last_solves_the_end_of_every_rollout():
    """PIMC(solve_last=k) passes endgame=k to the rollouts of every play decision (each world's last k cards a
    hand played perfectly), so its choice is the rollouts' best with that endgame; endgame= still rules near the
    end; outside 0..max cards it is refused."""
    from shengji import search

    bot = bots.PIMC(worlds=6, solve_last=2, value="points")
    assert repr(bot).endswith("solve_last=2)")
    early = position(5, 10)
    assert bot._endgame_here(early) == 2 and bots.PIMC(worlds=6)._endgame_here(early) is None
    r = search.rollouts(early, worlds=6, seed=bot.decision_seed(early), endgame=2)
    assert bot.choose(early) == r.best("points")
    with pytest.raises(ValueError, match="solve_last"):
        bots.PIMC(solve_last=-1)
