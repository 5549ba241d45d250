# Included by _core.pyx: the native sampler of hidden cards (csrc/include/sj_determinize.h).

cdef class Sampler:
    """Uniform placements of hidden cards: ``Sampler(caps, groups)``.

    ``caps``: the number of cards each slot receives (up to 4 slots); ``groups``: ``(cards, allowed)`` pairs,
    ``allowed`` the slot indices the group's cards may go to. Every placement of the physical cards (each
    copy distinct) that respects the groups and fills each slot exactly is equally likely. The placements
    are counted once here; sampling reads the table only. (worlds.py builds the slots and groups of a
    seat's observation.)"""

    cdef sj_det *det
    cdef readonly int nslots
    cdef readonly tuple caps

    def __cinit__(self):
        self.det = NULL

    def __init__(self, caps, groups):
        cdef int c[4]
        cdef int n = len(caps), err = 0, i
        if not 1 <= n <= SJ_DET_SLOTS:
            raise ValueError(f"a sampler has 1 to {SJ_DET_SLOTS} slots, got {n}")
        for i in range(n):
            c[i] = caps[i]
        groups = list(groups)
        if len(groups) > 64:
            raise ValueError(f"at most 64 groups, got {len(groups)}")
        cdef sj_cards cards[64]
        cdef uint8_t allowed[64]
        for i, (cs, slots) in enumerate(groups):
            cards[i] = _as_cards(cs, f"groups[{i}]").c
            mask = 0
            for s in slots:
                if not isinstance(s, int) or not 0 <= s < n:
                    raise ValueError(f"groups[{i}]: slot {s!r} is not one of 0..{n - 1}")
                mask |= 1 << s
            allowed[i] = mask
        self.det = sj_det_new(n, c, len(groups), cards, allowed, &err)
        if self.det == NULL:
            if err == SJ_OK:
                raise MemoryError()
            if err == SJ_E_ARGS:
                raise ValueError("Sampler: the groups' cards must fill the slots exactly (as many cards as the slots "
                                 "hold, each group with at least one allowed slot)")
            _raise_error(err, "Sampler")
        self.nslots = n
        self.caps = tuple(caps)

    def __dealloc__(self):
        sj_det_free(self.det)

    cdef _check(self):
        if self.det == NULL:
            raise ValueError("an empty Sampler (made without __init__): build one with Sampler(caps, groups)")

    @property
    def count(self):
        """The number of placements (a float: exact up to rounding); 0 when the observation admits none."""
        self._check()
        return sj_det_count(self.det)

    def sample(self, unsigned long long seed, unsigned long long stream=0):
        """One placement drawn from stream (seed, stream): a tuple of Cards, one per slot."""
        cdef sj_rng r = sj_rng_stream(seed, stream)
        cdef sj_cards out[4]
        self._check()
        if sj_det_sample(self.det, &r, out) != SJ_OK:
            raise ValueError("no placement of the hidden cards is consistent with the observation")
        return tuple(Cards._wrap(out[i]) for i in range(self.nslots))

    def sample_counts(self, long n, unsigned long long seed):
        """``n`` placements (sample i from stream (seed, i)), as a uint8 array of shape (n, slots, 54): copies
        of each card kind in each slot. Runs without the GIL."""
        import numpy as np
        self._check()
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        out = np.zeros((n, self.nslots, 54), dtype=np.uint8)
        cdef uint8_t[:, :, ::1] view = out
        cdef sj_cards hands[4]
        cdef sj_rng r
        cdef long i
        cdef int s, k, bad = 0
        with nogil:
            for i in range(n):
                r = sj_rng_stream(seed, <unsigned long long>i)
                if sj_det_sample(self.det, &r, hands) != SJ_OK:
                    bad = 1
                    break
                for s in range(self.nslots):
                    for k in range(54):
                        view[i, s, k] = <uint8_t>sj_cards_count(&hands[s], k)
        if bad:
            raise ValueError("no placement of the hidden cards is consistent with the observation")
        return out


# ---- rollouts from a position (csrc/include/sj_rollout.h) ----------------------------------------------

def candidate_actions(Deal deal):
    """The candidate actions of the seat to move for search (sj_candidate_actions): every legal action when
    there are at most 128, else the documented reduced set."""
    cdef sj_cards buf[128]
    cdef long n = sj_candidate_actions(&deal.d, buf)
    if n < 0:
        _raise_error(n, f"candidate actions in the {deal.phase} phase", &deal.d.rules)
    return [_action_obj(buf[i]) for i in range(n)]


def search_candidates(Deal deal):
    """The candidate actions of the seat to move for search by class (sj_search_candidates): in the play phase
    one representative per class of equivalent plays (docs/MODEL.md §10), the first 128 classes in the core's
    order; other phases as candidate_actions."""
    cdef sj_cards buf[128]
    cdef long n
    with nogil:
        n = sj_search_candidates(&deal.d, buf)
    if n < 0:
        _raise_error(n, f"candidate actions in the {deal.phase} phase", &deal.d.rules)
    return [_action_obj(buf[i]) for i in range(n)]


def class_choice(Deal deal, action):
    """The index among ``search_candidates(deal)`` of the candidate of ``action``'s class of equivalent plays
    (sj_search_candidates_choice; -1 when none represents it), as the self-play records' ``choice``."""
    cdef sj_cards buf[128]
    cdef sj_cards chosen = _action_struct(_as_cards(action, "action"))
    cdef sj_cards *all = <sj_cards *>malloc(SJ_CLASS_LIST_LIMIT * sizeof(sj_cards))
    cdef long *cls = <long *>malloc(SJ_CLASS_LIST_LIMIT * sizeof(long))
    cdef long n = SJ_E_CAPACITY
    cdef int choice = -1
    if all != NULL and cls != NULL:
        n = sj_search_candidates_choice(&deal.d, buf, all, cls, &chosen, &choice)
    free(all)
    free(cls)
    if n < 0:
        _raise_error(n, f"candidate actions in the {deal.phase} phase", &deal.d.rules)
    return choice


def bury_candidates(Deal deal):
    """Burials worth comparing in the bury phase, under the deal's trump (sj_bury_candidates): the greedy
    burial, then each plain suit that fits in the kitty voided and topped up with the greedy burial's other
    cards, those the kitty rule allows (``shengji.bots.bury_candidates`` is the public face)."""
    cdef sj_cards buf[8]
    cdef long n = sj_bury_candidates(&deal.d, buf, 8)
    if n < 0:
        _raise_error(n, f"burial candidates in the {deal.phase} phase", &deal.d.rules)
    return [_action_obj(buf[i]) for i in range(n)]


cdef sj_budget *_budget(sj_budget *b, time_ms, clock) except? NULL:
    """``b`` filled with a budget of ``time_ms`` milliseconds from now on ``clock`` ("wall" or "cpu"), or NULL for
    no budget (``time_ms`` None)."""
    if clock not in CLOCKS:
        raise ValueError(f"clock must be 'wall' (elapsed time) or 'cpu' (the searching threads' CPU time), got "
                         f"{clock!r}")
    if time_ms is None:
        return NULL
    _check_time_ms(time_ms)
    sj_budget_init(b, SJ_CLOCK_CPU if clock == "cpu" else SJ_CLOCK_WALL, time_ms / 1000.0)
    return b


cdef sj_shown *_shown_array(shown, int *n) except? NULL:
    """The declaring phase's shown cards ((seat, kind, step) triples) as a C array (malloc; NULL when empty)."""
    cdef int i, m = len(shown)
    n[0] = m
    if m == 0:
        return NULL
    if m > 4 * 54:
        raise ValueError(f"at most {4 * 54} shown cards, got {m}")
    cdef sj_shown *out = <sj_shown *>malloc(m * sizeof(sj_shown))
    if out == NULL:
        raise MemoryError()
    try:
        for i, (seat, kind, step) in enumerate(shown):
            if not (0 <= seat <= 3 and 0 <= kind < 54 and 0 <= step < 4096):
                raise ValueError(f"shown[{i}]: (seat 0..3, kind 0..53, step >= 0), got {(seat, kind, step)!r}")
            out[i].seat = seat
            out[i].kind = kind
            out[i].step = step
    except BaseException:
        free(out)
        raise
    return out


def declare_order(rules, int dealer, int cur, int observer, own, shown, unsigned long long seed,
                  unsigned long long stream=0, *, bint own_kitty=False):
    """A pack order drawn for a seat in the declaring phase (sj_declare_order, docs/MODEL.md §10): the seat has
    seen positions 0..``cur`` and holds ``own``; ``shown``: (seat, kind, step) for each physical card shown in a
    declaration; ``own_kitty``: the seat holds the kitty too (burying; ``cur`` the last dealt position). A list
    of kind indices."""
    cdef sj_rules r = _rules_struct(rules)
    cdef Cards mine = _as_cards(own, "own")
    cdef int n = 0, rc, i
    cdef uint8_t order[54 * 4]  # SJ_MAX_PACK
    cdef sj_rng g = sj_rng_stream(seed, stream)
    cdef int npack = 54 * r.decks, dealt = npack - r.kitty
    if not (0 <= dealer <= 3 and 0 <= observer <= 3 and 0 <= cur < dealt):
        raise ValueError(f"dealer and observer are seats 0..3 and cur a position 0..{dealt - 1}")
    cdef sj_shown *arr = _shown_array(shown, &n)
    rc = sj_declare_order(r.decks, npack, dealt, dealer, cur, observer, own_kitty, &mine.c, arr, n, &g, order)
    free(arr)
    if rc != SJ_OK:
        raise ValueError("no pack order fits: the seat's cards, the positions it has seen and the shown cards "
                         "disagree")
    return [order[i] for i in range(npack)]


def face_down_world(rules, int dealt_by, level, bint first_deal, phase, int step, int to_move, int dealer,
                    hand_sizes, int observer, hand, shown, record, unsigned long long seed):
    """A 泰安 world while the declarations lie face down (sj_face_down_world, docs/MODEL.md §10), from what
    ``observer`` knows: (the pack order, the cards of each ``record`` entry in it). ``record``: (step, seat,
    size, Cards or None when face down) per declaration, by step; ``shown``: the observer's shown cards as
    (seat, kind, step); ``phase`` "declare" (at ``step``) or "bury" (the observer holds the kitty)."""
    cdef sj_rules r = _rules_struct(rules)
    cdef sj_face_down fd
    cdef sj_deal world
    cdef int i, rc
    if phase not in ("declare", "bury") or level not in RANKS or len(hand_sizes) != 4:
        raise ValueError("face_down_world: phase 'declare' or 'bury', a level rank and four hand sizes")
    if not all(0 <= s <= 3 for s in (dealt_by, to_move, dealer, observer)):
        raise ValueError("dealt_by, to_move, dealer and observer are seats 0..3")
    fd.dealt_by, fd.level, fd.first_deal, fd.redeals = dealt_by, RANKS.index(level), first_deal, 0
    fd.phase = SJ_PHASE_DECLARE if phase == "declare" else SJ_PHASE_BURY
    fd.step, fd.to_move, fd.dealer, fd.observer = step, to_move, dealer, observer
    for i in range(4):
        fd.hand_sizes[i] = hand_sizes[i]
    fd.hand = (<Cards>_as_cards(hand, "hand")).c
    fd.shown = fd.record = NULL
    fd.nshown = fd.nrecord = 0
    cdef sj_rng g = sj_rng_stream(seed, 0)
    cdef sj_cards *cards = NULL
    try:
        _declare_spec(None, None, (observer, shown, record), &i, &fd.shown, &fd.nshown, &fd.record, &fd.nrecord)
        cards = <sj_cards *>malloc((fd.nrecord + 1) * sizeof(sj_cards))
        if cards == NULL:
            raise MemoryError()
        with nogil:
            rc = sj_face_down_world(&r, &fd, &g, &world, cards)
        if rc != SJ_OK:
            raise ValueError("no world fits the face-down declarations (the record, the hand and the position "
                             "disagree, or such declarations are too unlikely to draw)")
        return [world.order[i] for i in range(54 * r.decks)], [_action_obj(cards[i]) for i in range(fd.nrecord)]
    finally:
        free(cards)
        free(<void *>fd.shown)
        free(<void *>fd.record)


cdef _check_slots(Sampler sampler, slot_seats):
    seats = list(slot_seats)
    used = [s for s in seats if s != -2]
    if len(seats) > 4 or any(not isinstance(s, int) or not -2 <= s <= 3 for s in seats) or len(set(used)) != len(used):
        raise ValueError(f"slot_seats must be up to 4 distinct seats 0..3, -1 (the kitty) or -2 (none), got {seats!r}")
    if (sampler is None) != (not used) or (sampler is not None and sampler.nslots != len(used)):
        raise ValueError(f"slot_seats name {len(used)} slots; the sampler has "
                         f"{'none' if sampler is None else sampler.nslots}")
    if sampler is not None:
        sampler._check()


def _native_ismcts(Deal deal, Sampler sampler, slot_seats, actions, iterations_arg, trees_arg, policies, seed_arg,
                   value, exploration_arg, time_ms, threads_arg, max_nodes_arg=1 << 22, declare=None, clock="wall",
                   judge=None):
    """Run ISMCTS natively (GIL released; csrc/include/sj_ismcts.h); returns (visits, reward, iterations, nodes):
    per action the root visits (int64) and the summed reward (float64, from the mover's side), and the
    iterations and nodes made in all. ``judge``: None, or (WorldTemplate of the mover's observation, p, temper,
    pool): each tree's worlds from a pool of ``pool`` worlds weighted by likelihood ** temper (inference).
    (shengji.bots.ISMCTS is the public face; every argument is checked here.)"""
    import numpy as np
    cdef sj_ismcts_in spec
    cdef sj_ismcts_out out
    cdef sj_budget budget
    cdef sj_deal position = deal.d
    cdef int i, n = len(actions), rc = SJ_OK
    cdef long failed = -1
    cdef sj_run_flags *fp
    if deal.d.phase == SJ_PHASE_DONE:
        raise ValueError("the deal is done: there is nothing to search")
    if n < 1 or n > 4096:
        raise ValueError(f"ISMCTS needs 1 to 4096 root actions, got {n}")
    for name, v, lo, hi in (("iterations", iterations_arg, 0, 2**62), ("trees", trees_arg, 1, 4096),
                            ("threads", threads_arg, 1, 4096), ("max_nodes", max_nodes_arg, 2, 2**31 - 1)):
        _check_int(v, name, lo, hi)
    if value not in ("levels", "points", "blend"):
        raise ValueError(f"value must be 'levels', 'points' or 'blend', got {value!r}")
    if isinstance(exploration_arg, bool) or not isinstance(exploration_arg, (int, float)) or \
            not 0 <= exploration_arg < 1e6:
        raise ValueError(f"exploration must be a number >= 0, got {exploration_arg!r}")
    cdef unsigned long long seed = _check_u64(seed_arg, "seed")
    _check_slots(sampler, slot_seats)
    if len(policies) != 4:
        raise ValueError(f"four policies, one per seat, got {len(policies)}")
    visits = np.zeros(n, dtype=np.int64)
    reward = np.zeros(n, dtype=np.float64)
    cdef long[::1] vv = visits
    cdef double[::1] rv = reward
    cdef sj_cards *acts = <sj_cards *>malloc(n * sizeof(sj_cards))
    if acts == NULL:
        raise MemoryError()
    for i in range(n):
        acts[i] = _action_struct(<Cards>actions[i])
    spec.deal = &position
    spec.det = NULL if sampler is None else sampler.det
    for i in range(4):
        spec.slot_seat[i] = slot_seats[i] if i < len(slot_seats) else -2
        spec.player[i] = _player(policies[i])
    spec.actions = acts
    spec.nactions = n
    spec.iterations = iterations_arg
    spec.trees = trees_arg
    spec.seed = seed
    spec.value = {"points": SJ_VALUE_POINTS, "blend": SJ_VALUE_BLEND}.get(value, SJ_VALUE_LEVELS)
    spec.exploration = exploration_arg
    spec.max_nodes = max_nodes_arg
    cdef int threads = threads_arg
    out.visits = &vv[0]
    out.reward = &rv[0]
    spec.declare_observer, spec.shown, spec.nshown, spec.record, spec.nrecord = -1, NULL, 0, NULL, 0
    spec.judge_t, spec.judge_rec, spec.judge_p, spec.judge_temper, spec.judge_pool = NULL, NULL, 0.0, 0.0, 0
    cdef WorldTemplate template
    try:
        if judge is not None:
            template, p, temper, pool = judge
            if sampler is None:
                raise ValueError("inference needs sampled worlds (after the declaring phase)")
            if not 0 < p < 1:
                raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
            if not 0 <= temper < 1e6:
                raise ValueError(f"temper must be a number >= 0, got {temper!r}")
            _check_int(pool, "pool", 1, 1 << 16)
            spec.judge_t, spec.judge_rec = &template.t, &template.rec
            spec.judge_p, spec.judge_temper, spec.judge_pool = p, temper, pool
        if declare is not None:
            _declare_spec(deal, sampler, declare, &spec.declare_observer, &spec.shown, &spec.nshown, &spec.record,
                          &spec.nrecord)
        spec.budget = _budget(&budget, time_ms, clock)
        flags = _Flags()
        fp = &(<_Flags>flags).f

        def run():
            nonlocal rc
            with nogil:
                rc = sj_ismcts(&spec, &out, threads, fp, &failed)

        _interruptible(run, flags.cancel)
    finally:
        free(acts)
        free(<void *>spec.shown)
        free(<void *>spec.record)
    if rc != SJ_OK:
        users = sorted({repr(p) for p in policies if not isinstance(p, (str, int))})
        who = f" ({', '.join(users)})" if rc in (SJ_E_USER_POLICY, SJ_E_USER_RAISED) and users else ""
        if rc == SJ_E_ARGS:
            raise ValueError(f"ISMCTS tree {failed}: the sampled hands do not fit the deal, or a root action is not "
                             "legal in some world")
        _raise_error(rc, f"ISMCTS tree {failed}{who}", &deal.d.rules)
    return visits, reward, out.iterations, out.nodes


cdef int _declare_spec(Deal deal, Sampler sampler, declare, int *observer, const sj_shown **shown, int *nshown,
                       const sj_decl_event **record, int *nrecord) except -1:
    """Check ``declare`` = (observer, shown) or (observer, shown, record): the worlds of the declaring phase drawn
    for the seat to move as pack orders; with ``record`` ((step, seat, size, Cards or None) per declaration, in
    order; None: face down) the declarations lie face down (泰安) and each world declares again (the declaring
    or the bury phase). Allocates the arrays (the caller frees them, also on error)."""
    if not isinstance(declare, tuple) or len(declare) not in (2, 3) or (deal is not None
                                                                         and declare[0] != deal.d.to_move):
        raise ValueError("declare must be (the seat to move, [(seat, kind, step), ...][, record])")
    hidden = len(declare) == 3
    if deal is not None and (sampler is not None or not (deal.d.phase == SJ_PHASE_DECLARE
                                                         or (hidden and deal.d.phase == SJ_PHASE_BURY))):
        raise ValueError("declare=(observer, shown[, record]) is for the declaring phase (with a record also the "
                         "bury phase), without a sampler")
    observer[0] = declare[0]
    shown[0] = _shown_array(declare[1], nshown)
    if not hidden:
        return 0
    events = list(declare[2])
    cdef int i, m = len(events)
    if m > 4096:
        raise ValueError(f"at most 4096 declarations, got {m}")
    cdef sj_decl_event *ev = <sj_decl_event *>calloc(m if m else 1, sizeof(sj_decl_event))
    if ev == NULL:
        raise MemoryError()
    record[0] = ev
    nrecord[0] = m
    last = -1
    for i, item in enumerate(events):
        step, seat, size, cards = item
        if not (isinstance(step, int) and last < step < 4096 and isinstance(seat, int) and 0 <= seat <= 3
                and isinstance(size, int) and 0 < size <= 255):
            raise ValueError(f"record[{i}]: (step increasing 0..4095, seat 0..3, size 1..255, Cards or None), "
                             f"got {item!r}")
        last = step
        ev[i].step, ev[i].seat, ev[i].size = step, seat, size
        ev[i].cards = sj_cards_empty() if cards is None else _action_struct(_as_cards(cards, f"record[{i}]"))
    return 0


def _native_rollouts(Deal deal, Sampler sampler, slot_seats, actions, worlds_arg, policies, seed_arg, threads_arg,
                     endgame_arg=None, time_ms=None, declare=None, clock="wall", judge=None):
    """Run the rollouts natively (GIL released); returns (attacker_points, kitty_captured, dealer_levels,
    attacker_levels, dealer, partner, done, loglik), numpy arrays of shape (len(actions), worlds) but ``done`` and
    ``loglik`` (worlds; loglik None without ``judge``:
    the worlds rolled out; with ``time_ms`` no world is begun after the budget, world 0 always is).
    (shengji.search.rollouts is the public face; every argument is checked here anyway.)"""
    import numpy as np
    cdef sj_rollout_in spec
    cdef sj_rollout_out out
    cdef sj_deal position = deal.d  # a copy: the native threads never see later changes to the Deal
    cdef int i, n = len(actions), rc = SJ_OK
    cdef long failed = -1
    cdef int worlds = _check_int(worlds_arg, "worlds", 0, 2**31 - 1), threads = _check_int(threads_arg, "threads", 1,
                                                                                             4096)
    cdef unsigned long long seed = _check_u64(seed_arg, "seed")
    endgame_arg = _check_cards(endgame_arg, "endgame")
    cdef int endgame = -1 if endgame_arg is None else endgame_arg
    _check_slots(sampler, slot_seats)
    if len(policies) != 4:
        raise ValueError(f"four policies, one per seat, got {len(policies)}")
    cdef sj_budget budget
    cdef sj_budget *spent_by = _budget(&budget, time_ms, clock)
    done = np.zeros(worlds, dtype=np.uint8)
    points = np.zeros((n, worlds), dtype=np.int16)
    captured = np.zeros((n, worlds), dtype=np.uint8)
    dealer_levels = np.zeros((n, worlds), dtype=np.int8)
    attacker_levels = np.zeros((n, worlds), dtype=np.int8)
    dealer = np.full((n, worlds), deal.d.dealer, dtype=np.int8)
    partner = np.full((n, worlds), sj_deal_dealer_partner(&deal.d), dtype=np.int8)
    if n == 0 or worlds == 0:
        return (points, captured.view(np.bool_), dealer_levels, attacker_levels, dealer, partner, done.view(np.bool_),
                None)
    cdef uint8_t[::1] dn = done
    cdef int16_t[:, ::1] pv = points
    cdef uint8_t[:, ::1] cv = captured
    cdef int8_t[:, ::1] dv = dealer_levels
    cdef int8_t[:, ::1] av = attacker_levels
    cdef int8_t[:, ::1] dl = dealer
    cdef int8_t[:, ::1] pl = partner
    cdef sj_cards *acts = <sj_cards *>malloc(n * sizeof(sj_cards))
    if acts == NULL:
        raise MemoryError()
    for i in range(n):
        acts[i] = _action_struct(<Cards>actions[i])
    spec.deal = &position
    spec.det = NULL if sampler is None else sampler.det
    for i in range(4):
        spec.slot_seat[i] = slot_seats[i] if i < len(slot_seats) else -2
        spec.player[i] = _player(policies[i])
    spec.actions = acts
    spec.nactions = n
    spec.worlds = worlds
    spec.seed = seed
    spec.endgame = endgame
    spec.budget = spent_by
    spec.declare_observer, spec.shown, spec.nshown, spec.record, spec.nrecord = -1, NULL, 0, NULL, 0
    if declare is not None:
        try:
            _declare_spec(deal, sampler, declare, &spec.declare_observer, &spec.shown, &spec.nshown, &spec.record,
                          &spec.nrecord)
        except BaseException:
            free(acts)
            free(<void *>spec.shown)
            free(<void *>spec.record)
            raise
    spec.judge_t, spec.judge_rec, spec.judge_p = NULL, NULL, 0.0
    out.loglik = NULL
    loglik = None
    cdef double[::1] llv
    cdef WorldTemplate template
    if judge is not None:  # (WorldTemplate of the mover's observation, p): each world's log-likelihood
        template, p = judge
        if sampler is None:
            raise ValueError("inference needs sampled worlds (determinize=True, after the declaring phase)")
        if not 0 < p < 1:
            raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
        loglik = np.zeros(worlds, dtype=np.float64)
        llv = loglik
        out.loglik = &llv[0]
        spec.judge_t, spec.judge_rec, spec.judge_p = &template.t, &template.rec, p
    out.done = &dn[0]
    out.attacker_points = &pv[0, 0]
    out.kitty_captured = &cv[0, 0]
    out.dealer_levels = &dv[0, 0]
    out.attacker_levels = &av[0, 0]
    out.dealer = &dl[0, 0]
    out.partner = &pl[0, 0]
    flags = _Flags()
    cdef sj_run_flags *fp = &(<_Flags>flags).f

    def run():
        nonlocal rc
        with nogil:
            rc = sj_rollouts(&spec, &out, threads, fp, &failed)

    try:
        _interruptible(run, flags.cancel)
    finally:
        free(acts)
        free(<void *>spec.shown)
        free(<void *>spec.record)
    if rc != SJ_OK:
        users = sorted({repr(p) for p in policies if not isinstance(p, (str, int))})
        who = f" ({', '.join(users)})" if rc in (SJ_E_USER_POLICY, SJ_E_USER_RAISED) and users else ""
        if rc == SJ_E_ARGS:
            raise ValueError(f"rollout world {failed}: the sampled hands do not fit the deal (the sampler's slots "
                             "must be the hidden hands of this deal's mover, in the order of slot_seats), or an "
                             "action is not legal in some world")
        _raise_error(rc, f"rollout world {failed}{who}", &deal.d.rules)
    return (points, captured.view(np.bool_), dealer_levels, attacker_levels, dealer, partner, done.view(np.bool_),
            loglik)


# ---- sampled worlds as whole Deals (shengji.determinize) ------------------------------------------------

cdef class WorldTemplate:
    """The worlds of one observation, built natively (worlds.determinize): ``WorldTemplate(observation,
    slot_seats, draw)``, ``slot_seats`` the seat of each sampler slot (-1 for the kitty), ``draw`` the stream of
    the placement its base is rebuilt with.

    The observation's public record is read once into C (sj_world_record, csrc/include/sj_world.h). ``rebuild``
    replays it with the hidden cards of one placement (sj_world_rebuild: the pack order, the declarations, the
    burials and grabs, the swap, the call, every play, each appended to the world's history); ``world`` copies
    the C state of the base (one rebuilt world) and replaces what is hidden (sj_template_world: the other seats'
    hands, the kitty when it is a slot of its own, the pack order, and under 找朋友 the partner fixed at the call
    and the points counted for that world's teams). A test holds the two ways equal."""

    cdef Deal base
    cdef int nslots
    cdef sj_world_template t
    cdef sj_world_record rec
    cdef sj_log_entry *entries  # the record's shown, taken and plays entries, in one block
    cdef object rules
    cdef int observer
    cdef sj_cards hand
    cdef bint known_kitty       # the observer knows the kitty (it buried it, or it lies face up)
    cdef sj_cards kitty
    cdef bint lazy              # the base's burial stands for each world's own (the kitty is a slot)

    def __cinit__(self):
        self.entries = NULL

    def __dealloc__(self):
        free(self.entries)

    def __init__(self, obs, slot_seats, unsigned long long draw, Sampler sampler):
        cdef int i, t, seat
        cdef long n
        if not 1 <= len(slot_seats) <= 4 or any(not isinstance(s, int) or not -1 <= s <= 3 for s in slot_seats) or \
                len(set(slot_seats)) != len(slot_seats):
            raise ValueError(f"slot_seats must be 1 to 4 distinct seats 0..3 or -1 (the kitty), got {slot_seats!r}")
        cdef sj_rules r = _rules_struct(obs.rules)
        cdef int level = rank_index(obs.level), suit = suit_index(obs.trump)
        cdef sj_trump trump
        if sj_trump_init(&trump, &r, level, suit) != SJ_OK:
            raise ValueError(f"WorldTemplate: the observation's level {obs.level!r} and trump {obs.trump!r}")
        shown = list(zip(obs.declarations, obs.declaration_steps, strict=True))
        kitty_slot = -1 in slot_seats
        bury_phase = not kitty_slot and obs.kitty is None
        taken = [(SJ_LOG_GRABBED, g[0], g[1], 1, 0) for g in obs.grabs] + \
                [(SJ_LOG_BURIED, b[0], b[1], b[1] is not None, b[2])
                 for b in (obs.burials if bury_phase else obs.burials[:len(obs.burials) - 1])]
        failed = {(f[0], f[1]): f[2] for f in obs.failed_throws}
        plays = []
        for t, (leader, trick, _) in enumerate(list(obs.tricks) + [(obs.trick_leader, obs.trick, -1)]):
            for i, p in enumerate(trick):
                plays.append((p, failed.get((t, (leader + i) % 4)) if i == 0 else None))
        if len(obs.tricks) > SJ_TEMPLATE_MAX_TRICKS:
            raise ValueError(f"WorldTemplate: more than {SJ_TEMPLATE_MAX_TRICKS} tricks")
        n = len(shown) + len(taken) + len(plays)
        self.entries = <sj_log_entry *>calloc(n if n > 0 else 1, sizeof(sj_log_entry))
        if self.entries == NULL:
            raise MemoryError()
        cdef sj_log_entry *e = self.entries
        for i, ((seat, cards), step) in enumerate(shown):
            e[i] = sj_log_entry_of(SJ_LOG_DECLARED, SJ_PHASE_DECLARE, seat)
            e[i].action = _action_struct(_as_cards(cards, "declaration"))
            e[i].step = step
        e += len(shown)
        for i, (kind, seat, cards, known, before) in enumerate(taken):
            e[i] = sj_log_entry_of(kind, SJ_PHASE_GRAB if kind == SJ_LOG_GRABBED else SJ_PHASE_BURY, seat)
            if cards is not None:
                e[i].action = _action_struct(_as_cards(cards, "grab" if kind == SJ_LOG_GRABBED else "burial"))
            e[i].known = known
            e[i].before = before
        e += len(taken)
        for i, (p, attempted) in enumerate(plays):
            e[i] = sj_log_entry_of(SJ_LOG_FORCE, SJ_PHASE_PLAY, -1)
            e[i].played = _as_cards(p, "play").c
            if attempted is not None:
                e[i].action = _as_cards(attempted, "attempted").c
                e[i].failed = 1
        memset(&self.rec, 0, sizeof(sj_world_record))
        self.rec.dealer, self.rec.level, self.rec.trump, self.rec.first_deal = obs.dealer, level, suit, obs.first_deal
        self.rec.dealt_by = -1 if obs.dealt_by is None else obs.dealt_by
        self.rec.declared, self.rec.turned_up = obs.declared, obs.turned_up is not None
        self.rec.shown, self.rec.nshown = self.entries, len(shown)
        self.rec.taken, self.rec.ntaken = self.entries + len(shown), len(taken)
        self.rec.plays, self.rec.nplays = self.entries + len(shown) + len(taken), len(plays)
        self.rec.stop_phase = PHASES.index(obs.phase)
        self.rec.stop_to_move = -1 if obs.to_move is None else obs.to_move
        self.rec.has_swap = obs.swap is not None
        if obs.swap is not None:
            self.rec.swap = _as_cards(obs.swap, "swap").c
        self.rec.called = -1 if obs.called is None else _as_cards(obs.called, "called").indices()[0]

        memset(&self.t, 0, sizeof(sj_world_template))
        self.nslots = len(slot_seats)
        for i in range(4):
            self.t.slot_seat[i] = slot_seats[i] if i < self.nslots else -2
            self.t.played[i] = (<Cards>obs.played_by(i)).c
        self.t.burier = obs.burier if obs.burier is not None else obs.dealer
        self.t.bury_phase = bury_phase
        turned = None if obs.turned_up_order is None else [Cards(k).indices()[0] for k in obs.turned_up_order]
        self.t.nturned = 0 if turned is None else len(turned)
        for i in range(self.t.nturned):
            self.t.turned[i] = turned[i]
        self.t.swap_declarer = -1
        if obs.swap is not None and obs.declarations:
            self.t.swap_declarer = obs.declarations[len(obs.declarations) - 1][0]
            self.t.swap_out = sj_cards_mask(&self.rec.swap, trump.suit_mask[SJ_TRUMP])
            sj_cards_sub(&self.rec.swap, &self.t.swap_out, &self.t.swap_in)
        self.t.ntricks, self.t.nfailed = len(obs.tricks), len(obs.failed_throws)
        if self.t.nfailed > SJ_TEMPLATE_MAX_TRICKS:
            raise ValueError(f"WorldTemplate: more than {SJ_TEMPLATE_MAX_TRICKS} failed throws")
        for i, (_, trick, winner) in enumerate(obs.tricks):
            self.t.trick_winner[i] = winner
            self.t.trick_points[i] = sum(points(p) for p in trick)
        for i, (_, seat, attempted, played_cards) in enumerate(obs.failed_throws):
            self.t.failed_seat[i] = seat
            self.t.failed_back[i] = len(attempted) - len(played_cards)

        self.rules = obs.rules
        self.observer = obs.seat
        self.hand = (<Cards>_as_cards(obs.hand, "hand")).c
        self.known_kitty = obs.kitty is not None
        if self.known_kitty:
            self.kitty = (<Cards>_as_cards(obs.kitty, "kitty")).c
        self.lazy = kitty_slot
        self.base = self.rebuild(sampler.sample(draw), Deal)

    cdef _placed(self, placement, sj_cards *now, sj_cards *kitty):
        """Each seat's cards now and the kitty in the world of ``placement`` (a Cards per slot)."""
        cdef int i
        if len(placement) != self.nslots:
            raise ValueError(f"a placement of {self.nslots} slots, got {len(placement)}")
        kitty[0] = self.kitty
        for i in range(4):
            now[i] = self.hand if i == self.observer else sj_cards_empty()
        for i in range(self.nslots):
            if self.t.slot_seat[i] == -1:
                kitty[0] = (<Cards>_as_cards(placement[i], "kitty")).c
            else:
                now[self.t.slot_seat[i]] = (<Cards>_as_cards(placement[i], "hand")).c

    def loglik(self, placement, double p):
        """Policy-based inference (sj_world_loglik): the log-likelihood of the other seats' plays in the world of
        ``placement`` under the soft greedy model (greedy's play with probability ``p``, the rest spread evenly
        over the seat's other candidates), and the number of plays judged."""
        cdef sj_cards now[4]
        cdef sj_cards kitty
        cdef double ll = 0
        cdef int judged = 0
        self._placed(placement, now, &kitty)
        if not 0 < p < 1:
            raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
        cdef sj_rules r = _rules_struct(self.rules)
        rc = sj_world_loglik(&r, &self.t, &self.rec, now, &kitty, self.observer, p, &ll, &judged)
        if rc != SJ_OK:
            _raise_error(rc, "judging a world of the observation", &r)
        return ll, judged

    def rebuild(self, placement, cls=None):
        """The world of ``placement`` (a Cards per slot, as ``Sampler.sample`` draws them) rebuilt by replaying the
        observation's public record: a Deal of class ``cls`` (by default the native Deal) with its own history."""
        cls = _deal_class(cls, Deal)
        cdef sj_cards now[4]
        cdef sj_cards kitty
        self._placed(placement, now, &kitty)
        cdef sj_rules r = _rules_struct(self.rules)
        cdef Deal w = _new_deal(cls)
        rc = sj_world_rebuild(&r, &self.t, &self.rec, now, &kitty, &w.d, &w.log, NULL)
        if rc != SJ_OK:
            _raise_error(rc, "rebuilding a world from the observation's record", &r)
        w._rebuilt(self.rules, SUITS[self.rec.trump] if self.rec.trump >= 0 else None,
                   (self.t.burier, bool(self.rec.declared), bool(self.rec.turned_up), self.rec.dealt_by))
        return w

    def world(self, Sampler sampler, unsigned long long seed, cls=None):
        """The world of the placement drawn from stream (seed, 0): a Deal of class ``cls`` (the native Deal or a
        subclass such as shengji.Deal; by default the base's class)."""
        if self.base is None:
            raise ValueError("an empty WorldTemplate (made without __init__)")
        cdef Deal b = self.base
        cls = _deal_class(cls, type(b))
        cdef sj_rng r = sj_rng_stream(seed, 0)
        cdef sj_cards slots[4]
        cdef sj_cards buried
        sampler._check()
        if sampler.nslots != self.nslots:
            raise ValueError(f"the sampler has {sampler.nslots} slots, the template {self.nslots}")
        if sj_det_sample(sampler.det, &r, slots) != SJ_OK:
            raise ValueError("no placement of the hidden cards is consistent with the observation")
        cdef Deal w = b._copy(cls)
        if sj_template_world(&self.t, &b.d, slots, &w.d, &buried) != SJ_OK:
            raise ValueError(f"the sampled world does not give every seat its {b.d.hand_size} dealt cards and the "
                             f"kitty its {b.d.rules.kitty}")
        w._copied_world(&buried if self.lazy else NULL)
        return w
