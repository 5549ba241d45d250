# Declarations of csrc/include/sj_classes.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal

cdef extern from "sj_classes.h" nogil:
    long sj_group_classes(const sj_deal *d, const sj_cards *plays, long n, long *cls)
