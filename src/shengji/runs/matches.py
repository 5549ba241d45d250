"""Whole matches natively: ``shengji.simulate_matches`` → :class:`MatchResult`.

Match ``i`` of a run with seed ``s`` is ``Match(rules, seed=match_seed(s, i), policy=..., levels=...,
first_dealer=..., end_level=..., points=...)`` deal by deal: the same match rules (the native core's,
csrc/include/sj_match.h), the same deals (deal ``j`` from stream (match seed, j)), the same decisions for
the greedy policy and compiled jit policies (they draw no random numbers). The native ``"random"`` policy draws
from stream (match seed ^ a constant, deal) and so differs from ``Match``'s Python ``Random`` bots. Python
bots (``bots.PIMC`` ...) play through ``Match`` itself, one match after the other.

- ``levels``: each team's starting level (``("8", "J")``: team 0 at 8, team 1 at J), or each seat's under
  找朋友; then ``first_dealer`` (default seat 0) deals the first deal, which does not decide the dealer. Without
  ``levels`` the match starts at the first level and the first deal's declaring decides the dealer.
- ``max_deals``: a match still running after that many deals stops unfinished (``winner`` -1); None: 100,000,
  far beyond any match seen.
- ``MatchResult``: per match ``winner`` (the team, or the seat under 找朋友; -1 unfinished), ``deals``,
  ``final_levels`` (rank indices 0 = "2" .. 12 = "A", one column per unit), ``points`` (match points per
  seat, where the rules keep them) and ``kept`` (deals the dealers kept); ``win_rate(team=...)`` or
  ``win_rate(seat=...)`` (Wilson 95 %), ``deals_histogram()``, ``summary()``, ``merge()`` (consecutive runs:
  the match indices are checked), ``save``/``load``.
- ``executor=``: a ``concurrent.futures`` Executor, a ``dask.distributed.Client`` or the ``ray`` module (after
  ``ray.init()``): the matches go out in chunks (``shengji._executors``) and the merged result equals the
  local run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import _core
from .._core import RANKS, MatchState, match_seed
from ..base import _files, _validate
from ..base._stats import wilson
from ..game import views
from ..game.players import native
from ..game.rules import Rules, preset_of, rules_text
from ._executors import RunSpec, describe
from .match import Match

MAX_DEALS = 100_000
FORMAT = 1
ARRAYS = ("winner", "deals", "final_levels", "points", "kept")


@dataclass(eq=False)
class MatchResult:
    """Matches ``first`` .. ``first + n - 1`` of one run (module docstring): ``winner``, ``deals``,
    ``final_levels``, ``points`` (None when the rules keep no match points) and ``kept``, one row per match;
    ``meta``: the run's setup (rules, policy, seed, levels, first_dealer, end_level, starting points, max_deals,
    partnership, first_match), which ``merge`` checks and ``summary`` shows."""

    winner: np.ndarray
    deals: np.ndarray
    final_levels: np.ndarray
    points: np.ndarray | None
    kept: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def matches(self) -> int:
        """The number of matches in the result."""
        return int(self.winner.shape[0])

    @property
    def first(self) -> int:
        """The run's index of the first match held (``first_match``; 0 for a whole run)."""
        return int(self.meta.get("first_match", 0))

    @property
    def per_seat(self) -> bool:
        """True under 找朋友 (``partnership="call_card"``): levels and wins are per seat, not per team."""
        return self.meta.get("partnership") == "call_card"

    def win_rate(self, team: int | None = None, seat: int | None = None) -> tuple[float, float, float]:
        """(p, low, high): the share of matches won by ``team`` (0: seats 0+2, 1: seats 1+3; default 0), or under
        找朋友 by ``seat``; Wilson 95 %. Unfinished matches count as not won."""
        if self.per_seat:
            if team is not None or seat is None:
                raise ValueError("under 找朋友 (partnership='call_card') matches are won by a seat: win_rate(seat=...)")
            unit = seat = _validate.seat(seat)
        else:
            if seat is not None:
                seat = _validate.seat(seat)
                if team is not None and _team(team) != seat % 2:
                    raise ValueError(f"seat {seat} plays for team {seat % 2}, not {team}")
                team = seat % 2
            team = 0 if team is None else _team(team)
            unit = team
        return wilson(int((self.winner == unit).sum()), self.matches)

    def deals_histogram(self) -> tuple[np.ndarray, np.ndarray]:
        """(deals, counts): how many matches lasted each number of deals."""
        values, counts = np.unique(self.deals, return_counts=True)
        return values, counts

    def unfinished(self) -> int:
        """The matches stopped unfinished after ``max_deals`` deals (``winner`` -1)."""
        return int((self.winner < 0).sum())

    def _rules_text(self) -> str:
        """The rules in words: the preset and the options changed from it (a file written before they were
        recorded: its rules as recorded, when short)."""
        preset = self.meta.get("preset")
        if preset is None:
            recorded = str(self.meta.get("rules", ""))
            preset = recorded if recorded and len(recorded) <= 40 else None
        return rules_text(preset, self.meta.get("options_changed"))

    def summary(self) -> str:
        """A readable table: the setup (the rules, policy and seed), each team's (or seat's) win rate with its 95 %
        interval, the deals a match lasted and the unfinished matches."""
        levels = self.meta.get("levels")
        lines = [f"{self.matches:,} matches ({self._rules_text()}; policy {self.meta.get('policy')}, seed "
                 f"{self.meta.get('seed')}), from levels {', '.join(map(str, levels)) if levels else 'the first'}"]
        units = range(4) if self.per_seat else range(2)
        for u in units:
            p, lo, hi = self.win_rate(seat=u) if self.per_seat else self.win_rate(team=u)
            name = f"seat {u}" if self.per_seat else f"team {u} (seats {u} + {u + 2})"
            lines.append(f"  {name} wins {100 * p:.1f} % (95 % CI {100 * lo:.1f} .. {100 * hi:.1f})")
        d = self.deals
        if len(d):
            lines.append(f"  deals a match: mean {d.mean():.1f}, median {int(np.median(d))}, "
                         f"5 % .. 95 %: {int(np.percentile(d, 5))} .. {int(np.percentile(d, 95))}")
        if self.unfinished():
            lines.append(f"  {self.unfinished()} unfinished after max_deals={self.meta.get('max_deals')}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.per_seat:
            return f"MatchResult({self.matches} matches, seat 0 wins {self.win_rate(seat=0)[0]:.3f})"
        return f"MatchResult({self.matches} matches, team 0 wins {self.win_rate(0)[0]:.3f}, mean " \
               f"{float(self.deals.mean()) if self.matches else 0:.1f} deals)"

    def _repr_html_(self) -> str:
        return views.match_html(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchResult):
            return NotImplemented
        return all(_same(getattr(self, a), getattr(other, a)) for a in ARRAYS)

    def merge(self, other: MatchResult) -> MatchResult:
        """This run's matches and the next ones (``other`` must start where this one ends, same setup)."""
        if not isinstance(other, MatchResult):
            raise TypeError(f"merge expects a MatchResult, not {type(other).__name__}")
        keys = ("rules", "policy", "seed", "levels", "first_dealer", "end_level", "points_start", "max_deals")
        for k in keys:
            if self.meta.get(k) != other.meta.get(k):
                raise ValueError(f"cannot merge matches of different {k}: {self.meta.get(k)!r} and "
                                 f"{other.meta.get(k)!r}")
        if other.first != self.first + self.matches:
            raise ValueError(f"matches {self.first} .. {self.first + self.matches - 1} and {other.first} .. "
                             f"{other.first + other.matches - 1} are not consecutive: some would be dropped or "
                             "counted twice")
        arrays: dict[str, Any] = {a: None if getattr(self, a) is None else
                                  np.concatenate([getattr(self, a), getattr(other, a)]) for a in ARRAYS}
        return MatchResult(**arrays, meta=dict(self.meta))

    def save(self, path: str | os.PathLike[str]) -> str:
        """Write to an ``.npz`` file (``.npz`` added to a name without it); returns the path written. The file is
        written under a temporary name and then renamed (``shengji._files``): the name never holds half a file."""
        arrays = {a: getattr(self, a) for a in ARRAYS if getattr(self, a) is not None}
        return _files.write_npz(path, {**arrays, "format": np.array(FORMAT),
                                       "meta_json": np.array(json.dumps(self.meta))}, compress=True)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> MatchResult:
        """A result written by ``save`` (``path``, or ``path.npz`` when only that exists), read warily
        (``shengji._files.open_npz``) and checked: ``winner``, ``deals`` and ``kept`` integer arrays of one
        dimension and one length, ``final_levels`` (and ``points`` when present) one row per match, a column per
        team (per seat under 找朋友); winners -1 (unfinished) or a team (a seat), levels rank indices 0 .. 12,
        deals and kept deals >= 0, kept <= deals. A ValueError names the file and what is wrong."""
        with _files.open_npz(path, "MatchResult") as z:
            if "format" not in z:
                raise z.error(f"it has no format (a MatchResult file of format <= {FORMAT} holds one)")
            version = z.scalar_int("format")
            if not 1 <= version <= FORMAT:
                raise z.error(f"it is a MatchResult of format {version}; this shengji reads 1 .. {FORMAT}")
            meta = z.json("meta_json")
            arrays: dict[str, Any] = {a: (z[a] if a in z else None) for a in ARRAYS}
            path_of = z.path
        for a in ("winner", "deals", "final_levels", "kept"):
            if arrays[a] is None:
                raise ValueError(f"{path_of}: it has no {a} (a MatchResult file holds one)")
        for a, v in arrays.items():
            if v is not None and v.dtype.kind not in "iu":
                raise ValueError(f"{path_of}: {a} must be integers, got {v.dtype}")
        n = arrays["winner"].shape[0] if arrays["winner"].ndim else 0
        units = 4 if meta.get("partnership") == "call_card" else 2
        shapes = {"winner": (n,), "deals": (n,), "kept": (n,), "final_levels": (n, units), "points": (n, 4)}
        for a, v in arrays.items():
            if v is not None and v.shape != shapes[a]:
                raise ValueError(f"{path_of}: {a} has shape {v.shape}; {n} matches need {shapes[a]}")
        ranges = {"winner": (-1, units - 1), "final_levels": (0, len(RANKS) - 1), "deals": (0, None), "kept": (0, None)}
        for a, (lo, hi) in ranges.items():
            v = arrays[a]
            if v.size and (v.min() < lo or (hi is not None and v.max() > hi)):
                bounds = f"{lo} .. {hi}" if hi is not None else f">= {lo}"
                raise ValueError(f"{path_of}: {a} must lie in {bounds}, got {v.min()} .. {v.max()}")
        if n and (arrays["kept"] > arrays["deals"]).any():
            raise ValueError(f"{path_of}: kept counts more deals than a match lasted")
        dtypes: dict[str, Any] = {"winner": np.int8, "deals": np.int32, "final_levels": np.int8, "points": np.int32,
                                  "kept": np.int32}
        for a, v in arrays.items():
            if v is not None:
                info = np.iinfo(dtypes[a])
                if v.size and (v.min() < info.min or v.max() > info.max):
                    raise ValueError(f"{path_of}: {a} must fit {info.dtype}, got {v.min()} .. {v.max()}")
                arrays[a] = v.astype(dtypes[a])
        return cls(**arrays, meta=meta)


def _team(team: Any) -> int:
    """A team: 0 (seats 0+2) or 1 (seats 1+3), numpy integers too; TypeError for a bool, a float or another type."""
    if isinstance(team, bool) or not hasattr(team, "__index__"):
        raise TypeError(f"team must be 0 (seats 0+2) or 1 (seats 1+3), not {type(team).__name__} {team!r}")
    if team.__index__() not in (0, 1):
        raise ValueError(f"team must be 0 (seats 0+2) or 1 (seats 1+3), got {team.__index__()}")
    return int(team.__index__())


def _same(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return bool(np.array_equal(a, b))


def _check(rules: Any, matches: Any, levels: Any, first_dealer: Any, end_level: Any, points: Any,
           max_deals: Any) -> tuple[Rules, int, MatchState, int]:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a shengji.Rules, not {type(rules).__name__}")
    matches = _validate.count(matches, "matches")
    first_dealer = 0 if first_dealer is None else _validate.integer(first_dealer, "first_dealer", 0, 3, "a seat", True)
    if max_deals is not None:
        max_deals = _validate.integer(max_deals, "max_deals", 1, 2**31 - 1, "an integer", True)
    max_deals = MAX_DEALS if max_deals is None else max_deals
    if levels is not None:  # Match checks each rank (strings, as Match(levels=...) takes them)
        if isinstance(levels, str) or not isinstance(levels, Sequence):
            raise TypeError(f"levels must be a sequence of ranks (one per team, or per seat under 找朋友), got "
                            f"{levels!r}")
        levels = list(levels)
    probe = Match(rules, first_dealer=first_dealer, points=points, end_level=end_level, levels=levels)
    return rules, max_deals, probe._state, first_dealer


def _chunk(lo: int, n: int, **kw: Any) -> MatchResult:
    """Matches lo .. lo + n - 1 on one thread (a chunk of an executor's run)."""
    return simulate_matches(kw.pop("rules"), n, threads=1, first_match=lo, **kw)


RUN = RunSpec(unit="match", what="matches", first="first_match", count="matches", chunk=_chunk,
              size=lambda part: len(part.winner))


def simulate_matches(rules: Rules, matches: int, *, policy: Any = "greedy", seed: int = 0, threads: int | None = None,
                     levels: Sequence[str] | None = None, first_dealer: int | None = None, end_level: str | None = None,
                     points: Sequence[int] | None = None, max_deals: int | None = None, executor: Any = None,
                     progress: bool = False, first_match: int = 0, chunk: int | None = None,
                     timeout: float | None = None) -> MatchResult:
    """Play ``matches`` whole matches (module docstring): 0 .. 2**40, the most one run of ``simulate``,
    ``simulate_matches`` or ``selfplay`` takes. ``threads``: the native threads (None: every core; the result is
    the same for any number); ``progress``: show a progress bar on an executor's run; ``first_match``: the index of
    the first match (a run continued in batches: consecutive batches ``merge`` into the whole run);
    ``executor``/``chunk``: the matches in chunks of ``chunk`` on an engine (shengji._executors); ``timeout``:
    the seconds such a run may go without a chunk finishing (TimeoutError; None waits)."""
    rules, max_deals, state, first_dealer = _check(rules, matches, levels, first_dealer, end_level, points,
                                                   max_deals)
    matches, seed, first_match, threads = RUN.check(matches, seed=seed, first=first_match, threads=threads,
                                                    executor=executor, chunk=chunk, timeout=timeout)
    pols, players = native(policy)
    keeps = rules.match_points != "none" or rules.throw_penalty == "match_point"
    preset, changed = preset_of(rules)
    meta = RunSpec.meta(rules, policy, seed, preset=preset, options_changed=changed,
                        levels=None if levels is None else list(levels), first_dealer=first_dealer,
                        end_level=end_level, points_start=None if points is None else list(points),
                        max_deals=max_deals, partnership=rules.partnership, first_match=first_match)
    if executor is not None:
        kw = {"rules": rules, "policy": policy, "seed": seed, "levels": levels, "first_dealer": first_dealer,
              "end_level": end_level, "points": points, "max_deals": max_deals}
        parts = RUN.run(executor, first_match, matches, kwargs=kw, chunk=chunk, progress=progress, timeout=timeout)
        if not parts:
            return simulate_matches(rules, 0, first_match=first_match, threads=1, **{k: v for k, v in kw.items()
                                                                                     if k != "rules"})
        out = parts[0]
        for p in parts[1:]:
            out = out.merge(p)
        out.meta["executor"] = describe(executor)
        return out
    units = 4 if rules.partnership == "call_card" else 2
    winner = np.full(matches, -1, np.int8)
    deals = np.zeros(matches, np.int32)
    final = np.full((matches, 4), -1, np.int8)
    pts = np.zeros((matches, 4), np.int32)
    kept = np.zeros(matches, np.int32)
    if players is not None:  # Python bots: Match itself, one match after the other
        for i in range(matches):
            m = Match(rules, seed=match_seed(seed, first_match + i), policy=policy, first_dealer=first_dealer,
                      points=points, end_level=end_level, levels=levels)
            m.play_all(max_deals=max_deals)
            winner[i] = -1 if m.winner is None else m.winner
            deals[i] = len(m.history)
            final[i, :units] = [RANKS.index(x) for x in m.levels]
            if m.points is not None:
                pts[i] = m.points
            kept[i] = sum(r.result.dealer_keeps for r in m.history)
    else:
        _core._native_matches(state, pols, seed, first_match, matches, max_deals, threads, winner, deals, final, pts,
                              kept)
    return MatchResult(winner, deals, final[:, :units].copy(), pts if keeps else None, kept, meta=meta)
