"""Bots: every bot has ``choose(deal)``, the action of the seat to move in any phase (what ``deal.act``
takes), and by phase ``declare(deal)`` (a declaration or ``Cards()`` to pass), ``bury(deal)`` (the burier's
burial), ``grab(deal)`` (炒底: a higher declaration or ``Cards()`` to pass) and ``play(deal)``;
``trump(deal)`` is the suit the dealer names when the rules have no declaring phase.

- :class:`Random` picks uniformly among the legal actions (a follower facing a long lead has up to 10^5
  legal follows; at most ``limit`` of them, in the core's order, are considered).
- :class:`Greedy` is the native rule-of-thumb player after the QQ guide's tips (csrc/src/sj_greedy.c): lead
  safe top cards and throws, feed points to a partner who is winning, win a trick with the cheapest
  winning play when points are at stake, otherwise follow low; bury by voiding short plain suits (points only
  with their whole suit), keeping trumps and high cards; declare the longest suit.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .. import _core
from .._core import Cards, Deal
from ..base import _validate
from ..game._bot import SUITS, Bot, _choose_in, _in_phase, _seat  # noqa: F401  (SUITS, Bot: part of this module's API)
from ..game.observation import observe
from ..game.players import NAMES as _NATIVE_NAMES
from ..game.players import Greedy, Random, play  # noqa: F401  (part of this module's API)
from ..game.players import bots as bots_of
from ..game.players import resolve as resolve_seats
from .deal import Deal as _Deal  # the deals play_deal makes (a shengji.Deal)
from .search import VALUES, clock_now, ismcts, rollouts, thread_count, time_left
from .worlds import INFERENCES, determinize


class _SearchBot(Bot):
    """What PIMC and ISMCTS share: the per-decision seed and the phases searched (``_search``)."""

    seed: int

    def decision_seed(self, deal: Deal) -> int:
        """The search seed of a decision: a hash of ``seed`` and what the mover knows."""
        obs = observe(deal, _seat(deal))
        text = repr((self.seed, obs.seat, obs.phase, str(obs.hand), obs.declarations,
                     [(leader, [str(p) for p in plays]) for leader, plays, _ in obs.tricks],
                     [str(p) for p in obs.trick]))
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")

    def _search(self, deal: Deal, actions: list[Cards]) -> Cards:
        raise NotImplementedError

    time_ms: float | None
    clock: str = "wall"
    _started: float = 0.0
    _reserve: float = 0.0  # ms of a decision spent outside the search's own budget (learned: see _decide)

    def _budget(self) -> float | None:
        """What is left of ``time_ms`` on ``clock`` since the decision began (the listing of the candidates
        counts), less what the decision has been spending beyond its search (the call's setup and results)."""
        left = time_left(self.time_ms, self._started, self.clock)
        return None if left is None else max(0.001, left - self._reserve)

    def _decide(self, deal: Deal, actions: list[Cards] | None = None) -> Cards:
        """The search's choice among ``actions`` (None: the search candidates by class); a single candidate
        is played without a search. With a budget the bot keeps its whole decision at ``time_ms``: what a
        decision took beyond it (or short of it) moves the reserve it keeps for the work around the search, a
        fifth of the difference a decision (a figure of the machine and the position, never of the cards seen)."""
        self._started = clock_now(self.clock)
        if actions is None:
            actions = _core.search_candidates(deal)
        if len(actions) == 1:
            return actions[0]
        choice = self._search(deal, actions)
        if self.time_ms is not None:
            took = 1000.0 * (clock_now(self.clock) - self._started)
            self._reserve = min(0.5 * self.time_ms, max(0.0, self._reserve + 0.2 * (took - self.time_ms)))
        return choice

    def play(self, deal: Deal) -> Cards:
        _in_phase(deal, "play", "play")
        return self._decide(deal)

    def bury(self, deal: Deal) -> Cards:
        _in_phase(deal, "bury", "bury")
        return self._decide(deal, bury_candidates(deal))

    def declare(self, deal: Deal) -> Cards:
        _in_phase(deal, "declare", "declare")
        return self._decide(deal)

    def grab(self, deal: Deal) -> Cards:
        _in_phase(deal, "grab", "grab")
        return self._decide(deal)

    def swap(self, deal: Deal) -> Cards:
        _in_phase(deal, "swap", "swap")
        return self._decide(deal)

    def call(self, deal: Deal) -> Cards:
        _in_phase(deal, "call", "call")
        return self._decide(deal)


class PIMC(_SearchBot):
    """Perfect-information Monte Carlo: for the seat to move, every candidate action is rolled out in
    ``worlds`` worlds sampled from what the seat knows, the deal finished natively with ``policy``
    (``deal.rollouts``, shengji.search); the action with the best mean ``value`` from the mover's side is played:
    ``"blend"`` (the default: the levels plus the attackers' points / 80, so that the points tell apart plays the
    levels leave level), ``"levels"`` or ``"points"``. The default is the value measured strongest: over greedy,
    300 duplicate qq-2deck deals, blend +0.55 levels a deal at ``time_ms=20, clock="cpu"`` (points +0.50, levels
    +0.46) and +0.42 at 64 worlds (points +0.41, levels +0.40); ``value="levels"`` was the default before it.

    - Seeded per decision from ``seed`` and the mover's observation (its hand, the declarations, the tricks
      and the trick so far): no hidden state, so a run is the same for any thread count or batch split.
    - Burying: candidate burials (``bury_candidates``) are ranked with the same rollouts.
    - Grabbing (炒底) and swapping (泰安 换底): each legal action (at most 128, the first in the core's order)
      is rolled out the same way.
    - 泰安 burying, the trump face down: the candidates are those of worlds drawn from the burier's
      observation (``bury_candidates``), each rolled out in worlds that give every face-down declaration
      cards its seat could have shown (docs/MODEL.md §10), so the trump is sampled too.
    - Declaring: each legal declaration and the pass rolled out in worlds that draw the whole pack order again
      (the other seats' cards so far, every card still to be dealt and the kitty), each shown declaration
      card with its declarer by the step it was shown (docs/MODEL.md §10). Under 泰安, where the others'
      declarations lie face down, each world also gives every face-down declaration cards its seat could
      have shown there.
    - 找朋友's call: each of the 54 calls rolled out the same way (the worlds are drawn once the call is made,
      so each call is judged in worlds where the partner follows from the sampled hands).
    - Playing: the candidates are classes of equivalent plays (``deal.rollouts``' default, docs/MODEL.md §10).
    - ``endgame=k``: a decision taken once every hand holds at most ``k`` cards rolls each candidate out by
      the exact endgame (``Deal.solve``: perfect play of each sampled, fully known world) instead of
      ``policy``; earlier decisions use ``policy`` to the end (solving the end of every rollout of an early
      decision costs most of the worlds a clock allows: measured, it made PIMC at 20 ms weaker than greedy).
      0 (or None): never.
    - ``solve_last=k``: every rollout of a play decision, from any point of the deal, plays its last ``k`` cards a
      hand by the exact endgame (the policy before them); 0: never (the default).
    - ``worlds``: None is 64 without a clock.
    - ``inference``: ``"uniform"`` (the default: every consistent world alike) or ``"policy"``: each world's
      rollouts weighted by how likely the other seats' plays are in it under a soft greedy model
      (``shengji.search``; docs/MODEL.md §10).
    - ``time_ms``: a budget per decision: worlds are rolled out until it is spent (``worlds``, when given, is
      then the most drawn; None: at most 2,048; one world always is), and the decision then depends on the
      machine's speed. ``clock``: ``"wall"`` (elapsed time, the default) or ``"cpu"`` (the searching threads' CPU
      time summed, with the decision's Python work: the same work on a loaded machine as on an idle one;
      ``shengji.search``).

    >>> import shengji
    >>> deal = shengji.Deal(shengji.Rules(), seed=8, trump="H")
    >>> deal.act(shengji.bots.Greedy().choose(deal))         # the dealer buries, then leads
    >>> pimc = shengji.bots.PIMC(worlds=16, value="points")
    >>> pimc
    PIMC(worlds=16, policy='greedy', seed=0)
    >>> pimc.choose(deal)                                     # the best mean over 16 sampled worlds
    Cards('6S 6S 7S 7S')
    >>> shengji.bots.Greedy().choose(deal)                    # not the greedy rule's lead
    Cards('KD KD AD')
    >>> pimc.choose(deal.clone())                             # seeded by the observation: the same decision
    Cards('6S 6S 7S 7S')
    """

    def __init__(self, worlds: int | None = None, policy: Any = "greedy", seed: int = 0, value: str = "blend",
                 threads: int | None = None, endgame: int | None = 0, time_ms: float | None = None,
                 clock: str = "wall", inference: str = "uniform", solve_last: int = 0):
        if worlds is not None:
            worlds = _validate.integer(worlds, "worlds", 1, 2**31 - 1, "an integer", True)
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(map(repr, VALUES))}, got {value!r}")
        seed = _validate.u64(seed, "seed")
        endgame = _validate.cards(endgame, "endgame")
        self.solve_last = _validate.cards(solve_last, "solve_last")
        _validate.time_ms(time_ms)
        self.clock = _validate.clock(clock, time_ms)
        if inference not in INFERENCES:
            raise ValueError(f"inference must be 'uniform' or 'policy', got {inference!r}")
        self.inference = inference
        self.worlds, self.policy, self.seed, self.value, self.threads = worlds, policy, seed, value, threads
        self.endgame = None if endgame == 0 else endgame
        self.time_ms = time_ms

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in (("endgame", self.endgame), ("time_ms", self.time_ms),
                                                     ("clock", self.clock if self.clock != "wall" else None),
                                                     ("inference", self.inference if self.inference != "uniform"
                                                      else None), ("solve_last", self.solve_last)) if v)
        # worlds: as given; None is 64 without a clock and omitted with one (at most 2,048 there)
        worlds = f"worlds={self.worlds or 64}, " if self.worlds or not self.time_ms else ""
        return f"PIMC({worlds}policy={self.policy!r}, seed={self.seed}{extra})"

    def _endgame_here(self, deal: Deal) -> int | None:
        """The exact endgame for this decision: only once every hand holds at most ``endgame`` cards (earlier,
        solving the end of every rollout would cost most of the worlds a budget allows)."""
        if deal.phase != "play":
            return None
        if self.endgame is not None and max(len(deal.hand(s)) for s in range(4)) <= self.endgame:
            return self.endgame
        return self.solve_last or None

    def _search(self, deal: Deal, actions: list[Cards]) -> Cards:
        worlds = self.worlds or (64 if self.time_ms is None else 2048)
        seed = self.decision_seed(deal)
        r = rollouts(deal, actions, worlds=worlds, policy=self.policy, seed=seed,
                     threads=self.threads, endgame=self._endgame_here(deal), time_ms=self._budget(), clock=self.clock,
                     inference=self.inference)
        return r.best(self.value)


class ISMCTS(_SearchBot):
    """Information-set Monte-Carlo tree search (single observer, ``shengji.search.ismcts``): each iteration
    samples a world from what the seat to move knows, walks one tree of public action sequences through the
    actions available in that world by UCB1 with availability counts, adds a node and finishes the world
    with ``policy``; the most visited root action is played.

    - ``iterations`` in all (None: 1000), shared among ``trees`` independent trees (None: 4; root
      parallelism) that run on ``threads`` threads: identical for a seed at any thread count.
    - ``time_ms``: a budget per decision on ``clock`` (as PIMC's); each tree runs until it is spent
      (``iterations``, when given, is then the most in all; None: no bound) and, unless ``trees`` is given, there
      is one tree per thread. The decision then depends on the machine's speed.
    - ``inference``: ``"uniform"`` (the default) or ``"policy"``: each tree's worlds taken by weight from a pool
      judged by the other seats' plays (``shengji.search.ismcts``; docs/MODEL.md §10).
    - ``value``: as PIMC's, ``"blend"`` by default (rewards scaled by a quarter); ``"levels"`` was the default
      before it.
    - ``exploration``: UCB1's exploration constant (default 0.7; the rewards are scaled to about ±1).
    - Seeded per decision from ``seed`` and the mover's observation, as PIMC; the phases as PIMC (burying
      searches ``bury_candidates``; declaring is searched in worlds of the whole pack order; under 泰安, while the
      declarations lie face down, the worlds give them cards too).
    """

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, policy: Any = "greedy",
                 seed: int = 0, value: str = "blend", threads: int | None = None, trees: int | None = None,
                 exploration: float = 0.7, clock: str = "wall", inference: str = "uniform"):
        if iterations is not None:
            iterations = _validate.integer(iterations, "iterations", 1, 2**62, "an integer", True)
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(map(repr, VALUES))}, got {value!r}")
        seed = _validate.u64(seed, "seed")
        _validate.time_ms(time_ms)
        self.clock = _validate.clock(clock, time_ms)
        if threads is not None:
            threads = _validate.integer(threads, "threads", 1, 4096, "an integer", True)
        if trees is not None:
            trees = _validate.integer(trees, "trees", 1, 4096, "an integer", True)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or not 0 <= exploration < 1e6:
            raise ValueError(f"exploration must be a number >= 0, got {exploration!r}")
        if inference not in INFERENCES:
            raise ValueError(f"inference must be 'uniform' or 'policy', got {inference!r}")
        self.inference = inference
        self.iterations, self.time_ms, self.policy, self.seed = iterations, time_ms, policy, seed
        self.value, self.threads, self.trees, self.exploration = value, threads, trees, exploration

    def __repr__(self) -> str:
        size = f"time_ms={self.time_ms!r}" if self.time_ms else f"iterations={self.iterations or 1000}"
        if self.time_ms and self.iterations:
            size += f", iterations={self.iterations}"
        if self.clock != "wall":
            size += f", clock={self.clock!r}"
        extra = f", inference={self.inference!r}" if self.inference != "uniform" else ""
        return f"ISMCTS({size}, policy={self.policy!r}, seed={self.seed}{extra})"

    def _search(self, deal: Deal, actions: list[Cards]) -> Cards:
        threads = thread_count(self.threads)
        trees = self.trees or (threads if self.time_ms is not None else 4)
        iterations = self.iterations or (1000 if self.time_ms is None else 1 << 40)
        seed = self.decision_seed(deal)
        return ismcts(deal, actions, iterations=iterations,
                      time_ms=self._budget(), policy=self.policy, seed=seed, value=self.value,
                      threads=threads, trees=trees, exploration=self.exploration, clock=self.clock,
                      inference=self.inference).best()


HIDDEN_TRUMP_WORLDS = 8


def bury_candidates(deal: Deal) -> list[Cards]:
    """Burials worth comparing in the bury phase (``shengji.advise.burial_candidates``): the greedy burial,
    and each plain suit that fits in the kitty voided, topped up with the greedy burial's other cards. Under
    泰安, where the burier does not know the trump (it lies face down), the union of those of 8 worlds drawn
    from the burier's observation (``determinize`` with seeds 0..7), first seen first: the candidates depend
    on what the burier knows only."""
    if deal.phase != "bury":
        raise ValueError(f"burial candidates exist in the bury phase, not the {deal.phase} phase")
    obs = observe(deal, _seat(deal))
    if obs.trump_hidden:  # 泰安: the burier does not know the trump; each suit a sampled world sets
        out: list[Cards] = []
        for i in range(HIDDEN_TRUMP_WORLDS):
            world = determinize(obs, i)
            for c in _bury_candidates(world):
                if c not in out:
                    out.append(c)
        return out
    return _bury_candidates(deal)


def _bury_candidates(deal: Deal) -> list[Cards]:
    """bury_candidates under the deal's trump (natively: sj_bury_candidates, the recipe of
    ``shengji.advise.burial_candidates`` with the burials the kitty rule refuses left out)."""
    return _core.bury_candidates(deal)


resolve = bots_of  # four bots from a policy name, a bot, or a list of four (shengji.players.bots)


def _search_bots(seed: int = 0, worlds: int | None = 64, time_ms: float | None = None, endgame: int = 0,
                 iterations: int | None = None, clock: str = "wall") -> dict[str, Any]:
    """The search bots' names, each with the function making its bot: the names ``player`` adds to the resolver's."""
    return {"pimc": lambda: PIMC(worlds=worlds, seed=seed, time_ms=time_ms, endgame=endgame, clock=clock),
            "ismcts": lambda: ISMCTS(iterations=iterations, time_ms=time_ms, seed=seed, clock=clock)}


BOT_NAMES: tuple[str, ...] = (*_NATIVE_NAMES, *_search_bots())
"""Every bot name ``player`` takes (the native policies', then the search bots'): the one list the command line's
--bots (tournament, replay) and its messages use."""


def player(name: Any, seed: int = 0, worlds: int | None = 64, *, time_ms: float | None = None, endgame: int = 0,
           iterations: int | None = None, clock: str = "wall") -> Bot:
    """A bot from its name or a Bot itself, through the one resolver (``shengji.players.resolve``): "greedy",
    "random" (seeded by ``seed``), "pimc" (``PIMC(worlds, seed, time_ms, endgame)``) or "ismcts"
    (``ISMCTS(iterations, time_ms, seed)``); ``clock``: what a search bot's ``time_ms`` measures, ``"wall"`` or
    ``"cpu"`` (as PIMC's); ``BOT_NAMES`` lists the names."""
    if isinstance(name, Bot):
        return name
    if isinstance(name, str) and name == "random":
        return Random(seed)
    if not isinstance(name, str):
        raise TypeError(f"a bot is a name ({', '.join(BOT_NAMES)}) or a shengji.bots.Bot, not {type(name).__name__}")
    search = _search_bots(seed, worlds, time_ms, endgame, iterations, clock)
    return resolve_seats(name, names=search, what="bot").bots()[0]


def play_deal(rules: Any, seed: int = 0, players: Any = ("greedy", "greedy"), worlds: int = 64, **setup: Any) -> _Deal:
    """Play one whole deal of ``rules`` from ``seed`` with ``players`` (two: seats 0+2 and 1+3; or four, one per
    seat; names or Bots, as ``Match`` takes them) and return it finished (to replay it: ``deal.to_html()``);
    ``worlds``: the worlds of a bot named ``"pimc"`` (``player``).
    ``setup`` (dealer, level, trump, ...) goes to ``Deal``; under rules with no declaring phase the dealer's bot
    names the trump unless ``trump`` is given."""
    players = list(players)
    if len(players) == 2:
        players = [players[0], players[1], players[0], players[1]]
    if len(players) != 4:
        raise ValueError(f"players: two (seats 0+2, 1+3) or four (one per seat), got {len(players)}")
    bots = [player(p, seed, worlds) for p in players]
    if "trump" not in setup:
        if rules.has_declaring_phase:
            setup["trump"] = "declare"
        else:
            probe = _Deal(rules, seed=seed, **{**setup, "trump": None})
            setup["trump"] = bots[probe.dealer].trump(probe)
    deal = _Deal(rules, seed=seed, **setup)
    for s, b in enumerate(bots):
        start = getattr(b, "start_game", None)
        if start is not None:
            start(seed, 0, s)
    play(deal, bots)
    return deal


__all__ = ["Bot", "Greedy", "ISMCTS", "PIMC", "Random", "bury_candidates", "play", "play_deal", "player", "resolve"]
