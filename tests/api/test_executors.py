"""Runs beyond one process: a process pool, a local Dask cluster of 2 worker processes and
a local Ray instance of 2 CPUs give the local run's arrays for the same seed (simulate, simulate_matches,
selfplay, tournament, advise_bury); a worker killed mid-run loses or duplicates no game on Dask and Ray; a
process pool names the games not done."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from shengji import Rules, advise_bury, bots, selfplay, simulate, simulate_matches, tournament
from shengji._executors import chunks


class DiesOnce(bots.Greedy):
    """The greedy bot, which kills its own worker process the first time it plays while ``marker`` does not
    exist (the marker is made first, so the retried chunk runs through)."""

    def __init__(self, marker: str):
        self.marker = marker

    def choose(self, deal):
        if not os.path.exists(self.marker):
            with open(self.marker, "w") as f:
                f.write(str(os.getpid()))
            os._exit(1)
        return super().choose(deal)


def test_chunks_cover_the_run():
    assert chunks(5, 10, 4, "deal", 2) == [(5, 4), (9, 4), (13, 2)]
    auto = chunks(0, 1_000_000, None, "deal", 2)
    assert sum(n for _, n in auto) == 1_000_000 and min(n for _, n in auto[:-1]) >= 20_000 and len(auto) <= 256
    assert chunks(0, 100, None, "deal", 4) == [(0, 25), (25, 25), (50, 25), (75, 25)]
    with pytest.raises(ValueError, match="chunk"):
        chunks(0, 10, 0, "deal", 1)


def test_process_pool_gives_the_local_arrays():
    rules = Rules.preset("bianfeng-friend")
    with ProcessPoolExecutor(2) as pool:
        assert simulate(rules, 600, seed=3, executor=pool, chunk=150) == simulate(rules, 600, seed=3, threads=1)
        assert simulate_matches(rules, 12, seed=3, executor=pool, chunk=5) == simulate_matches(rules, 12, seed=3)
        assert selfplay(rules, 30, seed=3, executor=pool, chunk=7) == selfplay(rules, 30, seed=3, threads=1)
        pair = {"greedy": "greedy", "random": "random"}
        assert tournament(Rules(), pair, 90, seed=3, executor=pool, chunk=40).advantage("greedy", "random") == \
            tournament(Rules(), pair, 90, seed=3).advantage("greedy", "random")


def test_a_dead_process_pool_worker_names_the_games_not_done(tmp_path):
    marker = str(tmp_path / "died")
    with ProcessPoolExecutor(2) as pool:
        with pytest.raises(RuntimeError, match=r"games .*not done"):
            simulate(Rules(), 40, seed=1, executor=pool, chunk=10,
                     policy=[DiesOnce(marker), "greedy", "greedy", "greedy"])


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        with distributed.Client(cl) as client:
            yield client


def test_dask_gives_the_local_arrays_and_survives_a_dead_worker(dask_client, tmp_path):
    rules = Rules()
    assert simulate(rules, 2000, seed=2, executor=dask_client, chunk=300) == simulate(rules, 2000, seed=2, threads=1)
    assert simulate_matches(rules, 20, seed=2, executor=dask_client, chunk=6) == simulate_matches(rules, 20, seed=2)
    summary = simulate(rules, 2000, seed=2, executor=dask_client, chunk=300, keep="summary")
    assert summary.points_histogram()[1].tolist() == simulate(rules, 2000, seed=2).points_histogram()[1].tolist()
    marker = str(tmp_path / "died")
    killed = simulate(rules, 40, seed=4, executor=dask_client, chunk=10,
                      policy=[DiesOnce(marker), "greedy", "greedy", "greedy"])
    assert os.path.exists(marker)  # a worker did die
    assert killed == simulate(rules, 40, seed=4, threads=1) and killed.games == 40


class AlwaysDies(bots.Greedy):
    def choose(self, deal):
        os._exit(1)


def test_dask_names_the_chunk_that_keeps_failing(dask_client):
    with pytest.raises(RuntimeError, match=r"games 0 \.\. 9 failed: Dask gave up on it: .*allowed-failures"):
        simulate(Rules(), 10, seed=1, executor=dask_client, chunk=10,
                 policy=[AlwaysDies(), "greedy", "greedy", "greedy"])


@pytest.fixture(scope="module")
def ray_module():
    ray = pytest.importorskip("ray")
    import sys

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # (this test module is not on the workers' path)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_local_arrays_and_survives_a_dead_worker(ray_module, tmp_path):
    rules = Rules()
    assert simulate(rules, 2000, seed=2, executor=ray_module, chunk=300) == simulate(rules, 2000, seed=2, threads=1)
    assert simulate_matches(rules, 20, seed=2, executor=ray_module, chunk=6) == simulate_matches(rules, 20, seed=2)
    marker = str(tmp_path / "died")
    killed = simulate(rules, 40, seed=4, executor=ray_module, chunk=10,
                      policy=[DiesOnce(marker), "greedy", "greedy", "greedy"])
    assert os.path.exists(marker)
    assert killed == simulate(rules, 40, seed=4, threads=1) and killed.games == 40


def test_executors_are_refused_clearly():
    with pytest.raises(TypeError, match="executor"):
        simulate(Rules(), 10, executor=object())
    with pytest.raises(TypeError, match="executor"):
        simulate_matches(Rules(), 2, executor="ray")


def test_advise_bury_on_a_pool():
    from shengji import Cards, Deal

    d = Deal(Rules(), seed=2, trump="H")
    hand = d.hand(d.to_move)
    with ProcessPoolExecutor(2) as pool:
        a = advise_bury(Rules(), hand, level="2", trump="H", games=400, seed=1, executor=pool)
    b = advise_bury(Rules(), hand, level="2", trump="H", games=400, seed=1)
    assert [x.cards for x in a] == [x.cards for x in b]
    assert [x.attacker_points for x in a] == [x.attacker_points for x in b]
    assert isinstance(a[0].cards, Cards)


def test_jit_policies_travel_as_their_function(dask_client):
    pytest.importorskip("numba")
    import pickle

    from shengji import jit_policy

    def last(position, candidates):
        return candidates.shape[0] - 1

    bot = jit_policy(last)
    again = pickle.loads(__import__("cloudpickle").dumps(bot))
    assert again.address and again.address != 0 and again.fn.__name__ == "last"
    local = simulate_matches(Rules(), 6, policy=bot, seed=1)
    assert simulate_matches(Rules(), 6, policy=bot, seed=1, executor=dask_client, chunk=2) == local
    assert selfplay(Rules(), 12, policy=bot, seed=1, executor=dask_client, chunk=5) == selfplay(Rules(), 12, policy=bot,
                                                                                                seed=1)


def test_a_bot_that_does_not_pickle_is_named():
    import threading

    class Locked(bots.Greedy):
        def __init__(self):
            self.lock = threading.Lock()  # a lock does not pickle

    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(TypeError, match="do not pickle"):
            simulate(Rules(), 10, executor=pool, policy=[Locked(), "greedy", "greedy", "greedy"])


def test_ray_says_what_it_reported_of_a_chunk_that_keeps_failing(ray_module):
    with pytest.raises(RuntimeError, match=r"games 0 \.\. 9 failed: Ray reported \w+.*max_retries=3"):
        simulate(Rules(), 10, seed=1, executor=ray_module, chunk=10,
                 policy=[AlwaysDies(), "greedy", "greedy", "greedy"])
