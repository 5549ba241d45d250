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

/* The multiset arithmetic below is inline: it runs at every play of every deal. */

/* Add one copy of every kind in the set s: each goes to its lowest empty plane. */
static inline int sj_cards_add_set_(sj_cards *c, uint64_t s) {
    for (int i = 0; i < SJ_MAX_DECKS && s; i++) {
        uint64_t m = s & ~c->p[i];
        c->p[i] |= m;
        s &= ~m;
    }
    return s ? -1 : 0;
}

/* Multiset sum; returns -1 (and leaves in *out a partial sum) if a kind would exceed 4 copies. */
static inline int sj_cards_add(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    sj_cards r = *a;
    int rc = 0;
    for (int j = 0; j < SJ_MAX_DECKS && b->p[j] && !rc; j++) rc = sj_cards_add_set_(&r, b->p[j]);
    *out = r;
    return rc;
}

/* 1 when b is a sub-multiset of a. */
static inline int sj_cards_contains(const sj_cards *a, const sj_cards *b) {
    return !((b->p[0] & ~a->p[0]) | (b->p[1] & ~a->p[1]) | (b->p[2] & ~a->p[2]) | (b->p[3] & ~a->p[3]));
}

/* Multiset difference a - b; returns -1 (and *out = a) if b is not contained in a. */
static inline int sj_cards_sub(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    if (!sj_cards_contains(a, b)) {
        *out = *a;
        return -1;
    }
    /* Removing one copy of every kind in a set clears each kind's highest plane; b's planes are such sets. */
    sj_cards r = *a;
    for (int j = 0; j < SJ_MAX_DECKS && b->p[j]; j++) {
        uint64_t s = b->p[j];
        for (int i = SJ_MAX_DECKS - 1; i >= 0 && s; i--) {
            uint64_t m = s & r.p[i];
            r.p[i] &= ~m;
            s &= ~m;
        }
    }
    *out = r;
    return 0;
}

/* In place: c += b (the total stays within SJ_MAX_DECKS copies of each kind: the caller knows). */
static inline void sj_cards_put(sj_cards *c, const sj_cards *b) {
    for (int j = 0; j < SJ_MAX_DECKS && b->p[j]; j++) (void)sj_cards_add_set_(c, b->p[j]);
}

/* In place: c -= b, b contained in c (the caller knows): each of b's planes removes one copy of its kinds, from
 * each kind's highest plane. */
static inline void sj_cards_take(sj_cards *c, const sj_cards *b) {
    for (int j = 0; j < SJ_MAX_DECKS && b->p[j]; j++) {
        uint64_t s = b->p[j];
        for (int i = SJ_MAX_DECKS - 1; i >= 0 && s; i--) {
            uint64_t m = s & c->p[i];
            c->p[i] &= ~m;
            s &= ~m;
        }
    }
}

/* Largest number of copies of any kind. */
static inline int sj_cards_max_copies(const sj_cards *c) {
    return c->p[3] ? 4 : c->p[2] ? 3 : c->p[1] ? 2 : c->p[0] ? 1 : 0;
}

#define SJ_KIND_BIT_(s, r) (UINT64_C(1) << ((s) * 13 + (r)))
#define SJ_RANK_MASK_(r) (SJ_KIND_BIT_(0, r) | SJ_KIND_BIT_(1, r) | SJ_KIND_BIT_(2, r) | SJ_KIND_BIT_(3, r))

#define SJ_FIVES_ SJ_RANK_MASK_(SJ_RANK_5)
#define SJ_TENS_ (SJ_RANK_MASK_(SJ_RANK_10) | SJ_RANK_MASK_(SJ_RANK_K))

/* Points (5 = 5, 10 = 10, K = 10). */
static inline int sj_cards_points(const sj_cards *c) {
    int pts = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        pts += 5 * __builtin_popcountll(c->p[i] & SJ_FIVES_) + 10 * __builtin_popcountll(c->p[i] & SJ_TENS_);
    return pts;
}

/* Points of one card of a kind. */
static inline int sj_kind_points(int kind) { return 5 * (int)(SJ_FIVES_ >> kind & 1) + 10 * (int)(SJ_TENS_ >> kind & 1); }
/* Classes of exchangeable kinds (same[k]: the kinds of k's class, k included): the member of the play's class that
 * gives its lower kinds the most copies (each class's counts sorted, largest first, onto its kinds in ascending
 * order; docs/MODEL.md §10). */
sj_cards sj_cards_canonical(const sj_cards *play, const uint64_t same[SJ_NUM_KINDS]);

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
