"""The test suite, grouped by the layer each part checks (``python -m pytest``; ``--slow`` adds the long runs):

- ``core/``: the rules as the C core plays them, through the Python API: cards, the option table, a deal's
  phases under every rule system, the seed examples, the golden playthroughs, refusals and their reasons;
- ``reference/``: the pure-Python reference twin (``shengji.testing``) and the differential runs that hold the
  core to it;
- ``search/``: worlds (determinization), rollouts, ISMCTS, the exact endgame, tournaments;
- ``api/``: the Python layers above the core: simulate, matches, self-play records, the environments, user
  policies, views and replays, the command line, the executors;
- ``hostile/``: bad input of every kind is refused cleanly (values, files, environments, engines, Ctrl-C);
- ``project/``: the package's structure (its layers, no hook, one version), the docs, the README's doctests,
  the packaging.

Shared helpers stay here: ``browser.py`` (the headless-Chromium fixture), ``dealt.py`` (deals with given hands),
``positions.py`` (positions for the search tests), ``checks.py`` (the native comparisons of the fast paths with
their references), ``children.py`` (child processes for the Ctrl-C tests: SIGINT at its default even when the run
was started with it ignored, and a readiness line), ``playthroughs/`` (the golden records) and ``golden/`` (digests
of whole runs recorded before the speed rewrites: ``core/test_golden_results.py``).
"""

import pytest


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="run the long differential runs (10^6 positions per deck count)")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long runs, enabled with --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="long run: use --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


from browser import browser  # noqa: E402,F401  (the headless-Chromium fixture: tests/browser.py)
