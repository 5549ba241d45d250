"""Replays: one deal as a self-contained HTML page that steps through it (``deal.to_html(seat=None)``,
``shengji replay``).

The page holds the whole deal as data and a small script that draws one step at a time: no network, no server,
no external file; it opens from disk in any browser. ←/→ step back and forth, Home/End jump to the start and
the end (the buttons do the same). The steps are:

- the start (the dealer and the level), then each declaration while the cards are dealt (passes are not steps),
  and the end of dealing (the trump settled, or the kitty turned up when nobody declared);
- the burial, each grab (炒底), swap (泰安 换底) and call (找朋友) with its pass;
- every play, a failed throw with the cards it attempted; a trick's last play shows the whole trick, its winner
  and its points;
- the end: the kitty turned over, its points and multiplier, and the result.

``page.html#12`` opens the page at step 12.

``seat=None`` shows every hand and the kitty throughout. ``seat=N`` shows what seat N sees at each step, read
from ``deal.observation(N)`` (the same view a bot gets): its own hand, the other hands as counts, the kitty only
if it buried it (or it lies face up), 泰安's face-down declarations and trump as face down, 找朋友's team points
hidden until the friend shows; at the end the kitty and the result are shown to all, as at the table.

``shengji.bots.play_deal(rules, seed, players)`` plays a deal with bots by name to replay.
"""

from __future__ import annotations

import html
import json
from typing import Any, cast

from .. import _core
from .._core import Deal, points
from ..base import _validate
from .observation import observe
from .rules import Rules
from .views import BLACK, RED, SYMBOLS, reading_order


def _tokens(cards: Any) -> list[str]:
    return [] if cards is None else list(cards)


def _trump_text(d: Deal, hidden: bool) -> str:
    if d.phase == "declare":
        return "not settled"
    if hidden:
        return "face down"
    return "no trump" if d.trump is None else f"{SYMBOLS[d.trump]} {d.trump}"


def _roles(d: Deal, seat: int | None) -> list[str]:
    out = []
    teams_hidden = seat is not None and d.called is not None and d.friend is None and d.phase != "done"
    for s in range(4):
        if s == d.dealer:
            out.append("dealer")
        elif teams_hidden:
            out.append("friend?" if s != seat else ("defender" if not d.is_attacker(s) else "attacker"))
        else:
            out.append("attacker" if d.is_attacker(s) else "defender")
    return out


def _frame(d: Deal, seat: int | None, caption: list[Any]) -> dict[str, Any]:
    obs = observe(d, seat) if seat is not None else None
    hidden_trump = obs.trump_hidden if obs is not None else False
    if obs is None:
        hands: list[Any] = [reading_order(d, d.hand(s)) for s in range(4)]
        kitty: list[str] | None = reading_order(d, d.kitty)
        kitty_label = "kitty" if d.phase == "done" or d.kitty_public else "kitty (face down)"
        score: int | None = d.attacker_points
        if d.phase == "declare":
            hidden_trump = False
    else:
        known = not hidden_trump
        hands = [reading_order(d, obs.hand, known) if s == seat else obs.hand_sizes[s] for s in range(4)]
        shown = obs.kitty if obs.kitty is not None else (d.kitty if d.phase == "done" else None)
        kitty = reading_order(d, shown, known) if shown is not None else None
        kitty_label = "kitty" if d.phase == "done" or d.kitty_public else "kitty (yours, face down)"
        score = obs.attacker_points
    trick: list[Any] = [_tokens(p) for p in d.trick]
    leader, winner, won = d.trick_leader, None, None
    if not trick and d.tricks and d.phase in ("play", "done") and caption and caption[0] == "play":
        leader, plays, winner = d.tricks[-1]
        trick = [_tokens(p) for p in plays]
        won = sum(points(p) for p in plays)
    result = None
    if d.phase == "done":
        r = d.result()
        if r.lost_deal:
            result = "nobody declared: the dealer's team loses the deal (闷牌)"
        else:
            kitty_text = (f"the attackers captured the kitty: {r.kitty_points} points × {r.kitty_multiplier}"
                          if r.kitty_captured else f"the defenders kept the kitty ({r.kitty_points} points in it)")
            up = r.dealer_levels if r.dealer_keeps else r.attacker_levels
            levels = ("the dealer's team keeps the deal" if r.dealer_keeps else "the attackers take the deal") + \
                (f" and go up {up} level{'s' if up > 1 else ''}" if up else "")
            result = f"attackers {r.attacker_points} points; {kitty_text}; {levels}"
    return {"c": caption[1:], "ph": d.phase, "tm": d.to_move, "h": hands, "r": _roles(d, seat),
            "t": {"l": leader, "p": trick, "w": winner, "pts": won}, "tr": _trump_text(d, hidden_trump),
            "lv": d.level, "k": kitty, "kl": kitty_label, "sc": score, "n": len(d.tricks), "res": result,
            "ft": list(d.failed_throws)}


def frames(deal: Deal, seat: int | None = None) -> list[dict[str, Any]]:
    """The replay's steps (module docstring) as plain data: each a dict with the caption ("c": text and card
    lists), the hands ("h": cards, or a count for a hand ``seat`` does not see), the trick ("t"), the trump,
    the score, the kitty and, at the end, the result."""
    if not isinstance(deal, Deal):
        raise TypeError(f"a replay is of a Deal, not {type(deal).__name__}")
    if seat is not None:  # (None: every hand)
        seat = _validate.seat(seat)
    rebuild, record = cast(tuple[Any, tuple[Any, ...]], deal.__reduce__())  # the record, replayed from its start
    d = rebuild(*record[:6], [], *record[7:])  # (a sampled world's start restored too: record[8])
    out = [_frame(d, seat, ["start", f"seat {d.dealer} deals; level {d.level}"])]
    hidden_before = 0
    for move in deal.moves:
        phase, mover = d.phase, d.to_move
        tricks_before, failed_before = len(d.tricks), len(d.failed_throw_log)
        _core.replay_move(d, move)
        obs = observe(d, seat) if seat is not None else None
        cards = _tokens(move[1])
        who = f"seat {mover}"
        if phase == "declare":
            hidden_now = len(obs.hidden_declarations) if obs is not None else 0
            if cards:
                if hidden_now > hidden_before:
                    caption: list[Any] = ["declare", f"{who} declares face down ({len(cards)} cards)"]
                else:
                    choice = ""
                    if isinstance(move[1], _core.Declaration):
                        choice = f", choosing {'no trump' if move[1].trump is None else SYMBOLS[move[1].trump]}"
                    caption = ["declare", f"{who} declares{choice}", cards]
                out.append(_frame(d, seat, caption))
            hidden_before = hidden_now
            if d.phase == "done":  # nobody declared and the deal is lost (闷牌)
                out.append(_frame(d, seat, ["end", "the cards are dealt; nobody declared"]))
            elif d.phase != "declare":
                if d.turned_up_order:
                    caption = ["dealt", "the cards are dealt; nobody declared, the kitty turned up",
                               list(d.turned_up_order), f"— trump {_trump_text(d, False)}"]
                else:
                    hidden = obs.trump_hidden if obs is not None else False
                    declarer = "" if d.declarer is None else f" (declared by seat {d.declarer})"
                    caption = ["dealt", f"the cards are dealt; trump {_trump_text(d, hidden)}{declarer}"]
                out.append(_frame(d, seat, caption))
            continue
        if phase == "bury":
            see = seat is None or seat == mover or d.kitty_public
            caption = ["bury", f"{who} buries", cards] if see else ["bury", f"{who} buries {len(cards)} cards"]
        elif phase in ("grab", "swap"):
            word = "grabs the kitty with" if phase == "grab" else "swaps"
            see = phase == "grab" or seat is None or seat == mover or (obs is not None and obs.swap is not None)
            if not cards:
                caption = [phase, f"{who} passes"]
            else:
                caption = [phase, f"{who} {word}", cards] if see else [phase, f"{who} {word} cards"]
        elif phase == "call":
            caption = ["call", f"{who} calls its friend: the first to play", cards]
        elif len(d.failed_throw_log) > failed_before:  # a throw the others could beat: the forced unit is played
            _, _, attempted, played = d.failed_throw_log[-1]
            caption = ["play", f"{who} tries to throw", _tokens(attempted), "— the throw fails and plays",
                       _tokens(played)]
        else:
            caption = ["play", f"{who} plays", cards]
        if phase == "play" and len(d.tricks) > tricks_before:
            _, plays, winner = d.tricks[-1]
            caption.append(f"— seat {winner} wins the trick ({sum(points(p) for p in plays)} points)")
        out.append(_frame(d, seat, caption))
        if d.phase == "done":
            end = _frame(d, seat, ["end", "the kitty is turned over:"])
            end["c"].append(end["k"])  # the kitty line's cards, in its order (a player's: trumps first)
            out.append(end)
    return out


_SCRIPT = """
const F = JSON.parse(document.getElementById('sj-data').textContent);
const SYM = {S: '\\u2660', H: '\\u2665', D: '\\u2666', C: '\\u2663'};
const RED = '%RED%', BLACK = '%BLACK%';
let i = 0;
const ESC = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
function esc(s) { return String(s).replace(/[&<>"]/g, c => ESC[c]); }
function card(t) {
  if (t === 'BJ') return '<span class="c" style="color:' + RED + '" title="big joker">\\u5927\\u738b</span>';
  if (t === 'SJ') return '<span class="c" style="color:' + BLACK + '" title="small joker">\\u5c0f\\u738b</span>';
  const s = t.slice(-1);
  const color = 'HD'.includes(s) ? RED : BLACK;
  return '<span class="c" style="color:' + color + '">' + esc(t.slice(0, -1)) + SYM[s] + '</span>';
}
function cards(ts) { return ts.length ? ts.map(card).join(' ') : '<span class="none">\\u2014</span>'; }
function caption(parts) { return parts.map(p => Array.isArray(p) ? cards(p) : esc(p)).join(' '); }
function show(k) {
  i = Math.max(0, Math.min(F.length - 1, k));
  const f = F[i];
  document.getElementById('step').textContent = (i + 1) + ' / ' + F.length;
  document.getElementById('caption').innerHTML = caption(f.c);
  document.getElementById('head').textContent = 'phase ' + f.ph + ' \\u00b7 level ' + f.lv + ' \\u00b7 trump ' + f.tr +
    ' \\u00b7 tricks ' + f.n + ' \\u00b7 attackers\\' points ' + (f.sc === null ? 'hidden' : f.sc);
  for (let s = 0; s < 4; s++) {
    const h = f.h[s];
    document.getElementById('hand' + s).innerHTML =
      Array.isArray(h) ? cards(h) : '<span class="none">' + h + ' cards</span>';
    document.getElementById('who' + s).textContent = 'seat ' + s + ' (' + f.r[s] + ')' + (f.tm === s ? ' \\u25c0' : '');
    const j = (s - f.t.l + 4) % 4;
    const p = document.getElementById('play' + s);
    p.innerHTML = j < f.t.p.length ? cards(f.t.p[j]) : '';
    p.className = 'play' + (f.t.w === s ? ' won' : '');
  }
  const won = f.t.w === null ? '' : ', won by seat ' + f.t.w + ' (' + f.t.pts + ' points)';
  const t = f.t.p.length ? 'led by seat ' + f.t.l + won : 'no trick on the table';
  document.getElementById('trick').textContent = t;
  document.getElementById('kitty').innerHTML = f.k === null ? '' : esc(f.kl) + ': ' + cards(f.k);
  document.getElementById('result').textContent = f.res === null ? '' : f.res;
}
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight') show(i + 1);
  else if (e.key === 'ArrowLeft') show(i - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(F.length - 1);
  else return;
  e.preventDefault();
});
const BUTTONS = [['first', () => 0], ['prev', () => i - 1], ['next', () => i + 1], ['last', () => F.length - 1]];
for (const [id, step] of BUTTONS)
  document.getElementById(id).addEventListener('click', () => show(step()));
function fromHash() {  // page.html#12 opens at step 12
  const k = parseInt(location.hash.slice(1), 10);
  show(Number.isFinite(k) ? k - 1 : 0);
}
window.addEventListener('hashchange', fromHash);
fromHash();
"""

_STYLE = """
body { font-family: system-ui, sans-serif; font-size: 14px; margin: 16px; background: #fff; color: #1b1b1b; }
h1 { font-size: 17px; margin: 0 0 6px 0; }
#head, #trick, #kitty, #result { margin: 6px 0; }
#caption { margin: 8px 0; font-size: 15px; min-height: 1.4em; }
#result { font-weight: 600; }
table.seats { border-collapse: collapse; }
table.seats th { text-align: left; padding: 3px 10px; color: #555; font-weight: 500; }
table.seats td { padding: 3px 10px; vertical-align: top; border-bottom: 1px solid #eee; }
td.who { white-space: nowrap; font-weight: 600; }
td.play { min-width: 7em; }
td.won { background: #fdf2d0; }
.none { color: #888; }
.c { white-space: nowrap; }
button { font-size: 14px; margin-right: 4px; }
"""


def to_html(deal: Deal, seat: int | None = None, title: str | None = None) -> str:
    """The replay page of ``deal`` (module docstring): every hand, or what ``seat`` sees."""
    steps = frames(deal, seat)
    rules = deal.rules
    name = next((n for n in Rules.presets() if Rules.preset(n) == rules), "custom rules")
    view = "every hand" if seat is None else f"what seat {seat} sees"
    title = title or f"shengji replay: {name}, {rules.decks} deck(s), {view}"
    data = json.dumps(steps, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    rows = "".join(f'<tr><td class="who" id="who{s}"></td><td class="play" id="play{s}"></td>'
                   f'<td id="hand{s}"></td></tr>' for s in range(4))
    script = _SCRIPT.replace("%RED%", RED).replace("%BLACK%", BLACK)
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{_STYLE}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>"
            '<div><button id="first">« Home</button><button id="prev">← back</button><button id="next">next →</button>'
            '<button id="last">End »</button> step <span id="step"></span></div>'
            '<div id="caption"></div><div id="head"></div>'
            f'<table class="seats"><tr><th></th><th>trick</th><th>hand</th></tr>{rows}</table>'
            '<div id="trick"></div><div id="kitty"></div><div id="result"></div>'
            f'<script type="application/json" id="sj-data">{data}</script><script>{script}</script></body></html>\n')

