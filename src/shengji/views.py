"""Views for people: the HTML that Jupyter shows for the package's values (``_repr_html_``), and their short
``repr``. Cards show their suit symbols, hearts and diamonds in red; a joker is 大王 (big, red) or 小王 (small).
Every view is self-contained HTML (inline styles, no script, no network): it renders the same in a notebook, a
saved page or a headless browser (the tests render them in Chromium where it is installed).

This module sits just above the native module (shengji/_layers.py): the native classes reach it through the
hook it registers (``_core._register("views", ...)``), the Python result classes import it.
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np

from . import _core
from ._core import Cards, Deal, Trump

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = "#c0392b"
BLACK = "#1b1b1b"
_BOX = "font-family: system-ui, sans-serif; font-size: 13px; line-height: 1.5"


def card_html(token: str) -> str:
    """One card: its rank and suit symbol, red for hearts and diamonds (a joker: 大王 red, 小王 black)."""
    if token == "BJ":
        return f'<span style="color:{RED};font-weight:600" title="big joker">大王</span>'
    if token == "SJ":
        return f'<span style="color:{BLACK};font-weight:600" title="small joker">小王</span>'
    rank, suit = token[:-1], token[-1]
    color = RED if suit in "HD" else BLACK
    return f'<span style="color:{color};white-space:nowrap">{html.escape(rank)}{SYMBOLS[suit]}</span>'


def cards_html(cards: Any) -> str:
    """Cards in a row: a Cards (in its order), a list of card tokens kept in the order given, or any cards
    spelling."""
    if isinstance(cards, Cards) or (isinstance(cards, list) and all(isinstance(t, str) for t in cards)):
        tokens = list(cards)
    else:
        tokens = list(Cards(cards))
    if not tokens:
        return '<span style="color:#888">—</span>'
    return '<span class="sj-cards">' + " ".join(card_html(t) for t in tokens) + "</span>"


def reading_order(d: Deal, cards: Any, trump_known: bool = True) -> list[str]:
    """A hand as a player holds it: the trumps first (highest first), then each plain suit (highest first);
    before the trump is settled (or while it lies face down to the viewer), by suit and rank, jokers first."""
    order = ("T", "S", "H", "C", "D")
    if d.phase == "declare" or not trump_known:
        return sorted(cards, key=lambda k: (order.index("T" if k in ("SJ", "BJ") else k[-1]),
                                            -Cards([k]).indices()[0]))
    t = d.trump_context
    return sorted(cards, key=lambda k: (order.index(t.effective_suit(k)), -t.position(k)))


def trump_html(t: Trump) -> str:
    """The trump context: level, trump suit, and the trumps from the highest down (one entry per position)."""
    by_pos: dict[int, list[int]] = {}
    for k in range(54):
        if t.effective_suit(k) == "T":
            by_pos.setdefault(t.position(k), []).append(k)
    order = " &gt; ".join("=".join(card_html(str(Cards([k]))) for k in by_pos[p]) for p in sorted(by_pos, reverse=True))
    suit = "no trump" if t.suit is None else f"{SYMBOLS[t.suit]} {t.suit}"
    return (f'<div style="{_BOX}"><b>Trump</b>: level {html.escape(t.level)}, {suit}, {t.rules.decks} deck(s)'
            f'<div>trumps, highest first: {order}</div></div>')


def deal_html(d: Deal) -> str:
    """A deal: the phase and whose turn, the trump and level, the four hands (the dealer marked), the trick in
    progress, the last trick and the points so far."""
    rows = []
    for s in range(4):
        role = "dealer" if s == d.dealer else ("attacker" if d.is_attacker(s) else "defender")
        mark = " ◀ to move" if s == d.to_move else ""
        rows.append(f'<tr><td style="padding-right:8px"><b>seat {s}</b> <span style="color:#666">({role})</span>'
                    f'{mark}</td><td>{cards_html(reading_order(d, d.hand(s)))}</td></tr>')
    trick = " · ".join(cards_html(p) for p in d.trick) if d.trick else "—"
    last = ""
    if d.tricks:
        leader, plays, winner = d.tricks[-1]
        last = (f'<div>last trick (led by seat {leader}, won by seat {winner}): '
                f'{" · ".join(cards_html(p) for p in plays)}</div>')
    trump = "not settled" if d.phase == "declare" else ("no trump" if d.trump is None else SYMBOLS[d.trump])
    head = (f"<b>Deal</b>: phase {html.escape(d.phase)}, level {html.escape(d.level)}, trump {trump}, "
            f"attackers' points {d.attacker_points}, tricks played {len(d.tricks)}")
    result = ""
    if d.phase == "done":
        r = d.result()
        result = (f"<div>result: attackers {r.attacker_points} points, kitty "
                  f"{'captured ×' + str(r.kitty_multiplier) if r.kitty_captured else 'kept'}, "
                  f"{'dealer keeps +' + str(r.dealer_levels) if r.dealer_keeps else 'attackers take the deal'}"
                  f"{' +' + str(r.attacker_levels) if r.attacker_levels else ''}</div>")
    return (f'<div style="{_BOX}">{head}<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f"<div>trick: {trick}</div>{last}{result}</div>")


def histogram_svg(values: np.ndarray, counts: np.ndarray, width: int = 420, height: int = 120) -> str:
    """A small bar chart of a points histogram (inline SVG, percent of deals)."""
    if not len(values):
        return ""
    total = max(int(counts.sum()), 1)
    peak = max(int(counts.max()), 1)
    bw = width / len(values)
    bars = "".join(f'<rect x="{i * bw:.1f}" y="{height - height * c / peak:.1f}" width="{max(bw - 1, 1):.1f}" '
                   f'height="{height * c / peak:.1f}" fill="#4477aa"><title>{v}: {100 * c / total:.2f} %</title></rect>'
                   for i, (v, c) in enumerate(zip(values.tolist(), counts.tolist(), strict=True)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 14}" role="img">'
            f'{bars}<text x="0" y="{height + 12}" font-size="10">0</text>'
            f'<text x="{width - 30}" y="{height + 12}" font-size="10">{int(values[-1])}</text></svg>')


def result_html(res: Any) -> str:
    """A SimResult or SimSummary: its summary table's head, and the attackers' points as a small histogram."""
    text = res.summary().split("attacker points (bins of 20):")[0].rstrip()
    values, counts = res.points_histogram(step=10)
    return (f'<div style="{_BOX}"><pre style="margin:0">{html.escape(text)}</pre>'
            f"<div>attackers' points (bins of 10):</div>{histogram_svg(values, counts)}</div>")


def result_repr(res: Any) -> str:
    p, _, _ = res.kitty_capture_rate()
    q = res.percentiles(50) if res.games else None
    return (f"{type(res).__name__}(games={res.games:,}, preset={res.meta.get('preset', '?')}, "
            f"policy={res.meta.get('policy', '?')}, kitty captured {100 * p:.1f} %, median attacker points {q})")


def table_html(title: str, header: list[str], rows: list[list[str]]) -> str:
    th = "".join(f'<th style="text-align:left;padding:2px 8px">{h}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="padding:2px 8px">{c}</td>' for c in r) + "</tr>" for r in rows)
    return (f'<div style="{_BOX}"><b>{title}</b><table style="border-collapse:collapse"><tr>{th}</tr>{body}</table>'
            "</div>")


def rollouts_html(r: Any, kind: str = "levels", top: int = 20) -> str:
    """The candidate actions, best first (at most ``top``), with their mean value and 95 % interval."""
    mean, lo, hi = r.value(kind)
    order = np.argsort(-mean, kind="stable")[:top]
    rows = [[cards_html(r.actions[i]), f"{mean[i]:+.3f}", f"{lo[i]:+.3f} .. {hi[i]:+.3f}"] for i in order]
    return table_html(f"Rollouts: {len(r.actions)} actions × {r.attacker_points.shape[1]} worlds, {kind} from the "
                      f"mover's side (seat {r.mover}), best first", ["action", "mean", "95 % interval"], rows)


def tournament_html(t: Any) -> str:
    rows = []
    for name in t.names:
        lv, pt = t.bot(name, "levels"), t.bot(name, "points")
        rows.append([html.escape(name), f"{lv[0]:+.3f} ({lv[1]:+.3f} .. {lv[2]:+.3f})",
                     f"{pt[0]:+.1f} ({pt[1]:+.1f} .. {pt[2]:+.1f})"])
    return table_html(f"Duplicate tournament: {t.deals:,} deals per pair, both seatings",
                      ["bot", "levels a deal (95 % CI)", "points a deal (95 % CI)"], rows)


_core._register("views", {"Cards": cards_html, "Trump": trump_html, "Deal": deal_html})
