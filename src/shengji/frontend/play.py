"""Play a whole deal against the bots at a terminal (``shengji play``).

One seat is the human's; the bots play the other three. Every decision of the human, in every phase (declaring,
炒底's grab, burying, 泰安's swap, 找朋友's call, every trick), is a prompt that lists the moves numbered: a move is
picked by its number or typed in the package's card notation (``7S 7S``, ``pass``; a declaration that chooses the
trump ends with the suit letter or ``NT``, e.g. ``SJ SJ BJ BJ H``). A refused move is explained by the core's
``why_illegal`` and the position is kept. At any prompt: ``u`` undoes the human's last move (the deal goes back to
the position before it, with the bots as they were), ``all`` lists every move, ``r [FILE.html]`` writes the replay
page of the deal so far, ``?`` repeats the position and the commands, ``q`` quits. The end of input stops the same
way: status 0, after the deal's result where the deal is over, else with a line saying where it stopped.

The human sees only what its seat may know (``Deal.observation``): its own hand (in reading order: trumps first),
the declarations shown (under 泰安 the others' lie face down), the trick in progress with the seats, the tricks won.

The loop (``Session``) reads lines from any text stream and writes to any text stream, so a test drives it with
``io.StringIO`` as a scripted human; when the input is not a terminal each answer is echoed after its prompt, so the
output reads as a transcript.
"""

from __future__ import annotations

import copy
import os
from typing import Any, TextIO

from .._core import Cards, Declaration, points
from ..agents.bots import bury_candidates
from ..agents.deal import Deal
from ..base._types import Played
from ..game.players import play
from ..game.views import reading_order

__all__ = ["SHOWN", "LIMIT", "Session", "Stop"]

SHOWN = 40
"""Moves listed at a prompt (the others are numbered on and listed by ``all``)."""

LIMIT = 2000
"""Moves numbered at most (a follow of a long lead in four decks can have 10^5 legal plays: any is still typed)."""

PHASES = {"declare": "declaring", "grab": "grabbing the kitty (炒底)", "bury": "burying", "swap": "swapping (换底)",
          "call": "calling a friend (找朋友)", "play": "playing", "done": "done"}

CHOICES = ("S", "H", "D", "C", "NT")

NOUNS = {"declare": "declaration", "grab": "grab", "bury": "burial", "swap": "swap", "call": "call", "play": "play"}

HELP = ("commands: a number picks that move; cards in the package's notation type one (7S 7S, 10H JH, SJ; pass "
        "where passing is allowed; a declaration choosing the trump ends with S, H, D, C or NT); all lists every "
        "move; u undoes your last move; r [FILE.html] writes the replay page of the deal so far (what your seat "
        "sees; every hand once the deal is over); ? shows the position again; q quits")


class Stop(Exception):
    """The human quit (``q``) or the input ended."""


class _Undone(Exception):
    """The human undid its last move: the session's deal and bots are those from before it."""


def _label(action: Cards) -> str:
    """A move as the human types it: ``pass`` for the empty action, a trump choice after the cards."""
    if not len(action):
        return "pass"
    if isinstance(action, Declaration):
        return f"{action} {action.trump or 'NT'}"
    return str(action)


class Session:
    """One deal between the human at ``seat`` and ``bots`` (four entries, None at the human's seat; ``names`` the
    bots' names as the command line spells them), reading ``inp`` and writing ``out``: the deal of ``seed``, or
    ``deal`` (a ``shengji.Deal``) played on from where it stands. ``run()`` plays until the
    deal is over, the human quits or the input ends, and returns the exit status (0)."""

    def __init__(self, rules: Any, *, seed: int, seat: int, bots: list[Any], names: list[str], inp: TextIO,
                 out: TextIO, replay: str | None = None, preset: str = "", command: str = "", deal: Deal | None = None):
        self.given = deal
        self.rules, self.seed, self.seat, self.bots, self.names = rules, seed, seat, bots, names
        self.inp, self.out, self.replay, self.preset, self.command = inp, out, replay, preset, command
        isatty = getattr(inp, "isatty", None)
        self.echo = not (isatty() if callable(isatty) else False)
        # before each move the human chose: the deal, the bots, the declarations passed on, the move
        self.undo: list[tuple[Deal, list[Any], list[tuple[str, Any]] | None, str]] = []
        self.deal: Deal | None = None
        self.passed: list[tuple[str, Any]] | None = None  # the declarations the human last passed on
        self.pending: tuple[Deal, int, Cards] | None = None  # the move decided last: the deal before it, seat, action
        self.phase = ""  # the phase last announced

    # ---- output -------------------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def ask(self, prompt: str) -> str:
        """One line of input (stripped); Stop at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            if self.echo:
                self.out.write("\n")
            raise Stop("input ended")
        if self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def who(self, seat: int) -> str:
        """A seat as the human reads it: ``you (seat 0)``, ``seat 2 (greedy, partner)``."""
        if seat == self.seat:
            return f"you (seat {seat})"
        tags = [self.names[seat]]
        if self.rules.partnership != "call_card" and seat == (self.seat + 2) % 4:
            tags.append("partner")
        return f"seat {seat} ({', '.join(tags)})"

    # ---- the deal -----------------------------------------------------------------------------------------
    def start(self) -> Deal:
        """The deal of ``seed``, as ``shengji replay --seed`` deals it (dealer seat 0): under rules without a declaring
        phase the dealer names the trump first (the human picks it when it deals). A deal given to the session is
        played on from where it stands."""
        if self.given is not None:
            return self.given
        if self.rules.has_declaring_phase:
            return Deal(self.rules, seed=self.seed, trump="declare")
        probe = Deal(self.rules, seed=self.seed, trump=None)
        if probe.dealer == self.seat:
            hand = " ".join(reading_order(probe, probe.hand(self.seat), False))
            self.say(f"you deal and name the trump; your hand: {hand}")
            choices = ["S", "H", "D", "C", "NT"]
            self.say("  " + "   ".join(f"{i}. {c}" for i, c in enumerate(choices, 1)))
            while True:
                text = self.ask("trump (a number, S/H/D/C or NT)> ")
                if text.lower() in ("q", "quit"):
                    raise Stop("quit")
                pick = choices[int(text) - 1] if text.isdigit() and 1 <= int(text) <= 5 else text.upper()
                if pick in choices:
                    trump = None if pick == "NT" else pick
                    break
                self.say(f"trump {text!r}: give a number 1..5, one of S, H, D, C, or NT (no trump)")
        else:
            trump = self.bots[probe.dealer].trump(probe)
            self.say(f"{self.who(probe.dealer)} deals and names the trump: {trump or 'NT'}")
        return Deal(self.rules, seed=self.seed, trump=trump)

    def run(self) -> int:
        try:
            self.deal = self.start()
            for s, b in enumerate(self.bots):
                start = getattr(b, "start_game", None)
                if start is not None:
                    start(self.seed, 0, s)
            self.loop()
        except Stop as stop:
            self.stopped(str(stop))
            return 0
        self.finished()
        return 0

    def loop(self) -> None:
        """The deal played on by the package's one game loop (``shengji.players.play``), each decision made by
        ``decide``; an undo leaves it (``_Undone``) and it starts again on the restored deal."""
        while True:
            assert self.deal is not None
            try:
                play(self.deal, self.decide)
            except _Undone:
                continue
            self.narrate_pending()
            return

    def decide(self, deal: Deal) -> Cards:
        """The action of the seat to move: the human's (prompted) or its bot's. The move before it is told first,
        and the start of a phase."""
        self.narrate_pending()
        if deal.phase != self.phase:
            self.phase = deal.phase
            self.phase_begins()
        seat = deal.to_move
        assert seat is not None
        action = self.human_turn() if seat == self.seat else self.bots[seat].choose(deal)
        self.pending = (deal.clone(), seat, action)
        return action

    def narrate_pending(self) -> None:
        """Tell the move ``decide`` returned last, now that the game loop has made it."""
        if self.pending is None or self.deal is None:
            return
        before, seat, action = self.pending
        self.pending = None
        played = None
        if before.phase == "play":
            d = self.deal
            failed = d.failed_throw_log[len(before.failed_throw_log):]
            played = Played(d.moves[-1].cards, action, bool(failed))
        self.narrate(before, seat, action, played)

    def phase_begins(self) -> None:
        d = self.deal
        assert d is not None
        obs = d.observation(self.seat)
        if d.phase == "declare":
            self.say(f"— dealing: level {d.level}, dealer {self.who(d.dealer)}; declare with level cards as they come "
                     "(you are asked when a card dealt to you changes what you can declare)")
            return
        trump = "face down" if obs.trump_hidden else (obs.trump or "NT")
        declarer = "" if d.declarer is None else f" declared by {self.who(d.declarer)}"
        self.say(f"— {PHASES.get(d.phase, d.phase)}: trump {trump}{declarer}, level {d.level}, dealer "
                 f"{self.who(d.dealer)}")
        if d.phase in ("bury", "play") and d.kitty_public and d.kitty is not None and len(d.kitty):
            self.say(f"  the kitty lies face up: {d.kitty}")

    def narrate(self, before: Deal, seat: int, action: Cards, played: Any) -> None:
        """What the human may see of a move just made (``before``: the deal before it)."""
        d = self.deal
        assert d is not None
        me = seat == self.seat
        name = self.who(seat)
        phase = before.phase
        if phase in ("declare", "grab"):
            if not len(action):
                if phase == "grab" and not me:
                    self.say(f"{name} passes")
                return
            obs = d.observation(self.seat)
            if not me and obs.hidden_declarations and seat in dict(obs.hidden_declarations) and \
                    all(s != seat or c != action for s, c in obs.declarations):
                self.say(f"{name} declares face down ({len(action)} card{'s' if len(action) > 1 else ''})")
            else:
                verb = {("grab", True): "grab the kitty with", ("grab", False): "grabs the kitty with",
                        ("declare", True): "declare", ("declare", False): "declares"}[phase, me]
                self.say(f"{name} {verb} {_label(action)}")
        elif phase == "bury":
            self.say(f"{name} {'bury' if me else 'buries'} {action if me else f'{len(action)} cards'}")
        elif phase == "swap":
            if len(action):
                self.say(f"{name} {'swap' if me else 'swaps'} {action}")
            else:
                self.say(f"{name} keep{'' if me else 's'} the kitty as buried (no swap)")
        elif phase == "call":
            self.say(f"{name} call{'' if me else 's'} {action}: the first other seat to play it is the dealer's friend")
        elif phase == "play":
            text = f"{name} play{'' if me else 's'} {played.cards}"
            if played.failed_throw:
                text += f" (the throw {played.attempted} fails: the forced unit is played)"
            self.say(text)
            if before.friend is None and d.friend is not None:
                self.say(f"{self.who(d.friend)} played the called {d.called}: {self.who(d.friend)} is "
                         f"{self.who(d.dealer)}'s friend")
            if len(d.tricks) > len(before.tricks):
                leader, plays, winner = d.tricks[-1]
                pts = sum(points(p) for p in plays)
                obs = d.observation(self.seat)
                score = "" if obs.attacker_points is None else f"; attackers' points {obs.attacker_points}"
                self.say(f"  trick {len(d.tricks)} won by {self.who(winner)} ({pts} points){score}")

    # ---- the human's turn ---------------------------------------------------------------------------------
    def moves(self) -> tuple[list[Cards], str]:
        """The numbered moves of the human's decision, and a note on what else may be typed."""
        d = self.deal
        assert d is not None
        if d.phase == "bury":
            return bury_candidates(d), (f"the burials the bots weigh; type any {self.rules.kitty} cards of your hand "
                                        "to bury others")
        actions = d.legal_actions(limit=LIMIT)
        note = ""
        if len(actions) == LIMIT:
            note = f"the first {LIMIT} legal moves are numbered; type the cards of any other"
        elif d.phase == "call":
            note = "or type the card, e.g. AH"
        elif len(actions) > SHOWN:
            note = "or type the cards"
        return actions, note

    def show(self, actions: list[Cards], note: str, every: bool = False) -> None:
        d = self.deal
        assert d is not None
        obs = d.observation(self.seat)
        if d.phase != "declare":
            trump = "face down" if obs.trump_hidden else (obs.trump or "NT")
            score = ("hidden until the friend shows" if obs.attacker_points is None
                     else str(obs.attacker_points))
            attackers = [s for s in range(4) if d.is_attacker(s)] if obs.attacker_points is not None else []
            side = f" (seats {', '.join(map(str, attackers))})" if attackers else ""
            extra = f", called {d.called}" if d.called is not None else ""
            self.say(f"trump {trump}, level {d.level}, dealer {self.who(d.dealer)}{extra}; attackers{side}: points "
                     f"{score}")
        else:
            shown = ", ".join(f"{self.who(s)} {_label(c)}" for s, c in obs.declarations) or "none"
            hidden = "".join(f", {self.who(s)} {n} card(s) face down" for s, n in obs.hidden_declarations)
            self.say(f"declarations so far: {shown}{hidden}")
        if d.phase == "play":
            if d.trick:
                plays = " | ".join(f"{self.who((d.trick_leader + i) % 4)} {p}" for i, p in enumerate(d.trick))
                self.say(f"trick {len(d.tricks) + 1}, led by {self.who(d.trick_leader)}: {plays} | you ?")
            else:
                self.say(f"trick {len(d.tricks) + 1}: you lead")
        elif d.phase == "bury":
            self.say(f"you pick up the kitty: {' '.join(reading_order(d, d.kitty, not obs.trump_hidden))}")
        elif d.phase == "swap":
            self.say(f"the kitty as buried: {d.kitty}")
        self.say(self.hand_text(obs))
        listed = actions if every else actions[:SHOWN]
        what = {"declare": "declarations", "grab": "grabs", "bury": "burials", "swap": "swaps",
                "call": "calls (any card of the pack: the first other seat to play it is your friend)",
                "play": "legal plays"}.get(d.phase, "moves")
        self.say(f"{len(actions)} {what}{f' ({note})' if note else ''}:")
        self.columns([f"{i}. {_label(a)}" for i, a in enumerate(listed, 1)])
        if len(listed) < len(actions):
            self.say(f"  … and {len(actions) - len(listed)} more (all lists them)")

    def columns(self, items: list[str], width: int = 96) -> None:
        cell = max((len(i) for i in items), default=0) + 3
        per = max(1, width // cell)
        for row in range(0, len(items), per):
            self.say("  " + "".join(i.ljust(cell) for i in items[row:row + per]).rstrip())

    def hand_text(self, obs: Any) -> str:
        """The human's hand in reading order (``shengji.views.reading_order``), one line per suit: trumps first
        (highest first), then each plain suit; before the trump is known, by suit with the jokers first."""
        d = self.deal
        assert d is not None
        known = d.phase != "declare" and not obs.trump_hidden
        tokens = reading_order(d, obs.hand, known)
        groups: dict[str, list[str]] = {}
        for t in tokens:
            if known:
                key = d.trump_context.effective_suit(t)
                key = "trump" if key == "T" else key
            else:
                key = "jokers" if t in ("SJ", "BJ") else t[-1]
            groups.setdefault(key, []).append(t)
        lines = [f"your hand ({len(tokens)} cards):"] + [f"  {k:<6} {' '.join(v)}" for k, v in groups.items()]
        return "\n".join(lines)

    def human_turn(self) -> Cards:
        """The human's decision: prompts until a move is chosen (returned) or the last one undone (``_Undone``,
        the deal and the bots restored)."""
        d = self.deal
        assert d is not None
        actions, note = self.moves()
        offered = [(str(a), getattr(a, "trump", "")) for a in actions]
        if d.phase in ("declare", "grab", "swap") and (
                (len(actions) == 1 and not len(actions[0])) or (d.phase == "declare" and offered == self.passed)):
            # nothing to declare, grab or swap, or (while the cards are dealt) the same declarations the human
            # passed on at the last card: the pass is played for the human
            return Cards()
        self.say("")
        self.show(actions, note)
        phase = PHASES.get(d.phase, d.phase)
        while True:
            text = self.ask(f"{phase}, {len(actions)} move{'s' if len(actions) != 1 else ''} (number or cards; "
                            "u undo, ? help, q quit)> ")
            low = text.lower()
            if low in ("q", "quit", "exit"):
                raise Stop("quit")
            if low in ("?", "h", "help"):
                self.say(HELP)
                self.show(actions, note)
                continue
            if low in ("all", "moves"):
                self.show(actions, note, every=True)
                continue
            if low in ("u", "undo"):
                if not self.undo:
                    self.say("u: nothing to undo: you have not made a move in this deal yet")
                    continue
                self.deal, self.bots, self.passed, move = self.undo.pop()
                self.pending = None
                self.say(f"undone: your {move}; back to the position before it")
                raise _Undone
            if low == "r" or low.startswith("r "):
                self.write_replay(text[1:].strip() or None)
                continue
            if not text:
                continue
            action = self.parse(text, actions)
            if action is None:
                continue
            noun = "pass" if not len(action) else f"{NOUNS.get(d.phase, d.phase)} {_label(action)}"
            self.undo.append((d.clone(), copy.deepcopy(self.bots), self.passed, noun))
            self.passed = offered if d.phase == "declare" and not len(action) else None
            return action

    def parse(self, text: str, actions: list[Cards]) -> Cards | None:
        """The move ``text`` names (a number of the list, or cards), or None after saying why it is not one."""
        d = self.deal
        assert d is not None
        if text.isdigit():
            i = int(text)
            if 1 <= i <= len(actions):
                return actions[i - 1]
            self.say(f"move {text}: there {'is' if len(actions) == 1 else 'are'} {len(actions)} numbered "
                     f"move{'s' if len(actions) != 1 else ''}: give a number 1..{len(actions)}, or type the cards")
            return None
        action: Cards
        try:
            if text.lower() == "pass":
                action = Cards()
            else:
                words = text.split()
                if d.phase in ("declare", "grab") and len(words) > 1 and words[-1].upper() in CHOICES:
                    choice = words[-1].upper()
                    action = Declaration(" ".join(words[:-1]), trump=None if choice == "NT" else choice)
                else:
                    action = Cards(text)
            why = d.why_illegal(action)
        except (ValueError, TypeError) as err:
            self.say(f"{text!r} is not a move: {err}; give a number 1..{len(actions)}, cards such as '7S 7S', pass, "
                     "or a command (? lists them)")
            return None
        if why is not None:
            self.say(f"refused: {why} (the position is unchanged)")
            return None
        return action

    # ---- the end ------------------------------------------------------------------------------------------
    def where(self) -> str:
        d = self.deal
        if d is None:
            return "before the deal began"
        mover = "" if d.to_move is None else f", {self.who(d.to_move)} to move"
        if d.phase == "play":
            return f"trick {len(d.tricks) + 1} of the play{mover}"
        if d.phase == "declare":
            dealt = sum(len(d.hand(s)) for s in range(4))
            return f"the declaring ({dealt} of {4 * self.rules.hand_size} cards dealt){mover}"
        return f"the {PHASES.get(d.phase, d.phase)} phase{mover}"

    def stopped(self, why: str) -> None:
        d = self.deal
        if d is not None and d.phase == "done":
            self.finished()
            return
        again = f" (shengji {self.command} --seed {self.seed} plays it again)" if self.command else ""
        self.say(f"{'you quit' if why == 'quit' else 'input ended'}: stopped at {self.where()}; "
                 f"the deal is not finished{again}")
        if self.replay and d is not None:
            self.write_replay(self.replay)

    def finished(self) -> None:
        d = self.deal
        assert d is not None
        r = d.result()
        attackers = [s for s in range(4) if d.is_attacker(s)]
        defenders = [s for s in range(4) if s not in attackers]
        self.say("")
        self.say(f"deal over (seed {self.seed}):")
        if r.lost_deal:
            self.say("  nobody declared: the deal is lost (闷牌)")
        self.say(f"  defenders (dealer's side) seats {', '.join(map(str, defenders))}; attackers seats "
                 f"{', '.join(map(str, attackers))}")
        kitty = (f"kitty {r.kitty_points} points captured x{r.kitty_multiplier}" if r.kitty_captured
                 else f"kitty {r.kitty_points} points kept by the defenders")
        self.say(f"  attackers' points {r.attacker_points} ({kitty})")
        if r.dealer_keeps:
            self.say(f"  the defenders keep the deal and go up {r.dealer_levels} level(s)" if r.dealer_levels
                     else "  the defenders keep the deal")
        else:
            self.say(f"  the attackers take the deal and go up {r.attacker_levels} level(s)" if r.attacker_levels
                     else "  the attackers take the deal")
        mine = self.seat in attackers
        won = (mine and not r.dealer_keeps) or (not mine and r.dealer_keeps)
        self.say(f"  you were {'an attacker' if mine else 'a defender'}: you {'win' if won else 'lose'} this deal")
        if self.replay:
            self.write_replay(self.replay)
        else:
            self.offer_replay()

    def offer_replay(self) -> None:
        while True:
            try:
                text = self.ask("replay page? (a file name ending in .html, or Enter / q to finish)> ")
            except Stop:
                return
            if not text or text.lower() in ("q", "quit", "n", "no", "exit"):
                return
            if self.write_replay(text):
                return

    def write_replay(self, path: str | None) -> bool:
        d = self.deal
        if d is None:
            return False
        path = path or f"shengji-{self.preset or 'deal'}-{self.seed}.html"
        if not path.lower().endswith((".html", ".htm")):
            self.say(f"replay page {path!r}: a replay is an HTML page: give a file name ending in .html")
            return False
        done = d.phase == "done"
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(d.to_html(None if done else self.seat))  # before the end, only what the human may see
        except OSError as err:
            self.say(f"replay page {path!r} cannot be written: {err.strerror}")
            return False
        state = "the whole deal, every hand" if done else "the deal so far, as your seat sees it"
        self.say(f"replay page written: {os.path.abspath(path)} ({state}; open it in a browser)")
        return True
