"""Search and bots: the worlds drawn from what a seat knows (``worlds``), the rollouts and ISMCTS (``search``),
``shengji.Deal`` with its search methods (``deal``) and the bots (``bots``: Random, Greedy, PIMC, ISMCTS).
Layers 4-8 (shengji/_layers.py)."""
