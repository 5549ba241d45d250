# Declarations of csrc/include/sj_selfplay.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_determinize cimport sj_decl_event
from .sj_parallel cimport sj_run_flags
from .sj_rules cimport sj_rules
from .sj_sim cimport sj_setup

cdef extern from "sj_selfplay.h" nogil:
    int SJ_RECORD_CANDIDATES
    int SJ_DECLARATIONS_KEPT
    ctypedef struct sj_records:
        long nrows, cap
        int64_t *game
        int8_t *seat
        int8_t *phase
        int16_t *n_candidates
        int16_t *choice
        int16_t *points
        float *ret
        uint8_t *obs
        uint8_t *action
        int64_t *candidate_start
        uint8_t *cands
        long ncands, ccap

    ctypedef struct sj_selfplay_in:
        const sj_rules *rules
        const sj_setup *setup
        uint64_t seed, first_game
        long games
        int points
        int skip_forced
        int keep_candidates
        uint64_t hidden_draws[8]

    long sj_selfplay(const sj_selfplay_in *inp, int threads, sj_records *out, sj_run_flags *flags,
                     long *failed_game)
    void sj_records_free(sj_records *out)
    long sj_learner_candidates(const sj_deal *d, const sj_decl_event *decl, int ndecl, const uint64_t *hidden_draws,
                               sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen, int *choice)
