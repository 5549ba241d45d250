"""The native comparisons of a fast path with its reference, played along whole deals (``Deal._greedy_check``,
``Deal._candidates_check``; csrc/src/sj_reference.c): the tables, levels and option draws they run on, shared by
tests/core/test_greedy_construct.py and tests/core/test_candidate_classes.py."""

from __future__ import annotations

import random
from collections.abc import Callable

from shengji import Deal, Rules

SYSTEMS = ("qq-1deck", "qq-2deck", "qq-3deck", "4deck", "taian", "bianfeng", "bianfeng-friend", "chinagame")
TABLES = (("greedy",) * 4, ("greedy", "random") * 2, ("random", "greedy") * 2, ("random",) * 4,
          ("greedy", "greedy", "random", "random"))
LEVELS = ("3", "10", "A", "5", "K")
OPTION_VALUES = {
    "follow_protection": ("none", "longer_tuples"),
    "trick_compare": ("largest_unit", "all_units", "highest_card"),
    "failed_throw": ("lowest", "smallest_shape"),
    "constant_ranks": ((), ("2",), ("2", "3", "5")),
    "follow_ladder": ("qq", "4deck"),
    "wider_shapes": (False, True),
    "taian_trump_follow": (False, True),
}

Check = Callable[[Deal, tuple, int], "tuple[int, object]"]


def greedy_check(deal: Deal, table: tuple, seed: int):
    n, differs = deal._greedy_check(table, seed=seed)
    return n, differs and (f"at move {differs[2]} the greedy play is {differs[0]}, the enumerating reference "
                           f"{differs[1]}")


def candidates_check(deal: Deal, table: tuple, seed: int):
    n, differs = deal._candidates_check(table, seed=seed)
    return n, differs and (
        f"at {differs[3]!r} (seat {differs[3].to_move}, trick {differs[3].trick}) the direct candidates "
        f"{[str(c) for c in differs[0]]} (choice {differs[2][0]}) differ from the listed ones "
        f"{[str(c) for c in differs[1]]} (choice {differs[2][1]})")


def compare(check: Check, rules: Rules, decisions: int, seed: int) -> int:
    """Play deals until `decisions` were compared; fail at the first that differs."""
    compared, i = 0, 0
    while compared < decisions:
        table = TABLES[i % len(TABLES)]
        deal = Deal(rules, seed=seed * 1_000_003 + i, trump="declare", level=LEVELS[i % len(LEVELS)])
        n, differs = check(deal, table, seed + i)
        assert differs is None, f"{rules!r} seed {seed * 1_000_003 + i} table {table}: {differs}"
        compared += n
        i += 1
    return compared


def compare_varied(check: Check, rng: random.Random, presets: int, decisions: int, seed: int) -> int:
    """`presets` presets with some card options drawn at random (invalid draws skipped), `decisions` each."""
    compared = 0
    for i in range(presets):
        changes = {name: rng.choice(values) for name, values in OPTION_VALUES.items() if rng.random() < 0.5}
        try:
            rules = Rules.preset(SYSTEMS[i % len(SYSTEMS)]).replace(**changes)
        except ValueError:
            continue
        compared += compare(check, rules, decisions, seed + i)
    return compared
