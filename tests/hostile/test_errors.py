"""Bad input gets a clear Python exception naming what was wrong, never a crash."""

import pickle

import pytest

from shengji import Cards, Rules, Trump

R = Rules()
T = Trump(R, "10", "H")


@pytest.mark.parametrize("args,exc,match", [
    ((R, "1", "H"), ValueError, "unknown rank"),
    ((R, "10", "X"), ValueError, "unknown suit"),
    ((R, 10, "H"), TypeError, "rank"),
    ((R, "10", 1), TypeError, "suit"),
    (("qq-2deck", "10", "H"), TypeError, "Rules"),
])
def test_trump_construction_errors(args, exc, match):
    with pytest.raises(exc, match=match):
        Trump(*args)


def test_trump_pickles_and_accepts_no_trump():
    t = Trump(R, "A", None)
    t2 = pickle.loads(pickle.dumps(t))
    assert t2.level == "A" and t2.suit is None and t2.is_trump("AS") and not t2.is_trump("KH")
    assert Trump(R, "t", "♥").level == "10"


def test_follow_errors():
    with pytest.raises(ValueError, match="not in the hand: 3D"):
        T.is_legal_follow("7S 7S 6S", "AS AS", "7S 3D")
    with pytest.raises(ValueError, match="play has 1 cards but the lead has 2"):
        T.is_legal_follow("7S 7S 6S", "AS AS", "7S")
    with pytest.raises(ValueError, match="lead is empty"):
        T.is_legal_follow("7S 7S 6S", "", "")
    with pytest.raises(ValueError, match="mixes effective suits"):
        T.is_legal_follow("7S 7S 6S", "AS 2C", "7S 7S")
    with pytest.raises(ValueError, match="3 copies"):
        T.is_legal_follow("7S 7S 7S", "AS", "7S")
    with pytest.raises(ValueError, match="bad card token 'ZZ'"):
        T.is_legal_follow("7S ZZ", "AS", "7S")
    with pytest.raises(TypeError):
        T.is_legal_follow(None, "AS", "7S")
    with pytest.raises(ValueError, match="limit"):
        T.legal_follows("7S 6S", "AS", limit=0)
    with pytest.raises(ValueError, match="fewer"):
        T.legal_follows("7S", "AS AS")


def test_throw_and_trick_errors():
    with pytest.raises(TypeError, match="list of hands"):
        T.check_throw("AS KS", "QS")
    with pytest.raises(ValueError, match="more copies"):
        T.check_throw("AS AS KS", ["AS"])
    with pytest.raises(ValueError, match="mixes"):
        T.check_throw("AS 3C", [])
    with pytest.raises(ValueError, match="plays\\[1\\] has 1 cards"):
        T.trick_winner(["AS AS", "KS"])
    with pytest.raises(ValueError, match="empty"):
        T.trick_winner([])
    with pytest.raises(ValueError, match="more copies"):
        T.trick_winner(["AS", "AS", "AS"])
    with pytest.raises(ValueError, match="mixes"):
        T.kitty_multiplier("AS 2C")
    with pytest.raises(ValueError, match="empty"):
        T.units(Cards())


def test_rejected_calls_leave_values_unchanged():
    hand = Cards("7S 7S 6S")
    before = Cards(hand)
    with pytest.raises(ValueError):
        T.is_legal_follow(hand, "AS AS", "7S 3D")
    assert hand == before
    assert T.is_legal_follow(hand, "AS AS", "7S 7S")


def test_card_queries_validate():
    with pytest.raises(ValueError, match="unknown card"):
        T.is_trump("1H")
    with pytest.raises(ValueError, match="one card"):
        T.effective_suit(Cards("AS KS"))
    assert T.effective_suit("10S") == "T" and T.effective_suit("AS") == "S"


# --- boundary checks of the public API -----------------------------------------------------------

def _finished_deal():
    from shengji import Deal
    deal = Deal(R, seed=1)
    while deal.phase != "done":
        deal.act(deal.policy_action("greedy"))
    return deal


def _play_phase_deal():
    from shengji import Deal
    deal = Deal(R, seed=1, trump="S")
    deal.bury(deal.policy_action("greedy"))
    return deal


@pytest.mark.parametrize("call,exc,match", [
    (lambda: __import__("shengji").Deal(None), TypeError, "rules must be a shengji.Rules"),
    (lambda: __import__("shengji").simulate(None, 5), TypeError, "rules must be a shengji.Rules"),
    (lambda: __import__("shengji").Match(None), TypeError, "rules must be a shengji.Rules"),
    (lambda: __import__("shengji").Deal(R, dealer=True), ValueError, "dealer must be a seat"),
    (lambda: __import__("shengji").simulate(R, 5, dealer=True), ValueError, "dealer must be a seat"),
    (lambda: __import__("shengji").Match(R, seed=-1), ValueError, "seed must be an integer in 0 .. 2\\*\\*64 - 1"),
    (lambda: __import__("shengji").Match(R, first_dealer=True), ValueError, "first_dealer"),
    (lambda: __import__("shengji").Deal(R, seed=2**64), ValueError, "seed must be an integer in 0 .. 2"),
    (lambda: __import__("shengji").Deal(R, seed=1.5), TypeError, "seed must be an integer"),
    (lambda: __import__("shengji").simulate(R, 5, seed=2**64), ValueError, "seed must be an integer in 0 .. 2"),
    (lambda: __import__("shengji").simulate(R, 5, first_game=2**64 - 2), ValueError, "first_game \\+ games"),
    (lambda: _play_phase_deal().play(b"AS"), TypeError, "decode it first"),
    (lambda: Cards(b"AS"), TypeError, "decode it first"),
    (lambda: __import__("shengji").simulate(R, 5).points_histogram(step=0), ValueError, "step must be a positive"),
    (lambda: T.check_throw("AS KS", None), TypeError, "others must be a list of hands"),
    (lambda: R.level_outcome(7), ValueError, "multiple of 5"),
    (lambda: R.level_outcome(-5), ValueError, "cannot be negative"),
    (lambda: __import__("shengji").bots.Random().choose(_finished_deal()), ValueError, "the deal is finished"),
    (lambda: __import__("shengji").bots.Greedy().bury(_play_phase_deal()), ValueError, "acts in the bury phase"),
    (lambda: __import__("shengji").bots.Random().bury(_play_phase_deal()), ValueError, "acts in the bury phase"),
])
def test_boundary_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_numpy_integers_are_integers():
    import numpy as np

    from shengji import Deal, simulate
    assert simulate(R, np.int64(6), seed=np.uint64(3)).games == 6
    assert Deal(R, seed=np.int32(7)).order == Deal(R, seed=7).order
    assert simulate(R, 4, seed=2**64 - 1).games == 4  # the largest seed is fine


# --- Hardening II: inputs that reached C unchecked (each run in a subprocess: a crash would be a signal) -------

CRASH_CASES = {
    "a hand-set jit address": (
        "from shengji import Rules, simulate\nfrom shengji.jit import jit_policy\n"
        "p = jit_policy(lambda a, b: -1, compile=False)\n"
        "try:\n    p.address = 4096\nexcept AttributeError:\n    pass\nelse:\n    raise SystemExit('address was set')\n"
        "p._address = 4096\nsimulate(Rules(), 5, policy=p)",
        "not a policy compiled by jit_policy"),
    "an empty Sampler (count)": ("from shengji import _core\n_core.Sampler.__new__(_core.Sampler).count",
                                 "empty Sampler"),
    "an empty Sampler (sample)": ("from shengji import _core\n_core.Sampler.__new__(_core.Sampler).sample(0)",
                                  "empty Sampler"),
    "an empty WorldTemplate": (
        "from shengji import _core\nt = _core.WorldTemplate.__new__(_core.WorldTemplate)\n"
        "t.world(_core.Sampler([1], [('AS', [0])]), 1)", "empty WorldTemplate"),
    "a malformed pickle record": (
        "from shengji import Deal, Rules\nd = Deal(Rules(), seed=1)\nf, a = d.__reduce__()\n"
        "f(*a[:6], a[6] + [('teleport',)])", "is not \\(phase, cards\\)"),
    "a record move of the wrong phase": (
        "from shengji import Deal, Rules\nd = Deal(Rules(), seed=1)\nf, a = d.__reduce__()\n"
        "f(*a[:6], a[6] + [('play', 'AS')])", "a play move in the declare phase"),
}


@pytest.mark.parametrize("case", list(CRASH_CASES))
def test_no_crash_only_a_clear_error(case):
    import re
    import subprocess
    import sys

    code, message = CRASH_CASES[case]
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, (case, r.returncode, r.stderr[-500:])  # an exception, not a signal
    last = r.stderr.strip().splitlines()[-1]
    assert re.search(message, last) and last.startswith(("ValueError", "TypeError")), (case, last)


def test_accepted_and_silently_used_no_more():
    """Values that were taken and used as something else are refused."""
    from shengji import Deal, IllegalMove, Match, advise_bury, bots, simulate, tournament

    deal = Deal(R, seed=1)
    with pytest.raises(TypeError, match="seat must be a seat 0..3"):
        deal.act(None, seat=float(deal.to_move))
    with pytest.raises(TypeError, match="seat must be"):
        deal.act(None, seat="0")
    with pytest.raises(IllegalMove, match="cannot act"):
        deal.act(None, seat=(deal.to_move + 1) % 4)
    with pytest.raises(TypeError, match="first_deal must be True or False"):
        Deal(R, first_deal="no")
    r4 = Rules.preset("4deck")  # its levels start at 3 (2 is a fixed trump); 泰安's 2, 3 and 5 are levels
    with pytest.raises(ValueError, match=r"level='2' is not a level these rules play: they play 3 \.\. A"):
        Deal(r4, level="2")
    with pytest.raises(ValueError, match=r"level='2' is not a level these rules play: they play 3 \.\. A"):
        simulate(r4, 2, level="2")
    assert Deal(Rules.preset("taian"), level="2", seed=1).level == "2"
    with pytest.raises(ValueError, match="max_deals"):
        Match(R).play_all(max_deals=-1)
    tampered = Rules()
    object.__setattr__(tampered, "kitty_multiplier", "bogus")
    with pytest.raises(ValueError, match="bogus"):
        Match(tampered)
    res = tournament(R, {"a": "greedy", "b": "random"}, deals=2)
    with pytest.raises(ValueError, match="no bot 'zz'"):
        res.bot("zz")
    with pytest.raises(ValueError, match="kind must be"):
        res.bot("a", kind="x")
    play = Deal(R, seed=2, trump="H")
    play.act(play.policy_action("greedy"))
    for bot in (bots.PIMC(worlds=2), bots.Random(1), bots.Greedy()):
        for method in ("grab", "call", "declare", "swap"):
            with pytest.raises(ValueError, match="phase"):
                getattr(bot, method)(play)
    hand = Deal(R, seed=3, trump="S").hand(0)
    with pytest.raises(ValueError, match="candidates is empty"):
        advise_bury(R, hand, "2", "S", candidates=[], games=10)


def test_messages_say_what_was_wrong():
    """The native rollout entry is private and checks what it is given;
    numbers too big for the core are named, not raw Cython OverflowErrors; advise_bury(None) is a TypeError."""
    from shengji import Deal, _core, advise_bury
    from shengji.worlds import sampler

    assert not hasattr(_core, "native_rollouts")
    deal = Deal(R, seed=2, trump="H")
    deal.act(deal.policy_action("greedy"))
    smp = sampler(deal.observation(deal.to_move))
    seats = [s for s in range(4) if s != deal.to_move]
    actions = deal.legal_actions()[:2]
    for bad, match in (([9, 9, 9, 9], "slot_seats"), ([1, 1, -2, -2], "slot_seats"), (seats[:2], "sampler has 3")):
        with pytest.raises(ValueError, match=match):
            _core._native_rollouts(deal, smp, bad, actions, 4, [1] * 4, 0, 1)
    for worlds, threads, seed, match in ((2**31, 1, 0, "worlds"), (4, 0, 0, "threads"), (4, -3, 0, "threads"),
                                         (4, 2**40, 0, "threads"), (4, 1, -1, "seed")):
        with pytest.raises(ValueError, match=match):
            _core._native_rollouts(deal, smp, seats, actions, worlds, [1] * 4, seed, threads)
    for kwargs, match in (({"worlds": 2**31}, "worlds"), ({"threads": 2**40}, "threads")):
        with pytest.raises(ValueError, match=match):
            deal.rollouts(actions, **kwargs)
    with pytest.raises(ValueError, match="seed"):
        deal.policy_action("random", seed=-1)
    assert len(deal.legal_actions(limit=2**63)) == len(deal.legal_actions())
    with pytest.raises(ValueError, match="must fill the slots exactly"):
        _core.Sampler([3], [("AS", [0])])
    with pytest.raises(TypeError, match="rules must be a shengji.Rules"):
        advise_bury(None, deal.hand(0), "2", "S")
