# Declarations of csrc/include/sj_ismcts.h (nothing else belongs here).
from libc.stdint cimport uint64_t
from .sj_parallel cimport sj_budget, sj_run_flags
from .sj_world cimport sj_world_record, sj_world_template

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_determinize cimport sj_decl_event, sj_det, sj_shown
from .sj_policy cimport sj_player

cdef extern from "sj_ismcts.h" nogil:
    ctypedef enum sj_value_kind:
        SJ_VALUE_LEVELS
        SJ_VALUE_POINTS
        SJ_VALUE_BLEND

    ctypedef struct sj_ismcts_in:
        const sj_deal *deal
        const sj_det *det
        int slot_seat[4]
        const sj_cards *actions
        int nactions
        long iterations
        int trees
        sj_player player[4]
        uint64_t seed
        int value
        double exploration
        sj_budget *budget
        long max_nodes
        int declare_observer
        const sj_shown *shown
        int nshown
        const sj_decl_event *record
        int nrecord
        const sj_world_template *judge_t
        const sj_world_record *judge_rec
        double judge_p
        double judge_temper
        int judge_pool

    ctypedef struct sj_ismcts_out:
        long *visits
        double *reward
        long iterations
        long nodes

    int sj_ismcts(const sj_ismcts_in *r, sj_ismcts_out *out, int threads, sj_run_flags *flags, long *failed_tree)
