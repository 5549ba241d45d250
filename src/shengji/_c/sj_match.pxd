# Declarations of csrc/include/sj_match.h (nothing else belongs here).
from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t

from .sj_deal cimport sj_deal
from .sj_parallel cimport sj_run_flags
from .sj_policy cimport sj_player
from .sj_rules cimport sj_rules

cdef extern from "sj_match.h" nogil:
    ctypedef struct sj_match:
        sj_rules rules
        int nseq
        uint8_t seq[14]
        uint8_t must[14]
        int per_seat
        int steps[4]
        int dealer
        int winner
        long deals
        int first_deal
        int keeps_points

    ctypedef struct sj_matches_out:
        int8_t *winner
        int32_t *deals
        int8_t *final_levels
        int32_t *points
        int32_t *kept

    int sj_match_units(const sj_rules *rules)
    int sj_match_init(sj_match *m, const sj_rules *rules, int end_level, int first_dealer, const int *levels,
                      const int *points)
    int sj_match_level(const sj_match *m)
    int sj_match_climb(const sj_match *m, int step, int n)
    int sj_match_start_deal(const sj_match *m, uint64_t seed, sj_deal *d)
    int sj_match_record(sj_match *m, const sj_deal *d)
    void sj_match_totals(const sj_match *m, int *out)
    enum: SJ_CHINAGAME_TIERS
    int sj_chinagame_tier(long points)
    const char *sj_chinagame_tier_name(int tier)
    int sj_chinagame_tier_from(int tier)
    uint64_t sj_match_seed(uint64_t seed, uint64_t i)
    long sj_matches(const sj_match *start, const sj_player players[4], uint64_t seed, uint64_t first, long n,
                    long max_deals, int threads, sj_matches_out *out, sj_run_flags *flags, long *failed_match)
