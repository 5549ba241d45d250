"""Which bot is stronger: duplicate tournaments (``shengji.tournament``).

``tournament(rules, bots, deals, seed=0, threads=None, progress=False)``: ``bots`` maps names to players (a
native policy name such as ``"greedy"``, or a bot object). Every pair of bots plays ``deals`` duplicate
deals: each deal twice from the same cards (game *i* of seed ``seed``: the same dealer, level and hands),
once with the first bot on seats 0+2 and once with the teams' seats swapped, so the luck of the cards
cancels. A game's result for a bot, from its side:

- ``levels``: the levels its team gains minus the levels the other team gains;
- ``points``: the attackers' final points, negated when its team defends.

``TournamentResult``: per bot, the mean of each over all its games with a 95 % interval (normal
approximation over duplicate deals); ``advantage(a, b) -> (mean, low, high)``: bot ``a``'s mean level result
over ``b`` on their duplicate deals (each deal's two games averaged). Printing it gives a table. The same
seed gives the same result, whatever ``threads`` is.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..base import _validate
from ..base._stats import mean_interval
from ..game import views
from .results import SimResult
from .simulate import simulate


def _interval(x: np.ndarray) -> tuple[float, float, float]:
    m, lo, hi = mean_interval(x)
    return float(m), float(lo), float(hi)


def side_values(res: SimResult, team: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game, (levels, points) from the side of the team of seats ``team`` and ``team + 2``."""
    sign = np.where(res.dealer % 2 == team, 1, -1)
    levels = sign * (res.dealer_levels.astype(np.int64) - res.attacker_levels.astype(np.int64))
    points = -sign * res.attacker_points.astype(np.int64)
    return levels, points


@dataclass
class TournamentResult:
    """Per pair of bots, per duplicate deal, the first bot's (levels, points) averaged over both seatings:
    ``names``: the bots' names, in ``bots``' order; ``deals``: the duplicate deals each pair played; ``pairs``:
    ``(a, b) -> (levels, points)``, two arrays of one entry per duplicate deal from ``a``'s side."""

    names: list[str]
    deals: int
    pairs: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"TournamentResult(bots={self.names}, deals={self.deals:,} per pair)"

    def _repr_html_(self) -> str:
        return views.tournament_html(self)

    def advantage(self, a: str, b: str, kind: str = "levels") -> tuple[float, float, float]:
        """(mean, low, high): bot ``a``'s mean result over ``b`` per duplicate deal, with a 95 % interval;
        ``kind``: "levels" or "points" (module docstring)."""
        if kind not in ("levels", "points"):
            raise ValueError(f"kind must be 'levels' or 'points', got {kind!r}")
        for name in (a, b):
            if name not in self.names:
                raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(self.names)}")
        if a == b:
            raise ValueError("advantage needs two different bots")
        i = 0 if kind == "levels" else 1
        if (a, b) in self.pairs:
            return _interval(self.pairs[(a, b)][i])
        return _interval(-self.pairs[(b, a)][i])

    def bot(self, name: str, kind: str = "levels") -> tuple[float, float, float]:
        """(mean, low, high) of a bot's result over all its duplicate deals, against every other bot;
        ``kind``: "levels" or "points"."""
        if name not in self.names:
            raise ValueError(f"no bot {name!r} in this tournament: {', '.join(map(repr, self.names))}")
        if kind not in ("levels", "points"):
            raise ValueError(f"kind must be 'levels' or 'points', got {kind!r}")
        i = 0 if kind == "levels" else 1
        parts = [v[i] if x == name else -v[i] for (x, y), v in self.pairs.items() if name in (x, y)]
        return _interval(np.concatenate(parts)) if parts else (math.nan, math.nan, math.nan)

    def __str__(self) -> str:
        lines = [f"duplicate tournament: {self.deals:,} deals per pair, each played with both seatings",
                 f"{'bot':<16}{'levels a deal (95 % CI)':>30}{'points a deal (95 % CI)':>34}"]
        for name in self.names:
            lv, pt = self.bot(name, "levels"), self.bot(name, "points")
            lines.append(f"{name:<16}{lv[0]:>+10.3f} ({lv[1]:+.3f} .. {lv[2]:+.3f}){pt[0]:>+12.1f} "
                         f"({pt[1]:+.1f} .. {pt[2]:+.1f})")
        lines.append("advantage in levels a deal:")
        for a, b in self.pairs:
            m, lo, hi = self.advantage(a, b)
            lines.append(f"  {a} over {b}: {m:+.3f} (95 % CI {lo:+.3f} .. {hi:+.3f})")
        return "\n".join(lines)


def tournament(rules: Any, bots: dict[str, Any], deals: int, seed: int = 0, threads: int | None = None,
               progress: bool = False, **setup: Any) -> TournamentResult:
    """Play every pair of ``bots`` on ``deals`` duplicate deals (module docstring). ``setup`` (level, trump,
    dealer, …, and ``executor``/``chunk``: the deals in chunks on an engine, shengji._executors; a Python bot
    must pickle to travel) goes to ``simulate``."""
    if getattr(rules, "partnership", "fixed") == "call_card":
        raise ValueError("tournament seats two bots as fixed teams (0+2 against 1+3); under partnership='call_card' "
                         "(找朋友) the teams change every deal")
    if not isinstance(bots, dict) or len(bots) < 2:
        raise ValueError("bots must be a dict of at least two named players, e.g. {'pimc': bots.PIMC(), "
                         "'greedy': 'greedy'}")
    deals = _validate.integer(deals, "deals", 2, 2**40)
    out = TournamentResult(list(bots), deals)
    for a, b in itertools.combinations(bots, 2):
        pa, pb = bots[a], bots[b]
        first = simulate(rules, deals, policy=[pa, pb, pa, pb], seed=seed, threads=threads, progress=progress, **setup)
        second = simulate(rules, deals, policy=[pb, pa, pb, pa], seed=seed, threads=threads, progress=progress,
                          **setup)
        la, pa_ = side_values(first, 0)
        lb, pb_ = side_values(second, 1)
        out.pairs[(a, b)] = ((la + lb) / 2, (pa_ + pb_) / 2)
    return out
