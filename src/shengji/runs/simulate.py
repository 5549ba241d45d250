"""Monte-Carlo runs of whole deals in the native core, results as numpy arrays.

``simulate(rules, games, policy=..., seed=..., threads=..., progress=..., **setup)`` plays ``games``
whole deals (deal, declare or given trump, bury, every trick, score) entirely in C, with the GIL
released, on ``threads`` native threads (default: every core) that take chunks of games from a shared
counter. Game *i* draws all its randomness from stream (``seed``, *i*), so the arrays are identical for
any thread count and any split into batches (``first_game`` continues a run: two batches of 1,000
games starting at 0 and 1,000 merge into exactly the run of 2,000).

Setup (everything not fixed is dealt uniformly from the cards left):

- ``dealer``: a seat, or None for a uniformly random dealer per game;
- ``level``: the level rank (default: the rules' ``first_level``, "2" unless the system starts elsewhere);
- ``trump``: "declare" (the declaring phase, played by the policies), a suit letter, or None (no trump);
- ``hands``: fixed dealt hands, ``{seat: cards}`` or a list of four (None for a dealt hand);
- ``kitty``: the kitty as dealt (before burying): a string of tokens or a sequence of tokens is dealt in
  that order in every game; a ``Cards`` (no order) in a fresh uniform order per game, and is refused where
  the rules read the kitty by position (``trump="declare"`` with ``no_bid`` ``"kitty_card"``,
  ``"kitty_card_notrump"`` or ``"kitty_turnup"``; docs/MODEL.md §9 "A given deal");
- ``buried``: the cards the dealer buries. With ``buried`` and no ``kitty``, the dealt kitty is those
  same cards, in a fresh uniform order per game, so ``hands={0: my_25_cards}, buried=my_8_cards, dealer=0``
  asks: holding these 33 cards as dealer and burying these 8, what happens?

Policies: "random" (every legal action has a positive chance; see csrc/include/sj_policy.h for the
distribution) and "greedy" (a rule-of-thumb player), one for all seats or a list of four. A bot (any
object with ``choose(deal)``, e.g. ``bots.PIMC()``) or a list mixing bots and policy names also works:
those games run through the Python API one after the other (native policies there act through
``Deal.policy_action`` on each game's own stream, and a bot with ``start_game(seed, game, seat)`` is told each
game first), so the results still do not depend on how the run is split; with only greedy players they
equal the native run's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .._core import Cards
from ..agents.deal import Deal
from ..base import _files, _validate
from ..base._stats import Z95, mean_interval, wilson  # noqa: F401  (part of this module's API)
from ..game.jit import native as _native
from ..game.players import native as players_of
from ..game.players import play
from ..game.rules import Rules, preset_of
from . import _executors
from ._executors import RunSpec, _progress_bar
from .results import FIELDS, FORMAT, TRUMP_NAMES, SimResult, SimSummary, npz_path  # noqa: F401  (this module's API)


def _game_seed(seed: int, game: int) -> int:
    """The stream seed of game ``game`` for the native policies played through the Python API."""
    return (seed * 0x9E3779B97F4A7C15 + game * 0xD1B54A32D192ED03 + 1) % 2**64


def _python_games(run: Any, players: list[Any], arrays: dict[str, np.ndarray], seed: int, buried: Cards | None,
                  bar: Any) -> None:
    """Play the run's games through the Python API (some seat is a Python bot): the same deals as the native
    run; native policies act through ``Deal.policy_action`` on the game's own stream, and each bot is told
    the game first (``start_game``), so the results do not depend on batching."""
    for i in range(run.games):
        game = run.first_game + i
        deal = run.deal(game, Deal)  # a shengji.Deal: what a Python bot is handed
        for seat, p in enumerate(players):
            if not _native(p) and hasattr(p, "start_game") and p not in players[:seat]:
                p.start_game(seed, game, seat)

        def choose(deal: Deal, game: int = game) -> Any:
            assert deal.to_move is not None
            p = players[deal.to_move]
            if deal.phase == "bury" and buried is not None and not deal.grabs:
                return buried
            if _native(p):
                return deal.policy_action(p, seed=_game_seed(seed, game))
            return p.choose(deal)

        plays = play(deal, choose)
        res = deal.result()
        row = {"dealer": deal.dealer, "partner": (deal.dealer + 2) % 4 if deal.partner is None else deal.partner,
               "trump": TRUMP_NAMES.index(deal.trump or "NT"), "plays": plays}
        for name in FIELDS:  # the one table: every field, from the deal's result where it has one
            arrays[name][i] = row[name] if name in row else getattr(res, name)
        if bar is not None:
            bar.update(1)


def _hands(rules: Any, hands: Any) -> list[Cards | None]:
    out: list[Cards | None] = [None] * 4
    if hands is None:
        return out
    items: Any
    if isinstance(hands, dict):
        items = hands.items()
    elif isinstance(hands, (list, tuple)) and len(hands) == 4:
        items = enumerate(hands)
    else:
        raise ValueError("hands must be {seat: cards} or a list of four (None for a dealt hand)")
    for seat, cards in items:
        seat = _validate.seat(seat, "hands: seat")
        if cards is None:
            continue
        c = Cards(cards)
        if len(c) != rules.hand_size:
            raise ValueError(f"hands[{seat}] has {len(c)} cards; the rules deal {rules.hand_size}")
        out[seat] = c
    return out


def _rules_meta(rules: Any) -> dict[str, Any]:
    """The meta naming the rules of a run: the nearest preset and the options changed from it
    (``shengji.rules.preset_of``)."""
    if not isinstance(rules, Rules):
        return {"options_changed": {}}
    preset, changed = preset_of(rules)
    return {"preset": preset, "options_changed": changed}


def simulate(rules: Any, games: int, *, policy: Any = "greedy", seed: int = 0, threads: int | None = None,
             progress: bool = False, first_game: int = 0, executor: Any = None, dealer: int | None = None,
             level: str | None = None, trump: str | None = "declare", hands: Any = None, kitty: Any = None,
             buried: Any = None, keep: str = "arrays", chunk: int | None = None, timeout: float | None = None) -> Any:
    """Play ``games`` whole deals natively (0 .. 2**40, the most one run of ``simulate``, ``simulate_matches`` or
    ``selfplay`` takes) and return a :class:`SimResult` (module docstring); with
    ``keep="summary"`` a :class:`SimSummary` instead, counted in batches in bounded memory for any number of
    games (the same numbers as the SimResult's summary of the same run). ``executor``/``chunk``: the run in
    chunks on an engine (shengji._executors); ``timeout``: the seconds such a run may go without a chunk
    finishing (TimeoutError; None waits, as for an engine whose workers all died and come back).

    >>> import shengji
    >>> res = shengji.simulate(shengji.Rules(), 1000, policy="random", seed=1)
    >>> res
    SimResult(games=1,000, preset=qq-2deck, policy=random, kitty captured 48.3 %, median attacker points 105)
    >>> res.attacker_points[:5].tolist()                     # one entry per deal
    [90, 45, 75, 150, 45]
    >>> [round(x, 3) for x in res.kitty_capture_rate()]      # the rate and its 95 % interval
    [0.483, 0.452, 0.514]
    >>> res == shengji.simulate(shengji.Rules(), 1000, policy="random", seed=1, threads=1)   # any thread count
    True
    """
    games = _validate.count(games, "games")  # numpy integers too; at most COUNT_MAX (2**40) for any keep
    if keep not in ("arrays", "summary"):
        raise ValueError(f"keep must be 'arrays' (per-deal arrays) or 'summary' (counts and histograms), got {keep!r}")
    games, seed, first_game, threads = RUN.check(games, seed=seed, first=first_game, threads=threads,
                                                 executor=executor, chunk=chunk, timeout=timeout)
    if keep == "summary" and executor is not None:
        return _on_executor(executor, rules, games, chunk=chunk, progress=progress, keep="summary", timeout=timeout,
                            policy=policy, seed=seed, first_game=first_game, dealer=dealer, level=level, trump=trump,
                            hands=hands, kitty=kitty, buried=buried)
    if keep == "summary":
        return _summary_run(rules, games, policy=policy, seed=seed, threads=threads, progress=progress,
                            first_game=first_game, dealer=dealer, level=level, trump=trump,
                            hands=hands, kitty=kitty, buried=buried)
    _check_memory(games)
    if level is None:
        level = rules.first_level if hasattr(rules, "first_level") else "2"
    if dealer is not None:
        dealer = _validate.integer(dealer, "dealer", 0, 3, "a seat", True)
    pols, players = players_of(policy)
    fixed = _hands(rules, hands)
    kitty_c = None if kitty is None else Cards(kitty)  # the cards; NativeRun keeps a given order
    buried_c = None if buried is None else Cards(buried)
    if buried_c is not None and kitty_c is not None and (dealer is None or fixed[dealer] is None):
        raise ValueError("with both kitty and buried fixed, fix the dealer and the dealer's hand too")
    names = [p if isinstance(p, str) else repr(p) if _native(p) else type(p).__name__
             for p in (players or (list(policy) if isinstance(policy, (list, tuple)) else [policy] * 4))]
    meta = RunSpec.meta(rules, policy if isinstance(policy, str) else ",".join(names), seed, first_game=first_game,
                        level=level, trump=trump, dealer=dealer, partnership=getattr(rules, "partnership", None),
                        decks=getattr(rules, "decks", None), hands=[s for s in range(4) if fixed[s] is not None],
                        kitty=kitty is not None, buried=buried is not None, **_rules_meta(rules))
    if executor is not None:
        return _on_executor(executor, rules, games, chunk=chunk, progress=progress, timeout=timeout, policy=policy,
                            seed=seed,
                            first_game=first_game, dealer=dealer,
                            level=level, trump=trump, hands=hands, kitty=kitty, buried=buried)
    run = _core.NativeRun(rules, games, pols, seed, first_game, threads, -1 if dealer is None else dealer, level,
                          trump, fixed, kitty, buried_c)
    arrays: dict[str, np.ndarray] = {name: np.zeros(games, dtype=np.uint8 if dt is np.bool_ else dt)
                                     for name, dt in FIELDS.items()}
    if players is not None:  # Python bots: the games run through the Python API, one after the other
        bar = _progress_bar(games) if progress else None
        try:
            _python_games(run, players, arrays, seed, buried_c, bar)
        finally:
            if bar is not None:
                bar.close()
        for name in ("kitty_captured", "lost_deal"):
            arrays[name] = arrays[name].view(np.bool_)
        meta["threads"] = 1
        return SimResult(**arrays, meta=meta)

    bar = _progress_bar(games) if progress else None
    shown = [0]

    def update() -> None:
        if bar is not None:
            now = run.progress
            bar.update(now - shown[0])
            shown[0] = now

    try:  # Ctrl-C cancels the native run (its threads stop at their next chunk)
        _core._interruptible(lambda: run.run(*arrays.values()), run.cancel, update if bar is not None else None)
        if bar is not None:
            bar.update(games - shown[0])
    finally:
        if bar is not None:
            bar.close()
    for name in ("kitty_captured", "lost_deal"):
        arrays[name] = arrays[name].view(np.bool_)
    meta["threads"] = threads
    return SimResult(**arrays, meta=meta)


BYTES_PER_GAME = sum(np.dtype(np.uint8 if dt is np.bool_ else dt).itemsize for dt in FIELDS.values())


def _check_memory(games: int) -> None:
    """Per-deal arrays: refuse before allocating when they cannot fit in the memory free now."""
    need, free = games * BYTES_PER_GAME, _files.free_memory()
    if free is not None and need > free:
        raise ValueError(f"keeping per-deal arrays for {games:,} games needs {need / 2**30:,.1f} GiB "
                         f"({BYTES_PER_GAME} bytes a game) and {free / 2**30:,.1f} GiB are free: pass "
                         "keep='summary' (counts and exact histograms in bounded memory)")


def _summary_run(rules: Any, games: int, *, progress: bool, first_game: int, **kwargs: Any) -> SimSummary:
    """simulate(keep="summary"): the run in batches (game i of the run is still stream (seed, first_game + i)), each
    folded into the summary and dropped."""
    batch = min(1 << 20, max(20_000, games // 100))
    bar = _progress_bar(games) if progress else None
    total: SimSummary | None = None
    try:
        done = 0
        while done < games or total is None:
            n = min(batch, games - done)
            part = SimSummary.of(simulate(rules, n, first_game=first_game + done, **kwargs))
            total = part if total is None else total.merge(part)
            done += n
            if bar is not None:
                bar.update(n)
            if n == 0:
                break
    finally:
        if bar is not None:
            bar.close()
    total.meta["first_game"] = first_game
    total.meta["games"] = games
    return total


def _chunk(lo: int, n: int, *, rules: Any, keep: str = "arrays", **kwargs: Any) -> SimResult | SimSummary:
    """Games lo .. lo + n - 1 on one thread (a chunk of an executor's run); with keep="summary" its summary, made
    where it ran (only the counts travel back)."""
    if keep == "summary":  # counted in simulate's bounded batches: no per-deal arrays of the whole chunk
        return simulate(rules, n, first_game=lo, threads=1, keep="summary", **kwargs)
    return simulate(rules, n, first_game=lo, threads=1, **kwargs)


RUN = RunSpec(unit="deal", what="games", first="first_game", count="games", chunk=_chunk, size=lambda part: part.games)


def _on_executor(executor: Any, rules: Any, games: int, *, first_game: int, chunk: int | None = None,
                 progress: bool = False, keep: str = "arrays", timeout: float | None = None, **kwargs: Any) -> Any:
    """The run in chunks on ``executor`` (shengji._executors: a concurrent.futures Executor, a dask Client or
    the ray module); each chunk's arrays are written into the result at their place as it arrives (or, with
    keep="summary", its summary folded in), in game order. Equal to the local run with the same seed: game i
    always draws from stream (seed, i)."""
    simulate(rules, 0, first_game=first_game, threads=1, **kwargs)  # the arguments checked here, not in a worker
    engine = _executors.describe(executor)
    if keep == "summary":
        state: dict[str, Any] = {}

        def fold(lo: int, part: SimSummary) -> None:
            state["total"] = part if "total" not in state else state["total"].merge(part)

        RUN.run(executor, first_game, games, kwargs=dict(kwargs, rules=rules, keep="summary"), chunk=chunk,
                progress=progress, timeout=timeout, on_result=fold)
        total = state.get("total") or SimSummary.of(simulate(rules, 0, first_game=first_game, threads=1, **kwargs))
        total.meta["first_game"] = first_game
        total.meta["games"] = games
        total.meta.pop("threads", None)
        total.meta["executor"] = engine
        return total
    arrays: dict[str, np.ndarray] = {name: np.zeros(games, dtype=np.uint8 if dt is np.bool_ else dt)
                                     for name, dt in FIELDS.items()}
    meta: dict[str, Any] = {}

    def place(lo: int, part: SimResult) -> None:
        at = lo - first_game
        for name in FIELDS:
            arrays[name][at:at + part.games] = getattr(part, name)
        if not meta:
            meta.update(part.meta)

    RUN.run(executor, first_game, games, kwargs=dict(kwargs, rules=rules), chunk=chunk, progress=progress,
            timeout=timeout, on_result=place)
    if not meta:
        meta.update(simulate(rules, 0, first_game=first_game, threads=1, **kwargs).meta)
    meta["first_game"] = first_game
    meta.pop("threads", None)  # not the chunks' one thread: the engine and its workers
    meta["executor"] = engine
    for name in ("kitty_captured", "lost_deal"):
        arrays[name] = arrays[name].view(np.bool_)
    return SimResult(**arrays, meta=meta)
