"""``shengji play``: a human plays whole deals against the bots, driven here through its input stream by a scripted
human (in every preset), and once through a real subprocess with stdin piped."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from typing import Any

import pytest
from dealt import deal_with

from shengji import Cards, Declaration, Rules
from shengji._core import TOKENS
from shengji.bots import player
from shengji.cli import main
from shengji.frontend.play import Session


class ScriptedHuman(io.StringIO):
    """The human's input stream: reads the session's position when asked for a line. It types the last move listed
    while declaring, grabbing, swapping and calling (so it declares whenever it can), picks burial 1 and play 1,
    except at some plays where it types the cards of the last legal play, once types a card it does not hold
    (refused), once undoes its play; after the deal it answers the replay prompt with the lines of ``end``, then the
    input ends."""

    def __init__(self, end: tuple[str, ...] = ("q",), typed_every: int = 3):
        super().__init__()
        self.session: Session | None = None
        self.end, self.typed_every = list(end), typed_every
        self.kept: bool | None = None  # whether the position after the refused move was the one before it
        self.plays = 0
        self.refused: tuple[Any, ...] | None = None  # the position when the refused move was typed
        self.undone = False
        self.lines: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        line = self._next()
        if line is None:
            return ""  # the end of input
        self.lines.append(line)
        return line + "\n"

    def _next(self) -> str | None:
        s = self.session
        assert s is not None and s.deal is not None
        d = s.deal
        if d.phase == "done":
            return self.end.pop(0) if self.end else None
        if d.phase in ("declare", "grab", "swap", "call"):  # the last move, typed as listed (trump choice included)
            last = d.legal_actions(limit=200)[-1]
            return "pass" if not len(last) else f"{last} {last.trump or 'NT'}" if isinstance(last, Declaration) \
                else str(last)
        if d.phase != "play":
            return "1"
        self.plays += 1
        if self.refused is not None and self.kept is None:
            self.kept = self.refused[:3] == (str(d.hand(s.seat)), len(d.tricks), tuple(map(str, d.trick)))
        missing = next((t for t in TOKENS if Cards(t) not in d.hand(s.seat)), None)
        if self.refused is None and missing is not None:
            self.refused = (str(d.hand(s.seat)), len(d.tricks), tuple(map(str, d.trick)), missing)
            return missing
        if self.plays == 4 and not self.undone:
            self.undone = True
            return "u"
        if self.plays % self.typed_every == 0:
            return str(d.legal_actions(limit=200)[-1])
        return "1"


def run_session(preset: str, seed: int, seat: int = 0, names: str = "greedy", **kw: Any) -> tuple[Session, str]:
    rules = Rules.preset(preset)
    human = ScriptedHuman(**kw)
    out = io.StringIO()
    bots: list[Any] = [None if s == seat else player(names, seed) for s in range(4)]
    labels = ["you" if s == seat else names for s in range(4)]
    session = Session(rules, seed=seed, seat=seat, bots=bots, names=labels, inp=human, out=out, preset=preset,
                      command=f"play --preset {preset}")
    human.session = session
    assert session.run() == 0
    return session, out.getvalue()


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_whole_deal_in_every_preset(preset):
    session, text = run_session(preset, seed=11)
    d = session.deal
    assert d is not None and d.phase == "done"
    human: ScriptedHuman = session.inp  # type: ignore[assignment]
    r = d.result()
    assert f"attackers' points {r.attacker_points}" in text and "deal over (seed 11)" in text
    # every trick is played and shown (one again after the undo); the human's plays are in the deal's history
    shown = [int(n) for n in re.findall(r"trick (\d+) won by", text)]
    assert sorted(set(shown)) == list(range(1, len(d.tricks) + 1)) and len(shown) <= len(d.tricks) + 1
    mine = [m for m in d.moves if m.kind == "play" and m.seat == 0]
    assert len(mine) >= len(d.tricks) - 1 and f"you (seat 0) play {mine[-1].cards}" in text
    # the refused move: explained by the core, and the position kept (the next prompt shows the same hand)
    hand, tricks, trick, missing = human.refused  # type: ignore[misc]
    assert f"refused: play {missing}: seat {session.seat} does not hold {missing} (the position is unchanged)" in text
    assert human.kept is True
    # the undo: the position before the human's 3rd play, shown again
    assert "undone: your play" in text
    # the bury: the human deals (seat 0) and buries in every preset but 泰安 (the burier is the dealer's team's
    # non-declarer when the team declared) and 炒底 (the last grabber)
    burier = [b[0] for b in d.burials]
    if 0 in burier:
        assert "burials (the burials the bots weigh; type any" in text
        assert re.search(r"you pick up the kitty: ", text)
    if d.rules.partnership == "call_card":
        assert "54 calls (any card of the pack: " in text and f"you (seat 0) call {d.called}" in text
    # the hand in reading order (trumps first) at every play prompt
    assert "your hand (" in text and "  trump  " in text


def test_declaring_lists_pass_and_a_typed_declaration():
    _, text = run_session("qq-2deck", seed=3)
    assert re.search(r"\d+ declarations:\n  1\. pass", text)


def test_quit_mid_deal_and_end_of_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 15 + "q\n1\n"))
    assert main(["play", "--preset", "qq-2deck", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"you quit: stopped at trick \d+ of the play, you \(seat 0\) to move", out)
    assert "deal over" not in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3))
    assert main(["play", "--preset", "qq-1deck", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"input ended: stopped at .*; the deal is not finished \(shengji play --preset qq-1deck "
                     r"--seat 0 --bots greedy --seed 5 plays it again\)", out)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no input at all: stopped at the first prompt
    assert main(["play", "--preset", "qq-1deck", "--seed", "5"]) == 0
    assert re.search(r"> \ninput ended: stopped at the \w+ phase, you \(seat 0\) to move; ", capsys.readouterr().out)


def test_commands_at_a_prompt(capsys, monkeypatch, tmp_path):
    page = tmp_path / "so-far.html"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"u\n99\nxyz\n?\nall\nr {page}\nr notapage.txt\nq\n"))
    assert main(["play", "--preset", "qq-2deck", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert f"replay page written: {page} (the deal so far, as your seat sees it;" in out and page.stat().st_size
    assert "replay page 'notapage.txt': a replay is an HTML page: give a file name ending in .html" in out
    assert "u: nothing to undo: you have not made a move in this deal yet" in out
    assert re.search(r"move 99: there are \d+ numbered moves: give a number 1\.\.\d+, or type the cards", out)
    assert "'xyz' is not a move: " in out and "commands: a number picks that move" in out


def test_a_seed_replays_the_deal_exactly(capsys, monkeypatch):
    texts = []
    for seed in (7, 7, 8):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 80 + "q\n"))
        assert main(["play", "--preset", "qq-1deck", "--seed", str(seed), "--bots", "greedy,random,greedy"]) == 0
        texts.append(capsys.readouterr().out)
    assert texts[0] == texts[1] and texts[0] != texts[2]
    assert "replay this deal exactly: shengji play --preset qq-1deck --seat 0 --bots greedy,random,greedy --seed 7" \
        in texts[0] and "deal over (seed 7)" in texts[0]


def test_a_clock_bound_bot_says_the_deal_does_not_replay(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--preset", "qq-1deck", "--seed", "1", "--bots", "pimc", "--time-ms", "5",
                 "--worlds", "8"]) == 0
    out = capsys.readouterr().out
    assert "--time-ms 5: the pimc bots search on the clock" in out and "does not replay exactly" in out
    assert "replay this deal exactly" not in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--seat", "4"], "--seat 4: not a seat; give 0, 1, 2 or 3"),
    (["--bots", "foo"], "--bots 'foo': one bot for the three other seats, or three comma-separated"),
    (["--bots", "greedy,pimc"], "each one of greedy, random, pimc, ismcts"),
    (["--time-ms", "5"], "--time-ms 5: only the search bots (pimc, ismcts) take a clock; --bots 'greedy' has none"),
    (["--out", "deal.txt"], "--out 'deal.txt': a replay is an HTML page"),
    (["--rule", "kitty=x"], "--rule 'kitty=x'"),
])
def test_usage_errors_exit_2(argv, message, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji play: error: ") and message in err and err.count("\n") == 1


def test_the_replay_page_on_request(tmp_path, capsys, monkeypatch):
    page = tmp_path / "deal.html"
    session, text = run_session("qq-1deck", seed=4, end=("notapage", str(page)))
    assert "replay page 'notapage': a replay is an HTML page: give a file name ending in .html" in text
    assert f"replay page written: {page} (the whole deal, every hand;" in text
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and "shengji replay" in html
    assert session.deal is not None and str(session.deal.tricks[-1][1][0]).split()[0] in html
    out = tmp_path / "out.html"  # --out: written when the deal ends
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 30))
    assert main(["play", "--preset", "qq-1deck", "--seed", "4", "--out", str(out)]) == 0
    assert f"replay page written: {out.resolve()}" in capsys.readouterr().out and out.stat().st_size > 1000


def test_rules_without_declaring_the_human_dealer_names_the_trump(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("X\n2\n1\nq\n"))
    assert main(["play", "--preset", "qq-2deck", "--rule", "declaration=none", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "trump 'X': give a number 1..5, one of S, H, D, C, or NT (no trump)" in out
    assert "— burying: trump H" in out and "you (seat 0) bury " in out


def test_a_whole_deal_through_a_subprocess(tmp_path):
    """A real terminal session's plumbing: stdin piped, the deal played out, the input ended after the result."""
    r = subprocess.run([sys.executable, "-m", "shengji", "play", "--preset", "bianfeng-friend", "--seed", "9",
                        "--seat", "2", "--bots", "greedy,random,greedy"], input="1\n" * 60, capture_output=True,
                       text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    assert "deal over (seed 9)" in r.stdout and re.search(r"you were an? (attacker|defender): you (win|lose)",
                                                          r.stdout)
    assert "seat 3 greedy, seat 0 random, seat 1 greedy" in r.stdout
    assert r.stdout.rstrip().endswith(">")  # the replay prompt, then the end of input


def session_on(deal: Any, seat: int, lines: str) -> tuple[Session, str]:
    """A session on a given deal, the human at ``seat``, the input ``lines``."""
    out = io.StringIO()
    bots: list[Any] = [None if s == seat else player("greedy") for s in range(4)]
    session = Session(deal.rules, seed=0, seat=seat, bots=bots, names=["greedy"] * 4, inp=io.StringIO(lines),
                      out=out, deal=deal)
    assert session.run() == 0
    return session, out.getvalue()


def declare_once(deal: Any, cards: str) -> None:
    """Seat 0 shows ``cards`` at its first turn holding them; every other declaring turn passes."""
    shown = False
    while deal.phase == "declare":
        now = not shown and deal.to_move == 0 and Cards(cards).issubset(deal.hand(0))
        deal.declare(cards if now else None)
        shown = shown or now


def test_the_swap_of_taian():
    """泰安 换底: the declarer (the human) takes trumps out of the buried kitty for plain cards of its hand."""
    deal = deal_with(Rules.preset("taian"), {0: "8S 8S SJ 4H 6H 7H 9H 10H 2H", 2: "QS JS 4D 6D 7D"}, level="A",
                     dealer=0)
    declare_once(deal, "8S 8S SJ")
    deal.bury("QS JS 4D 6D")
    assert deal.phase == "swap" and deal.to_move == 0
    why = deal.why_illegal("QS 10H")
    assert why is not None and "without points" in why
    session, text = session_on(deal, 0, "QS 10H\nQS JS 4H 6H\nq\n")
    assert re.search(r"\d+ swaps:\n  1\. pass", text) and "the kitty as buried: " in text
    assert f"refused: {why} (the position is unchanged)" in text  # the core's reason
    assert f"you (seat 0) swap {Cards('QS JS 4H 6H')}" in text
    assert session.deal is not None and Cards("QS JS").issubset(session.deal.hand(0))
    assert "you quit: stopped at trick 1 of the play" in text


def test_the_grab_of_4deck_with_a_typed_grab():
    """炒底: after the dealer buries, the human (seat 1) grabs the kitty with a typed declaration and buries."""
    deal = deal_with(Rules.preset("4deck"), {0: "10D 10D", 1: "10S 10S", 2: "BJ BJ", 3: "10H 10H SJ SJ"},
                     level="10", dealer=0)
    declare_once(deal, "10D 10D")
    deal.bury(Cards([k for k in deal.hand(0).indices() if k < 52 and k % 13 != 8][:8]))
    assert deal.phase == "grab" and deal.to_move == 1
    session, text = session_on(deal, 1, "10S 10S\n1\nq\n")
    assert re.search(r"\d+ grabs:\n  1\. pass", text)
    assert "you (seat 1) grab the kitty with 10S 10S" in text and "you (seat 1) bury " in text
    assert session.deal is not None and session.deal.grabs[0] == (1, Cards("10S 10S"))


def test_undo_then_the_same_move_replays_the_deal(capsys, monkeypatch):
    """Undo restores the position before the human's last move, bots included: the same move again gives the same
    deal as never undoing."""
    endings = []
    for script in ("1\n" * 80, "1\n" * 12 + "u\n1\n" + "1\n" * 68, "1\n" * 12 + "u\nu\n1\n1\n" + "1\n" * 68):
        monkeypatch.setattr(sys, "stdin", io.StringIO(script))
        assert main(["play", "--preset", "qq-1deck", "--seed", "6", "--bots", "random"]) == 0
        out = capsys.readouterr().out
        assert "deal over" in out and ("undone: your " in out) == ("u\n" in script)
        endings.append(out.split("deal over", 1)[1])
    assert endings[0] == endings[1] == endings[2]
