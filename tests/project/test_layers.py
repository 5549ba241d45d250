"""The package's layers look only down (shengji/_layers.py): every import statement of every module, those inside
functions included (the AST for Python, the import lines for the Cython files), names a module of a lower layer."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from shengji._layers import FOLDERS, LAYERS

SRC = Path(__file__).resolve().parents[2] / "src" / "shengji"
LAYER = {name: i for i, names in enumerate(LAYERS) for name in names}
FOLDER = {m: folder for folder, ms in FOLDERS.items() for m in ms}
# the folders bottom first; the binding and the root's small modules sit just above base, the package's own
# __init__/__main__ on top
RANK = {"base": 0, "root": 1, **{f: i + 2 for i, f in enumerate(list(FOLDERS)[1:])}, "top": len(FOLDERS) + 1}


def _rank(module: str) -> int:
    return RANK["top"] if module in ("__init__", "__main__") else RANK[FOLDER.get(module, "root")]


def _sources(*suffixes: str) -> list[Path]:
    """The package's source files (the pure-Python reference and the folders' docstring-only __init__s aside)."""
    out = []
    for suffix in suffixes:
        for p in sorted(SRC.rglob(f"*{suffix}")):
            rel = p.relative_to(SRC)
            if rel.parts[0] in ("testing", "_c") or (p.name == "__init__.py" and len(rel.parts) > 1):
                continue
            out.append(p)
    return out


def _stem(parts: list[str]) -> str:
    """The module a dotted path inside the package names (shengji.runs.results -> results, shengji.testing.x ->
    testing); a folder alone names no module (its __init__ holds only a docstring)."""
    if len(parts) < 2:
        return "__init__"
    if parts[1] in FOLDERS:
        return parts[2] if len(parts) > 2 else parts[1]
    return parts[1]


def _python_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of each import of the package in a Python module, skipping `if TYPE_CHECKING:` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["shengji", *path.relative_to(SRC).parts[:-1]]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skip.update(id(n) for n in ast.walk(node))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            base = package[:len(package) - (node.level - 1)]
            target = base + (node.module.split(".") if node.module else [])
            if node.module and not (len(target) == 2 and target[1] in FOLDERS):
                out.append((node.lineno, _stem(target)))
            else:  # from <package> import x: the submodule x (or, if it is no module, the package itself)
                known = {*LAYER, "_aliases"}
                out.extend((node.lineno, _stem([*target, a.name]) if a.name in known or target[1:] else "__init__")
                           for a in node.names)
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, _stem(a.name.split("."))) for a in node.names if a.name.startswith("shengji."))
    return out


def _cython_imports(path: Path) -> list[tuple[int, str]]:
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = re.match(r"\s*(?:from\s+\.([\w.]*)\s+(?:c?import)\s+\(?([\w, ]+)|import\s+shengji\.([\w.]+))", line)
        if not m:
            continue
        if m.group(1) and m.group(1).split(".")[0] == "_c":  # the C declarations (.pxd): below everything
            continue
        if m.group(1) in FOLDERS:  # from .base import _html: the folder's modules
            out.extend((i, n.strip()) for n in m.group(2).split(",") if n.strip())
        elif m.group(1):
            out.append((i, _stem(["shengji", *m.group(1).split(".")])))
        elif m.group(2):
            out.extend((i, n.strip() if n.strip() in LAYER else "__init__") for n in m.group(2).split(","))
        else:
            out.append((i, _stem(["shengji", *m.group(3).split(".")])))
    return out


def test_every_module_has_a_layer_and_a_folder():
    """Every module has a layer; every module of a folder is the one FOLDERS names there, and the package's root
    holds only the binding, the small modules every layer may read, the package's __init__/__main__ and the
    pure-Python reference (the folders show the layers)."""
    modules = {p.stem for p in _sources(".py")} - {"_layers", "_aliases"} | {"_core", "testing"}
    assert modules - set(LAYER) == set(), "modules missing from shengji/_layers.py"
    assert set(LAYER) - modules == set(), "shengji/_layers.py names modules that do not exist"
    placed = {p.stem: (p.parent.name if p.parent != SRC else None) for p in _sources(".py")}
    assert {m: f for m, f in placed.items() if f is not None} == FOLDER
    assert {m for m, f in placed.items() if f is None} == {"__init__", "__main__", "_layers", "_aliases", "_version"}
    assert {p.name for p in SRC.iterdir() if p.is_dir() and not p.name.startswith("__")} == {*FOLDERS, "testing", "_c"}


def test_imports_only_look_down():
    """Down the layers, and down (or across) the folders: a module imports only modules of lower layers, in its
    own folder or a folder below it."""
    wrong = []
    for path in _sources(".py", ".pyx", ".pxi"):
        own = "_core" if path.suffix in (".pyx", ".pxi") else path.stem
        imports = _python_imports(path) if path.suffix == ".py" else _cython_imports(path)
        for line, module in imports:
            if module in ("_layers", "_aliases"):
                continue
            if LAYER[module] >= LAYER[own]:
                wrong.append(f"{path.name}:{line} ({own}, layer {LAYER[own]}) imports {module} (layer {LAYER[module]})")
            if _rank(module) > _rank(own):
                wrong.append(f"{path.name}:{line} ({own}, folder {FOLDER.get(own, 'root')}) imports {module} "
                             f"(folder {FOLDER.get(module, 'root')}, above it)")
    assert not wrong, "imports that do not look down:\n" + "\n".join(wrong)


def test_the_walk_sees_imports_inside_functions():
    """The checker itself: a function-level import is found, a TYPE_CHECKING one is not, and a folder's relative
    imports resolve to their modules."""
    found = dict((m, line) for line, m in _python_imports(SRC / "frontend" / "cli.py"))
    assert "testing" in found  # imported inside a function there
    assert {"advise", "bots", "_core", "simulate", "rules"} <= set(found)
    assert "_core" not in {m for _, m in _python_imports(SRC / "base" / "_types.py")}
    assert {"_executors", "_validate", "_files", "_core", "deal"} <= {m for _, m in
                                                                      _python_imports(SRC / "runs" / "simulate.py")}


def test_the_old_module_paths_name_the_same_modules():
    """The paths from before the folders stay importable as the same module objects (code and pickles name them):
    ``import shengji.envs``, ``from shengji.worlds import ...``, ``shengji.rules`` as an attribute, and a pickle
    naming ``shengji.deal.Deal``."""
    import importlib
    import pickle

    import shengji

    for folder, ms in FOLDERS.items():
        for m in ms:
            assert importlib.import_module(f"shengji.{m}") is importlib.import_module(f"shengji.{folder}.{m}")
    from shengji.worlds import determinize  # noqa: F401
    assert shengji.rules is shengji.game.rules and shengji.cli is shengji.frontend.cli
    assert shengji.simulate is shengji.runs.simulate.simulate  # (the function, as before the folders)
    old = pickle.loads(b"cshengji.deal\nDeal\n.")
    assert old is shengji.Deal


def test_the_core_rule_files_read_the_state_not_the_state_machine():
    """In C the deal's state (csrc/include/sj_state.h) sits below the rules it applies: declaring (sj_declare.c) and
    the kitty (sj_kitty.c) include their own headers, which include the state (and the refusal reasons, below
    everything but the cards), never the state machine's header (sj_deal.h); the state includes none of them."""
    csrc = SRC.parents[1] / "csrc"
    includes = {p.name: set(re.findall(r'#include "([^"]+)"', p.read_text(encoding="utf-8")))
                for p in [*(csrc / "src").glob("*.c"), *(csrc / "include").glob("*.h")]}
    assert includes["sj_declare.c"] == {"sj_declare.h"} and includes["sj_kitty.c"] == {"sj_kitty.h"}
    assert includes["sj_declare.h"] == {"sj_state.h", "sj_refusal.h"} and "sj_state.h" in includes["sj_kitty.h"]
    assert includes["sj_refusal.h"] == {"sj_cards.h"}
    assert not includes["sj_state.h"] & {"sj_deal.h", "sj_declare.h", "sj_kitty.h", "sj_policy.h"}


def test_one_version():
    import shengji

    text = (SRC.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{shengji.__version__}"' in text


def test_the_reference_is_test_equipment():
    """shengji.testing (the pure-Python reference) imports only itself, and in the package only ``shengji bench``
    (cli.reference_deals) and ``determinize(reference=True)`` (worlds.determinize, its exact-integer sampler)
    import it, inside the function that asks for it: the rest of the package never leans on the second oracle."""
    inside = []
    for path in sorted((SRC / "testing").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level > 1 or (node.module or "").startswith("shengji")):
                inside.append(f"testing/{path.name}:{node.lineno}")
            if isinstance(node, ast.Import) and any(a.name.startswith("shengji") for a in node.names):
                inside.append(f"testing/{path.name}:{node.lineno}")
    assert not inside, "the reference imports the package: " + ", ".join(inside)
    users = []
    for path in _sources(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in [None, *[n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]]:
            body = tree if fn is None else fn
            for node in ast.walk(body):
                if isinstance(node, ast.ImportFrom) and node.level >= 1 and (
                        (node.module or "").split(".")[0] == "testing" or
                        not node.module and any(a.name == "testing" for a in node.names)):
                    users.append((path.name, None if fn is None else fn.name))
    assert {u for u in users if u[1] is not None} == {("cli.py", "reference_deals"), ("worlds.py", "determinize")}
    assert {name for name, _ in users} == {"cli.py", "worlds.py"}, users



def test_the_result_fields_are_one_table():
    """shengji.results.FIELDS is the one list of a result's per-deal fields: the SimResult's arrays, the C
    struct the native run fills (sj_sim_out in csrc/include/sj_sim.h and its .pxd), and NativeRun.run's
    parameters (src/shengji/_sim.pxi) name the same fields in the same order with the same widths."""
    import dataclasses

    import numpy as np

    from shengji.results import FIELDS, SimResult

    names = list(FIELDS)
    assert [f.name for f in dataclasses.fields(SimResult) if f.name != "meta"] == names
    ctype = {"int16_t": np.int16, "int8_t": np.int8, "uint8_t": np.uint8}
    want = [(n, np.dtype(np.uint8 if dt is np.bool_ else dt)) for n, dt in FIELDS.items()]
    root = SRC.parents[1]
    header = (root / "csrc" / "include" / "sj_sim.h").read_text(encoding="utf-8")
    struct = header.split("typedef struct sj_sim_out {", 1)[1].split("} sj_sim_out;", 1)[0]
    members = [(m.group(2), np.dtype(ctype[m.group(1)])) for m in re.finditer(r"(\w+_t) \*(\w+);", struct)]
    assert members == want
    pxd = (SRC / "_c" / "sj_sim.pxd").read_text(encoding="utf-8")
    block = pxd.split("ctypedef struct sj_sim_out:", 1)[1].split("\n\n", 1)[0]
    assert [m.group(2) for m in re.finditer(r"(\w+_t) \*(\w+)", block)] == names
    sim = (SRC / "_sim.pxi").read_text(encoding="utf-8")
    signature = sim.split("    def run(self,", 1)[1].split("):", 1)[0]
    params = [(m.group(2), np.dtype(ctype[m.group(1)])) for m in re.finditer(r"(\w+_t)\[::1\] (\w+)", signature)]
    assert params == want


def test_no_module_imports_another_public_modules_private_names():
    """A public module's underscore names are its own: no other module of the package imports them (``from .search
    import _x``). The underscore modules (``_core``, ``_bot``, ``_executors``, ``_files`` ...) are the package's
    internals, there to be shared."""
    wrong = []
    for path in _sources(".py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module):
                continue
            owner = node.module.split(".")[-1]
            if owner.startswith("_") or owner in FOLDERS:  # (from ..base import _files: modules, not names)
                continue
            wrong += [f"{path.relative_to(SRC)}:{node.lineno} imports {a.name} from {node.module}"
                      for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert not wrong, "\n".join(wrong)


def test_only_the_binding_drives_a_deal_and_writes_its_history():
    """A deal records itself (csrc/include/sj_deal.h, sj_deal_act_why; a rebuilt world: sj_world.h): no Python
    module writes a history entry or calls a private method of the native Deal; what the layers above need from a
    deal beyond its public API is a function of the internal ``_core`` module (``replay_move``, ``policy_view`` ...).
    The native Deal offers no way to write its history from Python at all."""
    from shengji import _core

    private = {n for n in dir(_core.Deal) if n.startswith("_") and not n.startswith("__")} - {"_repr_html_"}
    assert {"_classes", "_greedy_check"} <= private  # (the walk below looks for names that exist)
    assert not {"_force", "_restore", "_set_declarations", "_log", "_log_play"} & set(dir(_core.Deal))
    wrong = []
    for path in _sources(".py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                wrong.append(f"{path.relative_to(SRC)}:{node.lineno} uses Deal.{node.attr}")
            name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
            if "log_entry" in name:
                wrong.append(f"{path.relative_to(SRC)}:{node.lineno} writes a history entry")
    assert not wrong, "\n".join(wrong)


def test_the_native_module_calls_nothing_above_it():
    """No hook registry: the native module's sources hold no string-keyed upward call (``_hook(``, ``_register(``)
    and no module registers anything with it; the methods that need the layers above it live on ``shengji.Deal``
    (shengji/agents/deal.py), a Python class on top of the native one."""
    native = sorted(SRC.glob("*.pyx")) + sorted(SRC.glob("*.pxi"))
    assert native
    wrong = [f"{p.name}:{i}: {line.strip()}" for p in native
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b_hook\(|\b_register\(|\b_HOOKS\b", line)]
    wrong += [f"{p.relative_to(SRC)}:{i}: {line.strip()}" for p in sorted(SRC.rglob("*.py"))
              for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"_core\._register\b", line)]
    assert not wrong, "\n".join(wrong)


def test_the_native_side_builds_deals_through_the_class_it_is_given():
    """A shengji.Deal stays one through everything that makes a new deal natively; the native class alone lacks
    only the methods of the layers above it."""
    import pickle
    import random

    import shengji
    from shengji import _core

    rules = shengji.Rules()
    d = shengji.Deal(rules, seed=4, trump="S")
    assert type(d) is shengji.Deal and issubclass(shengji.Deal, _core.Deal)
    assert type(d.clone()) is shengji.Deal
    assert type(pickle.loads(pickle.dumps(d))) is shengji.Deal
    d.bury(d.policy_action("greedy"))
    obs = d.observation(d.to_move)
    assert type(shengji.determinize(obs, random.Random(1))) is shengji.Deal
    raw = _core.Deal(rules, seed=4, trump="S")
    assert type(raw.clone()) is _core.Deal and type(pickle.loads(pickle.dumps(raw))) is _core.Deal
    assert not hasattr(raw, "observation") and not hasattr(raw, "rollouts") and not hasattr(raw, "to_html")
    assert "<span" in raw._repr_html_() and "<span" in d.hand(0)._repr_html_()
    run = _core.NativeRun(rules, 1, ["greedy"] * 4, 1, 0, 1, -1, "2", "S", [None] * 4, None, None)
    assert type(run.deal(0, shengji.Deal)) is shengji.Deal and type(run.deal(0)) is _core.Deal
    for bad in (int, "Deal", shengji.Rules):
        with pytest.raises(TypeError, match="Deal class"):
            run.deal(0, bad)


def test_the_tests_are_grouped_by_layer():
    """Every test module sits in the directory of the layer it checks (tests/conftest.py names them); none is
    left at the top, and every directory is named in that list."""
    tests = SRC.parents[1] / "tests"
    doc = (tests / "conftest.py").read_text(encoding="utf-8")
    assert not sorted(p.name for p in tests.glob("test_*.py"))
    dirs = {p.parent.name for p in tests.rglob("test_*.py")}
    assert dirs == {"core", "reference", "search", "api", "hostile", "project"}
    assert all(f"``{d}/``" in doc for d in dirs)


def test_argument_checks_have_one_home_and_runs_one_skeleton():
    """The checks of what a caller gives live in shengji._validate (the binding imports them under its own names;
    no module defines or reaches for another copy), and the native runs (simulate, selfplay, simulate_matches)
    each declare a RunSpec and check their shared arguments through it."""
    import importlib

    from shengji import _executors

    defined = []
    for path in _sources(".py", ".pyx", ".pxi"):
        text = path.read_text(encoding="utf-8")
        own = re.findall(r"^\s*c?p?def (_check_(?:u64|int|seat|limit|time_ms|cards))\b", text, re.M)
        defined += [f"{path.name}: {m}" for m in own]
        if path.suffix == ".py" and re.search(r"_core\._check_|from \._core import[^\n]*_check_", text):
            defined.append(f"{path.name}: reaches for _core's checks")
    assert not defined, defined
    for module in map(importlib.import_module, ("shengji.simulate", "shengji.records", "shengji.matches")):
        assert isinstance(module.RUN, _executors.RunSpec)
        assert "RUN.check(" in Path(module.__file__).read_text(encoding="utf-8")


def test_one_game_loop_and_one_resolver():
    """Every Python loop that plays a deal on is ``shengji.players.play`` (its home is ``_bot``, below the worlds
    that replay a declaring phase with it), and every ``policy=`` (or bot name) is
    resolved by ``shengji.players.resolve``: the same words refuse a wrong count of seats or an unknown name
    wherever one is given, and the bot names a replay takes are those a tournament takes."""
    import shengji
    from shengji import bots, players

    loops = []
    for path in _sources(".py"):
        if path.name == "_bot.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.While) and "phase" in ast.unparse(node.test):
                loops.append(f"{path.name}:{node.lineno}: {ast.unparse(node.test)}")
    assert not loops, loops
    rules = shengji.Rules()
    for call in (lambda p: shengji.simulate(rules, 2, policy=p), lambda p: shengji.Match(rules, policy=p),
                 lambda p: shengji.simulate_matches(rules, 1, policy=p), players.native_only, players.bots):
        with pytest.raises(ValueError, match=r"a list of policies needs one per seat \(4\), got 3"):
            call(["greedy"] * 3)
        with pytest.raises(ValueError, match=r"unknown policy 'wise': use 'random', 'greedy', a bot"):
            call("wise")
    assert isinstance(bots.player("ismcts", iterations=8), bots.ISMCTS)
    assert isinstance(bots.player("pimc", worlds=4), bots.PIMC)
    with pytest.raises(ValueError, match=r"unknown bot 'wise': use 'random', 'greedy', 'pimc', 'ismcts'"):
        bots.player("wise")
    deal = shengji.Deal(rules, seed=3)
    assert players.play(deal, players.bots("greedy")) == 4 * deal.hand_size or deal.phase == "done"
    assert deal.phase == "done"
