/* sj_moves.c — the legal leads of a deal (docs/MODEL.md §9 "Legal actions").
 *
 * Every single unit of the hand (every shape, every choice of kinds at shared positions), then every
 * safe throw: a sub-multiset of one effective suit whose decomposition has two or more units, each of
 * them unbeatable by the cards the leader cannot see (the pack minus its hand, the cards played and,
 * for the last burier, the buried kitty).  A kind can only take part in a safe throw if it belongs to some
 * safe unit, so the search runs over those kinds only.
 */
#include "sj_moves.h"


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
    int8_t below[SJ_NUM_KINDS];                /* first throws of their classes only: the index of the kind below in
                                                * its class (-1: none or not a candidate) */
    uint8_t took[SJ_NUM_KINDS];
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
    int least = s->below[i] >= 0 ? s->took[s->below[i]] : 0; /* the first of a class takes the fewest low copies */
    for (int c = 0; c <= s->avail[i]; c++) {
        if (c) sj_cards_add_one(&s->cur, s->kind[i]);
        s->took[i] = (uint8_t)c;
        if (c >= least && throw_rec(s, i + 1)) return 1;
    }
    for (int c = 0; c < s->avail[i]; c++) sj_cards_remove_one(&s->cur, s->kind[i]);
    return 0;
}

sj_cards sj_deal_unseen(const sj_deal *d) {
    sj_cards unseen = sj_cards_empty(); /* the pack less the hand, the cards played and an own kitty: all in it */
    for (int i = 0; i < d->rules.decks; i++) unseen.p[i] = SJ_ALL_KINDS;
    sj_cards_take(&unseen, &d->hands[d->to_move]);
    sj_cards_take(&unseen, &d->played);
    if (d->to_move == d->burier && d->phase >= SJ_PHASE_PLAY) sj_cards_take(&unseen, &d->kitty);
    return unseen;
}

const sj_tops_row *sj_unseen_tops(const sj_deal *d, int e, sj_tops scratch) {
    const sj_trump *t = &d->trump;
    sj_cards unseen = sj_deal_unseen(d), theirs = sj_cards_mask(&unseen, t->suit_mask[e] | t->borrow_mask[e]);
    sj_highest_unit_tops_of(t, e, &theirs, scratch);
    return scratch;
}

/* Prepare the safe-throw search of suit e: highest unseen top per shape, candidate kinds. */
static void safe_kinds(safe_ctx *s, const sj_cards *mine);

static void safe_setup(const sj_deal *d, int e, const sj_cards *mine, safe_ctx *s) {
    const sj_trump *t = &d->trump;
    s->t = t;
    s->e = e;
    sj_poscounts pc;
    s->hi = sj_unseen_tops(d, e, s->scratch);
    s->candidates = 0;
    sj_poscounts_of(t, e, mine, &pc);
    sj_each_unit(t, e, &pc, mark_safe, s);
    safe_kinds(s, mine);
}

/* The throw search's candidate kinds, once s->candidates holds the kinds of the suit's safe units. */
static void safe_kinds(safe_ctx *s, const sj_cards *mine) {
    s->nk = 0;
    for (uint64_t b = s->candidates; b; b &= b - 1) {
        int k = __builtin_ctzll(b);
        s->kind[s->nk] = (uint8_t)k;
        s->below[s->nk] = -1;
        s->avail[s->nk++] = (uint8_t)sj_cards_count(mine, k);
    }
    s->cur = sj_cards_empty();
}

/* The first throw of each class only: the throw walk gives each kind its copies from none up, so a class's first
 * throw gives each kind at least the copies of the kind below it (a kind below that is no candidate takes none). */
static void safe_firsts(safe_ctx *s, const uint64_t *same) {
    for (int i = 0; i < s->nk; i++) {
        uint64_t lower = same[s->kind[i]] & ((UINT64_C(1) << s->kind[i]) - 1);
        s->below[i] = -1;
        for (int j = 0; j < i && lower; j++)
            if (s->kind[j] == 63 - __builtin_clzll(lower)) s->below[i] = (int8_t)j;
    }
}

int sj_is_safe_throw(const sj_trump *t, const sj_cards *cards, const sj_tops_row *hi) {
    uint64_t kinds = cards->p[0];
    if (!(kinds & (kinds - 1))) return 0; /* one kind: one tuple */
    int e = t->eff[__builtin_ctzll(kinds)];
    if (!cards->p[1] && !(kinds & ~t->suit_mask[e])) { /* singles of one suit: each its own unit */
        for (uint64_t m = kinds; m; m &= m - 1)
            if (hi[1][1] > t->pos[__builtin_ctzll(m)]) return 0;
        return 1;
    }
    sj_unit u[SJ_MAX_UNITS];
    int n = sj_units(t, cards, u, SJ_MAX_UNITS);
    if (n < 2) return 0;
    for (int j = 0; j < n; j++)
        if (hi[u[j].w][u[j].l] > u[j].top) return 0;
    return 1;
}

static int is_safe_throw(const safe_ctx *s, const sj_cards *cards) { return sj_is_safe_throw(s->t, cards, s->hi); }

/* The units are listed by position (sj_each_unit), so a class's first unit gives its members their copies in
 * position order, most first (the trump suit's positions do not follow the kinds' order). */
typedef struct canon_out {
    const sj_trump *t;
    lead_out *o;
    const uint64_t *same;
    long units;
    safe_ctx *s;                    /* the suit's throw search: its safe kinds are marked in the same pass */
    int tractor_len;
} canon_out;

static int emit_canonical_unit(void *ctx, const sj_cards *unit, int w, int l, int top) {
    canon_out *c = (canon_out *)ctx;
    c->units++;
    if (unit_safe(c->s, w, l, top)) c->s->candidates |= unit->p[0];
    for (uint64_t m = unit->p[0]; m; m &= m - 1) {
        int k = __builtin_ctzll(m), n = sj_cards_count(unit, k);
        for (uint64_t mates = c->same[k] & ~(UINT64_C(1) << k); mates; mates &= mates - 1) {
            int j = __builtin_ctzll(mates);
            if (c->t->pos[j] < c->t->pos[k] && sj_cards_count(unit, j) < n) return 0;
        }
    }
    if (c->o->found < c->o->cap) c->o->out[c->o->found++] = *unit;
    return 0;
}

/* Tractors of width w through positions p..top, every choice of kinds (sj_each_tractor's walk_kinds order). */
static void bits_tractor(const sj_trump *t, int e, const sj_cards *mine, int w, int p, int top, sj_cards *cur,
                         canon_out *c) {
    if (p > top) {
        emit_canonical_unit(c, cur, w, c->tractor_len, top);
        return;
    }
    for (int j = 0; j < t->nat[e][p]; j++) {
        uint64_t bit = UINT64_C(1) << t->at[e][p][j];
        if (!(mine->p[w - 1] & bit)) continue;
        for (int i = 0; i < w; i++) cur->p[i] |= bit;
        bits_tractor(t, e, mine, w, p + 1, top, cur, c);
        for (int i = 0; i < w; i++) cur->p[i] &= ~bit;
    }
}

/* Every unit of a suit where tractors are runs of positions, in sj_each_unit's order (tuples by width, position
 * and kind; tractors by width, bottom, length and kinds), read off bit planes of positions instead of counts. */
static void bits_units(const sj_trump *t, int e, const sj_cards *mine, canon_out *c) {
    uint64_t mb[SJ_MAX_DECKS + 1];
    sj_position_bits(t, e, mine, mb);
    for (int w = 1; w <= SJ_MAX_DECKS && mb[w]; w++)
        for (uint64_t b = mb[w]; b; b &= b - 1) {
            int p = __builtin_ctzll(b);
            for (int j = 0; j < t->nat[e][p]; j++) {
                uint64_t bit = UINT64_C(1) << t->at[e][p][j];
                if (!(mine->p[w - 1] & bit)) continue;
                sj_cards u = sj_cards_empty();
                for (int i = 0; i < w; i++) u.p[i] = bit;
                emit_canonical_unit(c, &u, w, 1, p);
            }
        }
    for (int w = 2; w <= SJ_MAX_DECKS && mb[w]; w++) {
        uint64_t m = mb[w];
        for (uint64_t b = m & (m >> 1); b; b &= b - 1) {
            int p = __builtin_ctzll(b);
            for (int l = 2; m >> (p + l - 1) & 1; l++) {
                sj_cards cur = sj_cards_empty();
                c->tractor_len = l;
                bits_tractor(t, e, mine, w, p, p + l - 1, &cur, c);
            }
        }
    }
}

long sj_deal_legal_leads_canonical(const sj_deal *d, const uint64_t same[SJ_NUM_KINDS], long max_leads, long *leads,
                                   sj_cards *out, long cap) {
    lead_out o = {out, cap, 0, 0};
    canon_out c = {&d->trump, &o, same, 0, NULL, 0};
    *leads = 0;
    if (d->phase != SJ_PHASE_PLAY || d->ntrick != 0) return 0;
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    safe_ctx s[SJ_NUM_EFF];
    long throws = 0;
    sj_cards unseen = sj_deal_unseen(d);
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[0] & t->suit_mask[e])) continue;
        uint64_t mask = t->suit_mask[e] | t->borrow_mask[e];
        sj_cards mine = sj_cards_mask(hand, mask), theirs = sj_cards_mask(&unseen, mask);
        c.s = &s[e];
        s[e].t = t;
        s[e].e = e;
        sj_highest_unit_tops_of(t, e, &theirs, s[e].scratch);
        s[e].hi = (const sj_tops_row *)s[e].scratch;
        s[e].candidates = 0;
        if (t->natural) {
            sj_poscounts pc;
            sj_poscounts_of(t, e, &mine, &pc);
            sj_each_unit(t, e, &pc, emit_canonical_unit, &c);
        } else {
            bits_units(t, e, &mine, &c);
        }
        safe_kinds(&s[e], &mine);
        long walk = 1; /* the throw walk's sub-multisets of the safe kinds */
        for (int i = 0; i < s[e].nk && walk <= max_leads; i++) walk *= s[e].avail[i] + 1;
        throws += walk;
    }
    *leads = c.units + throws;
    if (*leads > max_leads) return 0;
    o.limit = cap;
    for (int e = 0; e < SJ_NUM_EFF && o.found < cap; e++) {
        if (!(hand->p[0] & t->suit_mask[e])) continue;
        s[e].o = &o;
        safe_firsts(&s[e], same);
        if (throw_rec(&s[e], 0)) break;
    }
    return o.found;
}

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

/* The tractors sj_each_tractor would walk in suit e of `mine` (tractors as runs of positions): every run of two or
 * more adjacent positions holding a kind of w copies, times the choices of kinds at its positions. */
static long tractors_of(const sj_trump *t, int e, const sj_cards *mine, const uint64_t *bits) {
    long n = 0;
    for (int w = 2; w <= SJ_MAX_DECKS && bits[w]; w++) {
        uint64_t m = bits[w];
        for (uint64_t b = m & (m >> 1); b; b &= b - 1) {
            int p = __builtin_ctzll(b);
            long ways = 1;
            for (int q = p; m >> q & 1; q++) {
                int kinds = 0;
                for (int j = 0; j < t->nat[e][q]; j++) kinds += (int)(mine->p[w - 1] >> t->at[e][q][j] & 1);
                ways *= kinds;
                if (q > p) n += ways; /* the run p..q */
            }
        }
    }
    return n;
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
    int walked = 0; /* the suits that may hold tractors */
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[1] & (t->suit_mask[e] | t->borrow_mask[e]))) continue;
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]);
        walked |= 1 << e;
        if (!t->natural) { /* tractors are runs of adjacent positions: counted off bit planes */
            uint64_t bits[SJ_MAX_DECKS + 1];
            sj_position_bits(t, e, &mine, bits);
            v.seen += tractors_of(t, e, &mine, bits);
            continue;
        }
        sj_poscounts_of(t, e, &mine, &pcs[e]);
        sj_each_tractor(t, e, &pcs[e], count_or_pick, &v);
    }
    long pick = (long)sj_rng_below(r, (uint32_t)(ntuples + v.seen));
    *out = sj_cards_empty();
    if (pick < ntuples) { /* the pick-th tuple: kinds in index order, widths 1..c */
        for (uint64_t b = hand->p[0]; b; b &= b - 1) {
            int k = __builtin_ctzll(b), c = sj_cards_count(hand, k);
            if (pick < c) {
                for (int i = 0; i <= pick; i++) out->p[i] = UINT64_C(1) << k;
                return 0;
            }
            pick -= c;
        }
    }
    v.target = pick - ntuples;
    v.seen = 0;
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(walked >> e & 1)) continue;
        if (!t->natural) {
            sj_cards mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]);
            sj_poscounts_of(t, e, &mine, &pcs[e]);
        }
        if (sj_each_tractor(t, e, &pcs[e], count_or_pick, &v)) break;
    }
    *out = v.pick;
    return 0;
}
