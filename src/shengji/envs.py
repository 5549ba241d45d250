"""Learning environments: what a seat knows as a fixed-length tensor, a PettingZoo AEC environment of all four
seats and a Gymnasium environment of one (docs/LEARNING.md).

**The observation tensor** (``observation_tensor(obs)``, float32, ``tensor_shape(rules) == (784,)`` for every
rule set): small non-negative counts and flags, so that a record stores it as uint8 (``shengji.selfplay``).
Seats are *relative*: entry r of a per-seat field is seat ``(observer + r) % 4`` (0 the observer, 1 the next
to play, 2 the partner under fixed teams, 3 the previous). A block of 54 has one entry per card kind
(``suit * 13 + rank``; S H D C; 52 the small joker, 53 the big one). Offsets (``FIELDS``):

====================  ======  ====  =====================================================================
field                 offset  size  contents
====================  ======  ====  =====================================================================
``hand``                   0    54  the observer's hand, copies of each kind
``played``                54   216  every card each relative seat has played (4 blocks)
``trick``                270   216  the current trick's play by each relative seat (4 blocks; play phase)
``kitty``                486    54  the kitty when the observer may see it (it buried it last, or it lies
                                    face up under 泰安)
``declaration``          540    54  the standing declaration's cards when the observer may see them
``called``               594    54  找朋友's called card, one-hot
``trump_cards``          648    54  1 for each kind that is trump, once the observer knows the trump
``phase``                702     7  one-hot: declare, bury, grab, swap, call, play, done
``trump``                709     6  one-hot: S, H, D, C, no trump, unknown (declaring with no declaration
                                    seen; 泰安's face-down trump)
``level``                715    13  one-hot level rank, 2 .. A
``dealer``               728     4  one-hot relative seat of the dealer
``declarer``             732     4  ... of the standing declarer (public even face down); zeros: none
``burier``               736     4  ... of the seat that took up the kitty last; zeros: none yet
``leader``               740     4  ... of the current trick's leader (play phase)
``friend``               744     4  ... of 找朋友's partner once revealed
``hand_sizes``           748     4  cards held by each relative seat
``voids``                752    20  relative seat r shown void in effective suit e (S H D C T): [r * 5 + e]
``points``               772     3  attackers' points so far / 5, defenders' / 5 (each clamped to 0 .. 255),
                                    1 when hidden (找朋友 before the reveal; both points 0 then)
``tricks``               775     1  tricks done
``declaration_size``     776     1  cards in the standing declaration (public even face down)
``flags``                777     3  the kitty lies face up (泰安), a first deal, the trump lies face down
``failed_throws``        780     4  failed throws by each relative seat
====================  ======  ====  =====================================================================

Nothing the observer cannot see is read: the tensor is a function of ``deal.observation(seat)`` (two deals
with the same observation give the same tensor). The native core writes the same numbers
(csrc/include/sj_encode.h; the environments and the records use it); ``observation_tensor`` here computes
them from the Observation in Python, and the tests check that the two agree.

**An action** (``action_tensor(rules, action)``, float32, ``ACTION_SIZE == 59``): 54 card counts, then 5
entries for a four-joker declaration's trump choice (S, H, D, C, no trump; zeros for every other action), so
the five ``Declaration``\\ s of one set of jokers differ.

**Candidates** (``candidates(deal)``): the actions a learner chooses among, the same that the rollouts and
the search bots compare (docs/MODEL.md §10): in the play phase one play per class of equivalent plays
(``_core.search_candidates``: every legal play when at most 128 classes, in the core's order), burying
``shengji.bots.bury_candidates``, otherwise ``legal_actions()`` (its first 128). An environment offers the
first ``max_actions`` of them.

**Back to play** (``observation_tensor_jit(position, out)``): a jit policy's ``position`` (``shengji.jit``)
carries the mover's observation tensor from ``shengji.jit.OBSERVATION``; this numba function copies it into
``out`` (784 float32 or int entries), so a model trained on ``shengji.selfplay`` records plays natively.

**Rewards** (``reward="levels"`` or ``"points"``), given when the deal ends, from each seat's side: levels —
the attackers' levels minus the dealer team's for an attacker, the opposite for the dealer team; points — the
attackers' final points for an attacker, minus them for the dealer team. Under 找朋友 the teams are the real
ones (the dealer and its partner).

**An index outside the mask** (Gymnasium's ``check_env`` steps with unmasked random actions): the first
candidate is played and ``info["invalid_action"]`` is True; the reward is unchanged. PettingZoo's and
Gymnasium's packages are the ``learn`` extra (``pip install 'shengji[learn]'``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from . import _core
from ._core import PHASES, RANKS, Cards, Deal, Trump
from .rules import Rules

ACTION_SIZE = 59
TENSOR_SIZE = 784
FIELDS: dict[str, tuple[int, int]] = {
    "hand": (0, 54), "played": (54, 216), "trick": (270, 216), "kitty": (486, 54), "declaration": (540, 54),
    "called": (594, 54), "trump_cards": (648, 54), "phase": (702, 7), "trump": (709, 6), "level": (715, 13),
    "dealer": (728, 4), "declarer": (732, 4), "burier": (736, 4), "leader": (740, 4), "friend": (744, 4),
    "hand_sizes": (748, 4), "voids": (752, 20), "points": (772, 3), "tricks": (775, 1),
    "declaration_size": (776, 1), "flags": (777, 3), "failed_throws": (780, 4),
}
SUITS = ("S", "H", "D", "C")
EFFECTIVE = ("S", "H", "D", "C", "T")
REWARDS = ("levels", "points")


def tensor_shape(rules: Rules | None = None) -> tuple[int]:
    """The shape of the observation tensor (the same for every rule set)."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"tensor_shape needs Rules, not {type(rules).__name__}")
    return (TENSOR_SIZE,)


def _counts(out: np.ndarray, at: int, cards: Cards) -> None:
    for k in cards.indices():
        out[at + k] += 1


def _standing(obs: Any) -> tuple[int | None, Cards | None, int]:
    """(the standing declarer, its cards when the observer sees them, their number): the last declaration
    shown, face up or face down."""
    seen = list(zip(obs.declaration_steps, obs.declarations, strict=True))
    hidden = list(zip(obs.hidden_declaration_steps, obs.hidden_declarations, strict=True))
    last_seen = seen[-1] if seen else None
    last_hidden = hidden[-1] if hidden else None
    # a grab (step -1) follows the whole declaring phase
    def order(step: int) -> float:
        return float("inf") if step < 0 else step
    if last_hidden is not None and (last_seen is None or order(last_hidden[0]) > order(last_seen[0])):
        seat, size = last_hidden[1]
        return seat, None, size
    if last_seen is not None:
        seat, cards = last_seen[1]
        return seat, Cards(cards.indices()), len(cards)
    return None, None, 0


def observation_tensor(obs: Any) -> np.ndarray:
    """What the observation's seat knows, as the float32 tensor documented in the module docstring."""
    from .observation import Observation

    if not isinstance(obs, Observation):
        raise TypeError(f"observation_tensor needs an Observation (deal.observation(seat)), not {type(obs).__name__}")
    out = np.zeros(TENSOR_SIZE, dtype=np.float32)
    me = obs.seat

    def rel(s: int) -> int:
        return (s - me) % 4

    _counts(out, 0, obs.hand)
    for s in range(4):
        _counts(out, 54 + 54 * rel(s), obs.played_by(s))
        out[748 + rel(s)] = obs.hand_sizes[s]
        for e, name in enumerate(EFFECTIVE):
            out[752 + 5 * rel(s) + e] = name in obs.voids[s]
    for s, _, _, _ in obs.failed_throws:
        out[780 + rel(s)] += 1
    if obs.phase == "play":
        for i, p in enumerate(obs.trick):
            _counts(out, 270 + 54 * rel((obs.trick_leader + i) % 4), p)
        out[740 + rel(obs.trick_leader)] = 1
    if obs.kitty is not None:
        _counts(out, 486, obs.kitty)
    declarer, cards, size = _standing(obs)
    if cards is not None:
        _counts(out, 540, cards)
    if obs.called is not None:
        out[594 + obs.called.indices()[0]] = 1
    if obs.phase == "declare":
        trump = 5 if cards is None else (4 if obs.trump is None else SUITS.index(obs.trump))
    elif obs.trump_hidden:
        trump = 5
    else:
        trump = 4 if obs.trump is None else SUITS.index(obs.trump)
        t = Trump(obs.rules, obs.level, obs.trump)
        for k in range(54):
            out[648 + k] = t.is_trump(k)
    out[702 + PHASES.index(obs.phase)] = 1
    out[709 + trump] = 1
    out[715 + RANKS.index(obs.level)] = 1
    out[728 + rel(obs.dealer)] = 1
    if declarer is not None:
        out[732 + rel(declarer)] = 1
    if obs.burier is not None:
        out[736 + rel(obs.burier)] = 1
    if obs.friend is not None:
        out[744 + rel(obs.friend)] = 1
    if obs.attacker_points is None:
        out[774] = 1
    else:
        out[772] = min(max(obs.attacker_points, 0) // 5, 255)
        out[773] = min(max(obs.defender_points or 0, 0) // 5, 255)
    out[775] = len(obs.tricks)
    out[776] = size
    out[777] = obs.rules.kitty_rule == "taian" and bool(obs.burials)
    out[778] = obs.first_deal
    out[779] = obs.trump_hidden
    return out


def action_tensor(rules: Rules, action: Any) -> np.ndarray:
    """An action as the float32 vector documented in the module docstring (54 card counts, 5 trump choices)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"action_tensor needs Rules first, not {type(rules).__name__}")
    return _core.encode_action(action).astype(np.float32)


def candidates(deal: Deal) -> list[Cards]:
    """The actions a learner chooses among at this decision (module docstring)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"candidates needs a Deal, not {type(deal).__name__}")
    if deal.phase == "done":
        return []
    if deal.phase == "bury":
        from .bots import bury_candidates

        return bury_candidates(deal)
    return _core.search_candidates(deal)


def _returns(deal: Deal, kind: str) -> list[float]:
    """Each seat's reward once the deal is done (module docstring)."""
    r = deal.result()
    v = float(r.attacker_points) if kind == "points" else float(r.attacker_levels - r.dealer_levels)
    return [v if deal.is_attacker(s) else -v for s in range(4)]


def _check(rules: Any, max_actions: Any, reward: Any, seed: Any) -> Rules:
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or None, not {type(rules).__name__}")
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or not 1 <= max_actions <= 4096:
        raise ValueError(f"max_actions must be an integer 1 .. 4096, got {max_actions!r}")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, got {reward!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be None or a non-negative integer, got {seed!r}")
    return rules


class _Table:
    """One deal after another, the decisions of the seat to move as candidate lists (shared by the envs)."""

    def __init__(self, rules: Rules, max_actions: int, reward: str):
        self.rules, self.max_actions, self.reward = rules, max_actions, reward
        self.deal: Deal | None = None
        self.cands: list[Cards] = []
        self.rng = random.Random()

    def seed(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def new_deal(self) -> None:
        self.deal = Deal(self.rules, seed=self.rng.getrandbits(63), dealer=self.rng.randrange(4))
        self.refresh()

    def refresh(self) -> None:
        assert self.deal is not None
        self.cands = candidates(self.deal)[: self.max_actions]

    def observation(self, seat: int, to_move: bool) -> dict[str, np.ndarray]:
        assert self.deal is not None
        mask = np.zeros(self.max_actions, dtype=np.int8)
        feats = np.zeros((self.max_actions, ACTION_SIZE), dtype=np.float32)
        if to_move:
            mask[: len(self.cands)] = 1
            for i, c in enumerate(self.cands):
                feats[i] = _core.encode_action(c)
        return {"observation": self.deal._observation_codes(seat).astype(np.float32), "action_mask": mask,
                "action_features": feats}

    def act(self, index: Any) -> bool:
        """Play candidate ``index`` (the first when it is outside the mask); True when it was inside."""
        assert self.deal is not None
        ok = (isinstance(index, (int, np.integer)) and not isinstance(index, bool)
              and 0 <= int(index) < len(self.cands))
        self.deal.act(self.cands[int(index) if ok else 0])
        self.refresh()
        return ok


def _spaces(max_actions: int) -> tuple[Any, Any]:
    from gymnasium import spaces

    obs = spaces.Dict({
        "observation": spaces.Box(0.0, 255.0, (TENSOR_SIZE,), dtype=np.float32),
        "action_mask": spaces.MultiBinary(max_actions),
        "action_features": spaces.Box(0.0, 255.0, (max_actions, ACTION_SIZE), dtype=np.float32),
    })
    return obs, spaces.Discrete(max_actions)


def _aec_class() -> Any:
    try:
        from pettingzoo import AECEnv
    except ImportError:
        raise ImportError("aec_env needs PettingZoo: pip install 'shengji[learn]'") from None

    class ShengjiAEC(AECEnv):
        """Every decision of one deal (declare, bury, grab, swap, call, play) as the turn of the seat to act
        (module docstring); a deal per episode."""

        metadata = {"name": "shengji_v0", "render_modes": ["ansi"], "is_parallelizable": False}

        def __init__(self, rules: Rules, max_actions: int, reward: str, seed: int | None,
                     render_mode: str | None = None):
            super().__init__()
            if render_mode not in (None, "ansi"):
                raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
            self.render_mode = render_mode
            self.possible_agents = [f"seat_{s}" for s in range(4)]
            self.agents: list[str] = []
            self._table = _Table(rules, max_actions, reward)
            self._table.seed(seed)
            self._obs_space, self._act_space = _spaces(max_actions)

        def observation_space(self, agent: str) -> Any:
            return self._obs_space

        def action_space(self, agent: str) -> Any:
            return self._act_space

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            if seed is not None:
                self._table.seed(seed)
            self._table.new_deal()
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self._advance()

        def _advance(self) -> None:
            deal = self._table.deal
            assert deal is not None
            if deal.phase == "done":
                rewards = _returns(deal, self._table.reward)
                for s, a in enumerate(self.possible_agents):
                    self.rewards[a] = rewards[s]
                    self.terminations[a] = True
                self._accumulate_rewards()
                self.agent_selection = self.agents[0]
            else:
                self.agent_selection = f"seat_{deal.to_move}"

        def observe(self, agent: str) -> dict[str, np.ndarray]:
            seat = int(agent.rsplit("_", 1)[1])
            deal = self._table.deal
            assert deal is not None
            return self._table.observation(seat, deal.phase != "done" and deal.to_move == seat)

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            for a in self.agents:
                self.rewards[a] = 0.0
            ok = self._table.act(action)
            self.infos = {a: {} for a in self.agents}
            if not ok:
                self.infos[agent]["invalid_action"] = True
            self._advance()

        def render(self) -> str | None:
            if self.render_mode != "ansi" or self._table.deal is None:
                return None
            return repr(self._table.deal)

        def close(self) -> None:
            pass

    return ShengjiAEC


def aec_env(rules: Rules | None = None, *, max_actions: int = 128, reward: str = "levels", seed: int | None = None,
            render_mode: str | None = None) -> Any:
    """A PettingZoo ``AECEnv`` of one deal per episode, agents ``seat_0`` .. ``seat_3`` (module docstring)."""
    rules = _check(rules, max_actions, reward, seed)
    return _aec_class()(rules, max_actions, reward, seed, render_mode)


def _gym_env() -> Any:
    try:
        import gymnasium
    except ImportError:
        raise ImportError("SeatEnv needs Gymnasium: pip install 'shengji[learn]'") from None
    return gymnasium.Env


def _make_seat_env_class() -> Any:
    Env: Any = _gym_env()

    class SeatEnv(Env):  # type: ignore[misc, valid-type]
        """One seat learns; the other three are native policies or bots, run between its turns (module
        docstring). An episode is one deal; ``step`` returns the reward at the end."""

        metadata = {"render_modes": ["ansi"]}

        def __init__(self, rules: Rules | None = None, *, seat: int = 0, opponents: Any = "greedy",
                     max_actions: int = 128, seed: int | None = None, reward: str = "levels",
                     render_mode: str | None = None):
            from .bots import resolve

            rules = _check(rules, max_actions, reward, seed)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
                raise ValueError(f"seat must be 0 .. 3, got {seat!r}")
            if render_mode not in (None, "ansi"):
                raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
            self.seat, self.render_mode = seat, render_mode
            self._native = opponents if isinstance(opponents, str) and opponents in ("greedy", "random") else None
            self._bots = None if self._native else resolve(opponents)
            self._table = _Table(rules, max_actions, reward)
            self._table.seed(seed)
            self.observation_space, self.action_space = _spaces(max_actions)

        def _others(self) -> None:
            deal = self._table.deal
            assert deal is not None
            while deal.phase != "done" and deal.to_move != self.seat:
                if self._native is not None:
                    deal.act(deal.policy_action(self._native, self._table.rng.getrandbits(32)))
                else:
                    assert self._bots is not None
                    deal.act(self._bots[deal.to_move or 0].choose(deal))
            self._table.refresh()

        def _obs(self) -> dict[str, np.ndarray]:
            deal = self._table.deal
            assert deal is not None
            return self._table.observation(self.seat, deal.phase != "done")

        def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
            super().reset(seed=seed)
            if seed is not None:
                self._table.seed(seed)
            self._table.new_deal()
            self._others()
            return self._obs(), {}

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
            deal = self._table.deal
            if deal is None or deal.phase == "done":
                raise RuntimeError("the deal is over: call reset()")
            ok = self._table.act(action)
            self._others()
            info = {} if ok else {"invalid_action": True}
            if deal.phase == "done":
                return self._obs(), _returns(deal, self._table.reward)[self.seat], True, False, info
            return self._obs(), 0.0, False, False, info

        def render(self) -> str | None:
            return repr(self._table.deal) if self.render_mode == "ansi" else None

    return SeatEnv


def _observation_tensor_copy(position: Any, out: Any) -> None:
    for i in range(784):  # (784 = TENSOR_SIZE; OBSERVATION = 448: shengji.jit's position layout)
        out[i] = position[448 + i]


def __getattr__(name: str) -> Any:
    if name == "observation_tensor_jit":  # compiled with numba when it is installed (callable from a jit policy)
        try:
            import numba
        except ImportError:
            fn = _observation_tensor_copy
        else:
            fn = numba.njit(cache=False)(_observation_tensor_copy)
        globals()["observation_tensor_jit"] = fn
        return fn
    if name == "SeatEnv":  # Gymnasium is imported when the class is first asked for
        cls = _make_seat_env_class()
        globals()["SeatEnv"] = cls
        return cls
    raise AttributeError(f"module 'shengji.envs' has no attribute {name!r}")
