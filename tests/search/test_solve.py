"""The exact endgame and candidate classes: ``deal.solve``, ``deal.solve_values`` and
``deal._classes``. The solver is held to brute-force minimax over ``legal_actions()``; plays merged into one class
must have equal exact values, under full knowledge and under the mover's."""

from __future__ import annotations

import random

import pytest

from shengji import Cards, Deal, Rules

PRESETS = Rules.presets()


def brute(d: Deal) -> int:
    """Minimax over every legal action: the attackers maximise their final points, the defenders minimise."""
    if d.phase == "done":
        return d.result().attacker_points
    att = d.is_attacker(d.to_move)
    values = []
    for a in d.legal_actions():
        c = d.clone()
        c.act(a)
        values.append(brute(c))
    return max(values) if att else min(values)


def endgame(preset: str, seed: int, cards: int, policy: str = "random") -> Deal | None:
    """A deal of ``preset`` played by ``policy`` until every hand holds at most ``cards`` cards, stopped at a
    random point of a trick."""
    d = Deal(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    stop = rng.randrange(4)
    while d.phase != "done":
        if d.phase == "play" and max(len(d.hand(s)) for s in range(4)) <= cards and len(d.trick) == stop:
            return d
        d.act(d.policy_action(policy, seed=rng.randrange(1 << 30)))
    return None


@pytest.mark.parametrize("preset", PRESETS)
def test_the_solver_equals_brute_force_minimax(preset):
    checked = 0
    for seed in range(10):
        d = endgame(preset, seed, 3 if seed % 3 else 2)
        if d is None:
            continue
        before = d.moves
        assert d.solve() == brute(d), (preset, seed)
        assert d.moves == before  # solving does not touch the deal
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_solve_values_are_each_action_solved_best_first(preset):
    for seed in range(4):
        d = endgame(preset, seed, 4, policy="greedy")
        if d is None:
            continue
        values = d.solve_values()
        assert sorted(map(str, (a for a, _ in values))) == sorted(map(str, d.legal_actions()))
        for a, v in values:
            c = d.clone()
            c.act(a)
            assert c.solve() == v
        best = [v for _, v in values]
        assert best == (sorted(best, reverse=True) if d.is_attacker(d.to_move) else sorted(best))
        assert best[0] == d.solve()


@pytest.mark.parametrize("preset", PRESETS)
def test_merged_plays_have_equal_exact_values(preset):
    """Plays of one class lead to the same final points under perfect play in the true deal."""
    merged = 0
    for seed in range(30):
        d = endgame(preset, seed, 5 if seed % 2 else 4)
        if d is None:
            continue
        actions = list(d.legal_actions())
        cls = d._classes(actions)
        assert all(cls[cls[i]] == cls[i] <= i for i in range(len(actions)))
        for i, a in enumerate(actions):
            if cls[i] != i:
                x, y = d.clone(), d.clone()
                x.act(a)
                y.act(actions[cls[i]])
                assert x.solve() == y.solve(), (preset, seed, str(a), str(actions[cls[i]]))
                merged += 1
    assert merged > 0  # the test met merged plays


FULL = [f"{r}{s}" for s in "SHDC" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()] + ["SJ", "BJ"]


def crafted(preset: str, seat0: str, others_must: str, kitty: str) -> Deal:
    """A deal where seat 0 (the dealer) holds ``seat0`` plus filler, seat 1 holds ``others_must``, the kitty is
    ``kitty`` (buried back as dealt), trump hearts at level 2; returned at seat 0's first lead."""
    rules = Rules.preset(preset)
    pack = FULL * rules.decks
    for c in (seat0 + " " + others_must + " " + kitty).split():
        pack.remove(c)
    free = [c for c in pack if c[-1] != "S"] + [c for c in pack if c[-1] == "S"]  # filler: no spades first
    n = rules.hand_size
    h0 = seat0.split()
    h0 += free[: n - len(h0)]
    free = free[n - len(seat0.split()):]
    h1 = others_must.split()
    h1 += free[: n - len(h1)]
    free = free[n - len(others_must.split()):]
    hands = [h0, h1, free[:n], free[n:2 * n]]
    d = Deal(rules, hands=[" ".join(h) for h in hands], kitty=kitty, trump="H", level="2")
    d.act(Cards(kitty))
    assert d.phase == "play" and d.to_move == 0
    return d


def test_classes_merge_equals_and_keep_apart_what_differs():
    # one deck: seat 0 holds AS QS JS, seat 1 the KS: QS and JS are equals, AS is not (KS lies between);
    # 3C 4C and 6C..9C are equals; 5C and 10C carry points; JC is cut off by the 10C
    d = crafted("qq-1deck", "AS QS JS 3C 4C 5C 6C 7C 8C 9C 10C JC", "KS", "2S 3S 4S 5S 6S 7S")
    acts = list(d.legal_actions())
    cls = d._classes(acts)
    groups: dict[str, set[str]] = {}
    for a, c in zip(acts, cls, strict=True):
        groups.setdefault(str(acts[c]), set()).add(str(a))
    assert groups["JS"] == {"JS", "QS"} and groups["AS"] == {"AS"}
    assert groups["3C"] == {"3C", "4C"} and groups["6C"] == {"6C", "7C", "8C", "9C"}
    assert groups["5C"] == {"5C"} and groups["10C"] == {"10C"} and groups["JC"] == {"JC"}
    # two decks: a lone 9S and one 8S taken from a held pair are not one class (the other 9S buried)
    e = crafted("qq-2deck", "8S 8S 9S 3C 4C", "", "9S 2C 2C 3D 3D 4D 4D 5H")
    acts = list(e.legal_actions())
    cls = e._classes(acts)
    nine, eight = acts.index(Cards("9S")), acts.index(Cards("8S"))
    assert cls[nine] != cls[eight]
    with pytest.raises(ValueError, match="classes are of plays"):
        Deal(Rules(), seed=1)._classes([Cards("AS")])


def test_bad_calls_are_refused():
    d = Deal(Rules(), seed=2)
    with pytest.raises(ValueError, match="play phase; the deal is in the declare phase"):
        d.solve()
    with pytest.raises(ValueError, match="play phase"):
        d.solve_values()
    e = endgame("qq-2deck", 1, 5, policy="greedy")
    assert e is not None
    most = max(len(e.hand(s)) for s in range(4))
    with pytest.raises(ValueError, match=f"a hand holds {most} cards, more than max_cards=2"):
        e.solve(max_cards=2)
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError, match="max_cards"):
            e.solve(max_cards=bad)
    assert e.solve(max_cards=most) == e.solve()
    while e.phase != "done":
        e.act(e.policy_action("greedy"))
    assert e.solve() == e.result().attacker_points
    with pytest.raises(ValueError, match="finished"):
        e.solve_values()


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_merged_plays_have_equal_exact_values_long(preset):
    """The same check on 200 deals per preset with five and six cards a hand left (run with --slow)."""
    for seed in range(200):
        for cards in (5, 6):
            d = endgame(preset, 10_000 + seed, cards)
            if d is None:
                continue
            actions = list(d.legal_actions())
            cls = d._classes(actions)
            for i, a in enumerate(actions):
                if cls[i] != i:
                    x, y = d.clone(), d.clone()
                    x.act(a)
                    y.act(actions[cls[i]])
                    assert x.solve() == y.solve(), (preset, seed, cards, str(a), str(actions[cls[i]]))


@pytest.mark.parametrize("preset", ["qq-2deck", "qq-3deck", "4deck", "bianfeng-friend"])
def test_rollouts_with_the_endgame_equal_the_exact_values(preset):
    """In the true deal (no sampling), rollouts finished by the exact endgame give each candidate its solved
    value in every world."""
    from shengji import _core

    checked = 0
    for seed in range(6):
        d = endgame(preset, seed, 3, policy="greedy")
        if d is None:
            continue
        exact = {str(a): v for a, v in d.solve_values()}
        r = d.rollouts(worlds=3, determinize=False, endgame=3, seed=seed)
        assert [str(a) for a in r.actions] == [str(a) for a in _core.search_candidates(d)]
        for i, a in enumerate(r.actions):
            assert set(r.attacker_points[i].tolist()) == {exact[str(a)]}, (preset, seed, a)
        checked += 1
    assert checked >= 4


def test_the_endgame_waits_until_every_hand_is_small():
    """endgame=k with more than k cards in a hand plays on with the policy until the hands are small: with k = 0
    the rollouts are the policy's alone."""
    d = endgame("qq-2deck", 2, 10, policy="greedy")
    assert d is not None
    plain = d.rollouts(worlds=4, determinize=False, seed=5)
    zero = d.rollouts(worlds=4, determinize=False, seed=5, endgame=0)
    assert (plain.attacker_points == zero.attacker_points).all()
    for bad in (-1, 65, 2.0, True, "4"):
        with pytest.raises(ValueError, match="endgame"):
            d.rollouts(worlds=2, endgame=bad)
        with pytest.raises(ValueError, match="endgame"):
            __import__("shengji").bots.PIMC(endgame=bad)


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_search_candidates_are_one_per_class_and_cover_every_class(preset):
    from shengji import _core

    rng = random.Random(7)
    for seed in range(3):
        d = Deal(Rules.preset(preset), seed=seed)
        while d.phase != "done":
            if d.phase == "play":
                cands = _core.search_candidates(d)
                legal = d.legal_actions(limit=4097)
                if len(legal) > 4096:  # beyond 4,096 legal actions: the reduced set greedy weighs, one per class
                    classes = d._classes(cands)
                    assert classes == list(range(len(cands))) and all(d.is_legal(a) for a in cands)
                else:
                    classes = d._classes(legal)
                    assert len(cands) == min(len(set(classes)), 128)
                    reps = {classes[legal.index(a)] for a in cands}
                    assert len(reps) == len(cands)  # no two candidates of one class
                    if len(set(classes)) <= 128:
                        assert reps == set(classes)
            d.act(d.policy_action("greedy", seed=rng.randrange(1 << 30)))
