"""Speed against a baseline build (the performance issue): every rate below in one run, one thread, CPU time
beside wall time, as a ratio of this build (the Python running pytest) to a baseline build given on the
command line.

Cases (``benchmarks/_speed_worker.py``'s ``CASES``; deals a round in brackets, ~1-2 s a round):

- ``simulate`` deals/s and plays/s (``SimResult.plays.sum()``): random 2-deck (``qq-2deck``, 80,000), greedy
  2-deck (25,000), greedy 3-deck (``qq-3deck``, 12,000), greedy 4-deck (``4deck``, 8,000), greedy 泰安
  (``taian``, 12,000), greedy 边锋 找朋友 (``bianfeng-friend``, 25,000);
- ``selfplay`` games/s and records/s on ``qq-2deck``, greedy and random (4,000 each), and self-play's rate
  as a share of the same build's ``simulate`` rate for the same policy (the 2-deck cases above).

Run (from a checkout; the benchmarks import the installed ``shengji``, never ``src/``)::

    python -m pytest benchmarks/bench_speed.py -s --baseline PATH_TO_OTHER_PYTHON [--speed-json FILE]

Without ``--baseline`` it reports this build's rates only. ``--speed-pairs N`` (default 3) and
``--speed-rounds N`` (default 2) set the processes per build and case and the measured rounds in each;
``--speed-scale X`` scales every case's deals (``0.05`` for a quick check). The whole run with a baseline
takes about 4-5 minutes on 2 cores.

A baseline build from an older commit, in its own venv::

    git worktree add /tmp/base <commit> && python -m venv /tmp/vb && /tmp/vb/bin/pip install /tmp/base
    python -m pytest benchmarks/bench_speed.py -s --baseline /tmp/vb/bin/python

How it measures: each case runs in fresh processes, ``python benchmarks/_speed_worker.py CASE GAMES ROUNDS``,
this build's and the baseline's interleaved (A B A B ..., ``--speed-pairs`` of each), so that neither build's
import, threads or heap can disturb the other and a slow phase of a shared machine falls on both. A worker
plays one warm-up round, then ``ROUNDS`` measured rounds of the same deals (``seed=1``, ``threads=1``), and
times the call alone (``time.process_time`` and ``time.perf_counter``). A process's rate is its median round;
a build's rate is the median over all its rounds; the ratio is the median over the pairs of (this build's
rate / the baseline's rate in the process beside it), its spread the pairs' smallest and largest. CPU time is
the measure (wall time is reported beside it: on a loaded machine it counts other work's time). The same
ratio on user CPU time is given too, with the system's share of the CPU time: self-play's records take a few
hundred MB a round, and the system time of their page faults can vary several-fold from round to round on a
shared machine (0.15 s against 0.75 s for the same 76,000 faults on the 2-core machine this was built on), the
same for both builds; when it does, the user-time ratio is the steadier one.

Environment: the workers run with ``OPENBLAS_NUM_THREADS=1``, both builds alike. numpy's BLAS pool otherwise
keeps threads spinning after numpy work, and their time would count in the process's CPU time; the library
does not read the variable and nothing else in the environment is changed.

Output: a table at the end (``-s``), each test's ``extra_info`` (``games_per_s``, ``plays_per_s`` or
``records_per_s``, user-time and wall rates, ``sys_share``, the baseline's rates, ``ratio``, ``pair_ratios``,
``user_ratio``, ``wall_ratio``, ``cores``), and with ``--speed-json FILE`` the whole summary (every round's
CPU, user, system and wall seconds and page faults). pytest-benchmark's own timing of each test is the whole
interleaved run of its case (every process), not a rate.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from _speed_worker import CASES

WORKER = Path(__file__).resolve().with_name("_speed_worker.py")
WORKER_ENV = {"OPENBLAS_NUM_THREADS": "1"}  # module docstring: numpy's BLAS pool must not spin in the workers
BUILDS = ("current", "baseline")
SYS_APART = 0.05  # the table marks a case whose builds' system shares of CPU time differ by more than this


def run_worker(python: str, case: str, games: int, rounds: int) -> dict[str, Any]:
    """One fresh process of ``python`` measuring ``case``: the worker's JSON."""
    env = dict(os.environ, **WORKER_ENV)
    proc = subprocess.run([python, str(WORKER), case, str(games), str(rounds)], env=env, capture_output=True,
                          text=True, timeout=1800, cwd=WORKER.parent)
    if proc.returncode != 0:
        raise RuntimeError(f"{python} {WORKER.name} {case} {games} {rounds} failed ({proc.returncode}):\n"
                           f"{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _rates(runs: list[dict[str, Any]], games: int) -> dict[str, Any]:
    """One build's rates over its processes: the median round, CPU and wall."""
    cpu = [c for r in runs for c in r["cpu"]]
    wall = [w for r in runs for w in r["wall"]]
    first = runs[0]
    user = [u for r in runs for u in r["user"]]
    sys_s = [s for r in runs for s in r["sys"]]
    out: dict[str, Any] = {"games_per_s": games / statistics.median(cpu),
                           "user_games_per_s": games / statistics.median(user),
                           "wall_games_per_s": games / statistics.median(wall),
                           "sys_share": sum(sys_s) / sum(cpu),
                           "process_games_per_s": [games / statistics.median(r["cpu"]) for r in runs],
                           "cpu_s": cpu, "user_s": user, "sys_s": sys_s, "wall_s": wall,
                           "minflt": [f for r in runs for f in r["minflt"]], "warmup_s": [r["warmup"] for r in runs]}
    for unit in ("plays", "records"):
        if unit in first:
            out[unit] = first[unit]
            out[f"{unit}_per_deal"] = first[unit] / games
            out[f"{unit}_per_s"] = first[unit] / statistics.median(cpu)
    out["build"] = {k: first[k] for k in ("executable", "python", "shengji", "version", "env")}
    return out


def measure_case(case: str, games: int, pairs: int, rounds: int, baseline: str | None) -> dict[str, Any]:
    """``pairs`` processes of this build and of the baseline, interleaved A B A B ...; rates and ratios."""
    pythons = {"current": sys.executable} | ({"baseline": baseline} if baseline else {})
    runs: dict[str, list[dict[str, Any]]] = {b: [] for b in pythons}
    for _ in range(pairs):
        for build, python in pythons.items():
            runs[build].append(run_worker(python, case, games, rounds))
    out: dict[str, Any] = {"case": case, "games": games, "pairs": pairs, "rounds": rounds,
                           "cores": runs["current"][0]["cores"]}
    out |= {b: _rates(r, games) for b, r in runs.items()}
    if baseline:
        cur, base = out["current"]["build"]["shengji"], out["baseline"]["build"]["shengji"]
        if cur == base:
            raise RuntimeError(f"both builds import the same shengji ({cur}): is PYTHONPATH set?")
        for key, unit in (("ratio", "cpu"), ("user_ratio", "user"), ("wall_ratio", "wall")):
            pair = [statistics.median(b[unit]) / statistics.median(c[unit])  # time ratio = rate ratio inverted
                    for c, b in zip(runs["current"], runs["baseline"], strict=True)]
            out[key] = statistics.median(pair)
            out[f"pair_{key}s"] = pair
        for unit in ("plays", "records"):
            if unit in out["current"] and out["current"][unit] != out["baseline"][unit]:
                out["work_differs"] = f"{unit}: {out['current'][unit]} against {out['baseline'][unit]}"
    return out


def selfplay_shares(results: dict[str, dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Self-play's games/s as a share of the same build's simulate games/s, per policy (2-deck)."""
    shares: dict[str, dict[str, float]] = {}
    for policy in ("greedy", "random"):
        sp, sim = results.get(f"selfplay-{policy}-2deck"), results.get(f"simulate-{policy}-2deck")
        if not sp or not sim:
            continue
        for b in BUILDS:
            if b in sp and b in sim:
                shares.setdefault(policy, {})[b] = sp[b]["games_per_s"] / sim[b]["games_per_s"]
                shares[policy][f"{b}_user"] = sp[b]["user_games_per_s"] / sim[b]["user_games_per_s"]
    return shares


def table(results: dict[str, dict[str, Any]], baseline: str | None) -> str:
    first = next(iter(results.values()))
    lines = [f"speed, one thread, CPU time (wall beside it); cores: {os.cpu_count()}; load average now: "
             f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}; {first['pairs']} process(es) per build and case, "
             f"{first['rounds']} round(s) each after a warm-up"]
    for b in BUILDS:
        if b in first:
            info = first[b]["build"]
            lines.append(f"  {b}: {info['executable']} (shengji {info['version']}: {info['shengji']})")
    head = f"{'case':<32} {'deals':>7} {'deals/s':>9} {'plays/s':>10} {'wall d/s':>9} {'sys':>4}"
    if baseline:
        head += (f" {'base d/s':>9} {'base p/s':>10} {'sys':>4} {'ratio':>6} {'pairs min-max':>13} {'user':>6}"
                 f" {'wall':>6}")
    lines += [head, "-" * len(head)]
    for case, r in results.items():
        c = r["current"]
        per_s = c.get("plays_per_s", c.get("records_per_s"))
        row = (f"{case:<32} {r['games']:>7} {c['games_per_s']:>9.0f} {per_s:>10.0f} {c['wall_games_per_s']:>9.0f}"
               f" {c['sys_share']:>4.0%}")
        if baseline:
            b = r["baseline"]
            spread = f"{min(r['pair_ratios']):.3f}-{max(r['pair_ratios']):.3f}"
            row += (f" {b['games_per_s']:>9.0f} {b.get('plays_per_s', b.get('records_per_s')):>10.0f}"
                    f" {b['sys_share']:>4.0%} {r['ratio']:>6.3f} {spread:>13} {r['user_ratio']:>6.3f}"
                    f" {r['wall_ratio']:>6.3f}")
            if abs(c["sys_share"] - b["sys_share"]) > SYS_APART:
                row += "  *"
            if "work_differs" in r:
                row += f"  (work differs: {r['work_differs']})"
        lines.append(row)
    lines.append("deals/s, plays/s: CPU time (self-play: plays/s is records/s, the rows written); sys: the system's"
                 " share of the CPU time")
    if baseline:
        lines.append("ratio: this build / the baseline, CPU time, the median of the pairs; user, wall: the same ratio"
                     " on user CPU time and on wall time")
        if any(abs(r["current"]["sys_share"] - r["baseline"]["sys_share"]) > SYS_APART for r in results.values()):
            lines.append(f"*: the builds' system shares differ by more than {SYS_APART:.0%} (page-fault time varies"
                         " on a shared machine: the user ratio is the steadier)")
    for policy, s in selfplay_shares(results).items():
        line = (f"self-play {policy} as a share of simulate {policy} (2-deck): current {s['current']:.3f}"
                f" (user time {s['current_user']:.3f})")
        if "baseline" in s:
            line += f", baseline {s['baseline']:.3f} (user time {s['baseline_user']:.3f})"
        lines.append(line)
    return "\n".join(lines)


@pytest.fixture(scope="module")
def speed(request: pytest.FixtureRequest) -> Any:
    """The run's settings and the results by case; at the end the table and the JSON summary."""
    config = request.config
    baseline = config.getoption("--baseline")  # checked in conftest.py: an executable file
    state: dict[str, Any] = {"baseline": baseline, "pairs": config.getoption("--speed-pairs"),
                             "rounds": config.getoption("--speed-rounds"), "scale": config.getoption("--speed-scale"),
                             "results": {}, "started": time.time()}
    yield state
    results = state["results"]
    if not results:
        return
    print("\n" + table(results, baseline))
    path = config.getoption("--speed-json")
    if path:
        summary = {"cores": os.cpu_count(), "load_average": os.getloadavg(), "baseline": baseline,
                   "current": sys.executable, "worker_env": WORKER_ENV, "pairs": state["pairs"],
                   "rounds": state["rounds"], "seconds": time.time() - state["started"],
                   "selfplay_share": selfplay_shares(results), "cases": results}
        Path(path).write_text(json.dumps(summary, indent=1) + "\n")


@pytest.mark.benchmark(group="speed")
@pytest.mark.parametrize("case", list(CASES))
def test_speed(benchmark: Any, speed: dict[str, Any], case: str) -> None:
    games = max(1, round(CASES[case][3] * speed["scale"]))
    res = benchmark.pedantic(measure_case, args=(case, games, speed["pairs"], speed["rounds"], speed["baseline"]),
                             rounds=1, iterations=1)
    speed["results"][case] = res
    cur = res["current"]
    info: dict[str, Any] = {"games": games, "cores": res["cores"], "games_per_s": cur["games_per_s"],
                            "user_games_per_s": cur["user_games_per_s"], "wall_games_per_s": cur["wall_games_per_s"],
                            "sys_share": cur["sys_share"]}
    for unit in ("plays", "records"):
        if f"{unit}_per_s" in cur:
            info[f"{unit}_per_s"] = cur[f"{unit}_per_s"]
    if speed["baseline"]:
        info |= {"baseline_games_per_s": res["baseline"]["games_per_s"],
                 "baseline_wall_games_per_s": res["baseline"]["wall_games_per_s"], "ratio": res["ratio"],
                 "pair_ratios": res["pair_ratios"], "user_ratio": res["user_ratio"], "wall_ratio": res["wall_ratio"]}
    benchmark.extra_info.update(info)
    assert cur["games_per_s"] > 0
