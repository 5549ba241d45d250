"""Players: the one home of what a ``policy=`` argument may be and how it is resolved, with the two simple bots.

A policy is a policy name (``"random"``, ``"greedy"``: the native policies of csrc/src/sj_policy.c), a compiled
``shengji.jit_policy`` (it runs inside the native loops), a Python bot (anything with ``choose(deal)``), or a
list of four of them, one per seat. :func:`resolve` is the one resolution every entry point uses (a wrong count of
seats or an unknown name is refused in the same words everywhere); it returns :class:`Seats`, read three ways:

- :func:`bots`: four Python bots (``Match``, the environments' opponents): a name becomes :class:`Random` or
  :class:`Greedy`.
- :func:`native`: the native player of each seat and, when some seat is a Python bot, the four players (the run
  then goes through the Python API: ``simulate``, ``simulate_matches``, ``selfplay``).
- :func:`native_only`: four native players, a Python bot refused (inside the search's native rollouts).

``shengji.bots.player`` resolves a bot name through it too, adding the search bots' names ("pimc", "ismcts"), so a
replay, a tournament and ``play_deal`` take the same names. :func:`play` is the one loop that plays a deal on,
decision by decision, in every phase (``Match``, ``play_deal``, ``simulate`` with Python bots, the environments'
opponents, the pure-Python reference's deals, a face-down world's declaring).

:class:`Random` picks uniformly among the legal actions (a follower facing a long lead has up to 10^5 legal
follows; at most ``limit`` of them, in the core's order, are considered); :class:`Greedy` is the native
rule-of-thumb player after the QQ guide's tips: lead safe top cards and throws, feed points to a partner who is
winning, win a trick with the cheapest winning play when points are at stake, otherwise follow low; bury by
voiding short plain suits (points only with their whole suit), keeping trumps and high cards; declare the longest
suit.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .. import _core
from .._core import Cards, Deal
from ..base import _validate
from ._bot import Bot, _choose_in, _in_phase, _seat, play  # noqa: F401  (play: part of this module's API)
from .jit import native as _is_native


class Random(Bot):
    """Uniformly random legal actions in every phase where they can be listed (declaring: passes or
    declares at random; playing: one of at most ``limit`` legal actions); burying: random cards. ``seed``: the
    generator's seed (None: unseeded); a bot told each game (``start_game``) draws from a generator seeded by
    ``seed``, the run's seed, the game and its seat."""

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
    uses) in every phase: declare the longest suit, bury by voiding short plain suits (points only with their
    whole suit), lead cards and throws the unseen cards cannot beat, feed points to a winning partner, win cheaply
    when points are at stake, otherwise play low. Deterministic."""

    def choose(self, deal: Deal) -> Cards:
        return deal.policy_action("greedy")

    play = _choose_in("play")
    bury = _choose_in("bury")
    declare = _choose_in("declare")
    grab = _choose_in("grab")
    swap = _choose_in("swap")
    call = _choose_in("call")


NAMES = ("random", "greedy")
"""The native policies' names (csrc/src/sj_policy.c)."""


class Seats(NamedTuple):
    """A ``policy=`` resolved (``resolve``): each seat's policy as given (a name, a compiled jit_policy or a Python
    bot), each seat's native player (a policy index or a compiled jit_policy; a Python bot's seat gets greedy, which
    only deals its cards), whether some seat is a Python bot (the run then goes through the Python API), and
    whether the policy was one name for all four seats."""

    policies: list[Any]
    native: list[Any]
    python: bool
    one_name: bool

    def bots(self) -> list[Any]:
        """Each seat as a Python bot: a name becomes Random (seeded by its seat when one name serves all four,
        else 0) or Greedy (one shared: it keeps no state)."""
        greedy = Greedy()
        return [(Random(i if self.one_name else 0) if p == "random" else greedy) if isinstance(p, str) else p
                for i, p in enumerate(self.policies)]


def resolve(policy: Any, *, native_only: bool = False, names: dict[str, Any] | None = None,
            what: str = "policy") -> Seats:
    """The one resolution of a ``policy=`` (module docstring): a name, a compiled jit_policy, a Python bot (anything
    with ``choose(deal)``), or a list of four of them. ``names``: more names a caller takes (the search bots of
    ``shengji.bots.player``), each a function making its bot; ``native_only``: refuse a Python bot (the search's
    native rollouts); ``what``: the word for a name in an error ("policy", "bot")."""
    if isinstance(policy, type):
        raise TypeError(f"policy must be a bot, not the class {policy.__name__}: pass an instance "
                        f"({policy.__name__}()), a policy name or a list of four")
    if _is_array(policy):  # a numpy array has a choose() of its own: it is a sequence of policies, never a bot
        if policy.ndim != 1:
            raise ValueError(f"policy as an array must hold one policy per seat (shape (4,)), got shape {policy.shape}")
        policy = policy.tolist()
    if isinstance(policy, str) or (hasattr(policy, "choose") and not isinstance(policy, (list, tuple))):
        seats = [policy] * 4
    elif isinstance(policy, (list, tuple)):
        seats = list(policy)
        if len(seats) != 4:
            raise ValueError(f"a list of policies needs one per seat (4), got {len(seats)}")
    else:
        raise TypeError(f"policy must be 'random', 'greedy', a bot with choose(), or a list of four of them, not "
                        f"{type(policy).__name__}")
    native: list[Any] = []
    for i, p in enumerate(seats):
        if isinstance(p, type):
            raise TypeError(f"policy[{i}] (seat {i}) must be a bot, not the class {p.__name__}: pass an instance "
                            f"({p.__name__}()) or a policy name")
        if isinstance(p, str):
            if p not in NAMES and p not in (names or {}):
                known = ", ".join(repr(n) for n in (*NAMES, *(names or {})))
                rest = "a bot with choose(), or a list of four" if what == "policy" else "or a bot with choose()"
                raise ValueError(f"unknown {what} {p!r}: use {known}, {rest}")
            if p not in NAMES:
                seats[i] = p = names[p]()  # type: ignore[index]
        if isinstance(p, str) or _is_native(p):
            native.append(_core.policy_index(p) if isinstance(p, str) else p)
        elif hasattr(p, "choose"):
            native.append(_core.policy_index("greedy"))  # only deals the cards; the bot plays
        else:
            raise TypeError(f"policy[{i}] (seat {i}) must be a policy name ({', '.join(map(repr, NAMES))}) or a bot "
                            f"with choose(), not {type(p).__name__} {p!r}")
    python = not all(isinstance(p, str) or _is_native(p) for p in seats)
    if native_only and python:
        raise TypeError("policy must be a native policy ('random', 'greedy', a compiled shengji.jit_policy) or a list "
                        f"of four, got {policy!r}")
    return Seats(seats, native, python, isinstance(policy, str))


def _is_array(value: Any) -> bool:
    """A numpy array (numpy imported only where one could be given)."""
    return type(value).__module__ == "numpy" and hasattr(value, "ndim") and hasattr(value, "tolist")


def bots(policy: Any) -> list[Bot]:
    """Four Python bots from a policy name, a bot, or a list of four (``resolve(policy).bots()``)."""
    return resolve(policy).bots()


def native(policy: Any) -> tuple[list[Any], list[Any] | None]:
    """The native player of each seat (a policy index or a compiled jit_policy), and the four players when
    some seat is a Python bot (else None) (``resolve``)."""
    s = resolve(policy)
    return s.native, (s.policies if s.python else None)


def native_only(policy: Any) -> list[Any]:
    """Four native players: policy names or compiled jit_policy objects (they run inside the rollouts)."""
    return resolve(policy, native_only=True).native
