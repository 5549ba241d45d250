/* sj_cards.c — multiset arithmetic on thermometer-coded bit planes (see sj_cards.h). */
#include "sj_cards.h"

/* at_least(c, m): kinds held at least m times (m = 0 gives every kind, m > 4 none). */
static uint64_t at_least(const sj_cards *c, int m) {
    if (m <= 0) return SJ_ALL_KINDS;
    if (m > SJ_MAX_DECKS) return 0;
    return c->p[m - 1];
}

int sj_cards_add(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    uint64_t planes[SJ_MAX_DECKS + 1];
    for (int m = 1; m <= SJ_MAX_DECKS + 1; m++) {
        uint64_t r = 0;
        for (int j = 0; j <= m; j++) r |= at_least(a, j) & at_least(b, m - j);
        planes[m - 1] = r;
    }
    if (planes[SJ_MAX_DECKS]) return -1;
    for (int i = 0; i < SJ_MAX_DECKS; i++) out->p[i] = planes[i];
    return 0;
}

int sj_cards_contains(const sj_cards *a, const sj_cards *b) {
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        if (b->p[i] & ~a->p[i]) return 0;
    return 1;
}

int sj_cards_sub(const sj_cards *a, const sj_cards *b, sj_cards *out) {
    if (!sj_cards_contains(a, b)) return -1;
    sj_cards r;
    for (int m = 1; m <= SJ_MAX_DECKS; m++) {
        uint64_t acc = 0;
        for (int j = 0; j + m <= SJ_MAX_DECKS; j++) {
            uint64_t exactly_j = at_least(b, j) & ~at_least(b, j + 1);
            acc |= at_least(a, m + j) & exactly_j;
        }
        r.p[m - 1] = acc;
    }
    *out = r;
    return 0;
}

int sj_cards_max_copies(const sj_cards *c) {
    for (int i = SJ_MAX_DECKS - 1; i >= 0; i--)
        if (c->p[i]) return i + 1;
    return 0;
}

int sj_cards_points(const sj_cards *c) {
    uint64_t fives = 0, tens = 0;
    for (int s = 0; s < SJ_NUM_SUITS; s++) {
        fives |= UINT64_C(1) << sj_make_kind(s, SJ_RANK_5);
        tens |= (UINT64_C(1) << sj_make_kind(s, SJ_RANK_10)) | (UINT64_C(1) << sj_make_kind(s, SJ_RANK_K));
    }
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
