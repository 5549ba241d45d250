"""Fuzzing the public API with hypothesis (issue 13 item 7): random and hostile inputs to ``parse_cards``,
``Cards``, every ``Trump`` method, every ``Deal`` action in every phase and ``simulate`` setups.

The property everywhere: the call returns, or raises one of the documented Python exceptions (ValueError,
TypeError, IllegalMove, NotImplementedError); nothing crashes, and a rejected action leaves the deal as it
was. CI runs it twice (``.ci/run``): on the wheel, and on the extension built with AddressSanitizer and
UndefinedBehaviorSanitizer, where a memory error aborts the process. ``FUZZ_EXAMPLES`` sets the examples per
test (default 300: about a minute on two cores).
"""

from __future__ import annotations

import os

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
