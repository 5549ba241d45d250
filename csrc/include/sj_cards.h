/* sj_cards.h — card kinds and multisets of cards as bit planes.
 *
 * A card kind is an index 0..53: suit * 13 + rank for suits S H D C (0..3) and ranks 2..A (0..12),
 * SJ_SMALL_JOKER = 52, SJ_BIG_JOKER = 53.  A multiset of cards (up to SJ_MAX_DECKS copies of each
 * kind) is stored as SJ_MAX_DECKS 64-bit planes in thermometer code: bit k of plane i is set when
 * the multiset holds more than i copies of kind k.  So plane 0 is "which kinds are present",
 * plane 1 is "which kinds form a pair", and so on; every plane is a subset of the one before.
 */
#ifndef SJ_CARDS_H
#define SJ_CARDS_H

#include <stdint.h>

#include "sj_rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_MAX_DECKS 4
#define SJ_NUM_KINDS 54
#define SJ_NUM_SUITS 4
#define SJ_NUM_RANKS 13
#define SJ_SMALL_JOKER 52
#define SJ_BIG_JOKER 53
#define SJ_RANK_5 3
#define SJ_RANK_10 8
#define SJ_RANK_K 11
#define SJ_MAX_PACK (SJ_NUM_KINDS * SJ_MAX_DECKS) /* cards in the largest pack */
#define SJ_ALL_KINDS ((UINT64_C(1) << SJ_NUM_KINDS) - 1)

typedef struct sj_cards {
    uint64_t p[SJ_MAX_DECKS];
} sj_cards;

static inline int sj_kind_suit(int kind) { return kind < 52 ? kind / 13 : -1; }
static inline int sj_kind_rank(int kind) { return kind < 52 ? kind % 13 : -1; }
static inline int sj_make_kind(int suit, int rank) { return suit * 13 + rank; }

/* Empty multiset. */
static inline sj_cards sj_cards_empty(void) {
    sj_cards c = {{0, 0, 0, 0}};
    return c;
}

/* Copies of `kind` held (0..4). */
static inline int sj_cards_count(const sj_cards *c, int kind) {
    uint64_t b = UINT64_C(1) << kind;
    return ((c->p[0] & b) != 0) + ((c->p[1] & b) != 0) + ((c->p[2] & b) != 0) + ((c->p[3] & b) != 0);
}

/* Total number of cards. */
static inline int sj_cards_size(const sj_cards *c) {
    return __builtin_popcountll(c->p[0]) + __builtin_popcountll(c->p[1]) +
           __builtin_popcountll(c->p[2]) + __builtin_popcountll(c->p[3]);
}

static inline int sj_cards_is_empty(const sj_cards *c) { return c->p[0] == 0; }

static inline int sj_cards_equal(const sj_cards *a, const sj_cards *b) {
    return a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->p[2] == b->p[2] && a->p[3] == b->p[3];
}

/* Add one copy of kind; returns 0 on success, -1 when already SJ_MAX_DECKS copies. */
static inline int sj_cards_add_one(sj_cards *c, int kind) {
    uint64_t b = UINT64_C(1) << kind;
    for (int i = 0; i < SJ_MAX_DECKS; i++) {
        if (!(c->p[i] & b)) {
            c->p[i] |= b;
            return 0;
        }
    }
    return -1;
}

/* Remove one copy of kind; returns 0 on success, -1 when absent. */
static inline int sj_cards_remove_one(sj_cards *c, int kind) {
    uint64_t b = UINT64_C(1) << kind;
    for (int i = SJ_MAX_DECKS - 1; i >= 0; i--) {
        if (c->p[i] & b) {
            c->p[i] &= ~b;
            return 0;
        }
    }
    return -1;
}

/* Keep only the kinds in `mask` (all their copies). */
static inline sj_cards sj_cards_mask(const sj_cards *c, uint64_t mask) {
    sj_cards r;
    for (int i = 0; i < SJ_MAX_DECKS; i++) r.p[i] = c->p[i] & mask;
    return r;
}

/* Multiset sum; returns -1 (and leaves *out unspecified) if a kind would exceed 4 copies. */
int sj_cards_add(const sj_cards *a, const sj_cards *b, sj_cards *out);
/* Multiset difference a - b; returns -1 if b is not contained in a. */
int sj_cards_sub(const sj_cards *a, const sj_cards *b, sj_cards *out);
/* 1 when b is a sub-multiset of a. */
int sj_cards_contains(const sj_cards *a, const sj_cards *b);
/* Largest number of copies of any kind. */
int sj_cards_max_copies(const sj_cards *c);
/* Points (5 = 5, 10 = 10, K = 10). */
int sj_cards_points(const sj_cards *c);
/* Per-kind counts into counts[54]. */
void sj_cards_to_counts(const sj_cards *c, uint8_t counts[SJ_NUM_KINDS]);
/* Add to *out `need` physical cards drawn uniformly without replacement from `pool` (all of them when
 * the pool is smaller). */
void sj_cards_draw(const sj_cards *pool, int need, sj_rng *r, sj_cards *out);
/* From per-kind counts (each 0..4; larger values are clipped to 4). */
sj_cards sj_cards_from_counts(const uint8_t counts[SJ_NUM_KINDS]);

#ifdef __cplusplus
}
#endif
#endif
