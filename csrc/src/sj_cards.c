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
    if (need == 1) { /* one card: the j-th of the list below, found without writing the list */
        int m = sj_cards_size(pool);
        if (!m) return;
        int j = (int)sj_rng_below(r, (uint32_t)m);
        for (int i = 0; i < SJ_MAX_DECKS; i++) {
            int c = __builtin_popcountll(pool->p[i]);
            if (j >= c) {
                j -= c;
                continue;
            }
            uint64_t b = pool->p[i];
            int base = 0;
            for (int half = 32; half >= 1; half >>= 1) { /* halve to the j-th set bit, without branches */
                int low = __builtin_popcountll(b & ((UINT64_C(1) << half) - 1)), up = -(j >= low);
                int shift = half & up;
                j -= low & up;
                b = (b >> shift) & ((UINT64_C(1) << half) - 1);
                base += shift;
            }
            sj_cards_add_one(out, base);
            return;
        }
    }
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

sj_cards sj_cards_canonical(const sj_cards *play, const uint64_t same[SJ_NUM_KINDS]) {
    sj_cards out = *play;
    uint64_t done = 0;
    for (uint64_t m = play->p[0]; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        uint64_t members = same[k];
        if ((done >> k & 1) || !(members & (members - 1))) continue; /* done, or a class of one */
        done |= members;
        int n = 0, taken[SJ_NUM_KINDS], kinds[SJ_NUM_KINDS];
        for (uint64_t x = members; x; x &= x - 1) {
            kinds[n] = __builtin_ctzll(x);
            taken[n] = sj_cards_count(play, kinds[n]);
            n++;
        }
        for (int i = 1; i < n; i++) /* counts largest first (insertion sort: classes are short) */
            for (int j = i; j > 0 && taken[j] > taken[j - 1]; j--) {
                int tmp = taken[j];
                taken[j] = taken[j - 1];
                taken[j - 1] = tmp;
            }
        for (int i = 0; i < n; i++) {
            uint64_t bit = UINT64_C(1) << kinds[i];
            for (int p = 0; p < SJ_MAX_DECKS; p++) out.p[p] = p < taken[i] ? (out.p[p] | bit) : (out.p[p] & ~bit);
        }
    }
    return out;
}
