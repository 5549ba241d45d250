"""Native matches: simulate_matches' match i is Match(rules, seed=match_seed(seed, i), ...)
deal by deal, for the greedy policy and a compiled jit policy; levels=, end_level, match points, 找朋友's seats;
the same for any thread count; MatchResult's merge, save/load and views."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from shengji import Match, MatchResult, Rules, match_seed, simulate_matches
from shengji._core import RANKS


def expected(rules, seed, i, policy="greedy", **kw):
    m = Match(rules, seed=match_seed(seed, i), policy=policy, **kw)
    m.play_all(max_deals=kw.get("max_deals_", None))
    return m


CASES = [("qq-2deck", {}), ("taian", {}), ("4deck", {}), ("chinagame", {"end_level": "10"}),
         ("bianfeng-friend", {}), ("qq-2deck", {"levels": ("8", "J"), "first_dealer": 1}),
         ("bianfeng-friend", {"levels": ("K", "2", "5", "A"), "first_dealer": 3})]


@pytest.mark.parametrize("preset, kw", CASES)
def test_native_matches_are_match_deal_by_deal(preset, kw):
    rules = Rules.preset(preset) if preset != "qq-2deck" or "levels" not in kw else Rules(match_points="qq")
    n = 6
    r = simulate_matches(rules, n, seed=3, threads=2, **kw)
    units = 4 if rules.partnership == "call_card" else 2
    assert r.final_levels.shape == (n, units)
    for i in range(n):
        m = expected(rules, 3, i, **kw)
        assert r.winner[i] == m.winner and r.deals[i] == len(m.history)
        assert [RANKS[x] for x in r.final_levels[i]] == list(m.levels)
        assert r.kept[i] == sum(d.result.dealer_keeps for d in m.history)
        if m.points is None:
            assert r.points is None
        else:
            assert tuple(r.points[i]) == m.points
    if "levels" in kw:
        m = expected(rules, 3, 0, **kw)
        assert m.history[0].dealer == kw["first_dealer"] and m.history[0].level == kw["levels"][
            kw["first_dealer"] if units == 4 else kw["first_dealer"] % 2]


def test_jit_policies_play_native_matches_as_match_does():
    pytest.importorskip("numba")
    from shengji import jit_policy

    def last(position, candidates):
        return candidates.shape[0] - 1

    bot = jit_policy(last)
    r = simulate_matches(Rules(), 3, policy=bot, seed=8, threads=1)
    for i in range(3):
        m = expected(Rules(), 8, i, policy=bot)
        assert r.winner[i] == m.winner and r.deals[i] == len(m.history)


def test_matches_do_not_depend_on_threads_and_merge_in_order(tmp_path):
    rules = Rules.preset("bianfeng-friend")
    a = simulate_matches(rules, 30, seed=5, threads=1)
    assert a == simulate_matches(rules, 30, seed=5, threads=2)
    b = simulate_matches(rules, 12, seed=5, threads=2).merge(simulate_matches(rules, 18, seed=5, first_match=12))
    assert b == a and b.matches == 30
    with pytest.raises(ValueError, match="consecutive"):
        simulate_matches(rules, 12, seed=5).merge(simulate_matches(rules, 5, seed=5, first_match=13))
    with pytest.raises(ValueError, match="seed"):
        a.merge(simulate_matches(rules, 5, seed=6, first_match=30))
    path = a.save(tmp_path / "m")
    back = MatchResult.load(path)
    assert back == a and back.meta == a.meta
    assert "matches" in repr(a) and "<table" in a._repr_html_() and "seat 0 wins" in a.summary()
    p, lo, hi = a.win_rate(seat=2)
    assert lo <= p <= hi and abs(sum(a.win_rate(seat=s)[0] for s in range(4)) + a.unfinished() / 30 - 1) < 1e-9
    with pytest.raises(ValueError, match="seat"):
        a.win_rate(team=0)
    values, counts = a.deals_histogram()
    assert counts.sum() == 30 and values.min() >= 1


def test_win_rates_and_unfinished_matches():
    r = simulate_matches(Rules(), 40, seed=2, levels=("K", "2"), first_dealer=0, max_deals=3)
    assert r.deals.max() <= 3 and r.unfinished() > 0
    assert abs(r.win_rate(0)[0] + r.win_rate(1)[0] + r.unfinished() / 40 - 1) < 1e-9
    assert r.win_rate(seat=3) == r.win_rate(team=1)
    full = simulate_matches(Rules(), 200, seed=2, levels=("A", "2"), first_dealer=0)
    assert full.win_rate(0)[0] > 0.9  # dealing at A against 2


def test_simulate_matches_refuses_bad_arguments():
    with pytest.raises(ValueError, match="levels"):
        simulate_matches(Rules(), 2, levels=("8",))
    with pytest.raises(ValueError, match="level"):
        simulate_matches(Rules(), 2, levels=("8", "Z"))
    with pytest.raises(ValueError, match="end_level"):
        simulate_matches(Rules(), 2, end_level="2")
    with pytest.raises(ValueError, match="first_dealer"):
        simulate_matches(Rules(), 2, first_dealer=4)
    with pytest.raises(ValueError, match="max_deals"):
        simulate_matches(Rules(), 2, max_deals=0)
    with pytest.raises(ValueError, match="matches"):
        simulate_matches(Rules(), -1)
    with pytest.raises(TypeError, match="levels"):
        Match(Rules(), levels="8J")


def test_python_bots_play_through_match():
    from shengji import bots

    r = simulate_matches(Rules(), 2, policy=bots.Greedy(), seed=4, levels=("Q", "Q"))
    assert r == simulate_matches(Rules(), 2, seed=4, levels=("Q", "Q"))
    assert np.all(r.deals >= 1)


@pytest.mark.parametrize("preset", Rules.presets())
def test_the_summary_names_the_preset_not_the_whole_rules(preset):
    """summary() began with the whole Rules(...) repr (614 characters): its first line names the preset, or the
    preset nearest and only the options changed from it, in under 200 characters."""
    rules = Rules.preset(preset)
    first = simulate_matches(rules, 3, seed=1).summary().splitlines()[0]
    assert f"({preset};" in first and "Rules(" not in first and len(first) < 200, first
    changed = rules.replace(wider_shapes=not rules.wider_shapes, kitty_multiplier="copies")
    first = simulate_matches(changed, 3, seed=1).summary().splitlines()[0]
    assert "Rules(" not in first and len(first) < 200, first
    assert f"wider_shapes={changed.wider_shapes}" in first, first
    base = next(name for name in Rules.presets() if f"({name} with" in first)  # the preset nearest
    differ = {k for k, v in dataclasses.asdict(changed).items() if getattr(Rules.preset(base), k) != v}
    assert differ and all(f"{k}=" in first for k in differ) and first.count("=") == len(differ), first
