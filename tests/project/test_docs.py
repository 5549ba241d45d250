"""Docs that stand alone: no user-facing text points at files a user of the repository does not have (the
project's source texts by number, a ``seeds/`` folder, ``../shared``, a ``RULES.md`` outside the repository),
and every section of docs/RULES.md that the code and the docs cite exists and is about its option."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import shengji
from shengji import OPTIONS, Rules

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT / "docs" / "RULES.md"

# What no user-facing text may say. A RULES.md citation must name the repository's document, docs/RULES.md;
# inside docs/ a relative Markdown link to it, ](RULES.md), is fine as well.
FORBIDDEN = [
    ("a source text by number", re.compile(r"(?<![-\w])seeds? ?\d{3}(?!\d)", re.IGNORECASE)),
    ("the seeds/ folder", re.compile(r"\bseeds/", re.IGNORECASE)),
    ("../shared", re.compile(r"\.\./shared")),
    ("a RULES.md that is not docs/RULES.md", re.compile(r"(?<!docs/)(?<!\]\()\bRULES\.md")),
]
RELATIVE_LINK = re.compile(r"\]\(RULES\.md")


def offences(text: str, *, in_docs: bool = False) -> list[str]:
    """The forbidden mentions in ``text``, each as 'what: the matched text'. ``in_docs``: the text is a file
    under docs/, where a relative link ](RULES.md…) is allowed."""
    found = []
    for what, pattern in FORBIDDEN:
        for m in pattern.finditer(text):
            found.append(f"{what}: {text[max(0, m.start() - 30):m.end() + 10]!r}")
    if not in_docs:
        found += [f"a relative RULES.md link outside docs/: {m.group()!r}" for m in RELATIVE_LINK.finditer(text)]
    return found


# --- the matcher itself --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "泰安 (seed 003): levels run A -> 2", "Seeds 000/001/002: QQ 升级", "the second table of SEED 004",
    "(seeds 000-003)", "seed003", "see ../shared/RULES.md", "the texts in seeds/003_x.txt",
    "RULES.md §3.3", "(RULES.md §5–§6, docs/MODEL.md §9)", "shared/RULES.md §2", "| option | RULES.md |",
])
def test_matcher_refuses(text):
    assert offences(text), text


@pytest.mark.parametrize("text", [
    "docs/RULES.md §3.3", "(docs/RULES.md §5–§6, docs/MODEL.md §9)", "Deal(rules, seed=3)", "seed 7, dealer 3",
    "shengji simulate --seed 123", "stream (seed, i)", "a seed of 2**64 - 1", "泰安's rules", "the QQ guide",
    "seeded per decision", "| option | docs/RULES.md |",
])
def test_matcher_accepts(text):
    assert not offences(text), text


def test_matcher_relative_link_only_inside_docs():
    text = "[docs/RULES.md](RULES.md) states the game; see [the kitty](RULES.md#4-the-kitty-底牌)."
    assert not offences(text, in_docs=True)
    assert offences(text)
    assert offences("[the rules](RULES.md)", in_docs=False)
    assert offences("as RULES.md says", in_docs=True)


# --- the texts a user sees -----------------------------------------------------------------------------

def _modules() -> Iterator[object]:
    yield shengji
    for info in pkgutil.walk_packages(shengji.__path__, "shengji."):
        if info.name == "shengji.__main__":  # runs the command line when imported
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError as e:  # a module needing an optional dependency that is not installed
            if (e.name or "").startswith("shengji"):
                raise


def _doc_of(obj: object) -> str | None:
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    doc = getattr(obj, "__doc__", None)
    return doc if isinstance(doc, str) else None


def docstrings() -> Iterator[tuple[str, str]]:
    """(where, docstring) of every module of shengji and of every public class, function, method and property
    defined in it, shengji._core included."""
    seen: set[int] = set()
    for module in _modules():
        modname = module.__name__  # type: ignore[attr-defined]
        if module.__doc__:
            yield modname, module.__doc__
        for name, obj in vars(module).items():
            if name.startswith("_") or id(obj) in seen:
                continue
            if not (inspect.isclass(obj) or callable(obj)) or getattr(obj, "__module__", None) != modname:
                continue
            seen.add(id(obj))
            doc = _doc_of(obj)
            if doc:
                yield f"{modname}.{name}", doc
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") and attr != "__init__":
                        continue
                    doc = _doc_of(member)
                    if doc:
                        yield f"{modname}.{name}.{attr}", doc


def option_texts() -> Iterator[tuple[str, str]]:
    """The option table's words (sections, docs of options and values) and the presets' docs."""
    for opt in OPTIONS.values():
        yield f"OPTIONS[{opt.name!r}].section", opt.section
        yield f"OPTIONS[{opt.name!r}].doc", opt.doc
        for v in opt.values:
            yield f"OPTIONS[{opt.name!r}] value {v.value!r}", v.doc
    for name, doc in Rules.PRESET_DOCS.items():
        yield f"Rules.PRESET_DOCS[{name!r}]", doc


def test_docs_and_readme_stand_alone():
    files = sorted(p for p in (ROOT / "docs").rglob("*") if p.is_file()) + [ROOT / "README.md"]
    bad = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # an image
            continue
        in_docs = path.parent.is_relative_to(ROOT / "docs")
        bad += [f"{path.relative_to(ROOT)}: {o}" for o in offences(text, in_docs=in_docs)]
    assert not bad, "\n".join(bad)


def test_docstrings_stand_alone():
    seen = list(docstrings())
    where = {w for w, _ in seen}
    assert "shengji.game.rules" in where and "shengji.runs.match" in where  # the walk reaches the modules
    assert any(w.startswith("shengji._core.") for w in where)       # and the core's objects
    bad = [f"{w}: {o}" for w, doc in seen for o in offences(doc)]
    assert not bad, "\n".join(bad)


def test_option_table_stands_alone():
    bad = [f"{w}: {o}" for w, text in option_texts() for o in offences(text)]
    assert not bad, "\n".join(bad)


def test_options_command_stands_alone():
    out = subprocess.run([sys.executable, "-m", "shengji", "options"], capture_output=True, text=True,
                         encoding="utf-8", check=True).stdout
    assert "| option |" in out
    assert not offences(out), "\n".join(offences(out))


# --- the sections cited exist --------------------------------------------------------------------------

HEADING = re.compile(r"^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
# "docs/RULES.md §5", "docs/RULES.md §3.2–§3.3", "docs/RULES.md §2, §6.5, §6.7", "docs/RULES.md §6-§7"
CITATION = re.compile(r"docs/RULES\.md((?:\s*(?:,|–|-|and|or)?\s*§\d+(?:\.\d+)*)+)")


def rules_sections() -> dict[str, str]:
    """Section number -> its text (up to the next heading of the same or a higher level) in docs/RULES.md."""
    text = RULES_MD.read_text(encoding="utf-8")
    heads = [(m.start(), m.group(0).count("#"), m.group(1)) for m in HEADING.finditer(text)]
    sections = {}
    for i, (start, level, number) in enumerate(heads):
        end = next((s for s, lv, _ in heads[i + 1:] if lv <= level), len(text))
        sections[number] = text[start:end]
    return sections


def cited(text: str) -> set[str]:
    return {n for m in CITATION.finditer(text) for n in SECTION.findall(m.group(1))}


def test_citation_parser():
    assert cited("(docs/RULES.md §3.2–§3.3, docs/MODEL.md §4)") == {"3.2", "3.3"}
    assert cited("| §9 a deal | docs/RULES.md §4.1, §5.4–§5.6, §6.1 |") == {"4.1", "5.4", "5.6", "6.1"}
    assert cited("docs/MODEL.md §7; docs/RULES.md §6-§7") == {"6", "7"}
    assert rules_sections()["3.3"].startswith("### 3.3 ")


def test_rules_md_keeps_its_numbered_sections():
    sections = rules_sections()
    for number in ("1", "1.1", "1.2", "2", "3", "3.1", "3.2", "3.3", "4", "5", "6", "7"):
        assert number in sections, number
    # every section docs/RULES.md refers to inside itself exists
    missing = SECTION.findall(RULES_MD.read_text(encoding="utf-8"))
    assert not [n for n in missing if n not in sections]


def test_option_sections_exist_and_are_about_the_option():
    sections = rules_sections()
    for opt in OPTIONS.values():
        numbers = SECTION.findall(opt.section)
        assert numbers and all(n in sections for n in numbers), (opt.name, opt.section)
        # the cited section names the option (its values and sources are described there)
        assert any(f"`{opt.name}" in sections[n] for n in numbers), (opt.name, opt.section)


def test_taian_trump_follow_is_section_3_3():
    # the section number the code and its documentation have always cited for this option
    assert OPTIONS["taian_trump_follow"].section == "§3.3"
    assert "泰安" in rules_sections()["3.3"].splitlines()[0]


def test_cited_sections_exist():
    sections = rules_sections()
    texts = [ROOT / "docs" / "OPTIONS.md", ROOT / "docs" / "MODEL.md", ROOT / "README.md"]
    texts += sorted((ROOT / "src" / "shengji").rglob("*.py")) + sorted((ROOT / "src" / "shengji").rglob("*.p[yx][xi]"))
    texts += sorted((ROOT / "csrc").rglob("*.[ch]")) + sorted((ROOT / "csrc").rglob("*.def"))
    texts += sorted((ROOT / "tests").rglob("*.py"))
    bad = []
    n = 0
    for path in texts:
        for number in cited(path.read_text(encoding="utf-8")):
            n += 1
            if number not in sections:
                bad.append(f"{path.relative_to(ROOT)}: docs/RULES.md §{number}")
    assert n > 20 and not bad, "\n".join(bad)
    # the first table of docs/OPTIONS.md: one section per option, each a heading of docs/RULES.md
    table = (ROOT / "docs" / "OPTIONS.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    column = [row.rsplit("|", 2)[1].strip() for row in table.splitlines() if row.startswith("| `")]
    assert len(column) == len(OPTIONS)
    assert all(SECTION.fullmatch(c) and c[1:] in sections for c in column), column


def test_the_sources_cite_only_files_the_repository_has():
    """Every path a docstring or comment of the package or the core cites (docs/MODEL.md, csrc/include/sj_deal.h,
    src/shengji/testing/reference.py ...) exists, and nothing cites a file outside the repository (a user has only
    the repository)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pat = re.compile(r"(?<![\w/.])((?:docs|csrc|src|benchmarks|tests|fuzz|include)/[\w/.+-]*\w"
                     r"\.(?:md|h|c|pyx|pxi|pyi|py|def))(?!\w)")
    files = [*(root / "src" / "shengji").rglob("*.py"), *(root / "src" / "shengji").rglob("*.px*"),
             *(root / "csrc").rglob("*.[ch]"), root / "README.md", *(root / "docs").glob("*.md"),
             *(root / "tests").rglob("*.py")]
    missing, outside = [], []
    for f in files:
        text = f.read_text(encoding="utf-8")
        for m in pat.finditer(text):
            if not any((base / m.group(1)).exists() for base in (root, root / "csrc", root / "src")):
                missing.append(f"{f.relative_to(root)}: {m.group(1)}")
        if "shared/" in text and f != Path(__file__).resolve():  # (this test names what it looks for)
            outside.append(str(f.relative_to(root)))
    assert not missing, missing
    assert not outside, outside


def test_the_docs_are_markdown_not_restructuredtext():
    """Every docs/*.md and README.md is Markdown: no reStructuredText roles (:class: ...), directives (.. note::),
    simple-table borders (==== ====) or double-backtick literals outside the fenced code blocks."""
    import re

    rst = [(re.compile(r":(class|func|meth|mod|attr|data|ref|doc):`"), "a reST role"),
           (re.compile(r"^\.\. [a-z-]+::", re.MULTILINE), "a reST directive"),
           (re.compile(r"^=+( +=+)+ *$", re.MULTILINE), "a reST table border"),
           (re.compile(r"(?<!`)``(?!`)"), "a reST double-backtick literal")]
    for path in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
        for pattern, what in rst:
            m = pattern.search(text)
            assert m is None, f"{path.name}: {what}: {text[max(0, m.start() - 40):m.end() + 40]!r}"
