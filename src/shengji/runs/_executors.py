"""One small adapter from a run split into chunks to the engines that run them (``executor=`` of
``simulate``, ``simulate_matches``, ``tournament``, ``advise_bury`` and ``selfplay``). No scheduler is written
here: each engine schedules, retries and moves data its own way.

- A ``concurrent.futures.Executor`` (a process or thread pool): ``submit``. It cannot retry: a dead worker
  breaks the pool, and the error names the ranges not done.
- A ``dask.distributed.Client``: ``client.submit(..., retries=retries, pure=False)``; a chunk lost with its
  worker is run again by the scheduler (its ``allowed-failures`` and the task's retries).
- The ``ray`` module after ``ray.init()`` (a local or a cluster address): ``ray.remote(max_retries=retries,
  retry_exceptions=True)``; Ray runs a task lost with its worker again.

``run_chunks(executor, fn, first, n, ...)`` calls ``fn(lo, count)`` for consecutive ranges covering ``first``
.. ``first + n - 1`` (a module-level function and picklable arguments: a process pool pickles them; Dask and
Ray use cloudpickle, so a jit policy travels as its Python function and is compiled again in the worker),
keeps at most ``window`` chunks in flight, hands each result to ``on_result`` in range order as soon as the
ranges before it are in (so a caller that folds results into a summary holds a bounded number of them), and
checks that the ranges returned cover the run exactly once. A chunk that keeps failing raises a RuntimeError
naming its range (with what the engine reported); a chunk that returns a different number of units than its range
(``size``) is an error naming the range; with ``timeout`` (seconds), a run where no chunk finishes for that long
raises TimeoutError (an engine whose workers all died waits for a new worker without a word: Dask's scheduler
does). On a process pool each worker exits when the process that made the pool dies, so a killed run leaves no
orphan workers; a Ctrl-C cancels every chunk not started and stops those running (``_interrupt``: a process pool
is shut down and its workers ended, a thread pool's native loops are cancelled through the core's flags), so that
control returns within about two seconds and the pool's own shutdown does not wait for chunks to finish.

**Chunk sizes**: by default the run is cut into chunks of at least ``MIN_CHUNK`` units (about a second of
work on one core: 20,000 deals, 1,000 matches, 5,000 self-play deals), at most 256 chunks, and never fewer
chunks than workers. Measured (benchmarks/bench_executors.py, 2 cores, 400,000 deals, wall time against 2
native threads): at the default 20,000-deal chunks 2 Dask worker processes and 2 Ray workers ran within
noise of the native threads (−6 % and −3 %); chunks of 10,000 cost Dask 9 % and Ray 0.5 %, chunks of 2,000
cost 27 % and 9 %: the overhead falls under 5 % from about 20,000 deals (a second) a chunk.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..base import _validate

MIN_CHUNK = {"deal": 20_000, "match": 1_000, "selfplay": 5_000, "pair": 2_000, "burial": 5_000}


def kind(executor: Any) -> str:
    """'ray', 'dask' or 'futures' (refused with a TypeError otherwise)."""
    if getattr(executor, "__name__", None) == "ray" and hasattr(executor, "remote"):
        if not executor.is_initialized():
            raise RuntimeError("executor=ray needs ray.init() first (ray.init() for this machine, "
                               "ray.init(address=...) for a cluster)")
        return "ray"
    if type(executor).__module__.startswith("distributed") and hasattr(executor, "submit"):
        return "dask"
    if isinstance(executor, cf.Executor):
        return "futures"
    raise TypeError("executor must be a concurrent.futures Executor, a dask.distributed Client or the ray module "
                    f"(after ray.init()), not {type(executor).__name__}")


def workers(executor: Any, how: str) -> int:
    try:
        if how == "ray":
            return max(1, int(executor.cluster_resources().get("CPU", 1)))
        if how == "dask":
            return max(1, sum(w.get("nthreads", 1) for w in executor.scheduler_info()["workers"].values()))
        return max(1, int(getattr(executor, "_max_workers", 1)))
    except Exception:  # pragma: no cover - an engine without the introspection
        return 1


def check_chunk(chunk: Any) -> int | None:
    """``chunk=``: None (the adapter's sizes) or a positive number of units a chunk (checked even without an
    executor: a value that could not be used is refused, not ignored)."""
    if chunk is None:
        return None
    if isinstance(chunk, bool) or not hasattr(chunk, "__index__"):
        raise TypeError(f"chunk must be None or a positive integer, not {type(chunk).__name__}")
    if not 1 <= chunk.__index__() <= 2**62:
        raise ValueError(f"chunk must be None or a positive integer, got {chunk!r}")
    return int(chunk.__index__())


def check_args(executor: Any, chunk: Any, timeout: Any) -> None:
    """``executor``, ``chunk`` and ``timeout`` of an entry point, checked whether or not there is an executor: a
    chunk size or a timeout without one would be ignored, so they are refused."""
    if executor is not None:
        kind(executor)
    check_chunk(chunk)
    if check_timeout(timeout) is not None and executor is None:
        raise ValueError("timeout= is for a run on an executor (the seconds it may go without a chunk finishing); "
                         "a local run has nothing to wait for")


def check_timeout(timeout: Any) -> float | None:
    """``timeout=``: None or the seconds (> 0) a run on an executor may go without a chunk finishing."""
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not 0 < timeout < float("inf")):
        raise ValueError(f"timeout must be None or a positive number of seconds, got {timeout!r}")
    return timeout


@dataclass(frozen=True)
class RunSpec:
    """One skeleton for the package's native runs (``simulate``, ``selfplay``, ``simulate_matches``), which each
    declare theirs: a run of ``count`` units from unit ``first`` (game or match *i* always drawn from stream
    (seed, i), so any split gives the same units), computed locally or in chunks on an executor.

    - ``unit``: the adapter's unit (its default chunk sizes, ``MIN_CHUNK``); ``what``: the units in messages;
      ``first``/``count``: the names of the run's first-unit and count arguments; ``end``: ``first + count`` stays
      at most this (the units' numbers fit their arrays).
    - ``chunk``: what a chunk computes, ``chunk(lo, n, **kwargs)`` on one thread (a module-level function, so a
      process pool, Dask and Ray can ship it); ``size``: the units a chunk's result holds (checked against its
      range).
    - How chunks merge is the runner's: ``run`` hands each chunk's result to ``on_result`` in range order (the
      runner places, folds or stores it), or returns them in order.
    - What the meta holds: ``meta(rules, policy, seed, **more)``, the keys every run records (the rules' repr, the
      policy's name, the seed) and the runner's own; a run on an executor adds ``"executor"`` (``describe``)."""

    unit: str
    what: str
    first: str
    count: str
    chunk: Callable[..., Any]
    size: Callable[[Any], int]
    end: int = 2**64

    def check(self, count: Any, *, seed: Any, first: Any, threads: Any, executor: Any, chunk: Any,
              timeout: Any) -> tuple[int, int, int, int]:
        """The arguments every run shares, checked before anything runs: (count, seed, first, threads); the count
        0 .. ``_validate.COUNT_MAX`` (2**40), the same for every run."""
        count = _validate.count(count, self.count)
        first = _validate.run_range(first, count, self.first, self.count, self.end)
        check_args(executor, chunk, timeout)
        return count, _validate.u64(seed, "seed"), first, _validate.threads(threads)

    def run(self, executor: Any, first: int, count: int, *, kwargs: dict[str, Any], chunk: int | None = None,
            progress: bool = False, timeout: float | None = None,
            on_result: Callable[[int, Any], None] | None = None) -> list[Any]:
        """The run in chunks on ``executor`` (``run_chunks``): the chunks' results in range order, or each handed to
        ``on_result`` as it arrives in order."""
        return run_chunks(executor, self.chunk, first, count, chunk=chunk, unit=self.unit, progress=progress,
                          what=self.what, kwargs=kwargs, size=self.size, timeout=timeout, on_result=on_result)

    @staticmethod
    def meta(rules: Any, policy: Any, seed: int, **more: Any) -> dict[str, Any]:
        """The meta every run records, then the runner's own keys."""
        return {"rules": repr(rules), "policy": policy if isinstance(policy, str) else repr(policy), "seed": seed,
                **more}


def describe(executor: Any) -> str:
    """The engine and its workers, for a result's meta and summary: 'dask, 4 workers'."""
    how = kind(executor)
    name = {"ray": "ray", "dask": "dask", "futures": type(executor).__name__}[how]
    n = workers(executor, how)
    return f"{name}, {n} worker{'s' if n != 1 else ''}"


def chunks(first: int, n: int, chunk: int | None, unit: str, nworkers: int) -> list[tuple[int, int]]:
    """Consecutive (lo, count) ranges covering first .. first + n - 1."""
    if n <= 0:
        return []
    size = _chunk_size(n, chunk, unit, nworkers)
    return [(first + lo, min(size, n - lo)) for lo in range(0, n, size)]


def _chunk_size(n: int, chunk: int | None, unit: str, nworkers: int) -> int:
    """The units a chunk of ``chunks`` holds (all but the last)."""
    chunk = check_chunk(chunk)
    if chunk is None:
        size = max(MIN_CHUNK.get(unit, 1), math.ceil(n / 256))
        return min(size, max(1, math.ceil(n / nworkers)))  # every worker gets work
    return chunk


def run_chunks(executor: Any, fn: Callable[..., Any], first: int, n: int, *, chunk: int | None = None,
               unit: str = "deal", progress: bool = False, what: str = "games", retries: int = 3,
               on_result: Callable[[int, Any], None] | None = None, window: int | None = None,
               args: tuple = (), kwargs: dict[str, Any] | None = None,
               size: Callable[[Any], int] | None = None, timeout: float | None = None) -> list[Any]:
    """Run ``fn(lo, count, *args, **kwargs)`` over the chunks of the run on ``executor`` (module docstring);
    returns the results in range order (an empty list when ``on_result`` takes them). ``size(result)``: the
    units a chunk's result holds, checked against its range."""
    how = kind(executor)
    timeout = check_timeout(timeout)
    kwargs = kwargs or {}
    threads: set[int] = set()  # a thread pool's threads running this run's chunks (Ctrl-C cancels their natives)
    if isinstance(executor, cf.ProcessPoolExecutor):  # each worker exits with the process that made the pool
        args, fn = (fn, os.getpid(), *args), _in_pool_worker
    elif how == "futures":
        args, fn = (fn, threads, *args), _in_pool_thread
    if how != "futures" or isinstance(executor, cf.ProcessPoolExecutor):  # (a thread pool shares the objects)
        _check_pickles(how, fn, args, kwargs, what)
    nw = workers(executor, how)
    step = _chunk_size(max(n, 1), chunk, unit, nw)
    ranges = range(first, first + n, step)  # the chunks' first units, never listed (a run may have 2**40 chunks)
    end = first + n
    window = window or max(4, 4 * nw)
    bar = None
    if progress:
        bar = _progress_bar(n, unit)
    remote = None
    if how == "ray":
        remote = executor.remote(max_retries=retries, retry_exceptions=True)(fn)

    def submit(lo: int, count: int) -> Any:
        if how == "ray":
            assert remote is not None
            return remote.remote(lo, count, *args, **kwargs)
        if how == "dask":
            return executor.submit(fn, lo, count, *args, retries=retries, pure=False, **kwargs)
        return executor.submit(fn, lo, count, *args, **kwargs)

    pending: dict[Any, tuple[int, int]] = {}
    done: dict[int, Any] = {}
    results: list[Any] = []
    next_out = 0  # index into ranges of the next result to hand over
    next_in = 0  # index into ranges of the next chunk to submit
    covered = 0

    def todo() -> list[tuple[int, int]]:  # the chunks not submitted, as one range
        return [(ranges[next_in], end - ranges[next_in])] if next_in < len(ranges) else []

    try:
        while next_in < len(ranges) or pending:
            while next_in < len(ranges) and len(pending) < window:
                lo = ranges[next_in]
                count = min(step, end - lo)
                next_in += 1
                pending[submit(lo, count)] = (lo, count)
            finished = _completed(executor, how, list(pending), timeout)
            if not finished:
                spans = _spans(sorted(pending.values()))
                raise TimeoutError(f"{what}: no chunk finished in {timeout:g} s (timeout=); waiting for {spans} on "
                                   f"{describe(executor)}")
            for fut in finished:
                lo, count = pending.pop(fut)
                try:
                    value = executor.get(fut) if how == "ray" else fut.result()
                except Exception as err:
                    not_done = sorted([*pending.values(), (lo, count), *todo()])
                    if how == "futures":
                        raise RuntimeError(f"{what} {_spans(not_done)} not done: {type(err).__name__}: "
                                           f"{_line(err)} (a process pool cannot run a chunk again; Dask and Ray "
                                           "retry)") from err
                    raise RuntimeError(f"{what} {lo} .. {lo + count - 1} failed: {_reported(how, err, retries)}"
                                       ) from err
                if size is not None and (got := size(value)) != count:
                    raise RuntimeError(f"{what} {lo} .. {lo + count - 1}: the chunk returned {got} where its range "
                                       f"holds {count} (on {describe(executor)})")
                done[lo] = value
                covered += count
                if bar is not None:
                    bar.update(count)
                while next_out < len(ranges) and ranges[next_out] in done:
                    lo_next = ranges[next_out]
                    value = done.pop(lo_next)
                    if on_result is not None:
                        on_result(lo_next, value)
                    else:
                        results.append(value)
                    next_out += 1
                break  # refill the window after each result
    except KeyboardInterrupt:  # Ctrl-C: nothing more starts, the running chunks stop, control returns at once
        _interrupt(executor, how, list(pending), threads)
        pending.clear()
        raise
    finally:
        if bar is not None:
            bar.close()
        for fut in pending:  # an error: cancel what is left
            try:
                executor.cancel(fut) if how in ("ray", "dask") else fut.cancel()
            except Exception:  # pragma: no cover
                pass
    if covered != n or next_out != len(ranges):
        raise RuntimeError(f"{what}: the chunks returned cover {covered} of {n}")  # pragma: no cover
    return results


def _in_pool_thread(lo: int, count: int, fn: Callable[..., Any], threads: set[int], *args: Any,
                    **kwargs: Any) -> Any:
    """A chunk on a thread pool: its thread is known to the run while it runs, so that a Ctrl-C cancels its native
    loops (``_core._stop_threads``: signals reach only the main thread)."""
    ident = threading.get_ident()
    threads.add(ident)
    try:
        return fn(lo, count, *args, **kwargs)
    finally:
        threads.discard(ident)


STOP_WAIT = 1.5  # seconds a Ctrl-C waits for the chunks running on a pool (threads or processes) to stop


def _interrupt(executor: Any, how: str, pending: list[Any], threads: set[int]) -> None:
    """A Ctrl-C during a run on ``executor``: cancel every chunk not started and stop those running, so that the
    interrupt returns within about two seconds and leaves no worker busy with the run.

    - A process pool: shut down without waiting, its queued chunks cancelled (``cancel_futures``), and its worker
      processes ended (a chunk already handed to a worker would otherwise run to its end, one after the other;
      a Ctrl-C at a terminal reaches the workers too, whose native loops stop on it). The pool is not usable
      after: the run was interrupted.
    - A thread pool: the chunks not started are cancelled, the native loops of those running are cancelled
      through the core's flags (``_core._stop_threads``) and waited for (at most ``STOP_WAIT`` s); the pool stays
      usable.
    - Dask and Ray: every chunk of the run is cancelled (the engine stops those running)."""
    for fut in pending:
        try:
            executor.cancel(fut) if how in ("ray", "dask") else fut.cancel()
        except Exception:  # pragma: no cover
            pass
    if isinstance(executor, cf.ProcessPoolExecutor):
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        # As a Ctrl-C at a terminal: each worker's native loop stops and the worker unwinds, releasing the pool's
        # queue locks (a worker ended by SIGTERM could die holding one, and the pool's own shutdown would then wait
        # for ever). Again every 50 ms: a worker stopped in one chunk takes up the next one the pool had already
        # queued for it, and one waiting for work ends on it.
        deadline = time.monotonic() + STOP_WAIT
        while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
            for p in processes:
                try:
                    if p.is_alive():
                        os.kill(p.pid, signal.SIGINT)
                except Exception:  # pragma: no cover - already gone
                    pass
            time.sleep(0.05)
        for p in processes:  # the last resort: a worker that ignores SIGINT
            if p.is_alive():
                p.terminate()
                p.join(STOP_WAIT)
    elif how == "futures":
        running = [f for f in pending if not f.done()]
        idents = set(threads)
        _core._stop_threads(idents)
        try:
            cf.wait(running, timeout=STOP_WAIT)
        finally:
            _core._stop_threads(idents, stop=False)


def _spans(ranges: list[tuple[int, int]], most: int = 3) -> str:
    """Sorted (lo, count) ranges as a short text: adjacent ranges joined, at most ``most`` spans named (a run of a
    million chunks that fails is said in a line)."""
    joined: list[list[int]] = []
    for lo, count in ranges:
        if joined and joined[-1][1] == lo:
            joined[-1][1] = lo + count
        else:
            joined.append([lo, lo + count])
    text = ", ".join(f"{a} .. {b - 1}" for a, b in joined[:most])
    if len(joined) > most:
        rest = sum(b - a for a, b in joined[most:])
        text += f" and {len(joined) - most:,} more spans ({rest:,} units)"
    return text


def _line(err: BaseException, most: int = 300) -> str:
    """An error's message on one line, cut at ``most`` characters."""
    text = " ".join(str(err).split())
    return text if len(text) <= most else text[:most - 3] + "..."


def _check_pickles(how: str, fn: Any, args: tuple, kwargs: dict[str, Any], what: str) -> None:
    """A clear error before anything is submitted when the run's arguments (its policies, say) cannot travel."""
    if how == "futures":
        import pickle

        dumps = pickle.dumps
    else:
        try:
            import cloudpickle

            dumps = cloudpickle.dumps
        except ImportError:  # pragma: no cover - Dask and Ray depend on it
            return
    try:
        dumps((fn, args, kwargs))
    except Exception as err:
        raise TypeError(f"the {what}' arguments do not pickle, so they cannot travel to the executor's workers "
                        f"({type(err).__name__}: {err}); a Python bot must pickle (a class defined at the top "
                        "level of an importable module; Dask and Ray also carry functions and classes defined in "
                        "__main__); a jit policy travels as its Python function") from None


def _completed(executor: Any, how: str, futures: list[Any], timeout: float | None = None) -> list[Any]:
    """The futures as they complete (at least one; none when ``timeout`` seconds pass first)."""
    if how == "ray":
        ready, _ = executor.wait(futures, num_returns=1, timeout=timeout)
        return list(ready)
    if how == "dask":
        from distributed import wait

        try:
            return list(wait(futures, timeout=timeout, return_when="FIRST_COMPLETED").done)
        except TimeoutError:
            return []
    return list(cf.wait(futures, timeout=timeout, return_when=cf.FIRST_COMPLETED)[0])


def _reported(how: str, err: BaseException, retries: int) -> str:
    """What the engine reported of a chunk that failed, and what it had done about it."""
    name = type(err).__name__
    if how == "dask" and name == "KilledWorker":
        return (f"Dask gave up on it: {err} (the workers running it died as many times as the scheduler's "
                "distributed.scheduler.allowed-failures allows)")
    if how == "dask":
        return f"{name}: {err} (Dask ran it up to {retries + 1} times: retries={retries})"
    if how == "ray" and ("Crashed" in name or "Died" in name or "Unavailable" in name or "Lost" in name):
        return f"Ray reported {name}: {err} (Ray runs a task lost with its worker again up to max_retries={retries})"
    if how == "ray":
        return f"{name}: {err} (Ray ran it up to {retries + 1} times: max_retries={retries}, retry_exceptions)"
    return f"{name}: {err}"


_watching = False


def _in_pool_worker(lo: int, count: int, fn: Callable[..., Any], parent: int, *args: Any, **kwargs: Any) -> Any:
    """A chunk in a process pool's worker: the first one starts a watch that ends the worker once the process
    that made the pool is gone (a killed parent otherwise leaves its workers behind, waiting forever)."""
    global _watching
    if not _watching and os.getpid() != parent:
        _watching = True
        spawned_by = os.getppid()  # the pool's process, or a fork server that ends with it

        def watch() -> None:
            while True:
                if os.getppid() != spawned_by:  # reparented: the process that spawned this one has died
                    os._exit(1)
                threading.Event().wait(0.5)

        threading.Thread(target=watch, name="shengji-parent-watch", daemon=True).start()
    return fn(lo, count, *args, **kwargs)


def _progress_bar(total: int, unit: str = "deal") -> Any:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    import shutil

    cols = shutil.get_terminal_size((100, 20)).columns  # a terminal that reports 0 columns gets 100
    # leave=False: the bar is cleared when the run ends, so the summary stands alone
    return tqdm(total=total, unit=unit, unit_scale=True, smoothing=0.1, mininterval=0.2, ncols=cols or 100,
                leave=False)
