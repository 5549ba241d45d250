/* sj_follow.c — following a lead (docs/RULES.md §3.2–§3.3, docs/MODEL.md §4).
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
static int ladder_of(const sj_trump *t, const sj_shape *units, int nu, ladder *L) {
    L->mode = t->rules.follow_ladder;
    L->nunits = 0;
    int maxw = 0, maxbudget = 0;
    for (int i = 0; i < nu; i++) {
        if (units[i].w < 2) continue;
        sj_shape s = units[i];
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

/* The lead's shapes (w, l) of its decomposition and its suit: `known` (nshapes of them, NULL: decompose the lead). */
static int need_of(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *known, int nshapes,
                   follow_need *fn) {
    sj_shape shapes[SJ_MAX_UNITS];
    int nu = nshapes;
    if (known) {
        fn->eff = sj_trump_suit_of(t, lead);
        if (fn->eff < 0) return fn->eff;
    } else {
        sj_unit units[SJ_MAX_UNITS];
        nu = sj_units(t, lead, units, SJ_MAX_UNITS);
        if (nu < 0) return nu;
        fn->eff = units[0].eff;
        for (int i = 0; i < nu; i++) shapes[i].w = units[i].w, shapes[i].l = units[i].l;
        known = shapes;
    }
    fn->n = sj_cards_size(lead);
    fn->in_suit = sj_cards_mask(hand, t->suit_mask[fn->eff]);
    fn->short_suit = sj_cards_size(&fn->in_suit) < fn->n;
    fn->structured = 0;
    fn->top_positions = 0;
    if (fn->short_suit) return 0;
    fn->structured = ladder_of(t, known, nu, &fn->L);
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
    if (need_of(t, hand, lead, NULL, 0, &fn) < 0) return 0;
    return play_ok(t, &fn, play);
}

/* ---- listing the legal follows ----------------------------------------------------------------------
 * The order (docs/MODEL.md §4): the candidate kinds ascending, and for each kind its count from the most
 * down to none, depth first; the legal plays in that order.  The reference listing enumerates every
 * sub-multiset of that size and tests each (play_ok).  The generated listing walks the same tree but only
 * into subtrees that hold a legal play, so the order is the same and no illegal play is ever built:
 *
 * Without protection and without borrowable trumps in the hand, a play X of the led suit is legal exactly
 * when it contains a placement of the hand's best requirement (its strength is the lexicographic maximum
 * of the down-closed family of requirements it meets, which is at most the hand's, so X's strength reaches
 * the hand's iff the hand's requirement is among X's).  So the placements P of that requirement in the
 * hand are listed once (distinct multisets), and a node of the walk (counts fixed for the kinds before i,
 * `need` cards still to choose) is entered only while some P fits the counts fixed so far and needs at
 * most `need` cards of the kinds from i on.  Every leaf reached is legal.  Otherwise (protection, the 泰安
 * highest-trumps rule, borrowable trumps, too many placements) the walk tests each leaf as the reference
 * listing does. */

#define MAX_PLACEMENTS 512
#define PLACEMENT_VISITS (16 * MAX_PLACEMENTS)

typedef struct enum_ctx {
    const sj_trump *t;
    const follow_need *fn;
    int nk;
    uint8_t kind[SJ_NUM_KINDS], avail[SJ_NUM_KINDS];
    int8_t index_of[SJ_NUM_KINDS];   /* a kind's index among kind[], -1 */
    int suffix[SJ_NUM_KINDS + 1];    /* cards available from kind i on */
    sj_cards base, cur;
    sj_cards *out;
    long cap, limit, found;
    int all_legal;                   /* every leaf is legal: nothing to test (a short suit, or no duty of structure) */
    /* generation: the placements of the hand's best requirement */
    int np, visits, overflow;
    uint8_t (*psuf)[SJ_NUM_KINDS + 1]; /* psuf[q][i]: cards placement q takes from kinds i.. */
    uint64_t hash[2 * MAX_PLACEMENTS];
    uint16_t slot_of[2 * MAX_PLACEMENTS]; /* placement index + 1 at a hash slot, 0: empty */
    const sj_poscounts *hand_pc;
    /* canonical plays only (sj_legal_follows_canonical): a kind takes no more copies than the kind below it in its
     * class (its index in kind[], -1: none) */
    int8_t below[SJ_NUM_KINDS];
    uint8_t took[SJ_NUM_KINDS];
    uint8_t paired[SJ_NUM_KINDS];    /* a borrowed trump (natural tractors): in a play only within a tractor, so
                                      * never one copy alone */
} enum_ctx;

/* May kind i take c copies in a canonical play?  (Without classes every below[] is -1; -2: the kind below is not
 * among the candidates, so a canonical play takes none of this one.) */
static inline int canonical_ok(const enum_ctx *x, int i, int c) {
    return x->below[i] == -1 || (x->below[i] == -2 ? c == 0 : c <= x->took[x->below[i]]);
}

static int emit_play(enum_ctx *x, const sj_cards *play) {
    if (x->found < x->cap) x->out[x->found] = *play;
    x->found++;
    return x->limit > 0 && x->found >= x->limit;
}

/* Choose `need` more cards from kinds i.. ; stop when the limit is reached (returns 1). */
static int enum_rec(enum_ctx *x, int i, int need) {
    if (need == 0) {
        sj_cards play;
        if (!(x->base.p[0] & x->cur.p[0])) { /* the base's kinds (a short suit) are never candidates: disjoint */
            for (int p = 0; p < SJ_MAX_DECKS; p++) play.p[p] = x->base.p[p] | x->cur.p[p];
        } else if (sj_cards_add(&x->base, &x->cur, &play) < 0) {
            return 0;
        }
        if (!x->all_legal && !play_ok(x->t, x->fn, &play)) return 0;
        return emit_play(x, &play);
    }
    if (i == x->nk || x->suffix[i] < need) return 0;
    int maxc = x->avail[i] < need ? x->avail[i] : need;
    uint64_t bit = UINT64_C(1) << x->kind[i]; /* the walk takes each kind once: c copies are its c lowest planes */
    for (int c = maxc; c >= 0; c--) {
        if (!canonical_ok(x, i, c) || (c == 1 && x->paired[i])) continue;
        x->took[i] = (uint8_t)c;
        for (int r = 0; r < c; r++) x->cur.p[r] |= bit;
        int stop = enum_rec(x, i + 1, need - c);
        for (int r = 0; r < c; r++) x->cur.p[r] &= ~bit;
        if (stop) return 1;
    }
    return 0;
}

/* One placement (the counts it leaves of the hand's): recorded once as suffix sums over kind[]. */
static int add_placement(void *ctx, const sj_poscounts *left) {
    enum_ctx *x = (enum_ctx *)ctx;
    if (++x->visits > PLACEMENT_VISITS) return x->overflow = 1;
    uint8_t used[SJ_NUM_KINDS] = {0};
    const sj_poscounts *pc = x->hand_pc;
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int p = 0; p < pc->npos; p++)
        for (int j = 0; j < pc->nk[p]; j++) {
            int u = pc->c[p][j] - left->c[p][j];
            if (!u) continue;
            int i = x->index_of[x->t->at[pc->eff][p][j]];
            used[i] = (uint8_t)u;
            h = (h ^ (uint64_t)(i << 8 | u)) * UINT64_C(0x100000001b3);
        }
    size_t mask = 2 * MAX_PLACEMENTS - 1, s = (size_t)(h ^ h >> 29) & mask;
    for (; x->slot_of[s]; s = (s + 1) & mask) {
        if (x->hash[s] != h) continue;
        const uint8_t *q = x->psuf[x->slot_of[s] - 1];
        int same = 1;
        for (int i = 0; i < x->nk && same; i++) same = q[i] - q[i + 1] == used[i];
        if (same) return 0;
    }
    if (x->np == MAX_PLACEMENTS) return x->overflow = 1;
    uint8_t *q = x->psuf[x->np];
    q[x->nk] = 0;
    for (int i = x->nk - 1; i >= 0; i--) q[i] = (uint8_t)(q[i + 1] + used[i]);
    x->hash[s] = h;
    x->slot_of[s] = (uint16_t)++x->np;
    return 0;
}

/* The generated walk: `alive` lists the placements that still fit (n of them). */
static int gen_rec(enum_ctx *x, int i, int need, const uint16_t *alive, int n) {
    if (need == 0) /* a walk that is not short has no base: the play is what it took */
        return emit_play(x, &x->cur);
    if (i == x->nk || x->suffix[i] < need) return 0;
    int maxc = x->avail[i] < need ? x->avail[i] : need;
    uint64_t bit = UINT64_C(1) << x->kind[i];
    uint16_t next[MAX_PLACEMENTS];
    for (int c = maxc; c >= 0; c--) {
        if (!canonical_ok(x, i, c)) continue;
        x->took[i] = (uint8_t)c;
        int m = 0, rest = need - c;
        for (int a = 0; a < n; a++) {
            const uint8_t *q = x->psuf[alive[a]];
            if (q[i] - q[i + 1] <= c && q[i + 1] <= rest) next[m++] = alive[a];
        }
        if (!m) continue;
        for (int r = 0; r < c; r++) x->cur.p[r] |= bit;
        int stop = gen_rec(x, i + 1, rest, next, m);
        for (int r = 0; r < c; r++) x->cur.p[r] &= ~bit;
        if (stop) return 1;
    }
    return 0;
}

/* The generated walk when it applies (see above): 1 when it ran, 0 to fall back to testing every leaf. */
static int generate(enum_ctx *x, const sj_cards *hand, int need) {
    const follow_need *fn = x->fn;
    const sj_trump *t = x->t;
    if (fn->short_suit || !fn->structured || fn->hand_best.n == 0 || fn->top_positions ||
        t->rules.follow_protection != SJ_PROTECT_NONE || (hand->p[0] & t->borrow_mask[fn->eff]))
        return 0;
    sj_poscounts pc;
    sj_poscounts_of(t, fn->eff, &fn->in_suit, &pc);
    sj_shape pieces[SJ_MAX_UNITS];
    for (int i = 0; i < fn->hand_best.n; i++) pieces[i] = fn->L.cand[fn->hand_best.idx[i]];
    uint8_t psuf[MAX_PLACEMENTS][SJ_NUM_KINDS + 1];
    x->psuf = psuf;
    x->hand_pc = &pc;
    x->np = x->visits = x->overflow = 0;
    memset(x->slot_of, 0, sizeof x->slot_of);
    sj_each_placement_left(&pc, pieces, fn->hand_best.n, add_placement, x);
    if (x->overflow || !x->np) return 0;
    uint16_t alive[MAX_PLACEMENTS];
    for (int q = 0; q < x->np; q++) alive[q] = (uint16_t)q;
    gen_rec(x, 0, need, alive, x->np);
    return 1;
}

#define WALK_MANY (INT64_C(1) << 40)

/* The plays of `need` cards the walk can reach from the pool kind[0..nk) (saturated). */
static long walk_size(const enum_ctx *x, int need) {
    long n[SJ_MAX_PACK / 4 + 2] = {1};
    for (int i = 0; i < x->nk; i++)
        for (int r = need; r >= 1; r--) {
            long more = 0;
            for (int c = 1; c <= x->avail[i] && c <= r; c++) more += n[r - c];
            n[r] = n[r] + more < WALK_MANY ? n[r] + more : WALK_MANY;
        }
    return n[need];
}

/* 泰安's highest trumps name the cards to play, so a class's canonical member need not be legal: list every legal
 * follow and keep the first of each class (the list is short: the highest trumps, and the kinds sharing a
 * position).  A list that fills the caller's room is left to the caller (*walked set past any limit). */
static long firsts_of_classes(enum_ctx *x, const uint64_t *same, int need, long *walked) {
    for (int i = 0; i < x->nk; i++) x->below[i] = -1;
    long cap = x->cap;
    x->limit = cap;
    enum_rec(x, 0, need);
    if (x->found >= cap) {
        if (walked) *walked = WALK_MANY;
        return 0;
    }
    long k = 0;
    sj_cards canon[SJ_NUM_KINDS * SJ_MAX_DECKS];
    for (long i = 0; i < x->found && i < (long)(sizeof canon / sizeof canon[0]); i++) {
        sj_cards c = sj_cards_canonical(&x->out[i], same);
        int seen = 0;
        for (long j = 0; j < k && !seen; j++) seen = sj_cards_equal(&canon[j], &c);
        if (seen) continue;
        canon[k] = c;
        x->out[k++] = x->out[i];
    }
    return k;
}

/* same (NULL: every play): only plays canonical for these classes (sj_classes.h: same[k] the kinds of k's class;
 * each kind no more copies than the kind below it in its class); max_walk >= 0: when the walk could reach more plays than that, list none
 * (the walk's size in *walked). */
static long list_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *known,
                         int nknown, sj_cards *out, long cap, long limit, int generated, const uint64_t *same,
                         long max_walk, long *walked) {
    follow_need fn;
    int rc = need_of(t, hand, lead, known, nknown, &fn);
    if (rc < 0) return rc;
    enum_ctx x;
    x.t = t;
    x.fn = &fn;
    x.out = out;
    x.cap = cap;
    x.limit = limit;
    x.found = 0;
    x.nk = 0;
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
    memset(x.index_of, -1, sizeof x.index_of);
    for (uint64_t b = pool.p[0]; b; b &= b - 1) {
        int k = __builtin_ctzll(b);
        x.index_of[k] = (int8_t)x.nk;
        uint64_t lower = same ? same[k] & ((UINT64_C(1) << k) - 1) : 0; /* the kinds of its class below it */
        x.below[x.nk] = !lower ? -1 : x.index_of[63 - __builtin_clzll(lower)] >= 0 ? x.index_of[63 - __builtin_clzll(lower)] : -2;
        x.kind[x.nk] = (uint8_t)k;
        x.paired[x.nk] = generated && !fn.short_suit && t->eff[k] != fn.eff;
        x.avail[x.nk++] = (uint8_t)sj_cards_count(&pool, k);
    }
    if (max_walk >= 0) {
        long size = need <= SJ_MAX_PACK / 4 ? walk_size(&x, need) : WALK_MANY;
        if (walked) *walked = size;
        if (size > max_walk) return 0;
    }
    x.suffix[x.nk] = 0;
    for (int i = x.nk - 1; i >= 0; i--) x.suffix[i] = x.suffix[i + 1] + x.avail[i];
    /* play_ok accepts every leaf when the hand is short in the led suit, or owes no structure and borrows
     * nothing (no borrowable trump among the candidates) */
    x.all_legal = generated && (fn.short_suit || (!(hand->p[0] & t->borrow_mask[fn.eff]) && !fn.top_positions &&
                                                  (!fn.structured || fn.hand_best.n == 0)));
    if (same && fn.top_positions) return firsts_of_classes(&x, same, need, walked);
    if (!(generated && generate(&x, hand, need))) enum_rec(&x, 0, need);
    return x.found;
}

long sj_legal_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                      long limit) {
    return list_follows(t, hand, lead, NULL, 0, out, cap, limit, 1, NULL, -1, NULL);
}

long sj_legal_follows_shaped(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *shapes,
                             int nshapes, sj_cards *out, long cap, long limit) {
    return list_follows(t, hand, lead, shapes, nshapes, out, cap, limit, 1, NULL, -1, NULL);
}

long sj_legal_follows_canonical(const sj_trump *t, const sj_cards *hand, const sj_cards *lead,
                                const uint64_t same[SJ_NUM_KINDS], long max_walk, long *walked, sj_cards *out, long cap) {
    *walked = WALK_MANY;
    int n = sj_cards_size(lead), led = sj_trump_suit_of(t, lead);
    sj_cards in = sj_cards_mask(hand, t->suit_mask[led < 0 ? 0 : led]);
    int nin = sj_cards_size(&in);
    if (led >= 0 && ((n == 1 && nin > 0) || n - nin == 1)) {
        /* one card to choose: one card led and held in its suit (the listing's borrowable trumps never follow a
         * single), or all of the suit plus one card of the rest; each kind a play, its class's lowest kind first */
        int short_suit = nin < n;
        sj_cards base = short_suit ? in : sj_cards_empty(), rest;
        sj_cards_sub(hand, &in, &rest);
        uint64_t pool = short_suit ? rest.p[0] : in.p[0];
        *walked = __builtin_popcountll(pool) + (short_suit ? 0 : __builtin_popcountll(hand->p[0] & t->borrow_mask[led]));
        if (*walked > max_walk) return 0;
        long found = 0;
        for (uint64_t b = pool; b && found < cap; b &= b - 1) {
            int k = __builtin_ctzll(b);
            if (same[k] & ((UINT64_C(1) << k) - 1)) continue; /* not its class's lowest kind */
            out[found] = base;
            sj_cards_add_one(&out[found++], k);
        }
        return found;
    }
    return list_follows(t, hand, lead, NULL, 0, out, cap, cap, 1, same, max_walk, walked);
}

long sj_legal_follows_tested(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                             long limit) {
    return list_follows(t, hand, lead, NULL, 0, out, cap, limit, 0, NULL, -1, NULL);
}

/* ---- a random legal follow, drawn without listing the legal follows ----------------------------- */

int sj_random_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_rng *r, sj_cards *out) {
    return sj_random_follow_shaped(t, hand, lead, NULL, 0, r, out);
}

int sj_random_follow_shaped(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *shapes,
                            int nshapes, sj_rng *r, sj_cards *out) {
    if (!lead->p[1] && !(lead->p[0] & (lead->p[0] - 1))) { /* a single card: any card of its suit, else any */
        sj_cards in = sj_cards_mask(hand, t->suit_mask[t->eff[__builtin_ctzll(lead->p[0])]]);
        *out = sj_cards_empty();
        sj_cards_draw(sj_cards_is_empty(&in) ? hand : &in, 1, r, out);
        return 0;
    }
    follow_need fn;
    int rc = need_of(t, hand, lead, shapes, nshapes, &fn);
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
