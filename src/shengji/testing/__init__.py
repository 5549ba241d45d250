"""Test equipment: the pure-Python reference of the rules, a second oracle written from docs/RULES.md and
docs/MODEL.md independently of the C core (``reference``: cards, units, follow legality, throws, trick winners,
level outcomes; ``reference_deal``: a whole deal step by step). The test suite's differential tests hold the core
to it and ``shengji bench`` times it beside the core; nothing else in the package imports it. It stays importable
for users who want a second oracle: ``from shengji.testing.reference_deal import RefDeal``."""
