"""Views for people: every value a notebook shows has a short repr and a self-contained
``_repr_html_`` (suit symbols, red and black); rendered in a real headless browser where Chromium is installed
(CI installs it: .ci/run), checked to be non-blank."""

from __future__ import annotations

import html.parser

from browser import ink, screenshot

from shengji import Cards, Deal, Rules, Trump, simulate, tournament


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
            "result": res, "summary": summ, "tournament": t, "rollouts": r}


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
    for name in ("cards", "trump", "deal", "result", "summary", "rollouts", "tournament"):
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
