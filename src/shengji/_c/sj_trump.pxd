# Declarations of csrc/include/sj_trump.h (nothing else belongs here).
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_rules cimport sj_rules

cdef extern from "sj_trump.h" nogil:
    int SJ_TRUMP
    int SJ_NO_SUIT
    int SJ_MAX_POS

    ctypedef struct sj_trump:
        sj_rules rules
        int level
        int suit
        uint16_t constants
        uint64_t suit_mask[5]
        int8_t eff[54]
        int8_t pos[54]
        uint8_t npos[5]
        int natural
        uint64_t borrow_mask[5]

    int sj_trump_init(sj_trump *t, const sj_rules *rules, int level_rank, int suit)
    int sj_trump_suit_of(const sj_trump *t, const sj_cards *c)
