# Declarations of csrc/include/sj_refusal.h (nothing else belongs here).
from .sj_cards cimport sj_cards

cdef extern from "sj_refusal.h" nogil:
    int SJ_WHY_NONE
    int SJ_WHY_COUNT
    ctypedef struct sj_refusal:
        int why
        int seat
        int n
        int m
        sj_cards cards
        sj_cards other
    const char *sj_refusal_text(int why)
