"""Native self-play records: every row is what the Python API says at that decision of
simulate's game, identical for any thread count or chunking, saved and loaded whole."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import PHASES, Rules, _core, bots, envs, selfplay, simulate
from shengji import points as points_of
from shengji.records import Records, StoredRecords


def replayed_rows(rules: Rules, seed: int, game: int, reward: str):
    """The rows of greedy self-play game ``game``, computed through the Python API on a replay of the deal."""
    run = _core.NativeRun(rules, 1, ["greedy"] * 4, seed, game, 1, -1, rules.first_level, "declare", [None] * 4,
                          None, None)
    d = run.deal(game)
    rows = []
    while d.phase != "done":
        seat = d.to_move
        action = d.policy_action("greedy")
        cands = envs.candidates(d)  # (泰安's face-down trump: the burial candidates of sampled worlds)
        if len(cands) >= 2:
            if action in cands:
                choice = cands.index(action)
            elif d.phase == "play":  # a play its class's candidate represents: as many cards, as many points
                choice = _core.class_choice(d, action)
                if choice < 0:  # its class is beyond the first 128
                    assert len(cands) == 128
                else:
                    assert len(cands[choice]) == len(action) and points_of(cands[choice]) == points_of(action)
            else:
                choice = -1
            rows.append((seat, PHASES.index(d.phase), _core.observation_codes(d, seat), _core.encode_action(action),
                         len(cands), choice, [_core.encode_action(c) for c in cands]))
        d.act(action)
    r = d.result()
    v = r.attacker_points if reward == "points" else r.attacker_levels - r.dealer_levels
    return rows, [v if d.is_attacker(s) else -v for s in range(4)], r.attacker_points


@pytest.mark.parametrize("preset", ["qq-2deck", "bianfeng-friend", "4deck", "chinagame", "qq-1deck", "taian"])
def test_rows_are_what_the_python_api_says(preset):
    rules = Rules.preset(preset)
    rec = selfplay(rules, 4, seed=9, threads=2, keep_candidates=True, reward="points" if preset == "4deck" else
                   "levels")
    reward = rec.meta["reward"]
    k = 0
    for game in range(4):
        rows, returns, points = replayed_rows(rules, 9, game, reward)
        for seat, phase, codes, action, n, choice, cands in rows:
            assert rec.game[k] == game and rec.seat[k] == seat and rec.phase[k] == phase
            assert np.array_equal(rec.codes[k], codes) and np.array_equal(rec.action_codes[k], action)
            assert rec.n_candidates[k] == n and rec.choice[k] == choice
            assert np.array_equal(rec.candidates(k), np.array(cands, dtype=np.float32))
            assert rec.returns[k] == returns[seat] and rec.points[k] == points
            k += 1
    assert k == len(rec)
    assert (rec.choice >= 0).mean() > 0.9


def test_records_do_not_depend_on_threads_or_chunks(tmp_path):
    rules = Rules.preset("bianfeng-friend")
    one = selfplay(rules, 37, seed=4, threads=1, keep_candidates=True)
    assert one == selfplay(rules, 37, seed=4, threads=2, keep_candidates=True)
    stored = selfplay(rules, 37, seed=4, threads=2, keep_candidates=True, out=tmp_path / "run", chunk=10)
    assert isinstance(stored, StoredRecords) and len(stored) == len(one) and len(stored.files()) == 4
    assert stored.load() == one and Records.load(tmp_path / "run") == one
    assert one.candidates(len(one) - 1).shape[0] == one.n_candidates[-1]
    one.save(tmp_path / "r.npz")
    back = Records.load(tmp_path / "r.npz")
    assert back == one and back.meta == one.meta and back.observation.dtype == np.float32
    with pytest.raises(ValueError, match="already holds"):
        selfplay(rules, 3, out=tmp_path / "run")


def test_records_play_simulates_deals():
    rules = Rules()
    rec = selfplay(rules, 30, seed=5, threads=2, skip_forced=False)
    sim = simulate(rules, 30, seed=5, threads=1)
    first = np.unique(rec.game, return_index=True)[1]
    assert np.array_equal(rec.points[first], sim.attacker_points)
    assert len(rec) > len(selfplay(rules, 30, seed=5))  # the forced decisions are rows too
    assert np.all(rec.n_candidates >= 1) and set(np.unique(rec.phase)) >= {0, 1, 5}


def test_selfplay_refuses_what_it_cannot_run():
    with pytest.raises(ValueError, match="natively"):
        selfplay(Rules(), 2, policy=bots.PIMC(worlds=2))
    with pytest.raises(ValueError, match="reward"):
        selfplay(Rules(), 2, reward="wins")
    with pytest.raises(ValueError, match="games"):
        selfplay(Rules(), -1)
    with pytest.raises(TypeError, match="skip_forced"):
        selfplay(Rules(), 2, skip_forced=1)
    with pytest.raises(ValueError, match="not kept"):
        selfplay(Rules(), 2).candidates(0)


def test_jit_policies_see_the_observation_tensor_and_make_records():
    pytest.importorskip("numba")
    from shengji import Deal, jit_policy
    from shengji.envs import observation_tensor_jit
    from shengji.jit import OBSERVATION, POSITION_SIZE

    d = Deal(Rules.preset("bianfeng-friend"), seed=4)
    while d.phase != "done":
        if d.phase in ("declare", "play"):
            position, _, _ = _core.policy_view(d)
            assert position.shape == (POSITION_SIZE,)
            assert np.array_equal(position[OBSERVATION:], _core.observation_codes(d, d.to_move))
            out = np.zeros(784, np.float32)
            observation_tensor_jit(position, out)
            assert np.array_equal(out, envs.observation_tensor(d.observation(d.to_move)))
        d.act(d.policy_action("greedy"))

    def fewest_trumps(position, candidates):  # reads the tensor: plays the candidate with the fewest trumps
        if position[1] != 5:
            return -1
        obs = np.zeros(784, np.float32)
        observation_tensor_jit(position, obs)
        best, pick = 1e9, 0
        for i in range(candidates.shape[0]):
            n = 0.0
            for k in range(54):
                n += candidates[i, k] * obs[648 + k]
            if n < best:
                best, pick = n, i
        return pick

    bot = jit_policy(fewest_trumps)
    rec = selfplay(Rules(), 20, policy=bot, seed=3, threads=2)
    sim = simulate(Rules(), 20, policy=bot, seed=3, threads=1)
    first = np.unique(rec.game, return_index=True)[1]
    assert np.array_equal(rec.points[first], sim.attacker_points)
    assert rec == selfplay(Rules(), 20, policy=bot, seed=3, threads=1)
