"""Match play: levels, dealer rotation, must-play levels, the end of a match; bots."""

import itertools

import pytest

from shengji import Cards, Deal, Match, Rules, bots
from shengji._types import DealResult


def result(attacker_points: int, rules: Rules) -> DealResult:
    o = rules.level_outcome(attacker_points)
    return DealResult(attacker_points, 0, 0, 0, False, o.dealer_keeps, o.dealer_levels, o.attacker_levels,
                      (0, 0, 0, 0))


def test_climb_stops_on_must_play_levels():
    m = Match(Rules())
    assert m.levels == ("2", "2") and m.must_play == {0, 12}
    m._steps = [10, 0]  # Q
    m._climb(0, 3)
    assert m.levels[0] == "A"  # Q -> K -> A, stops at A
    m._climb(0, 3)
    assert m.levels[0] == "A"
    c = Match(Rules(constant_ranks=("2",)))
    c._steps = [0, 0]
    c._climb(0, 3)
    assert c.levels[0] == "3"  # 3 must be played when 2 is constant
    assert level_after(Rules(), 0, 2) == "4"


def level_after(rules, step, n):
    m = Match(rules)
    m._steps = [step, 0]
    m._climb(0, n)
    return m.levels[0]


def test_taian_sequence_starts_at_ace_and_cycles():
    m = Match(Rules.preset("taian"))
    assert m.levels == ("A", "A")
    assert m.sequence[0] == "A" and m.sequence[-1] == "A" and m.sequence[-2] == "K"


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_match_runs_to_a_winner_and_is_reproducible(policy):
    a = Match(Rules(), seed=3, policy=policy)
    winner = a.play_all(max_deals=300)
    assert winner in (0, 1)
    assert a.levels[winner] == "A"
    b = Match(Rules(), seed=3, policy=policy)
    b.play_all(max_deals=300)
    assert [r.result for r in a.history] == [r.result for r in b.history]
    # dealer rotation follows the outcome of each deal
    for prev, nxt in itertools.pairwise(a.history):
        if prev.result.dealer_keeps:
            assert nxt.dealer == (prev.dealer + 2) % 4
        else:
            assert nxt.dealer == (prev.dealer + 1) % 4
    with pytest.raises(ValueError, match="over"):
        a.play_deal()


def test_same_dealer_rule():
    m = Match(Rules(next_dealer="same"), seed=1, policy="greedy")
    for _ in range(6):
        rec = m.play_deal()
        if rec.result.dealer_keeps:
            assert m.dealer == rec.dealer
        else:
            assert m.dealer == (rec.dealer + 1) % 4


def test_no_declaring_phase_lets_the_dealer_name_the_trump():
    m = Match(Rules(declaration="none"), seed=2, policy="greedy")
    for _ in range(3):
        rec = m.play_deal()
        assert rec.trump in ("S", "H", "D", "C")


def test_a_taian_match_is_played_to_a_winner():
    """泰安 declares (a joker and pairs), loses deals nobody declares (闷牌) and keeps the dealer while the dealer
    team wins; a match runs to its end from A."""
    m = Match(Rules.preset("taian"), seed=2, policy="random")
    m.play_all(max_deals=600)
    assert m.winner in (0, 1) and m.history[0].level == "A"


def test_match_points_not_computed_yet():
    assert Match(Rules()).points is None
    with pytest.raises(NotImplementedError, match="throw_penalty='match_point'"):
        Match(Rules.preset("chinagame")).points  # noqa: B018
    with pytest.raises(ValueError, match="match_points='qq' is not implemented yet"):
        Rules(match_points="qq")


def test_greedy_beats_random_as_a_team():
    wins = 0
    for seed in range(6):
        m = Match(Rules(), seed=seed, policy=[bots.Greedy(), bots.Random(seed), bots.Greedy(), bots.Random(seed)])
        wins += m.play_all(max_deals=200) == 0
    assert wins >= 5


def test_policy_errors():
    with pytest.raises(ValueError, match="unknown policy"):
        Match(Rules(), policy="clever")
    with pytest.raises(ValueError, match="one per seat"):
        Match(Rules(), policy=["random"] * 3)
    with pytest.raises(TypeError, match="policy"):
        Match(Rules(), policy=42)


def test_greedy_bury_keeps_trumps_and_points():
    rules = Rules()
    deal = Deal(rules, seed=8, trump="H", level="2")
    buried = bots.Greedy().bury(deal)
    t = deal.trump_context
    assert len(buried) == 8 and buried.issubset(deal.hand(deal.dealer))
    kept = deal.hand(deal.dealer) - buried
    plain_pointless_kept = [k for k in kept.indices() if not t.is_trump(k) and k % 13 not in (3, 8, 11)]
    if any(t.is_trump(k) for k in buried.indices()):
        assert not plain_pointless_kept
    assert isinstance(buried, Cards)


def test_four_deck_levels_start_at_three():
    """The 4-deck post makes 2 a fixed trump and starts at 3 (seed 001: 3必打（2为常主时）: 3 must be played)."""
    rules = Rules.preset("4deck")
    assert rules.first_level == "3"
    m = Match(rules)
    assert m.levels == ("3", "3") and m.sequence[0] == "3" and m.sequence[-1] == "A"
    assert m.must_play == {0, len(m.sequence) - 1}
    m._climb(0, 3)
    assert m.levels[0] == "6"
    q = Match(Rules(first_level="3"), seed=1)
    assert q.play_deal().level == "3"
