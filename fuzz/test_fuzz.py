"""Fuzzing the public API with hypothesis: random and hostile inputs to ``parse_cards``, ``Cards``, every ``Trump``
method, every ``Deal`` action in every phase, 泰安's face-down worlds, ``simulate`` setups, user policies compiled
and not (answers out of range, exceptions), ``rollouts`` arguments, mutated ``SimResult`` files and deal pickle
records.

The property everywhere: the call returns, or raises one of the documented Python exceptions (ValueError,
TypeError, IllegalMove, NotImplementedError); nothing crashes, and a rejected action leaves the deal as it
was. CI runs it twice (``.ci/run``): on the wheel, and on the extension built with AddressSanitizer and
UndefinedBehaviorSanitizer, where a memory error aborts the process. ``FUZZ_EXAMPLES`` sets the examples per
test (default 300: about a minute on two cores).
"""

from __future__ import annotations

import os
import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji import Cards, Deal, IllegalMove, Rules, Trump, parse_cards, simulate
from shengji._core import TOKENS

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
REFUSED = (ValueError, TypeError, IllegalMove, NotImplementedError)

token = st.one_of(st.sampled_from(TOKENS), st.text(max_size=4))
texts = st.lists(token, max_size=12).map(" ".join)
junk = st.one_of(st.none(), st.integers(-10, 300), st.floats(allow_nan=True), st.binary(max_size=6), texts,
                 st.lists(st.one_of(st.integers(-3, 60), token), max_size=10))
presets = st.sampled_from(Rules.presets())


def _refuses_or_returns(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except REFUSED:
        return None


@FUZZ
@given(texts)
def test_parse_cards(text):
    c = _refuses_or_returns(parse_cards, text)
    if c is not None:
        assert parse_cards(str(c)) == c  # the canonical text parses back


@FUZZ
@given(junk)
def test_cards_from_anything(x):
    c = _refuses_or_returns(Cards, x)
    if c is not None:
        assert Cards(c.indices()) == c and len(c) == len(c.indices())


@FUZZ
@given(presets, st.sampled_from(["2", "5", "10", "A", "X", 3]), st.sampled_from(["S", "H", None, "Q", 1]),
       junk, junk, st.lists(junk, max_size=4))
def test_trump_methods(preset, level, suit, a, b, others):
    t = _refuses_or_returns(Trump, Rules.preset(preset), level, suit)
    if t is None:
        return
    for call in (lambda: t.units(a), lambda: t.is_tractor(a), lambda: t.play_suit(a),
                 lambda: t.is_legal_follow(a, b, a), lambda: t.legal_follows(a, b, limit=50),
                 lambda: t.check_throw(a, others), lambda: t.trick_winner([a, b]),
                 lambda: t.kitty_multiplier(a), lambda: t.effective_suit(a), lambda: t.is_trump(b)):
        _refuses_or_returns(call)


def _snapshot(deal: Deal):
    return (deal.phase, deal.to_move, [deal.hand(s) for s in range(4)], deal.moves, deal.trick, deal.attacker_points,
            deal.declarer, deal.called)


@FUZZ
@given(presets, st.integers(0, 2**64 - 1), st.lists(st.tuples(st.booleans(), junk), min_size=1, max_size=40))
def test_deal_actions(preset, seed, script):
    """Each step either plays a listed action (True) or tries the fuzzed one (False), which must be applied or
    refused with the deal unchanged."""
    deal = Deal(Rules.preset(preset), seed=seed, dealer=seed % 4)
    for listed, x in script:
        if deal.phase == "done":
            break
        if listed:
            if deal.phase == "bury":
                deal.act(deal.policy_action("random", seed=seed))
            else:
                options = deal.legal_actions(limit=100)
                deal.act(options[seed % len(options)])
            continue
        before = _snapshot(deal)
        try:
            deal.act(x)
        except REFUSED:
            assert _snapshot(deal) == before
        _refuses_or_returns(deal.observation, seed % 5)


@FUZZ
@given(presets, st.one_of(st.integers(-3, 40), junk), st.dictionaries(
    st.sampled_from(["seed", "dealer", "level", "trump", "threads", "first_game", "policy", "hands", "kitty",
                     "buried"]), junk, max_size=3))
def test_simulate_setups(preset, games, kwargs):
    res = _refuses_or_returns(simulate, Rules.preset(preset), games, **kwargs)
    if res is not None:
        assert res.games == games and (res.attacker_points >= 0).all()


# --- Hardening II (issue 20): jit policies, rollouts arguments, results files, pickle records ----------------

answers = st.one_of(st.integers(-5, 200), st.sampled_from([2**31, 2**32, 2**63 - 1, -(2**63)]))


def _jit(answer, raises):
    """A user policy that answers `answer` in the play phase (or raises there), -1 elsewhere."""
    from shengji.jit import PLAY

    def policy(position, candidates):
        if position[1] != PLAY:
            return -1
        if raises:
            raise ValueError("raised on purpose")
        return answer

    return policy


@FUZZ
@given(answers, st.booleans(), st.booleans(), st.integers(0, 2**32))
def test_jit_policies(answer, raises, compile, seed):
    """A compiled policy and its uncompiled twin: a legal index plays, anything else raises a clear error (never a
    crash, never candidate 0 for 2**32); the same outcome either way on the same deal."""
    import pytest

    from shengji import jit_policy

    if compile:
        pytest.importorskip("numba")
    fn = _jit(answer, raises)
    outcome = []
    for compiled in ({compile, False}):
        p = jit_policy(fn, compile=compiled)
        deal = Deal(Rules(), seed=seed, trump="H")
        deal.act(deal.policy_action("greedy"))
        before = deal.moves
        try:
            action = deal.policy_action(p) if compiled else p.choose(deal)
            outcome.append(str(action))
        except (ValueError, TypeError, RuntimeError):
            assert deal.moves == before
            outcome.append("refused")
    assert len(set(outcome)) == 1, outcome


@FUZZ
@given(st.integers(0, 2**32), junk, junk, junk, junk, st.one_of(st.none(), st.lists(junk, max_size=3)))
def test_rollouts_arguments(seed, worlds, threads, policy, rseed, actions):
    deal = Deal(Rules(), seed=seed, trump="S")
    deal.act(deal.policy_action("greedy"))
    before = deal.moves
    kwargs = {k: v for k, v in (("worlds", worlds), ("threads", threads), ("policy", policy), ("seed", rseed))
              if v is not None}
    if isinstance(kwargs.get("worlds"), int) and kwargs["worlds"] > 64:
        kwargs["worlds"] = 64  # (a valid huge count only costs time)
    _refuses_or_returns(deal.rollouts, actions, **kwargs)
    assert deal.moves == before


@FUZZ
@given(st.integers(0, 2**32), st.sampled_from(["attacker_points", "kitty_captured", "dealer", "trump", "plays",
                                               "partner", "format", "meta_json"]),
       st.sampled_from(["cut", "2d", "float", "str", "negative", "huge", "drop"]))
def test_results_file_mutations(seed, field, how):
    """SimResult.load of a mutated file: the same result, or a ValueError (never numpy or zip internals)."""
    import tempfile

    import numpy as np

    from shengji import SimResult

    res = simulate(Rules(), 20, seed=seed % 1000, threads=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = res.save(os.path.join(tmp, "r.npz"))
        with np.load(path) as data:
            fields = {k: data[k] for k in data.files}
        a = fields[field]
        if how in ("float", "negative", "huge") and a.dtype.kind == "U":
            a = np.array(len(str(a)))  # a number where text belongs
        mutated = {"cut": lambda: a[:3] if a.ndim else a, "2d": lambda: np.stack([a, a]),
                   "float": lambda: a.astype(float), "str": lambda: a.astype(str),
                   "negative": lambda: -np.abs(a.astype(np.int64)) - 1, "huge": lambda: a.astype(np.int64) + 2**40,
                   "drop": lambda: None}[how]()
        if mutated is None:
            del fields[field]
        else:
            fields[field] = mutated
        np.savez(os.path.join(tmp, "m.npz"), **fields)
        try:
            back = SimResult.load(os.path.join(tmp, "m.npz"))
        except ValueError:
            return
        assert back.games in (20, 3)


@FUZZ
@given(st.integers(0, 2**32), st.integers(0, 2**64 - 1), st.integers(0, 300), st.booleans(), st.integers(1, 3))
def test_taian_face_down_worlds(seed, draw, steps, bury, other):
    """泰安's face-down worlds (sj_face_down_world): a world drawn while the declarations lie face down, in the
    declaring phase for a seat that did not make the last declaration (often one that showed nothing), or in the
    bury phase for the burier; it reaches the observed position, copies as itself and plays to the end."""
    from shengji import determinize
    from shengji.agents.worlds import face_down

    deal = Deal(Rules.preset("taian"), seed=seed, trump="declare")
    while deal.phase == "declare" and (bury or len(deal.moves) < steps or not deal.declarations):
        deal.act(deal.policy_action("greedy"))
    if deal.phase == "declare":
        seat = (deal.declarations[-1][0] + other) % 4
    elif deal.phase == "bury":
        seat = deal.to_move
    else:
        return  # (闷牌: nobody declared, the deal is over)
    obs = deal.observation(seat)
    assert face_down(obs)
    world = determinize(obs, draw)
    assert (world.phase, world.to_move, world.hand(seat)) == (deal.phase, deal.to_move, deal.hand(seat))
    assert world.observation(seat) == obs
    assert _snapshot(pickle.loads(pickle.dumps(world))) == _snapshot(world)
    while world.phase != "done":
        world.act(world.policy_action("greedy"))


@FUZZ
@given(st.integers(0, 2**32), st.lists(st.tuples(st.sampled_from(["declare", "bury", "play", "force", "x", 3]),
                                                 junk), max_size=6), st.integers(0, 30))
def test_pickle_records(seed, extra, cut):
    """A deal's pickle record, cut short or with moves added: it rebuilds, or raises ValueError/TypeError."""
    deal = Deal(Rules(), seed=seed, trump="declare")
    for _ in range(cut):
        if deal.phase == "done":
            break
        deal.act(deal.policy_action("greedy"))
    f, args = deal.__reduce__()
    moves = list(args[6])
    _refuses_or_returns(f, *args[:6], moves[:max(0, len(moves) - 2)] + [tuple(m) for m in extra])
