"""Policies (issue 38, item 8): a bot class is not a bot (pass an instance), a numpy array of names is the sequence
of four it holds (never a bot: an ndarray has a choose() of its own), and a seat that is not a policy is refused
when the run or the match is made, naming the seat."""

from __future__ import annotations

import numpy as np
import pytest

import shengji
from shengji import Match, Rules, bots, selfplay, simulate, simulate_matches

R = Rules()


@pytest.mark.parametrize("cls", [bots.Greedy, bots.Random, bots.PIMC])
@pytest.mark.parametrize("run", [lambda p: simulate(R, 2, policy=p), lambda p: simulate_matches(R, 1, policy=p),
                                 lambda p: selfplay(R, 1, policy=p), lambda p: Match(R, policy=p)])
def test_a_bot_class_is_refused_saying_to_pass_an_instance(cls, run):
    with pytest.raises(TypeError) as err:
        run(cls)
    text = str(err.value)
    assert f"policy must be a bot, not the class {cls.__name__}: pass an instance ({cls.__name__}())" in text, text


def test_a_bot_class_in_a_list_names_its_seat():
    with pytest.raises(TypeError, match=r"policy\[2\] \(seat 2\) must be a bot, not the class Greedy: pass an "
                                        r"instance \(Greedy\(\)\)"):
        Match(R, policy=["greedy", "greedy", bots.Greedy, "greedy"])
    with pytest.raises(TypeError, match=r"policy\[0\] \(seat 0\)"):
        simulate(R, 2, policy=[bots.Random, "greedy", "greedy", "greedy"])


def test_an_array_of_names_is_the_four_seats():
    names = np.array(["greedy", "random", "greedy", "random"])
    assert simulate(R, 20, policy=names, seed=2) == simulate(R, 20, policy=list(names), seed=2)
    assert simulate(R, 20, policy=np.array(["greedy"] * 4), seed=2) == simulate(R, 20, policy="greedy", seed=2)
    assert selfplay(R, 2, policy=np.array(["greedy"] * 4)) == selfplay(R, 2, policy="greedy")
    assert simulate_matches(R, 2, policy=names, seed=1) == simulate_matches(R, 2, policy=list(names), seed=1)
    bot = bots.Greedy()
    m = Match(R, policy=np.array([bot, "greedy", "random", "greedy"], dtype=object))
    assert m.bots[0] is bot


@pytest.mark.parametrize("array,exc,match", [
    (np.array(["greedy"] * 3), ValueError, r"a list of policies needs one per seat \(4\), got 3"),
    (np.array([["greedy"] * 2] * 2), ValueError, r"policy as an array must hold one policy per seat \(shape \(4,\)\), "
                                                 r"got shape \(2, 2\)"),
    (np.array("greedy"), ValueError, r"shape \(4,\)\), got shape \(\)"),
    (np.array(["greedy", "nope", "greedy", "greedy"]), ValueError, "unknown policy 'nope'"),
    (np.zeros(4), TypeError, r"policy\[0\] \(seat 0\) must be a policy name .* not float 0.0"),
])
def test_other_arrays_are_refused_naming_policy(array, exc, match):
    with pytest.raises(exc, match=match):
        simulate(R, 2, policy=array)
    with pytest.raises(exc, match=match):
        Match(R, policy=array)


@pytest.mark.parametrize("bad,name", [(None, "NoneType"), (3, "int"), (object(), "object")])
def test_a_seat_that_is_not_a_policy_is_refused_at_construction(bad, name):
    with pytest.raises(TypeError) as err:
        Match(R, policy=["greedy", bad, "random", "greedy"])
    text = str(err.value)
    assert "policy[1] (seat 1) must be a policy name ('random', 'greedy') or a bot with choose()" in text, text
    assert f"not {name}" in text
    with pytest.raises(TypeError, match=r"policy\[1\] \(seat 1\)"):
        simulate_matches(R, 1, policy=["greedy", bad, "random", "greedy"])


def test_an_instance_still_plays():
    m = Match(R, seed=1, policy=bots.Greedy())
    assert m.play_deal().index == 0
    assert shengji.simulate(R, 2, policy=bots.Greedy()).games == 2
