"""shengji: a fast and faithful simulation core for Shengji (升级 / 拖拉机 / Tractor / 80分).

The public API (the README, docs/RULES.md, docs/MODEL.md, docs/OPTIONS.md, docs/LEARNING.md): cards
(``parse_cards``, ``Cards``, ``points``), ``Rules`` with presets, and the per-deal trump context ``Trump``
(units, follow legality, throws, trick winner, kitty multiplier), all computed by the native C core.
"""

from . import bots, envs, replay, views
from ._core import OPTIONS, PHASES, Cards, Declaration, Trump, match_seed, parse_cards, points
from ._types import DealResult, IllegalMove, LevelOutcome, Option, OptionValue, Played, ThrowResult, Unit
from ._version import __version__ as __version__
from .advise import BuryAdvice, advise_bury
from .deal import Deal, determinize
from .jit import JitPolicy, jit_policy
from .match import DealRecord, Match
from .matches import MatchResult, simulate_matches
from .observation import Observation
from .records import Records, selfplay
from .results import SimResult, SimSummary
from .rules import Rules
from .search import Rollouts
from .simulate import simulate
from .tournament import TournamentResult, tournament

__all__ = [
    "BuryAdvice",
    "TournamentResult",
    "advise_bury",
    "JitPolicy",
    "jit_policy",
    "tournament",
    "Cards",
    "Deal",
    "Declaration",
    "DealResult",
    "Played",
    "IllegalMove",
    "DealRecord",
    "LevelOutcome",
    "Match",
    "Observation",
    "OPTIONS",
    "Option",
    "OptionValue",
    "PHASES",
    "Rollouts",
    "Rules",
    "SimResult",
    "SimSummary",
    "ThrowResult",
    "Trump",
    "Unit",
    "bots",
    "views",
    "replay",
    "determinize",
    "parse_cards",
    "points",
    "simulate",
    "selfplay",
    "simulate_matches",
    "MatchResult",
    "match_seed",
    "Records",
    "envs",
]
