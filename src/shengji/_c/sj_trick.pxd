# Declarations of csrc/include/sj_trick.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_trump cimport sj_trump

cdef extern from "sj_trick.h" nogil:
    int sj_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays)
