"""The option table (csrc/include/sj_options.def): one home for every option, no value accepted and ignored,
nothing that passes validation can crash the core, and one action protocol for every phase."""

from __future__ import annotations

import dataclasses
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from shengji import OPTIONS, PHASES, Cards, Deal, IllegalMove, Match, Rules, Trump, _core, bots, simulate
from shengji.rules import options_markdown

ROOT = Path(__file__).resolve().parents[2]


# --- the table is the one list ---------------------------------------------------------------------

def test_rules_fields_are_the_table():
    fields = dataclasses.fields(Rules)
    assert [f.name for f in fields] == list(OPTIONS)
    for f in fields:
        assert f.default == OPTIONS[f.name].default, f.name
    assert Rules() == Rules.preset("qq-2deck")


def test_options_doc_is_generated_from_the_table():
    doc = (ROOT / "docs" / "OPTIONS.md").read_text(encoding="utf-8")
    assert doc == options_markdown(), "docs/OPTIONS.md is stale: regenerate with shengji options > docs/OPTIONS.md"
    for opt in OPTIONS.values():
        assert f"`{opt.name}`" in doc
        for v in opt.values:
            assert repr(v.value) in doc


def test_every_error_code_maps_to_one_exception():
    header = (ROOT / "csrc" / "include" / "sj_error.h").read_text(encoding="utf-8")
    codes = {int(code) for code in re.findall(r"X\(SJ_E_\w+, (-\d+),", header)}
    assert codes and set(_core._ERROR_CLASSES) == codes
    assert {_core._ERROR_CLASSES[c].__name__ for c in codes} == {"IllegalMove", "ValueError",
                                                                   "NotImplementedError", "RuntimeError",
                                                                   "KeyboardInterrupt", "MemoryError"}
    # a cancelled solve (Ctrl-C) is the one code that is not an error of the caller's
    assert _core._ERROR_CLASSES[-22] is KeyboardInterrupt


def test_refused_values_name_option_and_value():
    for opt in OPTIONS.values():
        for v in opt.values:
            if v.status == "not implemented":
                with pytest.raises(ValueError, match=f"{opt.name}={v.value!r} is not implemented yet"):
                    Rules(**{opt.name: v.value})


@pytest.mark.parametrize("kwargs,match", [
    (dict(no_bid="kitty_card", decks=1, kitty=2), "kitty of 3 or more"),
    (dict(constant_ranks=tuple("23456789")), None),  # eight constant ranks fit
    (dict(constant_ranks=tuple("23456789") + ("10",)), "at most 8"),
    (dict(kitty=None, decks=3), None),
    (dict(first_deal_dealer="last"), "first_deal_dealer must be one of"),
    (dict(match_points=None), "match_points must be one of"),
    (dict(match_points="qq", match_shutout_points=6), None),
    (dict(match_shutout_points=6), r"match_shutout_points .*match_points='qq'.* must stay 4, got 6"),
    (dict(match_points="chinagame", match_shutout_points=6), "match_shutout_points"),
    (dict(match_points="qq", match_shutout_points=0), "match_shutout_points must be between 1 and 99, got 0"),
    (dict(match_points="qq", match_shutout_points=100), "match_shutout_points must be between 1 and 99"),
])
def test_combinations(kwargs, match):
    if match is None:
        Rules(**kwargs)
    else:
        with pytest.raises(ValueError, match=match):
            Rules(**kwargs)


def test_declaring_phase_question_has_one_answer():
    assert Rules().has_declaring_phase and Rules.preset("4deck").has_declaring_phase
    assert not Rules(declaration="none").has_declaring_phase


def test_missing_phase_names_the_option():
    assert Rules().missing("declare") is None and Rules().missing("match_points") is None
    assert Rules.preset("4deck").missing("declare") is None
    assert Rules.preset("taian").missing("declare") is None
    assert Rules(no_bid="dealer_loses").missing("declare") is None
    for preset in Rules.presets():  # match points are computed for every preset now
        assert Rules.preset(preset).missing("match_points") is None
    with pytest.raises(ValueError, match="phase"):
        Rules().missing("bury")


# --- no value accepted and ignored ------------------------------------------------------------------

def _positions(rules: Rules, seed: int, n: int = 60):
    """Random rules-core positions dealt from one pack of the rules' decks: a leader's hand and lead of one
    effective suit, three other hands, and a follow of each."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        level = rng.choice(_core.RANKS)
        suit = rng.choice(("S", "H", "D", "C", None))
        t = Trump(rules, level, suit)
        pack = [k for k in range(54) for _ in range(rules.decks)]
        if rng.random() < 0.6:  # a compressed pack: few kinds, so tuples and tractors are common
            kinds = set(rng.sample(range(54), 12))
            pack = [k for k in pack if k in kinds]
        rng.shuffle(pack)
        hands = [pack[i::4][:14] for i in range(4)]
        by_suit: dict[str, list[int]] = {}
        for k in hands[0]:
            by_suit.setdefault(t.effective_suit(k), []).append(k)
        lead = max(by_suit.values(), key=len)
        out.append((level, suit, lead, hands))
    return out


def _trump_probe(rules: Rules) -> list:
    """What the card rules answer (Trump) on fixed random positions."""
    out = []
    for level, suit, lead, hands in _positions(rules, 5):
        t = Trump(rules, level, suit)
        out.append([(u.kind, str(u.cards)) for u in t.units(lead)])
        out.append([t.position(k) for k in range(54)])
        throw = t.check_throw(lead, [Cards(h) for h in hands[1:]])
        out.append((throw.ok, str(throw.played)))
        out.append(t.kitty_multiplier(lead))
        plays = [Cards(lead)]
        for h in hands[1:]:
            if len(h) >= len(lead):
                follows = t.legal_follows(h, lead, limit=50)
                out.append([str(f) for f in follows])
                plays.append(follows[-1])
        out.append(t.trick_winner(plays))
    out.append([tuple(rules.level_outcome(p)) for p in range(0, 100 * rules.decks * 3, 5)])
    return out


def _simulate_probe(rules: Rules) -> list:
    out = []
    for policy, trump in (("random", "H"), ("greedy", None), ("greedy", "declare"), ("random", "declare")):
        res = simulate(rules, 150, policy=policy, seed=3, trump=trump, threads=1)
        out.append([getattr(res, name).tolist() for name in ("attacker_points", "kitty_multiplier", "dealer_levels",
                                                              "attacker_levels", "trump", "dealer")])
    return out


def _deal_probe(rules: Rules) -> list:
    """First deals declared by players who rarely declare (so nobody declaring and overturns both occur),
    then played with random legal moves and throw attempts that often fail."""
    out = []
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal(rules, seed=seed, dealer=seed % 4, trump="declare", first_deal=True)
        eager = 0.3 if seed % 2 else 0.0  # half the deals nobody declares
        while deal.phase == "declare":
            options = deal.legal_actions()
            deal.act(options[-1] if len(options) > 1 and rng.random() < eager else Cards())
        out.append((deal.trump, deal.dealer, deal.declarer))
        deal.act(bots.Random(seed).bury(deal))
        while deal.phase == "play":
            hand, t = deal.hand(deal.to_move), deal.trump_context
            if not deal.trick and rng.random() < 0.3:
                suit = t.effective_suit(rng.choice(hand.indices()))
                deal.act(Cards([k for k in hand.indices() if t.effective_suit(k) == suit]))
            else:
                deal.act(rng.choice(deal.legal_actions(limit=100)))
        out.append(tuple(deal.result()))
    return out


def _last_trick_probe(rules: Rules) -> list:
    """One-trick deals (four cards a hand, the kitty holds the rest, trump hearts): the dealer holds four spades
    and leads them, the next seat holds four trumps, the others neither, so the trick is often won by a trump
    play that groups differently from the lead, and the rules that read the last trick (the kitty multiplier's
    capturing cards) act."""
    short = rules.replace(kitty=54 * rules.decks - 16, declaration="none")
    t = Trump(short, short.first_level, "H")
    out = []
    for seed in range(30):
        rng = random.Random(seed)
        pack = [k for k in range(54) for _ in range(short.decks)]
        rng.shuffle(pack)
        by = {e: [k for k in pack if t.effective_suit(k) in e] for e in ("S", "T", "DC")}
        hands = [Cards(by["S"][:4]), Cards(by["T"][:4]), Cards(by["DC"][:4]), Cards(by["DC"][4:8])]
        deal = Deal(short, hands=hands, trump="H", dealer=0, level=short.first_level)
        try:
            deal.bury(deal.kitty)
        except IllegalMove:  # 泰安: no points buried
            deal.bury(bots.Random(seed).bury(deal))
        while deal.phase != "done":
            if deal.phase == "play" and not deal.trick and Cards(by["S"][:4]) == deal.hand(deal.to_move):
                deal.act(deal.hand(deal.to_move))
            else:
                deal.act(rng.choice(deal.legal_actions(limit=60)))
        out.append(tuple(deal.result()))
    return out


def _match_probe(rules: Rules) -> list:
    m = Match(rules, seed=4, policy="greedy")
    out = []
    for _ in range(4):
        rec = m.play_deal()
        out.append((rec.dealer, rec.level, rec.trump, tuple(rec.result), m.levels, m.dealer))
    out.append(m.points)
    return out


PROBES = {"trump": _trump_probe, "simulate": _simulate_probe, "deal": _deal_probe, "last_trick": _last_trick_probe,
          "match": _match_probe}


def _run(probe, rules):
    try:
        return probe(rules)
    except NotImplementedError as err:  # the value's phase is not implemented: reaching it raises
        return ("NotImplementedError", str(err))
    except ValueError as err:  # e.g. trump="declare" under declaration="none": no such phase
        return ("ValueError", str(err))


def _candidates(opt):
    if opt.values:
        return [v.value for v in opt.values]
    if opt.name == "decks":
        return [1, 2, 3, 4]
    if opt.name == "kitty":
        return [0, 4, 12, 100]
    if opt.name == "match_shutout_points":  # refused without match_points='qq' (no base keeps QQ points)
        return [1, 6, 99]
    return [(), ("2",), ("2", "3", "5"), ("A",)]


def _bases():
    yield Rules()
    for name in ("qq-3deck", "4deck", "qq-1deck", "taian", "chinagame", "bianfeng"):
        yield Rules.preset(name)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_no_value_is_accepted_and_ignored(name):
    """Every value of every option has an effect where the option acts (Trump, Deal, simulate or Match give a
    different result than under the default on the same seeds and positions), or is refused by Rules, or
    raises NotImplementedError when its phase is reached."""
    opt = OPTIONS[name]
    for value in _candidates(opt):
        if value == opt.default:
            continue
        verdicts = []
        for base in _bases():
            try:
                base = base.replace(**{name: opt.default})
            except ValueError:
                continue
            try:
                changed = base.replace(**{name: value})
            except ValueError as err:
                verdicts.append(("refused", str(err)))
                continue
            found = None
            for probe_name, probe in PROBES.items():
                a, b = _run(probe, base), _run(probe, changed)
                if a != b:
                    found = ("NotImplementedError" if isinstance(b, tuple) and b and b[0] == "NotImplementedError"
                             else "effect", probe_name)
                    break
            verdicts.append(found or ("ignored", repr(base)))
            if found:
                break
        kinds = {v[0] for v in verdicts}
        assert kinds & {"effect", "NotImplementedError"} or kinds == {"refused"}, (name, value, verdicts)
        if "refused" in kinds and kinds == {"refused"}:
            assert all("not implemented" in msg or "needs" in msg or "kitty" in msg or "must" in msg
                       for _, msg in verdicts), verdicts


# --- nothing that passes validation crashes the core ---------------------------------------------------

CRASH_CASES = {
    "ten_constant_ranks": """
        from shengji import Rules, Trump
        try:
            Rules(constant_ranks=("2", "3", "4", "5", "6", "7", "8", "9", "10", "J"))
        except ValueError as err:
            assert "at most 8" in str(err), err
        else:
            raise AssertionError("accepted")
    """,
    "eight_constant_ranks_play": """
        from shengji import Rules, Trump, Deal, simulate, bots
        r = Rules(constant_ranks=("2", "3", "4", "5", "6", "7", "8", "9"))
        for level in ("2", "10", "A"):
            for suit in ("S", None):
                t = Trump(r, level, suit)
                for e in "SHDCT":  # every card of each effective suit, twice
                    cards = [k for k in range(54) if t.effective_suit(k) == e] * 2
                    if cards:
                        t.units(cards)
        for policy in ("random", "greedy"):
            res = simulate(r, 300, policy=policy, seed=1, threads=2)
            assert res.games == 300 and (res.attacker_points >= 0).all()
        d = Deal(r, seed=2)
        while d.phase != "done":
            d.act(bots.Greedy().choose(d))
    """,
    "tampered_rules": """
        from shengji import Rules, Trump, Deal, simulate, Match
        cases = [("decks", 100), ("decks", 0), ("kitty", -5), ("kitty", 1000), ("kitty", 7), ("decks", 3),
                 ("constant_ranks", tuple("23456789") + ("10", "J")), ("declaration", "bogus"),
                 ("kitty_multiplier", 3), ("taian_trump_follow", "yes"), ("partnership", "bogus")]
        for name, value in cases:
            r = Rules()
            object.__setattr__(r, name, value)
            for call in (lambda: Deal(r, seed=1), lambda: Deal(r, trump="H"), lambda: simulate(r, 10),
                         lambda: Trump(r, "2", "S").units("AS"), lambda: r.level_outcome(50),
                         lambda: Match(r).play_deal()):
                try:
                    call()
                except (ValueError, TypeError):
                    pass
                else:
                    raise AssertionError(f"tampered {name}={value!r} accepted")
    """,
    "duck_typed_rules": """
        import types
        from shengji import Deal, Trump, simulate
        fake = types.SimpleNamespace(decks=100, kitty=8)
        for call in (lambda: Deal(fake), lambda: Trump(fake, "2", "S"), lambda: simulate(fake, 10)):
            try:
                call()
            except TypeError as err:
                assert "shengji.Rules" in str(err), err
            else:
                raise AssertionError("duck-typed rules accepted")
    """,
    "extreme_kitties": """
        from shengji import Rules, Deal, simulate, bots
        for decks in (1, 2, 3, 4):
            n = 54 * decks
            for kitty in sorted({k for k in (0, 2, 4, n - 4, n - 6) if 0 <= k < n and (n - k) % 4 == 0}):
                r = Rules(decks=decks, kitty=kitty, declaration="qq3" if decks == 3 else "qq")
                for policy in ("random", "greedy"):
                    simulate(r, 40, policy=policy, seed=kitty, threads=1)
                d = Deal(r, seed=kitty)
                while d.phase != "done":
                    d.act(bots.Greedy().choose(d))
    """,
}


@pytest.mark.parametrize("case", list(CRASH_CASES))
def test_no_crash(case):
    """Each case runs in a subprocess, so a crash fails the test instead of killing the run."""
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(CRASH_CASES[case])], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, f"{case}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"


# --- one protocol for every phase ---------------------------------------------------------------------

def test_phases_come_from_the_core():
    assert PHASES == ("declare", "bury", "grab", "swap", "call", "play", "done")


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_deal_driven_by_legal_actions_and_act_alone(preset):
    """From the declaring phase to the end, with legal_actions() and act() only (plus naming the burial), for
    every preset that declares natively; the others refuse the declaring phase with NotImplementedError."""
    try:
        rules = Rules.preset(preset)
    except ValueError:
        pytest.skip(f"{preset} is refused (not implemented)")
    if rules.missing("declare"):
        with pytest.raises(NotImplementedError, match=re.escape(rules.missing("declare"))):
            Deal(rules, seed=1)
        return
    for seed in range(8):
        rng = random.Random(seed)
        deal = Deal(rules, seed=seed, dealer=seed % 4, first_deal=seed % 2 == 0)
        seen = [deal.phase]
        while deal.phase != "done":
            if deal.phase == "bury":
                with pytest.raises(IllegalMove, match="names the cards"):
                    deal.legal_actions()
                action = deal.policy_action("random", seed=seed)  # (泰安: no points or constant trumps)
            else:
                action = rng.choice(deal.legal_actions(limit=500))
            deal.act(action)
            if deal.phase != seen[-1]:
                seen.append(deal.phase)
        # declare, bury, then (炒底) grab, and bury again after each grab, or (泰安) swap, then play; or a lost deal
        letters = "".join({"declare": "D", "bury": "b", "grab": "g", "swap": "s", "call": "c", "play": "p",
                           "done": "E"}[p] for p in seen)
        pattern = ("Db" + ("(gb)*g" if rules.kitty_grab else "") + ("s?" if rules.kitty_rule == "taian" else "")
                   + ("c" if rules.partnership == "call_card" else "") + "pE")
        assert re.fullmatch(pattern, letters) or (letters == "DE" and deal.result().lost_deal), letters
        assert deal.legal_actions() == []
        with pytest.raises(IllegalMove, match="finished"):
            deal.act(Cards())
        res = deal.result()
        assert res.defender_points + sum(
            sum(_core.points(p) for p in plays) for _, plays, w in deal.tricks if deal.is_attacker(w)
        ) + res.kitty_points == 100 * rules.decks


def test_act_is_what_the_shortcuts_do():
    a, b = Deal(Rules(), seed=11), Deal(Rules(), seed=11)
    g = bots.Greedy()
    while a.phase != "done":
        action = g.choose(a)
        phase = a.phase
        out = a.act(action)
        shortcut = {"declare": b.declare, "bury": b.bury, "play": b.play}[phase]
        assert shortcut(action) == out
    assert a.result() == b.result() and a.moves == b.moves
    with pytest.raises(IllegalMove, match="declare: not allowed in the play phase|not allowed"):
        b.declare(Cards())


def test_policies_go_through_the_protocol():
    """simulate's native loop and a Python loop of Deal.policy_action + act give the same deals."""
    rules = Rules()
    res = simulate(rules, 20, policy="greedy", seed=9, threads=1, dealer=0)
    run = _core.NativeRun(rules, 20, [_core.policy_index("greedy")] * 4, 9, 0, 1, 0, "2", "declare", [None] * 4,
                          None, None)
    for g in range(20):
        deal = run.deal(g)
        while deal.phase != "done":
            deal.act(deal.policy_action("greedy"))
        assert deal.result().attacker_points == res.attacker_points[g]
        assert deal.result().kitty_multiplier == res.kitty_multiplier[g]
    assert np.all(res.dealer == 0)
