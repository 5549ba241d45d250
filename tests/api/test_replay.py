"""Replays: ``deal.to_html(seat=None)``, ``shengji.replay.frames`` and ``shengji replay``. The
steps are checked against the deal they replay; a seat's view against what that seat may know; the page in a
real headless browser (tests/browser.py), its keys driven and the trick shown checked."""

from __future__ import annotations

import json
import re

import pytest
from browser import ink, screenshot

from shengji import Cards, Deal, Rules, _core, bots, points, replay
from shengji.cli import main

PRESETS = Rules.presets()


def _data(page: str) -> list[dict]:
    m = re.search(r'<script type="application/json" id="sj-data">(.*?)</script>', page, re.S)
    assert m, "the page carries its steps as JSON"
    return json.loads(m.group(1).replace("<\\/", "</"))


def _text(tokens: list[str]) -> str:
    """Cards as the page writes them: rank and suit symbol, jokers 大王 / 小王."""
    sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    return " ".join("大王" if t == "BJ" else "小王" if t == "SJ" else t[:-1] + sym[t[-1]] for t in tokens)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_step_of_a_deal_agrees_with_the_deal(preset):
    deal = bots.play_deal(Rules.preset(preset), seed=7, players=("greedy", "random"))
    steps = replay.frames(deal)
    assert steps == _data(deal.to_html())  # the page holds exactly these steps
    plays = [s for s in steps if s["c"][0].startswith(("seat", )) and s["ph"] in ("play", "done")
             and ("plays" in s["c"][0] or "tries to throw" in s["c"][0])]
    assert len(plays) == sum(m[0] in ("play", "force") for m in deal.moves)
    won = [s for s in plays if s["t"]["w"] is not None]
    assert len(won) == len(deal.tricks)
    for s, (leader, trick, winner) in zip(won, deal.tricks, strict=True):
        assert (s["t"]["l"], s["t"]["w"]) == (leader, winner)
        assert s["t"]["p"] == [list(p) for p in trick]
        assert s["t"]["pts"] == sum(points(p) for p in trick)
        assert f"seat {winner} wins the trick ({s['t']['pts']} points)" in s["c"][-1]
    assert sum(isinstance(x, str) and "buries" in x for s in steps for x in s["c"]) == len(deal.burials)
    end = steps[-1]
    r = deal.result()
    assert end["ph"] == "done" and end["h"] == [[], [], [], []] and end["c"][-1] == end["k"]  # one order
    assert Cards(end["k"]) == deal.kitty
    assert f"attackers {r.attacker_points} points" in end["res"]
    assert ("captured the kitty" in end["res"]) == r.kitty_captured
    first = steps[0]
    assert first["ph"] == "declare" and sum(len(h) for h in first["h"]) <= 4
    # in play a hand loses exactly the cards its seat played
    for a, b in zip(steps, steps[1:], strict=False):
        words = b["c"][0].split()
        if a["ph"] == "play" and len(words) > 2 and words[2] in ("plays", "tries"):
            mover, played = int(words[1]), b["c"][1] if words[2] == "plays" else b["c"][3]
            assert Cards(a["h"][mover]) - Cards(played) == Cards(b["h"][mover])
            assert len(a["h"][mover]) - len(played) == len(b["h"][mover])


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seat_sees_only_what_it_may_know(preset):
    rules = Rules.preset(preset)
    deal = bots.play_deal(rules, seed=11, players=("greedy", "greedy"))
    for seat in range(4):
        steps = replay.frames(deal, seat)
        full = replay.frames(deal)
        assert len(steps) == len(full)
        for s, f in zip(steps, full, strict=True):
            for other in range(4):
                if other == seat:
                    assert s["h"][other] == f["h"][other] or s["tr"] == "face down"
                    assert sorted(s["h"][other]) == sorted(f["h"][other])
                else:
                    assert s["h"][other] == len(f["h"][other])  # a count, never the cards
            face_up = s["kl"] == "kitty"  # the end, or 泰安's kitty turned face up
            assert s["k"] is None or face_up or deal.burier == seat, (seat, s)
            m = re.match(r"seat (\d) (buries|swaps)", s["c"][0])
            if m and int(m.group(1)) != seat and not face_up:
                assert len(s["c"]) == 1, s["c"]  # another seat's burial or swap: no cards shown
        assert sorted(steps[-1]["k"]) == sorted(deal.kitty)


def test_taian_face_down_declarations_and_trump_stay_hidden():
    rules = Rules.preset("taian")
    for seed in range(40):
        deal = bots.play_deal(rules, seed=seed, players=("greedy", "greedy"))
        if deal.declarer is not None and not deal.lost_deal:
            break
    other = (deal.declarer + 1) % 4
    steps = replay.frames(deal, other)
    face_down = [s for s in steps if "declares face down" in s["c"][0]]
    assert face_down and all(len(s["c"]) == 1 for s in face_down)  # no cards in the caption
    hidden = [s for s in steps if s["ph"] in ("bury", "swap") and s["tr"] == "face down"]
    mine = replay.frames(deal, deal.declarer)
    assert all(s["tr"] != "face down" for s in mine)
    assert hidden or deal.kitty_public  # the trump lay face down to the others until the kitty was turned up


def test_failed_throws_and_the_turned_up_kitty_have_their_own_steps():
    found = Deal(Rules(), seed=5)  # seat 0 leads its seven hearts, which the others can beat
    while found.phase != "play":  # (buried as greedy buried when this position was found: the classic burial)
        found.act(_core.classic_greedy_bury(found) if found.phase == "bury" else found.policy_action("greedy"))
    found.act(Cards("5H 7H 9H 10H JH KH AH"))
    while found.phase != "done":
        found.act(found.policy_action("greedy"))
    assert found.failed_throw_log
    steps = replay.frames(found)
    tried = [s for s in steps if "tries to throw" in s["c"][0]]
    assert len(tried) == len(found.failed_throw_log)
    for s, (_, seat, attempted, played) in zip(tried, found.failed_throw_log, strict=True):
        assert s["c"][0] == f"seat {seat} tries to throw" and s["c"][1] == list(attempted)
        assert s["c"][3] == list(played)
    # the 4-deck post: nobody declares in a first deal -> the kitty is turned up
    deal = Deal(Rules.preset("4deck"), seed=3, first_deal=True)
    while deal.phase == "declare":
        deal.act(Cards())
    if deal.turned_up_order:
        step = [s for s in replay.frames(deal) if s["c"][0].startswith("the cards are dealt")]
        assert step[0]["c"][1] == list(deal.turned_up_order)


def test_a_deal_in_progress_replays_to_where_it_stands():
    deal = Deal(Rules(), seed=5)
    while deal.phase != "play" or len(deal.tricks) < 3 or len(deal.trick) != 2:
        deal.act(deal.policy_action("greedy"))
    last = replay.frames(deal)[-1]
    assert last["t"]["p"] == [list(p) for p in deal.trick] and last["t"]["w"] is None
    assert [sorted(h) for h in last["h"]] == [sorted(deal.hand(s)) for s in range(4)]
    assert last["tm"] == deal.to_move and last["sc"] == deal.attacker_points and last["res"] is None
    before = deal.moves
    deal.to_html(2)
    assert deal.moves == before  # replaying does not touch the deal


def test_bad_arguments_are_refused():
    deal = Deal(Rules(), seed=1)
    for seat in (4, -1, "1", 1.0, True):
        with pytest.raises(ValueError, match="seat"):
            deal.to_html(seat)
    with pytest.raises(TypeError, match="Deal"):
        replay.frames("not a deal")
    with pytest.raises(ValueError, match="two .* or four"):
        bots.play_deal(Rules(), 1, ["greedy"] * 3)
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        bots.play_deal(Rules(), 1, ["greedy", "smart"])
    assert isinstance(bots.player(bots.Greedy()), bots.Greedy)


def test_the_command_line_writes_a_replay(tmp_path, capsys):
    out = tmp_path / "deal.html"
    assert main(["replay", "--preset", "bianfeng-friend", "--seed", "3", "--bots", "greedy,random,greedy,pimc",
                 "--worlds", "4", "--seat", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "seat 3 pimc" in said and "what seat 1 sees" in said
    steps = _data(out.read_text(encoding="utf-8"))
    deal = bots.play_deal(Rules.preset("bianfeng-friend"), 3,
                            ["greedy", "random", "greedy", bots.PIMC(worlds=4, seed=3)])
    assert steps == replay.frames(deal, 1)  # the same deal, the same bots: the same page
    for argv, what in ((["--out", str(tmp_path / "x.txt")], "ending in .html"),
                       (["--out", str(tmp_path / "no" / "x.html")], "no folder"),
                       (["--bots", "greedy,wise", "--out", str(tmp_path / "y.html")], "unknown bot 'wise'"),
                       (["--bots", "greedy,greedy,greedy", "--out", str(tmp_path / "y.html")], "two names"),
                       (["--seat", "5", "--out", str(tmp_path / "y.html")], "--seat 5: not a seat"),
                       (["--rule", "kitty=9", "--out", str(tmp_path / "y.html")], "kitty")):
        assert main(["replay", *argv]) == 2
        assert what in capsys.readouterr().err
    assert not (tmp_path / "y.html").exists() and not (tmp_path / "x.txt").exists()


def test_the_replay_steps_in_a_headless_browser(browser, tmp_path):
    """The page in Chromium: not blank, red suits shown; End, Home, → and ← move through the steps and the
    trick on the table is the deal's."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    deal = bots.play_deal(Rules.preset("qq-2deck"), seed=4, players=("greedy", "pimc"))
    page = tmp_path / "deal.html"
    page.write_text(deal.to_html(), encoding="utf-8")
    steps = replay.frames(deal)
    browser.get(page.as_uri())
    body = browser.find_element(By.TAG_NAME, "body")

    def shown(id_: str) -> str:
        return browser.find_element(By.ID, id_).text

    assert shown("step") == f"1 / {len(steps)}"
    body.send_keys(Keys.END)
    assert shown("step") == f"{len(steps)} / {len(steps)}"
    assert shown("result") == steps[-1]["res"]
    body.send_keys(Keys.HOME)
    assert shown("step") == f"1 / {len(steps)}" and shown("result") == ""
    first_trick = next(i for i, s in enumerate(steps) if s["t"]["w"] is not None)
    for _ in range(first_trick):
        body.send_keys(Keys.ARROW_RIGHT)
    assert shown("step") == f"{first_trick + 1} / {len(steps)}"
    leader, plays, winner = deal.tricks[0]
    assert shown("trick") == f"led by seat {leader}, won by seat {winner} ({sum(points(p) for p in plays)} points)"
    for j, p in enumerate(plays):
        assert shown(f"play{(leader + j) % 4}") == _text(list(p))
    assert "won" in browser.find_element(By.ID, f"play{winner}").get_attribute("class")
    dark, red, _ = ink(screenshot(browser))
    assert 0.002 < dark < 0.5 and red > 0.0002  # the hands and the trick drawn, hearts and diamonds in red
    body.send_keys(Keys.ARROW_LEFT)
    assert shown("step") == f"{first_trick} / {len(steps)}" and "won by" not in shown("trick")
    browser.find_element(By.ID, "next").click()
    assert shown("step") == f"{first_trick + 1} / {len(steps)}"
    # one seat's view: the others' hands as counts
    page = tmp_path / "seat2.html"
    page.write_text(deal.to_html(2), encoding="utf-8")
    browser.get(page.as_uri() + "#30")
    assert shown("step") == f"30 / {len(steps)}"
    seen = replay.frames(deal, 2)[29]
    assert shown("hand0") == f"{seen['h'][0]} cards" and shown("hand2") == _text(seen["h"][2])
    browser.execute_script("location.hash = '#5'")  # a link to a step, followed within the page
    assert shown("step") == f"5 / {len(steps)}"


def test_replay_and_tournament_take_the_same_bots(tmp_path, capsys):
    """replay --bots refused ismcts, which tournament takes: both take every name of the one resolver
    (bots.BOT_NAMES: what bots.player makes), list them in their help, and refuse another naming them all."""
    assert set(bots.BOT_NAMES) == {"random", "greedy", "pimc", "ismcts"}
    for name in bots.BOT_NAMES:
        assert isinstance(bots.player(name, worlds=2, iterations=2), bots.Bot)
    for command in ("replay", "tournament"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert ", ".join(bots.BOT_NAMES) in text, (command, text)
        argv = ["--out", str(tmp_path / "z.html")] if command == "replay" else ["--deals", "1"]
        assert main([command, "--bots", "greedy,wise", *argv]) == 2
        err = capsys.readouterr().err
        assert f"--bots 'greedy,wise': unknown bot 'wise'; the bots are {', '.join(bots.BOT_NAMES)}" in err, err
    out = tmp_path / "ismcts.html"
    assert main(["replay", "--preset", "qq-1deck", "--bots", "ismcts,greedy", "--out", str(out)]) == 0
    assert "seat 0 ismcts" in capsys.readouterr().out and out.stat().st_size > 1000


@pytest.mark.parametrize("preset", ["qq-2deck", "4deck", "taian", "bianfeng-friend"])
def test_the_end_screen_shows_the_kitty_in_one_order(preset):
    """The end screen listed the kitty twice, in two orders (the caption in pack order, the kitty line as a player
    holds cards): one order, the kitty line's."""
    deal = bots.play_deal(Rules.preset(preset), 2)
    for seat in (None, 0, deal.dealer):
        end = replay.frames(deal, seat)[-1]
        if deal.result().lost_deal:
            continue
        shown = [part for part in end["c"] if isinstance(part, list)]
        assert shown == [end["k"]], (seat, shown, end["k"])
        assert sorted(end["k"]) == sorted(str(c) for c in deal.kitty) and end["k"] == replay.reading_order(
            deal, deal.kitty)
