"""Views for people: the HTML that Jupyter shows for the package's values (``_repr_html_``), and their short
``repr``. The native values' views (cards, the trump, a deal) live in ``shengji._html``, below the native module,
which calls them; here they take any cards spelling, beside the views of the Python result classes (a
simulation's summary and histogram, rollouts, a tournament). Every view is self-contained HTML (inline styles, no
script, no network).
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np

from .._core import TOKENS, Cards, Deal, Trump
from ..base import _html
from ..base._html import _BOX, BLACK, RED, SYMBOLS, card_html

__all__ = ["BLACK", "RED", "SYMBOLS", "card_html", "cards_html", "deal_html", "histogram_svg", "reading_order",
           "result_html", "result_repr", "rollouts_html", "table_html", "tournament_html", "trump_html"]


def cards_html(cards: Any) -> str:
    """Cards in a row: a Cards (in its order), a list of card tokens kept in the order given, or any cards
    spelling."""
    if isinstance(cards, Cards) or (isinstance(cards, list) and all(isinstance(t, str) for t in cards)):
        return _html.cards_html(list(cards))
    return _html.cards_html(list(Cards(cards)))


def reading_order(d: Deal, cards: Any, trump_known: bool = True) -> list[str]:
    """A hand as a player holds it: the trumps first (highest first), then each plain suit (highest first);
    before the trump is settled (or while it lies face down to the viewer), by suit and rank, jokers first."""
    return _html.reading_order(d, cards, TOKENS, trump_known)


def trump_html(t: Trump) -> str:
    """The trump context: level, trump suit, and the trumps from the highest down (one entry per position)."""
    return _html.trump_html(t, TOKENS)


def deal_html(d: Deal) -> str:
    """A deal: the phase and whose turn, the trump and level, the four hands (the dealer marked), the trick in
    progress, the last trick and the points so far."""
    return _html.deal_html(d, TOKENS)


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
