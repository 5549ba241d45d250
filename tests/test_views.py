"""Views for people (issue 21 item 7): every value a notebook shows has a short repr and a self-contained
``_repr_html_`` (suit symbols, red and black); rendered in a real headless browser where Chromium is installed
(CI installs it: .ci/run), checked to be non-blank."""

from __future__ import annotations

import html.parser
import os
import shutil
import tempfile

import pytest

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


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="Chromium is not installed (CI installs Debian's chromium)")
def test_views_render_in_a_headless_browser():
    """Each view rendered by headless Chromium to a screenshot that is not blank (some pixels are neither white
    nor the background)."""
    import subprocess

    import numpy as np

    v = _views()
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("cards", "deal", "result"):
            page = os.path.join(tmp, f"{name}.html")
            with open(page, "w", encoding="utf-8") as f:
                f.write(f'<!doctype html><meta charset="utf-8"><body style="background:#fff">{v[name]._repr_html_()}')
            shot = os.path.join(tmp, f"{name}.png")
            subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={shot}",
                            "--window-size=900,500", f"file://{page}"], check=True, capture_output=True, timeout=120)
            img = _png_pixels(shot)
            dark = (img[..., :3].astype(int).sum(axis=2) < 600).mean()
            assert 0.001 < dark < 0.5, (name, dark)  # some ink, not a blank (or all-black) page
            r, b = img[..., 0].astype(int), img[..., 2].astype(int)
            if name == "result":
                assert np.mean(b - r > 80) > 0.002, name  # the histogram's blue bars were drawn
            else:
                assert np.any(r - b > 80), name  # red suit symbols


def _png_pixels(path: str):
    """The RGB(A) pixels of a PNG (non-interlaced, 8-bit), read with zlib only."""
    import struct
    import zlib

    import numpy as np

    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            channels = {2: 3, 6: 4}[color]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * channels
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        f, line = raw[y * (stride + 1)], np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1)
        cur = line.astype(np.int32)
        if f == 1:
            for x in range(channels, stride):
                cur[x] = (cur[x] + cur[x - channels]) & 255
        elif f == 2:
            cur = (cur + prev) & 255
        elif f == 3:
            for x in range(stride):
                left = cur[x - channels] if x >= channels else 0
                cur[x] = (cur[x] + (left + prev[x]) // 2) & 255
        elif f == 4:
            for x in range(stride):
                a = cur[x - channels] if x >= channels else 0
                b, c = prev[x], prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[x] = (cur[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y] = cur
        prev = cur
    return out.reshape(height, width, channels)
