"""Players: the one home of what a ``policy=`` argument may be and how it is resolved, with the two simple bots.

A policy is a policy name (``"random"``, ``"greedy"``: the native policies of csrc/src/sj_policy.c), a compiled
``shengji.jit_policy`` (it runs inside the native loops), a Python bot (anything with ``choose(deal)``), or a
list of four of them, one per seat. Three resolutions serve every entry point:

- :func:`bots`: four Python bots (``Match``, the environments' opponents): a name becomes :class:`Random` or
  :class:`Greedy`.
- :func:`native`: the native player of each seat and, when some seat is a Python bot, the four players (the run
  then goes through the Python API: ``simulate``, ``simulate_matches``, ``selfplay``).
- :func:`native_only`: four native players, a Python bot refused (inside the search's native rollouts).

:class:`Random` picks uniformly among the legal actions (a follower facing a long lead has up to 10^5 legal
follows; at most ``limit`` of them, in the core's order, are considered); :class:`Greedy` is the native
rule-of-thumb player after the QQ guide's tips: lead safe top cards and throws, feed points to a partner who is
winning, win a trick with the cheapest winning play when points are at stake, otherwise follow low; bury short
plain suits and no points; declare the longest suit.
"""

from __future__ import annotations

import random
from typing import Any

from . import _core, _validate
from ._bot import Bot, _choose_in, _in_phase, _seat
from ._core import Cards, Deal
from .jit import native as _is_native


class Random(Bot):
    """Uniformly random legal actions in every phase where they can be listed (declaring: passes or
    declares at random; playing: one of at most ``limit`` legal actions); burying: random cards."""

    def __init__(self, seed: int | None = 0, limit: int = 2000):
        self.seed = None if seed is None else _validate.u64(seed, "seed")
        limit = _validate.integer(limit, "limit", 1, 2**31 - 1)
        self.rng = random.Random(self.seed)
        self.limit = limit

    def start_game(self, seed: int, game: int, seat: int) -> None:
        self.rng = random.Random(f"{self.seed}:{seed}:{game}:{seat}")

    def choose(self, deal: Deal) -> Cards:
        _seat(deal)
        if deal.phase == "bury":
            return self.bury(deal)
        return self.rng.choice(deal.legal_actions(limit=self.limit))

    play = _choose_in("play")
    declare = _choose_in("declare")
    grab = _choose_in("grab")
    swap = _choose_in("swap")
    call = _choose_in("call")

    def bury(self, deal: Deal) -> Cards:
        _in_phase(deal, "bury", "bury")
        if deal.rules.kitty_rule != "standard":  # 泰安: no points or constant trumps while it can
            return deal.policy_action("random", seed=self.rng.getrandbits(32))
        hand = deal.hand(_seat(deal)).indices()
        return Cards(self.rng.sample(hand, deal.rules.kitty))


class Greedy(Bot):
    """The native rule-of-thumb player (csrc/src/sj_greedy.c, the same one ``simulate(policy="greedy")``
    uses) in every phase: declare the longest suit, bury short plain suits and no points, lead cards and
    throws the unseen cards cannot beat, feed points to a winning partner, win cheaply when points are at
    stake, otherwise play low. Deterministic."""

    def choose(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")

    play = _choose_in("play")
    bury = _choose_in("bury")
    declare = _choose_in("declare")
    grab = _choose_in("grab")
    swap = _choose_in("swap")
    call = _choose_in("call")


def bots(policy: Any) -> list[Bot]:
    """Four bots from a policy name, a bot, or a list of four."""
    if isinstance(policy, str):
        if policy == "random":
            return [Random(seed) for seed in range(4)]
        if policy == "greedy":
            g = Greedy()
            return [g, g, g, g]
        raise ValueError(f"unknown policy {policy!r}: use 'random', 'greedy', a bot, or a list of four bots")
    if isinstance(policy, (list, tuple)):
        if len(policy) != 4:
            raise ValueError(f"a list of policies needs one per seat (4), got {len(policy)}")
        return [bots(p)[0] if isinstance(p, str) else p for p in policy]
    if hasattr(policy, "choose"):
        return [policy] * 4
    raise TypeError(f"a policy must be 'random', 'greedy', a bot with choose(), or four of them; "
                    f"got {type(policy).__name__}")



def native(policy: Any) -> tuple[list[Any], list[Any] | None]:
    """The native player of each seat (a policy index or a compiled jit_policy), and the four players when
    some seat is a Python bot (else None)."""
    if isinstance(policy, str):
        return [_core.policy_index(policy)] * 4, None
    seats = list(policy) if isinstance(policy, (list, tuple)) else [policy] * 4 if hasattr(policy, "choose") else None
    if seats is None:
        raise TypeError(f"policy must be 'random', 'greedy', a bot, or a list of four of them, not "
                        f"{type(policy).__name__}")
    if len(seats) != 4:
        raise ValueError(f"a list of policies needs one per seat (4), got {len(seats)}")
    out: list[Any] = []
    for i, p in enumerate(seats):
        if isinstance(p, str):
            out.append(_core.policy_index(p))
        elif _is_native(p):
            out.append(p)
        elif hasattr(p, "choose"):
            out.append(_core.policy_index("greedy"))  # only deals the cards; the bot plays
        else:
            raise TypeError(f"policy[{i}] must be a policy name or a bot with choose(), not {type(p).__name__}")
    return out, (None if all(_is_native(p) for p in seats) else seats)


def native_only(policy: Any) -> list[Any]:
    """Four native players: policy names or compiled jit_policy objects (they run inside the rollouts)."""
    seats = list(policy) if isinstance(policy, (list, tuple)) else [policy] * 4
    if len(seats) != 4 or not all(_is_native(p) for p in seats):
        raise TypeError("policy must be a native policy ('random', 'greedy', a compiled shengji.jit_policy) or a list "
                        f"of four, got {policy!r}")
    return [_core.policy_index(p) if isinstance(p, str) else p for p in seats]
