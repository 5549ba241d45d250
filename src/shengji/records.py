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
(each game's rows are kept apart and joined in game order). ``out=path`` streams the run to a directory in
chunks of ``chunk`` games (default 20,000; ``chunk_000000.npz`` ...), so that a run larger than memory
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

from . import _core
from .bots import _HIDDEN_TRUMP_WORLDS
from .observation import _first_draw
from .rules import Rules

STREAM_CHUNK = 20_000  # games a chunk file of selfplay(out=...) holds by default
ARRAYS = ("game", "seat", "phase", "codes", "action_codes", "n_candidates", "choice", "returns", "points",
          "candidate_start", "candidate_codes")


@dataclass(eq=False)
class Records:
    """Self-play rows (module docstring): numpy arrays of one row per recorded decision, in game order."""

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

    def save(self, path: str | os.PathLike) -> None:
        """Write the records to one ``.npz`` file."""
        np.savez(path, **{a: getattr(self, a) for a in ARRAYS}, meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | os.PathLike) -> Records:
        """Read records written by ``save``, or every chunk of a directory written by ``selfplay(out=...)``."""
        p = Path(path)
        if p.is_dir():
            return concat(list(StoredRecords(p).chunks()))
        with np.load(p, allow_pickle=False) as z:
            return cls(**{a: z[a] for a in ARRAYS}, meta=json.loads(str(z["meta"])))


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


class StoredRecords:
    """Records streamed to a directory by ``selfplay(out=...)``: read chunk by chunk (``chunks()``), or all at
    once (``load()``)."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        info = self.path / "records.json"
        if not info.exists():
            raise ValueError(f"{self.path} holds no self-play records (no records.json)")
        self.meta = json.loads(info.read_text())

    def files(self) -> list[Path]:
        return sorted(self.path.glob("chunk_*.npz"))

    def chunks(self) -> Iterator[Records]:
        for f in self.files():
            yield Records.load(f)

    def load(self) -> Records:
        return concat(list(self.chunks()))

    def __len__(self) -> int:
        return int(self.meta["rows"])

    def __repr__(self) -> str:
        return f"StoredRecords({str(self.path)!r}: {len(self)} rows from {self.meta['games']} games)"


def _run(rules: Any, games: int, pols: list[Any], seed: int, first_game: int, threads: int, points: bool,
         skip_forced: bool, keep: bool, meta: dict[str, Any]) -> Records:
    run = _core.NativeRun(rules, games, pols, seed, first_game, threads, -1, rules.first_level, "declare", [None] * 4,
                          None, None)  # simulate's defaults: the same deals
    out = run.selfplay(points, skip_forced, keep, [_first_draw(i) for i in range(_HIDDEN_TRUMP_WORLDS)])
    m = dict(meta, games=int(out.pop("games")), first_game=first_game)
    return Records(**out, meta=m)


def _chunk(lo: int, n: int, rules: Any, pols: list[Any], seed: int, points: bool, skip_forced: bool, keep: bool,
           meta: dict[str, Any]) -> Records:
    """Self-play games lo .. lo + n - 1 on one thread (a chunk of an executor's run)."""
    return _run(rules, n, pols, seed, lo, 1, points, skip_forced, keep, meta)


def selfplay(rules: Rules | None, games: int, *, policy: Any = "greedy", seed: int = 0, threads: int | None = None,
             reward: str = "levels", skip_forced: bool = True, keep_candidates: bool = False,
             out: str | os.PathLike | None = None, chunk: int | None = None, first_game: int = 0,
             executor: Any = None, progress: bool = False) -> Any:
    """Training records of ``games`` native self-play deals (module docstring): a :class:`Records`, or with
    ``out`` a :class:`StoredRecords` of the directory written."""
    from .simulate import _policies

    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or None, not {type(rules).__name__}")
    for name, v, lo in (("games", games, 0), ("chunk", 1 if chunk is None else chunk, 1),
                        ("first_game", first_game, 0)):
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise ValueError(f"{name} must be an integer >= {lo}, got {v!r}")
    if reward not in ("levels", "points"):
        raise ValueError(f"reward must be 'levels' or 'points', got {reward!r}")
    for name, flag in (("skip_forced", skip_forced), ("keep_candidates", keep_candidates)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, got {flag!r}")
    threads = os.cpu_count() or 1 if threads is None else threads
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    seed = _core._check_u64(seed, "seed")
    pols, players = _policies(policy)
    if players is not None:
        raise ValueError("selfplay runs natively: use 'greedy', 'random' or compiled jit policies (a Python bot "
                         "would run Python at every decision; play it with Match or tournament instead)")
    meta = {"rules": repr(rules), "policy": policy if isinstance(policy, str) else repr(policy), "seed": seed,
            "reward": reward, "skip_forced": skip_forced, "keep_candidates": keep_candidates}
    if executor is not None and out is None:  # chunks on an engine, joined in game order
        from ._executors import run_chunks

        kw = {"rules": rules, "pols": pols, "seed": seed, "points": reward == "points", "skip_forced": skip_forced,
              "keep": keep_candidates, "meta": meta}
        parts = run_chunks(executor, _chunk, first_game, games, chunk=chunk,
                           unit="selfplay", progress=progress, what="self-play games", kwargs=kw)
        return concat(parts) if parts else _run(rules, 0, pols, seed, first_game, 1, reward == "points",
                                                skip_forced, keep_candidates, meta)
    if out is None:
        return _run(rules, games, pols, seed, first_game, threads, reward == "points", skip_forced, keep_candidates,
                    meta)
    chunk = STREAM_CHUNK if chunk is None else chunk
    path = Path(out)
    path.mkdir(parents=True, exist_ok=True)
    if any(path.glob("chunk_*.npz")) or (path / "records.json").exists():
        raise ValueError(f"{path} already holds records: give an empty or new directory")
    rows = 0
    for i, start in enumerate(range(0, games, chunk)):
        n = min(chunk, games - start)
        part = _run(rules, n, pols, seed, first_game + start, threads, reward == "points", skip_forced,
                    keep_candidates, meta)
        part.save(path / f"chunk_{i:06d}.npz")
        rows += len(part)
    (path / "records.json").write_text(json.dumps(dict(meta, games=games, rows=rows, first_game=first_game,
                                                       chunk=chunk)))
    return StoredRecords(path)
