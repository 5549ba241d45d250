"""Observations (issue 38, item 9): an observation made by hand or tampered with is checked once, field by field,
before the core reads it (``shengji.observation.check``, called by ``determinize``, the samplers and
``observation_tensor``): a TypeError or ValueError names the field, its value and what is allowed, never an
OverflowError, an IndexError, an AttributeError or "this is a bug"."""

from __future__ import annotations

import dataclasses
import time

import pytest

import shengji
from shengji import Cards, Deal, Rules
from shengji.agents import worlds
from shengji.game.observation import Observation, check

R = Rules()


def _play_observation(rules=R, seed=1, tricks=3, seat=1):
    deal = Deal(rules, seed=seed)
    while not (deal.phase == "play" and len(deal.tricks) >= tricks and deal.to_move != seat):
        deal.act(deal.policy_action("greedy"))
    return deal.observation(seat)


@pytest.fixture(scope="module")
def obs():
    return _play_observation()


@pytest.fixture(scope="module")
def friend_obs():
    """A 找朋友 observation before the friend is revealed (the called card not yet played by the partner)."""
    rules = Rules.preset("bianfeng-friend")
    for seed in range(50):
        o = _play_observation(rules, seed=seed, tricks=2)
        if o.called is not None and o.friend is None:
            return o
    pytest.skip("no 找朋友 deal before its reveal")  # pragma: no cover


def _bad(obs, **change):
    return dataclasses.replace(obs, **change)


CASES = [  # (change, exception, what the message holds)
    (lambda o: {"declaration_steps": (10**6,) + o.declaration_steps[1:]}, ValueError,
     "observation.declaration_steps[0] must be a position in the pack 0 .. 107, or -1 (a grab), got 1000000"),
    (lambda o: {"declaration_steps": (-5,) + o.declaration_steps[1:]}, ValueError,
     "observation.declaration_steps[0] must be a position in the pack 0 .. 107, or -1 (a grab), got -5"),
    (lambda o: {"declarations": ((7, o.declarations[0][1]),) + o.declarations[1:]}, ValueError,
     "observation.declarations[0] seat must be a seat 0 .. 3, got 7"),
    (lambda o: {"rules": None}, TypeError, "observation.rules must be a shengji.Rules, got None"),
    (lambda o: {"declarations": ((0, Cards("2S")),) * 40_000, "declaration_steps": (1,) * 40_000}, ValueError,
     "observation.declarations must be a tuple of at most 432 entries (what a deal can make), got ((0, Cards('2S'))"),
    (lambda o: {"declaration_steps": o.declaration_steps + (3,)}, ValueError,
     "observation.declaration_steps must be one step per declaration"),
    (lambda o: {"to_move": 9}, ValueError, "observation.to_move must be a seat 0 .. 3 or None, got 9"),
    (lambda o: {"to_move": None}, ValueError, "observation.to_move must be a seat 0 .. 3 in the 'play' phase (None "
                                              "only when it is 'done'), got None"),
    (lambda o: {"phase": "done"}, ValueError, "observation.phase must be 'done' only when no seat is to move"),
    (lambda o: {"phase": "dealing"}, ValueError, "observation.phase must be a phase, one of declare, bury"),
    (lambda o: {"attacker_points": -500}, ValueError,
     "observation.attacker_points must be an integer 0 .. 32,767 or None, got -500"),
    (lambda o: {"attacker_points": 5.0}, TypeError, "observation.attacker_points must be an integer 0 .. 32,767 or "
                                                    "None, got 5.0"),
    (lambda o: {"seat": 7}, ValueError, "observation.seat must be a seat 0 .. 3, got 7"),
    (lambda o: {"seat": True}, TypeError, "observation.seat must be a seat 0 .. 3, got True"),
    (lambda o: {"level": "1"}, ValueError, "observation.level must be a rank, one of 2, 3"),
    (lambda o: {"trump": "X"}, ValueError, "observation.trump must be a suit, one of S, H, D, C, or None"),
    (lambda o: {"hand": "AS KS"}, TypeError, "observation.hand must be Cards, got 'AS KS'"),
    (lambda o: {"hand": o.hand - Cards([o.hand.indices()[0]])}, ValueError,
     "observation.hand must be the seat's hand of hand_sizes[1] = "),
    (lambda o: {"hand_sizes": (1, 2, 3)}, ValueError, "observation.hand_sizes must be four sizes, one per seat"),
    (lambda o: {"hand_sizes": (99, 99, 99, 99)}, ValueError, "observation.hand_sizes[0] must be an integer 0 .. 33"),
    (lambda o: {"tricks": ((9, o.tricks[0][1], 0),) + o.tricks[1:]}, ValueError,
     "observation.tricks[0] leader must be a seat 0 .. 3, got 9"),
    (lambda o: {"trick_leader": -1}, ValueError, "observation.trick_leader must be a seat 0 .. 3, got -1"),
    (lambda o: {"voids": (frozenset("X"),) * 4}, TypeError, "observation.voids[0] must be a set of effective suits"),
    (lambda o: {"trick": (Cards("AS"),) * 4}, ValueError, "observation.trick must be a tuple of at most 3 entries"),
    (lambda o: {"first_deal": 1}, TypeError, "observation.first_deal must be True or False, got 1"),
    (lambda o: {"called": Cards("AS AS")}, ValueError, "observation.called must be one card"),
    (lambda o: {"friend": 2}, ValueError, "observation.friend must be None without a called card (找朋友), got 2"),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_a_tampered_observation_is_refused_naming_the_field(obs, case):
    change, exc, text = CASES[case]
    bad = _bad(obs, **change(obs))
    for call in (check, lambda o: shengji.determinize(o, 1), lambda o: shengji.determinize(o, 1, reference=True),
                 worlds.sampler):
        with pytest.raises(exc) as err:
            call(bad)
        assert text in str(err.value), (str(err.value), text)
        assert len(str(err.value)) < 400


def test_observation_tensor_checks_too(obs):
    pytest.importorskip("gymnasium")
    from shengji.envs import observation_tensor

    with pytest.raises(ValueError, match=r"observation.to_move must be a seat 0 \.\. 3 or None, got 9"):
        observation_tensor(_bad(obs, to_move=9))
    assert observation_tensor(obs).shape == (784,)


def test_an_impossible_friend_reveal_is_refused_at_once(friend_obs):
    """A friend who has not played the called card: refused before any draw (it used to draw 100,000 worlds, 76 s
    with reference=True, then say "this is a bug")."""
    called = friend_obs.called.indices()[0]
    caller = friend_obs.burier
    liar = next(s for s in range(4) if s != caller and called not in friend_obs.played_by(s).indices())
    bad = _bad(friend_obs, friend=liar)
    with pytest.raises(ValueError, match=rf"observation.friend must be None or a seat other than the one that called "
                                         rf"\(seat {caller}\), got {caller}"):
        shengji.determinize(_bad(friend_obs, friend=caller), 1)
    for reference in (False, True):
        t = time.perf_counter()
        with pytest.raises(ValueError) as err:
            shengji.determinize(bad, 1, reference=reference)
        assert time.perf_counter() - t < 5
        assert (f"observation.friend must be None or a seat that has played the called card {friend_obs.called} "
                f"(the reveal), got {liar}") in str(err.value)
        assert "bug" not in str(err.value)


def test_real_observations_pass(obs, friend_obs):
    assert check(obs) is obs and check(friend_obs) is friend_obs
    assert shengji.determinize(obs, 1).phase == "play"
    assert shengji.determinize(friend_obs, 2).phase == "play"
    done = Deal(R, seed=4)
    while done.phase != "done":
        done.act(done.policy_action("greedy"))
    for s in range(4):
        assert check(done.observation(s)).phase == "done"
    with pytest.raises(TypeError, match="expected an Observation"):
        check("observation")
    assert isinstance(obs, Observation)
