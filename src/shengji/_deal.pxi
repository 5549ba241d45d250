# Included by _core.pyx: the Deal class (docs/MODEL.md §9) over csrc/include/sj_deal.h.

PHASES = tuple(_text(sj_phase_name(i)) for i in range(SJ_NUM_PHASES))
"""The phases of a deal, in order (docs/MODEL.md §9)."""


def _trump_arg(trump):
    if isinstance(trump, str) and trump == "declare":
        return SJ_TRUMP_DECLARE
    return suit_index(trump)


cdef str _kitty_order_needed(rules, const sj_rules *r, int trump):
    """The reason a kitty must be given in order (docs/MODEL.md §9 "A given deal"), or None when the rules never
    read it by position."""
    if trump == SJ_TRUMP_DECLARE and sj_no_bid_reads_kitty(r):
        which = (f"no_bid={rules.no_bid!r}" if rules.no_bid in ("kitty_card", "kitty_card_notrump", "kitty_turnup")
                 else f"first_deal_no_bid={rules.first_deal_no_bid!r}: its first card picks a first deal's dealer")
        return (f"the rules read the kitty by position when nobody declares ({which}): give kitty= "
                "in dealt order as a string or a sequence of tokens (a Cards has no order), or the whole order=")
    return None


cdef bytes _pack_order(const sj_rules *r, order):
    """A whole pack order given by the caller (docs/MODEL.md §9 "A given deal"), checked: every kind ``decks``
    times, the kitty last."""
    kinds = _ordered_kinds(order, "order")
    if kinds is None:
        raise TypeError("order: a Cards has no order; give the pack as a string of tokens or a sequence of tokens "
                        "or kind indices (deal.order)")
    cdef int decks = r.decks
    if len(kinds) != 54 * decks:
        raise ValueError(f"order: a pack of {decks} deck(s) has {54 * decks} cards, got {len(kinds)}")
    counts = [0] * 54
    for k in kinds:
        counts[k] += 1
    for k in range(54):
        if counts[k] != decks:
            raise ValueError(f"order: {TOKENS[k]} appears {counts[k]} time(s); a pack of {decks} deck(s) holds every "
                             f"card {decks} time(s)")
    return bytes(kinds)


cdef bytes _order_from_hands(const sj_rules *r, hands, kitty, int dealer, str ordered_kitty):
    """Pack order for given hands (docs/MODEL.md §9): seat s's j-th card at step 4j + (s - dealer) mod 4, the
    kitty in its given order; ``ordered_kitty``: why the kitty must come with an order (None: it need not)."""
    cdef int decks = r.decks
    cdef int h = (54 * decks - r.kitty) // 4
    if isinstance(hands, (str, Cards)) or len(hands) != 4:
        raise ValueError("hands must be a list of four hands (Cards), one per seat")
    hs = [_as_cards(x, f"hands[{i}]") for i, x in enumerate(hands)]
    for i, x in enumerate(hs):
        if len(x) != h:
            raise ValueError(f"hands[{i}] has {len(x)} cards; the rules deal {h} to each seat")
    total = Cards()
    for i, x in enumerate(hs):
        try:
            total = total + x
        except ValueError:
            raise ValueError(f"hands[{i}] and the hands before it hold more than 4 copies of a card") from None
    full = Cards([k for k in range(54) for _ in range(decks)])
    if not total.issubset(full):
        raise ValueError(f"the hands hold more copies of {_missing(total, full)} than {decks} deck(s) have")
    rest = full - total
    kinds = None if kitty is None else _ordered_kinds(kitty, "kitty")
    if kitty is None:
        kc = rest
    elif kinds is None:
        kc = <Cards>kitty
    else:
        kc = _as_cards(kinds, "kitty")
    if kitty is not None and kc != rest:
        raise ValueError(f"the kitty must be exactly the cards not in the hands: {rest}")
    if len(kc) != r.kitty:
        raise ValueError(f"the kitty has {len(kc)} cards; the rules use {r.kitty}")
    if kinds is None:
        if ordered_kitty is not None:
            raise ValueError(ordered_kitty if kitty is not None else
                             ordered_kitty.replace("give kitty=", "give kitty= (here it is only the cards left over)"))
        kinds = kc.indices()
    order = bytearray(54 * decks)
    for s in range(4):
        for j, k in enumerate(hs[s].indices()):
            order[4 * j + (s - dealer) % 4] = k
    for j, k in enumerate(kinds):
        order[4 * h + j] = k
    return bytes(order)


_NO_CHOICE = object()


# A deal's history is the core's log (csrc/include/sj_log.h): persistent nodes shared by a deal and its clones,
# read here into the Python views (moves, tricks, declarations, grabs, burials, failed throws).
cdef Deal _new_deal(cls):
    """An empty deal of class ``cls`` (the native Deal or a subclass), made without ``__init__``: its ``__new__``
    must give an instance of it."""
    d = cls.__new__(cls)
    if not isinstance(d, cls) or not isinstance(d, Deal):
        raise TypeError(f"{cls.__name__}.__new__ returned {type(d).__name__}, not a {cls.__name__}")
    return <Deal>d


def _deal_class(cls, default):
    """``cls`` checked as a Deal class (None: ``default``)."""
    if cls is None:
        return default
    if not isinstance(cls, type) or not issubclass(cls, Deal):
        raise TypeError(f"cls must be a Deal class, not {cls!r}")
    return cls


def _with_choice(cards, trump):
    """cards with a choice of trump (a Declaration) when ``trump`` was given."""
    if trump is _NO_CHOICE:
        return cards
    return Declaration(_as_cards(cards, "declare"), trump)


def _deal_from_record(rules, order, dealer, level, trump, first_deal, moves, cls=Deal, world=None):
    """Rebuild a deal of class ``cls`` (the native Deal or a subclass: shengji.Deal) by replaying its moves (used
    by pickling). ``world``: a sampled world's start (``_world_record``), restored before the moves as the world
    was rebuilt (sj_world_restore). Every part of the record is checked as the public API checks it: a bad record
    raises ValueError or TypeError, naming the move."""
    if not isinstance(cls, type) or not issubclass(cls, Deal):
        raise TypeError(f"a deal record's class is a Deal class, not {cls!r}")
    if not isinstance(order, bytes):
        raise TypeError(f"a deal record's pack order is bytes, not {type(order).__name__}")
    _check_seat(dealer, "a deal record's dealer")
    if not isinstance(first_deal, bool):
        raise TypeError(f"a deal record's first_deal is a bool, not {type(first_deal).__name__}")
    if not isinstance(moves, (list, tuple)):
        raise TypeError(f"a deal record's moves are a list, not {type(moves).__name__}")
    d = _new_deal(cls)
    (<Deal>d)._start(rules, order, dealer, level, trump, first_deal)
    if world is not None:
        _restore_world(d, world)
    for i, move in enumerate(moves):
        if not isinstance(move, tuple) or not 2 <= len(move) <= 3 or move[0] not in PHASES + ("force",) or \
                (len(move) == 3 and move[0] != "force"):
            raise ValueError(f"a deal record's move {i} is not (phase, cards) or ('force', cards[, attempted]): "
                             f"{move!r}")
        try:
            replay_move(d, move)
        except (TypeError, ValueError) as err:
            raise type(err)(f"a deal record's move {i} {move!r}: {err}") from None
    return d


_RECORDED = {"declared": SJ_LOG_DECLARED, "grabbed": SJ_LOG_GRABBED, "buried": SJ_LOG_BURIED}


cdef tuple _world_record(Deal d):
    """A sampled world's start as its pickled record keeps it: (burier, declared, turned_up, dealt_by, recorded),
    ``recorded`` the history's entries that are not moves (what the observer saw of the moves the world does not
    replay), in order: ("declared", seat, cards, step), ("grabbed", seat, cards) or ("buried", seat, cards or None
    when unseen, declarations shown before)."""
    cdef long n = d._read_log(), i
    cdef sj_log_entry *e = d._ebuf
    text = lambda x: str(x) if type(x) is Cards else x
    recorded = []
    for i in range(n):
        if e[i].kind == SJ_LOG_DECLARED:
            recorded.append(("declared", e[i].seat, text(_action_obj(e[i].action)), e[i].step))
        elif e[i].kind == SJ_LOG_GRABBED:
            recorded.append(("grabbed", e[i].seat, text(_action_obj(e[i].action))))
        elif e[i].kind == SJ_LOG_BURIED:
            recorded.append(("buried", e[i].seat, text(_action_obj(e[i].action)) if e[i].known else None,
                             e[i].before))
    return d._world + (recorded,)


cdef _restore_world(Deal d, world):
    """Start ``d`` (just dealt, its trump fixed) as the sampled world whose record ``world`` is
    (``_world_record``): its recorded entries appended, its declaration and its kitty's burier restored
    (sj_world_restore, as sj_world_rebuild starts a world). A bad record raises ValueError or TypeError."""
    if not isinstance(world, tuple) or len(world) != 5:
        raise TypeError(f"a world record is (burier, declared, turned_up, dealt_by, recorded), not {world!r}")
    burier, declared, turned_up, dealt_by, recorded = world
    burier = _check_seat(burier, "a world record's burier")
    if not (type(dealt_by) is int and dealt_by == -1):
        dealt_by = _check_seat(dealt_by, "a world record's dealt_by")
    for name, flag in (("declared", declared), ("turned_up", turned_up)):
        if not isinstance(flag, bool):
            raise TypeError(f"a world record's {name} is a bool, not {type(flag).__name__}")
    if not isinstance(recorded, (list, tuple)):
        raise TypeError(f"a world record's entries are a list, not {type(recorded).__name__}")
    if d.d.phase != SJ_PHASE_BURY:
        raise ValueError(f"a world record starts in the bury phase (its trump fixed); the deal is in the {d.phase} "
                         "phase")
    cdef long n = len(recorded), nshown = 0, i
    cdef sj_log_entry *entries = <sj_log_entry *>calloc(n if n > 0 else 1, sizeof(sj_log_entry))
    cdef sj_log_entry *taken
    cdef sj_world_record rec
    if entries == NULL:
        raise MemoryError()
    try:
        for i, entry in enumerate(recorded):
            kind = entry[0] if isinstance(entry, tuple) and entry else None
            size = {"declared": 4, "grabbed": 3, "buried": 4}.get(kind) if isinstance(kind, str) else None
            if size is None or len(entry) != size:
                raise ValueError(f"a world record's entry {i} is not ('declared', seat, cards, step), ('grabbed', "
                                 f"seat, cards) or ('buried', seat, cards or None, before): {entry!r}")
            if kind == "declared" and nshown != i:
                raise ValueError(f"a world record's entry {i} {entry!r}: the declarations come first, then the grabs "
                                 "and burials")
            nshown += kind == "declared"
            seat = _check_seat(entry[1], f"a world record's entry {i} seat")
            entries[i] = sj_log_entry_of(_RECORDED[kind], SJ_PHASE_DECLARE if kind == "declared" else
                                         SJ_PHASE_GRAB if kind == "grabbed" else SJ_PHASE_BURY, seat)
            if entry[2] is not None:
                entries[i].action = _action_struct(_as_cards(entry[2], kind))
            elif kind != "buried":
                raise ValueError(f"a world record's entry {i} {entry!r}: only a burial may be unseen (None)")
            entries[i].known = entry[2] is not None
            if size == 4:
                num = entry[3]
                if isinstance(num, bool) or not isinstance(num, int) or not -1 <= num <= 32767:
                    raise ValueError(f"a world record's entry {i} {entry!r}: its count is an int in -1..32767")
                if kind == "declared":
                    entries[i].step = num
                else:
                    entries[i].before = num
        memset(&rec, 0, sizeof(sj_world_record))
        rec.dealt_by, rec.declared, rec.turned_up = dealt_by, declared, turned_up
        rec.shown, rec.nshown = entries, nshown
        rec.taken, rec.ntaken = entries + nshown, n - nshown
        rc = sj_world_restore(&d.d, &d.log, &rec, burier)
        if rc != SJ_OK:
            _raise_error(rc, "a world record", &d.d.rules)
    finally:
        free(entries)
    d._world = world[:4]
    d._changed()


def _record_move(m):
    """A move of ``Deal.moves`` as a pickled record holds it: (kind, cards) or ("force", played[, attempted]), the
    cards as text (a Declaration keeps its choice)."""
    text = lambda x: str(x) if type(x) is Cards else x
    if m[0] == "force" and m[2] is not None:
        return ("force", text(m[1]), text(m[2]))
    return (m[0], text(m[1]))


def _log_fail_after(long n):
    """For tests only (fault injection, sj_log_fail_after): the ``n``-th history node taken from now on fails as if
    memory ran out, once (``n`` <= 0 disarms it); returns how many were still to go. Not thread-safe."""
    return sj_log_fail_after(n)


def replay_move(Deal deal, move):
    """Apply one move of a deal's record (``deal.moves``): (phase, cards) is made as ``act`` makes it, in that phase;
    ("force", played[, attempted]) is a play replayed without checks (into a rebuilt world), a failed throw's
    penalty charged again when ``attempted`` is given."""
    if move[0] != "force":
        if move[0] != deal.phase:
            raise ValueError(f"a {move[0]} move in the {deal.phase} phase")
        return deal.act(move[1])
    cdef Cards c = _as_cards(move[1], "play")
    attempted = move[2] if len(move) > 2 else None
    cdef Cards a = None if attempted is None else _as_cards(attempted, "attempted")
    rc = sj_world_force(&deal.d, &deal.log, &c.c, NULL if a is None else &a.c)
    if rc != SJ_OK:
        deal._fail(rc, f"replay {c}")
    deal._changed()


cdef class _Solver:
    """The exact endgame's state (sj_solve.h): a transposition table of 2**bits entries and the cancel flag.
    One per thread (``_solver_run``); the table is forgotten (in O(1)) before each deal."""

    cdef sj_solver s
    cdef sj_tt_entry *tt
    cdef sj_run_flags flags

    def __cinit__(self, int bits=20):
        self.tt = <sj_tt_entry *>calloc(<size_t>1 << bits, sizeof(sj_tt_entry))  # zeroed: every entry empty
        if self.tt == NULL:
            raise MemoryError()
        sj_run_flags_init(&self.flags)
        sj_solver_init(&self.s, self.tt, bits, &self.flags)

    def __dealloc__(self):
        sj_solver_free(&self.s)
        free(self.tt)

    def cancel(self):
        sj_run_cancel(&self.flags)

    def run(self, Deal deal, actions):
        """Solve ``deal`` (actions None: its value) or each of ``actions``; the GIL is released."""
        cdef sj_deal d = deal.d
        cdef int rc, v = 0
        cdef long n = 0 if actions is None else len(actions), i
        cdef sj_cards *acts = NULL
        cdef int *vals = NULL
        if actions is not None:
            acts = <sj_cards *>malloc((n if n else 1) * sizeof(sj_cards))
            vals = <int *>malloc((n if n else 1) * sizeof(int))
            if acts == NULL or vals == NULL:
                free(acts)
                free(vals)
                raise MemoryError()
            for i in range(n):
                acts[i] = (<Cards>actions[i]).c
        try:
            with nogil:
                sj_solver_reset(&self.s)
                if acts == NULL:
                    rc = sj_solve(&self.s, &d, &v)
                else:
                    rc = sj_solve_actions(&self.s, &d, acts, n, vals)
            if rc != SJ_OK:
                _raise_error(rc, "solve", &d.rules)
            return v if acts == NULL else [vals[i] for i in range(n)]
        finally:
            free(acts)
            free(vals)


_solver_local = threading.local()


def _solver_run(Deal deal, actions):
    """Run the solver of this thread; a position with more than 6 cards in a hand runs in a worker thread so
    that Ctrl-C reaches it (KeyboardInterrupt cancels the search)."""
    cdef int most = sj_deal_max_hand(&deal.d)
    if most <= 6:  # a small table for small endgames: it stays in the cache
        name = "small" if most <= 5 else "large"
        s = getattr(_solver_local, name, None)
        if s is None:
            s = _Solver(16 if most <= 5 else 20)
            setattr(_solver_local, name, s)
        return s.run(deal, actions)
    worker_solver = _Solver()
    return _interruptible(lambda: worker_solver.run(deal, actions), worker_solver.cancel)


cdef int _builtin_players(object policies, sj_player *players) except -1:
    """players[0..4) from ``policies``, one built-in policy per seat (the native checks of Deal)."""
    if len(policies) != 4:
        raise ValueError(f"policies: one per seat, got {len(policies)}")
    for i in range(4):
        players[i] = _player(policies[i])
        if players[i].kind == SJ_POLICY_USER:
            raise ValueError("policies: built-in policies only ('random' or 'greedy')")
    return 0


cdef class Deal:
    """One deal, step by step: ``Deal(rules, seed=0, dealer=0, level=None, trump="declare", hands=None,
    kitty=None, first_deal=False, stream=0, order=None)``; ``level=None`` is the rules' ``first_level``.

    With ``hands`` (four Cards) and optionally ``kitty`` (dealt in its given order when it is a string or a
    sequence of tokens), that exact deal; with ``order`` the whole pack order (the kitty last); else the pack
    is shuffled from stream (``seed``, ``stream``; both default to 0). A kitty without an order (a ``Cards``,
    or none with given hands) is refused where the rules read the kitty by position (docs/MODEL.md §9 "A given
    deal"). ``trump="declare"`` runs the declaring phase while the cards are
    dealt one at a time; a suit letter or None fixes the trump and the deal starts in the bury phase.
    Every move is checked in C; a rejected move raises IllegalMove and changes nothing.
    """

    cdef sj_deal d
    cdef readonly object rules
    """The Rules of the deal."""
    cdef bytes _order
    cdef int _dealer0
    cdef object _level0, _trump0
    cdef bint _first
    cdef sj_log *log               # the history (csrc/include/sj_log.h), shared with clones; NULL: none yet
    cdef sj_log_entry *_ebuf       # the history's entries, oldest first, read once per change of the log
    cdef long _en, _ecap           # entries in _ebuf (-1: not read since the log changed), its room
    cdef long _first_move          # index of the first move (SJ_LOG_MOVE or SJ_LOG_FORCE) in _ebuf, or -1
    cdef dict _views               # the history's views (moves, tricks ...) as tuples, until the log changes
    cdef object _lazy              # a sampled world: its buried kitty, which the history's first move (the
                                   # template's burial) stands for (WorldTemplate)
    cdef tuple _world              # a sampled world: (burier, declared, turned_up, dealt_by) as sj_world_restore
                                   # started it (its pickled record restores it so again); None: a dealt deal

    def __cinit__(self):
        self.log = NULL
        self._ebuf = NULL
        self._en = -1
        self._views = None
        self._ecap = 0

    def __dealloc__(self):
        sj_log_release(self.log)
        free(self._ebuf)

    def __init__(self, rules, seed=None, dealer=0, level=None, trump="declare", hands=None, kitty=None,
                 first_deal=False, stream=None, order=None):
        cdef sj_rules r = _rules_struct(rules)
        dealer = _check_seat(dealer, "dealer")
        if not isinstance(first_deal, bool):
            raise TypeError(f"first_deal must be True or False, got {first_deal!r}")
        cdef uint8_t buf[216]
        if order is not None:
            given = [name for name, v in (("hands", hands), ("kitty", kitty), ("seed", seed), ("stream", stream))
                     if v is not None]
            if given:
                raise ValueError(f"order= gives the whole deal: it does not combine with {', '.join(given)}")
            order = _pack_order(&r, order)
        elif hands is None:
            if kitty is not None:
                raise ValueError("a kitty can only be given together with the four hands")
            seed = _check_u64(0 if seed is None else seed, "seed")
            stream = _check_u64(0 if stream is None else stream, "stream")
            sj_shuffle_pack(buf, r.decks, <uint64_t>seed, <uint64_t>stream)
            order = bytes(buf[:54 * r.decks])
        else:
            if seed is not None or stream is not None:
                raise ValueError("hands= gives the deal: seed and stream only shuffle a pack")
            order = _order_from_hands(&r, hands, kitty, dealer, _kitty_order_needed(rules, &r, _trump_arg(trump)))
        self._start(rules, order, dealer, level, trump, bool(first_deal), &r)

    cdef _start(self, rules, bytes order, int dealer, level, trump, bint first_deal, const sj_rules *checked=NULL):
        """Start from a pack order; ``checked``: the rules' struct when the caller already built it."""
        cdef sj_rules r = checked[0] if checked != NULL else _rules_struct(rules)
        cdef int li = rank_index(rules.first_level if level is None else level)
        cdef int ti = _trump_arg(trump)
        cdef const uint8_t *o = order
        if len(order) != 54 * r.decks:
            raise ValueError(f"a pack order has {54 * r.decks} cards, got {len(order)}")
        rc = sj_deal_init(&self.d, &r, o, dealer, li, ti, first_deal)
        if rc != SJ_OK:
            _raise_error(rc, "trump='declare'" if ti == SJ_TRUMP_DECLARE and rc in (SJ_E_UNSUPPORTED, SJ_E_NO_PHASE)
                         else "Deal", &r, li)
        self.rules = rules
        self._order = order
        self._dealer0 = dealer
        self._level0 = RANKS[li]
        self._trump0 = trump
        self._first = first_deal
        sj_log_release(self.log)
        self.log = NULL
        self._en = -1
        self._views = None
        self._lazy = None
        self._world = None

    cdef Deal _copy(self, cls):
        """A new deal of class ``cls`` with this one's C state, start and history (shared: appending never changes
        a node, sj_log.h): ``clone``, and a world copied from a template's base."""
        cdef Deal other = _new_deal(cls)
        sj_deal_clone(&other.d, &self.d)
        other.rules = self.rules
        other._order = self._order
        other._dealer0 = self._dealer0
        other._level0 = self._level0
        other._trump0 = self._trump0
        other._first = self._first
        sj_log_retain(self.log)
        other.log = self.log
        other._lazy = self._lazy
        other._world = self._world
        other._views = self._views  # (the same log: the same views; either side drops them when it moves)
        return other

    cdef _copied_world(self, const sj_cards *buried):
        """A copy of a template's base whose C state became another world's (WorldTemplate.world): its own pack
        order, and where the kitty is hidden its own burial (``buried``), which the shared history's first move
        (the base's burial) stands for."""
        self._order = bytes(self.d.order[:self.d.npack])
        self._views = None
        if buried != NULL:
            self._lazy = Cards._wrap(buried[0])

    cdef _rebuilt(self, rules, trump, tuple world):
        """A world rebuilt in C from an observation's record (WorldTemplate.rebuild): its start as dealt, its own
        history already in ``log``; ``world``: (burier, declared, turned_up, dealt_by) as sj_world_restore started
        it."""
        self.rules = rules
        self._world = world
        self._order = bytes(self.d.order[:self.d.npack])
        self._dealer0 = self.d.dealer
        self._level0 = RANKS[self.d.level]
        self._trump0 = trump
        self._first = bool(self.d.first_deal)
        self._changed()

    cdef _changed(self):
        """The history grew: its entries and views are read again when next asked for."""
        self._en = -1
        self._views = None

    cdef long _read_log(self) except -1:
        """The history's entries into _ebuf (once per change of the log); returns how many."""
        cdef long n, i
        cdef sj_log_entry *grown
        if self._en >= 0:
            return self._en
        n = sj_log_length(self.log)
        if n > self._ecap:
            grown = <sj_log_entry *>realloc(self._ebuf, (n + 64) * sizeof(sj_log_entry))
            if grown == NULL:
                raise MemoryError()
            self._ebuf, self._ecap = grown, n + 64
        sj_log_read(self.log, self._ebuf, n)
        self._first_move = -1
        for i in range(n):
            if self._ebuf[i].kind == SJ_LOG_MOVE or self._ebuf[i].kind == SJ_LOG_FORCE:
                self._first_move = i
                break
        self._en = n
        return n

    cdef tuple _history(self, str key):
        """One view of the history (declarations, steps, grabs, burials, moves, tricks, failed), built from its
        entries once per change of the log and kept until the next (a clone shares them until either moves)."""
        cdef tuple v = None if self._views is None else self._views.get(key)
        if v is not None:
            return v
        cdef long n = self._read_log(), i
        cdef sj_log_entry *e = self._ebuf
        cdef list out, plays
        if key == "declarations":
            v = tuple([Shown(e[i].seat, self._given(i)) for i in range(n) if sj_log_is_declaration(&e[i])])
        elif key == "steps":
            v = tuple([e[i].step for i in range(n) if sj_log_is_declaration(&e[i])])
        elif key == "grabs":
            v = tuple([Shown(e[i].seat, self._given(i)) for i in range(n) if sj_log_is_grab(&e[i])])
        elif key == "burials":
            v = tuple([(e[i].seat, self._given(i) if e[i].known else None, e[i].before) for i in range(n)
                       if sj_log_is_burial(&e[i])])
        elif key == "moves":
            out = []
            for i in range(n):
                if e[i].kind == SJ_LOG_MOVE:
                    out.append(Move(PHASES[e[i].phase], self._given(i), e[i].seat))
                elif e[i].kind == SJ_LOG_FORCE:
                    out.append(Forced("force", Cards._wrap(e[i].played), self._given(i) if e[i].failed else None,
                                      e[i].seat))
            v = tuple(out)
        elif key == "tricks":
            out, plays = [], []
            for i in range(n):
                if sj_log_is_play(&e[i]):
                    plays.append(Cards._wrap(e[i].played))
                    if e[i].winner >= 0:
                        out.append((e[i].leader, tuple(plays), e[i].winner))
                        plays = []
            v = tuple(out)
        elif key == "failed":
            v = tuple([FailedThrow(e[i].step, e[i].seat, self._given(i), Cards._wrap(e[i].played)) for i in range(n)
                       if sj_log_is_play(&e[i]) and e[i].failed])
        else:
            raise KeyError(key)
        if self._views is None:
            self._views = {}
        self._views[key] = v
        return v

    cdef object _given(self, long i):
        """What entry i was given (Cards, or a Declaration carrying a choice); in a sampled world the first move,
        the template's burial, reads as this world's burial."""
        if i == self._first_move and self._lazy is not None and self._ebuf[i].kind == SJ_LOG_MOVE and \
                self._ebuf[i].phase == SJ_PHASE_BURY:
            return self._lazy
        return _action_obj(self._ebuf[i].action)

    # -- state -------------------------------------------------------------------------------------

    @property
    def phase(self):
        """"declare", "bury", "grab", "play" or "done" (``shengji.PHASES``; docs/MODEL.md §9)."""
        return PHASES[self.d.phase]

    @property
    def to_move(self):
        """Seat to act (in the bury phase: the burier, who took up the kitty); None when done."""
        return None if self.d.phase == SJ_PHASE_DONE else self.d.to_move

    @property
    def dealer(self):
        """The dealer's seat (0..3); in a first deal it may change while declaring."""
        return self.d.dealer

    @property
    def dealt_by(self):
        """The seat that dealt the cards (the dealer when declaring began: a first deal's declaring may name
        another dealer)."""
        return self.d.dealt_by

    @property
    def level(self):
        """The level rank played this deal ("2" .. "A")."""
        return RANKS[self.d.level]

    @property
    def trump(self):
        """Trump suit letter or None (no trump); in the declare phase, the suit declared so far."""
        if self.d.phase == SJ_PHASE_DECLARE:
            if self.d.declarer < 0 or self.d.decl_suit < 0:
                return None
            return SUITS[self.d.decl_suit]
        return None if self.d.trump_suit < 0 else SUITS[self.d.trump_suit]

    @property
    def declarer(self):
        """Seat of the standing declaration, or None."""
        return None if self.d.declarer < 0 else self.d.declarer

    @property
    def declaration(self):
        """The cards of the standing declaration (empty when none; a Declaration when it carries a choice)."""
        if self.d.declarer < 0:
            return Cards()
        cdef sj_cards shown = self.d.decl_cards
        cdef int suit
        if sj_declaration_grade(&self.d.rules, self.d.level, &shown, &suit) == 0:  # four jokers: add the choice
            shown.p[0] |= SJ_CHOICE_BIT(SJ_CHOICE_NOTRUMP if self.d.decl_suit < 0 else self.d.decl_suit)
        return _action_obj(shown)

    @property
    def declarations(self):
        """Every declaration shown, in order, grabs (炒底) included: Shown(seat, cards), the cards a Cards or a
        Declaration. A 对家保 (``partner_reinforce="pair"``) is the partner's one card: ``declaration`` is then the
        pair and ``declarer`` the original declarer."""
        return list(self._history("declarations"))

    @property
    def grabs(self):
        """The grabs of the kitty (炒底), in order: Shown(seat, cards shown)."""
        return list(self._history("grabs"))

    @property
    def burials(self):
        """Every burial, in order: Burial(seat, Cards buried); the last one is the kitty. (In a sampled world,
        ``determinize``, an earlier burial the observer did not see is None.)"""
        return [Burial(seat, cards) for seat, cards, _ in self._history("burials")]

    @property
    def burier(self):
        """The seat that took up the kitty last (the dealer unless someone grabbed it, or 泰安's kitty rule named
        another); None while declaring and in a deal that ended unplayed (闷牌)."""
        return None if self.d.burier < 0 else self.d.burier

    @property
    def kitty_public(self):
        """True once a 泰安 kitty lies face up (``kitty_rule="taian"``, after the burial)."""
        return bool(self.d.kitty_public)

    @property
    def lost_deal(self):
        """True when nobody declared under ``no_bid="dealer_loses"`` (泰安 闷牌): the deal ended unplayed."""
        return bool(self.d.lost_deal)

    @property
    def declared(self):
        """True when the trump was settled by the declaring phase (not given by the caller); with
        ``kitty_grab`` and no turned-up kitty, a grab phase follows each burial."""
        return bool(self.d.declared)

    @property
    def redeals(self):
        """How many times the pack was dealt again because nobody declared in a first deal
        (``first_deal_no_bid="redeal"``)."""
        return self.d.redeals

    @property
    def turned_up_kitty(self):
        """The kitty as turned up for everyone when nobody declared under ``no_bid="kitty_turnup"``, else None."""
        order = self.turned_up_order
        return None if order is None else Cards(order)

    @property
    def turned_up_order(self):
        """The turned-up kitty's cards (tokens) in the order turned up, which decided the trump (docs/MODEL.md §9);
        None when no kitty was turned up."""
        if not self.d.turned_up:
            return None
        return tuple(TOKENS[self.d.order[i]] for i in range(4 * self.d.hand_size, self.d.npack))

    @property
    def hand_size(self):
        """Cards dealt to each seat (the pack minus the kitty, over four)."""
        return self.d.hand_size

    def hand(self, seat):
        """The seat's cards (in the bury phase the burier's hand includes the kitty)."""
        return Cards._wrap(self.d.hands[self._seat(seat)])

    cdef int _seat(self, seat) except -1:
        if type(seat) is int and 0 <= seat <= 3:
            return seat
        return _check_seat(seat)

    @property
    def kitty(self):
        """The kitty: as dealt before the bury, as buried after."""
        return Cards._wrap(self.d.kitty)

    @property
    def trump_context(self):
        """The deal's Trump (from the bury phase on)."""
        if self.d.phase == SJ_PHASE_DECLARE:
            raise ValueError("the trump is not settled during the declare phase")
        return Trump(self.rules, RANKS[self.d.level], None if self.d.trump_suit < 0 else SUITS[self.d.trump_suit])

    @property
    def trick(self):
        """Cards played so far in the current trick, in order from its leader."""
        return [Cards._wrap(self.d.trick[i]) for i in range(self.d.ntrick)]

    @property
    def trick_leader(self):
        """The seat that leads (or led) the current trick."""
        return self.d.leader

    @property
    def tricks(self):
        """Completed tricks: Trick(leader, [plays in order from the leader], winner)."""
        return [Trick(l, list(p), w) for l, p, w in self._history("tricks")]

    @property
    def attacker_points(self):
        """Attackers' points so far (captured plus throw penalties; the kitty is added at the end)."""
        if self.d.phase == SJ_PHASE_DONE:
            return self.d.attacker_points
        return self.d.attacker_captured + self.d.penalty

    @property
    def defender_points(self):
        """Points the dealer's team has captured in tricks so far."""
        return self.d.defender_captured

    @property
    def failed_throws(self):
        """Failed throws per seat so far (a tuple of four counts)."""
        return tuple(self.d.failed_throws[i] for i in range(4))

    def voids(self, seat):
        """Effective suits ("S" "H" "D" "C" "T") the seat has shown it lacks."""
        cdef int s = self._seat(seat)
        return frozenset(EFFECTIVE_SUITS[e] for e in range(5) if self.d.voids[s] >> e & 1)

    @property
    def played(self):
        """Every card played so far."""
        return Cards._wrap(self.d.played)

    @property
    def moves(self):
        """The moves made so far, each a Move(kind, cards, seat): the phase it was made in ("declare", "bury",
        "grab", "swap", "call" or "play"), the cards given (empty for a pass) and who made it. In a world rebuilt
        from an observation the plays replayed are Forced("force", cards, attempted, seat) (``attempted``: a failed
        throw's cards, else None)."""
        return list(self._history("moves"))

    def is_attacker(self, seat):
        """Whether the seat attacks (is not on the dealer's team). Under 找朋友 (``partnership="call_card"``)
        the teams are the real ones fixed at the call (the dealer and the partner), known here before any
        seat can know them; before the call every seat but the dealer counts as attacking."""
        return bool(sj_is_attacker(&self.d, self._seat(seat)))

    @property
    def called(self):
        """找朋友: the card the dealer called (Cards of one card), None before the call or without 找朋友."""
        if self.d.called < 0:
            return None
        return Cards([self.d.called])

    @property
    def friend(self):
        """找朋友: the partner's seat once it has played a card of the called kind (public from then on); None
        before that, and throughout for a dealer playing alone."""
        return self.d.partner if self.d.friend_revealed else None

    @property
    def partner(self):
        """找朋友: the dealer's partner fixed at the call (-1: the dealer plays alone), known here before the
        reveal (``friend``); None before the call or without 找朋友."""
        if self.d.called < 0:
            return None
        return self.d.partner

    # -- moves -------------------------------------------------------------------------------------

    cdef _fail(self, int rc, str what):
        if rc == SJ_E_PHASE:
            raise IllegalMove(f"{what}: not allowed in the {self.phase} phase")
        _raise_error(rc, what, &self.d.rules)

    def legal_declarations(self):
        """The declare or grab phase's options for the seat to move: Cards() (pass) and each legal
        declaration (a Declaration per choice of trump where the ladder has one)."""
        if self.d.phase != SJ_PHASE_DECLARE and self.d.phase != SJ_PHASE_GRAB:
            return []
        return self.legal_actions()

    cdef _check_turn(self, seat, str what):
        if seat is not None and (isinstance(seat, bool) or not hasattr(seat, "__index__")):
            raise TypeError(f"{what}: seat must be a seat 0..3 (an integer) or None, not {type(seat).__name__} "
                            f"{seat!r}")
        if seat is not None:
            seat = _check_seat(seat)  # numpy integers too; ValueError naming seat when not 0..3
        if seat is not None and seat != self.d.to_move:
            raise IllegalMove(f"{what}: seat {seat} cannot act, it is seat {self.d.to_move}'s turn")

    @property
    def first_deal(self):
        """True in the first deal of a match: the declaring decides the dealer (rules' first_deal_dealer)."""
        return bool(self._first)

    @property
    def order(self):
        """The pack order of this deal as kind indices (docs/MODEL.md §9): dealt cards, then the kitty (after a
        redeal, the new order); ``Deal(rules, order=deal.order, ...)`` deals it again."""
        return tuple(self.d.order[i] for i in range(self.d.npack))

    def act(self, cards=None, seat=None):
        """Apply the seat to move's action in any phase (docs/MODEL.md §9 "Actions"): a declaration or
        Cards()/None to pass (declare, grab), the cards to bury (bury), a lead or follow (play). ``seat``, if
        given, must be the seat to move. Returns what ``play`` returns in the play phase, else None. A
        rejected action raises IllegalMove and changes nothing (``why_illegal`` gives its reason without
        raising).

        >>> import shengji
        >>> deal = shengji.Deal(shengji.Rules(), seed=3, trump="S", level="2", dealer=0)
        >>> deal.phase, deal.to_move
        ('bury', 0)
        >>> three = deal.hand(0).indices()[:3]
        >>> deal.why_illegal(three)
        'bury 3 cards: the kitty holds 8'
        >>> deal.act(three)
        Traceback (most recent call last):
        ...
        shengji.IllegalMove: bury 3 cards: the kitty holds 8
        >>> deal.act(deal.policy_action("greedy"))
        >>> deal.phase, len(deal.hand(0))
        ('play', 25)
        """
        cdef Cards c = Cards() if cards is None else _as_cards(cards, self.phase)
        cdef sj_cards played
        cdef sj_cards a = _action_struct(c)
        cdef int failed = 0, phase = self.d.phase
        if seat is not None:
            self._check_turn(seat, self.phase)
        cdef sj_refusal why
        rc = sj_deal_act_why(&self.d, &self.log, &a, &played, &failed, &why)  # checked, applied and recorded in C
        if rc != SJ_OK:
            self._refused(c, rc, &why)
        self._changed()
        if phase == SJ_PHASE_PLAY:
            return Played(Cards._wrap(played), c, bool(failed))
        return None

    def is_legal(self, cards=None, seat=None):
        """Whether ``act(cards, seat)`` would be accepted; the deal is unchanged (``why_illegal`` says why not)."""
        return self.why_illegal(cards, seat) is None

    def why_illegal(self, cards=None, seat=None):
        """None when ``act(cards, seat)`` would be accepted, else the reason its IllegalMove would give (which
        rule, which cards); the deal is unchanged. The core decides, on a copy of the state. A value that is not
        an action at all (an unknown card token, a wrong type) raises as ``act`` does."""
        cdef Cards c = Cards() if cards is None else _as_cards(cards, self.phase)
        cdef sj_cards played
        cdef sj_cards a = _action_struct(c)
        cdef int failed = 0
        cdef sj_deal trial
        cdef sj_refusal why
        try:
            if seat is not None:
                self._check_turn(seat, self.phase)
            sj_deal_clone(&trial, &self.d)
            rc = sj_deal_act_why(&trial, NULL, &a, &played, &failed, &why)
            if rc != SJ_OK:
                self._refused(c, rc, &why)
        except IllegalMove as err:
            return str(err)
        return None

    cdef _refused(self, Cards c, int rc, const sj_refusal *why):
        """Raise the IllegalMove of the core's refusal: the template of its reason (csrc/include/sj_refusal.h)
        filled with what the rule named. Nothing is decided here."""
        what = f"{self.phase} {c!r}" if isinstance(c, Declaration) else f"{self.phase} {c}".rstrip()
        if why.why == SJ_WHY_NONE:
            self._fail(rc, what)
        cards, other = str(Cards._wrap(why.cards)), str(Cards._wrap(why.other))
        raise IllegalMove(_text(sj_refusal_text(why.why)).format(
            what=what, phase=self.phase, seat=why.seat, n=why.n, m=why.m, cards=cards or "none",
            other=other or "none", level=self.level, ladder=repr(self.rules.declaration), standing=self.declaration,
            shows=_text(sj_declaration_shows(&self.d.rules))))

    cdef _require_phase(self, int phase, str what):
        if self.d.phase != phase:
            raise IllegalMove(f"{what}: not allowed in the {self.phase} phase")

    def declare(self, cards=None, seat=None, *, trump=_NO_CHOICE):
        """Declaring phase: the seat to move passes (None or empty) or shows a declaration of the rules'
        ladder (``act`` in the declare phase); ``trump=`` gives the choice of a four-joker declaration (a suit
        letter or None for no trump)."""
        self._require_phase(SJ_PHASE_DECLARE, "declare")
        self.act(_with_choice(cards, trump), seat)

    def grab(self, cards=None, seat=None, *, trump=_NO_CHOICE):
        """Grab phase (炒底, ``kitty_grab``): the seat to move passes (None or empty) or grabs the kitty with a
        higher declaration (``act`` in the grab phase); ``trump=`` as in ``declare``."""
        self._require_phase(SJ_PHASE_GRAB, "grab")
        self.act(_with_choice(cards, trump), seat)

    def swap(self, cards=None, seat=None):
        """Swap phase (泰安 换底): the declarer passes (None or empty) or takes trumps out of the face-up kitty for
        as many plain cards of its hand, no points, no constant trumps (one multiset of both; ``act`` in the
        swap phase)."""
        self._require_phase(SJ_PHASE_SWAP, "swap")
        self.act(cards, seat)

    def call(self, card, seat=None):
        """Call phase (找朋友, ``partnership="call_card"``): the dealer names one card, any card of the pack; the
        first seat after the dealer in play order holding a copy is the partner, else the dealer plays alone
        (``act`` in the call phase)."""
        self._require_phase(SJ_PHASE_CALL, "call")
        self.act(card, seat)

    def bury(self, cards, seat=None):
        """Bury phase: the burier (the dealer, or the last grabber) buries exactly as many cards as the kitty
        holds (``act`` in the bury phase)."""
        self._require_phase(SJ_PHASE_BURY, "bury")
        self.act(cards, seat)

    def play(self, cards, seat=None):
        """Play phase: the seat to move leads or follows (``act`` in the play phase).
        Returns Played(cards, attempted, failed_throw): a failed throw plays the forced unit."""
        self._require_phase(SJ_PHASE_PLAY, "play")
        return self.act(cards, seat)

    def policy_action(self, policy="greedy", seed=0):
        """The action a native policy ("random" or "greedy") takes for the seat to move, in any phase: a
        declaration (Cards() passes), the cards to bury, or the cards to play. Nothing is applied. ``seed``
        feeds the random policy (stream (seed, number of moves so far))."""
        cdef sj_player p = _player(policy)
        cdef sj_rng r = sj_rng_stream(<uint64_t>_check_u64(seed, "seed"), <uint64_t>sj_log_moves(self.log))
        cdef sj_cards c
        cdef int rc
        if self.d.phase == SJ_PHASE_DONE:
            raise IllegalMove("the deal is finished: nobody is to move")
        with nogil:
            rc = sj_player_action(&p, &self.d, &r, &c)
        if rc != SJ_OK:
            _raise_error(rc, f"policy {policy!r}", &self.d.rules)
        return _action_obj(c)

    def _greedy_check(self, policies, seed=0):
        """Play a copy of the deal to its end with the native ``policies`` (one per seat) and compare, at every play
        decision, the greedy play with the enumerating reference it must equal (csrc/src/sj_reference.c), and at every
        declaring or grabbing decision the greedy declaration with the listing one.  Returns
        (positions that agreed, None), or at the first that differs (positions that agreed, (greedy, reference,
        moves so far)).  The deal itself is unchanged."""
        cdef sj_player players[4]
        cdef sj_deal d = self.d
        cdef sj_rng r = sj_rng_stream(<uint64_t>_check_u64(seed, "seed"), 0)
        cdef sj_cards got, want
        cdef int differs = 0
        cdef long n
        _builtin_players(policies, players)
        with nogil:
            n = sj_greedy_check(&d, players, &r, &differs, &got, &want)
        if n < 0:
            _raise_error(<int>n, "greedy check", &self.d.rules)
        if differs:
            return n, (Cards._wrap(got), Cards._wrap(want), sj_log_moves(self.log) + n)
        return n, None

    def _candidates_check(self, policies, seed=0):
        """Play a copy of the deal to its end with the native ``policies`` and compare, at every decision but burying,
        the search candidates generated directly (one canonical play per class) with those found by listing every
        legal play and grouping them (csrc/src/sj_reference.c), the choice of the action about to be taken
        included.  Returns (decisions that agreed, None), or at the first that differs (decisions that agreed,
        (direct candidates, listed candidates, (direct choice, listed choice), a copy of the deal at that decision)).
        """
        cdef sj_player players[4]
        cdef sj_deal d = self.d
        cdef sj_rng r = sj_rng_stream(<uint64_t>_check_u64(seed, "seed"), 0)
        cdef sj_cards got[128]
        cdef sj_cards want[128]
        cdef int choices[2]
        cdef int differs = 0
        cdef long n, ngot = 0, nwant = 0
        _builtin_players(policies, players)
        with nogil:
            n = sj_candidates_check(&d, players, &r, &differs, &ngot, &nwant, choices, got, want)
        if n < 0:
            _raise_error(<int>n, "candidates check", &self.d.rules)
        if differs:
            at = self.clone()
            (<Deal>at).d = d  # the position where they differ (its history views still show the deal's start)
            return n, ([_action_obj(got[i]) for i in range(min(ngot, 128))],
                       [_action_obj(want[i]) for i in range(min(nwant, 128))],
                       (choices[0], choices[1]), at)
        return n, None

    def legal_actions(self, limit=None):
        """The actions of the seat to move (docs/MODEL.md §9), at most ``limit`` of them: declare and grab
        phases, Cards() (pass) then each legal declaration (a Declaration per choice of trump where the ladder
        has one); play phase, every legal lead (single units and safe throws) or
        every legal follow; done, none. In the bury phase the dealer names the cards: raises IllegalMove.
        A plain list, its Cards built up front (a lazy list measured no faster where callers look at every action,
        and saved about a microsecond where they pick one)."""
        cdef long lim = _check_limit(limit)  # 0: no limit
        if self.d.phase == SJ_PHASE_BURY:
            raise IllegalMove("in the bury phase the burier names the cards: call bury(cards) or act(cards)")
        cdef long cap = 256 if lim == 0 or lim > 256 else lim
        cdef long found, i
        cdef sj_cards *buf = <sj_cards *>malloc(cap * sizeof(sj_cards))
        cdef sj_cards *grown
        if buf == NULL:
            raise MemoryError()
        try:
            while True:
                with nogil:
                    found = sj_deal_legal_actions(&self.d, buf, cap, lim)
                if found < 0:
                    _raise_error(found, "legal_actions", &self.d.rules)
                if found <= cap:
                    break
                grown = <sj_cards *>realloc(buf, found * sizeof(sj_cards))
                if grown == NULL:
                    raise MemoryError(f"{found} legal actions do not fit in memory; pass limit=")
                buf = grown
                cap = found
            return [_action_obj(buf[i]) for i in range(found)]
        finally:
            free(buf)

    def solve(self, max_cards=None):
        """The attackers' final points under perfect play of both teams from here, every hand known (the exact
        endgame, docs/MODEL.md §10): alpha-beta over classes of equivalent plays with a transposition table.
        Play phase (or done: the result's points). ``max_cards``: refuse (ValueError) when a hand holds more
        cards; None: no limit (the time grows fast with the cards left: see the README). Ctrl-C stops it."""
        self._solvable(max_cards)
        if self.d.phase == SJ_PHASE_DONE:
            return self.d.attacker_points
        return _solver_run(self, None)

    def solve_values(self, max_cards=None):
        """Each legal action of the seat to move with the attackers' final points it leads to under perfect
        play (``solve`` after it), best first for the mover (the attackers' highest first, or the defenders'
        lowest first; ties in the order of ``legal_actions()``)."""
        self._solvable(max_cards)
        if self.d.phase != SJ_PHASE_PLAY:
            raise ValueError("the deal is finished: there is no action to value")
        actions = list(self.legal_actions())
        classes = self._classes(actions)
        reps = [a for i, a in enumerate(actions) if classes[i] == i]
        values = dict(zip((i for i in range(len(actions)) if classes[i] == i), _solver_run(self, reps), strict=True))
        out = [(a, values[classes[i]]) for i, a in enumerate(actions)]
        sign = -1 if self.is_attacker(self.d.to_move) else 1
        return sorted(out, key=lambda av: sign * av[1])

    def _solvable(self, max_cards):
        max_cards = _check_cards(max_cards, "max_cards")
        if self.d.phase != SJ_PHASE_PLAY and self.d.phase != SJ_PHASE_DONE:
            raise ValueError(f"the solver plays the play phase; the deal is in the {self.phase} phase")
        cdef int most = sj_deal_max_hand(&self.d)
        if max_cards is not None and most > max_cards:
            raise ValueError(f"a hand holds {most} cards, more than max_cards={max_cards}")

    def _classes(self, actions):
        """The class of each action (docs/MODEL.md §10): the index of the first action of its class in
        ``actions`` (each a play of the seat to move)."""
        cdef long n = len(actions), i, k
        if self.d.phase != SJ_PHASE_PLAY:
            raise ValueError(f"classes are of plays; the deal is in the {self.phase} phase")
        if n == 0:
            return []
        cdef sj_cards *buf = <sj_cards *>malloc(n * sizeof(sj_cards))
        cdef long *cls = <long *>malloc(n * sizeof(long))
        if buf == NULL or cls == NULL:
            free(buf)
            free(cls)
            raise MemoryError()
        try:
            for i in range(n):
                buf[i] = _as_cards(actions[i], "play").c
            k = sj_group_classes(&self.d, buf, n, cls)
            if k < 0:
                _raise_error(k, "classes")
            return [cls[i] for i in range(n)]
        finally:
            free(buf)
            free(cls)

    def clone(self):
        """An independent copy (of the same class: a shengji.Deal stays one; a subclass's own attributes, its
        instance ``__dict__``, are copied shallowly)."""
        other = self._copy(type(self))
        state = getattr(self, "__dict__", None)
        if state:
            other.__dict__.update(state)
        return other

    def __reduce__(self):
        """The record a deal is pickled (and deep-copied) as: its start and its moves, replayed by
        ``_deal_from_record``; a sampled world's start as well (``_world_record``); a subclass's ``__dict__``."""
        args = (self.rules, self._order, self._dealer0, self._level0, self._trump0, self._first,
                [_record_move(m) for m in self.moves], type(self))
        if self._world is not None:
            args += (_world_record(self),)
        state = getattr(self, "__dict__", None)
        return (_deal_from_record, args, state) if state else (_deal_from_record, args)

    def result(self):
        """The score once the deal is done (DealResult)."""
        if self.d.phase != SJ_PHASE_DONE:
            raise ValueError(f"the deal is not finished (phase {self.phase})")
        o = self.d.outcome
        return DealResult(self.d.attacker_points, self.d.defender_captured, self.d.kitty_points,
                          self.d.multiplier, bool(self.d.kitty_captured), bool(o.dealer_keeps), o.dealer_levels,
                          o.attacker_levels, self.failed_throws, bool(self.d.lost_deal))

    @property
    def failed_throw_log(self):
        """Failed throws: FailedThrow(trick index, seat, attempted Cards, played Cards)."""
        return list(self._history("failed"))

    @property
    def last_lead(self):
        """The lead of the last finished trick, as played (the kitty multiplier reads it under
        ``kitty_multiplier_reads="lead"``)."""
        return Cards._wrap(self.d.last_lead)

    @property
    def last_won(self):
        """The play that won the last finished trick (the capturing cards the kitty multiplier reads by
        default, docs/MODEL.md §7)."""
        return Cards._wrap(self.d.last_won)

    def _repr_html_(self):
        """The four hands, the trick, the score and whose turn it is (shengji._html)."""
        return _html.deal_html(self, TOKENS)

    def __repr__(self):
        return (f"Deal(phase={self.phase!r}, dealer={self.dealer}, level={self.level!r}, trump={self.trump!r}, "
                f"to_move={self.to_move}, attacker_points={self.attacker_points})")


def observation_codes(Deal deal, seat):
    """What ``seat`` knows of ``deal`` as the native encoder writes it (csrc/include/sj_encode.h; shengji.envs): a
    uint8 numpy array of ENCODE_SIZE small counts and flags."""
    import numpy as np
    cdef int s = deal._seat(seat)
    out = np.zeros(SJ_ENCODE_SIZE, dtype=np.uint8)
    cdef uint8_t[::1] v = out
    sj_encode_observation(&deal.d, s, &v[0])
    return out


def policy_view(Deal deal):
    """What a user policy sees of ``deal`` (csrc/include/sj_policy.h): the position (int32, SJ_POSITION_SIZE), the
    candidate actions as an int32 array (n, 54) of copies per card kind, and the candidates as Cards (none in the
    bury phase, where the greedy rule buries)."""
    import numpy as np
    cdef int32_t[::1] pv
    position = np.zeros(SJ_POSITION_SIZE, dtype=np.int32)
    pv = position
    sj_position_view(&deal.d, &pv[0])
    actions = [] if deal.d.phase == SJ_PHASE_BURY or deal.d.phase == SJ_PHASE_SWAP else candidate_actions(deal)
    counts = np.zeros((len(actions), 54), dtype=np.int32)
    for i, a in enumerate(actions):
        for k in (<Cards>a).indices():
            counts[i, k] += 1
    return position, counts, actions


def declaration_steps(Deal deal):
    """The step of the declaring phase (position in the pack) of each entry of ``deal.declarations``; -1 for a
    grab (an observation's ``declaration_steps``)."""
    return deal._history("steps")


def burial_log(Deal deal):
    """``deal.burials`` with the number of declarations shown before each: (seat, Cards, shown before) (an
    observation's ``burials``)."""
    return list(deal._history("burials"))


def classic_greedy_bury(Deal deal):
    """The greedy burial before it voided suits (csrc/src/sj_reference.c), for the burier of ``deal`` in the bury
    phase: the reference a duplicate tournament holds today's greedy burial against (benchmarks/bench_bots.py)."""
    cdef sj_cards out
    if deal.d.phase != SJ_PHASE_BURY:
        raise IllegalMove(f"classic_greedy_bury: not allowed in the {deal.phase} phase")
    sj_greedy_bury_classic(&deal.d, &out)
    return Cards._wrap(out)
