/* sj_trump.c — effective suits and positions (RULES.md §2, docs/MODEL.md §2).
 *
 * Plain suit: ranks 2..A without the level and the constant ranks, ascending.
 * Trump with a suit s: s-suit ranks that are neither level nor constant, ascending; then per constant
 * rank c ascending: the off-suit c cards (one shared position), then s-suit c; then the off-suit level
 * cards (shared), the s-suit level card, SJ, BJ.  No trump: each constant rank (all four suits shared),
 * the level cards (shared), SJ, BJ.
 *
 * trump_order="level_index" (the 4-deck post's 级别指数): trump runs the trump suit's plain ranks, a gap,
 * then for each other suit by rank D < C < H < S a block of that suit's constant cards (ascending) and
 * its level card, each block followed by a gap, then the trump suit's block, SJ, BJ; with no trump, the
 * four suits' blocks (each followed by a gap), SJ, BJ.  A gap is an empty position: nothing spans it, so
 * pairs of one block form tractors (2233 at level 3) and blocks of different suits never join.
 */
#include "sj_trump.h"

#include <string.h>

static void place(sj_trump *t, int eff, int p, int kind) {
    t->eff[kind] = (int8_t)eff;
    t->pos[kind] = (int8_t)p;
    t->suit_mask[eff] |= UINT64_C(1) << kind;
    t->slot[kind] = (int8_t)t->nat[eff][p];
    t->at[eff][p][t->nat[eff][p]++] = (uint8_t)kind;
    if (p + 1 > t->npos[eff]) t->npos[eff] = (uint8_t)(p + 1);
}

/* Place the given rank for every suit except `skip` at one shared position (kinds ascending). */
static void place_offsuit_rank(sj_trump *t, int rank, int skip, int p) {
    for (int s = 0; s < SJ_NUM_SUITS; s++)
        if (s != skip) place(t, SJ_TRUMP, p, sj_make_kind(s, rank));
}

int sj_trump_init(sj_trump *t, const sj_rules *rules, int level, int suit) {
    if (level < 0 || level >= SJ_NUM_RANKS) return SJ_E_ARGS;
    if (suit < SJ_NO_SUIT || suit >= SJ_NUM_SUITS) return SJ_E_ARGS;
    if (sj_rules_check(rules, NULL, 0) != SJ_OK) return SJ_E_RULES;
    memset(t, 0, sizeof *t);
    t->rules = *rules;
    t->level = level;
    t->suit = suit;
    t->constants = (uint16_t)(rules->constant_ranks & ~(1u << level) & 0x1FFFu);

    /* Plain suits. */
    for (int s = 0; s < SJ_NUM_SUITS; s++) {
        if (s == suit) continue;
        int p = 0;
        for (int r = 0; r < SJ_NUM_RANKS; r++) {
            if (r == level || (t->constants >> r & 1)) continue;
            place(t, s, p++, sj_make_kind(s, r));
        }
    }
    /* Trump. */
    int p = 0;
    if (rules->trump_order == SJ_ORDER_LEVEL_INDEX) {
        static const int by_rank[SJ_NUM_SUITS] = {2, 3, 1, 0}; /* D < C < H < S */
        if (suit != SJ_NO_SUIT) {
            for (int r = 0; r < SJ_NUM_RANKS; r++) {
                if (r == level || (t->constants >> r & 1)) continue;
                place(t, SJ_TRUMP, p++, sj_make_kind(suit, r));
            }
            p++; /* gap */
        }
        for (int i = 0; i <= SJ_NUM_SUITS; i++) {
            int s = i < SJ_NUM_SUITS ? by_rank[i] : suit; /* the trump suit's block last */
            if ((i < SJ_NUM_SUITS && s == suit) || s == SJ_NO_SUIT) continue;
            for (int r = 0; r < SJ_NUM_RANKS; r++)
                if (t->constants >> r & 1) place(t, SJ_TRUMP, p++, sj_make_kind(s, r));
            place(t, SJ_TRUMP, p++, sj_make_kind(s, level));
            if (i < SJ_NUM_SUITS) p++; /* gap after an off-suit block (and every block at no trump) */
        }
        place(t, SJ_TRUMP, p++, SJ_SMALL_JOKER);
        place(t, SJ_TRUMP, p, SJ_BIG_JOKER);
        return 0;
    }
    if (suit != SJ_NO_SUIT) {
        for (int r = 0; r < SJ_NUM_RANKS; r++) {
            if (r == level || (t->constants >> r & 1)) continue;
            place(t, SJ_TRUMP, p++, sj_make_kind(suit, r));
        }
    }
    for (int r = 0; r < SJ_NUM_RANKS; r++) {
        if (!(t->constants >> r & 1)) continue;
        place_offsuit_rank(t, r, suit, p++);
        if (suit != SJ_NO_SUIT) place(t, SJ_TRUMP, p++, sj_make_kind(suit, r));
    }
    place_offsuit_rank(t, level, suit, p++);
    if (suit != SJ_NO_SUIT) place(t, SJ_TRUMP, p++, sj_make_kind(suit, level));
    place(t, SJ_TRUMP, p++, SJ_SMALL_JOKER);
    place(t, SJ_TRUMP, p, SJ_BIG_JOKER);
    return 0;
}

int sj_trump_suit_of(const sj_trump *t, const sj_cards *c) {
    uint64_t present = c->p[0];
    if (!present) return SJ_E_EMPTY;
    int first = __builtin_ctzll(present);
    int e = t->eff[first];
    return (present & ~t->suit_mask[e]) ? SJ_E_MIXED : e;
}

void sj_poscounts_of(const sj_trump *t, int eff, const sj_cards *cards, sj_poscounts *out) {
    out->eff = eff;
    out->npos = t->npos[eff];
    memcpy(out->nk, t->nat[eff], (size_t)out->npos);
    memset(out->c, 0, sizeof(out->c[0]) * (size_t)out->npos);
    uint64_t mask = t->suit_mask[eff];
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = cards->p[i] & mask; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            out->c[t->pos[k]][t->slot[k]]++;
        }
}
