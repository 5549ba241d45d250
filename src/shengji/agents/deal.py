"""The deal users hold: ``shengji.Deal``, the native deal (``shengji._core.Deal``: the state machine in C, every
move checked there) with the methods that need the Python layers above the native module:

- ``deal.observation(seat)``: what that seat may know (``shengji.observation.observe``);
- ``deal.rollouts(...)``: each candidate of the seat to move played out in sampled worlds
  (``shengji.search.rollouts``);
- ``deal.to_html(seat=None)``: the replay page (``shengji.replay.to_html``).

The native module calls nothing above it (shengji/_layers.py); it builds every new deal through the class it is
given, so a ``shengji.Deal`` stays one: ``clone()``, pickling, the worlds of ``shengji.determinize`` and the
games of ``simulate`` (``run.deal(game, Deal)``) all come back as this class. A deal of the native class alone
(from ``shengji._core`` or ``shengji.worlds``) plays the same; only these three methods are missing there, and
the functions they call take it as well.
"""

from __future__ import annotations

import random
from typing import Any

from .. import _core
from ..game import replay
from ..game.observation import Observation, observe
from . import search
from . import worlds as _worlds

__all__ = ["Deal", "determinize"]


class Deal(_core.Deal):
    __doc__ = _core.Deal.__doc__
    __slots__ = ()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its hand, every card played, the voids shown, the declarations, the failed
        throws, and the kitty if it buried it (an Observation, the input of ``determinize``)."""
        return observe(self, seat)

    def rollouts(self, actions: Any = None, *, worlds: int = 64, policy: Any = "greedy", seed: int = 0,
                 threads: int | None = None, determinize: bool = True, endgame: int | None = None,
                 time_ms: float | None = None, clock: str = "wall", inference: str = "uniform") -> search.Rollouts:
        """Each candidate action of the seat to move played in ``worlds`` sampled worlds and finished natively
        (shengji.search): a Rollouts with per-action arrays, ``value(kind)`` and ``best()``. ``actions``: the
        candidates (None: the search's candidates by class; in the bury phase they must be given); ``policy``
        finishes each world (``"greedy"``, ``"random"`` or a list of four); world *w* is drawn from stream
        (``seed``, *w*); ``threads`` (None: every core) do not change the result; ``determinize=False`` rolls
        out the true deal instead of sampled worlds. ``endgame=k``:
        once every hand holds at most k cards, each world is played to the end perfectly (the exact endgame);
        ``time_ms``: no world is begun once this budget is spent, on ``clock`` ("wall", or "cpu": the searching
        threads' CPU time summed); ``inference="policy"``: each world weighted by how likely the other seats' plays
        are in it (docs/MODEL.md §10)."""
        return search.rollouts(self, actions, worlds=worlds, policy=policy, seed=seed, threads=threads,
                               determinize=determinize, endgame=endgame, time_ms=time_ms, clock=clock,
                               inference=inference)

    def to_html(self, seat: int | None = None) -> str:
        """A self-contained HTML page that steps through the deal so far (←/→, Home/End): every hand, or what
        ``seat`` sees (shengji.replay)."""
        return replay.to_html(self, seat)


def determinize(observation: Observation, rng: random.Random | int | None = None, *,
                reference: bool = False, inference: str = "uniform") -> Deal:
    """A world consistent with ``observation``, as a ``shengji.Deal`` (``shengji.worlds.determinize``, whose
    docstring says how it is drawn). ``rng``: a ``random.Random`` or an int seed (None: unseeded);
    ``reference=True``: drawn by the pure-Python reference sampler (exact integer counts, test equipment) instead
    of the native one; ``inference``: ``"uniform"`` (every consistent world alike) or ``"policy"`` (worlds weighted
    by how likely the other seats' plays are under a soft greedy model, docs/MODEL.md §10)."""
    world = _worlds.determinize(observation, rng, reference=reference, deal_class=Deal, inference=inference)
    assert isinstance(world, Deal)
    return world
