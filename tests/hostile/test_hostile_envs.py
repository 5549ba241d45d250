"""Hostile inputs to the learning environments (``shengji.envs``): ``observation_tensor_jit``'s arrays checked
before anything is copied (from Python and inside numba; the crash cases in a subprocess), every seed through the
package's one seed check, ``SeatEnv``'s opponents at construction, ``step``'s action types (what
stable-baselines3's ``predict`` returns; a non-integer is a TypeError), the AEC environment before ``reset()``."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from shengji import bots, envs

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")


def run(code: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter (a heap overrun there cannot take the test run down)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


# --- observation_tensor_jit: the arrays' shapes and dtypes ----------------------------------------------------

def test_observation_tensor_jit_checks_its_arrays_from_python():
    """A short ``out`` (a heap overrun: a segfault at exit) or a short ``position`` (read past its end), a wrong
    dtype, a list, a 2-d or read-only array: TypeError or ValueError naming the argument and the sizes, with
    ``out`` untouched; the right arrays still copy the tensor."""
    r = run("""
        import numpy as np
        from shengji import Deal, Rules, _core
        from shengji.envs import observation_tensor_jit as copy
        from shengji.jit import POSITION_SIZE

        d = Deal(Rules(), seed=4)
        position, _, _ = _core.policy_view(d)
        assert position.shape == (POSITION_SIZE,) == (1232,)
        full = np.zeros(784, np.float32)
        copy(position, full)
        assert np.array_equal(full, _core.observation_codes(d, d.to_move))
        ro = np.zeros(784, np.float32)
        ro.flags.writeable = False
        cases = [
            (position, np.full(10, 7, np.float32), ValueError, ["out", "784", "10"]),
            (position, np.full(783, 7, np.float32), ValueError, ["out", "784", "783"]),
            (position[:500], np.full(784, 7, np.float32), ValueError, ["position", "1232", "500"]),
            (position[:1231], np.full(784, 7, np.float32), ValueError, ["position", "1232", "1231"]),
            (position, np.full((784, 2), 7, np.float32), ValueError, ["out", "1-d", "(784, 2)"]),
            (position.reshape(1, -1), np.full(784, 7, np.float32), ValueError, ["position", "1-d"]),
            (position.astype(np.float64), np.full(784, 7, np.float32), TypeError, ["position", "float64"]),
            (position, np.full(784, 7, np.int8), TypeError, ["out", "int8"]),
            (position, np.full(784, 1, bool), TypeError, ["out", "bool"]),
            (list(position), np.full(784, 7, np.float32), TypeError, ["position", "list"]),
            (position, [7.0] * 784, TypeError, ["out", "list"]),
            (position, ro, TypeError, ["out", "read-only"]),
        ]
        for i, (p, o, kind, words) in enumerate(cases):
            before = np.array(o, copy=True)
            try:
                copy(p, o)
            except kind as err:
                assert all(w in str(err) for w in words), (i, str(err), words)
            else:
                raise AssertionError(f"case {i}: no {kind.__name__}")
            assert np.array_equal(np.asarray(o), before), f"case {i}: out changed"
        for dtype in (np.uint8, np.int16, np.int32, np.float64):  # every dtype that holds 0 .. 255
            o = np.zeros(800, dtype)
            copy(position, o)
            assert np.array_equal(o[:784], full) and not o[784:].any()
        print("checked", len(cases))
    """)
    assert r.returncode == 0 and "checked 12" in r.stdout, r.stderr[-3000:]


def test_observation_tensor_jit_checks_its_arrays_inside_numba():
    """Called from numba code: a short array raises ValueError inside the compiled function (no overrun); in a
    compiled jit_policy that stops the run as the policy raising, and the uncompiled twin shows the message; a
    wrong dtype fails to compile. The position layout's constants agree with shengji.jit's."""
    pytest.importorskip("numba")
    from shengji import jit

    r = run("""
        import numba
        import numpy as np
        from shengji import Rules, jit_policy, simulate
        from shengji.envs import observation_tensor_jit
        from shengji.jit import POSITION_SIZE

        @numba.njit
        def tensor_sum(position, n):
            out = np.zeros(n, np.float32)
            observation_tensor_jit(position, out)
            return out.sum()

        position = np.arange(POSITION_SIZE, dtype=np.int32)
        assert tensor_sum(position, 784) == np.arange(448, 1232).sum()
        for p, n, word in ((position, 10, "out"), (position[:600], 784, "position")):
            try:
                tensor_sum(p, n)
            except ValueError as err:
                assert word in str(err), str(err)
            else:
                raise AssertionError(f"no ValueError for a short {word}")

        @numba.njit
        def into_int8(position):
            out = np.zeros(784, np.int8)
            observation_tensor_jit(position, out)

        try:
            into_int8(position)
        except numba.core.errors.TypingError as err:
            assert "int8" in str(err)
        else:
            raise AssertionError("an int8 out compiled")

        def short_out(position, candidates):
            if position[1] != 5:
                return -1
            obs = np.zeros(10, np.float32)
            observation_tensor_jit(position, obs)
            return 0

        try:
            simulate(Rules(), 3, policy=jit_policy(short_out), threads=1)
        except RuntimeError as err:
            assert "short_out" in str(err) and "raised" in str(err), str(err)
        else:
            raise AssertionError("the compiled policy ran")
        try:
            simulate(Rules(), 3, policy=[jit_policy(short_out, compile=False)] * 4, threads=1)
        except ValueError as err:
            assert "out needs at least 784 entries, got 10" in str(err), str(err)
        else:
            raise AssertionError("the uncompiled policy ran")
        print("numba checked")
    """)
    assert r.returncode == 0 and "numba checked" in r.stdout, r.stderr[-3000:]
    assert (envs._OBSERVATION, envs._POSITION_SIZE) == (jit.OBSERVATION, jit.POSITION_SIZE)


# --- seeds ---------------------------------------------------------------------------------------------------

BAD_SEEDS = [-1, "abc", 1.5, True, np.True_, 2**64, "3", np.float64(3.0), np.int64(-2)]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_reset_refuses_the_seeds_the_constructors_refuse(seed):
    for make in (lambda **kw: envs.aec_env(**kw), lambda **kw: envs.SeatEnv(**kw)):
        with pytest.raises((TypeError, ValueError), match="seed"):
            make(seed=seed)
        env = make(seed=1)
        with pytest.raises((TypeError, ValueError), match="seed"):
            env.reset(seed=seed)


def _aec_trail(env, seed):
    env.reset(seed=seed)
    trail = []
    for agent in env.agent_iter(60):
        obs, _, term, trunc, _ = env.last()
        trail.append((agent, obs["observation"].tobytes()))
        env.step(None if term or trunc else 0)
    return trail


def _seat_trail(env, seed):
    obs, _ = env.reset(seed=seed)
    trail = [obs["observation"].tobytes()]
    for _ in range(20):
        obs, _, done, _, _ = env.step(0)
        trail.append(obs["observation"].tobytes())
        if done:
            break
    return trail


def test_numpy_integer_seeds_are_the_same_seeds():
    """Any integer type is a seed (the package's one check), in the constructors and in reset; None stays a
    fresh seed."""
    for seed in (np.int64(9), np.uint64(9), np.int8(9)):
        assert _aec_trail(envs.aec_env(seed=seed), seed) == _aec_trail(envs.aec_env(seed=9), 9)
        assert _seat_trail(envs.SeatEnv(seed=seed), seed) == _seat_trail(envs.SeatEnv(seed=9), 9)
    assert _aec_trail(envs.aec_env(), 2**64 - 1) == _aec_trail(envs.aec_env(), 2**64 - 1)
    envs.SeatEnv(seed=None).reset(seed=None)
    envs.aec_env(seed=None).reset(seed=None)


# --- SeatEnv's opponents -------------------------------------------------------------------------------------

@pytest.mark.parametrize("opponents", [[5, 5, 5, 5], 5, None, "foo", ["greedy", "greedy", 5, "greedy"],
                                       [bots.Greedy()] * 3, ["greedy", "nope", "greedy", "greedy"], object()],
                         ids=repr)
def test_seat_env_refuses_bad_opponents_at_construction(opponents):
    with pytest.raises((TypeError, ValueError), match="opponents"):
        envs.SeatEnv(opponents=opponents)


def test_seat_env_takes_names_bots_and_lists_of_them():
    for opponents in ("greedy", "random", bots.Greedy(), ["random", bots.Random(3), "greedy", bots.Greedy()]):
        env = envs.SeatEnv(opponents=opponents, seed=1, seat=1)
        _seat_trail(env, 1)


# --- step's action types -------------------------------------------------------------------------------------

def _aec_at_choice(seed=3):
    """An AEC environment at a decision with at least two candidates, and the last of them."""
    env = envs.aec_env(seed=seed)
    env.reset(seed=seed)
    while True:
        mask = env.observe(env.agent_selection)["action_mask"]
        if mask.sum() >= 2:
            return env, int(np.flatnonzero(mask)[-1])
        env.step(0)


def _seat_at_choice(seed=3):
    env = envs.SeatEnv(seed=seed, seat=0)
    obs, _ = env.reset(seed=seed)
    while obs["action_mask"].sum() < 2:
        obs, *_ = env.step(0)
    return env, int(np.flatnonzero(obs["action_mask"])[-1])


def _aec_step(env, action):
    agent = env.agent_selection
    env.step(action)
    return env.infos[agent]


def _seat_step(env, action):
    return env.step(action)[4]


ENVS = [(_aec_at_choice, _aec_step), (_seat_at_choice, _seat_step)]
INTEGERS = [lambda k: k, lambda k: np.int64(k), lambda k: np.uint8(k), lambda k: np.array(k),
            lambda k: np.array([k]), lambda k: np.array([k], dtype=np.int16), lambda k: np.array(k, dtype=np.uint64)]


@pytest.mark.parametrize("make, step", ENVS, ids=["aec", "seat"])
@pytest.mark.parametrize("form", range(len(INTEGERS)))
def test_an_integer_or_a_one_element_integer_array_is_the_index(make, step, form):
    """``step(np.array(k))`` (stable-baselines3's ``predict`` for one env) plays candidate k, as ``step(k)``."""
    plain, k = make()
    other, k2 = make()
    assert k == k2 and k > 0
    assert step(plain, k) == {}
    assert step(other, INTEGERS[form](k)) == {}  # no invalid_action: candidate k, not candidate 0
    assert plain._table.deal.moves == other._table.deal.moves


NOT_INTEGERS = [1.0, "1", None, True, False, np.True_, float("nan"), np.float32(1), np.array(1.0),
                np.array([1.0]), np.array([1, 2]), np.array([], dtype=np.int64), np.array(True), [1], (1,), 1 + 0j]


@pytest.mark.parametrize("make, step", ENVS, ids=["aec", "seat"])
@pytest.mark.parametrize("action", NOT_INTEGERS, ids=repr)
def test_a_non_integer_action_is_a_type_error_and_changes_nothing(make, step, action):
    env, _ = make()
    moves = env._table.deal.moves
    with pytest.raises(TypeError, match="candidate index"):
        step(env, action)
    assert env._table.deal.moves == moves


@pytest.mark.parametrize("make, step", ENVS, ids=["aec", "seat"])
@pytest.mark.parametrize("outside", [128, np.array(128), np.array([4096]), -1, np.int64(-5)], ids=repr)
def test_an_integer_outside_the_mask_still_plays_the_first_candidate(make, step, outside):
    """The documented behaviour for Gymnasium's check_env (unmasked random actions): the first candidate, and
    ``info["invalid_action"]``; not a TypeError."""
    env, _ = make()
    other, _ = make()
    assert step(env, outside) == {"invalid_action": True}
    assert step(other, 0) == {}
    assert env._table.deal.moves == other._table.deal.moves


def test_a_dead_agent_still_steps_with_none():
    env = envs.aec_env(seed=2)
    env.reset(seed=2)
    for _ in env.agent_iter(10_000):
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            with pytest.raises(ValueError, match="None"):
                env.step(0)  # PettingZoo: a dead agent's action is None
            env.step(None)
        else:
            env.step(np.array(0))
    assert not env.agents and env._table.deal.phase == "done"


# --- the AEC environment before reset() ----------------------------------------------------------------------

def test_aec_before_reset_says_to_call_reset():
    env = envs.aec_env(seed=1)
    for call in (lambda: env.step(0), lambda: env.step(None), lambda: env.observe("seat_0"),
                 lambda: env.observe("x"), lambda: env.last()):
        with pytest.raises(RuntimeError, match=r"reset\(\) needs to be called before"):
            call()
    with pytest.raises(RuntimeError, match="reset"):
        envs.SeatEnv().step(0)
    env.reset()
    assert set(env.observe("seat_3")) == {"observation", "action_mask", "action_features"}


@pytest.mark.parametrize("agent", ["x", "seat_4", "seat_-1", "seat_", 0, None, "SEAT_0"], ids=repr)
def test_observe_of_an_unknown_agent_names_the_agents(agent):
    env = envs.aec_env(seed=1)
    env.reset()
    with pytest.raises(ValueError, match="seat_0, seat_1, seat_2, seat_3"):
        env.observe(agent)
