"""Views for people: every value a notebook shows has a short repr and a self-contained
``_repr_html_`` (suit symbols, red and black); rendered in a real headless browser where Chromium is installed
(CI installs it: .ci/run), checked to be non-blank."""

from __future__ import annotations

import html.parser

from browser import ink, screenshot

from shengji import Cards, Deal, Rules, Trump, simulate, simulate_matches, tournament


class _Checker(html.parser.HTMLParser):
    """Well-formed enough: every opened tag closed in order, and the text collected."""

    VOID = {"br", "hr", "img", "meta", "input", "rect"}

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def _check(page: str) -> str:
    c = _Checker()
    c.feed(page)
    c.close()
    assert not c.stack, c.stack
    return "".join(c.text)


def _views():
    deal = Deal(Rules(), seed=2, trump="H")
    deal.act(deal.policy_action("greedy"))
    for _ in range(6):
        deal.act(deal.policy_action("greedy"))
    res = simulate(Rules(), 400, seed=1)
    summ = simulate(Rules(), 400, seed=1, keep="summary")
    t = tournament(Rules(), {"g": "greedy", "r": "random"}, deals=2)
    r = deal.rollouts(worlds=4, seed=1)
    return {"cards": Cards("AS 10H 10H KD 3C SJ BJ"), "trump": Trump(Rules(), "10", None), "deal": deal,
            "result": res, "summary": summ, "tournament": t, "rollouts": r,
            "matches": simulate_matches(Rules.preset("bianfeng-friend"), 20, seed=2)}


def test_every_view_is_html_with_suit_symbols_and_a_short_repr():
    v = _views()
    page = v["cards"]._repr_html_()
    text = _check(page)
    assert "A♠" in text and "10♥" in text and "大王" in text and "小王" in text and "#c0392b" in page
    assert "no trump" in _check(v["trump"]._repr_html_())
    deal_text = _check(v["deal"]._repr_html_())
    assert "seat 0" in deal_text and "to move" in deal_text and "trick:" in deal_text and "♥" in deal_text
    for key in ("result", "summary"):
        page = v[key]._repr_html_()
        assert "kitty captured" in _check(page) and "<svg" in page
        assert len(repr(v[key])) < 200 and "kitty captured" in repr(v[key])
    assert "levels a deal" in _check(v["tournament"]._repr_html_()) and len(repr(v["tournament"])) < 200
    assert "best first" in _check(v["rollouts"]._repr_html_()) and len(repr(v["rollouts"])) < 200


def test_views_render_in_a_headless_browser(browser, tmp_path):
    """Each view rendered by headless Chromium (selenium): the screenshot has ink but is not all dark, the cards
    show red suit symbols, the result's histogram its blue bars, and the text the browser lays out is the
    view's text."""
    from selenium.webdriver.common.by import By

    v = _views()
    for name in ("cards", "trump", "deal", "result", "summary", "rollouts", "tournament", "matches"):
        page = tmp_path / f"{name}.html"
        body = v[name]._repr_html_()
        page.write_text(f'<!doctype html><meta charset="utf-8"><body style="background:#fff">{body}', encoding="utf-8")
        browser.get(page.as_uri())
        dark, red, blue = ink(screenshot(browser))
        assert 0.001 < dark < 0.5, (name, dark)  # some ink, not a blank (or all-black) page
        if name in ("cards", "deal"):
            assert red > 0.0002, name  # red suit symbols
        if name in ("result", "summary"):
            assert blue > 0.002, name  # the histogram's bars were drawn
        shown = browser.find_element(By.TAG_NAME, "body").text
        expected = "".join(_check(body).split())  # the same text, whatever line breaks the layout makes
        assert "".join(shown.split())[:80] == expected[:80], name


class _Cells(html.parser.HTMLParser):
    """The rows of a page's tables, each a list of its cells' text."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def _rows(page: str) -> list[list[str]]:
    c = _Cells()
    c.feed(page)
    return c.rows


def test_result_views_are_tables_of_what_the_summary_says():
    """The notebook view of SimResult and SimSummary was the summary's text in a <pre> (its longest line
    overflowed): a table, a row per fact of the summary (name, value), and the level outcomes with their games
    and share; the same numbers as the text summary."""
    v = _views()
    for key in ("result", "summary"):
        res = v[key]
        page = res._repr_html_()
        assert "<pre" not in page and "<table" in page
        rows = _rows(page)
        text = res.summary()
        for name, value in [row for row in rows if len(row) == 2]:
            assert f"{name}: {value}" in text, (name, value)
        names = [row[0] for row in rows if len(row) == 2]
        assert {"games", "preset", "policy", "kitty captured", "attacker points"} <= set(names), names
        outcomes = [row for row in rows if len(row) == 3 and row[0] != "level outcome"]
        assert outcomes and sum(int(n.replace(",", "")) for _, n, _ in outcomes) == res.games
        for outcome, n, share in outcomes:
            assert any(line.split() == [*outcome.split(), n, *share.split()] for line in text.splitlines()), outcome
    empty = simulate(Rules(), 0)._repr_html_()
    assert "(no games)" in _check(empty) and "<table" in empty


def test_the_match_view_is_a_table_of_wins():
    res = v = _views()["matches"]
    rows = _rows(v._repr_html_())
    wins = {row[0]: row[1] for row in rows if len(row) == 3 and row[0].startswith("seat ")}
    assert set(wins) == {f"seat {s}" for s in range(4)}
    for s in range(4):
        assert wins[f"seat {s}"] == f"{100 * res.win_rate(seat=s)[0]:.1f} %"
    assert ["rules", "bianfeng-friend"] in rows


def test_the_deal_view_labels_each_play_of_the_trick_with_its_seat():
    """The trick in progress listed its cards without their seats: each play is labelled "seat N:", the leader's
    first, and so is each play of the last trick."""
    deal = Deal(Rules(), seed=5, trump="S")
    while deal.phase != "play" or len(deal.tricks) < 2 or len(deal.trick) != 3:
        deal.act(deal.policy_action("greedy"))
    text = _check(deal._repr_html_())
    trick = text.split("trick:", 1)[1].split("last trick", 1)[0]
    expected = [f"seat {(deal.trick_leader + i) % 4}: {' '.join(_check(Cards(p)._repr_html_()).split())}"
                for i, p in enumerate(deal.trick)]
    assert [" ".join(part.split()) for part in trick.split("·")] == expected, trick
    leader, plays, winner = deal.tricks[-1]
    last = text.split("last trick", 1)[1]
    assert f"won by seat {winner}" in last
    assert [part.split(":")[0].split() for part in last.split("):", 1)[1].split("·")] == \
        [["seat", str((leader + i) % 4)] for i in range(len(plays))]
