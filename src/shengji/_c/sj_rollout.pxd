# Declarations of csrc/include/sj_rollout.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from .sj_parallel cimport sj_budget, sj_run_flags
from .sj_world cimport sj_world_record, sj_world_template

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_determinize cimport sj_decl_event, sj_det, sj_shown
from .sj_policy cimport sj_player

cdef extern from "sj_rollout.h" nogil:
    ctypedef struct sj_rollout_in:
        const sj_deal *deal
        const sj_det *det
        int slot_seat[4]
        const sj_cards *actions
        int nactions
        int worlds
        sj_player player[4]
        uint64_t seed
        int endgame
        sj_budget *budget
        int declare_observer
        const sj_shown *shown
        int nshown
        const sj_decl_event *record
        int nrecord
        const sj_world_template *judge_t
        const sj_world_record *judge_rec
        double judge_p

    ctypedef struct sj_rollout_out:
        int16_t *attacker_points
        uint8_t *kitty_captured
        int8_t *dealer_levels
        int8_t *attacker_levels
        int8_t *dealer
        int8_t *partner
        uint8_t *done
        double *loglik

    int sj_rollout_world(const sj_rollout_in *r, uint64_t w, sj_deal *world)
    int sj_rollouts(const sj_rollout_in *r, sj_rollout_out *out, int threads, sj_run_flags *flags, long *failed_world)
