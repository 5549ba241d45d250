"""Native self-play records for learning (``shengji.selfplay``, docs/LEARNING.md).

``selfplay(rules, games, policy=...)`` plays simulate's games (game i of a seed is ``simulate``'s game i: the
same deal and the same decisions) natively, on native threads, and writes one row per decision where the
mover has at least two candidates (``skip_forced``; every decision otherwise), with no Python per decision:

- ``game`` (int64), ``seat`` and ``phase`` (int8, the index in ``shengji.PHASES``);
- ``observation``: the mover's observation tensor (``shengji.envs.observation_tensor``), stored as uint8
  (``codes``) and float32 on access;
- ``action``: the chosen action's tensor (``shengji.envs.action_tensor``), the same way (``action_codes``);
- ``n_candidates``: the candidates the mover had (``shengji.envs.candidates``: the search's, at most 128) and
  ``choice``: the index of the chosen action's candidate (in the play phase the candidate of its class of
  equivalent plays), -1 when no candidate represents it;
- ``returns``: the deal's result from the row's seat's side (``reward="levels"``: the attackers' levels minus
  the dealer team's, negated for the dealer team; ``"points"``: the attackers' final points, negated for the
  dealer team; 找朋友: the real teams) and ``points``: the attackers' final points;
- with ``keep_candidates=True`` every candidate's tensor: ``candidates(i)`` for row i (behaviour cloning).

Under 泰安, where the burier cannot see the face-down trump, the burial candidates are those of
``shengji.bots.bury_candidates``: the union of those of 8 worlds drawn from the burier's observation, drawn
natively here from the same streams (so the candidates reveal nothing of the true trump, and the records,
the environments and the search agree).

A row is 784 + 59 + 20 bytes (plus 59 a candidate kept). The records are identical for any thread count
(each task of 16 games writes its rows into a buffer of its own, appended to the records in game order; the
core's columns become the arrays without a copy). ``out=path`` streams the run to a directory in chunks of
``chunk`` games (default 20,000; ``chunk_000000.npz`` ...), so that a run larger than memory
works: the result is a :class:`StoredRecords` that reads one chunk at a time. ``executor=`` runs the chunks on an engine
(shengji._executors: a process pool, a Dask client, Ray) and joins them in game order: the same records.
Native and compiled jit policies only (a Python bot would run Python per decision: refused); a jit policy
travels to Dask and Ray workers as its Python function and is compiled again there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from .._core import ACTION_SIZE, PHASES
from .._core import ENCODE_SIZE as TENSOR_SIZE
from ..agents.bots import HIDDEN_TRUMP_WORLDS
from ..agents.worlds import first_draw
from ..base import _files, _validate
from ..game.players import native
from ..game.rules import Rules
from ._executors import RunSpec, describe

STREAM_CHUNK = 20_000  # games a chunk file of selfplay(out=...) holds by default
ARRAYS = ("game", "seat", "phase", "codes", "action_codes", "n_candidates", "choice", "returns", "points",
          "candidate_start", "candidate_codes")


@dataclass(eq=False)
class Records:
    """Self-play rows (module docstring): numpy arrays of one row per recorded decision, in game order.
    Besides the module docstring's columns: ``candidate_start``, one more entry than the rows, the offsets of each
    row's candidates in ``candidate_codes`` (row i's are ``candidate_codes[candidate_start[i]:candidate_start[i +
    1]]``; all 0 unless ``keep_candidates=True``); ``candidate_codes``, the kept candidates' action tensors as uint8
    (``candidates(i)`` reads them); ``meta``, the run's settings (rules, policy, seed, reward, skip_forced,
    keep_candidates, games, first_game, ...).

    >>> import shengji
    >>> rec = shengji.selfplay(shengji.Rules(), 10, policy="greedy", seed=1)
    >>> rec
    Records(659 rows from 10 games, reward='levels')
    >>> rec.observation.shape, rec.action.shape       # each row's observation tensor and chosen action's
    ((659, 784), (659, 59))
    >>> [shengji.PHASES[p] for p in rec.phase[:5]], rec.seat[:5].tolist()   # game 0's first decisions
    (['declare', 'declare', 'declare', 'bury', 'play'], [2, 1, 2, 0, 0])
    >>> rec.returns[:5].tolist()                      # the deal's result in levels, from each row's side
    [1.0, -1.0, 1.0, 1.0, 1.0]
    >>> rec == shengji.selfplay(shengji.Rules(), 10, policy="greedy", seed=1, threads=1)   # any thread count
    True
    """

    game: np.ndarray
    seat: np.ndarray
    phase: np.ndarray
    codes: np.ndarray
    action_codes: np.ndarray
    n_candidates: np.ndarray
    choice: np.ndarray
    returns: np.ndarray
    points: np.ndarray
    candidate_start: np.ndarray
    candidate_codes: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def observation(self) -> np.ndarray:
        """The observation tensors, float32 (rows x 784)."""
        return self.codes.astype(np.float32)

    @property
    def action(self) -> np.ndarray:
        """The chosen actions' tensors, float32 (rows x 59)."""
        return self.action_codes.astype(np.float32)

    def candidates(self, row: int) -> np.ndarray:
        """Row ``row``'s candidates' tensors, float32 (n_candidates x 59); kept with ``keep_candidates=True``."""
        if not self.meta.get("keep_candidates"):
            raise ValueError("the candidates were not kept: selfplay(..., keep_candidates=True)")
        if isinstance(row, bool) or not hasattr(row, "__index__"):
            raise TypeError(f"row must be an integer 0 .. {len(self) - 1} (a row of the records), not "
                            f"{type(row).__name__} {row!r}")
        row = row.__index__()  # numpy integers too
        if not 0 <= row < len(self):
            raise IndexError(f"row {row} out of range 0 .. {len(self) - 1}")
        a, b = int(self.candidate_start[row]), int(self.candidate_start[row + 1])
        return self.candidate_codes[a:b].astype(np.float32)

    def __len__(self) -> int:
        return int(self.game.shape[0])

    def __repr__(self) -> str:
        games = self.meta.get("games", "?")
        return f"Records({len(self)} rows from {games} games, reward={self.meta.get('reward')!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Records):
            return NotImplemented
        return all(np.array_equal(getattr(self, a), getattr(other, a)) for a in ARRAYS)

    def save(self, path: str | os.PathLike) -> str:
        """Write the records to one ``.npz`` file (``.npz`` added to a name without it); returns the path written.
        The file is written under a temporary name and then renamed (``shengji._files``): the name never holds
        half a file."""
        arrays = {a: getattr(self, a) for a in ARRAYS}
        return _files.write_npz(path, {**arrays, "meta": np.array(json.dumps(self.meta))}, compress=False)

    @classmethod
    def load(cls, path: str | os.PathLike) -> Records:
        """Read records written by ``save`` (``path``, or ``path.npz`` when only that exists), or every chunk of a
        directory written by ``selfplay(out=...)`` (``StoredRecords``). The file is read warily
        (``shengji._files.open_npz``) and checked (``_checked``); a ValueError names the file and what is wrong."""
        p = Path(path)
        if p.is_dir():
            return StoredRecords(p).load()
        with _files.open_npz(p, "Records") as z:
            arrays = {a: z[a] for a in ARRAYS}
            meta = z.json("meta")
            name = z.path
        return cls(**_checked(name, arrays, meta), meta=meta)


# the arrays' dtypes as selfplay makes them
_DTYPES: dict[str, Any] = {
    "game": np.int64, "seat": np.int8, "phase": np.int8, "codes": np.uint8, "action_codes": np.uint8,
    "n_candidates": np.int16, "choice": np.int16, "returns": np.float32, "points": np.int16,
    "candidate_start": np.int64, "candidate_codes": np.uint8}


def _checked(path: str, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> dict[str, np.ndarray]:
    """Loaded records' arrays, checked and cast to ``_DTYPES``: one row per entry of ``game`` in every per-row array
    (observation and action codes ``TENSOR_SIZE`` and ``ACTION_SIZE`` wide, each 0 .. 255), seats 0 .. 3, phases
    indices in ``PHASES``, ``n_candidates`` >= 0 and ``choice`` -1 .. n_candidates - 1, finite returns, candidate
    offsets (``candidate_start``, one more than the rows) from 0, never decreasing, ending at the candidates kept
    (and, with ``keep_candidates``, ``n_candidates`` apart)."""
    for a, v in arrays.items():
        real = np.dtype(_DTYPES[a]).kind == "f"
        if v.dtype.kind not in ("f" if real else "iu"):
            raise ValueError(f"{path}: {a} must be {'numbers' if real else 'integers'}, got {v.dtype}")
    game = arrays["game"]
    if game.ndim != 1:
        raise ValueError(f"{path}: game has shape {game.shape}; it holds one entry per row")
    n = game.shape[0]
    shapes = {"codes": (n, TENSOR_SIZE), "action_codes": (n, ACTION_SIZE), "candidate_start": (n + 1,)}
    for a, v in arrays.items():
        shape = shapes.get(a, (n,))
        if a == "candidate_codes":  # the candidates kept: any number of rows
            shape = (v.shape[0] if v.ndim == 2 else -1, ACTION_SIZE)
        if v.shape != shape:
            raise ValueError(f"{path}: {a} has shape {v.shape}; {n} rows need {shape}")
    ranges = {"game": (0, None), "seat": (0, 3), "phase": (0, len(PHASES) - 1), "n_candidates": (0, None)}
    for a, v in arrays.items():
        if not v.size:
            continue
        if a in ranges:
            lo, hi = ranges[a]
            if v.min() < lo or (hi is not None and v.max() > hi):
                raise ValueError(f"{path}: {a} must lie in {lo} .. {'' if hi is None else hi}, got {v.min()} .. "
                                 f"{v.max()}")
        if v.dtype.kind in "iu" and not np.can_cast(v.dtype, _DTYPES[a]):  # codes 0 .. 255, counts in their dtype
            info = np.iinfo(_DTYPES[a])
            if v.min() < info.min or v.max() > info.max:
                raise ValueError(f"{path}: {a} must lie in {info.min} .. {info.max}, got {v.min()} .. {v.max()}")
    if n and not np.isfinite(arrays["returns"]).all():
        raise ValueError(f"{path}: returns must be finite numbers")
    choice, cands = arrays["choice"], arrays["n_candidates"]
    if n and ((choice < -1) | (choice >= cands)).any():
        row = int(np.argmax((choice < -1) | (choice >= cands)))
        raise ValueError(f"{path}: choice must lie in -1 .. n_candidates - 1, row {row} has {choice[row]} of "
                         f"{cands[row]}")
    start, kept = arrays["candidate_start"], arrays["candidate_codes"].shape[0]
    if (np.diff(start) < 0).any():
        row = int(np.argmax(np.diff(start) < 0))
        raise ValueError(f"{path}: candidate_start must never fall, it falls after row {row}")
    if start[0] != 0 or start[-1] != kept:
        raise ValueError(f"{path}: candidate_start must run from 0 to the {kept} candidates kept, it runs {start[0]} "
                         f".. {start[-1]}")
    if meta.get("keep_candidates") is True and not np.array_equal(np.diff(start), cands):
        raise ValueError(f"{path}: candidate_start does not step by n_candidates (the candidates were kept)")
    return {a: v.astype(_DTYPES[a], copy=False) for a, v in arrays.items()}


def concat(parts: list[Records]) -> Records:
    """Records of consecutive runs, one after the other (candidate indices shifted)."""
    if not parts:
        raise ValueError("concat needs at least one Records")
    starts, base = [], 0
    for r in parts:
        starts.append(r.candidate_start[:-1] + base)
        base += r.candidate_codes.shape[0]
    starts.append(np.array([base], dtype=np.int64))
    out = {a: np.concatenate([getattr(r, a) for r in parts]) for a in ARRAYS if a != "candidate_start"}
    meta = dict(parts[0].meta)
    meta["games"] = sum(r.meta.get("games", 0) for r in parts)
    return Records(**out, candidate_start=np.concatenate(starts), meta=meta)


def _empty(meta: dict[str, Any]) -> Records:
    """Records of no rows (a run of no games)."""
    widths = {"codes": TENSOR_SIZE, "action_codes": ACTION_SIZE, "candidate_codes": ACTION_SIZE}
    arrays = {a: np.zeros((0, widths[a]) if a in widths else 0, _DTYPES[a]) for a in ARRAYS}
    arrays["candidate_start"] = np.zeros(1, np.int64)
    return Records(**arrays, meta=meta)


_RUN_KEYS = ("rules", "policy", "seed", "reward", "skip_forced", "keep_candidates")  # alike in every chunk


class StoredRecords:
    """Records streamed to a directory by ``selfplay(out=...)``: read chunk by chunk (``chunks()``), or all at
    once (``load()``). The directory is checked against its ``records.json`` (written last): every chunk it lists
    is there and no other ``chunk_*.npz``; each chunk read holds the games of its place in the run, of the same
    run (rules, policy, seed ...), and the chunks hold the rows ``records.json`` counts. A ValueError names the
    file and what is wrong."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        info = self.path / "records.json"
        if not self.path.is_dir():
            raise ValueError(f"{self.path}: not a directory of self-play records (selfplay(out=...) writes one)")
        if not info.exists():
            n = sum(1 for _ in self.path.glob("chunk_*.npz"))
            if n:
                raise ValueError(f"{self.path} holds {n} chunk files but no records.json: the run that wrote them did "
                                 "not finish (each chunk loads with Records.load)")
            raise ValueError(f"{self.path} holds no self-play records (no records.json)")
        self.meta = _files.read_json(info, "the records.json of selfplay(out=...)")
        games, chunk = self.meta.get("games"), self.meta.get("chunk")
        if isinstance(games, int) and isinstance(chunk, int) and chunk >= 1:
            self.meta.setdefault("chunks", -(-games // chunk))  # written before records.json counted its chunks
        for key, lo in (("games", 0), ("rows", 0), ("chunk", 1), ("first_game", 0), ("chunks", 0)):
            v = self.meta.get(key)
            if isinstance(v, bool) or not isinstance(v, int) or v < lo:
                raise ValueError(f"{info}: {key} must be an integer >= {lo}, got {v!r}")
        names = [f"chunk_{i:06d}.npz" for i in range(self.meta["chunks"])]
        where = f"records.json lists {len(names)} chunks of {games} games"
        present = {f.name for f in self.path.glob("chunk_*.npz")}
        for name in names:
            if name not in present:
                raise ValueError(f"{self.path / name} is missing: {where}")
        extra = sorted(present.difference(names))
        if extra:
            raise ValueError(f"{self.path / extra[0]} is not one of the run's chunks: {where}")
        self._files = [self.path / name for name in names]

    def files(self) -> list[Path]:
        """The chunk files, in game order."""
        return list(self._files)

    def chunks(self) -> Iterator[Records]:
        """Each chunk's records in game order, checked against ``records.json`` (class docstring)."""
        info = self.path / "records.json"
        lo, end = self.meta["first_game"], self.meta["first_game"] + self.meta["games"]
        rows = 0
        for i, f in enumerate(self._files):
            rec = Records.load(f)
            first, n = rec.meta.get("first_game"), rec.meta.get("games")
            if first != lo or not isinstance(n, int) or n < 1 or lo + n > end:
                raise ValueError(f"{f}: holds {n} games from game {first}, but chunk {i} of the run starts at game "
                                 f"{lo} and the run ends before game {end} (a chunk copied, or of another run?)")
            for k in _RUN_KEYS:
                if rec.meta.get(k) != self.meta.get(k):
                    raise ValueError(f"{f}: its {k} {rec.meta.get(k)!r} is not records.json's {self.meta.get(k)!r} (a "
                                     "chunk of another run?)")
            lo += n
            rows += len(rec)
            yield rec
        if lo != end:
            raise ValueError(f"{info}: counts games up to {end}, but the chunks end at game {lo}")
        if rows != len(self):
            raise ValueError(f"{info}: counts {len(self)} rows, but the chunks hold {rows}")

    def load(self) -> Records:
        """Every chunk's records, joined."""
        parts = list(self.chunks())
        return concat(parts) if parts else _empty(dict(self.meta))

    def __len__(self) -> int:
        return int(self.meta["rows"])

    def __repr__(self) -> str:
        return f"StoredRecords({str(self.path)!r}: {len(self)} rows from {self.meta['games']} games)"


def _run(rules: Any, games: int, pols: list[Any], seed: int, first_game: int, threads: int, points: bool,
         skip_forced: bool, keep: bool, meta: dict[str, Any]) -> Records:
    run = _core.NativeRun(rules, games, pols, seed, first_game, threads, -1, rules.first_level, "declare", [None] * 4,
                          None, None)  # simulate's defaults: the same deals
    out = run.selfplay(points, skip_forced, keep, [first_draw(i) for i in range(HIDDEN_TRUMP_WORLDS)])
    m = dict(meta, games=int(out.pop("games")), first_game=first_game)
    return Records(**out, meta=m)


def _chunk(lo: int, n: int, rules: Any, pols: list[Any], seed: int, points: bool, skip_forced: bool, keep: bool,
           meta: dict[str, Any]) -> Records:
    """Self-play games lo .. lo + n - 1 on one thread (a chunk of an executor's run)."""
    return _run(rules, n, pols, seed, lo, 1, points, skip_forced, keep, meta)


def _games_of(part: Records) -> int:
    """The games a chunk's records hold (checked against the chunk's range)."""
    return int(part.meta.get("games", -1))


RUN = RunSpec(unit="selfplay", what="self-play games", first="first_game", count="games", chunk=_chunk, size=_games_of,
              end=2**63)  # (the records' game numbers are int64)


def selfplay(rules: Rules | None, games: int, *, policy: Any = "greedy", seed: int = 0, threads: int | None = None,
             reward: str = "levels", skip_forced: bool = True, keep_candidates: bool = False,
             out: str | os.PathLike | None = None, chunk: int | None = None, first_game: int = 0,
             executor: Any = None, progress: bool = False, timeout: float | None = None) -> Any:
    """Training records of ``games`` native self-play deals (0 .. 2**40, the most one run of ``simulate``,
    ``simulate_matches`` or ``selfplay`` takes; module docstring): a :class:`Records`, or with
    ``out`` a :class:`StoredRecords` of the directory written (on an executor too: each chunk is written to
    ``out`` as it arrives, in game order, so the records never gather in this process's memory). ``first_game``:
    the index of the first game (a run continued in batches); ``progress``: show a progress bar on an executor's
    run; ``timeout``: the seconds a run on an executor may go without a chunk finishing (TimeoutError; None
    waits)."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or None, not {type(rules).__name__}")
    games, seed, first_game, threads = RUN.check(games, seed=seed, first=first_game, threads=threads,
                                                 executor=executor, chunk=chunk, timeout=timeout)
    if reward not in ("levels", "points"):
        raise ValueError(f"reward must be 'levels' or 'points', got {reward!r}")
    if out is not None and os.fspath(out) in ("", b""):
        raise ValueError("out must name a directory, got '' (which would write into the current directory)")
    _validate.flag(skip_forced, "skip_forced")
    _validate.flag(keep_candidates, "keep_candidates")
    pols, players = native(policy)
    if players is not None:
        raise ValueError("selfplay runs natively: use 'greedy', 'random' or compiled jit policies (a Python bot "
                         "would run Python at every decision; play it with Match or tournament instead)")
    meta = RunSpec.meta(rules, policy, seed, reward=reward, skip_forced=skip_forced, keep_candidates=keep_candidates)
    kw = {"rules": rules, "pols": pols, "seed": seed, "points": reward == "points", "skip_forced": skip_forced,
          "keep": keep_candidates, "meta": meta}
    if executor is not None and out is None:  # chunks on an engine, joined in game order
        parts = RUN.run(executor, first_game, games, kwargs=kw, chunk=chunk, progress=progress, timeout=timeout)
        joined = concat(parts) if parts else _run(rules, 0, pols, seed, first_game, 1, reward == "points",
                                                  skip_forced, keep_candidates, meta)
        joined.meta["executor"] = describe(executor)
        return joined
    if out is None:
        return _run(rules, games, pols, seed, first_game, threads, reward == "points", skip_forced, keep_candidates,
                    meta)
    chunk = STREAM_CHUNK if chunk is None else chunk
    path = Path(out)
    path.mkdir(parents=True, exist_ok=True)
    if any(path.glob("chunk_*.npz")) or (path / "records.json").exists():
        raise ValueError(f"{path} already holds records: give an empty or new directory")
    count = {"rows": 0, "chunks": 0}

    def store(lo: int, part: Records) -> None:  # each file written whole and renamed into place, in game order
        part.save(path / f"chunk_{count['chunks']:06d}.npz")
        count["rows"] += len(part)
        count["chunks"] += 1

    if executor is not None:
        RUN.run(executor, first_game, games, kwargs=kw, chunk=chunk, progress=progress, timeout=timeout,
                on_result=store)
        meta["executor"] = describe(executor)
    else:
        for start in range(0, games, chunk):
            store(first_game + start, _run(rules, min(chunk, games - start), pols, seed, first_game + start, threads,
                                           reward == "points", skip_forced, keep_candidates, meta))
    _files.write_text(path / "records.json", json.dumps(dict(meta, games=games, rows=count["rows"],
                                                             first_game=first_game, chunk=chunk,
                                                             chunks=count["chunks"])))  # last: the run is complete
    return StoredRecords(path)
