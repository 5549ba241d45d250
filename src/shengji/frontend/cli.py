"""The ``shengji`` command line.

- ``shengji simulate``: a native Monte-Carlo run; prints the kitty-capture rate with its 95 % interval,
  the attackers' points and the level outcomes (a progress bar on a terminal; ``--plot`` draws the
  points distribution with matplotlib, ``--out`` saves the arrays as .npz).
- ``shengji bench --json``: deals/s and plays/s of the native core and of the pure-Python reference,
  measured on the same deals in one run, with the machine's core count.
- ``shengji demo``: the rules core at work on a few examples.
- ``shengji options``: the rule options (the core's table), their values, defaults and status.
- ``shengji tournament --bots pimc,greedy --deals N``: a duplicate tournament (``shengji.tournament``).
- ``shengji bury --hand ... --level ... --trump ...``: candidate burials ranked (``shengji.advise_bury``).
- ``shengji replay --bots greedy,pimc --out deal.html``: one deal played by bots, as a page that steps through
  it (``shengji.replay``).
- ``shengji play --bots greedy``: a human at the terminal plays a whole deal against three bots
  (``shengji.frontend.play``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from typing import Any

from .. import _core
from .._core import OPTIONS, Cards, Trump
from .._version import __version__
from ..agents import bots
from ..agents.bots import play_deal, player
from ..base import _files, _validate
from ..game.players import NAMES, play
from ..game.rules import Rules, options_markdown, preset_of
from ..runs.advise import advise_bury
from ..runs.matches import MatchResult, simulate_matches
from ..runs.results import SimResult, npz_path
from ..runs.simulate import simulate
from ..runs.tournament import tournament


def _by_strength(trump: Trump, suit: str) -> list[int]:
    """The kinds of an effective suit, strongest first, one kind per position (the lowest kind index where
    several share one)."""
    kinds: dict[int, int] = {}
    for k in range(54):
        if trump.effective_suit(k) == suit:
            kinds.setdefault(trump.position(k), k)
    return [kinds[p] for p in sorted(kinds, reverse=True)]


def _tokens(kinds: list[int]) -> str:
    return str(Cards(kinds))


def _demo(args: argparse.Namespace) -> int:
    """The rules core at work on examples built from the rules and the trump given (any preset, suit and level):
    the decomposition of some trumps, a follow checked, a throw checked, a trick's winner, a kitty multiplier.
    Cards print as rank then suit; an effective suit "T" is trump."""
    rules = Rules.preset(args.preset)
    _check_level(rules, args)
    trump = Trump(rules, args.level, args.suit)
    w = min(rules.decks, 2)  # the copies of a kind the examples use: pairs where the pack has them
    print(f"rules: {args.preset} ({rules.decks} deck(s), kitty {rules.kitty}); {trump!r}; effective suits are "
          f"S H D C for plain cards and T for trump")
    trumps = _by_strength(trump, "T")
    plain = next(s for s in "SHDC" if len(_by_strength(trump, s)) >= 6)
    side = next(s for s in "SHDC" if s != plain and len(_by_strength(trump, s)) >= 2)
    p_kinds, s_kinds = _by_strength(trump, plain), _by_strength(trump, side)
    play = [k for k in trumps[:3] for _ in range(w)] + (trumps[-1:] if len(trumps) > 3 else [])
    print(f"\nunits of the trumps {_tokens(play)}:")
    for u in trump.units(play):
        print(f"  {u.kind:8s} width {u.width} length {u.length}: {u.cards}")
    lead = [p_kinds[0]] * w
    hand = [p_kinds[3]] * w + [p_kinds[4], p_kinds[5], s_kinds[0]]
    good, bad = [p_kinds[3]] * w, [p_kinds[4], p_kinds[5]][:w]
    if w == 1:  # one deck: a single of the led suit must be followed in suit
        bad = [s_kinds[0]]
    for p in (good, bad):
        ok = trump.is_legal_follow(hand, lead, p)
        verdict = "legal" if ok else "illegal"
        print(f"\nhand {_tokens(hand)} follows the lead {_tokens(lead)} with {_tokens(p)}: {verdict}")
    print(f"legal follows: {[str(c) for c in trump.legal_follows(hand, lead)]}")
    throw = [p_kinds[1]] + [p_kinds[4]] * w
    others = [Cards([p_kinds[0]]), Cards([s_kinds[1]]), Cards([trumps[0]])]
    res = trump.check_throw(throw, others)
    print(f"\nthrow {_tokens(throw)} against {[str(o) for o in others]} (a higher {plain} single is out): "
          f"{'stands' if res.ok else 'fails'}, plays {res.played}")
    led = [p_kinds[5]] * w
    plays = [led, [p_kinds[2]] * w, [trumps[-1]] * w, [s_kinds[1]] * w]
    winner = trump.trick_winner([Cards(x) for x in plays])
    print(f"trick {[_tokens(x) for x in plays]} (led {plain}; then higher {plain}, trump, a discard): won by play "
          f"{winner}")
    print(f"kitty multiplier when the attackers capture with {_tokens(play)}: x{trump.kitty_multiplier(play)}")
    return 0


def _show(args: argparse.Namespace) -> int:
    """A saved run (simulate --out, matches --out; SimResult.save, MatchResult.save): its summary, and its plot
    with --plot (the attackers' points of a simulation, the final levels and lengths of matches)."""
    if args.plot:
        _check_plot_path(args.plot)
    res: Any
    if _files.kind_of(args.file, ("SimResult", "MatchResult")) == "MatchResult":
        res = MatchResult.load(args.file)
        print(res.summary())
        if args.plot:
            _plot_matches(res, args.plot, str(res.meta.get("preset", os.path.basename(args.file))))
    else:
        res = SimResult.load(args.file)
        print(res.summary())
        if args.plot:
            _plot(res, args.plot, str(res.meta.get("preset", os.path.basename(args.file))))
    if args.plot:
        print(f"plot written to {args.plot}")
    return 0


def _options(args: argparse.Namespace) -> int:
    print(options_markdown(), end="")
    return 0


_DIGITS = re.compile(r"-?[0-9]+")  # ASCII digits only: int() also reads "８" (full-width) and "٨" (Arabic-Indic)


def _int(text: str) -> int:
    """An integer option's value as argparse reads it: what int() accepts, but in ASCII only (int() reads any
    Unicode decimal digit, so "８" would be 8)."""
    if not text.isascii():
        raise ValueError(text)
    return int(text)


_int.__name__ = "int"  # argparse's message: "invalid int value: '８'"


def _count(value: int, option: str) -> int:
    """A run's count (--games, --matches): 0 .. COUNT_MAX (2**40, the most one run takes), refused (exit 2, naming
    the option) before anything runs."""
    if not 0 <= value <= _validate.COUNT_MAX:
        raise ValueError(f"{option} must be 0 .. {_validate.COUNT_MAX:,} (2**40, the most one run takes), got "
                         f"{value:,}")
    return value


def _rules(args: argparse.Namespace) -> Rules:
    """--preset with every --rule KEY=VALUE applied over it, checked against the option table: enum values as
    their names, booleans true/false, numbers as ASCII digits (an optional minus first), rank sets
    comma-separated (constant_ranks=2,3,5); each KEY at most once."""
    rules = Rules.preset(args.preset)
    changes: dict[str, Any] = {}
    given: dict[str, str] = {}
    for item in getattr(args, "rule", None) or []:
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or key not in OPTIONS:
            raise ValueError(f"--rule {item!r}: give KEY=VALUE with KEY one of {', '.join(OPTIONS)}")
        if key in given:
            raise ValueError(f"--rule {key} is given twice ({given[key]!r}, then {item!r}): give each option once")
        given[key] = item
        opt = OPTIONS[key]
        value: Any = text
        if opt.kind == "bool":
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(f"--rule {item!r}: {key} is true or false")
            value = text.lower() in ("true", "1", "yes")
        elif opt.kind == "int":
            if not _DIGITS.fullmatch(text):
                raise ValueError(f"--rule {item!r}: {key} is a whole number in ASCII digits (0-9)")
            value = int(text)
        elif opt.kind == "ranks":
            value = tuple(r.strip().upper() for r in text.split(",") if r.strip())
        changes[key] = value
    return rules.replace(**changes) if changes else rules


def _trump_option(text: str) -> str | None:
    """The --trump value as the API takes it: "declare", or a suit parsed by the API itself (S/H/D/C, or NT for
    no trump, as everywhere a trump is given)."""
    return "declare" if text.lower() == "declare" else text


def _suit(flag: str, text: str) -> str:
    """A --trump/--suit value the API's own parser reads (a suit letter or symbol, or NT)."""
    try:
        _core.suit_index(text)
    except (ValueError, TypeError):
        raise ValueError(f"{flag} {text}: not a trump; give S, H, D, C or NT (no trump)") from None
    return text


def _trump(flag: str, text: str) -> str:
    """A --trump value of a run: declare (the trump is declared while dealing), or a suit (``_suit``)."""
    if text.strip().lower() == "declare":
        return "declare"
    try:
        return _suit(flag, text)
    except ValueError:
        raise ValueError(f"{flag} {text}: not a trump; give declare, S, H, D, C or NT (no trump)") from None


def _seat(flag: str, text: str) -> int:
    """A seat option's value: 0, 1, 2 or 3."""
    if text.strip() not in ("0", "1", "2", "3"):
        raise ValueError(f"{flag} {text}: not a seat; give 0, 1, 2 or 3")
    return int(text)


def _rank(flag: str, text: str) -> str:
    """A level option's value: a rank 2 .. 10, J, Q, K, A (T for 10), as the API reads it."""
    try:
        return _core.RANKS[_core.rank_index(text)]
    except ValueError:
        raise ValueError(f"{flag} {text}: not a rank; give one of {', '.join(_core.RANKS)}") from None


def _check_options(args: argparse.Namespace) -> None:
    """The options naming seats, trumps and levels, checked (and seats made numbers) before any work, each refused
    in the command line's words: the option, the value and what it takes (no Python spellings)."""
    checks = {"dealer": _seat, "first_dealer": _seat, "seat": _seat, "level": _rank, "end_level": _rank,
              "suit": _suit, "trump": _suit if args.command == "bury" else _trump}
    for dest, check in checks.items():
        value = getattr(args, dest, None)
        if value is not None:
            setattr(args, dest, check(f"--{dest.replace('_', '-')}", value))


def _check_level(rules: Rules, args: argparse.Namespace) -> None:
    """--level: one the rules play (the core says which: ``shengji.Rules.levels_played``), refused before any
    work in the command line's words."""
    if args.level is not None:
        why = _core.level_refusal(rules, args.level)
        if why:
            raise ValueError(f"--level {args.level} (--preset {args.preset}) is {why}")


def _check_writable(path: str, what: str) -> None:
    """Fail before a long run, not after it: ``path`` must be a file this process can create or overwrite."""
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as err:
        raise ValueError(f"{what} {path!r} cannot be written: {err.strerror}") from None
    if not existed:
        os.remove(path)


def _plot_module() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install matplotlib") from None
    return plt


def _check_plot_path(path: str) -> None:
    """--plot, before any work: matplotlib installed, a file format it writes (by the extension), writable."""
    plt = _plot_module()
    formats = plt.figure().canvas.get_supported_filetypes()
    plt.close("all")
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in formats:
        raise ValueError(f"--plot {path!r}: the extension must name an image format matplotlib writes "
                         f"({', '.join('.' + f for f in sorted(formats))})")
    _check_writable(path, "--plot")


def _seat_cards(items: list[str] | None, what: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for item in items or []:
        seat, sep, cards = item.partition("=")
        if not sep or seat.strip() not in ("0", "1", "2", "3"):
            raise ValueError(f"{what} {item!r}: give SEAT=CARDS with SEAT 0..3, e.g. 0='AS AS KH ...'")
        out[int(seat)] = cards
    return out


_FIXED = re.compile(r"(kitty|buried|hands\[([0-3])\]) ")


def _fixed_cards_words(err: ValueError) -> ValueError:
    """The API's refusal of fixed cards ("kitty 'AS' has 1 card; the kitty holds 8 under these rules") in the
    command line's spelling of the option (--kitty, --buried, --hand SEAT=CARDS); other refusals as they are."""
    m = _FIXED.match(str(err))
    if not m:
        return err
    flag = f"--hand {m.group(2)}=CARDS " if m.group(2) else f"--{m.group(1)} "
    return ValueError(flag + str(err)[m.end():])


def _simulate(args: argparse.Namespace) -> int:
    _count(args.games, "--games")
    rules = _rules(args)
    _check_level(rules, args)
    policy: Any = args.policy.split(",") if "," in args.policy else args.policy
    trump = _trump_option(args.trump)
    out = npz_path(args.out) if args.out else None
    if out:
        _check_writable(out, "--out")
    if args.plot:
        _check_plot_path(args.plot)
    t = time.perf_counter()
    hands = _seat_cards(args.hand, "--hand")
    try:
        res = simulate(rules, args.games, policy=policy, seed=args.seed, threads=args.threads,
                       progress=args.progress if args.progress is not None else sys.stderr.isatty(),
                       level=args.level, trump=trump, dealer=args.dealer, hands=hands or None, kitty=args.kitty,
                       buried=args.buried, keep="arrays" if out else "summary")  # no per-deal arrays for a summary
    except ValueError as err:
        raise _fixed_cards_words(err) from None
    elapsed = time.perf_counter() - t
    res.meta["preset"], res.meta["options_changed"] = preset_of(rules, args.preset)  # read against --preset
    print(res.summary())
    plays = int(res.plays if isinstance(res.plays, int) else res.plays.sum())
    print(f"time: {elapsed:.2f} s  ({args.games / elapsed:,.0f} deals/s, {plays / elapsed:,.0f} "
          f"plays/s, {res.meta['threads']} threads)")
    if out:
        print(f"saved {res.save(out)}")
    if args.plot:
        _plot(res, args.plot, args.preset)
        print(f"plot written to {args.plot}")
    return 0


def _matches(args: argparse.Namespace) -> int:
    _count(args.matches, "--matches")
    rules = _rules(args)
    policy: Any = args.policy.split(",") if "," in args.policy else args.policy
    levels = [x.strip() for x in args.levels.split(",")] if args.levels else None
    out = None
    if args.out:
        out = args.out if args.out.endswith(".npz") else args.out + ".npz"
        _check_writable(out, "--out")
    if args.plot:
        _check_plot_path(args.plot)
    t = time.perf_counter()
    res = simulate_matches(rules, args.matches, policy=policy, seed=args.seed, threads=args.threads, levels=levels,
                           first_dealer=args.first_dealer, end_level=args.end_level, max_deals=args.max_deals)
    elapsed = time.perf_counter() - t
    res.meta["preset"], res.meta["options_changed"] = preset_of(rules, args.preset)  # read against --preset
    print(res.summary())
    deals = int(res.deals.sum())
    print(f"time: {elapsed:.2f} s  ({args.matches / elapsed:,.0f} matches/s, {deals / elapsed:,.0f} deals/s)")
    if out:
        print(f"saved {res.save(out)}")
    if args.plot:
        _plot_matches(res, args.plot, args.preset)
        print(f"plot written to {args.plot}")
    return 0


def _plot(res: Any, path: str, title: str) -> None:
    plt = _plot_module()
    values, counts = res.points_histogram()
    p, lo, hi = res.kitty_capture_rate()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.bar(values, 100 * counts / max(res.games, 1), width=4, color="#4477aa")
    ax.set_xlabel("attackers' points")
    ax.set_ylabel("share of deals (%)")
    decks = res.meta.get("decks")
    if isinstance(decks, int) and len(values):  # the level thresholds: every band of 20 points per deck
        band = 20 * decks
        ticks, labels = [], []
        for t in range(band, int(values.max()) + band, band):
            ax.axvline(t - 2.5, color="#999999", linestyle="--", linewidth=0.8)
            ticks.append(t - 2.5)
            labels.append("dealer +1" if t == band else "attackers take" if t == 2 * band else f"+{t // band - 2}")
        top = ax.secondary_xaxis("top")
        top.set_xticks(ticks)
        top.set_xticklabels(labels, fontsize=7)
        top.set_xlabel(f"level thresholds (from {band}: the dealer keeps with +1; from {2 * band}: the attackers "
                       f"take the deal; each {band} more: +1)", fontsize=8)
    ax.set_title(f"{title}: {res.games:,} deals, policy {res.meta.get('policy')}")
    ax.text(0.98, 0.95, f"kitty captured {100 * p:.1f} %\n(95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)",
            transform=ax.transAxes, ha="right", va="top",
            bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.8})
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _plot_matches(res: MatchResult, path: str, title: str) -> None:
    """The levels plot of matches: where each team (each seat under 找朋友) finished, and how many deals a match
    lasted."""
    plt = _plot_module()
    units = res.final_levels.shape[1]
    names = [f"seat {u}" for u in range(units)] if res.per_seat else [f"team {u} (seats {u}+{u + 2})"
                                                                         for u in range(units)]
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
    width = 0.8 / units
    x = range(len(_core.RANKS))
    for u in range(units):
        counts = [int((res.final_levels[:, u] == r).sum()) for r in x]
        p, lo, hi = res.win_rate(seat=u) if res.per_seat else res.win_rate(team=u)
        ax.bar([r + (u - (units - 1) / 2) * width for r in x], [100 * c / max(res.matches, 1) for c in counts],
               width=width, label=f"{names[u]}: wins {100 * p:.1f} % (95 % CI {100 * lo:.1f}–{100 * hi:.1f})")
    ax.set_xticks(list(x))
    ax.set_xticklabels(_core.RANKS)
    ax.set_xlabel("level at the end of the match")
    ax.set_ylabel("share of matches (%)")
    ax.legend(fontsize=8)
    deals, lengths = res.deals_histogram()
    ax2.bar(deals, 100 * lengths / max(res.matches, 1), width=0.9, color="#4477aa")
    ax2.set_xlabel("deals a match")
    ax2.set_ylabel("share of matches (%)")
    fig.suptitle(f"{title}: {res.matches:,} matches, policy {res.meta.get('policy')}")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def reference_deals(rules: Rules, games: int, seed: int, trump: str | None = "declare") -> int:
    """The pure-Python reference plays the native run's first ``games`` deals (same packs and dealers) with
    random legal choices; returns the number of plays made."""
    from ..testing.reference_deal import RefDeal

    level = rules.first_level
    run = _core.NativeRun(rules, games, [_core.policy_index("random")] * 4, seed, 0, 1, -1, level, trump, [None] * 4,
                          None, None)
    rng = random.Random(seed)
    plays = 0
    for g in range(games):
        d = run.deal(g, _core.Deal)
        ref_trump = "declare" if trump == "declare" else d.trump
        ref = RefDeal(rules, list(d.order), dealer=d.dealer, level=level, trump=ref_trump)
        plays += play(ref, lambda ref: _random_reference_action(ref, rules, rng))  # every phase through act
    return plays


def _random_reference_action(ref: Any, rules: Rules, rng: random.Random) -> Any:
    """A random legal action of the pure-Python reference deal (``reference_deals``)."""
    if ref.phase == "bury":
        hand, n = list(ref.hand(ref.to_move)), rules.kitty or 0
        if rules.kitty_rule == "taian":  # no points, no constant trumps while the hand has others
            ok = [k for k in hand if k >= 52 or (k % 13 not in (3, 8, 11) and _core.RANKS[k % 13]
                                                 not in rules.constant_ranks)]
            rest = list(hand)
            for k in ok:
                rest.remove(k)
            return rng.sample(ok, n) if len(ok) >= n else ok + rng.sample(rest, n - len(ok))
        return rng.sample(hand, n)
    if ref.phase == "play":
        return rng.choice(sorted(ref.legal_actions()))
    return rng.choice(list(ref.legal_actions()))  # declare, grab: a list, in the order MODEL.md §9 gives


def _timed_run(rules: Rules, games: int, policy: str, seed: int, threads: int, trump: Any) -> dict[str, Any]:
    """One native run: deals/s and plays/s in wall time and in CPU time (time.process_time: the CPU of every
    thread of the process, so with all cores it is deals per CPU-second)."""
    simulate(rules, min(2000, games), policy=policy, seed=seed, threads=threads, trump=trump)  # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    res = simulate(rules, games, policy=policy, seed=seed, threads=threads, trump=trump)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    plays = int(res.plays.sum())
    return {"deals_per_s_wall": round(games / wall, 1), "deals_per_s_cpu": round(games / cpu, 1),
            "plays_per_s_wall": round(plays / wall, 1), "plays_per_s_cpu": round(plays / cpu, 1),
            "threads": threads, "deals": games}


def _reference_run(rules: Rules, games: int, seed: int, trump: Any) -> dict[str, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    plays = reference_deals(rules, games, seed, trump)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"deals_per_s_wall": round(games / wall, 2), "deals_per_s_cpu": round(games / cpu, 2),
            "plays_per_s_wall": round(plays / wall, 1), "plays_per_s_cpu": round(plays / cpu, 1), "deals": games}


def _bench(args: argparse.Namespace) -> int:
    """The speed table (docs: README "Speed"): per preset and policy, native deals/s and plays/s in wall and CPU
    time on one thread and on every core, and the pure-Python reference on the same deals (random play; it has
    no greedy twin). The top-level games_per_s / plays_per_s are --preset's random play on one thread (wall)."""
    if args.games < 1 or args.reference_games < 1 or args.greedy_games < 1:
        raise ValueError(f"--games, --greedy-games and --reference-games must be at least 1, got {args.games}, "
                         f"{args.greedy_games} and {args.reference_games}")
    names: list[str] = args.presets.split(",") if args.presets else list(Rules.presets())
    for name in names:
        if name not in Rules.presets():
            raise ValueError(f"--presets: unknown preset {name!r}; the presets are {', '.join(Rules.presets())}")
    if args.preset not in names:
        names.insert(0, args.preset)
    trump = _trump_option(args.trump)
    cores = os.cpu_count() or 1
    table: dict[str, Any] = {}
    for name in names:
        rules = Rules.preset(name)
        row: dict[str, Any] = {}
        for policy, games in (("random", args.games), ("greedy", args.greedy_games)):
            row[policy] = {"one_thread": _timed_run(rules, games, policy, args.seed, 1, trump),
                           "all_cores": _timed_run(rules, games, policy, args.seed, cores, trump)}
        row["random"]["reference"] = _reference_run(rules, args.reference_games, args.seed, trump)
        ref, one = row["random"]["reference"], row["random"]["one_thread"]
        row["random"]["speedup_cpu"] = round(one["deals_per_s_cpu"] / ref["deals_per_s_cpu"], 1)
        table[name] = row
    top = table[args.preset]["random"]
    native, allc, ref = top["one_thread"], top["all_cores"], top["reference"]
    out: dict[str, Any] = {
        "cores": cores, "preset": args.preset, "policy": "random",
        "games_per_s": native["deals_per_s_wall"], "plays_per_s": native["plays_per_s_wall"],
        "native": {"games_per_s": native["deals_per_s_wall"], "plays_per_s": native["plays_per_s_wall"],
                   "threads": 1, "games": args.games},
        "native_all_cores": {"games_per_s": allc["deals_per_s_wall"], "plays_per_s": allc["plays_per_s_wall"],
                             "threads": cores, "games": args.games},
        "reference": {"games_per_s": ref["deals_per_s_wall"], "plays_per_s": ref["plays_per_s_wall"],
                      "games": args.reference_games},
        "presets": table,
    }
    out["speedup_games"] = round(out["native"]["games_per_s"] / out["reference"]["games_per_s"], 1)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{cores} core(s); deals/s, one thread (wall / CPU) and {cores} threads (wall); the reference: random play")
    print(f"{'preset':16s} {'random 1 thread':>20s} {'all cores':>10s} {'greedy 1 thread':>20s} {'all cores':>10s} "
          f"{'reference':>10s}")
    for name, row in table.items():
        r, g = row["random"], row["greedy"]
        print(f"{name:16s} {r['one_thread']['deals_per_s_wall']:>9,.0f} / {r['one_thread']['deals_per_s_cpu']:>8,.0f} "
              f"{r['all_cores']['deals_per_s_wall']:>10,.0f} {g['one_thread']['deals_per_s_wall']:>9,.0f} / "
              f"{g['one_thread']['deals_per_s_cpu']:>8,.0f} {g['all_cores']['deals_per_s_wall']:>10,.0f} "
              f"{r['reference']['deals_per_s_cpu']:>10,.2f}")
    return 0


def _player(name: str, worlds: int | None, seed: int, time_ms: float | None = None, endgame: int = 0,
            iterations: int | None = None, clock: str = "wall") -> Any:
    """A tournament player by name (``shengji.bots.player``): the native policies by name (they run natively),
    pimc (PIMC with greedy rollouts) or ismcts."""
    if name in NAMES:
        return name
    return bots.player(name, seed, worlds, time_ms=time_ms, endgame=endgame, iterations=iterations, clock=clock)


def _bot_names(args: argparse.Namespace) -> list[str]:
    """--bots as a list of names, each one of ``shengji.bots.BOT_NAMES`` (the one list of the resolver's names),
    refused in the command line's words."""
    names = [n.strip() for n in args.bots.split(",")]
    for n in names:
        if n and n not in bots.BOT_NAMES:
            raise ValueError(f"--bots {args.bots!r}: unknown bot {n!r}; the bots are {', '.join(bots.BOT_NAMES)}")
    return names


def _tournament(args: argparse.Namespace) -> int:
    names = [n for n in _bot_names(args) if n]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(f"--bots needs two or more different bots, got {args.bots!r}")
    players = {n: _player(n, args.worlds, args.seed, args.time_ms, args.endgame, args.iterations, args.clock)
               for n in names}
    progress = args.progress if args.progress is not None else sys.stderr.isatty()
    t = time.perf_counter()
    res = tournament(_rules(args), players, args.deals, seed=args.seed, threads=args.threads,
                     progress=progress)
    print(res)
    print(f"time: {time.perf_counter() - t:.1f} s")
    return 0


def _bury(args: argparse.Namespace) -> int:
    rules = _rules(args)
    _check_level(rules, args)
    args.level = args.level or rules.first_level
    advice = advise_bury(rules, args.hand, args.level, _trump_option(args.trump), candidates=args.candidate,
                         games=args.games, seed=args.seed, threads=args.threads,
                         progress=args.progress if args.progress is not None else sys.stderr.isatty())
    print(f"burials for {args.preset}, level {args.level}, trump {args.trump}, {args.games:,} deals each "
          "(best first: fewest attackers' points):")
    for i, a in enumerate(advice, 1):
        print(f"{i:>2}. {a}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    out = args.out
    if not out.lower().endswith((".html", ".htm")):
        raise ValueError(f"--out {out!r}: a replay is an HTML page: give a name ending in .html")
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise ValueError(f"--out {out!r}: no folder {folder!r}")
    names = [n.strip() for n in args.bots.split(",")]
    if len(names) not in (2, 4) or not all(names):
        raise ValueError(f"--bots {args.bots!r}: two names (seats 0+2, then 1+3) or four (one per seat), each one of "
                         f"{', '.join(bots.BOT_NAMES)}")
    _bot_names(args)  # unknown names refused before playing
    players = [player(n, args.seed, args.worlds) for n in names]
    t = time.perf_counter()
    deal = play_deal(_rules(args), args.seed, players)
    page = deal.to_html(args.seat)
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)
    r = deal.result()
    seats = ", ".join(f"seat {s} {names[s % len(names)]}" for s in range(4))
    print(f"{out}: {args.preset}, seed {args.seed}, {seats}; "
          f"{'every hand' if args.seat is None else f'what seat {args.seat} sees'}")
    print(f"attackers {r.attacker_points} points, kitty {'captured' if r.kitty_captured else 'kept'}; "
          f"open it in a browser (←/→ step, Home/End); {time.perf_counter() - t:.1f} s")
    return 0


BOT_NAMES = ("greedy", "random", "pimc", "ismcts")
SEARCH_BOTS = ("pimc", "ismcts")


def _play(args: argparse.Namespace) -> int:
    """A human at the terminal against three bots (``shengji.frontend.play.Session``), reading stdin."""
    from .play import Session

    rules = _rules(args)
    names = [n.strip().lower() for n in args.bots.split(",")]
    if len(names) not in (1, 3) or not all(n in BOT_NAMES for n in names):
        raise ValueError(f"--bots {args.bots!r}: one bot for the three other seats, or three comma-separated (the "
                         f"seats after yours in play order), each one of {', '.join(BOT_NAMES)}")
    searching = sorted({n for n in names if n in SEARCH_BOTS})
    if args.time_ms is not None and not searching:
        raise ValueError(f"--time-ms {args.time_ms:g}: only the search bots ({', '.join(SEARCH_BOTS)}) take a clock; "
                         f"--bots {args.bots!r} has none")
    if args.out is not None:
        if not args.out.lower().endswith((".html", ".htm")):
            raise ValueError(f"--out {args.out!r}: a replay is an HTML page: give a file name ending in .html")
        _check_writable(args.out, "--out")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    seats = [(args.seat + i) % 4 for i in (1, 2, 3)]
    by_seat = dict(zip(seats, names * 3 if len(names) == 1 else names, strict=False))
    players: list[Any] = [None] * 4
    labels = ["you"] * 4
    for s, n in by_seat.items():
        players[s] = player(n, seed, args.worlds, time_ms=args.time_ms, iterations=args.iterations,
                            clock=args.clock)
        labels[s] = n
    rule_args = "".join(f" --rule {r}" for r in args.rule or [])
    command = f"play --preset {args.preset}{rule_args} --seat {args.seat} --bots {args.bots}"
    print(f"shengji play: {args.preset} ({rules.decks} deck(s), kitty {rules.kitty}, "
          f"{'找朋友: the dealer calls a friend' if rules.partnership == 'call_card' else 'partners sit opposite'}); "
          f"seed {seed}; you are seat {args.seat}; "
          + ", ".join(f"seat {s} {labels[s]}" for s in seats))
    if args.time_ms is not None:
        print(f"--time-ms {args.time_ms:g}: the {' and '.join(searching)} bots search on the clock, so their choices "
              f"depend on the machine's speed: --seed {seed} deals the same cards, but the deal does not replay "
              "exactly")
    else:
        print(f"replay this deal exactly: shengji {command} --seed {seed} (the bots have no clock)")
    print("type ? at any prompt for the commands; q quits")
    session = Session(rules, seed=seed, seat=args.seat, bots=players, names=labels, inp=sys.stdin, out=sys.stdout,
                      replay=args.out, preset=args.preset, command=command)
    return session.run()


class _DefaultsHelp(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default, once: a help that states its default itself ("(default: ...")
    keeps its own; a required option has none; a flag's default is off; None is "none"."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "(default" in text or action.default is argparse.SUPPRESS or not action.option_strings or \
                action.required:
            return action.help
        if isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction)):
            default = "on" if action.default else "off"
        else:
            default = "none" if action.default is None else "%(default)s"
        return f"{text} (default: {default})" if text else f"(default: {default})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="shengji", description="Shengji (升级 / Tractor) simulation core")
    parser.add_argument("--version", action="version", version=f"shengji {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    _add = sub.add_parser

    def add_parser(name: str, **kw: Any) -> argparse.ArgumentParser:  # every option's help shows its default
        return _add(name, formatter_class=_DefaultsHelp, **kw)

    sub.add_parser = add_parser  # type: ignore[method-assign]
    sim = sub.add_parser("simulate", help="a native Monte-Carlo run of whole deals")
    sim.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    sim.add_argument("--games", type=_int, default=100_000, help="deals to play")
    sim.add_argument("--policy", default="greedy", help="random, greedy, or four comma-separated (one per seat)")
    sim.add_argument("--seed", type=_int, default=0, help="the run's seed (deal i uses stream i)")
    sim.add_argument("--threads", type=_int, default=None, help="native threads (default: every core)")
    sim.add_argument("--level", default=None, help="the level rank (default: the preset's first level)")
    sim.add_argument("--trump", default="declare", help="declare, S/H/D/C, or NT (no trump)")
    sim.add_argument("--dealer", default=None, help="fixed dealer seat 0..3 (default: random per deal)")
    sim.add_argument("--plot", metavar="FILE.png", help="draw the attackers' points distribution")
    sim.add_argument("--out", metavar="FILE.npz", help="save the per-deal arrays")
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="progress bar (default: on a terminal)")
    sim.add_argument("--rule", action="append", metavar="KEY=VALUE",
                     help="a rule option over --preset (repeatable): kitty_multiplier=copies, wider_shapes=true, "
                          "kitty=6, constant_ranks=2,3,5; shengji options lists them")
    sim.add_argument("--hand", action="append", metavar="SEAT=CARDS", help="a fixed dealt hand (repeatable)")
    sim.add_argument("--kitty", default=None, help="the kitty as dealt, in order ('3S 4H ...')")
    sim.add_argument("--buried", default=None, help="the cards the dealer buries")
    sim.set_defaults(func=_simulate)
    mat = sub.add_parser("matches", help="whole matches natively: who wins from given levels, in how many deals")
    mat.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    mat.add_argument("--matches", type=_int, default=10_000, help="matches to play")
    mat.add_argument("--levels", default=None, metavar="L0,L1",
                     help="starting levels: team 0's and team 1's (8,J), or one per seat under 找朋友")
    mat.add_argument("--first-dealer", default=None, help="the seat 0..3 dealing first (default: 0)")
    mat.add_argument("--end-level", default=None, help="the level that ends the match (default: the last)")
    mat.add_argument("--max-deals", type=_int, default=None, help="stop a match unfinished after this many deals")
    mat.add_argument("--policy", default="greedy", help="random, greedy, or four comma-separated (one per seat)")
    mat.add_argument("--seed", type=_int, default=0, help="the run's seed (match i uses match_seed(seed, i))")
    mat.add_argument("--threads", type=_int, default=None, help="native threads (default: every core)")
    mat.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option over --preset (repeatable)")
    mat.add_argument("--plot", metavar="FILE.png", help="draw the final levels and the deals a match")
    mat.add_argument("--out", metavar="FILE.npz", help="save the per-match arrays")
    mat.set_defaults(func=_matches)
    bench = sub.add_parser("bench", help="deals/s and plays/s: native core vs pure-Python reference")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--preset", default="qq-2deck", choices=Rules.presets(),
                       help="the rule system of the top-level figures")
    bench.add_argument("--presets", default=None, help="comma-separated presets to measure (default: every preset)")
    bench.add_argument("--games", type=_int, default=50_000, help="native deals per random-play measurement")
    bench.add_argument("--greedy-games", type=_int, default=10_000, help="native deals per greedy-play measurement")
    bench.add_argument("--reference-games", type=_int, default=20, help="deals the pure-Python reference plays")
    bench.add_argument("--seed", type=_int, default=1, help="the run's seed")
    bench.add_argument("--trump", default="declare", help="declare, S/H/D/C, or NT (no trump)")
    bench.set_defaults(func=_bench)
    tour = sub.add_parser("tournament", help="duplicate deals between bots: which is stronger")
    tour.add_argument("--bots", default="pimc,greedy",
                      help=f"two or more of {', '.join(bots.BOT_NAMES)}")
    tour.add_argument("--deals", type=_int, default=200, help="duplicate deals per pair")
    tour.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    tour.add_argument("--worlds", type=_int, default=None, help="PIMC's sampled worlds (default: 64; with --time-ms "
                      "the most)")
    tour.add_argument("--iterations", type=_int, default=None, help="ISMCTS's iterations (default: 1000; with "
                      "--time-ms the most)")
    tour.add_argument("--time-ms", type=float, default=None, help="the search bots' budget per decision")
    tour.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what --time-ms measures: elapsed "
                      "time, or the searching threads' CPU time (the same work on a loaded machine)")
    tour.add_argument("--endgame", type=_int, default=0, help="PIMC: solve each world exactly once every hand "
                      "holds at most this many cards")
    tour.add_argument("--seed", type=_int, default=0, help="the deals' seed")
    tour.add_argument("--threads", type=_int, default=None, help="native threads (default: every core)")
    tour.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                      help="progress bar (default: on a terminal)")
    tour.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option over --preset (repeatable)")
    tour.set_defaults(func=_tournament)
    sizes = ", ".join(f"{n} {Rules.preset(n).hand_size + (Rules.preset(n).kitty or 0)}" for n in Rules.presets())
    bury = sub.add_parser("bury", help="rank candidate burials by native runs with the hand fixed")
    bury.add_argument("--hand", required=True, help="the burier's cards with the kitty, e.g. 'AS KS 10H ...': as many "
                                                    f"as a hand and the kitty hold ({sizes})")
    bury.add_argument("--candidate", action="append", metavar="CARDS",
                      help="a burial to rank (repeatable; none given: the greedy burial and each short suit voided)")
    bury.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option over --preset (repeatable)")
    bury.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                      help="progress bar (default: on a terminal)")
    bury.add_argument("--level", default=None, help="the level rank (default: the preset's first level)")
    bury.add_argument("--trump", required=True, help="S/H/D/C, or NT (no trump)")
    bury.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    bury.add_argument("--games", type=_int, default=2000, help="deals per candidate")
    bury.add_argument("--seed", type=_int, default=0, help="the runs' seed")
    bury.add_argument("--threads", type=_int, default=None, help="native threads (default: every core)")
    bury.set_defaults(func=_bury)
    show = sub.add_parser("show", help="summarise (and plot) a run saved with simulate --out or matches --out")
    show.add_argument("file", metavar="FILE.npz", help="the saved run")
    show.add_argument("--plot", metavar="FILE.png", help="draw the attackers' points distribution (simulate), or "
                                                         "the final levels and the deals a match (matches)")
    show.set_defaults(func=_show)
    rep = sub.add_parser("replay", help="one deal played by bots, written as an HTML page that steps through it")
    rep.add_argument("--out", required=True, metavar="FILE.html", help="the page to write")
    rep.add_argument("--bots", default="greedy,greedy",
                     help="A,B (A plays seats 0 and 2, B seats 1 and 3) or four names, one per seat; each one of "
                          f"{', '.join(bots.BOT_NAMES)}")
    rep.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    rep.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option over --preset (repeatable)")
    rep.add_argument("--seed", type=_int, default=0, help="the deal's seed")
    rep.add_argument("--seat", default=None, help="show only what this seat 0..3 sees (default: every "
                     "hand)")
    rep.add_argument("--worlds", type=_int, default=64, help="PIMC's sampled worlds")
    rep.set_defaults(func=_replay)
    ply = sub.add_parser("play", help="play a whole deal against the bots at the terminal",
                         description="Play whole deals against the bots: you hold one seat, the bots the other "
                         "three. Every decision (declaring, 炒底, burying, 换底, 找朋友's call, every trick) lists "
                         "the moves numbered: pick one by its number or type it in card notation (7S 7S, 10H JH, "
                         "pass). At any prompt: u undoes your last move, all lists every move, r [FILE.html] writes "
                         "the replay page, ? repeats the position, q quits (status 0, as does the end of input).")
    ply.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    ply.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option over --preset (repeatable)")
    ply.add_argument("--seat", default="0", help="your seat, 0..3 (seat 0 deals; partners sit opposite)")
    ply.add_argument("--bots", default="greedy",
                     help="one bot for the three other seats, or three comma-separated (the seats after yours in "
                          "play order); each of greedy, random, pimc, ismcts")
    ply.add_argument("--seed", type=_int, default=None,
                     help="the deal's seed: the same seed deals the same cards, and bots without --time-ms play "
                          "the same (default: a random seed, printed)")
    ply.add_argument("--worlds", type=_int, default=64, help="PIMC's sampled worlds a decision")
    ply.add_argument("--iterations", type=_int, default=None, help="ISMCTS's iterations a decision (default: 1000; "
                     "with --time-ms the most)")
    ply.add_argument("--time-ms", type=float, default=None, help="the search bots' clock a decision (then a seed "
                     "does not replay the deal exactly)")
    ply.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what --time-ms measures")
    ply.add_argument("--out", metavar="FILE.html", default=None,
                     help="write the replay page when the deal ends (default: offered at the end)")
    ply.set_defaults(func=_play)
    opts = sub.add_parser("options", help="the rule options, their values and what is implemented (Markdown)")
    opts.set_defaults(func=_options)
    demo = sub.add_parser("demo", help="show units, a legality check and a throw check")
    demo.add_argument("--preset", default="qq-2deck", choices=Rules.presets(), help="the rule system")
    demo.add_argument("--level", default="10", help="the level rank")
    demo.add_argument("--suit", default="H", help="trump suit S/H/D/C, or NT for no trump")
    demo.set_defaults(func=_demo)
    args, extra = parser.parse_known_args(argv)
    if extra:  # an unknown option of a subcommand: that subcommand's usage
        sub.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        _check_options(args)
        return int(args.func(args))
    except (ValueError, TypeError, NotImplementedError) as err:  # the API refused an argument: no traceback
        print(f"shengji {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's code for SIGINT
        print(f"shengji {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (shengji ... | head): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
