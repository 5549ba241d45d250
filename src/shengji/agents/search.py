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
- ``time_ms``: a time budget: no world is begun once it is spent (world 0 always is), so ``worlds`` is then the
  most that are drawn; the results then depend on the machine's speed. ``clock``: what the budget measures,
  ``"wall"`` (elapsed time, as bot platforms count it; the default) or ``"cpu"`` (the searching threads' CPU time,
  summed over them, and the Python work of the call: a budget that buys the same work on a loaded machine as on an
  idle one, csrc/include/sj_parallel.h).

``ismcts(deal, actions=None, *, iterations=1000, time_ms=None, policy="greedy", seed=0, value="levels",
threads=None, trees=4, exploration=0.7, determinize=True, clock="wall", inference="uniform", p=0.8)``: single-observer
information-set MCTS from the
seat to move (csrc/include/sj_ismcts.h). Each iteration draws a world as the rollouts do, descends one tree
of public action sequences through the actions available in that world (the search candidates by class of
whoever moves), choosing by UCB1 with availability counts (rewards scaled to about ±1: levels / 3, points /
80; ``exploration`` is UCB1's constant), adds one node, finishes the world with ``policy`` and backs the
result up from each mover's side. Below the root a burial is left to the policy. ``trees`` independent trees
(root parallelism) share the iterations and run on ``threads`` threads; their root visits are summed, so
the result is the same for any thread count. With ``time_ms`` each tree runs until the budget (on ``clock``, as
for the rollouts) is spent (``iterations`` is then the most in all). ``inference="policy"``: each tree first
draws ``ISMCTS_POOL`` worlds (fewer if the budget runs out first), weights each by the likelihood of the other
seats' plays under the soft greedy model (``p``) to the power ``INFERENCE_TEMPER``, and every iteration then takes
a world of that pool by weight (docs/MODEL.md §10); ``"uniform"`` (the default) draws every world afresh.
The result's ``best()`` is the most visited root action (ties: the higher mean).

``Rollouts.value(kind)``: per action, the mean value from the mover's side and its 95 % interval (normal
approximation, mean ± 1.96·sd/√worlds): ``"points"`` is the attackers' final points, negated when the mover
defends; ``"levels"`` is the levels the mover's team gains minus the levels the other team gains (the
mover's side at the end of each rollout: in a first deal a grab, 炒底, can hand the deal to the other team);
``"blend"`` is the levels plus the attackers' points / ``BLEND_POINTS`` (80), negated as the others: the levels
decide, the points tell apart plays that the levels' steps (a level a threshold of points) would leave level.
Rollouts start in the declare, bury, grab, swap, call (找朋友) or play phase (declaring: each world is a whole
pack order drawn for the mover, docs/MODEL.md §10).
``Rollouts.best(kind)`` is the action with the highest mean (the first on ties).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import _core
from .._core import Cards, Deal
from ..base import _files, _validate
from ..base._stats import mean_interval
from ..base._types import IllegalMove
from ..game import views
from ..game.observation import observe
from ..game.players import native_only
from .worlds import (
    INFERENCE_P,
    INFERENCE_TEMPER,
    INFERENCES,
    declare_problem,
    face_down,
    face_down_record,
    hidden_problem,
    sampler,
    shown_cards,
    world_template,
)

VALUES = ("levels", "points", "blend")
BLEND_POINTS = 80.0  # "blend": the levels plus the attackers' points / BLEND_POINTS (csrc/include/sj_ismcts.h)
ISMCTS_POOL = 16  # inference in ISMCTS: the worlds each tree judges before it searches


@dataclass
class Rollouts:
    """Rollout results: arrays of shape ``(len(actions), worlds)``, world *w* in column *w* for every action.

    - ``actions``: the candidate actions, one row each;
    - ``attacker_points``: the attackers' final points; ``kitty_captured``: the attackers captured the kitty;
      ``dealer_levels``, ``attacker_levels``: the levels the dealer's team, or the attackers, climb;
    - ``mover``: the seat to move; ``mover_attacks``: True when it attacks at the start (``values`` reads the
      side from ``dealer`` and ``partner`` when they are given);
    - ``meta``: the call's settings (worlds, policy, seed, determinize, endgame, time_ms, clock, inference);
    - ``dealer``: the dealer at the end of each rollout (a first deal's grab may change it);
    - ``partner``: the dealer's partner in each rollout (找朋友: its sampled world's; -1 alone);
    - ``weights``: with ``inference="policy"``, each world's weight (its likelihood over the largest, tempered:
      ``worlds.INFERENCE_TEMPER``); None otherwise.
    """

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
    weights: np.ndarray | None = None  # inference="policy": each world's weight (its likelihood over the largest,
    #                                    tempered: worlds.INFERENCE_TEMPER)

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
        elif kind == "blend":
            v = (self.attacker_levels.astype(np.float64) - self.dealer_levels.astype(np.float64)
                 + self.attacker_points.astype(np.float64) / BLEND_POINTS)
        else:
            raise ValueError(f"kind must be one of {', '.join(map(repr, VALUES))}, got {kind!r}")
        if self.dealer is None:
            return v if self.mover_attacks else -v
        if self.partner is None:
            return np.where(self.dealer % 2 != self.mover % 2, v, -v)
        return np.where((self.dealer != self.mover) & (self.partner != self.mover), v, -v)

    def value(self, kind: str = "levels") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(mean, low, high) per action: the mean value from the mover's side and its 95 % interval; with
        ``weights`` (inference) the weighted mean, its interval from the effective number of worlds."""
        v = self.values(kind)
        if self.weights is None:
            return mean_interval(v, axis=1)
        w = self.weights / self.weights.sum()
        mean = v @ w
        var = ((v - mean[:, None]) ** 2) @ w
        n_eff = 1.0 / float((w ** 2).sum())
        half = 1.96 * np.sqrt(var / n_eff)
        return mean, mean - half, mean + half

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


def _seed(seed: Any) -> int:
    return int(_validate.u64(seed, "seed"))




def clock_now(clock: str = "wall") -> float:
    """The time on a budget's clock (seconds): ``time.perf_counter`` for "wall", the process's CPU time for "cpu" (the
    Python work of a decision and the native searches it has run so far, every thread's share summed)."""
    return time.perf_counter() if clock == "wall" else time.process_time()


def time_left(time_ms: float | None, started: float, clock: str = "wall") -> float | None:
    """What is left of a budget begun at ``started`` (``clock_now(clock)``): the Python work before the native
    search counts against it; at least a microsecond (the search always runs one world or iteration)."""
    if time_ms is None:
        return None
    return max(0.001, time_ms - 1000.0 * (clock_now(clock) - started))


def _positive(value: Any, name: str) -> int:
    return int(_validate.integer(value, name, 1, 2**31 - 1, "a positive integer"))


def thread_count(threads: Any) -> int:
    """The native threads a search runs on: ``threads`` checked (a positive integer), or every core when None."""
    return _positive(os.cpu_count() or 1 if threads is None else threads, "threads")


ROLLOUT_BYTES = 7  # a result of one action in one world: points (2), captured, levels twice, dealer, partner


def _check_memory(actions: int, worlds: int) -> None:
    """Refuse before allocating when the results of ``actions`` x ``worlds`` rollouts cannot fit in the memory
    free now (Linux; elsewhere the allocation itself fails)."""
    free = _files.free_memory()
    need = actions * worlds * ROLLOUT_BYTES
    if free is not None and need > free:
        raise ValueError(f"worlds={worlds:,} for {actions} actions needs {need / 2**30:,.1f} GiB of results and "
                         f"{free / 2**30:,.1f} GiB are free: fewer worlds (or a time_ms budget)")


def _candidates(deal: Deal, actions: Any, what: str) -> list[Cards]:
    """The mover's candidates: the search candidates by class, or the given actions checked one by one."""
    if deal.phase not in ("declare", "bury", "grab", "swap", "call", "play"):
        raise ValueError(f"{what} start in the declare, bury, grab, swap, call or play phase, not the {deal.phase} "
                         "phase")
    if actions is None:
        if deal.phase == "bury":
            raise ValueError("in the bury phase the candidate burials must be given (actions=[...])")
        return _core.search_candidates(deal)
    if isinstance(actions, (str, Cards)):
        raise TypeError("actions must be a list of actions (Cards), not a single one")
    cands = [a if isinstance(a, Cards) else Cards(a) for a in actions]
    for i, a in enumerate(cands):  # each must be an action the mover may take here
        why = deal.why_illegal(a)
        if why is not None:
            raise IllegalMove(f"actions[{i}]: {why}")
    return cands


def _world_sampler(deal: Deal, determinize: Any, what: str) -> tuple[Any, list[int], Any]:
    """The mover's sampler of hidden cards and the seat of each of its slots, or (None, no slots) for the true
    deal; in the declaring phase no sampler but (the mover, its shown cards) for the pack orders."""
    if not isinstance(determinize, bool):
        raise TypeError(f"determinize must be a bool, not {type(determinize).__name__}")
    if not determinize:
        return None, [-2, -2, -2, -2], None
    mover = deal.to_move
    assert mover is not None
    obs = observe(deal, mover)
    if face_down(obs):  # 泰安: each world's pack order is declared again (sj_face_down_world)
        return None, [-2, -2, -2, -2], (mover, shown_cards(obs), face_down_record(obs))
    if obs.trump_hidden or obs.hidden_declarations:  # as determinize refuses: the worlds would know the trump
        raise ValueError(f"{what} need the trump: under 泰安 the declarations lie face down until the kitty is "
                         "buried (determinize=False searches the true deal)")
    if deal.phase == "declare":
        return None, [-2, -2, -2, -2], (mover, declare_problem(obs)[2])
    others, _, _, kitty_slot = hidden_problem(obs)
    return sampler(obs), ([*others, -1] if kitty_slot else [*others, -2]), None


def rollouts(deal: Deal, actions: Any = None, *, worlds: int = 64, policy: Any = "greedy", seed: int = 0,
             threads: int | None = None, determinize: bool = True, endgame: int | None = None,
             time_ms: float | None = None, clock: str = "wall", inference: str = "uniform",
             p: float = INFERENCE_P) -> Rollouts:
    """Roll out the candidate actions of the seat to move (module docstring)."""
    _validate.time_ms(time_ms)
    clock = _validate.clock(clock, time_ms)
    if inference not in INFERENCES:
        raise ValueError(f"inference must be 'uniform' or 'policy', got {inference!r}")
    started = clock_now(clock)
    if not isinstance(deal, Deal):
        raise TypeError(f"rollouts needs a Deal, not {type(deal).__name__}")
    worlds = _positive(worlds, "worlds")
    threads = thread_count(threads)
    seed = _seed(seed)
    pols = native_only(policy)
    cands = _candidates(deal, actions, "rollouts")
    mover = deal.to_move
    assert mover is not None
    _check_memory(len(cands), worlds)
    smp, slots, declare = _world_sampler(deal, determinize, "rollouts")
    judge = None
    if inference == "policy" and smp is not None:  # (declaring, 泰安 face down, the true deal: no plays to judge)
        judge = (world_template(observe(deal, mover)), p)
    native = _core._native_rollouts  # type: ignore[attr-defined]  # private: not in the stub
    points, captured, dealer_levels, attacker_levels, dealer, partner, done, loglik = native(
        deal, smp, slots, cands, worlds, pols, seed, threads, endgame, time_left(time_ms, started, clock), declare,
        clock, judge)
    if time_ms is not None and not done.all():  # the clock stopped the run: the worlds rolled out
        points, captured, dealer_levels, attacker_levels, dealer, partner = (
            a[:, done] for a in (points, captured, dealer_levels, attacker_levels, dealer, partner))
        loglik = None if loglik is None else loglik[done]
    weights = None if loglik is None or not len(loglik) else np.exp(INFERENCE_TEMPER * (loglik - loglik.max()))
    return Rollouts(cands, points, captured, dealer_levels, attacker_levels, mover=mover,
                    mover_attacks=deal.is_attacker(mover),
                    meta={"worlds": int(points.shape[1]), "policy": policy, "seed": seed, "determinize": determinize,
                          "endgame": endgame, "time_ms": time_ms, "clock": clock, "inference": inference},
                    dealer=dealer, partner=partner, weights=weights)


@dataclass
class TreeSearch:
    """The root of an ISMCTS run: per action its visits and mean reward (from the mover's side, in
    ``value``'s unit), the iterations run and the nodes made: ``actions``: the root's candidate actions;
    ``visits``: each one's visits (summed over the trees); ``reward``: each one's summed reward; ``iterations``:
    the iterations run; ``nodes``: the tree nodes made; ``value``: the reward's kind (``"levels"``, ``"points"``
    or ``"blend"``); ``meta``: the call's settings (iterations, time_ms, clock, policy, seed, trees, exploration,
    determinize, inference)."""

    actions: list[Cards]
    visits: np.ndarray
    reward: np.ndarray
    iterations: int
    nodes: int
    value: str
    meta: dict = field(default_factory=dict)

    @property
    def mean(self) -> np.ndarray:
        """Per action, the mean reward (``reward / visits``; 0 for an action never visited)."""
        return np.divide(self.reward, self.visits, out=np.zeros_like(self.reward), where=self.visits > 0)

    def best(self) -> Cards:
        """The most visited action (ties: the higher mean, then the first)."""
        order = sorted(range(len(self.actions)), key=lambda i: (-int(self.visits[i]), -float(self.mean[i]), i))
        return self.actions[order[0]]

    def __repr__(self) -> str:
        return f"TreeSearch({len(self.actions)} actions, {self.iterations} iterations, {self.nodes} nodes)"


def ismcts(deal: Deal, actions: Any = None, *, iterations: int = 1000, time_ms: float | None = None,
           policy: Any = "greedy", seed: int = 0, value: str = "levels", threads: int | None = None,
           trees: int = 4, exploration: float = 0.7, determinize: bool = True, clock: str = "wall",
           inference: str = "uniform", p: float = INFERENCE_P) -> TreeSearch:
    """Information-set MCTS from the seat to move (module docstring)."""
    _validate.time_ms(time_ms)
    clock = _validate.clock(clock, time_ms)
    if inference not in INFERENCES:
        raise ValueError(f"inference must be 'uniform' or 'policy', got {inference!r}")
    started = clock_now(clock)
    if not isinstance(deal, Deal):
        raise TypeError(f"ismcts needs a Deal, not {type(deal).__name__}")
    iterations = int(_validate.integer(iterations, "iterations", 1, 2**62, "a positive integer"))
    if value not in VALUES:
        raise ValueError(f"value must be one of {', '.join(map(repr, VALUES))}, got {value!r}")
    threads = thread_count(threads)
    seed = _seed(seed)
    pols = native_only(policy)
    cands = _candidates(deal, actions, "ISMCTS searches")
    smp, slots, declare = _world_sampler(deal, determinize, "ISMCTS searches")
    judge = None
    if inference == "policy" and smp is not None:  # (declaring, 泰安 face down, the true deal: no plays to judge)
        mover = deal.to_move
        assert mover is not None
        judge = (world_template(observe(deal, mover)), p, INFERENCE_TEMPER, ISMCTS_POOL)
    native = _core._native_ismcts  # type: ignore[attr-defined]  # private: not in the stub
    visits, reward, done, nodes = native(deal, smp, slots, cands, iterations, trees, pols, seed, value,
                                         exploration, time_left(time_ms, started, clock), min(threads, trees),
                                         declare=declare, clock=clock, judge=judge)
    return TreeSearch(cands, visits, reward, int(done), int(nodes), value,
                      meta={"iterations": iterations, "time_ms": time_ms, "clock": clock, "policy": policy,
                            "seed": seed, "trees": trees, "exploration": exploration, "determinize": determinize,
                            "inference": inference})

