"""User policies at native speed: ``shengji.jit_policy(fn)`` compiles a Python function with numba.

Write ``fn(position, candidates) -> int`` over numpy arrays:

- ``position``: int32 array of ``POSITION_SIZE`` entries (csrc/include/sj_policy.h):
  ``[0]`` seat to move, ``[1]`` phase (its index in ``shengji.PHASES``: 0 declare, 1 bury, 2 grab, 3 swap,
  4 call, 5 play; ``PLAY`` here), ``[2]`` dealer, ``[3]`` trump suit (0..3
  = S H D C, 4 none), ``[4]`` level rank (0 = '2' .. 12 = 'A'), ``[5]`` trick leader, ``[6]`` plays in the
  trick so far, ``[7]`` attackers' points so far, ``[8]`` defenders' points, ``[9]`` tricks done, ``[10]``
  decks, ``[11]`` cards led (0 when leading), ``[12]`` seat winning the trick so far (-1 when leading),
  ``[13]`` grade of the standing declaration while declaring or grabbing, ``[14]`` the standing declarer
  (-1: none); then
  blocks of 54 entries, one per card kind (``suit * 13 + rank``, 52 small joker, 53 big joker), starting at
  ``HAND`` (the mover's hand, copies), ``TRICK + 54 * i`` (play *i* of the trick from the leader, *i* = 0..3),
  ``PLAYED`` (every card played so far), ``SUIT`` (effective suit of each kind: 0..3 plain, 4 trump) and
  ``STRENGTH`` (order of each kind inside its effective suit; equal cards share one); then from
  ``OBSERVATION`` the mover's observation tensor (784 entries, ``shengji.envs``: a model trained on self-play
  records reads the same numbers here; ``shengji.envs.observation_tensor_jit(position, out)`` copies them);
- ``candidates``: int32 array ``(n, 54)``: copies of each card kind in each candidate action: the legal
  declarations in the declare and grab phases (passing first; a four-joker declaration comes as five
  candidates with the same cards, choosing no trump, S, H, D, C in that order), and in the play phase the
  candidates of ``Deal.rollouts`` (every legal action when there are at most 128, else the documented
  reduced set);
- the return value: the index of the chosen candidate, or -1 to let the greedy rule decide. Burying,
  泰安's 换底 swap and 找朋友's call always follow the greedy rule (the function is not called).

The compiled policy runs inside the native loops with no Python per play: ``simulate(policy=...)``,
``deal.rollouts(policy=...)``, ``bots.PIMC(policy=...)``, ``Deal.policy_action`` (and so ``Match``, through
the bot's ``choose``). It must be deterministic (it gets no random stream). ``jit_policy(fn,
compile=False)`` gives the same policy uncompiled, running ``fn`` in Python on the same arrays: the same
decisions, slowly (a bot for the Python paths). numba is an optional extra: ``pip install 'shengji[numba]'``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .._core import Cards, Deal
from ._bot import Bot

OBSERVATION = 16 + 54 * 8
POSITION_SIZE = OBSERVATION + 784
HAND, TRICK, PLAYED, SUIT, STRENGTH = 16, 16 + 54, 16 + 54 * 5, 16 + 54 * 6, 16 + 54 * 7
PLAY = 5  # position[1] in the play phase (shengji.PHASES.index("play"); checked by the tests)
RAISED = -(2**63)  # what the compiled entry answers when the function raised (SJ_USER_RAISED in sj_policy.h)


class JitPolicy(Bot):
    """A user policy (module docstring): compiled (``address`` is its native entry point) or not."""

    def __init__(self, fn: Any, compile: bool = True):
        if not callable(fn):
            raise TypeError(f"jit_policy needs a function fn(position, candidates) -> int, not {type(fn).__name__}")
        self.fn = fn
        self._address = 0
        self._cfunc = None
        if compile:
            self._cfunc = _compile(fn)
            self._address = int(self._cfunc.address)
            _core.keep_compiled(self._address, self._cfunc)  # the core calls only the addresses it was given

    @property
    def address(self) -> int:
        """The native entry point of the compiled policy (0 when uncompiled); read-only."""
        return self._address

    def __reduce__(self) -> tuple[Any, tuple[Any, bool]]:
        """A jit policy travels (to a process pool, a Dask or Ray worker) as its Python function and is compiled
        again where it lands (a numba cfunc does not pickle); the function must pickle (Dask and Ray use
        cloudpickle, which carries a function defined in ``__main__`` or inside another by value)."""
        return (JitPolicy, (self.fn, bool(self.address)))

    def __repr__(self) -> str:
        return f"jit_policy({getattr(self.fn, '__name__', self.fn)!r}{'' if self.address else ', compile=False'})"

    def choose(self, deal: Deal) -> Cards:
        if self.address:
            return deal.policy_action(self)
        if deal.phase in ("bury", "swap", "call", "done"):
            return deal.policy_action("greedy")
        position, candidates, actions = _core.policy_view(deal)
        pick = self.fn(position, candidates)
        if isinstance(pick, bool) or not isinstance(pick, (int, np.integer)):
            raise TypeError(f"{self!r} returned {pick!r}: return the int index of a candidate, or -1")
        pick = int(pick)
        if pick == -1:
            return deal.policy_action("greedy")
        if not 0 <= pick < len(actions):
            raise ValueError(f"{self!r} returned {pick}: not a candidate index 0..{len(actions) - 1} (or -1)")
        return actions[pick]

    play = declare = bury = choose


def _compile(fn: Any) -> Any:
    try:
        import numba
        from numba import types
    except ImportError:
        raise ImportError("jit_policy needs numba: pip install 'shengji[numba]' (or jit_policy(fn, compile=False) "
                          "to run fn in Python)") from None
    inner = numba.njit(fn)
    signature = types.int64(types.CPointer(types.int32), types.int32, types.CPointer(types.int32), types.int32)
    raised = RAISED

    def entry(position_ptr, npos, candidates_ptr, ncand):  # pragma: no cover - compiled
        position = numba.carray(position_ptr, (npos,))
        candidates = numba.carray(candidates_ptr, (ncand, 54))
        try:  # numba cannot raise through C: the core stops the run with SJ_E_USER_RAISED
            return inner(position, candidates)
        except Exception:
            return raised

    compiled = numba.cfunc(signature)(entry)
    for sig in inner.nopython_signatures:  # the answer must be an integer (no float, bool or None to cut)
        if not isinstance(sig.return_type, types.Integer):
            raise TypeError(f"jit_policy({getattr(fn, '__name__', fn)!r}) returns {sig.return_type}: return the int "
                            "index of a candidate, or -1")
    return compiled


def play_low(position: Any, candidates: Any) -> int:
    """The README's example policy (pass it to ``jit_policy``): in the play phase the candidate with the fewest
    points, then the weakest cards (trumps counting as strong); elsewhere (declaring, grabbing) -1, the greedy
    rule."""
    if position[1] != PLAY:
        return -1
    best, best_key = -1, 1 << 30
    for i in range(candidates.shape[0]):
        pts, strength = 0, 0
        for k in range(54):
            c = candidates[i, k]
            if c:
                r = k % 13 if k < 52 else -1
                pts += c * (5 if r == 3 else 10 if r == 8 or r == 11 else 0)
                strength += c * (position[STRENGTH + k] + (100 if position[SUIT + k] == 4 else 0))
        key = pts * 10000 + strength
        if key < best_key:
            best, best_key = i, key
    return best


def native(p: Any) -> bool:
    """A policy that runs inside the native loops: a policy name or a compiled jit_policy."""
    return isinstance(p, str) or (isinstance(p, JitPolicy) and bool(p.address))


def jit_policy(fn: Any, *, compile: bool = True) -> JitPolicy:
    """A policy from ``fn(position, candidates) -> int`` (module docstring), compiled with numba unless
    ``compile=False``."""
    return JitPolicy(fn, compile=compile)

