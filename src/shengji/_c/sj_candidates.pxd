# Declarations of csrc/include/sj_candidates.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal


cdef extern from "sj_candidates.h" nogil:
    int SJ_CANDIDATES
    int SJ_CLASS_LIST_LIMIT
    long sj_follow_candidates(const sj_deal *d, sj_cards *out)
    long sj_candidate_actions(const sj_deal *d, sj_cards *out)
    long sj_search_candidates(const sj_deal *d, sj_cards *out)
    long sj_search_candidates_choice(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                     int *choice)
    long sj_bury_candidates(const sj_deal *d, sj_cards *out, long cap)
