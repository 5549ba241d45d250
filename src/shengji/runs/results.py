"""Results of Monte-Carlo runs: :class:`SimResult` (per-deal arrays, one entry per game in game order) and
:class:`SimSummary` (counts and exact histograms in bounded memory), their statistics, views and files.

``FIELDS`` is the one table of a result's per-deal fields and their dtypes: the SimResult's arrays, the files'
members and the native run's outputs (``NativeRun.run`` takes one array per field, in this order) all follow it.
``SimResult.save(path)`` writes ``path`` (``.npz`` added), loaded by ``SimResult.load``; a file is checked
member by member against the table (sizes, dtypes, ranges) before anything is allocated.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..base import _files
from ..base._stats import wilson
from ..game import views

FIELDS = {
    "attacker_points": np.int16,
    "defender_points": np.int16,
    "kitty_points": np.int16,
    "kitty_multiplier": np.int16,
    "kitty_captured": np.bool_,
    "dealer_levels": np.int8,
    "attacker_levels": np.int8,
    "dealer": np.int8,
    "trump": np.int8,
    "plays": np.int16,
    "lost_deal": np.bool_,
    "partner": np.int8,
}
TRUMP_NAMES = ("S", "H", "D", "C", "NT")
FORMAT = 1  # SimResult files: 1 writes the format and the metadata as JSON (0: before, metadata as strings)
# the range of each field's values (attacker points count captured kitties: up to 64 x 400 per deal)
_RANGES = {"dealer": (0, 3), "trump": (0, 4), "partner": (-1, 3), "dealer_levels": (0, 255),
           "attacker_levels": (0, 255)}


def _checked_field(path: str, name: str, a: np.ndarray) -> np.ndarray:
    """A loaded field, checked: one dimension, an integer (or boolean) dtype, values in range; cast to FIELDS."""
    want = FIELDS[name]
    if a.ndim != 1:
        raise ValueError(f"{path}: {name} has shape {a.shape}; a SimResult field is one value per game")
    if want is np.bool_:
        if a.dtype != np.bool_ and not (a.dtype.kind in "iu" and np.isin(a, (0, 1)).all()):
            raise ValueError(f"{path}: {name} must be booleans, got {a.dtype}")
        return a.astype(np.bool_)
    if a.dtype.kind not in "iu":
        raise ValueError(f"{path}: {name} must be integers, got {a.dtype}")
    lo, hi = _RANGES.get(name, (0, np.iinfo(want).max))
    if len(a) and (a.min() < lo or a.max() > hi):
        raise ValueError(f"{path}: {name} must lie in {lo}..{hi}, got {a.min()}..{a.max()}")
    return a.astype(want)


@dataclass
class SimResult:
    """Per-game results of a Monte-Carlo run (numpy arrays of length ``games``, dtypes as ``FIELDS``), the
    names those of ``DealResult``:

    - ``attacker_points``: the attackers' final points; ``defender_points``: the dealer team's captured points;
    - ``kitty_points``: the points in the kitty; ``kitty_multiplier``: the multiplier of the capturing cards (0
      when not captured); ``kitty_captured``: the attackers won the last trick;
    - ``dealer_levels``, ``attacker_levels``: the levels the dealer's team, or the attackers, climb;
    - ``dealer``: the dealer's seat (at the end: a first deal's declaring or a grab may change it);
    - ``trump``: 0..3 for S, H, D, C and 4 for no trump (``TRUMP_NAMES``);
    - ``plays``: the plays (leads and follows) made in the deal;
    - ``lost_deal``: the deal was lost unplayed (泰安 闷牌);
    - ``partner``: the dealer's partner: the seat opposite, or 找朋友's called partner (-1: the dealer alone);
    - ``meta``: the run's setup (rules, policy, seed, threads, ...), shown by ``summary``.
    """

    attacker_points: np.ndarray
    defender_points: np.ndarray
    kitty_points: np.ndarray
    kitty_multiplier: np.ndarray
    kitty_captured: np.ndarray
    dealer_levels: np.ndarray
    attacker_levels: np.ndarray
    dealer: np.ndarray
    trump: np.ndarray
    plays: np.ndarray
    lost_deal: np.ndarray
    partner: np.ndarray  # the dealer's partner: the seat opposite, or 找朋友's called partner (-1: alone)
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """The number of games in the result."""
        return int(self.attacker_points.shape[0])

    def kitty_capture_rate(self) -> tuple[float, float, float]:
        """(p, low, high): the share of games where the attackers captured the kitty, Wilson 95 %."""
        return wilson(int(self.kitty_captured.sum()), self.games)

    def points_histogram(self, step: int = 5) -> tuple[np.ndarray, np.ndarray]:
        """(values, counts) of the attackers' final points, in steps of ``step`` (points are multiples of 5)."""
        return SimSummary.of(self).points_histogram(step)

    def percentiles(self, q: Any) -> np.ndarray:
        """The attackers' points at the percentiles ``q`` (0..100, a number or a sequence): each a score that
        occurred (the smallest score with at least that share of deals at or below it; no interpolation)."""
        return SimSummary.of(self).percentiles(q)

    def level_outcomes(self) -> dict[str, int]:
        """How many games ended with each level outcome ("dealer +3", "attackers take the deal", ...)."""
        return SimSummary.of(self).level_outcomes()

    def merge(self, other: SimResult) -> SimResult:
        """This result and ``other``, another run's of the same rules, together (independent batches of one run
        merge into the whole run)."""
        if not isinstance(other, SimResult):
            raise TypeError(f"merge expects a SimResult, not {type(other).__name__}")
        if self.meta.get("rules") != other.meta.get("rules"):
            raise ValueError("cannot merge results of different rules")
        arrays = {name: np.concatenate([getattr(self, name), getattr(other, name)]) for name in FIELDS}
        meta = dict(self.meta)
        meta["games"] = self.games + other.games
        return SimResult(**arrays, meta=meta)

    def summary(self) -> str:
        """A readable table: the setup, the capture rate, the attackers' points, the level outcomes (the same
        text as ``SimSummary.summary``, computed from the arrays)."""
        return SimSummary.of(self).summary()

    def _facts(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, int, float]]]:
        """What the summary says, as data (``SimSummary._facts``)."""
        return SimSummary.of(self)._facts()

    def __repr__(self) -> str:
        return views.result_repr(self)

    def _repr_html_(self) -> str:
        return views.result_html(self)

    def save(self, path: str | os.PathLike[str]) -> str:
        """Save to an ``.npz`` file (arrays, metadata as JSON with its types, and the format version
        ``FORMAT``); returns the path written (``.npz`` is added to a name without it, as numpy does). The file
        is written under a temporary name and then renamed (``shengji._files``): the name never holds half a
        file."""
        return _files.write_npz(path, {**{name: getattr(self, name) for name in FIELDS}, "format": np.array(FORMAT),
                                       "meta_json": np.array(json.dumps(self.meta, default=str))}, compress=True)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> SimResult:
        """A result saved with ``save`` (``path``, or ``path.npz`` when only that exists). The file is read
        warily (``shengji._files.open_npz``: truncated or corrupt files, bare ``.npy`` files, files of another
        kind and headers announcing more than the file holds are refused) and every field is checked (one
        dimension, the same length, an integer or boolean dtype, values in range); a file that is not a
        SimResult, or of a newer format, is refused with a ValueError naming the file and what is wrong. Files of
        format 0 (before the version was written) load with their metadata as strings; a field they lack is
        zeros (a file of format 1 or later must hold every field)."""
        with _files.open_npz(path, "SimResult") as data:
            name_of = data.path
            version = 0
            if "format" in data:
                version = data.scalar_int("format")
                if version < 1:
                    raise data.error(f"its format is not a version number: {version}")
            if version > FORMAT:
                raise ValueError(f"{name_of} is a SimResult of format {version}; this shengji reads up to {FORMAT}")
            if version >= 1:
                missing = [name for name in FIELDS if name not in data]
                if missing:
                    raise data.error(f"it has no {', '.join(missing)} (a SimResult of format {version} holds every "
                                     "field)")
            arrays = {name: _checked_field(name_of, name, data[name]) for name in FIELDS if name in data}
            n = len(arrays["attacker_points"])
            for name, a in arrays.items():
                if len(a) != n:
                    raise ValueError(f"{name_of}: {name} has {len(a)} entries, attacker_points {n}")
            for name in FIELDS:  # format 0 files saved before a field existed
                arrays.setdefault(name, np.zeros(n, dtype=FIELDS[name]))
            if version >= 1:
                meta = data.json("meta_json")
            else:
                if "meta_keys" not in data or "meta_values" not in data:
                    raise data.error("its metadata cannot be read (no meta_keys and meta_values)")
                keys, values = data["meta_keys"], data["meta_values"]
                if keys.ndim != 1 or values.ndim != 1 or keys.dtype.kind != "U" or values.dtype.kind != "U" or \
                        len(keys) != len(values):
                    raise data.error("its metadata cannot be read (meta_keys and meta_values are not two lists of "
                                     "strings of one length)")
                meta = dict(zip(keys.tolist(), values.tolist(), strict=True))
        return cls(**arrays, meta=meta)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimResult):
            return NotImplemented
        return all(np.array_equal(getattr(self, n), getattr(other, n)) for n in FIELDS)

    __hash__ = None  # type: ignore[assignment]


def _bincount(x: np.ndarray, length: int = 0) -> np.ndarray:
    return np.bincount(np.asarray(x, dtype=np.int64), minlength=length).astype(np.int64)


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = max(len(a), len(b))
    return np.pad(a, (0, n - len(a))) + np.pad(b, (0, n - len(b)))


@dataclass
class SimSummary:
    """What a run's summary needs, in bounded memory for any number of games (``simulate(keep="summary")``):
    64-bit counts and exact histograms (``points[v]``: games where the attackers finished with ``v`` points;
    ``kitty_points`` and ``multipliers`` likewise over the captured kitties; ``outcomes``: (dealer levels,
    attacker levels) -> games). Summaries of batches of one run ``merge`` into the whole run's. ``games``: the
    games counted; ``captured``: those where the attackers captured the kitty; ``lost``: the deals lost unplayed
    (泰安 闷牌); ``alone``: 找朋友 deals where the dealer played alone; ``plays``: the plays made in all; ``meta``:
    the run's setup, as :class:`SimResult`'s."""

    games: int
    captured: int
    lost: int
    alone: int
    plays: int
    points: np.ndarray
    kitty_points: np.ndarray
    multipliers: np.ndarray
    outcomes: dict[tuple[int, int], int]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, res: SimResult) -> SimSummary:
        """The summary of ``res``, a :class:`SimResult`'s arrays."""
        cap = res.kitty_captured
        outcomes: dict[tuple[int, int], int] = {}
        if res.games:
            pairs, counts = np.unique(np.stack([res.dealer_levels, res.attacker_levels]).astype(np.int64), axis=1,
                                      return_counts=True)
            outcomes = {(int(d), int(a)): int(n) for (d, a), n in zip(pairs.T.tolist(), counts.tolist(), strict=True)}
        return cls(res.games, int(cap.sum()), int(res.lost_deal.sum()), int((res.partner < 0).sum()),
                   int(res.plays.astype(np.int64).sum()), _bincount(res.attacker_points),
                   _bincount(res.kitty_points[cap]), _bincount(res.kitty_multiplier[cap]), outcomes, dict(res.meta))

    def merge(self, other: SimSummary) -> SimSummary:
        """This summary and ``other``, another run's of the same rules, together (batches of one run merge into
        the whole run's)."""
        if not isinstance(other, SimSummary):
            raise TypeError(f"merge expects a SimSummary, not {type(other).__name__}")
        if self.meta.get("rules") != other.meta.get("rules"):
            raise ValueError("cannot merge results of different rules")
        outcomes = dict(self.outcomes)
        for k, n in other.outcomes.items():
            outcomes[k] = outcomes.get(k, 0) + n
        meta = dict(self.meta)
        meta["games"] = self.games + other.games
        return SimSummary(self.games + other.games, self.captured + other.captured, self.lost + other.lost,
                          self.alone + other.alone, self.plays + other.plays, _add(self.points, other.points),
                          _add(self.kitty_points, other.kitty_points), _add(self.multipliers, other.multipliers),
                          outcomes, meta)

    def kitty_capture_rate(self) -> tuple[float, float, float]:
        """(p, low, high): the share of games where the attackers captured the kitty, Wilson 95 %."""
        return wilson(self.captured, self.games)

    def __repr__(self) -> str:
        return views.result_repr(self)

    def _repr_html_(self) -> str:
        return views.result_html(self)

    def points_histogram(self, step: int = 5) -> tuple[np.ndarray, np.ndarray]:
        """(values, counts) of the attackers' final points, in steps of ``step``."""
        if isinstance(step, bool) or not hasattr(step, "__index__"):
            raise TypeError(f"step must be a positive integer (points are multiples of 5), not {type(step).__name__} "
                            f"{step!r}")
        step = step.__index__()  # numpy integers too
        if step < 1:
            raise ValueError(f"step must be a positive integer (points are multiples of 5), got {step!r}")
        nz = np.flatnonzero(self.points)
        if not len(nz):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        values = np.arange(0, int(nz[-1]) + step, step)
        counts = np.bincount(np.arange(len(self.points)) // step, weights=self.points,
                             minlength=len(values))[: len(values)].astype(np.int64)
        return values, counts

    def percentiles(self, q: Any) -> np.ndarray:
        """The attackers' points at the percentiles ``q`` (0..100): each a score that occurred (the smallest score
        with at least that share of deals at or below it), exact from the histogram."""
        if self.games == 0:
            raise ValueError("percentiles of an empty result (0 games)")
        qs = np.asarray(q, dtype=np.float64)
        if np.any((qs < 0) | (qs > 100)) or np.any(np.isnan(qs)):
            raise ValueError(f"percentiles must lie in 0..100, got {q!r}")
        cum = np.cumsum(self.points)
        ranks = np.maximum(np.ceil(qs * self.games / 100.0), 1)  # the rank of the score (1-based), as inverted_cdf
        return np.searchsorted(cum, ranks, side="left").astype(np.int64)

    def level_outcomes(self) -> dict[str, int]:
        """How many games ended with each level outcome ("dealer +3", "attackers take the deal", ...)."""
        out: dict[str, int] = {}
        for (d, a), n in sorted(self.outcomes.items()):
            key = f"dealer +{d}" if d else ("attackers take the deal" if a == 0 else f"attackers +{a}")
            out[key] = out.get(key, 0) + n
        return out

    def _facts(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, int, float]]]:
        """What the summary says, as data: the run (name, value: games, preset, policy, seed, threads, executor),
        the findings (name, text: setup, rule options changed, lost deals, dealer alone, kitty captured,
        attacker points, captured kitties) and the level outcomes (outcome, games, percent). ``summary`` prints
        them as text, the notebook view (``shengji.views.result_html``) as tables."""
        p, lo, hi = self.kitty_capture_rate()
        m = self.meta
        run = [("games", f"{self.games:,}")] + [(k, str(m[k])) for k in ("preset", "policy", "seed", "threads",
                                                                         "executor") if k in m]
        rows: list[tuple[str, str]] = []
        if "trump" in m or "level" in m:
            setup = [f"trump {'declared' if m.get('trump') == 'declare' else m.get('trump') or 'none (NT)'}",
                     f"level {m.get('level')}", f"dealer {'random' if m.get('dealer') is None else m.get('dealer')}"]
            if m.get("hands"):
                setup.append(f"hands of seats {', '.join(map(str, m['hands']))} fixed")
            setup += [f"{name} fixed" for name in ("kitty", "buried") if m.get(name)]
            rows.append(("setup", ", ".join(setup)))
        changed = m.get("options_changed")
        if changed:
            rows.append(("rule options changed", ", ".join(f"{k}={v}" for k, v in changed.items())))
        if self.games == 0:
            return run, rows, []
        lost = self.lost
        if lost:
            rows.append(("lost deals (闷牌: nobody declared, no play)",
                         f"{lost:,} ({100 * lost / self.games:.2f} %), counted below; result.lost_deal selects them"))
        if self.meta.get("partnership") == "call_card":
            alone = self.alone
            a, alo, ahi = wilson(alone, self.games)
            rows.append(("dealer alone (找朋友, nobody else held the called card)",
                         f"{alone:,} ({100 * a:.2f} %, 95 % CI {100 * alo:.2f} – {100 * ahi:.2f} %)"))
        rows.append(("kitty captured", f"{100 * p:.2f} %  (95 % CI {100 * lo:.2f} – {100 * hi:.2f} %)"))
        q = self.percentiles([5, 25, 50, 75, 95])
        v = np.arange(len(self.points), dtype=np.float64)
        mean = float((v * self.points).sum() / self.games)
        sd = float(np.sqrt(max(0.0, (v * v * self.points).sum() / self.games - mean * mean)))
        rows.append(("attacker points", f"mean {mean:.1f}  sd {sd:.1f}  "
                                        f"5/25/50/75/95 %: {' / '.join(f'{x:.0f}' for x in q)}"))
        if self.captured:
            kv = np.arange(len(self.kitty_points))
            mv = np.arange(len(self.multipliers))
            empty = float(self.kitty_points[0] / self.captured) if len(self.kitty_points) else 0.0
            rows.append(("captured kitties",
                         f"mean {(kv * self.kitty_points).sum() / self.captured:.1f} points in the kitty, multiplied "
                         f"by {(mv * self.multipliers).sum() / self.captured:.2f} on average (the capturing play's "
                         "units)" + (f"; {100 * empty:.0f} % of them held no points (buried without points: "
                                     "nothing to gain)" if empty > 0 else "")))
        outcomes = [(key, n, 100 * n / self.games)
                    for key, n in sorted(self.level_outcomes().items(), key=lambda kv: _outcome_order(kv[0]))]
        return run, rows, outcomes

    def summary(self) -> str:
        """A readable table: the setup, the capture rate, the attackers' points, the level outcomes."""
        run, rows, outcomes = self._facts()
        lines = ["   ".join(f"{k}: {v}" for k, v in run)] + [f"{k}: {v}" for k, v in rows]
        if self.games == 0:
            return "\n".join(lines + ["(no games)"])
        lines.append("level outcomes:")
        lines += [f"  {key:<26} {n:>10,}  {pct:6.2f} %" for key, n, pct in outcomes]
        values, counts = self.points_histogram(step=20)
        lines.append("attacker points (bins of 20):")
        peak = max(int(counts.max()), 1)
        for v, n in zip(values.tolist(), counts.tolist(), strict=True):
            if n:
                lines.append(f"  {v:>4}–{v + 15:<4} {n:>10,} {'#' * max(1, round(40 * n / peak))}")
        return "\n".join(lines)


def _outcome_order(key: str) -> tuple[int, int]:
    if key.startswith("dealer"):
        return (0, -int(key.split("+")[1]))
    if key.startswith("attackers +"):
        return (2, int(key.split("+")[1]))
    return (1, 0)


def npz_path(path: str | os.PathLike[str]) -> str:
    """The file ``SimResult.save(path)`` writes: ``path``, with ``.npz`` added when it lacks it."""
    return _files.npz_path(path)
