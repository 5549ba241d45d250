"""The documentation's examples are doctests and they pass against the installed package: every `>>>` example
in README.md (its four example sections are doctest blocks, each with outputs to check), and the short examples
in the docstrings of Deal.act, simulate, bots.PIMC and records.Records."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

import shengji
import shengji.bots
import shengji.records

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

# Each example section of the README and the fewest examples with an output it holds.
SECTIONS = {"## Examples": 8, "## Stronger bots": 4, "## Learning": 5, "## Matches, and runs": 2}

DOCSTRINGS = {
    "shengji.Deal.act": shengji.Deal.act,
    "shengji.simulate": shengji.simulate,
    "shengji.bots.PIMC": shengji.bots.PIMC,
    "shengji.records.Records": shengji.records.Records,
}


def run(test: doctest.DocTest) -> tuple[doctest.TestResults, str]:
    """Run one DocTest as `python -m doctest` does (no option flags beyond the examples' own directives)."""
    out = io.StringIO()
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(test, out=out.write)
    return doctest.TestResults(runner.failures, runner.tries), out.getvalue()


def readme_test() -> doctest.DocTest:
    text = README.read_text(encoding="utf-8")
    return doctest.DocTestParser().get_doctest(text, {"__name__": "README"}, "README.md", str(README), 0)


def test_readme_sections_are_doctest_blocks():
    """Each example section's code block is a doctest block (```pycon, or ```python with prompts), the section
    has at least its number of examples with an output to check, and no `# >>>` result comment is left."""
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    starts = {title: next(i for i, line in enumerate(lines) if line.startswith(title)) for title in SECTIONS}
    examples = readme_test().examples
    for title, least in SECTIONS.items():
        start = starts[title]
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        section = "\n".join(lines[start:end])
        fence = re.search(r"^```(\w*)\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
        assert fence and fence.group(1) in ("pycon", "python"), f"{title}: no code block"
        assert fence.group(2).startswith(">>> "), f"{title}: the code block is not a doctest block"
        assert "# >>>" not in section, f"{title}: a `# >>>` result comment instead of the output under its example"
        checked = [e for e in examples if start <= e.lineno < end and e.want.strip()]
        assert len(checked) >= least, f"{title}: {len(checked)} examples with an output, expected >= {least}"


def test_readme_examples_pass():
    """Every `>>>` example in README.md runs in order (one namespace for the file, as `python -m doctest
    README.md` runs it) and prints exactly the output written under it."""
    test = readme_test()
    results, report = run(test)
    assert results.attempted >= sum(SECTIONS.values()), results
    assert results.failed == 0, report


@pytest.mark.parametrize("name", list(DOCSTRINGS))
def test_docstring_examples_pass(name):
    """The object's own docstring (not its members') has examples, and they pass in a fresh namespace: each
    example imports what it uses, as a reader of help() would."""
    tests = doctest.DocTestFinder(recurse=False).find(DOCSTRINGS[name], name, globs={})
    attempted = sum(len(t.examples) for t in tests)
    assert attempted >= 3, f"{name}: {attempted} docstring examples"
    for test in tests:
        results, report = run(test)
        assert results.failed == 0, report
