"""Learning: the PettingZoo and Gymnasium environments (``envs``). Layer 9 (shengji/_layers.py)."""
