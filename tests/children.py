"""Child processes for the Ctrl-C tests (tests/api/test_cli.py, tests/hostile/): started with SIGINT at its default
action, whatever the test run inherited, and told apart from a slow start by a readiness line.

A shell starts a background job (``python -m pytest &``, ``nohup``, many CI runners) with SIGINT ignored, and a
child inherits an ignored signal through ``exec``: Python then installs no KeyboardInterrupt handler, and a
child sent SIGINT runs on (and is killed at the end of the test). ``popen`` restores SIGINT's default in the child
before it starts Python, as an interactive shell gives it.

``cli(argv)`` runs ``shengji argv`` in such a child, printing the line ``go`` on stdout just before the subcommand's
long call starts (its run, its matches, its tournament, its deal): a test sends SIGINT after reading that line,
not after a fixed delay that a loaded machine may outlast."""

from __future__ import annotations

import signal
import subprocess
import sys
from typing import Any

READY = "go"

# the long call of each subcommand, as shengji.frontend.cli names it
_LONG_CALL = {"simulate": "simulate", "matches": "simulate_matches", "tournament": "tournament",
              "replay": "play_deal", "bury": "advise_bury"}

_CLI = """
import sys
from shengji.frontend import cli
real = cli.{call}
def ready(*args, **kwargs):
    print({ready!r}, flush=True)
    return real(*args, **kwargs)
cli.{call} = ready
sys.exit(cli.main({argv!r}))
"""


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(args: list[str], **kw: Any) -> subprocess.Popen:
    """``subprocess.Popen(args, **kw)`` with SIGINT at its default action in the child."""
    return subprocess.Popen(args, preexec_fn=_sigint_default, **kw)  # (the tests start children from one thread)


def cli(argv: list[str], **kw: Any) -> subprocess.Popen:
    """``shengji argv`` in a child (``popen``) that prints ``READY`` on stdout before the subcommand's long call."""
    code = _CLI.format(call=_LONG_CALL[argv[0]], ready=READY, argv=list(argv))
    return popen([sys.executable, "-c", code], **kw)


def wait_ready(p: subprocess.Popen, name: str = "") -> None:
    """Read the child's first line: ``READY`` (a child that ended or printed something else fails the test)."""
    assert p.stdout is not None
    first = p.stdout.readline()
    assert first.strip() == READY, (name, first, p.stderr.read() if p.poll() is not None and p.stderr else "")
