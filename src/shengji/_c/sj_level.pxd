# Declarations of csrc/include/sj_level.h (nothing else belongs here).
from .sj_rules cimport sj_rules


cdef extern from "sj_level.h" nogil:
    ctypedef struct sj_level_outcome:
        int dealer_keeps
        int dealer_levels
        int attacker_levels

    sj_level_outcome sj_level_outcome_of(const sj_rules *rules, int attacker_points)
    int sj_level_played(const sj_rules *rules, int level)
