# Declarations of csrc/include/sj_follow.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_trump cimport sj_trump

cdef extern from "sj_follow.h" nogil:
    int sj_is_legal_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_cards *play)
    long sj_legal_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out,
                          long cap, long limit)
    long sj_legal_follows_tested(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out,
                                 long cap, long limit)
