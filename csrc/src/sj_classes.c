/* sj_classes.c — classes of equivalent plays (see sj_classes.h, docs/MODEL.md §10). */
#include "sj_classes.h"
#include "sj_moves.h"

#include <stdlib.h>

/* Most copies the mover holds of any kind at position p of suit e (0 outside the suit). */
static int held_at(const sj_trump *t, const sj_cards *hand, int e, int p) {
    if (p < 0 || p >= t->npos[e]) return 0;
    int most = 0;
    for (int j = 0; j < t->nat[e][p]; j++) {
        int c = sj_cards_count(hand, t->at[e][p][j]);
        if (c > most) most = c;
    }
    return most;
}

/* Kind k joins the class of kind prev. */
static void join_class(sj_classes *out, int prev, int k) {
    uint64_t members = out->same[prev] | UINT64_C(1) << k;
    for (uint64_t m = members; m; m &= m - 1) out->same[__builtin_ctzll(m)] = members;
    out->multi |= members;
}

void sj_classes_of(const sj_deal *d, const sj_cards *others, sj_classes *out) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    for (uint64_t b = hand->p[0]; b; b &= b - 1) out->same[__builtin_ctzll(b)] = b & (~b + 1);
    out->multi = 0;
    /* the cards on the table still decide this trick: they are live, not dead */
    uint64_t table = 0;
    for (int i = 0; i < d->ntrick; i++) table |= d->trick[i].p[0];
    uint64_t live = hand->p[0] | others->p[0] | table;
    int printed = t->natural || d->rules.trump_order == SJ_ORDER_LEVEL_INDEX;
    int called = d->rules.partnership == SJ_PARTNER_CALL_CARD ? d->called : -1;
    /* kinds only the mover can play: a class needs two of them in one suit */
    uint64_t solo = hand->p[0] & ~others->p[0] & ~table & ~(called >= 0 ? UINT64_C(1) << called : 0);
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        uint64_t mine = solo & t->suit_mask[e];
        if (!(mine & (mine - 1))) continue;
        if (e != SJ_TRUMP) { /* a plain suit: one kind a position, its kinds in position order */
            uint64_t suit = t->suit_mask[e];
            int prev = -1;
            for (uint64_t b = live & suit; b; b &= b - 1) {
                int k = __builtin_ctzll(b);
                if (!(solo >> k & 1)) {
                    prev = -1; /* a card someone else may play lies here: nothing merges across it */
                    continue;
                }
                int c = sj_cards_count(hand, k);
                if (prev >= 0 && sj_cards_count(hand, prev) == c && sj_kind_points(prev) == sj_kind_points(k) &&
                    (!printed || c == 1)) {
                    uint64_t below = suit & ((UINT64_C(1) << prev) - 1), above = suit & ~((UINT64_C(2) << k) - 1);
                    if (c == 1 || ((!below || sj_cards_count(hand, 63 - __builtin_clzll(below)) < 2) &&
                                   (!above || sj_cards_count(hand, __builtin_ctzll(above)) < 2))) {
                        join_class(out, prev, k);
                    }
                }
                prev = k;
            }
            continue;
        }
        int prev = -1, prev_pos = -1;
        for (int p = 0; p < t->npos[e]; p++) {
            int nlive = 0, k = -1;
            for (int j = 0; j < t->nat[e][p]; j++) {
                int kk = t->at[e][p][j];
                /* natural tractors list a plain suit's borrowable trumps above it: they are trumps, not of e */
                if (t->eff[kk] == e && (live >> kk & 1)) nlive++, k = kk;
            }
            if (nlive == 0) continue; /* a dead position: equals reach across it */
            if (nlive > 1 || !(solo >> k & 1)) {
                prev = -1; /* a card someone else may play lies here: nothing merges across it */
                continue;
            }
            int c = sj_cards_count(hand, k);
            if (prev >= 0 && sj_cards_count(hand, prev) == c && sj_kind_points(prev) == sj_kind_points(k) &&
                (!printed || (c == 1 && sj_kind_suit(prev) == sj_kind_suit(k))) &&
                (c == 1 || (held_at(t, hand, e, prev_pos - 1) < 2 && held_at(t, hand, e, p + 1) < 2))) {
                join_class(out, prev, k);
            }
            prev = k, prev_pos = p;
        }
    }
}

sj_cards sj_class_canonical(const sj_classes *c, const sj_cards *play) { return sj_cards_canonical(play, c->same); }

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

#define STACK_PLAYS 128

long sj_group_classes(const sj_deal *d, const sj_cards *plays, long n, long *cls) {
    sj_cards others = sj_deal_unseen(d);
    sj_classes c;
    sj_classes_of(d, &others, &c);
    if (!c.multi) { /* nothing merges: every play is its own class */
        for (long i = 0; i < n; i++) cls[i] = i;
        return n;
    }
    long size = 16;
    while (size < 2 * n) size *= 2;
    sj_cards canon_stack[STACK_PLAYS];
    long slot_stack[2 * STACK_PLAYS];
    int heap = n > STACK_PLAYS; /* few plays (the common case): no allocation */
    sj_cards *canon = heap ? malloc((size_t)n * sizeof *canon) : canon_stack;
    long *slot = heap ? malloc((size_t)size * sizeof *slot) : slot_stack;
    if (!canon || !slot) {
        if (heap) {
            free(canon);
            free(slot);
        }
        return SJ_E_CAPACITY;
    }
    for (long i = 0; i < size; i++) slot[i] = -1;
    long classes = 0;
    for (long i = 0; i < n; i++) {
        canon[i] = sj_class_canonical(&c, &plays[i]);
        uint64_t h = 0;
        for (int j = 0; j < SJ_MAX_DECKS; j++) h = mix64(h ^ canon[i].p[j]);
        long at = (long)(h & (uint64_t)(size - 1));
        for (;;) {
            long f = slot[at];
            if (f < 0) {
                slot[at] = i;
                cls[i] = i;
                classes++;
                break;
            }
            if (sj_cards_equal(&canon[f], &canon[i])) {
                cls[i] = f;
                break;
            }
            at = (at + 1) & (size - 1);
        }
    }
    if (heap) {
        free(canon);
        free(slot);
    }
    return classes;
}
