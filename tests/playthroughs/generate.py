"""Golden playthroughs: seeded deals recorded move by move, so any change in behaviour shows in review.

Regenerate after an intended change with ``python tests/playthroughs/generate.py`` and review the diff.
Each deal is played through the one action protocol (``legal_actions()`` and ``act()``) by a seeded random
player (plus an occasional throw attempt of a whole suit, so failed throws appear too).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from shengji import Cards, Deal, Rules
from shengji._core import TOKENS

HERE = Path(__file__).parent
CASES = [
    ("qq-1deck", 1, "declare", "2"),
    ("qq-2deck", 2, "declare", "10"),
    ("qq-2deck", 3, "H", "A"),
    ("qq-3deck", 4, "declare", "5"),
    ("chinagame", 5, None, "7"),
    ("bianfeng", 6, "declare", "2"),
    ("4deck", 7, "declare", "3"),
    ("taian", 8, "declare", "8"),
    ("bianfeng-friend", 9, "declare", "2"),
]


def _listed(actions: list[Cards]) -> str:
    return " | ".join(str(a) if len(a) else "pass" for a in actions)


def _seen(deal: Deal) -> list[str]:
    """What each seat knows, one line per seat: the public state as that seat's observation gives it."""
    lines = []
    for seat in range(4):
        o = deal.observation(seat)
        voids = ",".join("".join(sorted(v)) or "-" for v in o.voids)
        lines.append(f"    seat {seat} sees: trump {o.trump} hand {len(o.hand)} kitty "
                     f"{o.kitty if o.kitty is not None else '?'} voids {voids} points {o.attacker_points}/"
                     f"{o.defender_points} called {o.called} friend {o.friend} declarations "
                     f"{[(s, str(c)) for s, c in o.declarations]} hidden {list(o.hidden_declarations)}")
    return lines


def record(preset: str, seed: int, trump, level: str) -> str:
    base = Rules.preset(preset)
    rules = base.replace(throw_penalty="ten_per_card") if base.throw_penalty == "none" else base
    rng = random.Random(seed)
    deal = Deal(rules, seed=seed, dealer=seed % 4, level=level, trump=trump, first_deal=True)
    out = [f"# shengji golden playthrough: preset {preset}, seed {seed}, dealer {seed % 4}, level {level}, "
           f"trump {trump}", "# regenerate: python tests/playthroughs/generate.py",
           "# every step: the legal actions (at most 200, in the core's order), then the action; every trick and",
           "# phase change: what each seat's observation shows",
           "order: " + " ".join(TOKENS[k] for k in deal.order)]
    phase = None
    while deal.phase != "done":
        if deal.phase != phase:
            phase = deal.phase
            out.append(f"phase {phase}: dealer {deal.dealer} trump {deal.trump} declarer {deal.declarer}")
            out.extend(_seen(deal))
        seat = deal.to_move
        if deal.phase == "bury":
            action = deal.policy_action("random", seed=seed)  # (泰安: no points or constant trumps)
            out.append(f"bury seat {seat}: {action}")
            deal.act(action)
            continue
        options = deal.legal_actions(limit=200)
        out.append(f"  legal {len(options)}: {_listed(options)}")
        if deal.phase in ("declare", "grab"):
            action = options[0] if rng.random() < 0.9 or len(options) == 1 else rng.choice(options[1:])
        elif deal.phase == "play" and not deal.trick and rng.random() < 0.1:
            hand, t = deal.hand(seat), deal.trump_context
            suit = t.effective_suit(rng.choice(hand.indices()))
            action = Cards([k for k in hand.indices() if t.effective_suit(k) == suit])
        else:
            action = rng.choice(options)
        played = deal.act(action)
        if played is None:
            out.append(f"{deal.moves[-1][0]} seat {seat}: {action if len(action) else 'pass'}")
            continue
        note = f" (throw {played.attempted} failed)" if played.failed_throw else ""
        out.append(f"play seat {seat}: {played.cards}{note}")
        if not deal.trick:
            leader, plays, winner = deal.tricks[-1]
            out.append(f"  trick {len(deal.tricks)}: winner {winner}, attackers {deal.attacker_points}")
            out.extend(_seen(deal))
    out.append(f"result: {deal.result()}")
    out.extend(_seen(deal))
    return "\n".join(out) + "\n"


def path_of(case) -> Path:
    preset, seed, trump, level = case
    return HERE / f"{preset}-seed{seed}.txt"


def main() -> int:
    for case in CASES:
        path_of(case).write_text(record(*case), encoding="utf-8")
        print(f"wrote {path_of(case)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
