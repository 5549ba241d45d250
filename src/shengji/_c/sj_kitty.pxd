# Declarations of csrc/include/sj_kitty.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_trump cimport sj_trump

cdef extern from "sj_kitty.h" nogil:
    int sj_kitty_multiplier(const sj_trump *t, const sj_cards *last_lead)
