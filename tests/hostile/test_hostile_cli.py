"""Hostile command lines: numbers in ASCII digits only (Python's int() reads "８" and "٨" as 8), each ``--rule`` key
at most once; a refused value exits 2 with one error line."""

from __future__ import annotations

import pytest

from shengji.cli import main


def _one_line(capsys, command: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith(f"shengji {command}: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("value", ["８", "٨", "१", "6８", "８\u200b", "--8", "8-", "²", "8.0", "1_0", "+8", "0x8", ""],
                         ids=repr)
def test_a_rule_number_is_ascii_digits(value, capsys):
    """Full-width, Arabic-Indic and Devanagari digits (which int() reads), a superscript, a double minus, a
    float, an underscore, a plus sign, hex, nothing: refused, naming the key and the value."""
    assert main(["simulate", "--games", "5", "--no-progress", "--rule", f"kitty={value}"]) == 2
    err = _one_line(capsys, "simulate")
    assert repr(f"kitty={value}") in err and "ASCII digits" in err


@pytest.mark.parametrize("command", [["simulate", "--games", "5", "--no-progress"],
                                     ["matches", "--matches", "2"],
                                     ["tournament", "--bots", "greedy,random", "--deals", "1", "--no-progress"]])
def test_a_repeated_rule_key_is_refused(command, capsys):
    assert main([*command, "--rule", "kitty=6", "--rule", "wider_shapes=true", "--rule", "kitty=8"]) == 2
    err = _one_line(capsys, command[0])
    assert "kitty" in err and "twice" in err and "kitty=6" in err and "kitty=8" in err


def test_ascii_rules_still_work(capsys):
    argv = ["simulate", "--games", "5", "--no-progress", "--rule", "kitty=8", "--rule", " wider_shapes = true "]
    assert main(argv) == 0
    assert "rule options changed: wider_shapes=True" in capsys.readouterr().out
    assert main(["simulate", "--games", "5", "--no-progress", "--rule", "kitty=-1"]) == 2  # the rules refuse it
    _one_line(capsys, "simulate")


@pytest.mark.parametrize("argv", [["simulate", "--games", "８"], ["simulate", "--games", "5", "--seed", "٣"],
                                  ["matches", "--matches", "２"]], ids=repr)
def test_integer_options_are_ascii(argv, capsys):
    """argparse's integer options read ASCII only (int() alone took "８" for 8): argparse's own refusal, exit 2."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "invalid int value" in err and argv[-1] in err


@pytest.mark.parametrize("argv", [["simulate", "--games", "5", "--dealer", "१"],
                                  ["matches", "--matches", "2", "--first-dealer", "٣"],
                                  ["replay", "--out", "x.html", "--seat", "０"]], ids=repr)
def test_seat_options_are_ascii(argv, capsys):
    """A seat is 0, 1, 2 or 3 in ASCII digits (int() alone took "０" for 0): one line naming the option, the value
    and the seats, exit 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{argv[-2]} {argv[-1]}: not a seat; give 0, 1, 2 or 3" in err and err.count("\n") == 1, err


def test_ascii_integer_options_still_work(capsys):
    assert main(["simulate", "--games", "1_0", "--seed", " 3 ", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("games: 10 ") and "seed: 3 " in out
