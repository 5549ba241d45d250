"""The front end: the command line (``cli``). Layer 11 (shengji/_layers.py)."""
