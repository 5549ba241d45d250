"""Leftovers (issue 38, item 10): ``MatchResult.win_rate``'s team, ``observation_tensor`` of an observation whose seat
is not a seat, ``Records.candidates``' row, and the AEC environment's ``agent_selection`` before ``reset()``."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from shengji import Deal, Rules, selfplay, simulate_matches

R = Rules()


@pytest.fixture(scope="module")
def matches():
    return simulate_matches(R, 4, seed=1)


@pytest.mark.parametrize("team", [True, False, 0.0, 1.0, "0"])
def test_win_rate_refuses_a_team_of_another_type(matches, team):
    with pytest.raises(TypeError, match=rf"team must be 0 \(seats 0\+2\) or 1 \(seats 1\+3\), not "
                                        rf"{type(team).__name__} {team!r}"):
        matches.win_rate(team=team)
    with pytest.raises(TypeError, match="team must be"):
        matches.win_rate(team=team, seat=0)


@pytest.mark.parametrize("team", [2, -1, np.int64(5)])
def test_win_rate_refuses_a_team_out_of_range(matches, team):
    with pytest.raises(ValueError, match=rf"team must be 0 \(seats 0\+2\) or 1 \(seats 1\+3\), got {int(team)}$"):
        matches.win_rate(team=team)


def test_win_rate_takes_numpy_teams(matches):
    assert matches.win_rate(team=np.int64(1)) == matches.win_rate(team=1)
    assert matches.win_rate(team=np.int8(0), seat=2) == matches.win_rate(team=0)


@pytest.mark.parametrize("seat", [7, -1, 4])
def test_observation_tensor_refuses_an_observation_of_no_seat(seat):
    pytest.importorskip("gymnasium")
    from shengji.envs import observation_tensor

    obs = dataclasses.replace(Deal(R, seed=1).observation(0), seat=seat)
    with pytest.raises(ValueError, match=rf"observation.seat must be a seat 0 \.\. 3, got {seat}"):
        observation_tensor(obs)


@pytest.fixture(scope="module")
def records():
    return selfplay(R, 2, keep_candidates=True)


@pytest.mark.parametrize("row", [1.5, "0", None, True])
def test_candidates_refuses_a_row_of_another_type(records, row):
    with pytest.raises(TypeError, match=rf"row must be an integer 0 \.\. {len(records) - 1} \(a row of the records\), "
                                        rf"not {type(row).__name__}"):
        records.candidates(row)


def test_candidates_row_range_and_numpy(records):
    n = len(records)
    with pytest.raises(IndexError, match=rf"row {n} out of range 0 \.\. {n - 1}"):
        records.candidates(n)
    with pytest.raises(IndexError, match=r"row -1 out of range"):
        records.candidates(-1)
    assert np.array_equal(records.candidates(np.int64(3)), records.candidates(3))
    assert records.candidates(3).shape[0] == records.n_candidates[3]


def test_agent_selection_before_reset_says_to_call_reset():
    pytest.importorskip("pettingzoo")
    from shengji.envs import aec_env

    env = aec_env(R).unwrapped
    with pytest.raises(AttributeError, match=r"agent_selection: reset\(\) needs to be called first"):
        env.agent_selection  # noqa: B018
    assert not hasattr(env, "agent_selection")  # still an AttributeError: hasattr and getattr(..., default) work
    env.reset(seed=1)
    assert env.agent_selection in env.possible_agents
