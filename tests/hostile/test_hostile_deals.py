"""Hostile deals (issue 38, item 4): a move that runs out of memory while it is recorded raises MemoryError and
leaves the deal as it was (the core takes the history's node before the state changes: sj_deal_act_why,
sj_world_force; out of memory is injected with the tests' hook, sj_log_fail_after).
"""

from __future__ import annotations

import pytest

import shengji
from shengji import Deal, Rules, _core


@pytest.fixture
def out_of_memory():
    """Arm the core's fault injection (the n-th history node fails as if memory ran out); disarmed after."""
    yield _core._log_fail_after
    _core._log_fail_after(0)


def _state(d: Deal) -> tuple:
    return (d.phase, d.to_move, [d.hand(s) for s in range(4)], d.kitty, d.moves, d.tricks, d.trick,
            d.declarations, d.declarer, d.burials, d.grabs, d.attacker_points, d.failed_throw_log,
            _core.observation_codes(d, 0).tolist(), d.legal_actions() if d.phase != "bury" else None)


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_act_out_of_memory_changes_nothing(out_of_memory, preset):
    """Every move of a whole deal first fails for want of memory: MemoryError, the deal exactly as it was; then
    it is made, as it would have been."""
    d = shengji.Deal(Rules.preset(preset), seed=11, trump="declare")
    twin = d.clone()
    phases = set()
    while d.phase != "done":
        action, before = d.policy_action("greedy"), _state(d)
        assert out_of_memory(1) == 0
        with pytest.raises(MemoryError):
            d.act(action)
        assert _state(d) == before
        phases.add(d.phase)
        assert d.act(action) == twin.act(action)
        assert _state(d) == _state(twin)
    assert d.result() == twin.result()
    assert {"declare", "bury", "play"} <= phases


def test_a_replayed_play_out_of_memory_changes_nothing(out_of_memory):
    d = shengji.Deal(Rules(), seed=2, trump="S")
    d.act(d.policy_action("greedy"))
    play, before = d.policy_action("greedy"), _state(d)
    out_of_memory(1)
    with pytest.raises(MemoryError):
        _core.replay_move(d, ("force", play))
    assert _state(d) == before
    _core.replay_move(d, ("force", play))
    assert d.moves[-1][:2] == ("force", play)
