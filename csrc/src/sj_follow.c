/* sj_follow.c — following a lead (RULES.md §3, docs/MODEL.md §4).
 *
 * 1. Suit: a hand holding at least n cards of the led effective suit E plays only from E; otherwise it
 *    plays all of them plus any other cards.
 * 2. Structure: the lead's units each give "pieces" (shapes of width >= 2 no wider than the unit; under
 *    the "qq" ladder their lengths add up to at most the unit's length, under "4deck" their cards to at
 *    most the unit's cards).  A requirement is a union of pieces; its strength is the list of its shape
 *    keys from high to low, compared lexicographically (a list beats its own prefixes).  The play must
 *    meet a requirement as strong as the strongest one the hand meets (with longer tuples protected on
 *    the hand's side when follow_protection asks it).
 *    Requirements that are met form a down-closed family, so the strongest is found greedily: keep
 *    adding the strongest shape that still leaves the whole set both assignable to the lead's units and
 *    placeable in the cards.
 * 3. 泰安: a trump lead with a pair or tractor, answered by a hand that can meet no pair, must be
 *    answered with the hand's highest trumps.
 * Natural tractors (docs/MODEL.md §3): the led suit's count and the hand's duty are the plain cards only;
 * a play may borrow trumps of the led suit into its tractors.
 */
#include "sj_follow.h"

#include <string.h>

#define MAX_CANDS 64

typedef struct ladder {
    int mode;                       /* SJ_LADDER_QQ / SJ_LADDER_4DECK */
    int nunits;                     /* lead units of width >= 2 */
    uint8_t uw[SJ_MAX_UNITS];       /* their widths */
    int ubudget[SJ_MAX_UNITS];      /* their budgets (length, or cards) */
    int ncand;                      /* candidate shapes, strongest first */
    sj_shape cand[MAX_CANDS];
} ladder;

typedef struct strength {
    int n;
    uint8_t idx[SJ_MAX_UNITS];      /* candidate indices, ascending (strongest first) */
} strength;

static int piece_cost(int mode, sj_shape s) { return mode == SJ_LADDER_4DECK ? s.w * s.l : s.l; }

/* Build the ladder of a lead from its decomposition.  Returns 0 when the lead has no unit of width >= 2. */
static int ladder_of(const sj_trump *t, const sj_unit *units, int nu, ladder *L) {
    L->mode = t->rules.follow_ladder;
    L->nunits = 0;
    int maxw = 0, maxbudget = 0;
    for (int i = 0; i < nu; i++) {
        if (units[i].w < 2) continue;
        sj_shape s = {units[i].w, units[i].l};
        L->uw[L->nunits] = s.w;
        L->ubudget[L->nunits] = piece_cost(L->mode, s);
        if (s.w > maxw) maxw = s.w;
        if (L->ubudget[L->nunits] > maxbudget) maxbudget = L->ubudget[L->nunits];
        L->nunits++;
    }
    L->ncand = 0;
    if (!L->nunits) return 0;
    /* Every shape that one unit could give, sorted by key, strongest first. */
    for (int w = 2; w <= maxw; w++)
        for (int l = 1; l <= SJ_MAX_POS; l++) {
            sj_shape s = {(uint8_t)w, (uint8_t)l};
            if (piece_cost(L->mode, s) > maxbudget) break;
            int ok = 0;
            for (int u = 0; u < L->nunits; u++)
                if (L->uw[u] >= w && L->ubudget[u] >= piece_cost(L->mode, s)) ok = 1;
            if (ok && L->ncand < MAX_CANDS) L->cand[L->ncand++] = s;
        }
    sj_shapes_sort(&t->rules, L->cand, L->ncand);
    return 1;
}

/* Can the pieces be shared out among the lead's units (width and budget)? */
static int assign_rec(const ladder *L, const sj_shape *pieces, int n, int i, int *rem) {
    if (i == n) return 1;
    int cost = piece_cost(L->mode, pieces[i]);
    for (int u = 0; u < L->nunits; u++) {
        if (L->uw[u] < pieces[i].w || rem[u] < cost) continue;
        int dup = 0; /* units of equal width and equal budget left are interchangeable */
        for (int u2 = 0; u2 < u; u2++)
            if (L->uw[u2] == L->uw[u] && rem[u2] == rem[u]) dup = 1;
        if (dup) continue;
        rem[u] -= cost;
        int ok = assign_rec(L, pieces, n, i + 1, rem);
        rem[u] += cost;
        if (ok) return 1;
    }
    return 0;
}

static int assignable(const ladder *L, const sj_shape *pieces, int n) {
    int rem[SJ_MAX_UNITS], total = 0, need = 0;
    for (int u = 0; u < L->nunits; u++) total += rem[u] = L->ubudget[u];
    for (int i = 0; i < n; i++) need += piece_cost(L->mode, pieces[i]);
    if (need > total) return 0;
    return assign_rec(L, pieces, n, 0, rem);
}

/* The strongest requirement that the cards pc meet. */
static void best_requirement(const ladder *L, const sj_poscounts *pc, int exact, strength *out) {
    sj_shape pieces[SJ_MAX_UNITS];
    out->n = 0;
    int j = 0;
    while (out->n < SJ_MAX_UNITS && j < L->ncand) {
        int found = 0;
        for (; j < L->ncand; j++) {
            pieces[out->n] = L->cand[j];
            if (assignable(L, pieces, out->n + 1) && sj_place_shapes(pc, pieces, out->n + 1, exact, NULL)) {
                out->idx[out->n++] = (uint8_t)j;
                found = 1;
                break;
            }
        }
        if (!found) break;
    }
}

/* a >= b in strength. */
static int strength_ge(const strength *a, const strength *b) {
    for (int i = 0; i < a->n && i < b->n; i++)
        if (a->idx[i] != b->idx[i]) return a->idx[i] < b->idx[i];
    return a->n >= b->n;
}

/* What the hand must do, computed once per (hand, lead). */
typedef struct follow_need {
    int eff, n;
    int short_suit;        /* hand holds fewer than n cards of the led suit */
    sj_cards in_suit;      /* the hand's cards of the led suit */
    int structured;        /* the lead has a unit of width >= 2 */
    ladder L;
    strength hand_best;
    int top_positions;     /* 泰安 rule in force: the play must be the hand's n highest trumps */
    int need_units[SJ_MAX_DECKS + 1]; /* [v]: a legal play holds sum over kinds of floor(copies / v) >= this */
    uint8_t top_pos_count[SJ_MAX_POS];
} follow_need;

static int need_of(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, follow_need *fn) {
    sj_unit units[SJ_MAX_UNITS];
    int nu = sj_units(t, lead, units, SJ_MAX_UNITS);
    if (nu < 0) return nu;
    fn->eff = units[0].eff;
    fn->n = sj_cards_size(lead);
    fn->in_suit = sj_cards_mask(hand, t->suit_mask[fn->eff]);
    fn->short_suit = sj_cards_size(&fn->in_suit) < fn->n;
    fn->structured = 0;
    fn->top_positions = 0;
    if (fn->short_suit) return 0;
    fn->structured = ladder_of(t, units, nu, &fn->L);
    if (!fn->structured) return 0;
    sj_poscounts pc;
    sj_poscounts_of(t, fn->eff, &fn->in_suit, &pc);
    best_requirement(&fn->L, &pc, t->rules.follow_protection == SJ_PROTECT_LONGER_TUPLES, &fn->hand_best);
    /* Without protection a legal play meets the hand's best requirement itself (a play can meet nothing
     * stronger than the hand holding it), so each piece (w, l) needs l kinds of >= w copies: a cheap
     * necessary count per v = 2..4 of floor(copies / v), checked before any grouping.  (Not so for a play
     * that borrows trumps into a natural tractor: it may meet a stronger requirement with fewer pairs.) */
    memset(fn->need_units, 0, sizeof fn->need_units);
    if (t->rules.follow_protection == SJ_PROTECT_NONE)
        for (int i = 0; i < fn->hand_best.n; i++) {
            sj_shape piece = fn->L.cand[fn->hand_best.idx[i]];
            for (int v = 2; v <= SJ_MAX_DECKS; v++) fn->need_units[v] += piece.l * (piece.w / v);
        }
    if (t->rules.taian_trump_follow && fn->eff == SJ_TRUMP && fn->hand_best.n == 0) {
        fn->top_positions = 1;
        memset(fn->top_pos_count, 0, sizeof fn->top_pos_count);
        int left = fn->n;
        for (int p = pc.npos - 1; p >= 0 && left > 0; p--) {
            int have = 0;
            for (int j = 0; j < pc.nk[p]; j++) have += pc.c[p][j];
            int take = have < left ? have : left;
            fn->top_pos_count[p] = (uint8_t)take;
            left -= take;
        }
    }
    return 0;
}

static int play_ok(const sj_trump *t, const follow_need *fn, const sj_cards *play) {
    if (fn->short_suit) {
        return sj_cards_contains(play, &fn->in_suit);
    }
    uint64_t extra = play->p[0] & ~t->suit_mask[fn->eff];
    if (extra && sj_play_suit(t, play) != fn->eff) return 0; /* natural tractors: borrowed trumps */
    if (!fn->structured) return 1;
    if (!extra && (__builtin_popcountll(play->p[1]) + __builtin_popcountll(play->p[3]) < fn->need_units[2] ||
                   __builtin_popcountll(play->p[2]) < fn->need_units[3] ||
                   __builtin_popcountll(play->p[3]) < fn->need_units[4]))
        return 0;
    sj_poscounts pc;
    sj_poscounts_of(t, fn->eff, play, &pc);
    if (fn->top_positions) {
        for (int p = 0; p < pc.npos; p++) {
            int have = 0;
            for (int j = 0; j < pc.nk[p]; j++) have += pc.c[p][j];
            if (have != fn->top_pos_count[p]) return 0;
        }
        return 1;
    }
    if (fn->hand_best.n == 0) return 1;
    if (fn->L.nunits == 1 && fn->hand_best.n == 1 && fn->L.cand[fn->hand_best.idx[0]].l == 1)
        /* One lead unit whose best answer is one tuple: a stronger answer is a wider tuple (or, in the
         * 4-deck ladder, a shape that still holds such a tuple), so the play needs w copies of a kind. */
        return sj_cards_max_copies(play) >= fn->L.cand[fn->hand_best.idx[0]].w;
    strength s;
    best_requirement(&fn->L, &pc, 0, &s);
    return strength_ge(&s, &fn->hand_best);
}

int sj_is_legal_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_cards *play) {
    follow_need fn;
    if (need_of(t, hand, lead, &fn) < 0) return 0;
    return play_ok(t, &fn, play);
}

/* ---- enumeration ------------------------------------------------------------------------------ */

typedef struct enum_ctx {
    const sj_trump *t;
    const follow_need *fn;
    int nk;
    uint8_t kind[SJ_NUM_KINDS], avail[SJ_NUM_KINDS];
    int suffix[SJ_NUM_KINDS + 1];    /* cards available from kind i on */
    sj_cards base, cur;
    sj_cards *out;
    long cap, limit, found;
} enum_ctx;

/* Choose `need` more cards from kinds i.. ; stop when the limit is reached (returns 1). */
static int enum_rec(enum_ctx *x, int i, int need) {
    if (need == 0) {
        sj_cards play;
        if (sj_cards_add(&x->base, &x->cur, &play) < 0) return 0;
        if (!play_ok(x->t, x->fn, &play)) return 0;
        if (x->found < x->cap) x->out[x->found] = play;
        x->found++;
        return x->limit > 0 && x->found >= x->limit;
    }
    if (i == x->nk || x->suffix[i] < need) return 0;
    int maxc = x->avail[i] < need ? x->avail[i] : need;
    for (int c = maxc; c >= 0; c--) {
        for (int r = 0; r < c; r++) sj_cards_add_one(&x->cur, x->kind[i]);
        int stop = enum_rec(x, i + 1, need - c);
        for (int r = 0; r < c; r++) sj_cards_remove_one(&x->cur, x->kind[i]);
        if (stop) return 1;
    }
    return 0;
}

long sj_legal_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                      long limit) {
    follow_need fn;
    int rc = need_of(t, hand, lead, &fn);
    if (rc < 0) return rc;
    enum_ctx x;
    memset(&x, 0, sizeof x);
    x.t = t;
    x.fn = &fn;
    x.out = out;
    x.cap = cap;
    x.limit = limit;
    x.cur = sj_cards_empty();
    sj_cards pool;
    int need;
    if (fn.short_suit) {
        x.base = fn.in_suit;
        sj_cards_sub(hand, &fn.in_suit, &pool);
        need = fn.n - sj_cards_size(&fn.in_suit);
    } else { /* natural tractors: the trumps the led suit may borrow are candidates too */
        x.base = sj_cards_empty();
        sj_cards borrow = sj_cards_mask(hand, t->borrow_mask[fn.eff]);
        if (sj_cards_add(&fn.in_suit, &borrow, &pool) < 0) pool = fn.in_suit;
        need = fn.n;
    }
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int c = sj_cards_count(&pool, k);
        if (c) {
            x.kind[x.nk] = (uint8_t)k;
            x.avail[x.nk++] = (uint8_t)c;
        }
    }
    x.suffix[x.nk] = 0;
    for (int i = x.nk - 1; i >= 0; i--) x.suffix[i] = x.suffix[i + 1] + x.avail[i];
    enum_rec(&x, 0, need);
    return x.found;
}

/* ---- a random legal follow, drawn without listing the legal follows ----------------------------- */

int sj_random_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_rng *r, sj_cards *out) {
    if (!lead->p[1] && !(lead->p[0] & (lead->p[0] - 1))) { /* a single card: any card of its suit, else any */
        sj_cards in = sj_cards_mask(hand, t->suit_mask[t->eff[__builtin_ctzll(lead->p[0])]]);
        *out = sj_cards_empty();
        sj_cards_draw(sj_cards_is_empty(&in) ? hand : &in, 1, r, out);
        return 0;
    }
    follow_need fn;
    int rc = need_of(t, hand, lead, &fn);
    if (rc < 0) return rc;
    *out = sj_cards_empty();
    if (fn.short_suit) {
        sj_cards rest;
        sj_cards_sub(hand, &fn.in_suit, &rest);
        *out = fn.in_suit;
        sj_cards_draw(&rest, fn.n - sj_cards_size(&fn.in_suit), r, out);
        return 0;
    }
    sj_poscounts pc;
    sj_poscounts_of(t, fn.eff, &fn.in_suit, &pc);
    if (fn.top_positions) { /* 泰安: the n highest trumps; kinds sharing a position drawn at random */
        for (int p = 0; p < pc.npos; p++) {
            int need = fn.top_pos_count[p];
            if (!need) continue;
            sj_cards at = sj_cards_empty();
            for (int j = 0; j < pc.nk[p]; j++)
                for (int c = 0; c < pc.c[p][j]; c++) sj_cards_add_one(&at, t->at[fn.eff][p][j]);
            sj_cards_draw(&at, need, r, out);
        }
        return 0;
    }
    int placed = 0;
    if (fn.structured && fn.hand_best.n > 0) {
        /* Meet the hand's strongest requirement at a random placement, then fill up at random. */
        sj_shape pieces[SJ_MAX_UNITS];
        for (int i = 0; i < fn.hand_best.n; i++) {
            pieces[i] = fn.L.cand[fn.hand_best.idx[i]];
            placed += pieces[i].w * pieces[i].l;
        }
        sj_poscounts left;
        if (!sj_place_shapes_random(&pc, pieces, fn.hand_best.n, r, &left)) return SJ_E_POLICY;
        for (int p = 0; p < pc.npos; p++)
            for (int j = 0; j < pc.nk[p]; j++)
                for (int c = left.c[p][j]; c < pc.c[p][j]; c++) sj_cards_add_one(out, t->at[fn.eff][p][j]);
    }
    sj_cards rest;
    sj_cards_sub(&fn.in_suit, out, &rest);
    sj_cards_draw(&rest, fn.n - placed, r, out);
    return 0;
}
