"""The layers of the package, bottom first: a module imports only modules of layers below its own (a test walks
every import statement, those inside functions included). Where a method of the native module needs an upper
layer (``Deal.observation``, ``Deal.rollouts``, the ``Rules`` class every rules argument must be, the compiled
``jit_policy`` entry points), the upper module registers it with ``_core._register`` when the package is
imported. The ``testing`` subpackage (the pure-Python reference) imports nothing of the package outside itself,
and only the test suite and ``shengji bench`` (``cli.reference_deals``) import it. Imports only for type
checking (``if TYPE_CHECKING:``) do not count. In C the same holds for the core's
files: each rule's file reads the deal's state through ``sj_deal.h`` and is read by the deal's state machine
(``sj_deal.c``) through its own header; no rule file includes ``sj_deal.c``'s callers."""

LAYERS: tuple[tuple[str, ...], ...] = (
    ("_types", "_version", "_files", "testing"),  # result types, IllegalMove; the version; file I/O; the reference
    ("_core",),                          # the native module (_core.pyx and its .pxi files)
    ("rules", "_stats", "_executors"),   # the option table's Rules; intervals; the engines' adapter
    ("burial", "observation", "_bot", "views"),
    ("jit", "worlds"),                   # user policies (a Bot), compiled or not; drawing worlds
    ("players", "results"),              # what a policy= may be (one resolver), Random and Greedy; results
    ("search",),                         # rollouts
    ("bots", "simulate"),                # Random, Greedy, PIMC; Monte-Carlo runs
    ("advise", "match", "tournament", "replay", "envs", "records"),
    ("matches",),                        # native matches (on Match's state)
    ("cli",),
    ("__init__", "__main__"),
)
