"""Bot search from a position: rollouts of candidate actions in sampled worlds, natively (docs/MODEL.md §10).

``deal.rollouts(actions=None, *, worlds=64, policy="greedy", seed=0, threads=None, determinize=True)`` plays
each candidate action of the seat to move in each of ``worlds`` worlds and finishes the deal with the
policy, all in C with the GIL released:

- World *w* is drawn from stream (``seed``, *w*) by the mover's native sampler: the hidden cards placed
  uniformly over every assignment consistent with what the mover knows (``shengji.determinize``), so the
  results depend only on the mover's observation. ``determinize=False`` rolls out the true deal. World *w*
  is the same for every action, and the policies' random choices after the action use one stream per world
  for every action alike (common random numbers): differences between actions are not noise of the worlds.
- Results are identical for any ``threads`` (each world writes its own results).
- ``actions=None``: the candidate actions by class (``shengji._core.search_candidates``, docs/MODEL.md §10):
  in the play phase every legal action is listed and plays that are equivalent for the mover (exchanging
  the cards maps its hand onto itself: same counts, nothing it cannot see between them, same points) are
  merged, one representative each; the bound applies to the classes: the first 128 in the core's order
  (every single unit comes before the throws). Beyond 4,096 legal actions (a follower facing a long lead
  in three or four decks) the list is the reduced set the greedy policy weighs (a follower short in the led
  suit, the cheapest discard, the richest feed and the ways to trump), merged the same way. Other phases:
  every legal action up to 128. In the bury phase the candidates must be given (burials are not listed).
- ``endgame=k``: once every hand of a world holds at most ``k`` cards, the world (fully known: it is
  sampled) is played to its end perfectly by the exact endgame (``Deal.solve``) instead of the policy.
- ``policy``: ``"greedy"``, ``"random"``, or a list of four (one per seat).

``Rollouts.value(kind)``: per action, the mean value from the mover's side and its 95 % interval (normal
approximation, mean ± 1.96·sd/√worlds): ``"points"`` is the attackers' final points, negated when the mover
defends; ``"levels"`` is the levels the mover's team gains minus the levels the other team gains (the
mover's side at the end of each rollout: in a first deal a grab, 炒底, can hand the deal to the other team).
Rollouts start in the bury, grab, swap, call (找朋友) or play phase.
``Rollouts.best(kind)`` is the action with the highest mean (the first on ties).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _core, views
from ._core import Cards, Deal
from ._stats import mean_interval
from ._types import IllegalMove
from .jit import native as _native
from .observation import _hidden_problem, sampler

VALUES = ("levels", "points")


@dataclass
class Rollouts:
    """Rollout results: arrays of shape ``(len(actions), worlds)``, world *w* in column *w* for every action."""

    actions: list[Cards]
    attacker_points: np.ndarray
    kitty_captured: np.ndarray
    dealer_levels: np.ndarray
    attacker_levels: np.ndarray
    mover: int
    mover_attacks: bool
    meta: dict[str, Any] = field(default_factory=dict)
    dealer: np.ndarray | None = None  # the dealer at the end of each rollout (a first deal's grab may change it)
    partner: np.ndarray | None = None  # the dealer's partner in each rollout (找朋友: its sampled world's; -1 alone)

    @property
    def worlds(self) -> int:
        """The number of sampled worlds each action was rolled out in."""
        return int(self.attacker_points.shape[1])

    def values(self, kind: str = "levels") -> np.ndarray:
        """Per action and world, the value from the mover's side (module docstring)."""
        if kind == "points":
            v = self.attacker_points.astype(np.float64)
        elif kind == "levels":
            v = self.attacker_levels.astype(np.float64) - self.dealer_levels.astype(np.float64)
        else:
            raise ValueError(f"kind must be one of {', '.join(map(repr, VALUES))}, got {kind!r}")
        if self.dealer is None:
            return v if self.mover_attacks else -v
        if self.partner is None:
            return np.where(self.dealer % 2 != self.mover % 2, v, -v)
        return np.where((self.dealer != self.mover) & (self.partner != self.mover), v, -v)

    def value(self, kind: str = "levels") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(mean, low, high) per action: the mean value from the mover's side and its 95 % interval."""
        return mean_interval(self.values(kind), axis=1)

    def __repr__(self) -> str:
        return (f"Rollouts({len(self.actions)} actions x {self.attacker_points.shape[1]} worlds, mover seat "
                f"{self.mover})")

    def _repr_html_(self) -> str:
        return views.rollouts_html(self)

    def best(self, kind: str = "levels") -> Cards:
        """The action with the highest mean value (the first on ties)."""
        if not self.actions:
            raise ValueError("no actions were rolled out")
        mean, _, _ = self.value(kind)
        return self.actions[int(np.argmax(mean))]


def _policies(policy: Any) -> list[Any]:
    """Four native players: policy names or compiled jit_policy objects (they run inside the rollouts)."""
    seats = list(policy) if isinstance(policy, (list, tuple)) else [policy] * 4
    if len(seats) != 4 or not all(_native(p) for p in seats):
        raise TypeError("policy must be a native policy ('random', 'greedy', a compiled shengji.jit_policy) or a list "
                        f"of four, got {policy!r}")
    return [_core.policy_index(p) if isinstance(p, str) else p for p in seats]


def _seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer in 0 .. 2**64 - 1, got {seed!r}")
    return seed


def rollouts(deal: Deal, actions: Any = None, *, worlds: int = 64, policy: Any = "greedy", seed: int = 0,
             threads: int | None = None, determinize: bool = True, endgame: int | None = None) -> Rollouts:
    """Roll out the candidate actions of the seat to move (module docstring)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"rollouts needs a Deal, not {type(deal).__name__}")
    if deal.phase not in ("bury", "grab", "swap", "call", "play"):
        raise ValueError(f"rollouts start in the bury, grab, swap, call or play phase, not the {deal.phase} phase")
    if not isinstance(worlds, int) or isinstance(worlds, bool) or worlds < 1:
        raise ValueError(f"worlds must be a positive integer, got {worlds!r}")
    if threads is None:
        threads = os.cpu_count() or 1
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    if not isinstance(determinize, bool):
        raise TypeError(f"determinize must be a bool, not {type(determinize).__name__}")
    seed = _seed(seed)
    pols = _policies(policy)
    mover = deal.to_move
    assert mover is not None
    if actions is None:
        if deal.phase == "bury":
            raise ValueError("in the bury phase the candidate burials must be given (actions=[...])")
        cands = _core.search_candidates(deal)
    else:
        if isinstance(actions, (str, Cards)):
            raise TypeError("actions must be a list of actions (Cards), not a single one")
        cands = [a if isinstance(a, Cards) else Cards(a) for a in actions]
        for i, a in enumerate(cands):  # each must be an action the mover may take here
            try:
                deal.clone().act(a)
            except IllegalMove as err:
                raise IllegalMove(f"actions[{i}]: {err}") from None
    smp, slots = None, [-2, -2, -2, -2]
    if determinize:
        obs = deal.observation(mover)
        if obs.trump_hidden or obs.hidden_declarations:  # as determinize refuses: the worlds would know the trump
            raise ValueError("rollouts need the trump: under 泰安 the declarations lie face down until the kitty is "
                             "buried (determinize=False rolls out the true deal)")
        others, _, _, kitty_slot = _hidden_problem(obs)
        smp = sampler(obs)
        slots = [*others, -1] if kitty_slot else [*others, -2]
    native = _core._native_rollouts  # type: ignore[attr-defined]  # private: not in the stub
    points, captured, dealer_levels, attacker_levels, dealer, partner = native(
        deal, smp, slots, cands, worlds, pols, seed, threads, endgame)
    return Rollouts(cands, points, captured, dealer_levels, attacker_levels, mover=mover,
                    mover_attacks=deal.is_attacker(mover),
                    meta={"worlds": worlds, "policy": policy, "seed": seed, "determinize": determinize,
                          "endgame": endgame},
                    dealer=dealer, partner=partner)


_core._register("rollouts", rollouts)
