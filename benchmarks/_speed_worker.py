"""Measure one speed case of ``benchmarks/bench_speed.py`` in this process and print it as JSON.

Run: ``python benchmarks/_speed_worker.py CASE GAMES ROUNDS`` (``CASE`` one of :data:`CASES`; ``GAMES`` deals a
round; ``ROUNDS`` measured rounds after one warm-up round of the same size). It imports only the public
``shengji`` API (``Rules.preset``, ``simulate``, ``selfplay``), so that any build with that API can run it, and
it always runs one thread (``threads=1``) with ``seed=1`` (every round plays the same deals).

It prints one JSON object: ``cpu`` and ``wall`` (seconds of each measured round, ``time.process_time`` and
``time.perf_counter`` around the call only), ``user`` and ``sys`` (the CPU time's split, ``getrusage``, and
``minflt``, the page faults; ``os.times`` and no faults where there is no ``resource`` module), ``warmup``
(the warm-up round's ``[cpu, wall]``), ``games``,
``plays`` (``SimResult.plays.sum()``, simulate cases) or ``records`` (rows written, self-play cases), and
what ran it: the ``shengji`` file imported and its version, the Python, ``os.cpu_count()``, and the
environment variables below as this process saw them.

The harness (``bench_speed.py``) starts it with ``OPENBLAS_NUM_THREADS=1`` for both builds alike: numpy's
BLAS pool otherwise keeps threads spinning after numpy work, and their time counts in the process's CPU time.
The library itself does not read the variable; run by hand, the worker leaves the environment as given.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from typing import Any

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

# name: (function, preset, policy, games a round by default, ~1-2 s a round on the 79ab229 build)
CASES: dict[str, tuple[str, str, str, int]] = {
    "simulate-random-2deck": ("simulate", "qq-2deck", "random", 80_000),
    "simulate-greedy-2deck": ("simulate", "qq-2deck", "greedy", 25_000),
    "simulate-greedy-3deck": ("simulate", "qq-3deck", "greedy", 12_000),
    "simulate-greedy-4deck": ("simulate", "4deck", "greedy", 8_000),
    "simulate-greedy-taian": ("simulate", "taian", "greedy", 12_000),
    "simulate-greedy-bianfeng-friend": ("simulate", "bianfeng-friend", "greedy", 25_000),
    "selfplay-greedy-2deck": ("selfplay", "qq-2deck", "greedy", 4_000),
    "selfplay-random-2deck": ("selfplay", "qq-2deck", "random", 4_000),
}
ENV_SEEN = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "PYTHONPATH")


def _usage() -> tuple[float, float, int]:
    """This process's user and system CPU seconds and minor page faults so far."""
    if resource is None:
        t = os.times()
        return t.user, t.system, 0
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime, r.ru_stime, r.ru_minflt


def measure(case: str, games: int, rounds: int) -> dict[str, Any]:
    import shengji
    from shengji import Rules, selfplay, simulate

    fn_name, preset, policy, _ = CASES[case]
    fn = simulate if fn_name == "simulate" else selfplay
    rules = Rules.preset(preset)
    out: dict[str, Any] = {"case": case, "games": games, "cpu": [], "wall": [], "user": [], "sys": [], "minflt": []}
    for r in range(rounds + 1):
        gc.collect()
        u0 = _usage()
        c, w = time.process_time(), time.perf_counter()
        res = fn(rules, games, policy=policy, seed=1, threads=1)
        cpu, wall = time.process_time() - c, time.perf_counter() - w
        u1 = _usage()
        if r == 0:
            out["warmup"] = [cpu, wall]
            if fn_name == "simulate":
                out["plays"] = int(res.plays.sum())
            else:
                out["records"] = len(res)
        else:
            out["cpu"].append(cpu)
            out["wall"].append(wall)
            for key, a, b in zip(("user", "sys", "minflt"), u0, u1, strict=True):
                out[key].append(b - a)
        del res
    out.update(shengji=shengji.__file__, version=getattr(shengji, "__version__", None), python=sys.version.split()[0],
               executable=sys.executable, cores=os.cpu_count(), env={k: os.environ.get(k) for k in ENV_SEEN})
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in CASES:
        print(f"usage: python {os.path.basename(__file__)} CASE GAMES ROUNDS  (CASE: {', '.join(CASES)})",
              file=sys.stderr)
        return 2
    print(json.dumps(measure(argv[0], int(argv[1]), int(argv[2]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
