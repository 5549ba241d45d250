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
carries the mover's observation tensor from ``shengji.jit.OBSERVATION``; this function copies it into ``out``
(784 float32 or int entries), so a model trained on ``shengji.selfplay`` records plays natively. It is callable
from Python and, with numba installed, from numba code (a compiled ``jit_policy``). Its contract, checked before
anything is copied: ``position`` a 1-d integer array of at least ``shengji.jit.POSITION_SIZE`` entries, ``out`` a
1-d array of at least 784 entries of a dtype that holds 0 .. 255 (an integer type other than int8, or a float
type; not bool). From Python a breach raises TypeError (not an array, a wrong dtype, read-only ``out``) or
ValueError (too short, not 1-d) naming the argument, the size needed and the size given; inside numba a wrong
dtype or dimension fails to compile and a short array raises ValueError (in a compiled ``jit_policy`` that stops
the run as the policy raising: run it with ``compile=False`` for the message).

**Rewards** (``reward="levels"`` or ``"points"``), given when the deal ends, from each seat's side: levels —
the attackers' levels minus the dealer team's for an attacker, the opposite for the dealer team; points — the
attackers' final points for an attacker, minus them for the dealer team. Under 找朋友 the teams are the real
ones (the dealer and its partner).

**An action given to** ``step``: the index of a candidate, as any integer (a Python int, a numpy integer) or
an integer numpy array of one element (0-d or not: what stable-baselines3's ``model.predict`` returns for one
environment). Anything else — a float (``1.0``, NaN), a bool, a string, None, a float array, an array of
several elements — raises TypeError: it is a learner's bug, not a choice outside the mask.

**An index outside the mask** (Gymnasium's ``check_env`` steps with unmasked random actions): the first
candidate is played and ``info["invalid_action"]`` is True; the reward is unchanged. PettingZoo's and
Gymnasium's packages are the ``learn`` extra (``pip install 'shengji[learn]'``).

**Seeds and resets**: the constructors' ``seed`` and ``reset(seed=...)`` take None or an integer 0 .. 2**64 - 1
(numpy integers too; not a bool), as every seed in the package (TypeError for a non-integer, ValueError out of
range). The AEC environment before its first ``reset()``: ``step``, ``observe`` and ``last`` raise RuntimeError
saying to call ``reset()``; ``observe`` of a name that is not one of ``possible_agents`` raises ValueError naming
them. ``SeatEnv(opponents=...)`` takes ``"greedy"``, ``"random"``, a bot (an object with ``choose(deal)``) or a
list of four of these; anything else is refused at construction (TypeError or ValueError naming
``opponents``).

**Many tables at once** (``VectorSeatEnv(num_envs, rules, opponents="greedy", ...)``): a Gymnasium ``VectorEnv``
of ``num_envs`` SeatEnv tables with native opponents, all stepped in C in one call (``_core.VecTables``,
csrc/include/sj_vecenv.h): next-step autoreset (``metadata["autoreset_mode"]``), the flat observation batched,
``action_masks()`` as (num_envs, max_actions) bools, ``action_features()`` on request. Table i plays as
``SeatEnv(seed=env_seeds[i], observation="flat")``; docs/LEARNING.md has the details and the numbers.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from .. import _core
from .._core import PHASES, RANKS, Cards, Deal, Trump
from ..agents.bots import bury_candidates
from ..agents.deal import Deal as _Deal  # the deals the environments make (a shengji.Deal)
from ..base import _validate
from ..game.observation import Observation
from ..game.observation import check as check_observation
from ..game.players import bots as resolve
from ..game.players import play
from ..game.rules import Rules

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
    shown, face up or face down, or after a 对家保 the declarer's single with the partner's copy."""
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
        if len(seen) >= 2 and _reinforces(obs.rules, seen[-2], last_seen):  # 对家保: the pair stays the declarer's
            declarer, single = seen[-2][1]
            return declarer, Cards(single.indices() + cards.indices()), 2
        return seat, Cards(cards.indices()), len(cards)
    return None, None, 0


def _reinforces(rules: Any, before: tuple[int, Any], shown: tuple[int, Any]) -> bool:
    """对家保 (``partner_reinforce="pair"``, docs/MODEL.md §9): ``shown`` (step, (seat, cards)) is the partner's copy
    of the single level card ``before`` showed while dealing (a single shown over a single is nothing else)."""
    (_, (declarer, single)), (step, (seat, cards)) = before, shown
    return (rules.partner_reinforce == "pair" and rules.partnership == "fixed" and rules.declaration != "taian"
            and step >= 0 and seat == (declarer + 2) % 4 and len(single) == 1 and single.indices()[0] < 52
            and cards.indices() == single.indices())


def observation_tensor(obs: Any) -> np.ndarray:
    """What the observation's seat knows, as the float32 tensor documented in the module docstring."""
    if not isinstance(obs, Observation):
        raise TypeError(f"observation_tensor needs an Observation (deal.observation(seat)), not {type(obs).__name__}")
    me = check_observation(obs).seat  # a hand-made or tampered observation: refused naming the field
    out = np.zeros(TENSOR_SIZE, dtype=np.float32)

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
        return bury_candidates(deal)
    return _core.search_candidates(deal)


def _returns(deal: Deal, kind: str) -> list[float]:
    """Each seat's reward once the deal is done (module docstring)."""
    r = deal.result()
    v = float(r.attacker_points) if kind == "points" else float(r.attacker_levels - r.dealer_levels)
    return [v if deal.is_attacker(s) else -v for s in range(4)]


def _seed(seed: Any) -> int | None:
    """A constructor's or ``reset``'s seed: None, or the package's one seed check (``_validate.u64``: an
    integer 0 .. 2**64 - 1, numpy integers included, bools refused) as a Python int."""
    return None if seed is None else _validate.u64(seed, "seed")


def _check(rules: Any, max_actions: Any, reward: Any, seed: Any) -> tuple[Rules, int | None]:
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or None, not {type(rules).__name__}")
    max_actions = _validate.integer(max_actions, "max_actions", 1, 4096)
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, got {reward!r}")
    return rules, _seed(seed)


def _action_index(action: Any) -> int:
    """``step``'s action as a candidate index (module docstring): any integer, or an integer numpy array of one
    element; TypeError for anything else (a float, NaN, a bool, a string, None, a float or bool array, an array of
    several elements). The index is not checked against the mask here."""
    if isinstance(action, np.ndarray):
        if action.dtype.kind not in "iu" or action.size != 1:
            raise TypeError(f"an action is a candidate index: an integer, or an integer array of one element; got "
                            f"an array of dtype {action.dtype} and shape {action.shape}")
        return int(action.reshape(-1)[0])
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action is a candidate index: an integer, or an integer array of one element; got "
                        f"{type(action).__name__} {action!r}")
    return int(action)


STATE_SIZE = 54 * 13 + 12
"""The AEC environment's ``state()`` (what a centralised critic sees: the whole deal), float32 small counts:
[0, 216) each seat's hand (54 card counts a seat), [216, 270) the kitty, [270, 486) the cards each seat has played,
[486, 702) each seat's play in the trick in progress, then 12 numbers: the phase (index in ``shengji.PHASES``), the
seat to move (4: none), the dealer, the declarer (4: none), the dealer's partner (4: alone or not yet called), the
trump suit (0..3 S H D C, 4 no trump, 5 not yet known), the level (0..12, 2..A), the attackers' and the defenders'
points over 5, the tricks done, the failed throws, and 1 once the deal is done."""


def state_tensor(deal: Deal) -> np.ndarray:
    """The whole deal as the fixed-shape float32 array ``STATE_SIZE`` documents (every hand, the kitty, the plays)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"state_tensor needs a Deal, not {type(deal).__name__}")
    out = np.zeros(STATE_SIZE, dtype=np.float32)

    def add(at: int, cards: Any) -> None:
        for k in Cards(cards).indices():
            out[at + k] += 1

    for s in range(4):
        add(54 * s, deal.hand(s))
    add(216, deal.kitty)
    for leader, plays, _ in deal.tricks:
        for i, p in enumerate(plays):
            add(270 + 54 * ((leader + i) % 4), p)
    for i, p in enumerate(deal.trick):
        seat = (deal.trick_leader + i) % 4
        add(270 + 54 * seat, p)
        add(486 + 54 * seat, p)
    partner = deal.partner if deal.partner is not None else (deal.dealer + 2) % 4
    trump = deal.trump
    tail = [PHASES.index(deal.phase), 4 if deal.to_move is None else deal.to_move, deal.dealer,
            4 if deal.declarer is None else deal.declarer, 4 if partner < 0 else partner,
            5 if deal.phase == "declare" else 4 if trump is None else "SHDC".index(trump), RANKS.index(deal.level),
            min(max(deal.attacker_points, 0) // 5, 255), min(max(deal.defender_points, 0) // 5, 255), len(deal.tricks),
            min(sum(deal.failed_throws), 255),
            deal.phase == "done"]
    out[702:] = tail
    return out


OBSERVATIONS = ("full", "flat")
"""What an environment's observation Dict holds: "full" — ``observation``, ``action_mask`` and ``action_features``
(max_actions x 59); "flat" — ``observation`` and ``action_mask`` only (under a thousand inputs at max_actions=128),
the action features then read by ``env.action_features()``."""


def _observation_kind(observation: Any) -> str:
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be 'full' (observation, action_mask, action_features) or 'flat' "
                         f"(observation, action_mask: env.action_features() gives the rest), got {observation!r}")
    return str(observation)


class _Table:
    """One deal after another, the decisions of the seat to move as candidate lists (shared by the envs)."""

    def __init__(self, rules: Rules, max_actions: int, reward: str, observation: str = "full"):
        self.rules, self.max_actions, self.reward = rules, max_actions, reward
        self.kind = observation
        self.deal: _Deal | None = None
        self.cands: list[Cards] = []
        self.seed(None)

    def seed(self, seed: int | None) -> None:
        """Episode k from here deals ``simulate``'s game k of ``seed`` (None: a seed drawn from the OS)."""
        self.base = random.SystemRandom().getrandbits(64) if seed is None else seed
        self.episode = 0
        self.opponents_seed = 0

    def new_deal(self) -> None:
        """The next episode's deal: game ``episode`` of the native run of ``base`` (its pack order and dealer), and
        the opponents' own stream for it (``match_seed(base, episode)``): neither depends on any move."""
        run = _core.NativeRun(self.rules, 1, [_core.policy_index("greedy")] * 4, self.base, self.episode, 1, -1,
                              self.rules.first_level, "declare", [None] * 4, None, None)
        self.deal = run.deal(self.episode, _Deal)
        self.opponents_seed = _core.match_seed(self.base, self.episode)
        self.episode += 1
        self.refresh()

    def refresh(self) -> None:
        assert self.deal is not None
        self.cands = candidates(self.deal)[: self.max_actions]

    def action_features(self, to_move: bool) -> np.ndarray:
        """The candidates' features (max_actions x ACTION_SIZE; zeros for a seat not to move)."""
        feats = np.zeros((self.max_actions, ACTION_SIZE), dtype=np.float32)
        if to_move:
            for i, c in enumerate(self.cands):
                feats[i] = _core.encode_action(c)
        return feats

    def observation(self, seat: int, to_move: bool) -> dict[str, np.ndarray]:
        assert self.deal is not None
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if to_move:
            mask[: len(self.cands)] = 1
        out = {"observation": _core.observation_codes(self.deal, seat).astype(np.float32), "action_mask": mask}
        if self.kind == "full":
            out["action_features"] = self.action_features(to_move)
        return out

    def act(self, index: int) -> bool:
        """Play candidate ``index`` (an int from ``_action_index``; the first candidate when it is outside the
        mask); True when it was inside."""
        assert self.deal is not None
        ok = 0 <= index < len(self.cands)
        self.deal.act(self.cands[index if ok else 0])
        self.refresh()
        return ok

    def forced(self, seats: Any = None) -> bool:
        """Whether the decision now is forced (one candidate) for one of ``seats`` (None: any seat): ``skip_forced``
        plays it for the learner."""
        assert self.deal is not None
        return (self.deal.phase != "done" and len(self.cands) == 1 and
                (seats is None or self.deal.to_move in seats))


def _spaces(max_actions: int, observation: str = "full") -> tuple[Any, Any]:
    from gymnasium import spaces

    parts = {
        "observation": spaces.Box(0.0, 255.0, (TENSOR_SIZE,), dtype=np.float32),
        "action_mask": spaces.MultiBinary(max_actions),
    }
    if observation == "full":
        parts["action_features"] = spaces.Box(0.0, 255.0, (max_actions, ACTION_SIZE), dtype=np.float32)
    return spaces.Dict(parts), spaces.Discrete(max_actions)


def _aec_class() -> Any:
    try:
        from pettingzoo import AECEnv
    except ImportError:
        raise ImportError("aec_env needs PettingZoo: pip install 'shengji[learn]'") from None

    class ShengjiAEC(AECEnv):
        """Every decision of one deal (declare, bury, grab, swap, call, play) as the turn of the seat to act
        (module docstring); a deal per episode."""

        metadata = {"name": "shengji_v0", "render_modes": ["ansi", "human"], "render_fps": RENDER_FPS,
                    "is_parallelizable": False}

        def __init__(self, rules: Rules, max_actions: int, reward: str, seed: int | None,
                     render_mode: str | None = None, skip_forced: bool = False, observation: str = "full"):
            super().__init__()
            self.render_mode = _render_mode(render_mode)
            self.skip_forced = _validate.flag(skip_forced, "skip_forced")
            kind = _observation_kind(observation)
            self.possible_agents = [f"seat_{s}" for s in range(4)]
            self.agents: list[str] = []
            self._table = _Table(rules, max_actions, reward, kind)
            self._table.seed(seed)
            self._obs_space, self._act_space = _spaces(max_actions, kind)

        @property
        def agent_selection(self) -> str:
            """The agent to act (PettingZoo); before the first ``reset()`` an AttributeError saying to call it."""
            try:
                return self._agent_selection
            except AttributeError:
                raise AttributeError("agent_selection: reset() needs to be called first: the environment has no "
                                     "deal yet, so no agent to act") from None

        @agent_selection.setter
        def agent_selection(self, agent: str) -> None:
            self._agent_selection = agent

        def _started(self, what: str) -> _Deal:
            """The deal in play; before the first ``reset()`` a RuntimeError saying to call it (``step``,
            ``observe`` and ``last`` have no deal, no agent to move and no rewards until then; PettingZoo's own
            order-enforcing wrapper says the same with an AssertionError)."""
            if self._table.deal is None:
                raise RuntimeError(f"reset() needs to be called before {what}(): the environment has no deal yet")
            return self._table.deal

        def _seat(self, agent: Any) -> int:
            """The seat of one of ``possible_agents``; ValueError naming them for anything else."""
            if not isinstance(agent, str) or agent not in self.possible_agents:
                raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
            return self.possible_agents.index(agent)

        @property
        def state_space(self) -> Any:
            from gymnasium import spaces

            return spaces.Box(0.0, 255.0, (STATE_SIZE,), dtype=np.float32)

        def state(self) -> np.ndarray:
            """The whole deal (``state_tensor``: every hand, the kitty, the plays), for a centralised critic."""
            return state_tensor(self._started("state"))

        def observation_space(self, agent: str) -> Any:
            return self._obs_space

        def action_space(self, agent: str) -> Any:
            return self._act_space

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            seed = _seed(seed)
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
            while self.skip_forced and self._table.forced():  # one candidate: played for its seat, never offered
                self._table.act(0)
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
            deal = self._started("observe")
            seat = self._seat(agent)
            return self._table.observation(seat, deal.phase != "done" and deal.to_move == seat)

        def action_features(self, agent: str | None = None) -> np.ndarray:
            """The candidates' features of ``agent`` (None: the agent to act), as the "full" observation holds
            them: zeros for an agent not to move."""
            deal = self._started("action_features")
            seat = self._seat(self.agent_selection if agent is None else agent)
            return self._table.action_features(deal.phase != "done" and deal.to_move == seat)

        def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            self._started("last")
            return super().last(observe)

        def step(self, action: Any) -> None:
            self._started("step")
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)  # (PettingZoo: a dead agent's action is None)
                return
            index = _action_index(action)  # before anything changes: a bad type leaves the turn as it was
            self._cumulative_rewards[agent] = 0.0
            for a in self.agents:
                self.rewards[a] = 0.0
            ok = self._table.act(index)
            self.infos = {a: {} for a in self.agents}
            if not ok:
                self.infos[agent]["invalid_action"] = True
            self._advance()

        def render(self) -> str | None:
            return _render(self.render_mode, self._table.deal)

        def close(self) -> None:
            pass

    return ShengjiAEC


def aec_env(rules: Rules | None = None, *, max_actions: int = 128, reward: str = "levels", seed: int | None = None,
            render_mode: str | None = None, skip_forced: bool = False, observation: str = "full") -> Any:
    """A PettingZoo ``AECEnv`` of one deal per episode, agents ``seat_0`` .. ``seat_3`` (module docstring);
    ``skip_forced=True``: a decision with one candidate is played for its seat and never offered;
    ``observation="flat"``: the observation Dict without ``action_features`` (``OBSERVATIONS``); ``render_mode``:
    None, ``"ansi"`` (``render()`` returns the table as text) or ``"human"`` (``render()`` prints it)."""
    rules, seed = _check(rules, max_actions, reward, seed)
    return _aec_class()(rules, max_actions, reward, seed, render_mode, skip_forced, observation)


def _gym_env() -> Any:
    try:
        import gymnasium
    except ImportError:
        raise ImportError("SeatEnv needs Gymnasium: pip install 'shengji[learn]'") from None
    return gymnasium.Env


def _opponents(opponents: Any, resolve: Any) -> list[Any]:
    """SeatEnv's opponents as four bots (``shengji.players.bots``: a policy name, a bot, or a list of four), each
    with a callable ``choose``; an error naming ``opponents`` otherwise (at construction, not at the first step)."""
    try:
        bots = resolve(opponents)
    except (TypeError, ValueError) as err:
        raise type(err)(f"opponents: {err}") from None
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"opponents: seat {seat}'s opponent {bot!r} ({type(bot).__name__}) is not 'greedy', "
                            "'random' or a bot with choose(deal)")
    return list(bots)


RENDER_FPS = 4
"""The render rate both environments declare (``metadata["render_fps"]``): a text table, a few frames a second."""


def _render_mode(render_mode: Any) -> str | None:
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be None, 'ansi' (render() returns the table as text) or 'human' (render() "
                         f"prints it), got {render_mode!r}")
    return render_mode


def _render(render_mode: str | None, deal: Any) -> str | None:
    """The table as text: returned for "ansi", printed for "human" (None: nothing, and before the first deal)."""
    if render_mode is None or deal is None:
        return None
    text = repr(deal)
    if render_mode == "human":
        print(text)
        return None
    return text


def _make_seat_env_class() -> Any:
    Env: Any = _gym_env()

    class SeatEnv(Env):  # type: ignore[misc, valid-type]
        """One seat learns; the other three are native policies or bots, run between its turns (module
        docstring). An episode is one deal; ``step`` returns the reward at the end. ``skip_forced=True``: a
        decision of the learner with one candidate is played for it and never offered (docs/LEARNING.md).
        ``render_mode``: None, ``"ansi"`` (``render()`` returns the table as text) or ``"human"`` (``render()``
        prints it)."""

        metadata = {"render_modes": ["ansi", "human"], "render_fps": RENDER_FPS}

        def __init__(self, rules: Rules | None = None, *, seat: int = 0, opponents: Any = "greedy",
                     max_actions: int = 128, seed: int | None = None, reward: str = "levels",
                     render_mode: str | None = None, skip_forced: bool = False, observation: str = "full"):
            rules, seed = _check(rules, max_actions, reward, seed)
            seat = _validate.seat(seat)
            self.skip_forced = _validate.flag(skip_forced, "skip_forced")
            kind = _observation_kind(observation)
            self.seat, self.render_mode = seat, _render_mode(render_mode)
            self._native = opponents if isinstance(opponents, str) and opponents in ("greedy", "random") else None
            self._bots = None if self._native else _opponents(opponents, resolve)
            self._table = _Table(rules, max_actions, reward, kind)
            self._table.seed(seed)
            self.observation_space, self.action_space = _spaces(max_actions, kind)

        def _others(self) -> None:
            deal = self._table.deal
            assert deal is not None
            if self._native is not None:
                native = self._native
                play(deal, lambda d: d.policy_action(native, seed=self._table.opponents_seed),
                     until=lambda d: d.to_move == self.seat)
            else:
                assert self._bots is not None
                play(deal, self._bots, until=lambda d: d.to_move == self.seat)
            self._table.refresh()
            if self.skip_forced and self._table.forced((self.seat,)):  # the learner's one candidate: played for it
                self._table.act(0)
                self._others()

        def _obs(self) -> dict[str, np.ndarray]:
            deal = self._table.deal
            assert deal is not None
            return self._table.observation(self.seat, deal.phase != "done")

        def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
            """Deal the next episode and play the opponents up to the learner's first decision; returns
            ``(observation, info)``. ``seed`` (None: go on with the environment's streams) reseeds the episodes
            (module docstring); ``options`` is Gymnasium's and unused."""
            seed = _seed(seed)
            super().reset(seed=seed)
            if seed is not None:
                self._table.seed(seed)
            self._table.new_deal()
            if self._bots is not None:  # Python bots: their randomness from this episode's own stream
                for s, bot in enumerate(self._bots):
                    if s != self.seat and hasattr(bot, "start_game"):
                        bot.start_game(self._table.base, self._table.episode - 1, s)
            self._others()
            return self._obs(), {}

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
            """Play the learner's ``action`` (a candidate index, module docstring), then the opponents until the
            learner decides again or the deal ends; returns ``(observation, reward, terminated, truncated, info)``:
            the reward at the end of the deal (else 0.0), never truncated, ``info["invalid_action"]`` when the
            index was outside the mask (the first candidate was played)."""
            deal = self._table.deal
            if deal is None:
                raise RuntimeError("reset() needs to be called before step(): the environment has no deal yet")
            if deal.phase == "done":
                raise RuntimeError("the deal is over: call reset()")
            ok = self._table.act(_action_index(action))
            self._others()
            info = {} if ok else {"invalid_action": True}
            if deal.phase == "done":
                return self._obs(), _returns(deal, self._table.reward)[self.seat], True, False, info
            return self._obs(), 0.0, False, False, info

        def render(self) -> str | None:
            """The table as text: returned under ``render_mode="ansi"``, printed under ``"human"``; None otherwise
            (and before the first deal)."""
            return _render(self.render_mode, self._table.deal)

        def action_features(self) -> np.ndarray:
            """The candidates' features at the learner's decision now, as the "full" observation holds them."""
            deal = self._table.deal
            if deal is None:
                raise RuntimeError("reset() needs to be called before action_features(): the environment has no deal "
                                   "yet")
            return self._table.action_features(deal.phase != "done" and deal.to_move == self.seat)

        def action_masks(self) -> np.ndarray:
            """The mask of the current observation as bools (True: the action index is legal now), as
            sb3-contrib's MaskablePPO reads it from the environment."""
            if self._table.deal is None:
                raise RuntimeError("reset() needs to be called before action_masks(): the environment has no deal yet")
            return np.asarray(self._obs()["action_mask"], dtype=bool)

    return SeatEnv


AUTORESET_MODES = ("next_step", "disabled")
"""``VectorSeatEnv(autoreset_mode=...)``: Gymnasium's next-step autoreset (the default), or none (a finished
sub-environment is reset by ``reset(options={"reset_mask": mask})``)."""

MAX_THREADS = 256


def _env_seeds(seed: Any, num_envs: int, name: str = "seed") -> list[int | None]:
    """A vector environment's seed as one entry per sub-environment (Gymnasium's convention): None — None for each;
    an integer s — s, s + 1, ..., s + num_envs - 1 (all below 2**64); a sequence — one seed or None each."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, (str, bytes)) or not hasattr(seed, "__len__"):
        first = _validate.u64(seed, name)
        if first + num_envs > 2**64:
            raise ValueError(f"{name}: the sub-environments' seeds {first} .. {first} + {num_envs - 1} must stay below "
                             f"2**64")
        return [first + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"{name} must be None, an integer or one seed per sub-environment ({num_envs}), got "
                         f"{len(seeds)}")
    return [None if x is None else _validate.u64(x, f"{name}[{i}]") for i, x in enumerate(seeds)]


def _make_vector_env_class() -> Any:
    try:
        from gymnasium.vector import AutoresetMode, VectorEnv
        from gymnasium.vector.utils import batch_space
    except ImportError:
        raise ImportError("VectorSeatEnv needs Gymnasium: pip install 'shengji[learn]'") from None
    from ..agents.bots import HIDDEN_TRUMP_WORLDS
    from ..agents.worlds import first_draw

    class VectorSeatEnv(VectorEnv):  # type: ignore[misc]
        """``num_envs`` SeatEnv tables stepped natively in one call (docs/LEARNING.md, "A native vector
        environment"): a Gymnasium ``VectorEnv`` with next-step autoreset whose sub-environment i is
        ``SeatEnv(rules, seed=env_seeds[i], observation="flat", ...)`` decision for decision. ``skip_forced``,
        as SeatEnv's; ``threads``: the native threads a step's tables are split between (the results never depend
        on it); ``copy=True`` (Gymnasium's default): ``reset`` and ``step`` return arrays of the caller's own;
        ``copy=False``: the environment's buffers, which the next call overwrites."""

        def __init__(self, num_envs: int, rules: Rules | None = None, *, seat: int = 0, opponents: str = "greedy",
                     max_actions: int = 128, seed: Any = None, reward: str = "levels", skip_forced: bool = False,
                     threads: int = 1, autoreset_mode: Any = "next_step", copy: bool = True):
            n = _validate.integer(num_envs, "num_envs", 1, 2**20)
            rules, _ = _check(rules, max_actions, reward, None)
            seat = _validate.seat(seat)
            if not isinstance(opponents, str) or opponents not in ("greedy", "random"):
                raise ValueError(f"opponents must be 'greedy' or 'random' (the native policies: a Python bot would "
                                 f"run Python per move; use SeatEnv for bots), got {opponents!r}")
            mode = autoreset_mode.value if isinstance(autoreset_mode, AutoresetMode) else autoreset_mode
            mode = {"NextStep": "next_step", "Disabled": "disabled"}.get(mode, mode)
            if mode not in AUTORESET_MODES:
                raise ValueError(f"autoreset_mode must be 'next_step' (Gymnasium's default) or 'disabled', got "
                                 f"{autoreset_mode!r}")
            self.copy = _validate.flag(copy, "copy")
            self.skip_forced = _validate.flag(skip_forced, "skip_forced")
            threads = _validate.integer(threads, "threads", 1, MAX_THREADS)
            seeds = [random.SystemRandom().getrandbits(64) if s is None else s for s in _env_seeds(seed, n)]
            self.num_envs, self.seat, self.opponents, self.reward, self.threads = n, seat, opponents, reward, threads
            self.rules, self.max_actions = rules, max_actions
            self.autoreset_mode = AutoresetMode.NEXT_STEP if mode == "next_step" else AutoresetMode.DISABLED
            self.metadata = {"autoreset_mode": self.autoreset_mode}
            self._tables = _core.VecTables(rules, n, seeds, seat=seat, opponents=opponents, max_actions=max_actions,
                                           points=reward == "points", skip_forced=self.skip_forced,
                                           autoreset=mode == "next_step", threads=threads,
                                           hidden_draws=[first_draw(i) for i in range(HIDDEN_TRUMP_WORLDS)])
            self.single_observation_space, self.single_action_space = _spaces(max_actions, "flat")
            self.observation_space = batch_space(self.single_observation_space, n)
            self.action_space = batch_space(self.single_action_space, n)
            self._started = False

        @property
        def env_seeds(self) -> tuple[int, ...]:
            """Each sub-environment's seed now: sub-environment i plays as ``SeatEnv(seed=env_seeds[i])``."""
            t = self._open("env_seeds")
            return tuple(t.seed(i) for i in range(self.num_envs))

        def _open(self, what: str) -> Any:
            if self.closed:
                raise RuntimeError(f"{what}: the environment is closed")
            return self._tables

        def _ready(self, what: str) -> Any:
            t = self._open(what)
            if not self._started:
                raise RuntimeError(f"reset() needs to be called before {what}(): the environment has no deal yet")
            return t

        def _obs(self) -> dict[str, np.ndarray]:
            t = self._tables
            if self.copy:
                return {"observation": t.obs.copy(), "action_mask": t.mask.copy()}
            return {"observation": t.obs, "action_mask": t.mask}

        def reset(self, *, seed: Any = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
            """Reset every sub-environment (or those of ``options["reset_mask"]``, a bool array of num_envs):
            ``seed`` None goes on to each one's next episode; an integer s seeds sub-environment i with s + i; a
            list seeds each with its entry (None: goes on)."""
            t = self._open("reset")
            seeds = _env_seeds(seed, self.num_envs)
            if options is not None and not isinstance(options, dict):
                raise TypeError(f"options must be a dict or None, not {type(options).__name__}")
            mask = None if options is None else options.get("reset_mask")
            if mask is not None:
                if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
                    raise TypeError(f"options['reset_mask'] must be a numpy bool array of shape ({self.num_envs},), "
                                    f"got {type(mask).__name__}" + (f" of dtype {mask.dtype}"
                                                                    if isinstance(mask, np.ndarray) else ""))
                if mask.shape != (self.num_envs,):
                    raise ValueError(f"options['reset_mask'] must have shape ({self.num_envs},), got {mask.shape}")
                if not mask.any():
                    raise ValueError("options['reset_mask'] must hold at least one True")
                if not self._started and not mask.all():
                    raise RuntimeError("the first reset() resets every sub-environment: leave out reset_mask")
            if seed is not None:
                self._np_random, self._np_random_seed = None, None  # drawn again from the new seeds when asked
            t.reset(mask, None if seed is None else seeds)
            self._started = True
            return self._obs(), {}

        def _actions(self, actions: Any) -> np.ndarray:
            """``step``'s actions as int64, one per sub-environment, each in the action space (0 .. max_actions - 1);
            TypeError or ValueError naming ``actions`` otherwise, before anything moves."""
            a = np.asarray(actions)
            if a.dtype.kind not in "iu":
                raise TypeError(f"actions must be integers, one candidate index per sub-environment (shape "
                                f"({self.num_envs},)), got dtype {a.dtype}")
            if a.shape != (self.num_envs,):
                raise ValueError(f"actions must have shape ({self.num_envs},): one per sub-environment, got shape "
                                 f"{a.shape}")
            bad = np.flatnonzero((a < 0) | (a >= self.max_actions))
            if bad.size:
                i = int(bad[0])
                raise ValueError(f"actions[{i}] = {a[i]} is outside the action space 0 .. {self.max_actions - 1}: "
                                 "nothing was stepped")
            return np.ascontiguousarray(a, dtype=np.int64)

        def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
            """One step of every sub-environment (a sub-environment that terminated at the last step is reset
            instead, its action ignored: next-step autoreset)."""
            t = self._ready("step")
            t.step(self._actions(actions))
            infos: dict[str, Any] = {}
            if t.invalid.any():
                infos = {"invalid_action": t.invalid.copy(), "_invalid_action": t.invalid.copy()}
            if self.copy:
                return self._obs(), t.reward.copy(), t.terminated.copy(), t.truncated.copy(), infos
            return self._obs(), t.reward, t.terminated, t.truncated, infos

        def action_masks(self) -> np.ndarray:
            """The current masks as bools, (num_envs, max_actions): True where the action index is legal now."""
            t = self._ready("action_masks")
            return t.mask.astype(bool)

        def action_features(self) -> np.ndarray:
            """Each sub-environment's candidates' features now, (num_envs, max_actions, 59) float32 (30 KB a
            sub-environment at max_actions=128: computed on request only)."""
            return self._ready("action_features").action_features()

        _ATTRS = ("seat", "opponents", "max_actions", "reward", "skip_forced", "rules")

        def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
            """Gymnasium's ``call``: each sub-environment's ``action_masks()`` or ``action_features()`` (a tuple of
            num_envs arrays), or one of the shared settings (seat, opponents, max_actions, reward, skip_forced,
            rules) num_envs times."""
            if name in ("action_masks", "action_features"):
                if args or kwargs:
                    raise TypeError(f"{name}() takes no arguments")
                return tuple(getattr(self, name)())
            return self.get_attr(name)

        def get_attr(self, name: str) -> tuple[Any, ...]:
            """A shared setting (seat, opponents, max_actions, reward, skip_forced, rules), once per
            sub-environment, or each one's seed (``env_seeds``)."""
            if name == "env_seeds":
                return self.env_seeds
            if name not in self._ATTRS:
                raise AttributeError(f"VectorSeatEnv sub-environments have no attribute {name!r} here: "
                                     f"{', '.join(self._ATTRS + ('env_seeds', 'action_masks', 'action_features'))}")
            return (getattr(self, name),) * self.num_envs

        def close_extras(self, **kwargs: Any) -> None:
            """Free the native tables (Gymnasium's ``close()`` calls it; the environment is unusable after)."""
            self._tables.close()

        def __repr__(self) -> str:
            return (f"VectorSeatEnv(num_envs={self.num_envs}, seat={self.seat}, opponents={self.opponents!r}, "
                    f"threads={self.threads})")

    return VectorSeatEnv


_OBSERVATION = 16 + 54 * 8  # shengji.jit.OBSERVATION (where a position's tensor starts; checked by the tests)
_POSITION_SIZE = _OBSERVATION + TENSOR_SIZE  # shengji.jit.POSITION_SIZE


def _holds_codes(dtype: np.dtype) -> bool:
    """``out``'s dtype holds every tensor entry, 0 .. 255: a float type, or an integer type other than int8."""
    return dtype.kind == "f" or (dtype.kind in "iu" and np.can_cast(np.uint8, dtype))


def _observation_tensor_jit(position: Any, out: Any) -> None:
    """Copy the mover's observation tensor from a jit policy's ``position`` into ``out`` (module docstring).

    Contract, checked before anything is copied: ``position`` a 1-d integer numpy array of at least
    ``shengji.jit.POSITION_SIZE`` (1232) entries; ``out`` a writeable 1-d numpy array of at least 784 entries of
    a float type or an integer type holding 0 .. 255 (not int8, not bool). TypeError (not an array, a wrong
    dtype, a read-only ``out``) or ValueError (too short, not 1-d) names the argument, what it needs and what it
    got. With numba installed this function is callable from numba code (a compiled ``shengji.jit_policy``):
    there a wrong dtype or number of dimensions fails to compile and a short array raises ValueError."""
    for name, a, need in (("position", position, _POSITION_SIZE), ("out", out, TENSOR_SIZE)):
        if not isinstance(a, np.ndarray):
            raise TypeError(f"observation_tensor_jit: {name} must be a numpy array of at least {need} entries, "
                            f"not {type(a).__name__}")
        if a.ndim != 1:
            raise ValueError(f"observation_tensor_jit: {name} must be 1-d with at least {need} entries, got shape "
                             f"{a.shape}")
        if a.shape[0] < need:
            raise ValueError(f"observation_tensor_jit: {name} needs at least {need} entries, got {a.shape[0]}")
    if position.dtype.kind not in "iu":
        raise TypeError(f"observation_tensor_jit: position must be an integer array (a jit policy's int32 "
                        f"position), got dtype {position.dtype}")
    if not _holds_codes(out.dtype):
        raise TypeError(f"observation_tensor_jit: out must be a float or integer array that holds 0 .. 255 (float32, "
                        f"uint8, int16, ...), got dtype {out.dtype}")
    if not out.flags.writeable:
        raise TypeError("observation_tensor_jit: out is read-only")
    out[:TENSOR_SIZE] = position[_OBSERVATION:_POSITION_SIZE]


_observation_tensor_jit.__name__ = _observation_tensor_jit.__qualname__ = "observation_tensor_jit"


def _register_numba() -> None:
    """The numba implementation of ``observation_tensor_jit`` (``numba.extending.overload``), so that compiled
    code calls it: the dtypes and dimensions checked when compiling, the lengths when running."""
    from numba import types  # ImportError without numba
    from numba.core.errors import TypingError
    from numba.extending import overload
    from numba.np.numpy_support import as_dtype

    @overload(_observation_tensor_jit)
    def _typed(position: Any, out: Any) -> Any:
        for name, a in (("position", position), ("out", out)):
            if not isinstance(a, types.Array) or a.ndim != 1:
                raise TypingError(f"observation_tensor_jit: {name} must be a 1-d numpy array, got {a}")
        if not isinstance(position.dtype, types.Integer):
            raise TypingError(f"observation_tensor_jit: position must be an integer array, got {position}")
        if not _holds_codes(as_dtype(out.dtype)):  # the same rule as from Python
            raise TypingError(f"observation_tensor_jit: out must be a float or integer array that holds 0 .. 255 "
                              f"(not int8 or bool), got {out}")
        if not out.mutable:
            raise TypingError("observation_tensor_jit: out is read-only")
        size, start, end = TENSOR_SIZE, _OBSERVATION, _POSITION_SIZE

        def copy(position: Any, out: Any) -> None:  # pragma: no cover - compiled
            if position.shape[0] < end:
                raise ValueError("observation_tensor_jit: position needs at least 1232 entries "
                                 "(shengji.jit.POSITION_SIZE)")
            if out.shape[0] < size:
                raise ValueError("observation_tensor_jit: out needs at least 784 entries")
            for i in range(size):
                out[i] = position[start + i]

        return copy


def __getattr__(name: str) -> Any:
    if name == "observation_tensor_jit":  # numba's implementation registered when first asked for (numba installed)
        try:
            _register_numba()
        except ImportError:  # no numba: the Python function alone
            pass
        globals()["observation_tensor_jit"] = _observation_tensor_jit
        return _observation_tensor_jit
    if name in ("SeatEnv", "VectorSeatEnv"):  # Gymnasium is imported when the class is first asked for
        cls = _make_seat_env_class() if name == "SeatEnv" else _make_vector_env_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module 'shengji.envs' has no attribute {name!r}")


# The public names. ``SeatEnv``, ``VectorSeatEnv`` and ``observation_tensor_jit`` come from ``__getattr__``
# (``from shengji.envs import *`` and the API reference import Gymnasium, ``import shengji.envs`` does not).
__all__ = [
    "ACTION_SIZE", "AUTORESET_MODES", "FIELDS", "MAX_THREADS", "OBSERVATIONS", "RENDER_FPS", "REWARDS", "STATE_SIZE",
    "TENSOR_SIZE", "action_tensor", "aec_env", "candidates", "observation_tensor", "state_tensor", "tensor_shape",
    "SeatEnv", "VectorSeatEnv", "observation_tensor_jit",  # noqa: F822  (made by __getattr__)
]
