"""Cards behave as an immutable multiset value, checked against collections.Counter."""

import pickle
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from shengji import Cards, parse_cards, points
from shengji._core import TOKENS

kinds = st.integers(0, 53)
multisets = st.lists(kinds, max_size=40).map(lambda xs: [k for k, n in Counter(xs).items() for _ in range(min(n, 4))])


def counter(c: Cards) -> Counter:
    return Counter(c.indices())


@given(multisets)
def test_round_trip_through_text(xs):
    c = Cards(xs)
    assert parse_cards(str(c)) == c
    assert Cards(str(c).lower()) == c
    assert counter(c) == Counter(xs)
    assert len(c) == len(xs)
    assert list(c) == [TOKENS[k] for k in sorted(xs)]


@given(multisets, multisets)
def test_sum_and_difference_match_counter(a, b):
    ca, cb = Cards(a), Cards(b)
    total = Counter(a) + Counter(b)
    if max(total.values(), default=0) > 4:
        with pytest.raises(ValueError, match="more than 4"):
            ca + cb
    else:
        s = ca + cb
        assert counter(s) == total
        assert s - cb == ca
    if not (Counter(b) - Counter(a)):
        assert counter(ca - cb) == Counter(a) - Counter(b)
        assert cb.issubset(ca)
    else:
        with pytest.raises(ValueError, match="cannot remove"):
            ca - cb


@given(multisets)
def test_value_semantics(xs):
    c = Cards(xs)
    assert c == Cards(list(reversed(xs)))
    assert hash(c) == hash(Cards(list(reversed(xs))))
    assert pickle.loads(pickle.dumps(c)) == c
    for k in set(xs):
        assert TOKENS[k] in c and c.count(TOKENS[k]) == xs.count(k) and c.count(k) == xs.count(k)


def test_tokens_aliases_and_separators():
    c = parse_cards("10h, TH 10♥ ah AS,sj BJ js")
    assert c.count("10H") == 3 and c.count("AH") == 1 and c.count("AS") == 1
    assert c.count("SJ") == 1 and c.count("JS") == 1 and c.count("BJ") == 1
    assert str(parse_cards("BJ SJ 2C AS")) == "AS 2C SJ BJ"


def test_points_counts_fives_tens_kings():
    assert points("5S 5H 10D KC KC 9S AS SJ") == 40
    assert points(Cards()) == 0


@pytest.mark.parametrize("text,bad,pos", [("AS XX", "XX", 2), ("1S", "1S", 1), ("AS 10 KH", "10", 2),
                                          ("AZ", "AZ", 1), ("AS KH QQ", "QQ", 3)])
def test_bad_tokens_name_token_and_position(text, bad, pos):
    with pytest.raises(ValueError, match=f"'{bad}' at position {pos}"):
        parse_cards(text)


def test_too_many_copies():
    with pytest.raises(ValueError, match="more than 4"):
        parse_cards("AS AS AS AS AS")
    with pytest.raises(ValueError, match="more than 4"):
        Cards([0] * 5)


def test_wrong_types():
    with pytest.raises(TypeError):
        parse_cards(12)
    with pytest.raises(TypeError):
        Cards(3.5)
    with pytest.raises(ValueError, match="out of range"):
        Cards([54])
    with pytest.raises(TypeError):
        Cards([None])
    with pytest.raises(TypeError):
        Cards("AS") + "KS"


class CardsMachine(RuleBasedStateMachine):
    """Cards and a Counter stay equal through any sequence of additions and removals."""

    def __init__(self):
        super().__init__()
        self.cards = Cards()
        self.model: Counter = Counter()

    @rule(k=kinds)
    def add(self, k):
        if self.model[k] < 4:
            self.cards = self.cards + Cards([k])
            self.model[k] += 1
        else:
            with pytest.raises(ValueError):
                self.cards + Cards([k])

    @rule(k=kinds)
    def remove(self, k):
        if self.model[k] > 0:
            self.cards = self.cards - Cards([k])
            self.model[k] -= 1
        else:
            before = self.cards
            with pytest.raises(ValueError):
                self.cards - Cards([k])
            assert self.cards == before

    @invariant()
    def same(self):
        assert counter(self.cards) == +self.model
        assert len(self.cards) == sum(self.model.values())


TestCardsMachine = CardsMachine.TestCase
TestCardsMachine.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
