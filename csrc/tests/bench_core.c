/* C-side timing of the rules core: ns per call of units, is_legal_follow, legal_follows, check_throw,
 * trick_winner on random 2-deck QQ positions (deals of four hands; the lead is a random unit or
 * throw of one suit from the leader's hand, answered by the next hands).
 * Usage: bench_core [positions] [repeats]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sj_follow.h"
#include "sj_throw.h"
#include "sj_trick.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int rnd(int n) { return (int)(next_u64() % (uint64_t)n); }

typedef struct position {
    sj_trump t;
    sj_cards hands[4];
    sj_cards lead;
    sj_cards play[3];
} position;

/* Random sub-multiset of `from` restricted to mask, of size n (n <= cards available). */
static sj_cards pick(const sj_cards *from, uint64_t mask, int n) {
    sj_cards pool = sj_cards_mask(from, mask), out = sj_cards_empty();
    int kinds[216], m = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int c = sj_cards_count(&pool, k); c > 0; c--) kinds[m++] = k;
    for (int i = 0; i < n && m > 0; i++) {
        int j = rnd(m);
        sj_cards_add_one(&out, kinds[j]);
        kinds[j] = kinds[--m];
    }
    return out;
}

static void make_position(position *p) {
    sj_rules r = sj_rules_default();
    sj_trump_init(&p->t, &r, rnd(13), rnd(5) - 1);
    int pack[108], n = 0;
    for (int k = 0; k < 54; k++) pack[n++] = k, pack[n++] = k;
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), x = pack[i];
        pack[i] = pack[j], pack[j] = x;
    }
    for (int h = 0; h < 4; h++) {
        p->hands[h] = sj_cards_empty();
        for (int i = 0; i < 25; i++) sj_cards_add_one(&p->hands[h], pack[h * 25 + i]);
    }
    /* Lead: a pair or tractor when the leader has one in the chosen suit (half the time), else 1-3 cards. */
    int e = p->t.eff[pack[rnd(25)]];
    sj_cards mine = sj_cards_mask(&p->hands[0], p->t.suit_mask[e]);
    if (mine.p[1] && rnd(2)) {
        uint64_t pairs = mine.p[1];
        int k = __builtin_ctzll(pairs);
        p->lead = sj_cards_empty();
        sj_cards_add_one(&p->lead, k);
        sj_cards_add_one(&p->lead, k);
    } else {
        int sz = sj_cards_size(&mine);
        p->lead = pick(&mine, SJ_ALL_KINDS, sz < 3 ? (sz ? sz : 1) : 1 + rnd(3));
        if (sj_cards_is_empty(&p->lead)) p->lead = pick(&p->hands[0], SJ_ALL_KINDS, 1);
    }
    int n_lead = sj_cards_size(&p->lead);
    int le = sj_trump_suit_of(&p->t, &p->lead);
    for (int f = 0; f < 3; f++) {
        sj_cards in = sj_cards_mask(&p->hands[f + 1], p->t.suit_mask[le]);
        p->play[f] = sj_cards_size(&in) >= n_lead ? pick(&in, SJ_ALL_KINDS, n_lead) : pick(&p->hands[f + 1], SJ_ALL_KINDS, n_lead);
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int npos = argc > 1 ? atoi(argv[1]) : 20000, reps = argc > 2 ? atoi(argv[2]) : 20;
    position *ps = malloc(sizeof(position) * (size_t)npos);
    for (int i = 0; i < npos; i++) make_position(&ps[i]);
    long sink = 0;
    double t0;
    sj_unit units[SJ_MAX_UNITS];
    sj_cards out[256], played;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) {
            int e = sj_trump_suit_of(&ps[i].t, &ps[i].lead);
            sj_cards suit = sj_cards_mask(&ps[i].hands[0], ps[i].t.suit_mask[e]);
            sink += sj_units(&ps[i].t, &suit, units, SJ_MAX_UNITS);
        }
    double t_units_hand = (now() - t0) / ((double)reps * npos) * 1e9;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) sink += sj_units(&ps[i].t, &ps[i].lead, units, SJ_MAX_UNITS);
    double t_units = (now() - t0) / ((double)reps * npos) * 1e9;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) sink += sj_is_legal_follow(&ps[i].t, &ps[i].hands[1], &ps[i].lead, &ps[i].play[0]);
    double t_legal = (now() - t0) / ((double)reps * npos) * 1e9;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) sink += sj_legal_follows(&ps[i].t, &ps[i].hands[1], &ps[i].lead, out, 256, 256);
    double t_follows = (now() - t0) / ((double)reps * npos) * 1e9;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) sink += sj_check_throw(&ps[i].t, &ps[i].lead, &ps[i].hands[1], 3, &played);
    double t_throw = (now() - t0) / ((double)reps * npos) * 1e9;

    t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < npos; i++) {
            sj_cards plays[4] = {ps[i].lead, ps[i].play[0], ps[i].play[1], ps[i].play[2]};
            sink += sj_trick_winner(&ps[i].t, plays, 4);
        }
    double t_trick = (now() - t0) / ((double)reps * npos) * 1e9;

    printf("{\"positions\": %d, \"repeats\": %d, \"ns_per_call\": {\"units_lead\": %.1f, \"units_leader_suit\": %.1f, "
           "\"is_legal_follow\": %.1f, \"legal_follows\": %.1f, \"check_throw\": %.1f, \"trick_winner\": %.1f}, "
           "\"sink\": %ld}\n",
           npos, reps, t_units, t_units_hand, t_legal, t_follows, t_throw, t_trick, sink);
    free(ps);
    return 0;
}
