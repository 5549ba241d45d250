"""Gymnasium ids under the ``shengji`` namespace. Importing this module registers them (importing ``shengji`` never
imports Gymnasium; this module does):

- ``shengji/Seat-v0``: ``shengji.envs.SeatEnv`` (one seat learns, the other three are native policies or bots);
  every keyword of ``SeatEnv`` is a keyword of ``gymnasium.make``, and ``rules`` may also be a preset's name
  (``rules="taian"``). Its vector entry point is the native ``shengji.envs.VectorSeatEnv``:
  ``gymnasium.make_vec("shengji/Seat-v0", num_envs=256)`` steps every table in C (its keywords are
  VectorSeatEnv's: the flat observation, native opponents); ``vectorization_mode="sync"`` gives Gymnasium's
  ``SyncVectorEnv`` of SeatEnv copies instead.

Gymnasium builds them by the ``module:id`` form, which imports this module first::

    import gymnasium
    env = gymnasium.make("shengji.gym:shengji/Seat-v0", rules="taian", opponents="greedy", observation="flat")

or, once ``import shengji.gym`` has run, by the id alone (``gymnasium.make("shengji/Seat-v0")``).

Why a module and not an entry point: Gymnasium 0.26–0.29 loaded plugin packages from a ``gymnasium.envs`` entry
point when it was imported, but Gymnasium 1.x (which this package requires) loads none, so an entry point would be
declared and never read. The ``module:id`` form is the route Gymnasium 1.x documents for packages' own ids.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from ..game.rules import Rules

SEAT_ID = "shengji/Seat-v0"


def seat_env(rules: Rules | str | None = None, **kwargs: Any) -> Any:
    """``SeatEnv(rules, **kwargs)``, ``rules`` a Rules, a preset's name or None (the default rules)."""
    from .envs import SeatEnv

    if isinstance(rules, str):
        rules = Rules.preset(rules)
    return SeatEnv(rules, **kwargs)


def vector_seat_env(num_envs: int = 1, rules: Rules | str | None = None, **kwargs: Any) -> Any:
    """``VectorSeatEnv(num_envs, rules, **kwargs)``, ``rules`` a Rules, a preset's name or None."""
    from .envs import VectorSeatEnv

    if isinstance(rules, str):
        rules = Rules.preset(rules)
    return VectorSeatEnv(num_envs, rules, **kwargs)


def register() -> None:
    """Register the ids (again: a later registration of the same id replaces the first, as Gymnasium does)."""
    if SEAT_ID not in gymnasium.registry:
        gymnasium.register(id=SEAT_ID, entry_point="shengji.learning.gym:seat_env",
                           vector_entry_point="shengji.learning.gym:vector_seat_env")


register()
