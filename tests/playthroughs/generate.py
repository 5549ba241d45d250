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
]


def record(preset: str, seed: int, trump, level: str) -> str:
    rules = Rules.preset(preset).replace(throw_penalty="ten_per_card") if preset != "chinagame" else \
        Rules.preset(preset)
    rng = random.Random(seed)
    deal = Deal(rules, seed=seed, dealer=seed % 4, level=level, trump=trump, first_deal=True)
    out = [f"# shengji golden playthrough: preset {preset}, seed {seed}, dealer {seed % 4}, level {level}, "
           f"trump {trump}", "# regenerate: python tests/playthroughs/generate.py",
           "order: " + " ".join(TOKENS[k] for k in deal.order)]
    passes = 0
    while deal.phase == "declare":
        seat = deal.to_move
        options = deal.legal_actions()
        choice = options[0] if rng.random() < 0.9 or len(options) == 1 else rng.choice(options[1:])
        deal.act(choice)
        if choice:
            out.append(f"declare seat {seat}: {choice} (after {passes} passes)")
            passes = 0
        else:
            passes += 1
    out.append(f"trump: {deal.trump} declarer: {deal.declarer} dealer: {deal.dealer}")
    bury = Cards(sorted(rng.sample(deal.hand(deal.dealer).indices(), rules.kitty)))
    deal.act(bury)
    out.append(f"bury seat {deal.dealer}: {bury}")
    while deal.phase == "play":
        seat = deal.to_move
        if not deal.trick and rng.random() < 0.1:
            hand, t = deal.hand(seat), deal.trump_context
            suit = t.effective_suit(rng.choice(hand.indices()))
            action = Cards([k for k in hand.indices() if t.effective_suit(k) == suit])
        else:
            action = rng.choice(deal.legal_actions(limit=200))
        played = deal.act(action)
        note = f" (throw {played.attempted} failed)" if played.failed_throw else ""
        out.append(f"play seat {seat}: {played.cards}{note}")
        if not deal.trick:
            leader, plays, winner = deal.tricks[-1]
            out.append(f"  trick {len(deal.tricks)}: winner {winner}, attackers {deal.attacker_points}")
    out.append(f"result: {deal.result()}")
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
