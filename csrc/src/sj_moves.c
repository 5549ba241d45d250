/* sj_moves.c — the legal leads of a deal (docs/MODEL.md §9 "Legal actions").
 *
 * Every single unit of the hand (every shape, every choice of kinds at shared positions), then every
 * safe throw: a sub-multiset of one effective suit whose decomposition has two or more units, each of
 * them unbeatable by the cards the leader cannot see (the pack minus its hand, the cards played and,
 * for the last burier, the buried kitty).  A kind can only take part in a safe throw if it belongs to some
 * safe unit, so the search runs over those kinds only.
 */
#include "sj_deal.h"


typedef struct lead_out {
    sj_cards *out;
    long cap, limit, found;
} lead_out;

/* Returns 1 when the limit is reached. */
static int emit(lead_out *o, const sj_cards *c) {
    if (o->found < o->cap) o->out[o->found] = *c;
    o->found++;
    return o->limit > 0 && o->found >= o->limit;
}

static int emit_unit(void *ctx, const sj_cards *unit, int w, int l, int top) {
    (void)w, (void)l, (void)top;
    return emit((lead_out *)ctx, unit);
}

/* Safe-throw search state for one suit. */
typedef struct safe_ctx {
    const sj_trump *t;
    int e;
    const sj_tops_row *hi;                     /* highest unseen top per shape (-1: none) */
    sj_tops scratch;
    uint64_t candidates;                       /* kinds in some safe unit */
    int nk;
    uint8_t kind[SJ_NUM_KINDS], avail[SJ_NUM_KINDS];
    sj_cards cur;
    lead_out *o;
} safe_ctx;

static int unit_safe(const safe_ctx *s, int w, int l, int top) { return s->hi[w][l] <= top; }

static int mark_safe(void *ctx, const sj_cards *unit, int w, int l, int top) {
    safe_ctx *s = (safe_ctx *)ctx;
    if (unit_safe(s, w, l, top)) s->candidates |= unit->p[0];
    return 0;
}

static int is_safe_throw(const safe_ctx *s, const sj_cards *cards);

static int throw_rec(safe_ctx *s, int i) {
    if (i == s->nk) return sj_cards_size(&s->cur) >= 2 && is_safe_throw(s, &s->cur) && emit(s->o, &s->cur);
    for (int c = 0; c <= s->avail[i]; c++) {
        if (c) sj_cards_add_one(&s->cur, s->kind[i]);
        if (throw_rec(s, i + 1)) return 1;
    }
    for (int c = 0; c < s->avail[i]; c++) sj_cards_remove_one(&s->cur, s->kind[i]);
    return 0;
}

sj_cards sj_deal_unseen(const sj_deal *d) {
    sj_cards full = sj_cards_empty(), seen = d->hands[d->to_move], tmp;
    for (int i = 0; i < d->rules.decks; i++) full.p[i] = SJ_ALL_KINDS;
    if (sj_cards_add(&seen, &d->played, &tmp) == 0) seen = tmp;
    if (d->to_move == d->burier && d->phase >= SJ_PHASE_PLAY && sj_cards_add(&seen, &d->kitty, &tmp) == 0) seen = tmp;
    return sj_cards_sub(&full, &seen, &tmp) == 0 ? tmp : sj_cards_empty();
}

const sj_tops_row *sj_unseen_tops(const sj_deal *d, int e, sj_tops scratch) {
    const sj_trump *t = &d->trump;
    sj_cards unseen = sj_deal_unseen(d), theirs = sj_cards_mask(&unseen, t->suit_mask[e] | t->borrow_mask[e]);
    sj_highest_unit_tops_of(t, e, &theirs, scratch);
    return scratch;
}

/* Prepare the safe-throw search of suit e: highest unseen top per shape, candidate kinds. */
static void safe_setup(const sj_deal *d, int e, const sj_cards *mine, safe_ctx *s) {
    const sj_trump *t = &d->trump;
    s->t = t;
    s->e = e;
    sj_poscounts pc;
    s->hi = sj_unseen_tops(d, e, s->scratch);
    s->candidates = 0;
    sj_poscounts_of(t, e, mine, &pc);
    sj_each_unit(t, e, &pc, mark_safe, s);
    s->nk = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        if (s->candidates >> k & 1) {
            s->kind[s->nk] = (uint8_t)k;
            s->avail[s->nk++] = (uint8_t)sj_cards_count(mine, k);
        }
    s->cur = sj_cards_empty();
}

int sj_is_safe_throw(const sj_trump *t, const sj_cards *cards, const sj_tops_row *hi) {
    sj_unit u[SJ_MAX_UNITS];
    int n = sj_units(t, cards, u, SJ_MAX_UNITS);
    if (n < 2) return 0;
    for (int j = 0; j < n; j++)
        if (hi[u[j].w][u[j].l] > u[j].top) return 0;
    return 1;
}

static int is_safe_throw(const safe_ctx *s, const sj_cards *cards) { return sj_is_safe_throw(s->t, cards, s->hi); }

long sj_deal_legal_leads(const sj_deal *d, sj_cards *out, long cap, long limit) {
    lead_out o = {out, cap, limit, 0};
    if (d->phase != SJ_PHASE_PLAY || d->ntrick != 0) return 0;
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[0] & t->suit_mask[e])) continue;
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]); /* natural: borrowed trumps */
        sj_poscounts pc;
        sj_poscounts_of(t, e, &mine, &pc);
        if (sj_each_unit(t, e, &pc, emit_unit, &o)) return o.found;
    }
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[0] & t->suit_mask[e])) continue;
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]);
        safe_ctx s;
        s.o = &o;
        safe_setup(d, e, &mine, &s);
        if (throw_rec(&s, 0)) return o.found;
    }
    return o.found;
}

/* ---- a random legal lead ------------------------------------------------------------------------ */

typedef struct unit_pick {
    long seen, target;              /* count the units; stop at number `target` */
    sj_cards pick;
} unit_pick;

static int count_or_pick(void *ctx, const sj_cards *unit, int w, int l, int top) {
    (void)w, (void)l, (void)top;
    unit_pick *v = (unit_pick *)ctx;
    if (v->seen++ == v->target) {
        v->pick = *unit;
        return 1;
    }
    return 0;
}

int sj_deal_random_lead(const sj_deal *d, sj_rng *r, sj_cards *out) {
    if (d->phase != SJ_PHASE_PLAY || d->ntrick != 0) return SJ_E_PHASE;
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    if (sj_rng_below(r, 8) == 0) { /* a throw attempt: a random sub-multiset of a suit's safe kinds */
        int suits[SJ_NUM_EFF], ns = 0;
        for (int e = 0; e < SJ_NUM_EFF; e++)
            if (hand->p[0] & t->suit_mask[e]) suits[ns++] = e;
        int e = suits[sj_rng_below(r, (uint32_t)ns)];
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]);
        safe_ctx s;
        safe_setup(d, e, &mine, &s);
        for (int i = 0; i < s.nk; i++)
            for (int c = (int)sj_rng_below(r, (uint32_t)s.avail[i] + 1); c > 0; c--) sj_cards_add_one(&s.cur, s.kind[i]);
        if (is_safe_throw(&s, &s.cur)) {
            *out = s.cur;
            return 0;
        }
    }
    /* A uniformly random single unit.  A kind held c times gives c tuples (widths 1..c), so there are as
     * many tuples as cards; the tractors are counted by walking the suits that hold pairs. */
    int ntuples = sj_cards_size(hand);
    if (!ntuples) return SJ_E_EMPTY;
    sj_poscounts pcs[SJ_NUM_EFF];
    unit_pick v = {0, -1, sj_cards_empty()};
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[1] & (t->suit_mask[e] | t->borrow_mask[e]))) continue;
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]);
        sj_poscounts_of(t, e, &mine, &pcs[e]);
        sj_each_tractor(t, e, &pcs[e], count_or_pick, &v);
    }
    long pick = (long)sj_rng_below(r, (uint32_t)(ntuples + v.seen));
    *out = sj_cards_empty();
    if (pick < ntuples) { /* the pick-th tuple: kinds in index order, widths 1..c */
        for (int k = 0; k < SJ_NUM_KINDS; k++) {
            int c = sj_cards_count(hand, k);
            if (pick < c) {
                for (int i = 0; i <= pick; i++) out->p[i] = UINT64_C(1) << k;
                return 0;
            }
            pick -= c;
        }
    }
    v.target = pick - ntuples;
    v.seen = 0;
    for (int e = 0; e < SJ_NUM_EFF; e++)
        if ((hand->p[1] & (t->suit_mask[e] | t->borrow_mask[e])) && sj_each_tractor(t, e, &pcs[e], count_or_pick, &v))
            break;
    *out = v.pick;
    return 0;
}
