# Included by _core.pyx: the native Monte-Carlo run (csrc/include/sj_sim.h) and C policies on a Deal.

_POLICIES = {"random": SJ_POLICY_RANDOM, "greedy": SJ_POLICY_GREEDY}


def policy_index(name):
    try:
        return _POLICIES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown policy {name!r}: the native policies are {', '.join(_POLICIES)}") from None




# The native entry points that shengji.jit compiled, by address, with the compiled functions they belong to
# (kept alive here): the core calls a policy's address only when it is one of these, so an address set by hand
# can never be called.
_COMPILED = {}


def keep_compiled(address, cfunc):
    """Record a native policy entry point compiled by shengji.jit (``address``: its entry, ``cfunc``: the
    compiled function, kept alive as long as the module)."""
    if not isinstance(address, int) or isinstance(address, bool) or address <= 0:
        raise ValueError(f"a compiled policy's address is a positive int, not {address!r}")
    _COMPILED[address] = cfunc


cdef sj_player _player(object p) except *:
    """The native player of a policy index, a policy name, or a compiled policy (an object whose ``address``
    is an entry point shengji.jit compiled: a shengji.JitPolicy)."""
    cdef sj_player out
    out.fn = NULL
    if isinstance(p, int) and not isinstance(p, bool) and p in _POLICIES.values():
        out.kind = p
        return out
    if isinstance(p, str):
        out.kind = policy_index(p)
        return out
    address = getattr(p, "address", None)
    if address:
        if not isinstance(address, int) or _COMPILED.get(address) is None:
            raise ValueError(f"{p!r}: its address {address!r} is not a policy compiled by jit_policy")
        out.kind = SJ_POLICY_USER
        out.fn = <sj_user_fn><uintptr_t>address
        return out
    raise ValueError(f"not a native policy: {p!r} (use 'random', 'greedy' or a compiled shengji.jit_policy)")


def _count_refusal(str name, given, int n, int need, str what):
    """A fixed set of cards of the wrong size: ``kitty 'AS' has 1 card; the kitty holds 8 under these rules``."""
    shown = given if isinstance(given, str) else str(Cards(given)) if given is not None else ""
    return f"{name} {shown.strip()!r} has {n} card{'s' if n != 1 else ''}; {what} {need} under these rules"


cdef class NativeRun:
    """One batch of native games: set up (validated) in __init__, run() with the GIL released.
    ``progress`` counts finished games while it runs; ``cancel()`` stops it early."""

    cdef sj_rules r
    cdef sj_setup s
    cdef sj_run_flags _flags  # C11 atomics shared with the native threads (progress, cancel)
    cdef readonly long games
    cdef readonly unsigned long long seed, first_game
    cdef readonly int threads
    cdef object _rules
    cdef object _users             # the jit policies among the players (named when one fails)

    def __init__(self, rules, long games, policies, unsigned long long seed, unsigned long long first_game,
                 int threads, int dealer, level, trump, hands, kitty, buried):
        self.r = _rules_struct(rules)
        self._rules = rules
        self.games = games
        self.seed = seed
        self.first_game = first_game
        self.threads = threads
        memset(&self.s, 0, sizeof(sj_setup))
        self.s.dealer = dealer
        self.s.level = rank_index(level)
        self.s.trump = _trump_arg(trump)
        self._users = [p for p in policies if not isinstance(p, (str, int))]
        for i in range(4):
            self.s.player[i] = _player(policies[i])
            if hands[i] is not None:
                self.s.hand_fixed[i] = 1
                self.s.hands[i] = (<Cards>hands[i]).c
        if kitty is not None:  # Cards (no order: dealt in a fresh order per game), or in dealt order
            kinds = _ordered_kinds(kitty, "kitty")
            self.s.kitty_fixed = 1
            self.s.kitty = (_as_cards(kitty if kinds is None else kinds, "kitty")).c
            if kinds is not None:
                if len(kinds) > 216:
                    raise ValueError(f"kitty: {len(kinds)} cards; the rules use {self.r.kitty}")
                self.s.kitty_ordered = 1
                for i, k in enumerate(kinds):
                    self.s.kitty_order[i] = k
        if buried is not None:
            self.s.buried_fixed = 1
            self.s.buried = (<Cards>buried).c
        rc = sj_setup_check(&self.r, &self.s)
        if rc == SJ_E_SETUP_KITTY_ORDER:
            raise ValueError(_kitty_order_needed(rules, &self.r, self.s.trump).replace(", or the whole order=", ""))
        if rc == SJ_E_SETUP_HAND_SIZE:
            raise ValueError(self._size_refusal(hands, kitty, buried))
        if rc != SJ_OK:
            _raise_error(rc, "trump='declare'" if self.s.trump == SJ_TRUMP_DECLARE and
                         rc in (SJ_E_UNSUPPORTED, SJ_E_NO_PHASE) else "invalid simulation setup", &self.r,
                         self.s.level)
        sj_run_flags_init(&self._flags)

    cdef str _size_refusal(self, hands, kitty, buried):
        """Which fixed cards sj_setup_check found of the wrong size (SJ_E_SETUP_HAND_SIZE: the first of the hands, the
        kitty, the burial, in its order), their count and the count the rules need."""
        cdef int hand = (54 * self.r.decks - self.r.kitty) // 4
        for i in range(4):
            if self.s.hand_fixed[i] and sj_cards_size(&self.s.hands[i]) != hand:
                return _count_refusal(f"hands[{i}]", hands[i], sj_cards_size(&self.s.hands[i]), hand,
                                      "a hand is dealt")
        if self.s.kitty_fixed and sj_cards_size(&self.s.kitty) != self.r.kitty:
            return _count_refusal("kitty", kitty, sj_cards_size(&self.s.kitty), self.r.kitty, "the kitty holds")
        return _count_refusal("buried", buried, sj_cards_size(&self.s.buried), self.r.kitty,
                              "the dealer buries")

    def deal(self, unsigned long long game, cls=Deal):
        """Game ``game``'s starting position as a Deal of class ``cls`` (the native Deal or a subclass such as
        shengji.Deal): the same pack order and dealer the native run uses."""
        if not isinstance(cls, type) or not issubclass(cls, Deal):
            raise TypeError(f"cls must be a Deal class, not {cls!r}")
        cdef uint8_t order[216]
        cdef sj_rng r = sj_rng_stream(self.seed, game)
        cdef int dealer = sj_sim_deal_order(&self.r, &self.s, &r, order)
        trump = "declare" if self.s.trump == SJ_TRUMP_DECLARE else (None if self.s.trump < 0 else SUITS[self.s.trump])
        d = _new_deal(cls)
        (<Deal>d)._start(self._rules, bytes(order[:54 * self.r.decks]), dealer, RANKS[self.s.level], trump, False)
        return d

    @property
    def progress(self):
        return sj_run_progress(&self._flags)

    def cancel(self):
        sj_run_cancel(&self._flags)

    def run(self, int16_t[::1] attacker_points, int16_t[::1] defender_points, int16_t[::1] kitty_points,
            int16_t[::1] kitty_multiplier, uint8_t[::1] kitty_captured, int8_t[::1] dealer_levels,
            int8_t[::1] attacker_levels, int8_t[::1] dealer, int8_t[::1] trump, int16_t[::1] plays,
            uint8_t[::1] lost_deal, int8_t[::1] partner):
        """Run all games; returns the number finished (fewer when cancelled)."""
        cdef sj_sim_out out
        if self.games == 0:
            return 0
        out.attacker_points = &attacker_points[0]
        out.defender_points = &defender_points[0]
        out.kitty_points = &kitty_points[0]
        out.kitty_multiplier = &kitty_multiplier[0]
        out.kitty_captured = &kitty_captured[0]
        out.dealer_levels = &dealer_levels[0]
        out.attacker_levels = &attacker_levels[0]
        out.dealer = &dealer[0]
        out.trump = &trump[0]
        out.plays = &plays[0]
        out.lost_deal = &lost_deal[0]
        out.partner = &partner[0]
        cdef long done, failed_game = -1
        with nogil:
            done = sj_simulate(&self.r, &self.s, self.seed, self.first_game, self.games, self.threads, &out,
                               &self._flags, &failed_game)
        if done < 0:
            who = f" ({', '.join(sorted({repr(p) for p in self._users}))})" if done in (SJ_E_USER_POLICY,
                                                                                        SJ_E_USER_RAISED) else ""
            _raise_error(done, f"game {failed_game} of seed {self.seed}{who}", &self.r)
        return done


    def selfplay(self, bint points, bint skip_forced, bint keep_candidates, hidden_draws=(0,) * 8):
        """Training records of all games (sj_selfplay, the decisions of run()'s games): a dict of numpy arrays,
        one row per recorded decision in game order (``shengji.selfplay`` is the public face)."""
        import numpy as np
        cdef sj_selfplay_in spec
        spec.rules = &self.r
        spec.setup = &self.s
        spec.seed, spec.first_game, spec.games = self.seed, self.first_game, self.games
        spec.points, spec.skip_forced, spec.keep_candidates = points, skip_forced, keep_candidates
        if len(hidden_draws) != 8:
            raise ValueError("hidden_draws: 8 stream seeds")
        for h in range(8):
            spec.hidden_draws[h] = _check_u64(hidden_draws[h], "hidden_draws")
        cdef sj_records rec
        memset(&rec, 0, sizeof(sj_records))
        cdef long done = 0, failed_game = -1, nrows, ncands
        cdef sj_run_flags *flags
        cdef int threads
        try:
            flags = &self._flags
            threads = self.threads

            def run():
                nonlocal done
                with nogil:
                    done = sj_selfplay(&spec, threads, &rec, flags, &failed_game)

            _interruptible(run, self.cancel)
            if done < 0:
                who = f" ({', '.join(sorted({repr(p) for p in self._users}))})" if done in (
                    SJ_E_USER_POLICY, SJ_E_USER_RAISED) else ""
                _raise_error(done, f"self-play game {failed_game} of seed {self.seed}{who}", &self.r)
            nrows = rec.nrows
            ncands = rec.ncands if keep_candidates else 0
            # the core's columns become the arrays as they are (each freed with the last array using it)
            return {
                "game": _column(<void **>&rec.game, nrows, (nrows,), np.int64),
                "seat": _column(<void **>&rec.seat, nrows, (nrows,), np.int8),
                "phase": _column(<void **>&rec.phase, nrows, (nrows,), np.int8),
                "n_candidates": _column(<void **>&rec.n_candidates, nrows, (nrows,), np.int16),
                "choice": _column(<void **>&rec.choice, nrows, (nrows,), np.int16),
                "returns": _column(<void **>&rec.ret, nrows, (nrows,), np.float32),
                "points": _column(<void **>&rec.points, nrows, (nrows,), np.int16),
                "codes": _column(<void **>&rec.obs, nrows * SJ_ENCODE_SIZE, (nrows, SJ_ENCODE_SIZE), np.uint8),
                "action_codes": _column(<void **>&rec.action, nrows * SJ_ACTION_SIZE, (nrows, SJ_ACTION_SIZE),
                                        np.uint8),
                "candidate_start": _column(<void **>&rec.candidate_start, nrows + 1, (nrows + 1,), np.int64),
                "candidate_codes": _column(<void **>&rec.cands, ncands * SJ_ACTION_SIZE, (ncands, SJ_ACTION_SIZE),
                                           np.uint8),
                "games": done,
            }
        finally:
            sj_records_free(&rec)


cdef class _Column:
    """A block the core malloc'd, lent to numpy arrays (np.frombuffer) without a copy: freed when the last
    array using it goes."""
    cdef void *p
    cdef Py_ssize_t size

    def __dealloc__(self):
        free(self.p)

    def __getbuffer__(self, Py_buffer *buf, int flags):
        PyBuffer_FillInfo(buf, self, self.p, self.size, 0, flags)

    def __releasebuffer__(self, Py_buffer *buf):
        pass


cdef object _column(void **p, Py_ssize_t n, tuple shape, dtype):
    """The array of shape ``shape`` over the first ``n`` entries of the block *p of dtype ``dtype``, which it
    takes over (*p becomes NULL: sj_records_free leaves it)."""
    import numpy as np
    cdef _Column c = _Column.__new__(_Column)
    c.p = p[0]
    p[0] = NULL
    c.size = n * np.dtype(dtype).itemsize
    return np.frombuffer(c, dtype=dtype, count=n).reshape(shape)
