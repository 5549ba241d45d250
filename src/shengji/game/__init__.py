"""The game as a caller meets it, on the native binding: the rules and their presets (``rules``), what one seat
knows (``observation``), the burial advice's recipe (``burial``), the text and HTML views and the replay page
(``views``, ``replay``), what a ``policy=`` may be and the one game loop (``players``, ``_bot``) and compiled
user policies (``jit``). Layers 2-5 (shengji/_layers.py)."""
