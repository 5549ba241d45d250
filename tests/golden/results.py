"""Digests of whole runs that must not change: simulate arrays, self-play records, native matches, search
candidates and PIMC/ISMCTS choices, for every preset (tests/core/test_golden_results.py holds them to
tests/golden/results.json).

Regenerate (only when a change of results is intended, and say so in the commit):
``python tests/golden/results.py tests/golden/results.json``.
"""

from __future__ import annotations

import hashlib
import json
import sys

import numpy as np

from shengji import Deal, Rules, _core, bots, selfplay, simulate, simulate_matches

FIELDS = ("attacker_points", "kitty_points", "kitty_multiplier", "kitty_captured", "dealer_levels", "attacker_levels",
          "dealer", "trump", "plays")
MIXED = ["greedy", "random", "greedy", "random"]


def digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, np.ndarray):
            h.update(str(part.dtype).encode())
            h.update(np.ascontiguousarray(part).tobytes())
        else:
            h.update(repr(part).encode())
    return h.hexdigest()[:16]


def results(preset: str) -> dict[str, str]:
    """One preset's digests (about a second)."""
    rules, out = Rules.preset(preset), {}
    for name, policy in (("greedy", "greedy"), ("random", "random"), ("mixed", MIXED)):
        res = simulate(rules, 600, policy=policy, seed=7, threads=2)
        out[f"simulate/{name}"] = digest(*[getattr(res, f) for f in FIELDS])
    for policy in ("greedy", "random"):
        rec = selfplay(rules, 40, policy=policy, seed=3, threads=2, keep_candidates=True)
        out[f"selfplay/{policy}"] = digest(*[getattr(rec, k) for k in sorted(vars(rec))
                                             if isinstance(getattr(rec, k), np.ndarray)])
    m = simulate_matches(rules, 6, policy="greedy", seed=5, threads=2)
    out["matches"] = digest(m.winner, m.deals, m.final_levels)
    deal, step, seen = Deal(rules, seed=1, trump="declare"), 0, []
    while deal.phase != "done":
        if deal.phase == "play" and step % 9 == 4:
            seen.append((str(_core.search_candidates(deal)), str(deal.legal_actions(limit=200))))
            if step % 27 == 4:
                seen.append((str(bots.PIMC(worlds=8, seed=2, threads=1, value="levels").choose(deal)),
                             str(bots.ISMCTS(iterations=60, seed=2, threads=1, value="levels").choose(deal))))
        deal.act(deal.policy_action("greedy" if step % 5 else "random", step))
        step += 1
    out["deal"] = digest(str([tuple(m)[:2] for m in deal.moves]), str(deal.result()), *seen)  # (the records as
    # they were before they were typed: Move(kind, cards, seat) prints its name and seat)
    return out


def all_results() -> dict[str, dict[str, str]]:
    return {preset: results(preset) for preset in Rules.presets()}


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(all_results(), f, indent=1, sort_keys=True)
        f.write("\n")
