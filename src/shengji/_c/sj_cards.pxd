# Declarations of csrc/include/sj_cards.h (nothing else belongs here).
from libc.stdint cimport uint8_t, uint64_t

cdef extern from "sj_cards.h" nogil:
    int SJ_MAX_DECKS
    int SJ_NUM_KINDS
    int SJ_SMALL_JOKER
    int SJ_BIG_JOKER

    ctypedef struct sj_cards:
        uint64_t p[4]

    sj_cards sj_cards_empty()
    int sj_cards_count(const sj_cards *c, int kind)
    int sj_cards_size(const sj_cards *c)
    int sj_cards_is_empty(const sj_cards *c)
    int sj_cards_equal(const sj_cards *a, const sj_cards *b)
    int sj_cards_add_one(sj_cards *c, int kind)
    int sj_cards_remove_one(sj_cards *c, int kind)
    sj_cards sj_cards_mask(const sj_cards *c, uint64_t mask)
    int sj_cards_add(const sj_cards *a, const sj_cards *b, sj_cards *out)
    int sj_cards_sub(const sj_cards *a, const sj_cards *b, sj_cards *out)
    int sj_cards_contains(const sj_cards *a, const sj_cards *b)
    int sj_cards_max_copies(const sj_cards *c)
    int sj_cards_points(const sj_cards *c)
    void sj_cards_to_counts(const sj_cards *c, uint8_t *counts)
    sj_cards sj_cards_from_counts(const uint8_t *counts)
