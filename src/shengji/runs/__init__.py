"""Runs and results: many deals or matches at once, natively or on an executor (``simulate``, ``records``'
self-play, ``match`` and ``matches``, ``tournament``, ``advise``'s burial advice), one run skeleton and the engines'
adapter (``_executors``) and the results they return (``results``). Layers 2-10 (shengji/_layers.py)."""
