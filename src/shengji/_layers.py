"""The layers of the package, bottom first: a module imports only modules of layers below its own (a test walks
every import statement, those inside functions included), and nothing calls up: the native module has no hooks.
What needs the layers above it is a Python class on top of the native one: ``shengji.Deal`` (``deal.py``) adds
``observation``, ``rollouts`` and ``to_html`` to the native Deal, and the native side builds every new deal
through the class it is given (``clone``, pickling, worlds, a run's games). The rules reach the core as plain
values (each option's attribute, checked again there), a compiled policy as an entry point ``shengji.jit``
handed it (``_core.keep_compiled``), and the native values' notebook views come from ``_html``, below the
native module. The ``testing`` subpackage (the pure-Python reference) imports nothing of the package outside itself,
and only the test suite, ``shengji bench`` (``cli.reference_deals``) and ``determinize(reference=True)`` import it.
Imports only for type checking (``if TYPE_CHECKING:``) do not count.

The folders show the layers (``FOLDERS``, bottom first): ``base`` (below the native binding), the binding itself
(``_core``, at the package's root with its C declarations ``_c``), ``game`` (rules, observations, views, what a
policy may be), ``agents`` (worlds, search, shengji.Deal, bots), ``runs`` (simulate, self-play, matches,
tournaments, results), ``learning`` (the environments) and ``frontend`` (the command line). A module imports only
modules of its own folder or of folders below it. The module paths from before the folders (``shengji.envs`` ...)
name the same modules (``_aliases``). In C the same holds for the core's
files: each rule's file reads the deal's state through ``sj_deal.h`` and is read by the deal's state machine
(``sj_deal.c``) through its own header; no rule file includes ``sj_deal.c``'s callers."""

FOLDERS: dict[str, tuple[str, ...]] = {  # bottom first; the binding (_core) sits between base and game
    "base": ("_types", "_validate", "_files", "_html", "_stats"),
    "game": ("rules", "observation", "burial", "views", "replay", "_bot", "jit", "players"),
    "agents": ("worlds", "search", "deal", "bots"),
    "runs": ("_executors", "results", "simulate", "advise", "match", "tournament", "records", "matches"),
    "learning": ("envs", "gym"),
    "frontend": ("play", "cli"),
}

LAYERS: tuple[tuple[str, ...], ...] = (
    ("_types", "_version", "_files", "_html", "_validate", "testing"),  # result types, IllegalMove; the version;
    #                     file I/O; the native values' HTML; the checks of what a caller gives; the reference
    ("_core",),                          # the native module (_core.pyx and its .pxi files)
    ("rules", "_stats", "_executors"),   # the option table's Rules; intervals; the engines' adapter
    ("burial", "observation", "_bot", "views"),
    ("jit", "worlds", "replay"),         # user policies (a Bot), compiled or not; drawing worlds; the replay page
    ("players", "results"),              # what a policy= may be (one resolver), Random and Greedy; results
    ("search",),                         # rollouts
    ("deal",),                           # shengji.Deal: the native Deal with observation, rollouts, to_html
    ("bots", "simulate"),                # Random, Greedy, PIMC; Monte-Carlo runs
    ("advise", "match", "tournament", "envs", "records"),
    ("matches", "gym"),                  # native matches (on Match's state); the Gymnasium ids (on envs)
    ("play",),                           # a human against the bots at a terminal
    ("cli",),
    ("__init__", "__main__"),
)
