# Included by _core.pyx: matches (csrc/include/sj_match.h): the state shengji.Match records its deals in, and
# whole matches played natively (shengji.simulate_matches).


def match_seed(seed, i):
    """Match ``i``'s seed in a run of seed ``seed`` (sj_match_seed): ``simulate_matches``' match i is
    ``Match(rules, seed=match_seed(seed, i), ...)``."""
    return sj_match_seed(<uint64_t>_check_u64(seed, "seed"), <uint64_t>_check_u64(i, "i"))


def chinagame_tiers():
    """中国游戏中心's rating tiers (sj_chinagame_tier_name, sj_chinagame_tier_from): (name, first total) pairs,
    lowest first."""
    return [(sj_chinagame_tier_name(t).decode("utf-8"), sj_chinagame_tier_from(t)) for t in range(SJ_CHINAGAME_TIERS)]


def chinagame_tier(int points):
    """The name of the rating tier (中国游戏中心) a total of ``points`` reaches (sj_chinagame_tier)."""
    return sj_chinagame_tier_name(sj_chinagame_tier(points)).decode("utf-8")


cdef class MatchState:
    """The match rules' state (levels, dealer, winner, match points) of one match: ``shengji.Match`` records
    each deal here (sj_match_record)."""

    cdef sj_match m

    def __init__(self, rules, end_level, int first_dealer, levels, points):
        cdef sj_rules r = _rules_struct(rules)
        cdef int lv[4]
        cdef int pt[4]
        cdef int i, units = sj_match_units(&r)
        cdef int end = -1 if end_level is None else rank_index(end_level)
        if levels is not None:
            levels = list(levels)
            if len(levels) != units:
                raise ValueError(f"levels must give {units} levels ({'one per seat' if units == 4 else 'team 0, team 1'})"
                                 f", got {levels!r}")
            for i in range(units):
                if levels[i] not in RANKS:
                    raise ValueError(f"levels[{i}]: a rank 2 .. A, got {levels[i]!r}")
                lv[i] = RANKS.index(levels[i])
        if points is not None:
            for i in range(4):
                pt[i] = points[i]
        rc = sj_match_init(&self.m, &r, end, first_dealer, lv if levels is not None else NULL,
                           pt if points is not None else NULL)
        if rc == SJ_E_ARGS:
            seq = [RANKS[self.m.seq[i]] for i in range(self.m.nseq)]
            if levels is not None and all(x in seq for x in levels) is False:
                raise ValueError(f"levels must be levels of the match ({', '.join(dict.fromkeys(seq))}), got "
                                 f"{tuple(levels)!r}")
            raise ValueError(f"end_level must be a level of the match after its first; got {end_level!r}")
        if rc != SJ_OK:
            _raise_error(rc, "match", &r)

    @property
    def sequence(self):
        """The levels a unit climbs through, in order."""
        return [RANKS[self.m.seq[i]] for i in range(self.m.nseq)]

    @property
    def must_play(self):
        return {i for i in range(self.m.nseq) if self.m.must[i]}

    @property
    def steps(self):
        return [self.m.steps[i] for i in range(4 if self.m.per_seat else 2)]

    @property
    def dealer(self):
        return self.m.dealer

    @property
    def winner(self):
        return None if self.m.winner < 0 else self.m.winner

    @property
    def deals(self):
        return self.m.deals

    @property
    def first_deal(self):
        return bool(self.m.first_deal)

    @property
    def level(self):
        return RANKS[sj_match_level(&self.m)]

    @property
    def points(self):
        cdef int out[4]
        sj_match_totals(&self.m, out)
        return (out[0], out[1], out[2], out[3])

    def climb(self, int step, int n):
        """Where a unit at position ``step`` of the sequence ends after climbing ``n`` levels (sj_match_climb)."""
        if not 0 <= step < self.m.nseq or n < 0:
            raise ValueError(f"step must be 0 .. {self.m.nseq - 1} and n >= 0")
        return sj_match_climb(&self.m, step, n)

    def record(self, Deal deal):
        rc = sj_match_record(&self.m, &deal.d)
        if rc != SJ_OK:
            raise ValueError("record: the deal is not finished, or the match is over")


def _native_matches(MatchState start, policies, seed, first, long n, long max_deals, int threads,
                    int8_t[::1] winner, int32_t[::1] deals, int8_t[:, ::1] final_levels, int32_t[:, ::1] points,
                    int32_t[::1] kept):
    """Play matches natively (sj_matches, GIL released); arrays of n entries (final_levels, points: n x 4)."""
    cdef sj_player players[4]
    cdef int i
    for i in range(4):
        players[i] = _player(policies[i])
    cdef sj_matches_out out
    if n == 0:
        return 0
    out.winner = &winner[0]
    out.deals = &deals[0]
    out.final_levels = &final_levels[0, 0]
    out.points = &points[0, 0]
    out.kept = &kept[0]
    cdef uint64_t s = _check_u64(seed, "seed"), f = _check_u64(first, "first")
    cdef long done = 0, failed = -1
    flags = _Flags()
    cdef sj_run_flags *fp = &(<_Flags>flags).f

    def run():
        nonlocal done
        with nogil:
            done = sj_matches(&start.m, players, s, f, n, max_deals, threads, &out, fp, &failed)

    _interruptible(run, flags.cancel)
    if done < 0:
        _raise_error(done, f"match {failed} of seed {seed}", &start.m.rules)
    return done
