"""The native vector environment (``shengji.envs.VectorSeatEnv``): sub-environment i plays as
``SeatEnv(seed=env_seeds[i], observation="flat")`` decision for decision through autoresets, on any thread count;
Gymnasium's VectorEnv conventions (spaces, next-step autoreset, seeds, reset_mask, disabled autoreset)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import Rules, envs

gymnasium = pytest.importorskip("gymnasium")


def _pick(masks: np.ndarray, rng: np.random.Generator, invalid_every: int, step: int) -> np.ndarray:
    """A seeded random candidate per sub-environment; every ``invalid_every``-th step an index past the mask."""
    acts = np.zeros(len(masks), dtype=np.int64)
    for i, m in enumerate(masks):
        legal = np.flatnonzero(m)
        acts[i] = rng.choice(legal) if legal.size else rng.integers(masks.shape[1])
        if invalid_every and step % invalid_every == invalid_every - 1:
            acts[i] = masks.shape[1] - 1
    return acts


def _compare(preset: str, seed: int, *, n: int = 3, steps: int = 160, seat: int = 0, opponents: str = "greedy",
             reward: str = "levels", skip_forced: bool = True, threads: int = 1, max_actions: int = 128,
             invalid_every: int = 0) -> int:
    """Drive a VectorSeatEnv and n SeatEnvs with the same actions; assert the same observations, masks, rewards,
    terminations and invalid flags at every step. Returns the episodes finished."""
    rules = Rules.preset(preset)
    kw = dict(seat=seat, opponents=opponents, reward=reward, skip_forced=skip_forced, max_actions=max_actions)
    vec = envs.VectorSeatEnv(n, rules, seed=seed, threads=threads, **kw)
    singles = [envs.SeatEnv(rules, seed=s, observation="flat", **kw) for s in vec.env_seeds]
    assert vec.env_seeds == tuple(seed + i for i in range(n))
    obs, info = vec.reset()
    assert info == {}
    want = [e.reset()[0] for e in singles]
    rng = np.random.default_rng(seed)
    done = [False] * n
    episodes = 0
    for step in range(steps):
        for i in range(n):
            np.testing.assert_array_equal(obs["observation"][i], want[i]["observation"], err_msg=f"{step} {i}")
            np.testing.assert_array_equal(obs["action_mask"][i], want[i]["action_mask"], err_msg=f"{step} {i}")
            if not done[i]:
                np.testing.assert_array_equal(vec.action_masks()[i], singles[i].action_masks())
        acts = _pick(obs["action_mask"], rng, invalid_every, step)
        obs, rew, term, trunc, infos = vec.step(acts)
        assert obs["observation"].dtype == np.float32 and rew.dtype == np.float64 and term.dtype == np.bool_
        assert not trunc.any()
        for i in range(n):
            if done[i]:  # next-step autoreset: the action is ignored, SeatEnv.reset() goes on to the next episode
                want[i], _ = singles[i].reset()
                r, t, bad = 0.0, False, False
            else:
                want[i], r, t, _, info = singles[i].step(int(acts[i]))
                bad = info.get("invalid_action", False)
            assert (rew[i], bool(term[i])) == (r, t), (step, i)
            assert bool(infos.get("invalid_action", np.zeros(n, bool))[i]) == bad, (step, i)
            episodes += t
            done[i] = t
    return episodes


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend", "qq-1deck", "chinagame"])
def test_equals_seat_env(preset):
    """Each sub-environment's trajectory is SeatEnv's with the same seed, through several episodes and autoresets."""
    assert _compare(preset, 11, steps=150) >= 2


@pytest.mark.parametrize(("preset", "options"), [
    ("qq-2deck", dict(seat=2, opponents="random", reward="points", skip_forced=False, invalid_every=7)),
    ("taian", dict(seat=1, opponents="random", skip_forced=False, threads=2)),
    ("bianfeng", dict(seat=3, max_actions=5, invalid_every=5)),
    ("qq-3deck", dict(seat=1, reward="points", threads=3, n=5)),
])
def test_equals_seat_env_options(preset, options):
    """Other seats, random opponents, points, no skipping, a narrow mask, indices outside the mask, threads."""
    assert _compare(preset, 5, steps=120, **options) >= 1


def _run(threads: int, steps: int = 120) -> list[tuple[np.ndarray, ...]]:
    vec = envs.VectorSeatEnv(16, Rules.preset("qq-2deck"), seed=3, threads=threads, opponents="random")
    obs, _ = vec.reset()
    rng = np.random.default_rng(0)
    out = []
    for step in range(steps):
        obs, rew, term, _, _ = vec.step(_pick(obs["action_mask"], rng, 0, step))
        out.append((obs["observation"].copy(), obs["action_mask"].copy(), rew.copy(), term.copy()))
    return out


def test_same_on_any_thread_count():
    one, two, four = _run(1), _run(2), _run(4)
    for a, b, c in zip(one, two, four, strict=True):
        for x, y, z in zip(a, b, c, strict=True):
            np.testing.assert_array_equal(x, y)
            np.testing.assert_array_equal(x, z)
    assert sum(t[3].sum() for t in one) > 0


def test_gymnasium_conventions():
    vec = envs.VectorSeatEnv(4, seed=7)
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert isinstance(vec, gymnasium.vector.VectorEnv) and vec.num_envs == 4
    single = envs.SeatEnv(observation="flat").observation_space
    assert vec.single_observation_space == single
    assert vec.single_action_space == gymnasium.spaces.Discrete(128)
    assert vec.action_space == gymnasium.spaces.MultiDiscrete([128] * 4)
    obs, _ = vec.reset()
    assert vec.observation_space.contains(obs)
    assert obs["observation"].shape == (4, 784) and obs["action_mask"].shape == (4, 128)
    masks = vec.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (4, 128) and masks.any(axis=1).all()
    feats = vec.action_features()
    assert feats.shape == (4, 128, 59) and feats.dtype == np.float32
    for i in range(4):  # SeatEnv's features of the same decision
        single = envs.SeatEnv(seed=7 + i, observation="flat")
        single.reset()
        np.testing.assert_array_equal(feats[i], single.action_features())
    assert len(vec.call("action_masks")) == 4 and vec.get_attr("seat") == (0,) * 4
    assert vec.get_attr("env_seeds") == (7, 8, 9, 10)
    # copy=True (the default): what step returns is the caller's; copy=False: the env's buffers, overwritten
    before = obs["observation"].copy()
    vec.step(vec.action_space.sample())
    np.testing.assert_array_equal(obs["observation"], before)
    shared = envs.VectorSeatEnv(2, seed=7, copy=False)
    o1, _ = shared.reset()
    o2, *_ = shared.step(np.zeros(2, dtype=np.int64))
    assert o1["observation"] is o2["observation"]
    vec.close()
    assert vec.closed
    with pytest.raises(RuntimeError, match="closed"):
        vec.step(np.zeros(4, dtype=np.int64))


def test_seeds_and_reset():
    """reset(seed=s) seeds sub-env i with s + i; a list seeds each (None goes on); reset() goes on to the next
    episode; the first episode after a seed deals the same cards again."""
    vec = envs.VectorSeatEnv(3, seed=1)
    first, _ = vec.reset(seed=50)
    assert vec.env_seeds == (50, 51, 52)
    again, _ = vec.reset(seed=[50, None, 9])
    assert vec.env_seeds == (50, 51, 9)
    np.testing.assert_array_equal(first["observation"][0], again["observation"][0])
    assert not np.array_equal(first["observation"][1], again["observation"][1])  # sub-env 1 went on to episode 1
    single = envs.SeatEnv(seed=51, observation="flat")
    single.reset()
    np.testing.assert_array_equal(again["observation"][1], single.reset()[0]["observation"])
    np.testing.assert_array_equal(again["observation"][2], envs.SeatEnv(seed=9, observation="flat").reset()[0]
                                  ["observation"])
    unseeded = envs.VectorSeatEnv(2)
    assert len(set(unseeded.env_seeds)) == 2  # drawn from the OS


def test_reset_mask_and_disabled_autoreset():
    vec = envs.VectorSeatEnv(3, seed=20, autoreset_mode="disabled", opponents="random")
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.DISABLED
    obs, _ = vec.reset()
    rng = np.random.default_rng(1)
    for step in range(2000):
        obs, _, term, _, _ = vec.step(_pick(obs["action_mask"], rng, 0, step))
        if term.any():
            break
    assert term.any()
    held = obs["observation"].copy()
    with pytest.raises(RuntimeError, match="autoreset is off"):
        vec.step(np.zeros(3, dtype=np.int64))
    np.testing.assert_array_equal(vec._tables.obs, held)  # nothing was stepped
    obs, _ = vec.reset(options={"reset_mask": term.copy()})
    for i in range(3):
        if term[i]:
            assert obs["action_mask"][i].any()
        else:
            np.testing.assert_array_equal(obs["observation"][i], held[i])
    vec.step(_pick(obs["action_mask"], rng, 0, 0))
