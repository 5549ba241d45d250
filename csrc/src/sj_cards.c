/* sj_cards.c — multiset arithmetic on thermometer-coded bit planes (see sj_cards.h). */
#include "sj_cards.h"

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
