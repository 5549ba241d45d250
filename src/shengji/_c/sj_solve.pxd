# Declarations of csrc/include/sj_solve.h (nothing else belongs here).
from libc.stdint cimport int16_t, uint16_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_parallel cimport sj_run_flags

cdef extern from "sj_solve.h" nogil:
    ctypedef struct sj_tt_entry:
        uint64_t key
        int16_t lo, hi
        uint16_t best, gen

    ctypedef struct sj_solver:
        long nodes

    void sj_solver_init(sj_solver *s, sj_tt_entry *tt, int bits, sj_run_flags *flags)
    void sj_solver_reset(sj_solver *s)
    void sj_solver_free(sj_solver *s)
    int sj_solve(sj_solver *s, const sj_deal *d, int *final_points)
    int sj_solve_actions(sj_solver *s, const sj_deal *d, const sj_cards *actions, long n, int *final_points)
    int sj_solve_finish(sj_solver *s, sj_deal *d)
