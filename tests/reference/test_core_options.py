"""The hand-written rule cases of tests/reference/test_reference.py, run again against the C core.

As in RapidFuzz, one set of cases checks both implementations: an adapter gives the C core the
reference's interface (kind-index lists in, sorted tuples out), and every test of test_reference.py
that builds its context through ``trump()`` (and ``level_outcome``) runs here on the core.
"""

from __future__ import annotations

import pytest
import test_reference as base

from shengji import Cards, Rules, Trump


class CoreTrump:
    """The C core behind the reference's interface."""

    def __init__(self, rules, level, suit):
        natural = getattr(rules, "tractor_rule", "position")
        if natural != "position" and not hasattr(Trump, "play_suit"):
            pytest.skip("the core does not know tractor_rule yet")
        extra = {} if natural == "position" else {"tractor_rule": natural}
        self.rules = Rules(
            decks=rules.decks,
            constant_ranks=tuple(rules.constant_ranks),
            follow_protection=rules.follow_protection,
            follow_ladder=rules.follow_ladder,
            taian_trump_follow=rules.taian_trump_follow,
            failed_throw=rules.failed_throw,
            trick_compare=rules.trick_compare,
            kitty_multiplier=rules.kitty_multiplier,
            level_table=rules.level_table,
            wider_shapes=getattr(rules, "wider_shapes", False),
            trump_order=getattr(rules, "trump_order", "qq"),
            **extra,
        )
        self.t = Trump(self.rules, level, suit)
        self.decks = rules.decks
        # the naive brute-force oracle of test_reference ranks shapes with the reference's key
        self.unit_key = base.RefTrump(rules, level, suit).unit_key

    def is_trump(self, kind):
        return self.t.is_trump(kind)

    def effective_suit(self, kind):
        return self.t.effective_suit(kind)

    def position(self, kind):
        return self.t.position(kind)

    def units(self, cards):
        return [(u.kind, u.width, u.length, u.cards.indices()) for u in self.t.units(Cards(cards))]

    def is_tractor(self, cards):
        return self.t.is_tractor(Cards(cards))

    def play_suit(self, cards):
        return self.t.play_suit(Cards(cards))

    def is_legal_follow(self, hand, lead, play):
        return self.t.is_legal_follow(Cards(hand), Cards(lead), Cards(play))

    def legal_follows(self, hand, lead, limit=None):
        return {c.indices() for c in self.t.legal_follows(Cards(hand), Cards(lead), limit=limit)}

    def check_throw(self, lead, others):
        r = self.t.check_throw(Cards(lead), [Cards(o) for o in others])
        return r.ok, r.played.indices()

    def trick_winner(self, plays):
        return self.t.trick_winner([Cards(p) for p in plays])

    def kitty_multiplier(self, last_lead):
        return self.t.kitty_multiplier(Cards(last_lead))


def core_trump(level, suit, **options):
    return CoreTrump(base.RefRules(**options), level, suit)


def core_level_outcome(rules, points):
    r = Rules(decks=rules.decks, level_table=rules.level_table)
    return tuple(r.level_outcome(points))


@pytest.fixture(autouse=True)
def _use_core(monkeypatch):
    monkeypatch.setattr(base, "trump", core_trump)
    monkeypatch.setattr(base, "level_outcome", core_level_outcome)


for _name in dir(base):
    if _name.startswith("test_"):
        globals()[_name] = getattr(base, _name)
