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
