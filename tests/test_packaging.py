"""Packaging and the test layout (issue 13): the benchmark suites are collected by the README's command, the
native core says how it was built and refuses a CPU it cannot run on rather than crashing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import shengji._core as core

ROOT = Path(__file__).resolve().parent.parent


def test_python_m_pytest_benchmarks_collects_every_suite():
    r = subprocess.run([sys.executable, "-m", "pytest", "benchmarks", "--collect-only", "-q", "-p", "no:randomly"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for path in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"benchmarks/{path.name}::" in r.stdout, f"{path.name} is not collected"


def test_the_core_says_how_it_was_built():
    assert core.BUILD in ("x86-64+popcnt", "portable", "native")


def test_help_gives_real_docstrings():
    """help() on the API: simulate, determinize and every public method and property have a docstring."""
    import inspect

    import shengji
    from shengji.observation import Observation
    from shengji.search import Rollouts

    missing = [f.__name__ for f in (shengji.simulate, shengji.determinize, shengji.tournament) if not f.__doc__]
    for cls in (shengji.Deal, shengji.Trump, shengji.Cards, shengji.Declaration, shengji.Match, shengji.Rules,
                shengji.SimResult, Rollouts, Observation):
        for name, obj in inspect.getmembers(cls):
            if name.startswith("_") or not (callable(obj) or isinstance(obj, property) or
                                            type(obj).__name__ == "getset_descriptor"):
                continue
            doc = obj.__doc__
            if not doc or not doc.strip() or doc.startswith(("Return self", "Initialize self")):
                missing.append(f"{cls.__name__}.{name}")
    assert not missing, missing


@pytest.mark.parametrize("section, least", [("## Examples", 6), ("## Stronger bots", 3), ("## Learning", 5),
                                            ("## Matches, and runs", 2)])
def test_readme_examples_print_what_their_comments_say(capsys, section, least):
    """Issue 21 item 9: the README's Examples block (and the Stronger bots one) runs, and every `# >>> RESULT:
    explanation` comment names the result the statement before it gives (an expression's repr, or what a print
    prints), up to its explanation."""
    import ast
    import contextlib
    import io

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split(section, 1)[1].split("```python", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    tree = ast.parse(block)
    env: dict = {}
    checked = 0
    for i, node in enumerate(tree.body):
        code = compile(ast.Module(body=[node], type_ignores=[]), "README", "exec")
        expected = None
        if i + 1 < len(tree.body) and tree.body[i + 1].lineno == node.end_lineno:  # a comment is the last's
            exec(code, env)
            continue
        after = lines[node.end_lineno] if node.end_lineno < len(lines) else ""
        if after.strip().startswith("# >>> "):
            expected = after.strip()[len("# >>> "):]
        elif "# >>> " in lines[node.end_lineno - 1]:
            expected = lines[node.end_lineno - 1].split("# >>> ", 1)[1]
        out = io.StringIO()
        if expected is not None and isinstance(node, ast.Expr) and not (
                isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "print"):
            got = repr(eval(compile(ast.Expression(node.value), "README", "eval"), env))
        else:
            with contextlib.redirect_stdout(out):
                exec(code, env)
            got = out.getvalue().strip().splitlines()[-1] if out.getvalue().strip() else ""
        if expected is None:
            continue
        want = expected.split(": ", 1)[0].rstrip(".")
        assert got.startswith(want), (ast.unparse(node)[:60], want, got)
        checked += 1
    assert checked >= least
