"""Hostile cases of the long native calls: Ctrl-C stops each within a second, a search's clock bounds the whole
decision (the exact endgame inside a world included), absurd budgets are refused with the limit named, and
counts are checked with the argument named (numpy integers accepted, no OverflowError from deep inside).

The Ctrl-C cases run in subprocesses with SIGINT at its default (tests/children.py), all started together: each
prints a line right before its long call, gets SIGINT half a second after all have, and must print ``interrupted``
(or, for the command line, exit with 130 and one line) within a second of the signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import children
import numpy as np
import pytest

import shengji
from shengji import Deal, Rules, bots, search

_PLAY = f"""  # the child reaches its position as the tests here do (_at)
import sys
sys.path[:0] = [{str(Path(__file__).resolve().parent)!r}, {str(Path(__file__).resolve().parents[1])!r}]
import shengji
from shengji import Deal, Rules, bots, search
from test_hostile_native import _at as at
"""

CALLS = {
    "ismcts_time": "d = at(Rules(), 25); print('go', flush=True); bots.ISMCTS(time_ms=3_000_000).play(d)",
    "pimc_endgame_full_hand": ("d = at(Rules.preset('qq-1deck'), 12); print('go', flush=True); "
                               "bots.PIMC(endgame=13, worlds=1).play(d)"),
    "pimc_endgame_12": "d = at(Rules(), 12); print('go', flush=True); bots.PIMC(endgame=12, worlds=4).play(d)",
    "pimc_worlds": "d = at(Rules(), 25); print('go', flush=True); bots.PIMC(worlds=100_000).play(d)",
    "pimc_time": "d = at(Rules(), 25); print('go', flush=True); bots.PIMC(time_ms=3_000_000).play(d)",
    "rollouts": "d = at(Rules(), 25); print('go', flush=True); search.rollouts(d, worlds=200_000)",
    "selfplay": "print('go', flush=True); shengji.selfplay(Rules(), 10**6, threads=2)",
    "simulate_matches": "print('go', flush=True); shengji.simulate_matches(Rules(), 10**6, threads=2)",
    "solve": "d = at(Rules(), 25); print('go', flush=True); d.solve()",
}

CLI = {
    "cli_matches": ["matches", "--matches", "1000000"],
    "cli_tournament_endgame": ["tournament", "--bots", "pimc,greedy", "--endgame", "12", "--deals", "1000"],
    "cli_replay_worlds": ["replay", "--bots", "pimc,greedy", "--worlds", "100000", "--out",
                          os.path.join(tempfile.gettempdir(), f"sj-replay-{os.getpid()}.html")],
}


def _child(name: str) -> subprocess.Popen:
    kw: dict = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True,
                "env": {**os.environ, "PYTHONUNBUFFERED": "1"}}
    if name in CLI:
        return children.cli(CLI[name], **kw)
    code = _PLAY + textwrap.dedent(f"""
    try:
        {CALLS[name]}
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    else:
        print("finished", flush=True)
    """)
    return children.popen([sys.executable, "-c", code], **kw)


@pytest.fixture(scope="module")
def interrupted() -> dict[str, tuple[int, str, str, float]]:
    """Every long call started together (SIGINT at its default in each, whatever this run inherited: tests/
    children.py), each sent SIGINT once all have printed that they reach their long call, and half a second more
    (so the signal lands inside the native loop, not before it): (rc, out, err, seconds from the signal to the
    process's end)."""
    procs = {name: _child(name) for name in [*CALLS, *CLI]}
    try:
        results = {}
        for name, p in procs.items():
            children.wait_ready(p, name)  # the child reached its long call
        time.sleep(0.5)  # into the native loops
        sent = {}
        for name, p in procs.items():
            assert p.poll() is None, f"{name} ended before the signal: {p.communicate()}"
            p.send_signal(signal.SIGINT)
            sent[name] = time.monotonic()
        ended: dict[str, float] = {}
        while len(ended) < len(procs) and time.monotonic() < max(sent.values()) + 30:
            for name, p in procs.items():
                if name not in ended and p.poll() is not None:
                    ended[name] = time.monotonic() - sent[name]
            time.sleep(0.01)
        for name, p in procs.items():
            if name not in ended:
                p.kill()
            out, err = p.communicate()
            results[name] = (p.returncode, out, err, ended.get(name, float("inf")))
    finally:  # a failed check must not leave a long call running
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait()
    return results


@pytest.mark.parametrize("name", list(CALLS))
def test_ctrl_c_stops_a_long_native_call(interrupted: dict, name: str) -> None:
    rc, out, err, seconds = interrupted[name]
    assert "interrupted" in out, (name, rc, out, err[-2000:])
    assert rc == 0, (name, rc, err[-2000:])  # no native thread outlives the call (it would crash at exit)
    assert seconds < 1.0 + 0.5, f"{name} took {seconds:.2f} s to stop after SIGINT"  # 0.5 s: two busy cores


@pytest.mark.parametrize("name", list(CLI))
def test_ctrl_c_stops_the_command_line(interrupted: dict, name: str) -> None:
    rc, out, err, seconds = interrupted[name]
    assert rc == 130, (name, rc, out[-500:], err[-2000:])
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert seconds < 1.5, f"{name} took {seconds:.2f} s to stop after SIGINT"


def _at(rules: Rules, cards: int, seed: int = 0) -> Deal:
    """A greedy deal's first position in the play phase with at most ``cards`` cards a hand (the first seed from
    ``seed`` whose deal has one: a long lead can end a deal from more cards)."""
    while True:
        d = Deal(rules, seed=seed)
        while d.phase != "done" and (d.phase != "play" or max(len(d.hand(s)) for s in range(4)) > cards):
            d.act(d.policy_action("greedy"))
        if d.phase == "play":
            return d
        seed += 1


def test_time_ms_bounds_the_exact_endgame_inside_a_world() -> None:
    """PIMC with the exact endgame at 9 cards a hand takes minutes a decision without a clock; with one the
    solver stops at the deadline (that world finished by the policy) and the decision returns on time."""
    d = _at(Rules(), 9)
    bot = bots.PIMC(endgame=9, worlds=64, time_ms=300, threads=1)
    t = time.perf_counter()
    choice = bot.play(d)
    elapsed = time.perf_counter() - t
    assert choice in d.legal_actions()
    assert elapsed < 0.300 + 0.050, f"a 300 ms decision took {elapsed * 1000:.0f} ms"


def test_rollouts_under_a_clock_finish_the_worlds_the_solver_did_not() -> None:
    d = _at(Rules(), 9)
    t = time.perf_counter()
    r = search.rollouts(d, worlds=8, endgame=9, time_ms=50, threads=1)
    assert time.perf_counter() - t < 0.050 + 0.050
    assert r.worlds >= 1 and (r.attacker_points >= 0).all()
    assert (r.attacker_points <= 200 * 4).all()


def test_no_clock_no_change() -> None:
    """Without time_ms the endgame's results do not depend on the clock: same seed, same arrays."""
    d = _at(Rules(), 4)
    a = search.rollouts(d, worlds=16, endgame=4, seed=3)
    b = search.rollouts(d, worlds=16, endgame=4, seed=3, threads=1)
    assert np.array_equal(a.attacker_points, b.attacker_points)


@pytest.mark.parametrize("make", [
    lambda: bots.PIMC(time_ms=3_600_001), lambda: bots.ISMCTS(time_ms=1e8), lambda: bots.PIMC(time_ms=1e9),
    lambda: search.rollouts(_at(Rules(), 25), time_ms=4e6), lambda: search.ismcts(_at(Rules(), 25), time_ms=4e6),
])
def test_time_ms_above_one_hour_is_refused(make) -> None:
    with pytest.raises(ValueError, match="one hour"):
        make()


@pytest.mark.parametrize("make", [
    lambda: bots.PIMC(endgame=64), lambda: bots.PIMC(endgame=14),
    lambda: search.rollouts(_at(Rules(), 25), endgame=20), lambda: _at(Rules(), 5).solve(max_cards=99),
])
def test_endgame_above_the_solvers_limit_is_refused(make) -> None:
    with pytest.raises(ValueError, match=f"0 .. {shengji._core.SOLVE_MAX_CARDS}"):
        make()


def test_the_largest_endgame_is_accepted() -> None:
    assert bots.PIMC(endgame=shengji._core.SOLVE_MAX_CARDS).endgame == shengji._core.SOLVE_MAX_CARDS
    _at(Rules(), 3).solve(max_cards=shengji._core.SOLVE_MAX_CARDS)


@pytest.mark.parametrize("call, name", [
    (lambda: shengji.simulate(Rules(), 10, threads=2**40), "threads"),
    (lambda: shengji.simulate_matches(Rules(), 2, max_deals=2**64), "max_deals"),
    (lambda: shengji.simulate_matches(Rules(), 2, threads=2**40), "threads"),
    (lambda: shengji.simulate_matches(Rules(), 2**64), "matches"),
    (lambda: shengji.Match(Rules.preset("qq-2deck"), points=(10**20, 0, 0, 0)), "points"),
    (lambda: Rules().level_outcome(2**40), "attacker_points"),
    (lambda: bots.PIMC(worlds=2**40), "worlds"),
    (lambda: bots.ISMCTS(trees=2**40), "trees"),
    (lambda: shengji.tournament(Rules(), {"a": "greedy", "b": "random"}, deals=2**64), "deals"),
    (lambda: shengji.selfplay(Rules(), 2, threads=2**40), "threads"),
    (lambda: shengji.selfplay(Rules(), 2, first_game=2**64), "first_game"),
    (lambda: shengji.selfplay(Rules(), 2, first_game=2**63), "first_game"),  # game numbers are int64
    (lambda: shengji.selfplay(Rules(), 2, first_game=2**64 - 2), "first_game"),
    (lambda: shengji.simulate_matches(Rules(), 2, first_match=2**64 - 1), "first_match"),
])
def test_huge_counts_name_the_argument(call, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        call()


def test_rollouts_that_cannot_fit_in_memory_are_refused() -> None:
    with pytest.raises(ValueError, match="worlds"):
        search.rollouts(_at(Rules(), 25), worlds=2_000_000_000)


def test_numpy_integers_are_counts_and_seeds() -> None:
    r = shengji.simulate_matches(Rules(), np.int64(2), seed=np.uint64(5), threads=np.int32(1))
    assert len(r.winner) == 2
    assert np.array_equal(r.winner, shengji.simulate_matches(Rules(), 2, seed=5, threads=1).winner)
    d = _at(Rules(), 25)
    a = search.rollouts(d, worlds=np.int64(4), seed=np.uint32(7), threads=np.int8(1))
    b = search.rollouts(d, worlds=4, seed=7, threads=1)
    assert np.array_equal(a.attacker_points, b.attacker_points)
    assert bots.PIMC(seed=np.int64(3), worlds=np.int16(8)).seed == 3
    assert bots.ISMCTS(seed=np.uint64(3), iterations=np.int64(10)).seed == 3
    assert bots.Random(seed=np.int64(3)).seed == 3
    rec = shengji.selfplay(Rules(), np.int64(3), seed=np.uint8(2), threads=np.int64(1), first_game=np.int32(4))
    assert rec == shengji.selfplay(Rules(), 3, seed=2, threads=1, first_game=4)
    assert int(rec.game.max()) == 6
    last = shengji.selfplay(Rules(), 1, first_game=2**63 - 1)  # the last game number that fits
    assert int(last.game[0]) == 2**63 - 1


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, 2**64])
def test_bots_and_search_refuse_bad_seeds(seed) -> None:
    d = _at(Rules(), 25)
    for make in (lambda: bots.PIMC(seed=seed), lambda: bots.ISMCTS(seed=seed), lambda: bots.Random(seed=seed),
                 lambda: search.rollouts(d, worlds=2, seed=seed), lambda: search.ismcts(d, iterations=2, seed=seed)):
        with pytest.raises((TypeError, ValueError), match="seed"):
            make()


def test_simulate_matches_refuses_levels_match_refuses() -> None:
    with pytest.raises((TypeError, ValueError)) as direct:
        shengji.Match(Rules(), levels=(2, 3))
    with pytest.raises(type(direct.value)):
        shengji.simulate_matches(Rules(), 2, levels=(2, 3))
