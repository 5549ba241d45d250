# Declarations of csrc/include/sj_moves.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal


cdef extern from "sj_moves.h" nogil:
    long sj_deal_legal_leads(const sj_deal *d, sj_cards *out, long cap, long limit)
