"""Monte-Carlo runs of whole deals in the native core, results as numpy arrays.

``simulate(rules, games, policy=..., seed=..., threads=..., progress=..., **setup)`` plays ``games``
whole deals (deal, declare or given trump, bury, every trick, score) entirely in C, with the GIL
released, on ``threads`` native threads (default: every core) that take chunks of games from a shared
counter. Game *i* draws all its randomness from stream (``seed``, *i*), so the arrays are identical for
any thread count and any split into batches (``first_game`` continues a run: two batches of 1,000
games starting at 0 and 1,000 merge into exactly the run of 2,000).

Setup (everything not fixed is dealt uniformly from the cards left):

- ``dealer``: a seat, or None for a uniformly random dealer per game;
- ``level``: the level rank (default: the rules' ``first_level``, "2" unless the system starts elsewhere);
- ``trump``: "declare" (the declaring phase, played by the policies), a suit letter, or None (no trump);
- ``hands``: fixed dealt hands, ``{seat: cards}`` or a list of four (None for a dealt hand);
- ``kitty``: the kitty as dealt (before burying): a string of tokens or a sequence of tokens is dealt in
  that order in every game; a ``Cards`` (no order) in a fresh uniform order per game, and is refused where
  the rules read the kitty by position (``trump="declare"`` with ``no_bid`` ``"kitty_card"``,
  ``"kitty_card_notrump"`` or ``"kitty_turnup"``; docs/MODEL.md §9 "A given deal");
- ``buried``: the cards the dealer buries. With ``buried`` and no ``kitty``, the dealt kitty is those
  same cards, in a fresh uniform order per game, so ``hands={0: my_25_cards}, buried=my_8_cards, dealer=0``
  asks: holding these 33 cards as dealer and burying these 8, what happens?

Policies: "random" (every legal action has a positive chance; see csrc/include/sj_policy.h for the
distribution) and "greedy" (a rule-of-thumb player), one for all seats or a list of four. A bot (any
object with ``choose(deal)``, e.g. ``bots.PIMC()``) or a list mixing bots and policy names also works:
those games run through the Python API one after the other (native policies there act through
``Deal.policy_action`` on each game's own stream, and a bot with ``start_game(seed, game, seat)`` is told each
game first), so the results still do not depend on how the run is split; with only greedy players they
equal the native run's.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _core, _executors, _files, views
from ._core import Cards
from ._executors import _progress_bar
from ._stats import Z95, mean_interval, wilson  # noqa: F401  (part of this module's API)
from .jit import native as _native
from .players import native as players_of

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
    """Per-game results of a Monte-Carlo run (numpy arrays of length ``games``). ``trump`` is 0..3 for
    S, H, D, C and 4 for no trump (``TRUMP_NAMES``); the other names are those of ``DealResult``."""

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
        """The results of both runs together (independent batches of one run merge into the whole run)."""
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
    attacker levels) -> games). Summaries of batches of one run ``merge`` into the whole run's."""

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
        """The summary of a result's arrays."""
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
        """Both runs' summaries together."""
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
        if isinstance(step, bool) or not isinstance(step, int) or step < 1:
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

    def summary(self) -> str:
        """A readable table: the setup, the capture rate, the attackers' points, the level outcomes."""
        p, lo, hi = self.kitty_capture_rate()
        m = self.meta
        lines = [f"games: {self.games:,}   " + "   ".join(f"{k}: {v}" for k, v in m.items()
                                                          if k in ("preset", "policy", "seed", "threads",
                                                                   "executor"))]
        if "trump" in m or "level" in m:
            setup = [f"trump {'declared' if m.get('trump') == 'declare' else m.get('trump') or 'none (NT)'}",
                     f"level {m.get('level')}", f"dealer {'random' if m.get('dealer') is None else m.get('dealer')}"]
            if m.get("hands"):
                setup.append(f"hands of seats {', '.join(map(str, m['hands']))} fixed")
            setup += [f"{name} fixed" for name in ("kitty", "buried") if m.get(name)]
            lines.append("setup: " + ", ".join(setup))
        changed = m.get("options_changed")
        if changed:
            lines.append("rule options changed: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
        if self.games == 0:
            return "\n".join(lines + ["(no games)"])
        lost = self.lost
        if lost:
            lines.append(f"lost deals (闷牌: nobody declared, no play): {lost:,} ({100 * lost / self.games:.2f} %), "
                         "counted below; result.lost_deal selects them")
        if self.meta.get("partnership") == "call_card":
            alone = self.alone
            a, alo, ahi = wilson(alone, self.games)
            lines.append(f"dealer alone (找朋友, nobody else held the called card): {alone:,} ({100 * a:.2f} %, "
                         f"95 % CI {100 * alo:.2f} – {100 * ahi:.2f} %)")
        lines.append(f"kitty captured: {100 * p:.2f} %  (95 % CI {100 * lo:.2f} – {100 * hi:.2f} %)")
        q = self.percentiles([5, 25, 50, 75, 95])
        v = np.arange(len(self.points), dtype=np.float64)
        mean = float((v * self.points).sum() / self.games)
        sd = float(np.sqrt(max(0.0, (v * v * self.points).sum() / self.games - mean * mean)))
        lines.append(f"attacker points: mean {mean:.1f}  sd {sd:.1f}  "
                     f"5/25/50/75/95 %: {' / '.join(f'{x:.0f}' for x in q)}")
        if self.captured:
            kv = np.arange(len(self.kitty_points))
            mv = np.arange(len(self.multipliers))
            empty = float(self.kitty_points[0] / self.captured) if len(self.kitty_points) else 0.0
            lines.append(f"captured kitties: mean {(kv * self.kitty_points).sum() / self.captured:.1f} points in "
                         f"the kitty, multiplied by {(mv * self.multipliers).sum() / self.captured:.2f} on average "
                         "(the capturing play's units)"
                         + (f"; {100 * empty:.0f} % of them held no points (buried without points: "
                            f"nothing to gain)" if empty > 0 else ""))
        lines.append("level outcomes:")
        for key, n in sorted(self.level_outcomes().items(), key=lambda kv: _outcome_order(kv[0])):
            lines.append(f"  {key:<26} {n:>10,}  {100 * n / self.games:6.2f} %")
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


def _game_seed(seed: int, game: int) -> int:
    """The stream seed of game ``game`` for the native policies played through the Python API."""
    return (seed * 0x9E3779B97F4A7C15 + game * 0xD1B54A32D192ED03 + 1) % 2**64


def _python_games(run: Any, players: list[Any], arrays: dict[str, np.ndarray], seed: int, buried: Cards | None,
                  bar: Any) -> None:
    """Play the run's games through the Python API (some seat is a Python bot): the same deals as the native
    run; native policies act through ``Deal.policy_action`` on the game's own stream, and each bot is told
    the game first (``start_game``), so the results do not depend on batching."""
    for i in range(run.games):
        game = run.first_game + i
        deal = run.deal(game)
        for seat, p in enumerate(players):
            if not _native(p) and hasattr(p, "start_game") and p not in players[:seat]:
                p.start_game(seed, game, seat)
        plays = 0
        while deal.phase != "done":
            p = players[deal.to_move]
            if deal.phase == "bury" and buried is not None and not deal.grabs:
                action = buried
            elif _native(p):
                action = deal.policy_action(p, seed=_game_seed(seed, game))
            else:
                action = p.choose(deal)
            plays += deal.phase == "play"
            deal.act(action)
        res = deal.result()
        for name in ("attacker_points", "defender_points", "kitty_points", "kitty_multiplier", "kitty_captured",
                     "dealer_levels", "attacker_levels", "lost_deal"):
            arrays[name][i] = getattr(res, name)
        arrays["dealer"][i] = deal.dealer
        arrays["partner"][i] = (deal.dealer + 2) % 4 if deal.partner is None else deal.partner
        arrays["trump"][i] = TRUMP_NAMES.index(deal.trump or "NT")
        arrays["plays"][i] = plays
        if bar is not None:
            bar.update(1)


def _hands(rules: Any, hands: Any) -> list[Cards | None]:
    out: list[Cards | None] = [None] * 4
    if hands is None:
        return out
    items: Any
    if isinstance(hands, dict):
        items = hands.items()
    elif isinstance(hands, (list, tuple)) and len(hands) == 4:
        items = enumerate(hands)
    else:
        raise ValueError("hands must be {seat: cards} or a list of four (None for a dealt hand)")
    for seat, cards in items:
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError(f"hands: seat must be 0..3, got {seat!r}")
        if cards is None:
            continue
        c = Cards(cards)
        if len(c) != rules.hand_size:
            raise ValueError(f"hands[{seat}] has {len(c)} cards; the rules deal {rules.hand_size}")
        out[seat] = c
    return out


def _options_changed(rules: Any) -> dict[str, Any]:
    """The rule options that differ from the preset the rules come closest to (fewest differences), as text."""
    from .rules import Rules

    if not isinstance(rules, Rules):
        return {}
    best: dict[str, Any] | None = None
    for name in Rules.presets():
        base = Rules.preset(name)
        diff = {k: v for k, v in dataclasses.asdict(rules).items() if getattr(base, k) != v}
        if best is None or len(diff) < len(best):
            best = diff
    return {k: ",".join(v) if isinstance(v, tuple) else v for k, v in (best or {}).items()}


def simulate(rules: Any, games: int, *, policy: Any = "greedy", seed: int = 0, threads: int | None = None,
             progress: bool = False, first_game: int = 0, executor: Any = None, dealer: int | None = None,
             level: str | None = None, trump: str | None = "declare", hands: Any = None, kitty: Any = None,
             buried: Any = None, keep: str = "arrays", chunk: int | None = None, timeout: float | None = None) -> Any:
    """Play ``games`` whole deals natively and return a :class:`SimResult` (module docstring); with
    ``keep="summary"`` a :class:`SimSummary` instead, counted in batches in bounded memory for any number of
    games (the same numbers as the SimResult's summary of the same run). ``executor``/``chunk``: the run in
    chunks on an engine (shengji._executors); ``timeout``: the seconds such a run may go without a chunk
    finishing (TimeoutError; None waits, as for an engine whose workers all died and come back)."""
    _executors.check_args(executor, chunk, timeout)
    if isinstance(games, bool) or not hasattr(games, "__index__"):
        raise TypeError(f"games must be an int, not {type(games).__name__}")
    games = games.__index__()  # numpy integers too
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if keep not in ("arrays", "summary"):
        raise ValueError(f"keep must be 'arrays' (per-deal arrays) or 'summary' (counts and histograms), got {keep!r}")
    if keep == "summary" and executor is not None:
        return _on_executor(executor, rules, games, chunk=chunk, progress=progress, keep="summary", timeout=timeout,
                            policy=policy,
                            seed=_core._check_u64(seed, "seed"), first_game=_core._check_u64(first_game, "first_game"),
                            dealer=dealer, level=level, trump=trump, hands=hands, kitty=kitty, buried=buried)
    if keep == "summary":
        return _summary_run(rules, games, policy=policy, seed=seed, threads=threads, progress=progress,
                            first_game=first_game, dealer=dealer, level=level, trump=trump,
                            hands=hands, kitty=kitty, buried=buried)
    _check_memory(games)
    seed = _core._check_u64(seed, "seed")
    first_game = _core._check_u64(first_game, "first_game")
    if first_game + games > 2**64:
        raise ValueError(f"first_game + games must stay below 2**64, got {first_game} + {games}")
    threads = _core._check_int(os.cpu_count() or 1 if threads is None else threads, "threads", 1, 4096)
    if level is None:
        level = rules.first_level if hasattr(rules, "first_level") else "2"
    if dealer is not None:
        dealer = _core._check_int(dealer, "dealer", 0, 3, "a seat", True)
    pols, players = players_of(policy)
    fixed = _hands(rules, hands)
    kitty_c = None if kitty is None else Cards(kitty)  # the cards; NativeRun keeps a given order
    buried_c = None if buried is None else Cards(buried)
    if buried_c is not None and kitty_c is not None and (dealer is None or fixed[dealer] is None):
        raise ValueError("with both kitty and buried fixed, fix the dealer and the dealer's hand too")
    names = [p if isinstance(p, str) else repr(p) if _native(p) else type(p).__name__
             for p in (players or (list(policy) if isinstance(policy, (list, tuple)) else [policy] * 4))]
    meta = {"rules": repr(rules), "policy": policy if isinstance(policy, str) else ",".join(names),
            "seed": seed, "first_game": first_game, "level": level, "trump": trump, "dealer": dealer,
            "partnership": getattr(rules, "partnership", None), "decks": getattr(rules, "decks", None),
            "hands": [s for s in range(4) if fixed[s] is not None], "kitty": kitty is not None,
            "buried": buried is not None, "options_changed": _options_changed(rules)}
    if executor is not None:
        return _on_executor(executor, rules, games, chunk=chunk, progress=progress, timeout=timeout, policy=policy,
                            seed=seed,
                            first_game=first_game, dealer=dealer,
                            level=level, trump=trump, hands=hands, kitty=kitty, buried=buried)
    run = _core.NativeRun(rules, games, pols, seed, first_game, threads, -1 if dealer is None else dealer, level,
                          trump, fixed, kitty, buried_c)
    arrays: dict[str, np.ndarray] = {name: np.zeros(games, dtype=np.uint8 if dt is np.bool_ else dt)
                                     for name, dt in FIELDS.items()}
    if players is not None:  # Python bots: the games run through the Python API, one after the other
        bar = _progress_bar(games) if progress else None
        try:
            _python_games(run, players, arrays, seed, buried_c, bar)
        finally:
            if bar is not None:
                bar.close()
        for name in ("kitty_captured", "lost_deal"):
            arrays[name] = arrays[name].view(np.bool_)
        meta["threads"] = 1
        return SimResult(**arrays, meta=meta)

    bar = _progress_bar(games) if progress else None
    shown = [0]

    def update() -> None:
        if bar is not None:
            now = run.progress
            bar.update(now - shown[0])
            shown[0] = now

    try:  # Ctrl-C cancels the native run (its threads stop at their next chunk)
        _core._interruptible(lambda: run.run(*arrays.values()), run.cancel, update if bar is not None else None)
        if bar is not None:
            bar.update(games - shown[0])
    finally:
        if bar is not None:
            bar.close()
    for name in ("kitty_captured", "lost_deal"):
        arrays[name] = arrays[name].view(np.bool_)
    meta["threads"] = threads
    return SimResult(**arrays, meta=meta)


BYTES_PER_GAME = sum(np.dtype(np.uint8 if dt is np.bool_ else dt).itemsize for dt in FIELDS.values())


def _free_memory() -> int | None:
    """Bytes of memory free now (Linux), or None where it cannot be told."""
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def _check_memory(games: int) -> None:
    """Per-deal arrays: refuse before allocating when they cannot fit in the memory free now."""
    need, free = games * BYTES_PER_GAME, _free_memory()
    if free is not None and need > free:
        raise ValueError(f"keeping per-deal arrays for {games:,} games needs {need / 2**30:,.1f} GiB "
                         f"({BYTES_PER_GAME} bytes a game) and {free / 2**30:,.1f} GiB are free: pass "
                         "keep='summary' (counts and exact histograms in bounded memory)")


def _summary_run(rules: Any, games: int, *, progress: bool, first_game: int, **kwargs: Any) -> SimSummary:
    """simulate(keep="summary"): the run in batches (game i of the run is still stream (seed, first_game + i)), each
    folded into the summary and dropped."""
    batch = min(1 << 20, max(20_000, games // 100))
    bar = _progress_bar(games) if progress else None
    total: SimSummary | None = None
    try:
        done = 0
        while done < games or total is None:
            n = min(batch, games - done)
            part = SimSummary.of(simulate(rules, n, first_game=first_game + done, **kwargs))
            total = part if total is None else total.merge(part)
            done += n
            if bar is not None:
                bar.update(n)
            if n == 0:
                break
    finally:
        if bar is not None:
            bar.close()
    total.meta["first_game"] = first_game
    total.meta["games"] = games
    return total


def _sim_chunk(lo: int, n: int, rules: Any, kwargs: dict[str, Any]) -> SimResult:
    """Games lo .. lo + n - 1 on one thread (a chunk of an executor's run)."""
    return simulate(rules, n, first_game=lo, threads=1, **kwargs)


def _summary_chunk(lo: int, n: int, rules: Any, kwargs: dict[str, Any]) -> SimSummary:
    """A chunk's summary, made where it ran (only the counts travel back)."""
    return SimSummary.of(simulate(rules, n, first_game=lo, threads=1, **kwargs))


def _on_executor(executor: Any, rules: Any, games: int, *, first_game: int, chunk: int | None = None,
                 progress: bool = False, keep: str = "arrays", timeout: float | None = None, **kwargs: Any) -> Any:
    """The run in chunks on ``executor`` (shengji._executors: a concurrent.futures Executor, a dask Client or
    the ray module); each chunk's arrays are written into the result at their place as it arrives (or, with
    keep="summary", its summary folded in), in game order. Equal to the local run with the same seed: game i
    always draws from stream (seed, i)."""
    from ._executors import describe, run_chunks

    simulate(rules, 0, first_game=first_game, threads=1, **kwargs)  # the arguments checked here, not in a worker
    engine = describe(executor)
    if keep == "summary":
        state: dict[str, Any] = {}

        def fold(lo: int, part: SimSummary) -> None:
            state["total"] = part if "total" not in state else state["total"].merge(part)

        run_chunks(executor, _summary_chunk, first_game, games, chunk=chunk, progress=progress, what="games",
                   on_result=fold, args=(rules, kwargs), size=lambda part: part.games, timeout=timeout)
        total = state.get("total") or SimSummary.of(simulate(rules, 0, first_game=first_game, threads=1, **kwargs))
        total.meta["first_game"] = first_game
        total.meta["games"] = games
        total.meta.pop("threads", None)
        total.meta["executor"] = engine
        return total
    arrays: dict[str, np.ndarray] = {name: np.zeros(games, dtype=np.uint8 if dt is np.bool_ else dt)
                                     for name, dt in FIELDS.items()}
    meta: dict[str, Any] = {}

    def place(lo: int, part: SimResult) -> None:
        at = lo - first_game
        for name in FIELDS:
            arrays[name][at:at + part.games] = getattr(part, name)
        if not meta:
            meta.update(part.meta)

    run_chunks(executor, _sim_chunk, first_game, games, chunk=chunk, progress=progress, what="games",
               on_result=place, args=(rules, kwargs), size=lambda part: part.games, timeout=timeout)
    if not meta:
        meta.update(simulate(rules, 0, first_game=first_game, threads=1, **kwargs).meta)
    meta["first_game"] = first_game
    meta.pop("threads", None)  # not the chunks' one thread: the engine and its workers
    meta["executor"] = engine
    for name in ("kitty_captured", "lost_deal"):
        arrays[name] = arrays[name].view(np.bool_)
    return SimResult(**arrays, meta=meta)


def npz_path(path: str | os.PathLike[str]) -> str:
    """The file ``SimResult.save(path)`` writes: ``path``, with ``.npz`` added when it lacks it."""
    return _files.npz_path(path)
