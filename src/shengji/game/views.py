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

__all__ = ["BLACK", "RED", "SYMBOLS", "card_html", "cards_html", "deal_html", "histogram_svg", "match_html",
           "reading_order", "result_html", "result_repr", "rollouts_html", "table_html", "tournament_html",
           "trump_html"]


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
    """A SimResult or SimSummary: the run and its findings as a table (each a row: what, then the value), the level
    outcomes as a table (games and share), and the attackers' points as a small histogram."""
    run, rows, outcomes = res._facts()
    cell = 'style="padding:2px 8px;vertical-align:top"'
    head = "".join(f"<tr><th {cell} align=left>{html.escape(k)}</th><td {cell}>{html.escape(v)}</td></tr>"
                   for k, v in [*run, *rows])
    body = (f'<div style="{_BOX}"><b>{html.escape(type(res).__name__)}</b>'
            f'<table style="border-collapse:collapse">{head}</table>')
    if not res.games:
        return body + "<div>(no games)</div></div>"
    lines = "".join(f'<tr><td {cell}>{html.escape(key)}</td><td {cell} align=right>{n:,}</td>'
                    f'<td {cell} align=right>{pct:.2f} %</td></tr>' for key, n, pct in outcomes)
    values, counts = res.points_histogram(step=10)
    return (body + f'<table style="border-collapse:collapse"><tr><th {cell} align=left>level outcome</th>'
            f'<th {cell} align=right>games</th><th {cell} align=right>share</th></tr>{lines}</table>'
            f"<div>attackers' points (bins of 10):</div>{histogram_svg(values, counts)}</div>")


def match_html(res: Any) -> str:
    """A MatchResult: the run, each team's (each seat's, under 找朋友) wins with the 95 % interval, the deals a
    match, as tables."""
    cell = 'style="padding:2px 8px;vertical-align:top"'
    m = res.meta
    levels = m.get("levels")
    run = [("matches", f"{res.matches:,}"), ("rules", res._rules_text()), ("policy", str(m.get("policy"))),
           ("seed", str(m.get("seed"))), ("from levels", ", ".join(map(str, levels)) if levels else "the first")]
    if res.unfinished():
        run.append(("unfinished", f"{res.unfinished():,} after max_deals={m.get('max_deals')}"))
    d = res.deals
    if len(d):
        run.append(("deals a match", f"mean {d.mean():.1f}, median {int(np.median(d))}, 5 % .. 95 %: "
                                     f"{int(np.percentile(d, 5))} .. {int(np.percentile(d, 95))}"))
    head = "".join(f"<tr><th {cell} align=left>{html.escape(k)}</th><td {cell}>{html.escape(v)}</td></tr>"
                   for k, v in run)
    wins = ""
    for u in range(4 if res.per_seat else 2):
        p, lo, hi = res.win_rate(seat=u) if res.per_seat else res.win_rate(team=u)
        name = f"seat {u}" if res.per_seat else f"team {u} (seats {u} + {u + 2})"
        wins += (f"<tr><td {cell}>{name}</td><td {cell} align=right>{100 * p:.1f} %</td>"
                 f"<td {cell}>{100 * lo:.1f} .. {100 * hi:.1f} %</td></tr>")
    return (f'<div style="{_BOX}"><b>MatchResult</b><table style="border-collapse:collapse">{head}</table>'
            f'<table style="border-collapse:collapse"><tr><th {cell} align=left>{"seat" if res.per_seat else "team"}'
            f'</th><th {cell} align=right>wins</th><th {cell} align=left>95 % CI</th></tr>{wins}</table></div>')


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
