"""Hostile inputs to the native vector environment (``shengji.envs.VectorSeatEnv``): every bad argument is a clear
TypeError, ValueError or RuntimeError naming what was wrong, raised before any sub-environment moves (the state
after a refused call is the state before it: the next good step gives what it would have given)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from shengji import Rules, _core, envs

pytest.importorskip("gymnasium")


@pytest.mark.parametrize(("kwargs", "exc", "match"), [
    (dict(num_envs=0), ValueError, "num_envs"),
    (dict(num_envs=-3), ValueError, "num_envs"),
    (dict(num_envs=2.0), ValueError, "num_envs"),
    (dict(num_envs=True), ValueError, "num_envs"),
    (dict(num_envs=2, opponents="pimc"), ValueError, "opponents"),
    (dict(num_envs=2, opponents=["greedy"] * 4), ValueError, "opponents"),
    (dict(num_envs=2, seat=4), ValueError, "seat"),
    (dict(num_envs=2, max_actions=0), ValueError, "max_actions"),
    (dict(num_envs=2, reward="score"), ValueError, "reward"),
    (dict(num_envs=2, threads=0), ValueError, "threads"),
    (dict(num_envs=2, threads=10_000), ValueError, "threads"),
    (dict(num_envs=2, seed=-1), ValueError, "seed"),
    (dict(num_envs=2, seed=2**64 - 1), ValueError, "seed"),
    (dict(num_envs=2, seed=1.5), TypeError, "seed"),
    (dict(num_envs=2, seed=[1]), ValueError, "seed"),
    (dict(num_envs=2, seed=[1, "x"]), TypeError, r"seed\[1\]"),
    (dict(num_envs=2, skip_forced=1), TypeError, "skip_forced"),
    (dict(num_envs=2, copy="no"), TypeError, "copy"),
    (dict(num_envs=2, autoreset_mode="same_step"), ValueError, "autoreset_mode"),
    (dict(num_envs=2, rules="qq-2deck"), TypeError, "rules"),
])
def test_construction_refuses(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        envs.VectorSeatEnv(**kwargs)


def _stepped(n: int = 3, **kw):
    vec = envs.VectorSeatEnv(n, seed=30, **kw)
    obs, _ = vec.reset()
    return vec, obs


def _same_as_untouched(vec, actions):
    """The refused call changed nothing: the next step equals that of a fresh env with the same history."""
    twin, _ = _stepped(vec.num_envs)
    got = vec.step(actions)
    want = twin.step(actions)
    for a, b in zip(got[:4], want[:4], strict=True):
        if isinstance(a, dict):
            for k in a:
                np.testing.assert_array_equal(a[k], b[k])
        else:
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(("actions", "exc", "match"), [
    (np.array([0, 0, 128]), ValueError, r"actions\[2\] = 128 is outside"),
    (np.array([0, -1, 0]), ValueError, r"actions\[1\] = -1 is outside"),
    (np.array([0, 0, 2**64 - 1], dtype=np.uint64), ValueError, r"actions\[2\]"),
    (np.array([0.0, 1.0, 0.0]), TypeError, "actions must be integers"),
    (np.array([True, False, True]), TypeError, "actions must be integers"),
    (["a", "b", "c"], TypeError, "actions must be integers"),
    (None, TypeError, "actions must be integers"),
    (np.zeros(2, dtype=np.int64), ValueError, r"shape \(3,\)"),
    (np.zeros((3, 1), dtype=np.int64), ValueError, r"shape \(3,\)"),
    (7, ValueError, r"shape \(3,\)"),
])
def test_bad_actions_are_refused_and_nothing_moves(actions, exc, match):
    vec, obs = _stepped()
    with pytest.raises(exc, match=match):
        vec.step(actions)
    _same_as_untouched(vec, np.zeros(3, dtype=np.int64))


def test_the_native_layer_refuses_on_its_own():
    """_core.VecTables checks what reaches C itself: an action out of range names its index, nothing moves."""
    t = _core.VecTables(Rules(), 2, [1, 2])
    with pytest.raises(RuntimeError, match="reset"):
        t.step(np.zeros(2, dtype=np.int64))
    t.reset()
    before = t.obs.copy()
    with pytest.raises(ValueError, match=r"actions\[1\] = 128"):
        t.step(np.array([0, 128], dtype=np.int64))
    with pytest.raises(ValueError, match="one action per sub-environment"):
        t.step(np.zeros(3, dtype=np.int64))
    np.testing.assert_array_equal(t.obs, before)
    with pytest.raises(ValueError, match="index"):
        t.status(2)
    with pytest.raises(ValueError, match="opponents"):
        _core.VecTables(Rules(), 2, [1, 2], opponents="pimc")
    with pytest.raises(ValueError, match="seeds"):
        _core.VecTables(Rules(), 2, [1])
    t.close()
    with pytest.raises(RuntimeError, match="closed"):
        t.reset()


def test_before_reset_and_after_close():
    vec = envs.VectorSeatEnv(2, seed=1)
    for call in (lambda: vec.step(np.zeros(2, dtype=np.int64)), vec.action_masks, vec.action_features):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    with pytest.raises(RuntimeError, match="every sub-environment"):
        vec.reset(options={"reset_mask": np.array([True, False])})
    vec.reset()
    vec.close()
    vec.close()  # twice: nothing more happens
    for call in (lambda: vec.step(np.zeros(2, dtype=np.int64)), vec.reset, vec.action_masks):
        with pytest.raises(RuntimeError, match="closed"):
            call()


@pytest.mark.parametrize(("mask", "exc", "match"), [
    (np.array([True, False]), ValueError, r"shape \(3,\)"),
    (np.ones((3, 1), dtype=bool), ValueError, r"shape \(3,\)"),
    (np.array([1, 0, 1]), TypeError, "bool"),
    ([True, False, True], TypeError, "bool"),
    (np.zeros(3, dtype=bool), ValueError, "at least one True"),
])
def test_a_bad_reset_mask_is_refused(mask, exc, match):
    vec, obs = _stepped()
    with pytest.raises(exc, match=match):
        vec.reset(options={"reset_mask": mask})
    _same_as_untouched(vec, np.zeros(3, dtype=np.int64))


@pytest.mark.parametrize(("seed", "exc"), [(-1, ValueError), (2**64 - 2, ValueError), ("1", TypeError),
                                           ([1, 2], ValueError), ([1, 2, 2**64], ValueError), (True, TypeError)])
def test_a_bad_reset_seed_is_refused(seed, exc):
    vec, obs = _stepped()
    with pytest.raises(exc, match="seed"):
        vec.reset(seed=seed)
    _same_as_untouched(vec, np.zeros(3, dtype=np.int64))


def test_a_step_after_termination_without_reset_is_refused_when_autoreset_is_off():
    vec, obs = _stepped(2, autoreset_mode="disabled", opponents="random")
    rng = np.random.default_rng(0)
    term = np.zeros(2, bool)
    while not term.any():
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]])
        obs, _, term, _, _ = vec.step(acts)
    held = {k: v.copy() for k, v in obs.items()}
    with pytest.raises(RuntimeError, match=f"sub-environment {int(np.flatnonzero(term)[0])}'s episode is over"):
        vec.step(np.zeros(2, dtype=np.int64))
    for k in held:
        np.testing.assert_array_equal(vec._tables.obs if k == "observation" else vec._tables.mask, held[k])


def test_concurrent_calls_from_threads_do_not_crash():
    """Two Python threads stepping one environment: each call runs whole or is refused with RuntimeError."""
    vec, _ = _stepped(64, threads=2)
    errors: list[BaseException] = []

    def hammer():
        for _ in range(40):
            try:
                vec.step(np.zeros(64, dtype=np.int64))
            except RuntimeError as err:
                assert "another thread" in str(err)
            except BaseException as err:  # pragma: no cover - reported below
                errors.append(err)

    threads = [threading.Thread(target=hammer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
