"""What policy-based inference buys (Search III): the share of the observer's hidden cards that a sampled world
places in their true seat, uniform worlds against inferred ones (``determinize(inference="policy")``), and the cost
of a world.

Deals are played by greedy, by PIMC (``PIMC(worlds=16)``) and by a random/greedy mix (each play random with
probability 0.3); at 20 %, 40 %, 60 % and 80 % of the cards played the seat to move observes, and ``WORLDS`` worlds
of each kind are drawn. The hidden cards are the other seats' hands (the kitty aside); the share is the mean over
worlds and decisions. The table also gives p-hat, the share of the other seats' plays (with two candidates or more)
that equal greedy's choice: the soft greedy model's p fitted on those tables.

Run: ``python benchmarks/bench_inference.py [--deals 200]`` (about a minute a table on one core), or
``python -m pytest benchmarks/bench_inference.py -s`` for a quick pass (40 deals a table).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

import pytest

from shengji import Deal, Rules, _core, bots, determinize

WORLDS = 4
POINTS = (0.2, 0.4, 0.6, 0.8)


def _share(truth: Deal, world: Deal, seat: int) -> float:
    hit = total = 0
    for s in range(4):
        if s == seat:
            continue
        t, w = Counter(truth.hand(s).indices()), Counter(world.hand(s).indices())
        hit += sum(min(n, w[k]) for k, n in t.items())
        total += sum(t.values())
    return hit / total if total else 1.0


def table(kind: str, deals: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    pimc = bots.PIMC(worlds=16, seed=seed)
    share = {"uniform": [], "policy": []}
    by_point = {(inf, f): [] for inf in ("uniform", "policy") for f in POINTS}
    cost = {"uniform": 0.0, "policy": 0.0}
    worlds = 0
    same = judged = 0
    for g in range(deals):
        d = Deal(Rules(), seed=seed * 100_000 + g, dealer=g % 4)
        total = 4 * d.hand_size
        marks = [int(f * total) for f in POINTS]
        while d.phase != "done":
            if d.phase != "play":
                d.act(d.policy_action("greedy"))
                continue
            if marks and len(d.played) >= marks[0] and len(_core.search_candidates(d)) > 1:
                point = POINTS[len(POINTS) - len(marks)]
                marks.pop(0)
                obs = d.observation(d.to_move)
                for inf in ("uniform", "policy"):
                    t = time.perf_counter()
                    ws = [determinize(obs, rng.getrandbits(32), inference=inf) for _ in range(WORLDS)]
                    cost[inf] += time.perf_counter() - t
                    share[inf].append(statistics.fmean(_share(d, w, d.to_move) for w in ws))
                    by_point[(inf, point)].append(share[inf][-1])
                worlds += WORLDS
            greedy = d.policy_action("greedy")
            if kind == "greedy":
                action = greedy
            elif kind == "pimc":
                action = pimc.choose(d)
            else:
                action = rng.choice(d.legal_actions(limit=200)) if rng.random() < 0.3 else greedy
            if len(_core.candidate_actions(d)) > 1:
                judged += 1
                same += action == greedy
            d.act(action)
    return {"table": kind, "deals": deals, "decisions": len(share["uniform"]),
            "uniform_share": statistics.fmean(share["uniform"]), "policy_share": statistics.fmean(share["policy"]),
            "uniform_ms_a_world": 1e3 * cost["uniform"] / worlds, "policy_ms_a_world": 1e3 * cost["policy"] / worlds,
            "p_hat": same / judged,
            **{f"{inf}_share_at_{round(100 * f)}": statistics.fmean(v) for (inf, f), v in by_point.items() if v}}


@pytest.mark.benchmark(group="inference")
@pytest.mark.parametrize("kind", ["greedy", "pimc", "mix"])
def test_inference_share(benchmark, kind):
    row = benchmark.pedantic(table, args=(kind, 40), rounds=1, iterations=1)
    benchmark.extra_info.update(row)
    print("\n" + json.dumps(row))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--tables", default="greedy,pimc,mix")
    args = ap.parse_args()
    for kind in args.tables.split(","):
        print(json.dumps(table(kind, args.deals)), flush=True)


if __name__ == "__main__":
    main()
