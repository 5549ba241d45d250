"""Duplicate tournaments and the bury advisor."""

from __future__ import annotations

import pytest

from shengji import Cards, Deal, Rules, advise_bury, bots, points, tournament
from shengji.cli import main


def test_a_bot_against_itself_is_even():
    res = tournament(Rules(), {"a": bots.Random(1), "b": bots.Random(2)}, 60, seed=3)
    m, lo, hi = res.advantage("a", "b")
    assert lo < 0 < hi and lo < m < hi
    assert res.advantage("b", "a") == pytest.approx((-m, -hi, -lo))
    assert "advantage" in str(res)


def test_greedy_beats_random_and_is_reproducible():
    a = tournament(Rules(), {"greedy": "greedy", "random": "random"}, 100, seed=1)
    b = tournament(Rules(), {"greedy": "greedy", "random": "random"}, 100, seed=1, threads=1)
    assert a.advantage("greedy", "random") == b.advantage("greedy", "random")
    m, lo, hi = a.advantage("greedy", "random")
    assert lo > 0.5  # greedy wins levels by a wide margin
    assert a.bot("greedy", "points")[1] > 0
    with pytest.raises(ValueError, match="unknown bot"):
        a.advantage("greedy", "pimc")
    with pytest.raises(ValueError, match="two"):
        tournament(Rules(), {"greedy": "greedy"}, 10)


def test_advisor_ranks_a_pointless_burial_first():
    """A dealer holding five 10s and Ks in a short side suit and some small side cards: burying the points
    (which the attackers capture, multiplied, whenever they win the last trick) is plainly wrong."""
    rules = Rules()
    deal = Deal(rules, seed=4, trump="H")
    hand = deal.hand(0)
    t = deal.trump_context
    pointy = [k for k in hand.indices() if points(Cards([k])) and not t.is_trump(k)]
    plain = [k for k in hand.indices() if not points(Cards([k])) and not t.is_trump(k)]
    assert len(pointy) >= 4 and len(plain) >= 8
    with_points = Cards((pointy + plain)[:8])
    without = Cards(plain[:8])
    advice = advise_bury(rules, hand, "2", "H", candidates=[with_points, without], games=600, seed=2)
    assert advice[0].cards == without and advice[1].cards == with_points
    assert advice[0].attacker_points[0] < advice[1].attacker_points[0]
    generated = advise_bury(rules, hand, "2", "H", games=100, seed=2)
    assert bots.Greedy().bury(Deal(rules, seed=4, trump="H")) in [a.cards for a in generated]
    assert all(len(a.cards) == 8 and a.cards.issubset(hand) for a in generated)


def test_advisor_errors():
    rules = Rules()
    hand = Deal(rules, seed=4, trump="H").hand(0)
    with pytest.raises(ValueError, match="33"):
        advise_bury(rules, "AS", "2", "H")
    with pytest.raises(ValueError, match="needs the trump"):
        advise_bury(rules, hand, "2", "declare")
    with pytest.raises(ValueError, match="candidates\\[0\\]"):
        advise_bury(rules, hand, "2", "H", candidates=[Cards("BJ")])


def test_cli_tournament_and_bury(capsys):
    assert main(["tournament", "--bots", "greedy,random", "--deals", "20", "--no-progress"]) == 0
    assert "greedy over random" in capsys.readouterr().out
    hand = str(Deal(Rules(), seed=4, trump="H").hand(0))
    assert main(["bury", "--hand", hand, "--trump", "H", "--games", "50"]) == 0
    assert " 1. " in capsys.readouterr().out
    assert main(["tournament", "--bots", "greedy,clever"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_cli_stops_quietly_when_the_reader_goes_away(monkeypatch, capsys):
    """shengji ... | head: a closed pipe ends the command with exit status 141 and no traceback."""
    import os
    import sys

    read, write = os.pipe()
    os.close(read)
    out = os.fdopen(write, "w", buffering=1)
    monkeypatch.setattr(sys, "stdout", out)
    try:
        assert main(["options"]) == 141
    finally:
        monkeypatch.undo()
        try:
            out.close()
        except OSError:
            pass
    assert "Traceback" not in capsys.readouterr().err
