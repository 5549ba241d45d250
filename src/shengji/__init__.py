"""shengji: a fast and faithful simulation core for Shengji (升级 / 拖拉机 / Tractor / 80分).

The public API (the README, docs/RULES.md, docs/MODEL.md, docs/OPTIONS.md, docs/LEARNING.md): cards
(``parse_cards``, ``Cards``, ``points``), ``Rules`` with presets, and the per-deal trump context ``Trump``
(units, follow legality, throws, trick winner, kitty multiplier), all computed by the native C core.
"""

from . import _aliases

_aliases.install()  # (first: the old module paths, shengji.envs and the like, name the modules in the folders)

from ._core import OPTIONS, PHASES, Cards, Declaration, Trump, match_seed, parse_cards, points  # noqa: E402
from ._version import __version__ as __version__  # noqa: E402
from .agents import bots  # noqa: E402
from .agents.deal import Deal, determinize  # noqa: E402
from .agents.search import Rollouts  # noqa: E402
from .base._types import (  # noqa: E402
    Burial,
    DealResult,
    FailedThrow,
    Forced,
    IllegalMove,
    LevelOutcome,
    Move,
    Option,
    OptionValue,
    Played,
    Shown,
    ThrowResult,
    Trick,
    Unit,
)
from .game import replay, views  # noqa: E402
from .game.jit import JitPolicy, jit_policy  # noqa: E402
from .game.observation import Observation  # noqa: E402
from .game.rules import Rules  # noqa: E402
from .learning import envs  # noqa: E402
from .runs.advise import BuryAdvice, advise_bury  # noqa: E402
from .runs.match import DealRecord, Match  # noqa: E402
from .runs.matches import MatchResult, simulate_matches  # noqa: E402
from .runs.records import Records, selfplay  # noqa: E402
from .runs.results import SimResult, SimSummary  # noqa: E402
from .runs.simulate import simulate  # noqa: E402
from .runs.tournament import TournamentResult, tournament  # noqa: E402

_aliases.register_loaded()  # the old paths of the modules just imported: already in sys.modules


def __getattr__(name: str) -> object:
    """``shengji.<module>`` for a module path from before the folders (``shengji.worlds`` ...) not imported yet."""
    if f"shengji.{name}" in _aliases.ALIASES:
        return _aliases.module(name)
    raise AttributeError(f"module 'shengji' has no attribute {name!r}")


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
    "Move",
    "Forced",
    "Shown",
    "Burial",
    "Trick",
    "FailedThrow",
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
