# Declarations of csrc/include/sj_units.h (nothing else belongs here).
from libc.stdint cimport uint8_t

from .sj_cards cimport sj_cards
from .sj_rules cimport sj_rules
from .sj_trump cimport sj_trump

cdef extern from "sj_units.h" nogil:
    int SJ_MAX_UNITS

    ctypedef struct sj_shape:
        uint8_t w
        uint8_t l

    ctypedef struct sj_unit:
        uint8_t w
        uint8_t l
        uint8_t top
        uint8_t eff
        sj_cards cards

    int sj_shape_key(const sj_rules *rules, int w, int l)
    int sj_play_suit(const sj_trump *t, const sj_cards *play)
    int sj_units(const sj_trump *t, const sj_cards *play, sj_unit *out, int cap)
