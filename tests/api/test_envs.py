"""Learning environments: the observation tensor (native and Python agree, nothing hidden leaks),
actions, candidates, the PettingZoo AEC environment (PettingZoo's api_test and seed_test), the Gymnasium
seat environment (Gymnasium's check_env)."""

from __future__ import annotations

import itertools
import random
import warnings

import numpy as np
import pytest

from shengji import Cards, Deal, Declaration, Rules, _core, bots, determinize, envs
from shengji.burial import buriable, burial_candidates

PRESETS = Rules.presets()


def positions(preset: str, seeds: range, every: int = 1):
    """(deal, seat) along deals played by a mix of policies, every ``every``-th decision."""
    for seed in seeds:
        d = Deal(Rules.preset(preset), seed=seed, dealer=seed % 4, first_deal=seed % 3 == 0)
        rng = random.Random(seed)
        n = 0
        while True:
            if n % every == 0 or d.phase == "done":
                yield d, rng.randrange(4)
            if d.phase == "done":
                break
            d.act(d.policy_action("random" if seed % 2 else "greedy", rng.getrandbits(32)))
            n += 1


@pytest.mark.parametrize("preset", PRESETS)
def test_native_and_python_tensors_agree(preset):
    phases = set()
    for d, seat in positions(preset, range(6), every=3):
        native = _core.observation_codes(d, seat).astype(np.float32)
        twin = envs.observation_tensor(d.observation(seat))
        assert twin.dtype == np.float32 and twin.shape == envs.tensor_shape(d.rules)
        assert np.array_equal(native, twin), [(f, np.nonzero((native != twin)[o:o + n])[0].tolist())
                                              for f, (o, n) in envs.FIELDS.items()
                                              if (native != twin)[o:o + n].any()]
        phases.add(d.phase)
    assert {"play", "done"} <= phases


def test_fields_tile_the_tensor():
    spans = sorted(envs.FIELDS.values())
    at = 0
    for offset, size in spans:
        assert offset == at
        at += size
    assert at == envs.TENSOR_SIZE == _core.ENCODE_SIZE


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_nothing_hidden_leaks(preset):
    """A deal that the seat cannot tell apart from this one (its hidden cards drawn again) gives the same tensor."""
    checked = differ = 0
    for d, seat in positions(preset, range(4), every=5):
        obs = d.observation(seat)
        if d.phase == "done" or (d.phase == "bury" and seat != d.to_move and obs.trump_hidden):
            continue
        try:
            other = determinize(obs, checked)
        except ValueError:  # a seat that does not hold the kitty while 泰安's trump lies face down
            continue
        assert np.array_equal(_core.observation_codes(other, seat), _core.observation_codes(d, seat))
        differ += any(other.hand(s) != d.hand(s) for s in range(4) if s != seat)
        checked += 1
    assert checked > 10 and differ > checked // 2  # the hidden cards did change


def test_action_tensor_tells_the_five_four_joker_declarations_apart():
    rules = Rules.preset("4deck")
    jokers = [Declaration("SJ SJ BJ BJ", trump=t) for t in ("S", "H", "D", "C", None)]
    tensors = [envs.action_tensor(rules, j) for j in jokers]
    assert all(t.shape == (envs.ACTION_SIZE,) and t.dtype == np.float32 for t in tensors)
    assert len({t.tobytes() for t in tensors}) == 5
    assert all(t[52] == 2 and t[53] == 2 and t[54:].sum() == 1 for t in tensors)
    plain = envs.action_tensor(rules, Cards("AS AS 10H"))
    assert plain[12] == 2 and plain[13 + 8] == 1 and plain[54:].sum() == 0 and plain.sum() == 3
    with pytest.raises(TypeError, match="Rules"):
        envs.action_tensor("4deck", Cards("AS"))


@pytest.mark.parametrize("preset", PRESETS)
def test_native_burial_candidates_follow_the_advisor_recipe(preset):
    checked = 0
    for seed in range(8):
        d = Deal(Rules.preset(preset), seed=seed)
        while d.phase not in ("bury", "play", "done"):
            d.act(d.policy_action("greedy"))
        if d.phase != "bury":
            continue
        recipe = [c for c in burial_candidates(d.hand(d.to_move), d.trump_context, d.policy_action("greedy"),
                                               d.rules.kitty) if buriable(d, c)]
        assert _core.bury_candidates(d) == recipe
        checked += 1
    assert checked


def test_candidates_are_the_searchs():
    seen = set()
    for preset in PRESETS:
        for d, _ in positions(preset, range(2), every=4):
            if d.phase == "done":
                assert envs.candidates(d) == []
                continue
            c = envs.candidates(d)
            seen.add(d.phase)
            if d.phase == "bury":
                assert c == bots.bury_candidates(d)
            else:
                assert c == _core.search_candidates(d)
            for a in c:
                d.clone().act(a)
    assert {"declare", "bury", "play"} <= seen


def test_pettingzoo_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes on Dict observations)
        for preset in ("qq-2deck", "taian", "bianfeng-friend", "4deck"):
            api_test(envs.aec_env(Rules.preset(preset), seed=1), num_cycles=2000, verbose_progress=False)
        seed_test(lambda render_mode=None: envs.aec_env(seed=3, render_mode=render_mode), num_cycles=300)


def test_aec_turns_cover_every_phase_and_rewards_are_zero_sum():
    phases = set()
    for preset in ("taian", "bianfeng-friend", "4deck", "qq-2deck"):
        for reward, seed in itertools.product(envs.REWARDS, (11, 14)):  # (seed 14: a 泰安 swap)
            env = envs.aec_env(Rules.preset(preset), seed=7, reward=reward)
            env.reset(seed=seed)
            totals = dict.fromkeys(env.possible_agents, 0.0)
            rng = random.Random(0)
            for agent in env.agent_iter(10_000):
                obs, r, term, trunc, info = env.last()
                totals[agent] += r
                if term or trunc:
                    env.step(None)
                    continue
                deal = env.unwrapped._table.deal
                assert agent == f"seat_{deal.to_move}"
                phases.add(deal.phase)
                mask = obs["action_mask"]
                assert mask.dtype == np.int8 and mask.sum() == len(envs.candidates(deal)[:128]) >= 1
                assert np.array_equal(obs["observation"], envs.observation_tensor(deal.observation(deal.to_move)))
                env.step(int(rng.choice(np.flatnonzero(mask))))
            deal = env.unwrapped._table.deal
            assert deal.phase == "done" and not env.agents
            r = deal.result()
            v = r.attacker_points if reward == "points" else r.attacker_levels - r.dealer_levels
            assert [totals[f"seat_{s}"] for s in range(4)] == [v if deal.is_attacker(s) else -v for s in range(4)]
    assert {"declare", "bury", "swap", "call", "play"} <= phases


def test_gymnasium_check_env_and_what_an_index_outside_the_mask_does():
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its note on render modes without a registered spec)
        check_env(envs.SeatEnv(seed=2))
        check_env(envs.SeatEnv(Rules.preset("bianfeng-friend"), seat=3, opponents="random", seed=2))
    env = envs.SeatEnv(seed=5, seat=1)
    obs, _ = env.reset(seed=5)
    deal = env._table.deal
    first = envs.candidates(deal)[0]
    before = deal.clone()
    obs, reward, done, trunc, info = env.step(127 if obs["action_mask"][127] == 0 else 0)
    assert info.get("invalid_action") is True and not trunc
    before.act(first)  # the first candidate was played in its place
    assert deal.observation(1).played_by(1) == before.observation(1).played_by(1)
    steps = 0
    while not done:
        obs, reward, done, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert deal.phase == "done" and reward == envs._returns(deal, "levels")[1] and steps > 10
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_seat_env_with_bot_opponents_is_seeded():
    def episode(seed):
        env = envs.SeatEnv(Rules(), seat=2, opponents=[bots.Random(1), "greedy", "greedy", bots.Random(2)],
                           seed=seed)
        obs, _ = env.reset(seed=seed)
        trail, done = [], False
        while not done:
            trail.append(obs["observation"].sum())
            obs, reward, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return trail, reward

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)


def test_envs_refuse_bad_arguments():
    with pytest.raises(ValueError, match="max_actions"):
        envs.aec_env(max_actions=0)
    with pytest.raises(ValueError, match="reward"):
        envs.aec_env(reward="wins")
    with pytest.raises(ValueError, match="seed"):
        envs.SeatEnv(seed=-1)
    with pytest.raises(ValueError, match="seat"):
        envs.SeatEnv(seat=4)
    with pytest.raises(TypeError, match="Rules"):
        envs.aec_env("qq-2deck")
    with pytest.raises(TypeError, match="Observation"):
        envs.observation_tensor(Deal(Rules(), seed=1))
    with pytest.raises(ValueError, match="render_mode"):
        envs.aec_env(render_mode="rgb_array")


def test_render_modes_and_pettingzoo_render_test(capsys):
    """Both environments render the table as text: "ansi" returns it, "human" prints it (and returns None); both
    declare render_fps; PettingZoo's own render_test passes; any other mode is refused."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: envs.aec_env(seed=1, render_mode=render_mode))
    capsys.readouterr()
    for make in (lambda mode: envs.aec_env(seed=1, render_mode=mode),
                 lambda mode: envs.SeatEnv(seed=1, render_mode=mode)):
        assert make(None).metadata["render_fps"] == envs.RENDER_FPS and "human" in make(None).metadata["render_modes"]
        ansi, human = make("ansi"), make("human")
        ansi.reset(seed=4)
        human.reset(seed=4)
        text = ansi.render()
        capsys.readouterr()
        assert isinstance(text, str) and text.startswith("Deal(") and human.render() is None
        assert capsys.readouterr().out.strip() == text
        with pytest.raises(ValueError, match="render_mode must be None, 'ansi'"):
            make("rgb_array")


def test_seat_env_action_masks_are_the_observation_mask():
    """SeatEnv.action_masks() (what sb3-contrib's MaskablePPO reads) is the current observation's mask as bools, at
    every step of an episode; before reset() it says so."""
    env = envs.SeatEnv(seed=5, opponents="random")
    with pytest.raises(RuntimeError, match="reset"):
        env.action_masks()
    obs, _ = env.reset(seed=6)
    done = False
    while not done:
        m = env.action_masks()
        assert m.dtype == np.bool_ and m.shape == obs["action_mask"].shape
        assert (m == obs["action_mask"].astype(bool)).all()
        assert m.any()
        obs, _, done, _, _ = env.step(int(np.flatnonzero(m)[0]))


def _episode(env, seed, aec=False):
    """One episode with a fixed choice rule (the last candidate): the offered masks' sizes, the rewards, the deal."""
    sizes = []
    if aec:
        env.reset(seed=seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            rewards[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            sizes.append(int(obs["action_mask"].sum()))
            env.step(sizes[-1] - 1)
        return sizes, rewards, env._table.deal
    obs, _ = env.reset(seed=seed)
    done, total = False, 0.0
    while not done:
        sizes.append(int(obs["action_mask"].sum()))
        obs, reward, done, _, _ = env.step(sizes[-1] - 1)
        total += reward
    return sizes, total, env._table.deal


@pytest.mark.parametrize("aec", [False, True])
def test_skip_forced_never_offers_one_candidate_and_changes_nothing_else(aec):
    """skip_forced=True plays a decision with one candidate for its seat: no offered decision has fewer than two,
    and the deal, its moves and the rewards equal those of the same seed and choices without it."""
    def make(skip, seed=0):
        if aec:
            return envs.aec_env(seed=seed, skip_forced=skip)
        return envs.SeatEnv(seed=seed, opponents="random", skip_forced=skip)

    for seed in range(4):
        plain, skipping = _episode(make(False, seed), 10 + seed, aec), _episode(make(True, seed), 10 + seed, aec)
        assert 1 in plain[0] and min(skipping[0]) >= 2  # (forced decisions existed, and were skipped)
        assert plain[1] == skipping[1] and plain[2].moves == skipping[2].moves
    with pytest.raises(TypeError, match="skip_forced must be True or False"):
        make(1)


def test_a_flat_observation_and_the_action_features_on_demand():
    """observation="flat" holds only the observation and the mask (under a thousand inputs at 128 actions); the
    action features, as the full observation holds them, come from env.action_features(); Gymnasium's check_env
    and PettingZoo's api_test take the flat environments; anything else is refused."""
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    flat, full = envs.SeatEnv(seed=3, observation="flat"), envs.SeatEnv(seed=3)
    assert set(flat.observation_space.spaces) == {"observation", "action_mask"}
    assert sum(int(np.prod(s.shape)) for s in flat.observation_space.spaces.values()) < 1000
    o1, _ = flat.reset(seed=8)
    o2, _ = full.reset(seed=8)
    for _ in range(20):
        assert set(o1) == {"observation", "action_mask"} and (o1["observation"] == o2["observation"]).all()
        assert (flat.action_features() == o2["action_features"]).all()
        o1, _, done, _, _ = flat.step(0)
        o2, _, _, _, _ = full.step(0)
        if done:
            break
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (as above: its note on render modes without a registered spec)
        check_env(envs.SeatEnv(seed=2, observation="flat"))
    aec = envs.aec_env(seed=1, observation="flat")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes on a Dict observation space, as for the full one)
        api_test(aec, num_cycles=200, verbose_progress=False)
    aec.reset(seed=2)
    assert aec.action_features().shape == (128, envs.ACTION_SIZE)
    with pytest.raises(ValueError, match="observation must be 'full'"):
        envs.SeatEnv(observation="compact")


def test_aec_state_is_the_whole_deal():
    """The AEC environment's state() (for a centralised critic) is a fixed-shape array inside state_space: every
    hand, the kitty, each seat's plays and the trick in progress, then the phase, the seats and the score; the
    same at every agent's turn, and PettingZoo's api_test checks it."""
    from pettingzoo.test import api_test

    env = envs.aec_env(seed=4)
    with pytest.raises(RuntimeError, match="reset"):
        env.state()
    env.reset(seed=5)
    steps = 0
    for _agent in env.agent_iter():
        s = env.state()
        deal = env._table.deal
        assert s.shape == (envs.STATE_SIZE,) and env.state_space.contains(s)
        assert [int(s[54 * k:54 * k + 54].sum()) for k in range(4)] == [len(deal.hand(k)) for k in range(4)]
        assert int(s[270:486].sum()) == len(deal.played) and s[702] == envs.PHASES.index(deal.phase)
        assert (s == envs.state_tensor(deal)).all()
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert steps > 50 and s[-1] == 1  # the last state: the deal is done
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(envs.aec_env(seed=1), num_cycles=100, verbose_progress=False)
    with pytest.raises(TypeError, match="needs a Deal"):
        envs.state_tensor("deal")


@pytest.mark.parametrize("aec", [False, True])
def test_episode_k_deals_simulates_game_k_whatever_was_played(aec):
    """After reset(seed=s) the deal of episode k is the native run's game k of seed s (simulate's), however the
    learner and the opponents played the episodes before it; the opponents draw from their own stream."""
    from shengji import _core

    run = _core.NativeRun(Rules(), 4, [_core.policy_index("greedy")] * 4, 21, 0, 1, -1, "2", "declare", [None] * 4,
                          None, None)
    for choice in (0, -1):  # two learners choosing differently
        env = envs.aec_env(seed=3) if aec else envs.SeatEnv(seed=3, opponents="random")
        for k in range(3):
            if aec:
                env.reset(seed=21 if k == 0 else None)
            else:
                obs, _ = env.reset(seed=21) if k == 0 else env.reset()
            deal = env.unwrapped._table.deal if aec else env._table.deal
            assert deal.order == run.deal(k).order and deal.dealt_by == run.deal(k).dealt_by
            if aec:
                for _agent in env.agent_iter():
                    obs, _, term, trunc, _ = env.last()
                    n = int(obs["action_mask"].sum())
                    env.step(None if term or trunc else (0 if choice == 0 else n - 1))
            else:
                done = False
                while not done:
                    n = int(obs["action_mask"].sum())
                    obs, _, done, _, _ = env.step(0 if choice == 0 else n - 1)


def test_the_gymnasium_id_makes_the_seat_env():
    """``shengji/Seat-v0`` (registered by importing shengji.gym; gymnasium.make's "module:id" form imports it) builds
    SeatEnv with make's keywords, a preset's name for the rules: the same episodes as SeatEnv itself, and
    Gymnasium's check_env passes on it; importing shengji alone imports no Gymnasium."""
    import subprocess
    import sys

    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("shengji.gym:shengji/Seat-v0", rules="taian", seat=2, observation="flat", skip_forced=True)
    assert gymnasium.spec("shengji/Seat-v0").namespace == "shengji"
    mine = envs.SeatEnv(Rules.preset("taian"), seat=2, observation="flat", skip_forced=True)
    (a, _), (b, _) = env.reset(seed=4), mine.reset(seed=4)
    for _ in range(200):
        assert (a["observation"] == b["observation"]).all() and (a["action_mask"] == b["action_mask"]).all()
        a, ra, done, _, _ = env.step(1 if a["action_mask"][1] else 0)
        b, rb, _, _, _ = mine.step(1 if b["action_mask"][1] else 0)
        assert ra == rb
        if done:
            break
    assert done
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes as for SeatEnv above)
        check_env(gymnasium.make("shengji/Seat-v0", rules=Rules.preset("4deck")).unwrapped)
    with pytest.raises(ValueError, match="preset"):
        gymnasium.make("shengji/Seat-v0", rules="no-such-preset")
    vec = gymnasium.make_vec("shengji/Seat-v0", num_envs=3, rules="taian", seat=2, skip_forced=True)
    assert type(vec).__name__ == "VectorSeatEnv" and vec.num_envs == 3
    obs, _ = vec.reset(seed=4)
    first, _ = mine.reset(seed=4)
    assert (obs["observation"][0] == first["observation"]).all()
    sync = gymnasium.make_vec("shengji/Seat-v0", num_envs=2, vectorization_mode="sync", observation="flat")
    assert type(sync).__name__ == "SyncVectorEnv" and sync.reset(seed=1)[0]["observation"].shape == (2, 784)
    code = "import sys, shengji, shengji.envs; assert 'gymnasium' not in sys.modules, 'gymnasium imported'"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_maskable_ppo_trains_on_the_seat_env_without_a_wrapper():
    """benchmarks/train_maskable_ppo.py with a tiny budget, where sb3-contrib is installed (not in the test extra:
    README): MaskablePPO takes SeatEnv as it is, trains, and its choices stay inside the masks; stable-baselines3's
    own check_env passes on SeatEnv and on the registered id."""
    pytest.importorskip("sb3_contrib")
    import importlib.util
    import pathlib

    import gymnasium
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes on Dict observations and the box's bounds)
        sb3_check_env(envs.SeatEnv(seed=1, observation="flat"))
        sb3_check_env(gymnasium.make("shengji.gym:shengji/Seat-v0", rules="4deck").unwrapped)
    path = pathlib.Path(__file__).parents[2] / "benchmarks" / "train_maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.train(steps=128, seed=3, eval_episodes=2, n_steps=64)
    assert out["steps"] == 128 and len(out["returns"]) == 2 and all(-6 <= r <= 6 for r in out["returns"])


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_preset_passes_the_ecosystems_own_checkers(preset):
    """PettingZoo's api_test, seed_test and render_test on the AEC environment, and Gymnasium's check_env on
    SeatEnv (full and flat observations), for every preset."""
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, render_test, seed_test

    rules = Rules.preset(preset)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (their notes on Dict observations and render modes)
        api_test(envs.aec_env(rules, seed=2), num_cycles=300, verbose_progress=False)
        seed_test(lambda render_mode=None: envs.aec_env(rules, seed=5, render_mode=render_mode), num_cycles=100)
        render_test(lambda render_mode=None: envs.aec_env(rules, seed=1, render_mode=render_mode))
        check_env(envs.SeatEnv(rules, seed=3))
        check_env(envs.SeatEnv(rules, seed=3, seat=1, observation="flat", skip_forced=True))
