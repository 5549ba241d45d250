"""User policies compiled with numba (shengji.jit_policy) inside the native loops, and their uncompiled twins."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import PHASES, Deal, Match, Rules, bots, jit_policy, simulate
from shengji.jit import PLAY, POSITION_SIZE, play_low

pytest.importorskip("numba")


def never_declare(position, candidates):
    """Passes in the declaring phase (candidate 0), leaves everything else to the greedy rule."""
    return 0 if position[1] == 0 else -1


def out_of_range(position, candidates):
    return candidates.shape[0] + 3


COMPILED = jit_policy(play_low)
TWIN = jit_policy(play_low, compile=False)


def test_compiled_and_uncompiled_give_identical_arrays():
    a = simulate(Rules(), 150, policy=[COMPILED, "greedy", COMPILED, "greedy"], seed=1, threads=2)
    b = simulate(Rules(), 150, policy=[TWIN, "greedy", TWIN, "greedy"], seed=1)
    assert a == b
    c = simulate(Rules(), 150, policy="greedy", seed=1)
    assert not np.array_equal(a.attacker_points, c.attacker_points)  # the policy does play


def test_the_function_sees_the_documented_views():
    seen = []

    def spy(position, candidates):
        seen.append((position.copy(), candidates.copy()))
        return -1

    deal = Deal(Rules(), seed=3, trump="S")
    deal.act(bots.Greedy().choose(deal))
    twin = jit_policy(spy, compile=False)
    assert twin.choose(deal) == deal.policy_action("greedy")  # -1: the greedy rule decides
    position, candidates = seen[0]
    assert position.shape == (POSITION_SIZE,) and position[0] == deal.to_move and position[1] == PHASES.index("play")
    assert position[3] == 0 and candidates.shape[1] == 54
    assert int(candidates.sum(axis=1).min()) >= 1
    assert sum(position[16:70]) == len(deal.hand(deal.to_move))


def test_declaring_handled_or_left_to_greedy():
    passive = jit_policy(never_declare)
    greedy_only = jit_policy(lambda position, candidates: -1)
    a = simulate(Rules(), 100, policy=greedy_only, seed=2, threads=1)
    assert a == simulate(Rules(), 100, policy="greedy", seed=2, threads=1)
    b = simulate(Rules(), 100, policy=passive, seed=2, threads=1)
    assert (b.trump == 4).all()  # nobody declares: no trump (the QQ rooms)
    assert not (a.trump == 4).all()


@pytest.mark.parametrize("preset", ["4deck", "taian"])
def test_grab_and_swap_phases_compiled_and_uncompiled_agree(preset):
    """The play-phase code is PHASES.index("play"); grabbing goes through the function (play_low leaves it to
    the greedy rule), burying and 换底 follow the greedy rule in both the compiled and the Python policy."""
    assert PHASES[PLAY] == "play"
    rules = Rules.preset(preset)
    a = simulate(rules, 60, policy=COMPILED, seed=3, threads=1)
    b = simulate(rules, 60, policy=TWIN, seed=3, threads=1)
    assert a == b and not a.lost_deal.all()


def test_in_rollouts_pimc_and_match():
    deal = Deal(Rules(), seed=5, trump="H")
    deal.act(bots.Greedy().choose(deal))
    r1 = deal.rollouts(worlds=16, policy=COMPILED, seed=3, threads=1)
    r2 = deal.rollouts(worlds=16, policy=[COMPILED, "greedy", COMPILED, "greedy"], seed=3, threads=2)
    assert r1.actions == r2.actions
    p = bots.PIMC(worlds=8, policy=COMPILED, seed=1)
    assert p.choose(deal) in r1.actions
    m = Match(Rules(), seed=2, policy=[COMPILED, "greedy", COMPILED, "greedy"])
    m.play_deal()
    assert len(m.history) == 1


def test_bad_policies_are_refused():
    bad = jit_policy(out_of_range)
    with pytest.raises(ValueError, match="jit_policy returned an index"):
        simulate(Rules(), 5, policy=bad, seed=1, threads=1)
    with pytest.raises(ValueError, match="returned"):
        twin = jit_policy(out_of_range, compile=False)
        deal = Deal(Rules(), seed=1)
        twin.choose(deal)
    with pytest.raises(TypeError, match="function"):
        jit_policy(42)
    with pytest.raises(TypeError, match="native policy"):
        Deal(Rules(), seed=1, trump="S").rollouts(policy=jit_policy(play_low, compile=False))


def _big(position, candidates):
    return -1 if position[1] != PLAY else 2**32


def _boom(position, candidates):
    if position[1] != PLAY:
        return -1
    raise ValueError("boom")


def _half(position, candidates):
    return 0.5


def test_a_compiled_policy_fails_as_its_python_twin_does():
    """An out-of-range answer (2**32, which an int32 would cut to 0) and an
    exception inside the function stop the run with an exception naming the policy, compiled or not; a function
    that answers anything but an int is refused (when compiled: at jit_policy, from its return type)."""
    pytest.importorskip("numba")
    deal = Deal(Rules(), seed=2, trump="H")
    deal.act(deal.policy_action("greedy"))
    for compile in (True, False):
        big = jit_policy(_big, compile=compile)
        with pytest.raises(ValueError, match="_big"):
            simulate(Rules(), 3, policy=big if compile else [big] * 4, threads=1)
        boom = jit_policy(_boom, compile=compile)
        with pytest.raises((RuntimeError, ValueError), match="_boom" if compile else "boom"):
            simulate(Rules(), 3, policy=boom if compile else [boom] * 4, threads=1)
        if compile:
            with pytest.raises(RuntimeError, match="raised an exception.*compile=False"):
                deal.policy_action(boom)
            with pytest.raises(RuntimeError, match="_boom.*raised an exception"):
                deal.rollouts(worlds=4, policy=boom)
            before = deal.moves
            with pytest.raises(RuntimeError):
                bots.PIMC(worlds=4, policy=boom).choose(deal)
            assert deal.moves == before
    with pytest.raises(TypeError, match="returns float64"):
        jit_policy(_half)
    with pytest.raises(TypeError, match="returned 0.5"):
        jit_policy(_half, compile=False).choose(deal)
