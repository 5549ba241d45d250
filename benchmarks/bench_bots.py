"""Search II benchmarks (issue 22): ISMCTS simulations/s, exact-endgame solve times, and bot strength.

Run: ``python -m pytest benchmarks/bench_bots.py -s`` (the quick part: simulations/s and solve times, one
core, CPU time from ``time.process_time``), and for strength ``python benchmarks/bench_bots.py strength
--deals 300 --time-ms 20 [--clock cpu]`` (duplicate tournaments against greedy, each bot on one thread with a
budget per decision on the wall or the CPU clock; a JSON summary with the 95 % intervals and the CPU time per
searched decision). ``test_cpu_clock``: the CPU time of decisions at ``time_ms=20, clock="cpu"``, idle and beside two
busy processes.

Positions for the rates are mid-deal 2-deck leads and follows reached by greedy play from seeded deals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Any

import numpy as np
import pytest

from shengji import Deal, Rules, _core, bots, search, simulate, tournament


def mid_deal(n: int, seed: int = 0, preset: str = "qq-2deck") -> list[Deal]:
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < n:
        d = Deal(Rules.preset(preset), seed=rng.randrange(2**32), dealer=rng.randrange(4))
        stop = rng.randrange(20, 70)
        plays = 0
        while d.phase != "done":
            if d.phase == "play":
                if plays == stop:
                    break
                plays += 1
            d.act(d.policy_action("greedy"))
        if d.phase == "play" and len(_core.search_candidates(d)) > 1:
            out.append(d)
    return out


def ismcts_rate(policy: str, positions: int = 40, iterations: int = 5000) -> dict[str, float]:
    total_it, total_cpu, rates = 0, 0.0, []
    for d in mid_deal(positions):
        t = time.process_time()
        r = search.ismcts(d, iterations=iterations, policy=policy, threads=1, trees=1)
        dt = time.process_time() - t
        total_it += r.iterations
        total_cpu += dt
        rates.append(r.iterations / dt)
    return {"positions": positions, "iterations_per_s_cpu": total_it / total_cpu,
            "median_iterations_per_s_cpu": statistics.median(rates)}


@pytest.mark.benchmark(group="ismcts")
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_ismcts_simulations_per_second(benchmark, policy):
    info = benchmark.pedantic(ismcts_rate, args=(policy,), rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print(f"\nISMCTS, {policy} rollouts, 2 decks mid-deal, one core: {info['iterations_per_s_cpu']:,.0f} "
          f"simulations/s CPU (median over positions {info['median_iterations_per_s_cpu']:,.0f})")


def endgames(cards: int, n: int, seed: int = 0) -> list[Deal]:
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < n:
        d = Deal(Rules(), seed=rng.randrange(2**32))
        stop = rng.randrange(4)
        while d.phase != "done":
            if d.phase == "play" and max(len(d.hand(s)) for s in range(4)) <= cards and len(d.trick) == stop:
                out.append(d)
                break
            d.act(d.policy_action("greedy"))
    return out


def solve_times(cards: int, n: int = 200) -> list[float]:
    times = []
    for d in endgames(cards, n):
        t = time.process_time()
        d.solve()
        times.append(time.process_time() - t)
    return times


@pytest.mark.benchmark(group="solve")
@pytest.mark.parametrize("cards", [3, 4, 5])
def test_solve_times(benchmark, cards):
    times = benchmark.pedantic(solve_times, args=(cards, 200 if cards < 5 else 100), rounds=1, iterations=1)
    info = {"positions": len(times), "median_ms": 1e3 * statistics.median(times), "worst_ms": 1e3 * max(times)}
    benchmark.extra_info.update(info)
    print(f"\nsolve(), 2 decks, {cards} cards a hand: median {info['median_ms']:.2f} ms, worst "
          f"{info['worst_ms']:.2f} ms CPU over {len(times)} greedy positions")


def clock_overshoot(time_ms: float = 20, n: int = 100) -> dict[str, float]:
    """Wall time of decisions under ``time_ms`` (one thread) beyond the budget, PIMC and ISMCTS, mid-deal."""
    out: dict[str, float] = {}
    for name, bot in (("pimc", bots.PIMC(time_ms=time_ms, threads=1, value="points")),
                      ("ismcts", bots.ISMCTS(time_ms=time_ms, threads=1))):
        over = []
        for d in mid_deal(n, seed=5):
            t = time.perf_counter()
            bot.choose(d)
            over.append(1e3 * (time.perf_counter() - t) - time_ms)
        out[f"{name}_over_ms_median"] = statistics.median(over)
        out[f"{name}_over_ms_p99"] = sorted(over)[int(0.99 * (len(over) - 1))]
        out[f"{name}_over_ms_max"] = max(over)
    return out


@pytest.mark.benchmark(group="clock")
def test_clock_overshoot(benchmark):
    info = benchmark.pedantic(clock_overshoot, rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print("\ntime_ms=20, one thread, wall time beyond the budget (ms): " +
          ", ".join(f"{k} {v:.2f}" for k, v in info.items()))


def _hog(stop: Any) -> None:  # (a process that keeps one core busy: the loaded machine)
    while not stop.is_set():
        sum(range(10_000))


def cpu_clock(time_ms: float = 20, n: int = 200, load: int = 0) -> dict[str, float]:
    """CPU and wall time per decision under ``time_ms`` on the CPU clock (one thread), PIMC and ISMCTS, mid-deal;
    with ``load`` busy processes beside them (the wall clock's figure would change, the CPU clock's should not)."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")  # (the hogs only count: nothing of the parent's threads is used)
    stop = ctx.Event()
    hogs = [ctx.Process(target=_hog, args=(stop,), daemon=True) for _ in range(load)]
    for h in hogs:
        h.start()
    out: dict[str, float] = {"time_ms": time_ms, "load": load, "decisions": n}
    try:
        for name, bot in (("pimc", bots.PIMC(time_ms=time_ms, threads=1, value="points", clock="cpu")),
                          ("ismcts", bots.ISMCTS(time_ms=time_ms, threads=1, clock="cpu"))):
            cpu, wall = [], []
            for d in mid_deal(n, seed=5):
                t, w = time.process_time(), time.perf_counter()
                bot.choose(d)
                cpu.append(1e3 * (time.process_time() - t))
                wall.append(1e3 * (time.perf_counter() - w))
            cpu.sort()
            out[f"{name}_cpu_ms_median"] = statistics.median(cpu)
            out[f"{name}_cpu_ms_p99"] = cpu[int(0.99 * (len(cpu) - 1))]
            out[f"{name}_cpu_ms_max"] = cpu[-1]
            out[f"{name}_wall_ms_median"] = statistics.median(wall)
    finally:
        stop.set()
        for h in hogs:
            h.join()
    return out


@pytest.mark.benchmark(group="clock")
@pytest.mark.parametrize("load", [0, 2])
def test_cpu_clock(benchmark, load):
    info = benchmark.pedantic(cpu_clock, kwargs={"load": load}, rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print(f"\ntime_ms=20, clock='cpu', one thread, {load} busy processes beside it (ms a decision): " +
          ", ".join(f"{k} {v:.2f}" for k, v in info.items() if k.endswith("_ms_median") or "p99" in k or "max" in k))


class Timed(bots.Bot):
    """A bot whose searched decisions (two or more candidates) are timed: CPU and wall seconds each."""

    def __init__(self, bot: Any):
        self.bot, self.cpu, self.wall = bot, [], []

    def choose(self, deal: Deal) -> Any:
        if deal.phase == "play":
            searched = len(_core.search_candidates(deal)) > 1
        else:  # declaring, grabbing, swapping, calling: a choice; burying always
            searched = deal.phase == "bury" or len(deal.legal_actions(limit=2)) > 1
        t, w = time.process_time(), time.perf_counter()
        a = self.bot.choose(deal)
        if searched:
            self.cpu.append(time.process_time() - t)
            self.wall.append(time.perf_counter() - w)
        return a


def strength(deals: int, time_ms: float, pairs: list[str], seed: int = 0, endgame: int = 3,
             value: str = "levels", clock: str = "wall", preset: str = "qq-2deck",
             inference: str = "uniform", policy: str = "greedy", solve_last: int = 0) -> dict[str, Any]:
    kw = {"time_ms": time_ms, "threads": 1, "value": value, "clock": clock, "inference": inference, "policy": policy}
    make = {"pimc": lambda: bots.PIMC(solve_last=solve_last, **kw),
            "pimc-endgame": lambda: bots.PIMC(endgame=endgame, solve_last=solve_last, **kw),
            "ismcts": lambda: bots.ISMCTS(**kw)}
    out: dict[str, Any] = {"deals": deals, "time_ms": time_ms, "clock": clock, "cores": os.cpu_count(),
                           "endgame": endgame, "value": value, "preset": preset, "inference": inference,
                           "policy": policy, "solve_last": solve_last, "pairs": {}}
    for pair in pairs:
        a, b = pair.split(":")
        players = {n: (Timed(make[n]()) if n in make else n) for n in (a, b)}
        t = time.perf_counter()
        res = tournament(Rules.preset(preset), players, deals, seed=seed, threads=1)
        mean, lo, hi = res.advantage(a, b)
        row: dict[str, Any] = {"advantage_levels": mean, "low": lo, "high": hi, "seconds": time.perf_counter() - t}
        for n, p in players.items():
            if isinstance(p, Timed) and p.cpu:
                row[f"{n}_cpu_ms_median"] = 1e3 * statistics.median(p.cpu)
                row[f"{n}_cpu_ms_mean"] = 1e3 * statistics.fmean(p.cpu)
                row[f"{n}_wall_ms_median"] = 1e3 * statistics.median(p.wall)
                row[f"{n}_wall_ms_max"] = 1e3 * max(p.wall)
                row[f"{n}_decisions"] = len(p.cpu)
        out["pairs"][pair] = row
        print(pair, json.dumps(row), flush=True)
    return out


class ClassicGreedy(bots.Bot):
    """Greedy with the burial it had before it voided suits (``_core.classic_greedy_bury``, csrc/src/sj_reference.c)."""

    def choose(self, deal: Deal) -> Any:
        if deal.phase == "bury":
            return _core.classic_greedy_bury(deal)
        return deal.policy_action("greedy")


def burial(deals: int, presets: list[str], seed: int = 11) -> dict[str, Any]:
    """Today's greedy against greedy with the classic burial, duplicate deals (the only difference: the burial), and
    the kitty's points under each."""
    out: dict[str, Any] = {"deals": deals, "seed": seed, "presets": {}}
    for preset in presets:
        rules = Rules.preset(preset)
        res = tournament(rules, {"greedy": "greedy", "classic": ClassicGreedy()}, deals, seed=seed, threads=1)
        mean, lo, hi = res.advantage("greedy", "classic")
        kitty = simulate(rules, deals, seed=seed, policy="greedy").kitty_points
        row = {"advantage_levels": mean, "low": lo, "high": hi, "kitty_points_share": float((kitty > 0).mean()),
               "kitty_points_mean": float(kitty.mean())}
        out["presets"][preset] = row
        print(preset, json.dumps(row), flush=True)
    return out


class SearchOnly(bots.Bot):
    """Greedy everywhere except in ``phases``, where ``bot`` decides (the burial, or 找朋友's call, by search)."""

    def __init__(self, bot: Any, phases: tuple[str, ...]):
        self.bot, self.phases = bot, phases

    def choose(self, deal: Deal) -> Any:
        if deal.phase in self.phases:
            return self.bot.choose(deal)
        return deal.policy_action("greedy")


def burial_search(deals: int, presets: list[str], time_ms: float = 20, seed: int = 5) -> dict[str, Any]:
    """Item 6 of Search III: the burial (and 找朋友's call) chosen by PIMC's rollouts of the burial candidates within
    ``time_ms`` CPU ms, against greedy's, every other decision greedy's (duplicate deals: only the burial and the call
    differ)."""
    out: dict[str, Any] = {"deals": deals, "seed": seed, "time_ms": time_ms, "presets": {}}
    for preset in presets:
        rules = Rules.preset(preset)
        pimc = bots.PIMC(time_ms=time_ms, clock="cpu", threads=1, value="points")
        searcher = SearchOnly(Timed(pimc), ("bury", "call"))
        res = tournament(rules, {"search": searcher, "greedy": "greedy"}, deals, seed=seed, threads=1)
        mean, lo, hi = res.advantage("search", "greedy")
        timed = searcher.bot
        row = {"advantage_levels": mean, "low": lo, "high": hi, "decisions": len(timed.cpu),
               "cpu_ms_median": 1e3 * statistics.median(timed.cpu) if timed.cpu else None}
        out["presets"][preset] = row
        print(preset, json.dumps(row), flush=True)
    return out


def _seat_gain(deal: Deal, seat: int) -> int:
    r = deal.result()
    gain = r.attacker_levels - r.dealer_levels
    return gain if deal.is_attacker(seat) else -gain


def seat_strength(deals: int, time_ms: float, preset: str, seed: int = 0, value: str = "levels",
                  inference: str = "uniform", solve_last: int = 0) -> dict[str, Any]:
    """A search bot in one seat (seat i % 4 of deal i), greedy in the other three, against greedy in that seat on the
    same deal: the seat's levels (its side's gain less the other side's) with the bot less those with greedy, mean and
    95 % interval. For 找朋友, where no fixed teams can be seated (tournament refuses it)."""
    from shengji.base._stats import mean_interval

    rules = Rules.preset(preset)
    bot = Timed(bots.PIMC(time_ms=time_ms, clock="cpu", threads=1, value=value, inference=inference,
                          solve_last=solve_last))
    diffs = []
    rng = random.Random(seed)
    t = time.perf_counter()
    for i in range(deals):
        deal_seed, seat = rng.getrandbits(32), i % 4
        gains = []
        for searched in (True, False):
            d = Deal(rules, seed=deal_seed, dealer=deal_seed % 4)
            while d.phase != "done":
                d.act(bot.choose(d) if searched and d.to_move == seat else d.policy_action("greedy"))
            gains.append(_seat_gain(d, seat))
        diffs.append(gains[0] - gains[1])
    mean, lo, hi = mean_interval(np.asarray(diffs, dtype=float))
    row = {"preset": preset, "deals": deals, "time_ms": time_ms, "value": value, "advantage_levels": float(mean),
           "low": float(lo), "high": float(hi), "seconds": time.perf_counter() - t,
           "cpu_ms_median": 1e3 * statistics.median(bot.cpu) if bot.cpu else None, "decisions": len(bot.cpu)}
    print(json.dumps(row), flush=True)
    return row


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    st = sub.add_parser("strength", help="duplicate tournaments of the search bots")
    st.add_argument("--deals", type=int, default=300)
    st.add_argument("--time-ms", type=float, default=20)
    st.add_argument("--pairs", default="pimc:greedy,pimc-endgame:greedy,ismcts:greedy")
    st.add_argument("--seed", type=int, default=0)
    st.add_argument("--endgame", type=int, default=3)
    st.add_argument("--value", default="levels", choices=["levels", "points", "blend"], help="the search bots' value")
    st.add_argument("--clock", default="wall", choices=["wall", "cpu"], help="what the budget measures")
    st.add_argument("--preset", default="qq-2deck", help="the rules (a preset name)")
    st.add_argument("--inference", default="uniform", choices=["uniform", "policy"], help="the search bots' worlds")
    st.add_argument("--policy", default="greedy", choices=["greedy", "random"], help="the search bots' finisher")
    st.add_argument("--solve-last", type=int, default=0, help="PIMC: every rollout's last k cards a hand solved")
    st.add_argument("--out", default=None, help="write the JSON summary here")
    bu = sub.add_parser("burial", help="today's greedy burial against the classic one, duplicate deals")
    bu.add_argument("--deals", type=int, default=3000)
    bu.add_argument("--presets", default="qq-2deck,qq-3deck,4deck,taian")
    bs = sub.add_parser("bury-search", help="PIMC's burial and call against greedy's, the rest greedy")
    bs.add_argument("--deals", type=int, default=1000)
    bs.add_argument("--time-ms", type=float, default=20)
    bs.add_argument("--presets", default="qq-2deck,qq-3deck,4deck,taian")
    se = sub.add_parser("seat", help="PIMC in one seat against greedy in it, the others greedy (找朋友 too)")
    se.add_argument("--deals", type=int, default=300)
    se.add_argument("--time-ms", type=float, default=20)
    se.add_argument("--preset", default="bianfeng-friend")
    se.add_argument("--value", default="levels", choices=["levels", "points", "blend"])
    se.add_argument("--solve-last", type=int, default=0)
    args = ap.parse_args(argv)
    if args.cmd == "seat":
        seat_strength(args.deals, args.time_ms, args.preset, value=args.value, solve_last=args.solve_last)
        return 0
    if args.cmd == "bury-search":
        print(json.dumps(burial_search(args.deals, args.presets.split(","), args.time_ms), indent=1))
        return 0
    if args.cmd == "burial":
        print(json.dumps(burial(args.deals, args.presets.split(",")), indent=1))
        return 0
    res = strength(args.deals, args.time_ms, args.pairs.split(","), args.seed, args.endgame, args.value, args.clock,
                   args.preset, args.inference, args.policy, args.solve_last)
    text = json.dumps(res, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
