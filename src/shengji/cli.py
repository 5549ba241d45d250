"""The ``shengji`` command line. ``shengji demo`` shows the rules core at work."""

from __future__ import annotations

import argparse
import sys

from . import Rules, Trump


def _demo(args: argparse.Namespace) -> int:
    rules = Rules.preset(args.preset)
    trump = Trump(rules, args.level, None if args.suit.upper() in ("NT", "NONE") else args.suit)
    print(f"rules: {args.preset} ({rules.decks} deck(s), kitty {rules.kitty}); {trump!r}")
    play = "10H 10H 10S 10S AH AH 9H 9H 5H"
    print(f"\nunits of {play}:")
    for u in trump.units(play):
        print(f"  {u.kind:8s} width {u.width} length {u.length}: {u.cards}")
    hand, lead = "7S 7S 6S 3S 2H KD", "AS AS"
    for p in ("7S 7S", "6S 3S"):
        ok = trump.is_legal_follow(hand, lead, p)
        print(f"\nhand {hand!r} follows {lead!r} with {p!r}: {'legal' if ok else 'illegal'}")
    print(f"legal follows: {[str(c) for c in trump.legal_follows(hand, lead)]}")
    throw, others = "9S 8S 8S 4S 4S", ["JS 2H", "3C 3C", "QD"]
    res = trump.check_throw(throw, others)
    print(f"\nthrow {throw!r} against {others}: {'stands' if res.ok else 'fails'}, plays {res.played}")
    plays = ["5S 4S 4S", "9H 7H 7H", "8H 8H 4H", "6S 3S 2S"]
    print(f"trick {plays}: won by play {trump.trick_winner(plays)}")
    print(f"kitty multiplier of a last lead 4S 4S 5S 5S: x{trump.kitty_multiplier('4S 4S 5S 5S')}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="shengji", description="Shengji (升级 / Tractor) simulation core")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="show units, a legality check and a throw check")
    demo.add_argument("--preset", default="qq-2deck", choices=Rules.presets())
    demo.add_argument("--level", default="10")
    demo.add_argument("--suit", default="H", help="trump suit S/H/D/C, or NT for no trump")
    demo.set_defaults(func=_demo)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
