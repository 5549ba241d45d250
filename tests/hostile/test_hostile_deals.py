"""Hostile deals (issue 38, items 1 and 4): a Deal subclass whose ``__new__`` gives no instance (a forgotten
``return``) is refused with TypeError wherever a deal is built through its class, never a crash; a subclass's own
attributes survive ``clone``, pickling and ``copy.deepcopy``; and a move that runs out of memory while it is
recorded raises MemoryError and leaves the deal as it was (the core takes the history's node before the state
changes: sj_deal_act_why, sj_world_force; out of memory is injected with the tests' hook, sj_log_fail_after).
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import textwrap

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


# Each path that builds a deal through its class, with a subclass whose __new__ forgets its return. Run in a
# subprocess: the unchecked cast crashed the interpreter.
_BROKEN_NEW = textwrap.dedent("""
    import copy, pickle, random
    import shengji
    from shengji import Rules, _core
    from shengji.agents import worlds

    class Broken(shengji.Deal):
        broken = False

        def __new__(cls, *args, **kwargs):
            d = super().__new__(cls)
            if not cls.broken:
                return d

    def world_at(preset, moves, seat):
        d = shengji.Deal(Rules.preset(preset), seed=3, trump="declare")
        for _ in range(moves):
            d.act(d.policy_action("greedy"))
        return d.observation(seat)

    def taian_face_down(declaring):
        d = shengji.Deal(Rules.preset("taian"), seed=1, trump="declare")
        while d.phase == "declare" and not (declaring and d.declarations):
            d.act(d.policy_action("greedy"))
        obs = d.observation(0 if declaring else d.to_move)  # (seat 2 declared face down; seat 0 buries)
        assert worlds.face_down(obs) and obs.phase == ("declare" if declaring else "bury")
        return obs

    ok = Broken(Rules(), seed=1)
    Broken.broken = True
    r = Rules()
    cases = {
        "clone": lambda: ok.clone(),
        "pickle": lambda: pickle.loads(pickle.dumps(ok)),
        "deepcopy": lambda: copy.deepcopy(ok),
        "the record": lambda: ok.__reduce__()[0](*ok.__reduce__()[1]),
        "a world (template)": lambda: worlds.determinize(world_at("qq-2deck", 120, 1), 1, deal_class=Broken),
        "a world (reference)": lambda: worlds.determinize(world_at("qq-2deck", 120, 1), 1, deal_class=Broken,
                                                          reference=True),
        "a world (policy)": lambda: worlds.determinize(world_at("qq-2deck", 120, 1), 1, deal_class=Broken,
                                                       inference="policy"),
        "a world (declaring)": lambda: worlds.determinize(world_at("qq-2deck", 20, 1), 1, deal_class=Broken),
        "a world (泰安 face down, declaring)": lambda: worlds.determinize(taian_face_down(True), 1,
                                                                          deal_class=Broken),
        "a world (泰安 face down, burying)": lambda: worlds.determinize(taian_face_down(False), 1,
                                                                        deal_class=Broken),
        "NativeRun.deal": lambda: _core.NativeRun(r, 2, [_core.policy_index("greedy")] * 4, 0, 0, 1, -1, "2",
                                                  "declare", [None] * 4, None, None).deal(0, Broken),
    }
    for name, call in cases.items():
        try:
            call()
        except TypeError as err:
            assert "Broken.__new__ returned NoneType, not a Broken" in str(err), (name, err)
            print("refused:", name, flush=True)
        else:
            raise SystemExit(f"{name}: accepted")
    print("done")
""")


def test_a_subclass_whose_new_gives_no_instance_is_refused_everywhere():
    r = subprocess.run([sys.executable, "-c", _BROKEN_NEW], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stdout[-1000:], r.stderr[-1500:])  # a signal is negative
    assert r.stdout.count("refused:") == 11 and r.stdout.strip().endswith("done"), r.stdout


class Tagged(shengji.Deal):
    """A subclass with attributes of its own (an instance __dict__)."""


def test_a_subclass_keeps_its_attributes_through_clone_pickle_and_deepcopy():
    d = Tagged(Rules(), seed=4)
    d.tag, d.notes = "x", ["a"]
    d.act(d.policy_action("greedy"))
    for how, c in (("clone", d.clone()), ("pickle", pickle.loads(pickle.dumps(d))), ("deepcopy", copy.deepcopy(d))):
        assert type(c) is Tagged and (c.tag, c.notes) == ("x", ["a"]), how
        assert c.moves == d.moves and c.hand(0) == d.hand(0), how
        c.tag = "y"
        assert d.tag == "x", how  # each its own __dict__
    assert copy.deepcopy(d).notes is not d.notes  # (deep: the values copied too; clone copies them shallowly)
    world = shengji.determinize(d.observation(1), 3)  # a world of the plain shengji.Deal (no __dict__) is fine
    assert pickle.loads(pickle.dumps(world)).moves == world.moves
    assert Tagged(Rules(), seed=4).clone().__dict__ == {}


def test_unpickling_out_of_memory_raises_memory_error(out_of_memory):
    """Memory running out part way through rebuilding a pickled world (its recorded start, then its moves):
    MemoryError, nothing half-made is returned, and the next try rebuilds it whole."""
    d = shengji.Deal(Rules.preset("4deck"), seed=5, trump="declare")
    while d.phase != "play" or len(d.tricks) < 2:
        d.act(d.policy_action("greedy"))
    world = shengji.determinize(d.observation(1), 7)
    data = pickle.dumps(world)
    for n in (1, 2, len(world.declarations) + 1, len(world.moves)):
        out_of_memory(n)
        with pytest.raises(MemoryError):
            pickle.loads(data)
        out_of_memory(0)
    assert pickle.loads(data).moves == world.moves


def test_a_bad_world_record_is_refused():
    """A pickled world's start, tampered with: a clear ValueError or TypeError naming it, never a crash."""
    d = shengji.Deal(Rules.preset("4deck"), seed=5, trump="declare")
    while d.phase != "play":
        d.act(d.policy_action("greedy"))
    f, args = shengji.determinize(d.observation(1), 7).__reduce__()[:2]
    burier, declared, turned_up, dealt_by, recorded = args[8]
    assert recorded and recorded[0][0] == "declared"
    bad = {
        "not a tuple": ([1, 2],),
        "a seat out of range": ((9, declared, turned_up, dealt_by, recorded),),
        "dealt_by not a seat": ((burier, declared, turned_up, 4, recorded),),
        "declared not a bool": ((burier, 1, turned_up, dealt_by, recorded),),
        "entries not a list": ((burier, declared, turned_up, dealt_by, "declared"),),
        "an unknown entry": ((burier, declared, turned_up, dealt_by, [("teleport", 0, "AS")] + list(recorded)),),
        "a declaration after a burial": ((burier, declared, turned_up, dealt_by,
                                          [("buried", 0, None, 0)] + list(recorded)),),
        "an unseen declaration": ((burier, declared, turned_up, dealt_by, [("declared", 0, None, 0)]),),
        "not a declaration": ((burier, declared, turned_up, dealt_by, [("declared", 0, "3S 4H", 0)]),),
        "a step out of range": ((burier, declared, turned_up, dealt_by, [recorded[0][:3] + (1 << 20,)]),),
        "a seat of an entry": ((burier, declared, turned_up, dealt_by, [(recorded[0][0], 5) + recorded[0][2:]]),),
    }
    for name, world in bad.items():
        with pytest.raises((ValueError, TypeError), match="world record"):
            f(*args[:8], *world)
            pytest.fail(name)
    with pytest.raises(ValueError, match="bury phase"):  # (a world starts with its trump fixed)
        f(args[0], args[1], args[2], args[3], "declare", *args[5:])
