"""The command line behaves like a Unix tool: refused values print one error line and exit 2,
output files are checked before a run, Ctrl-C exits 130, ``python -m shengji`` works, every option's help
shows its default."""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import time

import children
import numpy as np
import pytest

from shengji import Cards, Rules, SimResult, simulate
from shengji._core import RANKS
from shengji.cli import main


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "-5"],
    ["simulate", "--games", "10", "--threads", "0"],
    ["simulate", "--games", "10", "--trump", "X"],
    ["simulate", "--games", "10", "--policy", "foo"],
    ["simulate", "--games", "10", "--level", "1"],
    ["simulate", "--games", "10", "--dealer", "7"],
    ["simulate", "--games", "10", "--seed", "-1"],
    ["bench", "--reference-games", "0"],
    ["bench", "--games", "0"],
    ["bench", "--greedy-games", "0"],
    ["bench", "--presets", "qq-2deck,nope"],
    ["tournament", "--bots", "greedy", "--deals", "2"],
    ["tournament", "--bots", "greedy,foo", "--deals", "2"],
    ["bury", "--hand", "AS KS", "--trump", "S"],
    ["demo", "--suit", "Q"],
])
def test_refused_values_exit_2_with_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"shengji {argv[0]}: error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_outputs_are_checked_before_the_run(tmp_path, capsys):
    t = time.perf_counter()
    assert main(["simulate", "--games", "50000000", "--no-progress", "--out", "/nonexistent/dir/r.npz"]) == 2
    assert time.perf_counter() - t < 5  # refused before 50M deals ran
    assert "--out '/nonexistent/dir/r.npz' cannot be written" in capsys.readouterr().err
    if importlib.util.find_spec("matplotlib") is None:
        assert main(["simulate", "--games", "50000000", "--no-progress", "--plot", str(tmp_path / "p.png")]) == 2
        assert "--plot needs matplotlib" in capsys.readouterr().err
    assert main(["simulate", "--games", "200", "--no-progress", "--out", str(tmp_path / "noext")]) == 0
    out = capsys.readouterr().out
    assert f"saved {tmp_path / 'noext.npz'}" in out and SimResult.load(tmp_path / "noext.npz").games == 200
    assert not (tmp_path / "noext").exists()


def _subcommands() -> list[str]:
    text = subprocess.run([sys.executable, "-m", "shengji", "--help"], capture_output=True, text=True,
                          check=True).stdout
    return re.search(r"\{([a-z,]+)\}", text).group(1).split(",")


def test_help_shows_one_default_per_option_and_none_for_required_ones():
    """Every subcommand's help: each optional option states its default once, in one spelling ("(default: ...)";
    it showed "(default 64; with --time-ms the most) (default: none)"), a required option none (it said
    "(default: none)"), and no Python spelling (None, False, True) stands for a default."""
    commands = _subcommands()
    assert {"simulate", "matches", "bench", "tournament", "bury", "show", "replay", "demo"} <= set(commands)
    for command in commands:
        text = subprocess.run([sys.executable, "-m", "shengji", command, "--help"], capture_output=True, text=True,
                              check=True).stdout
        usage = " ".join(text.split("options:", 1)[0].split())
        while re.search(r"\[[^\[\]]*\]", usage):  # the optional parts of the usage line, innermost first
            usage = re.sub(r"\[[^\[\]]*\]", "", usage)
        required = set(re.findall(r"--[a-z-]+", usage))
        if command == "bury":
            assert required == {"--hand", "--trump"}
        if command == "replay":
            assert required == {"--out"}
        entries: list[str] = []
        for line in text.split("options:", 1)[1].splitlines():
            if line.startswith("  -"):
                entries.append(line)
            elif entries and line.startswith("   "):
                entries[-1] += " " + line.strip()
        for entry in entries:
            name = entry.split()[0].rstrip(",")
            if name == "-h":
                continue
            if name in required:
                assert "default" not in entry, (command, entry)
            else:
                assert entry.count("default") == 1 and "(default: " in entry, (command, entry)
                assert not re.search(r"\(default: (None|False|True)\)", entry), (command, entry)


def test_python_dash_m_shengji():
    r = subprocess.run([sys.executable, "-m", "shengji", "options"], capture_output=True, text=True, check=True)
    assert "| `decks`" in r.stdout or "decks" in r.stdout


def test_ctrl_c_prints_one_line_and_exits_130():
    proc = children.cli(["simulate", "--games", "50000000", "--threads", "1", "--no-progress"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # SIGINT at its default
    children.wait_ready(proc)  # the run is starting
    time.sleep(0.3)  # inside it
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover - a missed signal must not leave the run going
        proc.kill()
        proc.communicate()
        pytest.fail("Ctrl-C did not stop the run within 30 s")
    assert proc.returncode == 130, err
    assert err.strip() == "shengji simulate: interrupted" and "Traceback" not in err


def test_percentiles_are_scores_that_occurred():
    res = simulate(Rules(), 301, seed=3, policy="random")
    q = res.percentiles([0, 5, 25, 50, 75, 95, 100])
    scores = set(res.attacker_points.tolist())
    assert all(int(x) in scores for x in q)
    assert q[0] == res.attacker_points.min() and q[-1] == res.attacker_points.max()
    two = SimResult(**{**{k: getattr(res, k)[:2] for k in ("attacker_points", "defender_points", "kitty_points",
                                                          "kitty_multiplier", "kitty_captured", "dealer_levels",
                                                          "attacker_levels", "dealer", "trump", "plays", "lost_deal",
                                                          "partner")}})
    two.attacker_points = np.array([60, 90], dtype=np.int16)
    assert two.percentiles(50) in (60, 90)  # never 75, an interpolated score
    with pytest.raises(ValueError, match="0..100"):
        res.percentiles(101)
    for line in res.summary().splitlines():
        if line.startswith("attacker points:"):
            values = [int(x) for x in line.split(":")[-1].split("/")]
            assert all(v in scores for v in values)


def test_progress_bar_is_cleared_when_done():
    env = {**os.environ, "COLUMNS": "0"}
    r = subprocess.run([sys.executable, "-c", "import shengji; shengji.simulate(shengji.Rules(), 3000, progress=True)"],
                       capture_output=True, env=env, check=True)
    assert b"deal" in r.stderr  # the bar showed although the terminal reports no size
    last = r.stderr.rsplit(b"deal/s]", 1)[-1]
    assert r.stderr.endswith(b"\r") and last.strip() == b""  # and its line was blanked at the end


@pytest.mark.parametrize("preset", Rules.presets())
def test_demo_works_for_every_preset_suit_and_level(preset, capsys):
    """The demo builds its examples from the rules and the trump it is given (it failed for every
    suit but H, and for qq-1deck and taian); the trump's effective-suit letter T is explained."""
    for suit in ("S", "H", "D", "C", "NT"):
        for level in ("2", "5", "10", "A"):
            if level not in Rules.preset(preset).levels_played:  # refused: test_levels_not_played_are_refused...
                continue
            assert main(["demo", "--preset", preset, "--suit", suit, "--level", level]) == 0, (suit, level)
            out = capsys.readouterr().out
            assert "T for trump" in out and "legal follows:" in out and "won by play" in out


def test_plot_extension_refused_before_the_run(capsys):
    """--plot results.txt is refused before any deal is played (it was refused after the run)."""
    pytest.importorskip("matplotlib")
    t = time.perf_counter()
    assert main(["simulate", "--games", "50000000", "--no-progress", "--plot", "results.txt"]) == 2
    assert time.perf_counter() - t < 20  # 50 million deals would take minutes
    err = capsys.readouterr().err
    assert "results.txt" in err and ".png" in err


def test_the_command_line_states_what_the_api_can(capsys, tmp_path):
    """--rule over --preset (checked against the option table), fixed hands and kitty, show of a
    saved run, --version, a subcommand's own usage for an unknown option; the summary says what was run."""
    from shengji import Deal, __version__

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and __version__ in capsys.readouterr().out
    hand = str(Deal(Rules(), seed=1, trump="S").hand(1))
    out = tmp_path / "r.npz"
    assert main(["simulate", "--games", "300", "--no-progress", "--rule", "kitty_multiplier=copies", "--rule",
                 "constant_ranks=2", "--hand", f"0={hand}", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "rule options changed: constant_ranks=2, kitty_multiplier=copies" in text
    assert "setup: trump declared, level 2, dealer random, hands of seats 0 fixed" in text
    assert "captured kitties:" in text and ("held no points" in text or "multiplied by" in text)
    assert main(["show", str(out)]) == 0 and "rule options changed" in capsys.readouterr().out
    for argv, words in ((["simulate", "--games", "5", "--rule", "bogus=1"], "KEY one of"),
                        (["simulate", "--games", "5", "--rule", "wider_shapes=maybe"], "true or false"),
                        (["simulate", "--games", "5", "--rule", "kitty_multiplier=huge"], "huge"),
                        (["simulate", "--games", "5", "--hand", "7=AS"], "SEAT=CARDS")):
        assert main(argv) == 2 and words in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--games", "5", "--nonsense"])
    assert e.value.code == 2 and "usage: shengji simulate" in capsys.readouterr().err
    deal = Deal(Rules(), seed=4, trump="S")
    burier = deal.hand(deal.to_move)
    first, second = str(burier - Cards(burier.indices()[8:])), str(Cards(burier.indices()[-8:]))
    assert main(["bury", "--hand", str(burier), "--trump", "S", "--games", "30", "--no-progress",
                 "--candidate", first, "--candidate", second]) == 0
    ranked = capsys.readouterr().out
    assert first in ranked and second in ranked
    text = subprocess.run([sys.executable, "-m", "shengji", "bury", "--help"], capture_output=True, text=True).stdout
    assert "qq-2deck 33" in " ".join(text.split())


def test_show_reads_what_matches_out_wrote(capsys, tmp_path):
    """shengji show reads a file of matches --out (it read only simulate --out's): the match summary, and with
    --plot the levels plot; a Records file is still refused, naming what it is."""
    from shengji.runs.matches import MatchResult

    out = tmp_path / "m.npz"
    assert main(["matches", "--matches", "40", "--seed", "3", "--threads", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    summary = MatchResult.load(out).summary()
    assert summary in printed
    assert main(["show", str(out)]) == 0
    assert capsys.readouterr().out.strip() == summary
    if importlib.util.find_spec("matplotlib") is not None:
        png = tmp_path / "levels.png"
        assert main(["show", str(out), "--plot", str(png)]) == 0
        assert f"plot written to {png}" in capsys.readouterr().out
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
        png2 = tmp_path / "direct.png"
        assert main(["matches", "--matches", "40", "--seed", "3", "--threads", "1", "--plot", str(png2)]) == 0
        assert png2.stat().st_size > 10_000
    sim = tmp_path / "s.npz"
    assert main(["simulate", "--games", "50", "--no-progress", "--out", str(sim)]) == 0
    capsys.readouterr()
    assert main(["show", str(sim)]) == 0 and "kitty captured" in capsys.readouterr().out
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    assert main(["show", str(junk)]) == 2
    err = capsys.readouterr().err
    assert str(junk) in err and "SimResult" in err


@pytest.mark.parametrize("preset", Rules.presets())
def test_levels_not_played_are_refused_everywhere_naming_the_levels_played(preset, capsys):
    """Deal(Rules.preset("4deck"), level="2") blamed trump="declare", while Trump(...) and shengji demo accepted
    the level: each refuses a level the rules do not play (2 under first_level=3, a constant trump there), naming
    the level and the levels played; what Match plays is the same list."""
    from shengji import Deal, Match, Trump

    rules = Rules.preset(preset)
    played = rules.levels_played
    for rank in RANKS:
        assert (rank in played) == _match_starts_at(Match, rules, rank), rank
    span = f"{played[0]} .. {played[-1]}"
    for rank in (r for r in RANKS if r not in played):
        for make, args, kw in ((Deal, (rules,), {"level": rank}), (Deal, (rules,), {"level": rank, "trump": "H"}),
                               (Trump, (rules, rank, "H"), {}), (Trump, (rules, rank, None), {}),
                               (simulate, (rules, 2), {"level": rank})):
            with pytest.raises(ValueError) as e:
                make(*args, **kw)
            text = str(e.value)
            assert f"level={rank!r}" in text and span in text and "trump='declare'" not in text, text
            assert f"the first level is {rules.first_level}" in text and f"{rank} is a constant trump" in text
        for argv in (["demo", "--level", rank], ["simulate", "--games", "2", "--level", rank],
                     ["bury", "--hand", "AS", "--trump", "S", "--level", rank]):
            assert main([argv[0], "--preset", preset, *argv[1:]]) == 2
            err = capsys.readouterr().err
            assert f"--level {rank} (--preset {preset})" in err and span in err and "level=" not in err, err
    for rank in played:
        assert Trump(rules, rank, "S").level == rank


def _match_starts_at(match, rules, rank):
    try:
        match(rules, levels=(rank,) * (4 if rules.partnership == "call_card" else 2))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("preset", ["qq-2deck", "qq-1deck", "taian"])
def test_fixed_cards_of_the_wrong_size_name_which_and_the_size_needed(preset, capsys):
    """--kitty AS said "a fixed hand, kitty or burial has the wrong number of cards": the kitty (or burial) is
    named with its cards, its count and the count the rules need, in each interface's spelling."""
    rules = Rules.preset(preset)
    trump = "declare" if rules.has_declaring_phase else "S"
    for name in ("kitty", "buried"):
        with pytest.raises(ValueError) as e:
            simulate(rules, 2, trump=trump, **{name: "AS"})
        assert f"{name} 'AS' has 1 card;" in str(e.value) and f" {rules.kitty} " in str(e.value), str(e.value)
        assert main(["simulate", "--preset", preset, "--games", "2", "--trump", trump, f"--{name}", "AS KH"]) == 2
        err = capsys.readouterr().err
        assert f"--{name} 'AS KH' has 2 cards;" in err and f" {rules.kitty} under" in err, err


@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "--trump", "X"], ["--trump X:", "declare, S, H, D, C or NT"]),
    (["bench", "--trump", "Q"], ["--trump Q:", "declare, S, H, D, C or NT"]),
    (["bury", "--hand", "AS", "--trump", "declare"], ["--trump declare:", "give S, H, D, C or NT"]),
    (["demo", "--suit", "none"], ["--suit none:", "S, H, D, C or NT"]),
    (["simulate", "--dealer", "5"], ["--dealer 5:", "0, 1, 2 or 3"]),
    (["matches", "--first-dealer", "-1"], ["--first-dealer -1:", "0, 1, 2 or 3"]),
    (["replay", "--out", "x.html", "--seat", "4"], ["--seat 4:", "0, 1, 2 or 3"]),
    (["simulate", "--level", "1"], ["--level 1:", "2, 3, 4"]),
    (["matches", "--end-level", "Z"], ["--end-level Z:", "J, Q, K, A"]),
])
def test_option_errors_speak_the_command_line(argv, words, capsys):
    """--trump X answered with Python spellings ("'S', 'H', 'D', 'C', or None / 'NT'"), --dealer 5 with "a seat
    0..3 or None": each names the option, the value and what it takes, in the command line's words, on one line;
    status 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"shengji {argv[0]}: error: ") and err.count("\n") == 1, err
    assert all(w in err for w in words), err
    assert "None" not in err and "'S'" not in err, err
