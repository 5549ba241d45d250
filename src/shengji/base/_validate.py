"""The checks of the values a caller gives (seeds, counts, seats, budgets), in one place: every module of the
package and the native binding call these, so a value is refused with the same words wherever it is given.

Each takes the value and the name the caller knows it by, returns the value as a plain ``int`` (any integral type is
taken, numpy's included; never a bool), and raises a ValueError or TypeError that names it. A run's shared
arguments (its seed, first unit, count and threads) are checked by ``run_range`` and ``threads``.
"""

from __future__ import annotations

import os
from typing import Any

TIME_MS_MAX = 3_600_000  # a search budget above one hour is a mistake (a seconds value given as ms, say)
SOLVE_MAX_CARDS = 13  # the exact endgame's largest hands: its time grows about fivefold a card (~0.4 s at 8)
THREADS_MAX = 4096
# The most units (games, matches, self-play games) one run of simulate, simulate_matches or selfplay takes: 2**40,
# about 1.1e12 (some weeks of a large machine's cores); a larger count is a mistake (a typo, an overflow), refused
# before anything runs rather than started and never finished.
COUNT_MAX = 2**40


def u64(value: Any, name: str) -> int:
    """``value`` as a seed-like integer 0 .. 2**64 - 1, or a clear error naming ``name``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer in 0 .. 2**64 - 1, not {type(value).__name__}")
    v = value.__index__()
    if not 0 <= v < 2**64:
        raise ValueError(f"{name} must be an integer in 0 .. 2**64 - 1, got {v}")
    return v


def integer(value: Any, name: str, lo: int, hi: int, what: str = "an integer", or_none: bool = False) -> int:
    """``value`` as an int in ``lo`` .. ``hi``, or a ValueError naming ``name`` (never an OverflowError deeper down):
    the one check of counts, seats and sizes given to the core. (A ValueError for a value of the wrong type too, as
    these checks always raised.)"""
    if type(value) is int and lo <= value <= hi:  # the common case, at the cost of one comparison
        return value
    span = f"{what} {lo:,} .. {hi:,}" + (" or None" if or_none else "")
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ValueError(f"{name} must be {span}, not {type(value).__name__} {value!r}")
    v = value.__index__()
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be {span}, got {v:,}")
    return int(v)


def seat(value: Any, name: str = "seat") -> int:
    """``value`` as a seat 0..3, or a ValueError naming ``name``."""
    return integer(value, name, 0, 3, "a seat")


def count(value: Any, name: str) -> int:
    """A run's count of units (``games``, ``matches``): an integer 0 .. COUNT_MAX (TypeError for another type,
    ValueError beyond), the one maximum of every run."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer 0 .. {COUNT_MAX:,} (2**40, the most one run takes), not "
                        f"{type(value).__name__} {value!r}")
    v = value.__index__()
    if not 0 <= v <= COUNT_MAX:
        raise ValueError(f"{name} must be an integer 0 .. {COUNT_MAX:,} (2**40, the most one run takes), got {v:,}")
    return int(v)


def limit(value: Any, name: str = "limit") -> int:
    """``None`` or a positive count: how many to list at most; 0 for None and for a count beyond anything that could
    be listed (no limit)."""
    if value is None:
        return 0
    if isinstance(value, bool) or not hasattr(value, "__index__") or value.__index__() < 1:
        raise ValueError(f"{name} must be a positive integer or None, got {value!r}")
    v = value.__index__()
    return int(v) if v < 2**62 else 0


def time_ms(value: Any) -> float | None:
    """A search's budget: None or a number of milliseconds above 0, at most one hour."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                              or not 0 < value <= TIME_MS_MAX):
        raise ValueError(f"time_ms must be None or a positive number of milliseconds, at most one hour "
                         f"({TIME_MS_MAX:,}), got {value!r}")
    return value


CLOCKS = ("wall", "cpu")


def clock(value: Any, budget: Any) -> str:
    """A search budget's clock: "wall" (elapsed time, as bot platforms count it) or "cpu" (the searching threads' CPU
    time, summed over them: a figure that does not depend on how loaded the machine is). "cpu" measures a budget, so
    it needs one (``budget``: the ``time_ms`` given)."""
    if not isinstance(value, str) or value not in CLOCKS:
        raise ValueError(f"clock must be 'wall' (elapsed time) or 'cpu' (the searching threads' CPU time), got "
                         f"{value!r}")
    if value == "cpu" and budget is None:
        raise ValueError("clock='cpu' measures a time budget: give time_ms too")
    return value


def cards(value: Any, name: str) -> int | None:
    """None or a count of cards a hand 0 .. SOLVE_MAX_CARDS (the exact endgame's limit: endgame=, max_cards=)."""
    if value is None:
        return None
    return integer(value, name, 0, SOLVE_MAX_CARDS, "a number of cards", True)


def threads(value: Any) -> int:
    """``threads=``: None (every core) or 1 .. THREADS_MAX."""
    return integer(os.cpu_count() or 1 if value is None else value, "threads", 1, THREADS_MAX)


def flag(value: Any, name: str) -> bool:
    """A True/False option (refused otherwise: 1 or "yes" is not taken for True)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return value


def run_range(first: Any, count: int, first_name: str, count_name: str, end: int = 2**64) -> int:
    """A run's first unit (game, match ...) as a u64, with ``first + count`` at most ``end``."""
    first = u64(first, first_name)
    if first + count > end:
        raise ValueError(f"{first_name} + {count_name} must stay {'below 2**64' if end == 2**64 else 'at most 2**63'}"
                         f", got {first} + {count}")
    return first
