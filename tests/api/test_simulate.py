"""simulate(): reproducibility, statistical sanity, setup, errors, cancellation, results, CLI."""

from __future__ import annotations

import _thread
import json
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from shengji import Cards, Rules, SimResult, _core, bots, points, simulate
from shengji.cli import main
from shengji.simulate import FORMAT


@pytest.mark.parametrize("policy", ["random", "greedy", ["greedy", "random", "random", "greedy"]])
def test_identical_for_any_thread_count_and_batch_split(policy):
    one = simulate(Rules(), 1200, policy=policy, seed=11, threads=1)
    two = simulate(Rules(), 1200, policy=policy, seed=11, threads=2)
    assert one == two
    parts = simulate(Rules(), 500, policy=policy, seed=11, threads=2).merge(
        simulate(Rules(), 700, policy=policy, seed=11, first_game=500, threads=1))
    assert parts == one
    assert simulate(Rules(), 1200, policy=policy, seed=12, threads=2) != one


def test_random_play_captures_about_half_and_conserves_points():
    res = simulate(Rules(), 20_000, policy="random", seed=3)
    p, lo, hi = res.kitty_capture_rate()
    assert 0.45 < p < 0.55 and lo < p < hi
    # points: attackers' captured + defenders + kitty = 200 (no throw penalty in the default rules)
    captured = res.attacker_points - np.where(res.kitty_captured, res.kitty_points * res.kitty_multiplier, 0)
    assert np.all(captured + res.defender_points + res.kitty_points == 200)
    assert np.all(res.kitty_multiplier[~res.kitty_captured] == 0)
    assert np.all(res.kitty_multiplier[res.kitty_captured] >= 2)
    assert set(np.unique(res.dealer)) == {0, 1, 2, 3}
    assert np.all(res.plays % 4 == 0) and res.plays.max() == 100 and res.plays.min() >= 4  # throws shorten deals


@pytest.mark.parametrize("decks", [1, 3])
def test_other_deck_counts(decks):
    rules = Rules.preset({1: "qq-1deck", 3: "qq-3deck"}[decks])
    res = simulate(rules, 2000, policy="random", seed=1)
    captured = res.attacker_points - np.where(res.kitty_captured, res.kitty_points * res.kitty_multiplier, 0)
    assert np.all(captured + res.defender_points + res.kitty_points == 100 * decks)


def test_fixed_hand_and_burial_report_the_known_kitty():
    rules = Rules()
    full = [k for k in range(54) for _ in range(2)]
    hand = Cards(full[:33])  # the dealer's 33 cards after taking the kitty: all spades, low hearts
    buried = Cards("2S 2S 3S 3S 4S 4S 6S 6S")  # no points
    assert buried.issubset(hand)
    dealt = hand - buried
    res = simulate(rules, 3000, policy="greedy", seed=5, dealer=0, hands={0: dealt}, buried=buried, trump="H")
    assert np.all(res.kitty_points == 0) and np.all(res.dealer == 0) and np.all(res.trump == 1)
    buried5 = Cards("5S 5S KS 2S 3S 3S 4S 4S")
    res5 = simulate(rules, 3000, policy="random", seed=5, dealer=2, hands={2: hand - buried5}, buried=buried5,
                    trump="S")
    assert np.all(res5.kitty_points == points(buried5)) and np.all(res5.dealer == 2)
    cap = res5.kitty_captured
    assert np.all(res5.attacker_points[cap] >= points(buried5) * 2)


def test_fixed_kitty_is_the_dealt_kitty():
    kitty = Cards("KS KS 10H 10H 5D 5D KC KC")
    res = simulate(Rules(), 500, policy="random", seed=2, kitty=kitty, trump="S")
    # with a random burial the kitty points vary, in fives, never above eight tens
    kp = res.kitty_points
    assert res.games == 500 and (kp % 5 == 0).all() and kp.max() <= 80 and len(set(kp.tolist())) > 3


@pytest.mark.parametrize("kwargs,exc,match", [
    (dict(games=-1), ValueError, "games"),
    (dict(games=10, policy="clever"), ValueError, "policy"),
    (dict(games=10, policy=["random"] * 3), ValueError, "one per seat"),
    (dict(games=10, threads=0), ValueError, "threads"),
    (dict(games=10, dealer=5), ValueError, "dealer"),
    (dict(games=10, hands={0: "AS AS"}), ValueError, "25"),
    (dict(games=10, hands={0: Cards([k for k in range(54) for _ in range(2)][:25]),
                           1: Cards([k for k in range(54) for _ in range(2)][:25])}), ValueError, "copies"),
    (dict(games=10, level="1"), ValueError, "rank"),
    (dict(games=10, trump="X"), ValueError, "suit"),
    (dict(games=2.5), TypeError, "int"),
])
def test_bad_input_raises_before_any_work(kwargs, exc, match):
    games = kwargs.pop("games")
    t = time.perf_counter()
    with pytest.raises(exc, match=match):
        simulate(Rules(), games, **kwargs)
    assert time.perf_counter() - t < 1.0


def test_declaring_phases_run_and_lost_deals_are_flagged():
    class Passer(bots.Greedy):  # never declares
        def declare(self, deal):
            return Cards()

        def choose(self, deal):
            return Cards() if deal.phase == "declare" else super().choose(deal)

    lost = simulate(Rules(no_bid="dealer_loses"), 20, policy=[Passer()] * 4, trump="declare", seed=3)
    assert lost.lost_deal.all() and (lost.attacker_points == 0).all() and (lost.plays == 0).all()
    assert (lost.dealer_levels == 0).all() and (lost.attacker_levels == 0).all()
    assert "lost deals" in lost.summary()
    mixed = simulate(Rules(no_bid="dealer_loses"), 20, policy=[Passer(), Passer(), Passer(), "greedy"], seed=3)
    assert not mixed.lost_deal.all() and (mixed.plays[~mixed.lost_deal] > 0).all()
    played = simulate(Rules(), 400, policy="greedy", trump="declare", seed=3)
    assert not played.lost_deal.any()
    with pytest.raises(ValueError, match="no declaring phase"):
        simulate(Rules(declaration="none"), 10, trump="declare")
    res = simulate(Rules.preset("taian"), 200, policy="random", trump="H", level="A")
    assert res.games == 200


def test_cancel_stops_a_native_run_promptly():
    run = _core.NativeRun(Rules(), 10_000_000, [0] * 4, 1, 0, 2, -1, "2", "declare", [None] * 4, None, None)
    arrays = [np.zeros(10_000_000, dtype=dt) for dt in (np.int16, np.int16, np.int16, np.int16, np.uint8, np.int8,
                                                        np.int8, np.int8, np.int8, np.int16, np.uint8, np.int8)]
    threading.Timer(0.3, run.cancel).start()
    t = time.perf_counter()
    done = run.run(*arrays)
    assert time.perf_counter() - t < 5 and 0 < done < 10_000_000


def test_keyboard_interrupt_stops_simulate_promptly():
    # A run of a few seconds at most, so that a missed signal on a loaded machine fails the test instead of
    # running for minutes: 400k random deals take ~10 s of CPU on one thread (2 threads here).
    threading.Timer(0.3, _thread.interrupt_main).start()
    t = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        simulate(Rules(), 400_000, policy="random", seed=1, threads=2)
    assert time.perf_counter() - t < 5


def test_results_api(tmp_path):
    res = simulate(Rules(), 3000, policy="greedy", seed=9, progress=True)
    values, counts = res.points_histogram()
    assert counts.sum() == res.games and values[0] == 0 and np.all(np.diff(values) == 5)
    text = res.summary()
    assert "kitty captured" in text and "level outcomes" in text and "attacker points" in text
    path = tmp_path / "run.npz"
    res.save(path)
    back = SimResult.load(path)
    assert back == res and back.meta["policy"] == "greedy"
    with pytest.raises(ValueError, match="different rules"):
        res.merge(simulate(Rules.preset("qq-1deck"), 10, seed=1))
    assert sum(res.level_outcomes().values()) == res.games
    empty = simulate(Rules(), 0)
    assert empty.games == 0 and "no games" in empty.summary()


def test_executor_matches_local_run():
    local = simulate(Rules(), 2400, policy="random", seed=21, threads=2)
    with ThreadPoolExecutor(2) as pool:
        remote = simulate(Rules(), 2400, policy="random", seed=21, executor=pool)
    assert remote == local


def test_cli_simulate_and_bench(capsys, tmp_path):
    assert main(["simulate", "--games", "3000", "--policy", "random", "--seed", "1", "--no-progress",
                 "--out", str(tmp_path / "r.npz")]) == 0
    out = capsys.readouterr().out
    assert "kitty captured" in out and "deals/s" in out
    assert SimResult.load(tmp_path / "r.npz").games == 3000
    assert main(["bench", "--json", "--games", "2000", "--greedy-games", "300", "--reference-games", "2",
                 "--presets", "qq-2deck,taian"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cores"] >= 1 and data["preset"] == "qq-2deck" and set(data["presets"]) == {"qq-2deck", "taian"}
    for key in ("native", "reference"):  # 2 decks: at most 25 tricks of 4 plays a deal, at least one trick
        per_deal = data[key]["plays_per_s"] / data[key]["games_per_s"]
        assert 4 <= per_deal <= 100, (key, per_deal)
    assert data["speedup_games"] == round(data["native"]["games_per_s"] / data["reference"]["games_per_s"], 1)
    assert data["games_per_s"] == data["native"]["games_per_s"] == data["presets"]["qq-2deck"]["random"][
        "one_thread"]["deals_per_s_wall"]
    for row in data["presets"].values():
        for policy in ("random", "greedy"):
            for run in ("one_thread", "all_cores"):
                m = row[policy][run]
                assert 4 <= m["plays_per_s_wall"] / m["deals_per_s_wall"] <= 104  # 泰安: 26 tricks
                assert m["deals_per_s_cpu"] > 0 and m["threads"] == (1 if run == "one_thread" else data["cores"])
        assert row["random"]["reference"]["deals"] == 2 and "reference" not in row["greedy"]



def test_greedy_is_worth_playing_against():
    # the same deals with the attackers greedy or random, the defenders greedy
    greedy_att = simulate(Rules(), 4000, policy="greedy", seed=8, dealer=0)
    random_att = simulate(Rules(), 4000, policy=["greedy", "random", "greedy", "random"], seed=8, dealer=0)
    assert greedy_att.attacker_points.mean() > random_att.attacker_points.mean() + 10
    # and greedy defenders hold random attackers below what random defenders do
    random_def = simulate(Rules(), 4000, policy="random", seed=8, dealer=0)
    assert random_att.attacker_points.mean() < random_def.attacker_points.mean() - 10


def test_cli_plot(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "points.png"
    assert main(["simulate", "--games", "2000", "--policy", "random", "--no-progress", "--plot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_given_kitty_keeps_its_order_in_every_game():
    """simulate(kitty=...) deals a kitty given as a string in that order in every game (边锋's third-card rule reads
    it); a Cards kitty is refused under those rules with trump="declare" and dealt in a fresh order otherwise."""
    rules = Rules.preset("bianfeng")
    kitty = "3S 4H 5C 6D 7S 8H 9C 10D"
    run = _core.NativeRun(rules, 10, ["greedy"] * 4, 1, 0, 1, -1, "2", "declare", [None] * 4, kitty, None)
    for g in range(10):
        assert [str(Cards([k])) for k in run.deal(g).order[-8:]] == kitty.split()
    native = simulate(rules, 20, seed=1, kitty=kitty, threads=2)
    through_python = simulate(rules, 20, seed=1, kitty=kitty, policy=[bots.Greedy()] * 4)  # the same ordered deals
    assert (native.attacker_points == through_python.attacker_points).all()
    assert (native.trump == through_python.trump).all()
    with pytest.raises(ValueError, match="read the kitty by position"):
        simulate(rules, 10, kitty=Cards(kitty))
    orders = set()
    run = _core.NativeRun(rules, 10, ["greedy"] * 4, 1, 0, 1, -1, "2", "S", [None] * 4, Cards(kitty), None)
    for g in range(10):
        orders.add(tuple(run.deal(g).order[-8:]))
    assert len(orders) > 1  # no order given: a fresh one per game


def test_results_files_are_checked_on_load(tmp_path):
    """SimResult.load checks every field (one dimension, one length, an integer
    or boolean dtype, values in range), keeps the metadata's types, refuses a newer format and files that are
    not SimResults, naming what is wrong."""
    res = simulate(Rules(), 50, seed=1, dealer=None, threads=1)
    path = res.save(tmp_path / "r.npz")
    back = SimResult.load(path)
    assert back == res and back.meta == res.meta and back.meta["seed"] == 1 and back.meta["dealer"] is None
    with np.load(path) as data:
        good = {k: data[k] for k in data.files}

    def load_with(**changes):
        fields = dict(good, **changes)
        p = tmp_path / "bad.npz"
        np.savez(p, **fields)
        return SimResult.load(p)

    cases = [
        ({"kitty_captured": good["kitty_captured"][:10]}, "kitty_captured has 10 entries"),
        ({"attacker_points": good["attacker_points"].reshape(5, 10)}, "shape"),
        ({"attacker_points": good["attacker_points"].astype(float)}, "must be integers"),
        ({"attacker_points": good["attacker_points"].astype(str)}, "must be integers"),
        ({"attacker_points": -good["attacker_points"] - 5}, "must lie in"),
        ({"dealer": good["dealer"] + 4}, "dealer must lie in 0..3"),
        ({"kitty_captured": good["kitty_captured"].astype(np.int8) * 3}, "must be booleans"),
        ({"format": np.array(FORMAT + 1)}, f"format {FORMAT + 1}"),
    ]
    for changes, match in cases:
        with pytest.raises(ValueError, match=match):
            load_with(**changes)
    (tmp_path / "junk.npz").write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="is not a SimResult file"):
        SimResult.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", x=np.arange(3))
    with pytest.raises(ValueError, match="no attacker_points"):
        SimResult.load(tmp_path / "other.npz")
    old = {k: v for k, v in good.items() if k not in ("format", "meta_json", "partner")}  # a format-0 file
    np.savez(tmp_path / "old.npz", **old, meta_keys=np.array(["seed"]), meta_values=np.array(["1"]))
    legacy = SimResult.load(tmp_path / "old.npz")
    assert legacy.meta == {"seed": "1"} and (legacy.partner == 0).all() and legacy.games == 50


def test_a_summary_in_bounded_memory():
    """Simulate(keep="summary") counts in batches (64-bit counts, exact histograms) and gives the
    same summary, histogram, percentiles and capture rate as the per-deal arrays of the same run; batches merge;
    a run whose arrays cannot fit is refused before allocating, naming the size and keep='summary'."""
    from shengji import SimSummary
    from shengji.simulate import _summary_run

    rules = Rules()
    for policy, n in (("random", 45_000), ("greedy", 4_000)):
        arrays = simulate(rules, n, policy=policy, seed=9, threads=2)
        summ = simulate(rules, n, policy=policy, seed=9, threads=2, keep="summary")
        assert isinstance(summ, SimSummary) and summ.games == n and summ.summary() == arrays.summary()
        assert summ.kitty_capture_rate() == arrays.kitty_capture_rate()
        qs = [0, 1, 5, 50, 95, 99.9, 100]
        # the smallest score with at least q % of the deals at or below it, in exact arithmetic (numpy's
        # inverted_cdf divides q by 100 first: 99.9 % of 4,000 deals becomes 3,996.0000000000005 deals there)
        pts = np.sort(arrays.attacker_points)
        exact = [int(pts[max(1, math.ceil(Fraction(str(q)) * n / 100)) - 1]) for q in qs]
        assert list(summ.percentiles(qs)) == exact
        for step in (5, 20):
            v1, c1 = summ.points_histogram(step)
            v2, c2 = arrays.points_histogram(step)
            assert (v1 == v2).all() and (c1 == c2).all() and c1.dtype == np.int64
        halves = simulate(rules, n // 2, policy=policy, seed=9, threads=2, keep="summary").merge(
            simulate(rules, n - n // 2, policy=policy, seed=9, threads=2, first_game=n // 2, keep="summary"))
        assert halves.summary() == summ.summary() and halves.level_outcomes() == arrays.level_outcomes()
    assert _summary_run.__doc__ and "batches" in _summary_run.__doc__
    with pytest.raises(ValueError, match=r"GiB .* keep='summary'"):
        simulate(rules, 10**11)
    with pytest.raises(ValueError, match="keep must be"):
        simulate(rules, 10, keep="everything")
