# Declarations of csrc/include/sj_encode.h (nothing else belongs here).
from libc.stdint cimport uint8_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal

cdef extern from "sj_encode.h" nogil:
    int SJ_ENCODE_SIZE
    int SJ_ACTION_SIZE
    void sj_encode_observation(const sj_deal *d, int seat, uint8_t *out)
    void sj_encode_action(const sj_cards *action, uint8_t *out)
