# Declarations of csrc/include/sj_throw.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_trump cimport sj_trump

cdef extern from "sj_throw.h" nogil:
    int sj_check_throw(const sj_trump *t, const sj_cards *lead, const sj_cards *others, int nothers,
                       sj_cards *played)
