"""The HTML of the native values (``Cards``, ``Trump``, ``Deal``): what Jupyter shows for them (``_repr_html_``).
Cards show their suit symbols, hearts and diamonds in red; a joker is 大王 (big, red) or 小王 (small). Every view
is self-contained HTML (inline styles, no script, no network): it renders the same in a notebook, a saved page or
a headless browser (the tests render them in Chromium where it is installed).

This module sits below the native module (shengji/_layers.py): it imports nothing of the package and reads the
values it is given through their public methods; ``TOKENS`` (the card tokens in index order) is passed in by the
caller. ``shengji.views`` re-exports these functions beside the views of the Python result classes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

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


def cards_html(tokens: Sequence[str]) -> str:
    """Cards in a row: card tokens, kept in the order given (a Cards iterates its tokens in its order)."""
    tokens = list(tokens)
    if not tokens:
        return '<span style="color:#888">—</span>'
    return '<span class="sj-cards">' + " ".join(card_html(t) for t in tokens) + "</span>"


def reading_order(d: Any, cards: Any, tokens: Sequence[str], trump_known: bool = True) -> list[str]:
    """A hand as a player holds it: the trumps first (highest first), then each plain suit (highest first);
    before the trump is settled (or while it lies face down to the viewer), by suit and rank, jokers first."""
    order = ("T", "S", "H", "C", "D")
    if d.phase == "declare" or not trump_known:
        return sorted(cards, key=lambda k: (order.index("T" if k in ("SJ", "BJ") else k[-1]),
                                            -tokens.index(k)))
    t = d.trump_context
    return sorted(cards, key=lambda k: (order.index(t.effective_suit(k)), -t.position(k)))


def trump_html(t: Any, tokens: Sequence[str]) -> str:
    """The trump context: level, trump suit, and the trumps from the highest down (one entry per position)."""
    by_pos: dict[int, list[int]] = {}
    for k in range(54):
        if t.effective_suit(k) == "T":
            by_pos.setdefault(t.position(k), []).append(k)
    order = " &gt; ".join("=".join(card_html(tokens[k]) for k in by_pos[p]) for p in sorted(by_pos, reverse=True))
    suit = "no trump" if t.suit is None else f"{SYMBOLS[t.suit]} {t.suit}"
    return (f'<div style="{_BOX}"><b>Trump</b>: level {html.escape(t.level)}, {suit}, {t.rules.decks} deck(s)'
            f'<div>trumps, highest first: {order}</div></div>')


def _plays_html(leader: int, plays: Sequence[Any]) -> str:
    """A trick's plays in order, each labelled with its seat ("seat 2: K♦ K♦"), the leader's first."""
    return " · ".join(f'<span style="white-space:nowrap"><span style="color:#666">seat {(leader + i) % 4}:</span> '
                      f"{cards_html(list(p))}</span>" for i, p in enumerate(plays))


def deal_html(d: Any, tokens: Sequence[str]) -> str:
    """A deal: the phase and whose turn, the trump and level, the four hands (the dealer marked), the trick in
    progress, the last trick and the points so far."""
    rows = []
    for s in range(4):
        role = "dealer" if s == d.dealer else ("attacker" if d.is_attacker(s) else "defender")
        mark = " ◀ to move" if s == d.to_move else ""
        rows.append(f'<tr><td style="padding-right:8px"><b>seat {s}</b> <span style="color:#666">({role})</span>'
                    f'{mark}</td><td>{cards_html(reading_order(d, d.hand(s), tokens))}</td></tr>')
    trick = _plays_html(d.trick_leader, d.trick) if d.trick else "—"
    last = ""
    if d.tricks:
        leader, plays, winner = d.tricks[-1]
        last = f"<div>last trick (won by seat {winner}): {_plays_html(leader, plays)}</div>"
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
