"""Test equipment: the pure-Python reference of the rules, a second oracle written from docs/RULES.md and
docs/MODEL.md independently of the C core (``reference``: cards, units, follow legality, throws, trick winners,
level outcomes; ``reference_deal``: a whole deal step by step; ``placements``: the hidden cards' placements
counted with exact integers and drawn uniformly). The test suite's differential tests hold the core to it and
``shengji bench`` times it beside the core; in the package only those and ``determinize(reference=True)`` import
it. It stays importable for users who want a second oracle: ``from shengji.testing.reference_deal import RefDeal``."""
