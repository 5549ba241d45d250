# Declarations of csrc/include/sj_determinize.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, uint8_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_rng cimport sj_rng
from .sj_rules cimport sj_rules

cdef extern from "sj_determinize.h" nogil:
    int SJ_DET_SLOTS
    int SJ_DET_MAX_GROUPS
    ctypedef struct sj_det:
        pass
    sj_det *sj_det_new(int nslots, const int *caps, int ngroups, const sj_cards *cards, const uint8_t *allowed, int *err)
    void sj_det_free(sj_det *det)
    double sj_det_count(const sj_det *det)
    int sj_det_sample(const sj_det *det, sj_rng *r, sj_cards *out)

    ctypedef struct sj_shown:
        int8_t seat
        uint8_t kind
        int16_t step

    ctypedef struct sj_decl_event:
        int16_t step
        int8_t seat
        uint8_t size
        sj_cards cards

    int sj_declare_order(int decks, int npack, int dealt, int dealer, int cur, int observer, int own_kitty,
                         const sj_cards *own, const sj_shown *shown, int nshown, sj_rng *r, uint8_t *order)

    ctypedef struct sj_face_down:
        int dealt_by, level, first_deal, redeals
        int phase
        int step
        int to_move, dealer
        int hand_sizes[4]
        int observer
        sj_cards hand
        const sj_shown *shown
        int nshown
        const sj_decl_event *record
        int nrecord

    int sj_face_down_world(const sj_rules *rules, const sj_face_down *fd, sj_rng *r, sj_deal *world, sj_cards *cards)
