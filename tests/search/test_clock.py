"""The search budget's clocks (``clock="wall"`` or ``"cpu"``, csrc/include/sj_parallel.h): every search entry point
takes one, refuses any other value and a CPU clock without a budget, and a CPU budget bounds the worlds as a wall
budget does. (How close a decision's CPU time stays to its budget is measured, not asserted: benchmarks/bench_bots.py
``test_cpu_clock``.)"""

from __future__ import annotations

import pytest

from shengji import Deal, Rules, bots, search
from shengji.frontend.cli import main


def _mid(seed: int = 4) -> Deal:
    d = Deal(Rules(), seed=seed)
    while d.phase != "play" or len(d.tricks) < 2:
        d.act(d.policy_action("greedy"))
    return d


@pytest.mark.parametrize("call", [
    lambda d, **kw: d.rollouts(worlds=8, **kw),
    lambda d, **kw: search.rollouts(d, worlds=8, **kw),
    lambda d, **kw: search.ismcts(d, iterations=16, **kw),
    lambda d, **kw: bots.PIMC(worlds=8, **kw).choose(d),
    lambda d, **kw: bots.ISMCTS(iterations=16, **kw).choose(d),
])
def test_every_search_takes_a_clock_and_refuses_any_other(call):
    d = _mid()
    call(d, time_ms=5, clock="cpu")
    call(d, time_ms=5, clock="wall")
    with pytest.raises(ValueError, match=r"clock must be 'wall' \(elapsed time\) or 'cpu'"):
        call(d, time_ms=5, clock="CPU")
    with pytest.raises(ValueError, match="clock='cpu' measures a time budget: give time_ms too"):
        call(d, clock="cpu")


def test_a_cpu_budget_bounds_the_worlds():
    """A tight CPU budget stops the rollouts after some worlds (world 0 always runs); a loose one lets all run; the
    meta says which clock measured it."""
    d = _mid()
    tight = d.rollouts(worlds=4096, time_ms=2, clock="cpu", threads=2, seed=1)
    assert 1 <= tight.meta["worlds"] < 4096 and tight.meta["clock"] == "cpu"
    loose = d.rollouts(worlds=16, time_ms=60_000, clock="cpu", threads=2, seed=1)
    assert loose.meta["worlds"] == 16
    assert (loose.attacker_points == d.rollouts(worlds=16, seed=1).attacker_points).all()  # all run: as without
    tree = search.ismcts(d, iterations=1 << 40, time_ms=2, clock="cpu", trees=2, threads=2)
    assert 1 <= tree.iterations < 1 << 40 and tree.meta["clock"] == "cpu"


def test_the_bots_show_their_clock_and_the_cli_takes_one(capsys):
    assert repr(bots.PIMC(time_ms=20, clock="cpu")) == "PIMC(policy='greedy', seed=0, time_ms=20, clock='cpu')"
    assert "clock='cpu'" in repr(bots.ISMCTS(time_ms=20, clock="cpu"))
    assert "clock" not in repr(bots.PIMC(time_ms=20))
    assert main(["tournament", "--bots", "pimc,greedy", "--deals", "2", "--time-ms", "2", "--clock", "cpu",
                 "--no-progress"]) == 0
    with pytest.raises(SystemExit):
        main(["tournament", "--bots", "pimc,greedy", "--clock", "gpu"])
    capsys.readouterr()
