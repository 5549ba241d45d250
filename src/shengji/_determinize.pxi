# Included by _core.pyx: the native sampler of hidden cards (csrc/include/sj_determinize.h).

cdef class Sampler:
    """Uniform placements of hidden cards: ``Sampler(caps, groups)``.

    ``caps``: the number of cards each slot receives (up to 4 slots); ``groups``: ``(cards, allowed)`` pairs,
    ``allowed`` the slot indices the group's cards may go to. Every placement of the physical cards (each
    copy distinct) that respects the groups and fills each slot exactly is equally likely. The placements
    are counted once here; sampling reads the table only. (observation.py builds the slots and groups of a
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
            _raise_error(err, "Sampler: the groups must fill the slots exactly")
        self.nslots = n
        self.caps = tuple(caps)

    def __dealloc__(self):
        sj_det_free(self.det)

    @property
    def count(self):
        """The number of placements (a float: exact up to rounding); 0 when the observation admits none."""
        return sj_det_count(self.det)

    def sample(self, unsigned long long seed, unsigned long long stream=0):
        """One placement drawn from stream (seed, stream): a tuple of Cards, one per slot."""
        cdef sj_rng r = sj_rng_stream(seed, stream)
        cdef sj_cards out[4]
        if sj_det_sample(self.det, &r, out) != SJ_OK:
            raise ValueError("no placement of the hidden cards is consistent with the observation")
        return tuple(Cards._wrap(out[i]) for i in range(self.nslots))

    def sample_counts(self, long n, unsigned long long seed):
        """``n`` placements (sample i from stream (seed, i)), as a uint8 array of shape (n, slots, 54): copies
        of each card kind in each slot. Runs without the GIL."""
        import numpy as np
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


def native_rollouts(Deal deal, Sampler sampler, slot_seats, actions, int worlds, policies, unsigned long long seed,
                    int threads):
    """Run the rollouts natively (GIL released); returns (attacker_points, kitty_captured, dealer_levels,
    attacker_levels, dealer, partner), numpy arrays of shape (len(actions), worlds)."""
    import numpy as np
    cdef sj_rollout_in spec
    cdef sj_rollout_out out
    cdef sj_deal position = deal.d  # a copy: the native threads never see later changes to the Deal
    cdef int i, n = len(actions), rc = SJ_OK
    cdef long failed = -1
    if worlds < 0:
        raise ValueError(f"worlds must be >= 0, got {worlds}")
    points = np.zeros((n, worlds), dtype=np.int16)
    captured = np.zeros((n, worlds), dtype=np.uint8)
    dealer_levels = np.zeros((n, worlds), dtype=np.int8)
    attacker_levels = np.zeros((n, worlds), dtype=np.int8)
    dealer = np.full((n, worlds), deal.d.dealer, dtype=np.int8)
    partner = np.full((n, worlds), sj_deal_dealer_partner(&deal.d), dtype=np.int8)
    if n == 0 or worlds == 0:
        return points, captured.view(np.bool_), dealer_levels, attacker_levels, dealer, partner, partner
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
    out.attacker_points = &pv[0, 0]
    out.kitty_captured = &cv[0, 0]
    out.dealer_levels = &dv[0, 0]
    out.attacker_levels = &av[0, 0]
    out.dealer = &dl[0, 0]
    out.partner = &pl[0, 0]
    with nogil:
        rc = sj_rollouts(&spec, &out, threads, NULL, &failed)
    free(acts)
    if rc != SJ_OK:
        _raise_error(rc, f"rollout world {failed}", &deal.d.rules)
    return points, captured.view(np.bool_), dealer_levels, attacker_levels, dealer, partner
