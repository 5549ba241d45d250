/* sj_cards.c — multiset arithmetic on thermometer-coded bit planes (see sj_cards.h). */
#include "sj_cards.h"

/* Add one copy of every kind in the set s: each goes to its lowest empty plane. */
static int add_set(sj_cards *c, uint64_t s) {
    for (int i = 0; i < SJ_MAX_DECKS && s; i++) {
        uint64_t m = s & ~c->p[i];
        c->p[i] |= m;
        s &= ~m;
    }
    return s ? -1 : 0;
}

int sj_cards_add(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    sj_cards r = *a;
    for (int j = 0; j < SJ_MAX_DECKS && b->p[j]; j++)
        if (add_set(&r, b->p[j]) < 0) return -1;
    *out = r;
    return 0;
}

int sj_cards_contains(const sj_cards *a, const sj_cards *b) {
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        if (b->p[i] & ~a->p[i]) return 0;
    return 1;
}

int sj_cards_sub(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    if (!sj_cards_contains(a, b)) return -1;
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

int sj_cards_max_copies(const sj_cards *c) {
    for (int i = SJ_MAX_DECKS - 1; i >= 0; i--)
        if (c->p[i]) return i + 1;
    return 0;
}

#define SJ_KIND_BIT(s, r) (UINT64_C(1) << ((s) * 13 + (r)))
#define SJ_RANK_MASK(r) (SJ_KIND_BIT(0, r) | SJ_KIND_BIT(1, r) | SJ_KIND_BIT(2, r) | SJ_KIND_BIT(3, r))

int sj_cards_points(const sj_cards *c) {
    const uint64_t fives = SJ_RANK_MASK(SJ_RANK_5), tens = SJ_RANK_MASK(SJ_RANK_10) | SJ_RANK_MASK(SJ_RANK_K);
    int pts = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        pts += 5 * __builtin_popcountll(c->p[i] & fives) + 10 * __builtin_popcountll(c->p[i] & tens);
    return pts;
}

void sj_cards_to_counts(const sj_cards *c, uint8_t counts[SJ_NUM_KINDS]) {
    for (int k = 0; k < SJ_NUM_KINDS; k++) counts[k] = (uint8_t)sj_cards_count(c, k);
}

sj_cards sj_cards_from_counts(const uint8_t counts[SJ_NUM_KINDS]) {
    sj_cards c = sj_cards_empty();
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int n = counts[k] > SJ_MAX_DECKS ? SJ_MAX_DECKS : counts[k];
        for (int i = 0; i < n; i++) c.p[i] |= UINT64_C(1) << k;
    }
    return c;
}

void sj_cards_draw(const sj_cards *pool, int need, sj_rng *r, sj_cards *out) {
    uint8_t kinds[SJ_MAX_PACK];
    int m = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = pool->p[i]; b; b &= b - 1) kinds[m++] = (uint8_t)__builtin_ctzll(b);
    for (int i = 0; i < need && m > 0; i++) {
        int j = (int)sj_rng_below(r, (uint32_t)m);
        sj_cards_add_one(out, kinds[j]);
        kinds[j] = kinds[--m];
    }
}
