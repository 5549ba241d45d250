/* sj_trump.c — effective suits and positions (docs/RULES.md §2, docs/MODEL.md §2).
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
 *
 * tractor_rule="natural" (泰安, docs/MODEL.md §3) keeps these positions for tuples and adds chains: each kind
 * links to the kind of its printed suit one printed rank above and below (2 < ... < A, SJ < BJ) when that
 * kind is in the same suit's table; a plain suit's table also holds, above its own positions, the trumps
 * of its printed suit (constant and level cards), which it may borrow into tractors.  Tractor keys: twice
 * the printed rank of the top kind, plus one for a trump-suit kind in trump; the joker tractor 26.
 */
#include "sj_trump.h"

#include "sj_level.h"

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

int sj_natural_rank(int kind) { return kind < 52 ? kind % 13 : 13 + (kind - 52); }

/* Code of `kind` in suit e's table, or SJ_CODE_NONE. */
static int code_in(const sj_trump *t, int e, int kind) {
    if (t->eff[kind] == e) return t->pos[kind] << 2 | t->slot[kind];
    if (t->borrow_mask[e] >> kind & 1) return t->bpos[kind] << 2;
    return SJ_CODE_NONE;
}

static int natural_up(int kind) {
    if (kind == SJ_SMALL_JOKER) return SJ_BIG_JOKER;
    if (kind < 52 && kind % 13 < 12) return kind + 1;
    return -1;
}

static void build_chains(sj_trump *t) {
    t->natural = 1;
    for (int k = 0; k < SJ_NUM_KINDS; k++) t->bpos[k] = -1;
    /* borrowed trumps: a plain suit's constant and level cards, above its own positions */
    for (int e = 0; e < SJ_NUM_SUITS; e++) {
        t->chains[e].nplain = t->npos[e];
        if (e == t->suit) continue;
        for (int r = 0; r < SJ_NUM_RANKS; r++) {
            int k = sj_make_kind(e, r);
            if (t->eff[k] != SJ_TRUMP) continue;
            int p = t->npos[e]++;
            t->at[e][p][0] = (uint8_t)k;
            t->nat[e][p] = 1;
            t->bpos[k] = (int8_t)p;
            t->borrow_mask[e] |= UINT64_C(1) << k;
        }
    }
    t->chains[SJ_TRUMP].nplain = t->npos[SJ_TRUMP];
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        sj_chains *ch = &t->chains[e];
        memset(ch->down, SJ_CODE_NONE, sizeof ch->down);
        memset(ch->up, SJ_CODE_NONE, sizeof ch->up);
        /* kinds ascending, each into the bucket of its key; `order` reads the buckets from the top key */
        uint8_t codes[SJ_NUM_KINDS], keys[SJ_NUM_KINDS];
        int n = 0, count[27] = {0};
        for (int k = 0; k < SJ_NUM_KINDS; k++) {
            int code = code_in(t, e, k);
            if (code == SJ_CODE_NONE) continue;
            int up = natural_up(k), uc = up >= 0 ? code_in(t, e, up) : SJ_CODE_NONE;
            if (uc != SJ_CODE_NONE) {
                ch->up[code >> 2][code & 3] = (uint8_t)uc;
                ch->down[uc >> 2][uc & 3] = (uint8_t)code;
            }
            int key = 2 * sj_natural_rank(k);
            if (k >= 52) key = k == SJ_BIG_JOKER ? 26 : 25;
            else if (e == SJ_TRUMP && t->suit != SJ_NO_SUIT && sj_kind_suit(k) == t->suit) key++;
            ch->key[code >> 2][code & 3] = (uint8_t)key;
            codes[n] = (uint8_t)code;
            keys[n++] = (uint8_t)key;
            count[key]++;
        }
        int start[27], at = 0;
        for (int key = 26; key >= 0; key--) start[key] = at, at += count[key];
        for (int i = 0; i < n; i++) ch->order[start[keys[i]]++] = codes[i];
        ch->ncodes = (uint8_t)n;
    }
}

int sj_trump_init(sj_trump *t, const sj_rules *rules, int level, int suit) {
    if (level < 0 || level >= SJ_NUM_RANKS) return SJ_E_ARGS;
    if (suit < SJ_NO_SUIT || suit >= SJ_NUM_SUITS) return SJ_E_ARGS;
    if (sj_rules_check(rules, NULL, 0) != SJ_OK) return SJ_E_RULES;
    if (!sj_level_played(rules, level)) return SJ_E_LEVEL; /* 2 under first_level=3: a constant trump, no level */
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
        return 0; /* sj_rules_check refuses natural tractors with this order */
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
    if (rules->tractor_rule == SJ_TRACTOR_NATURAL) build_chains(t);
    return 0;
}

int sj_trump_suit_of(const sj_trump *t, const sj_cards *c) {
    uint64_t present = c->p[0];
    if (!present) return SJ_E_EMPTY;
    int first = __builtin_ctzll(present);
    int e = t->eff[first];
    if (!(present & ~t->suit_mask[e])) return e;
    if (t->natural) { /* plain S cards with trumps S may borrow */
        uint64_t plain = present & ~t->suit_mask[SJ_TRUMP];
        if (plain) {
            int s = t->eff[__builtin_ctzll(plain)];
            if (!(present & ~(t->suit_mask[s] | t->borrow_mask[s]))) return s;
        }
    }
    return SJ_E_MIXED;
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
    if (!t->natural) {
        out->nplain = out->npos;
        out->ch = NULL;
        return;
    }
    out->ch = &t->chains[eff];
    out->nplain = out->ch->nplain;
    if (!(cards->p[0] & t->borrow_mask[eff])) return; /* no borrowable trump among the cards */
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = cards->p[i] & t->borrow_mask[eff]; b; b &= b - 1) out->c[t->bpos[__builtin_ctzll(b)]][0]++;
}
