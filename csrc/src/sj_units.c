/* sj_units.c — unit-order key, decomposition and shape placement (docs/MODEL.md §3).
 *
 * Decomposition: repeatedly take, among the units contained in what is left, the one with the most
 * cards; ties by the unit-order key, then the higher top; at a shared position the kind with the
 * lowest index.  For a fixed width the longest run of usable positions gives the most cards, so
 * only each width's longest run (highest one on ties) is a candidate.
 */
#include "sj_units.h"

#include <string.h>

int sj_shape_key(const sj_rules *rules, int w, int l) {
    int tractor = l >= 2;
    if (rules->follow_ladder == SJ_LADDER_4DECK) return (w << 16) | (tractor << 8) | l;
    return (tractor << 16) | (w << 8) | l;
}

void sj_shapes_sort(const sj_rules *rules, sj_shape *shapes, int n) {
    for (int i = 1; i < n; i++) {
        sj_shape s = shapes[i];
        int key = sj_shape_key(rules, s.w, s.l), j = i;
        while (j > 0 && sj_shape_key(rules, shapes[j - 1].w, shapes[j - 1].l) < key) {
            shapes[j] = shapes[j - 1];
            j--;
        }
        shapes[j] = s;
    }
}

/* Slot at position p with at least w copies, lowest kind index first; -1 if none. */
static int first_slot(const sj_poscounts *pc, int p, int w) {
    for (int j = 0; j < pc->nk[p]; j++)
        if (pc->c[p][j] >= w) return j;
    return -1;
}

/* Longest run of positions with a slot of >= w copies: length into *len, top into *top (highest
 * such run).  Returns 0 when no position qualifies. */
static int longest_run(const sj_poscounts *pc, int w, int *len, int *top) {
    int best = 0, best_top = -1, run = 0;
    for (int p = 0; p < pc->nplain; p++) {
        run = first_slot(pc, p, w) >= 0 ? run + 1 : 0;
        if (run > 0 && run >= best) {
            best = run;
            best_top = p;
        }
    }
    *len = best;
    *top = best_top;
    return best > 0;
}

/* Decomposition: is a candidate unit (cards, shape key, top) taken before the best so far?  Most cards,
 * then the unit key, then the higher top. */
static inline int takes_before(int cards, int key, int top, int bcards, int bkey, int btop) {
    return cards > bcards || (cards == bcards && (key > bkey || (key == bkey && top > btop)));
}

/* The next unit of a decomposition, its cards still empty; NULL when out of room. */
static sj_unit *next_unit(sj_unit *out, int *n, int cap, int w, int l, int top, int e) {
    if (*n >= cap) return NULL;
    sj_unit *u = &out[(*n)++];
    u->w = (uint8_t)w;
    u->l = (uint8_t)l;
    u->top = (uint8_t)top;
    u->eff = (uint8_t)e;
    u->cards = sj_cards_empty();
    return u;
}

int sj_play_suit(const sj_trump *t, const sj_cards *play) {
    int e = sj_trump_suit_of(t, play);
    if (e < 0 || !(play->p[0] & ~t->suit_mask[e])) return e; /* one effective suit: nothing borrowed */
    sj_unit u[SJ_MAX_UNITS];
    return sj_units(t, play, u, SJ_MAX_UNITS) < 0 ? SJ_E_MIXED : e;
}

int sj_unit_low(const sj_trump *t, const sj_unit *u) {
    if (!t->natural) return u->top - u->l + 1;
    int low = 255;
    for (uint64_t m = u->cards.p[0]; m; m &= m - 1) {
        int k = __builtin_ctzll(m), v = u->eff == SJ_TRUMP ? t->pos[k] : sj_natural_rank(k);
        if (v < low) low = v;
    }
    return low;
}

/* ---- natural tractors (tractor_rule="natural", docs/MODEL.md §3) ------------------------------------
 * A tractor is a chain of kinds linked by printed rank (pc->ch); a code names a kind (position << 2 |
 * slot).  In a plain suit the kinds at positions >= nplain are borrowed trumps: a chain must hold at
 * least one plain kind, and tuples take plain kinds only.  A tractor's top is its key. */

static inline int ccount(const sj_poscounts *pc, int code) { return pc->c[code >> 2][code & 3]; }
static inline int cplain(const sj_poscounts *pc, int code) { return (code >> 2) < pc->nplain; }
static inline int cdown(const sj_poscounts *pc, int code) { return pc->ch->down[code >> 2][code & 3]; }
static inline int cup(const sj_poscounts *pc, int code) { return pc->ch->up[code >> 2][code & 3]; }
static inline int ckey(const sj_poscounts *pc, int code) { return pc->ch->key[code >> 2][code & 3]; }

/* Fill codes[0..l) with the chain of l kinds topped by `code` (top first) when each has at least w copies
 * (exactly w when exact) and one of them is plain; else 0. */
static int chain_at(const sj_poscounts *pc, int code, int w, int l, int exact, uint8_t *codes) {
    int plain = 0;
    for (int k = 0; k < l; k++) {
        if (code == SJ_CODE_NONE) return 0;
        int c = ccount(pc, code);
        if (exact ? c != w : c < w) return 0;
        plain |= cplain(pc, code);
        codes[k] = (uint8_t)code;
        code = cdown(pc, code);
    }
    return plain;
}

static int natural_highest(const sj_poscounts *pc, int w, int l) {
    uint8_t codes[SJ_MAX_POS];
    for (int i = 0; i < pc->ch->ncodes; i++) { /* keys high to low: the first chain found is the highest */
        int code = pc->ch->order[i];
        if ((code >> 2) < pc->npos && chain_at(pc, code, w, l, 0, codes)) return ckey(pc, code);
    }
    return -1;
}

int sj_highest_unit_top(const sj_poscounts *pc, int w, int l) {
    if (pc->ch && l >= 2) return l <= SJ_MAX_POS ? natural_highest(pc, w, l) : -1;
    int run = 0, top = -1;
    for (int p = 0; p < pc->nplain; p++) {
        run = first_slot(pc, p, w) >= 0 ? run + 1 : 0;
        if (run >= l) top = p;
    }
    return top;
}

/* Natural tractors: tuples at plain positions, tractors along chains (keys high to low, so the first
 * write per length is the highest).  Singles never chain: hi[1][l] is left at -1 for l >= 2. */
static void natural_tops(const sj_poscounts *pc, sj_tops hi) {
    int maxc = 0;
    for (int p = 0; p < pc->npos; p++)
        for (int j = 0; j < pc->nk[p]; j++)
            if (pc->c[p][j] > maxc) maxc = pc->c[p][j];
    for (int w = 1; w <= maxc; w++) {
        int any = 0;
        for (int p = 0; p < pc->nplain; p++)
            if (first_slot(pc, p, w) >= 0) hi[w][1] = (int8_t)p, any = 1;
        for (int i = 0; w >= 2 && i < pc->ch->ncodes; i++) {
            int top = pc->ch->order[i], code = top, plain = 0;
            if ((top >> 2) >= pc->npos) continue;
            for (int l = 1; code != SJ_CODE_NONE && ccount(pc, code) >= w; l++, code = cdown(pc, code)) {
                any = 1;
                plain |= cplain(pc, code);
                if (l >= 2 && plain && hi[w][l] < 0) hi[w][l] = (int8_t)ckey(pc, top);
            }
        }
        if (!any) break; /* no kind has w copies, so none has more */
    }
}

void sj_highest_unit_tops(const sj_poscounts *pc, sj_tops hi) {
    memset(hi, -1, sizeof(sj_tops));
    if (pc->ch) {
        natural_tops(pc, hi);
        return;
    }
    for (int w = 1; w <= SJ_MAX_DECKS; w++) {
        int run = 0, longest = 0;
        for (int p = 0; p < pc->npos; p++) {
            run = first_slot(pc, p, w) >= 0 ? run + 1 : 0;
            if (run) hi[w][run] = (int8_t)p; /* positions ascend: the last write is the highest */
            if (run > longest) longest = run;
        }
        if (!longest) break; /* no kind has w copies, so none has more */
        for (int l = longest - 1; l >= 1; l--) /* a run of length l+1 ending at p also has length l there */
            if (hi[w][l + 1] > hi[w][l]) hi[w][l] = hi[w][l + 1];
    }
}

void sj_position_bits(const sj_trump *t, int e, const sj_cards *cards, uint64_t bits[SJ_MAX_DECKS + 1]) {
    uint64_t mask = t->suit_mask[e];
    unsigned gaps = (1u << t->level) | t->constants;
    for (int w = 0; w <= SJ_MAX_DECKS; w++) bits[w] = 0;
    for (int w = 1; w <= SJ_MAX_DECKS; w++) {
        uint64_t plane = cards->p[w - 1] & mask, m = 0;
        if (!plane) break; /* no kind has w copies, so none has more */
        if (e != SJ_TRUMP) { /* a plain suit's positions are its ranks without the level and constant ranks */
            m = plane >> (13 * e);
            for (unsigned g = gaps; g;) {
                int r = 31 - __builtin_clz(g);
                g ^= 1u << r;
                m = (m & ((UINT64_C(1) << r) - 1)) | ((m >> (r + 1)) << r);
            }
        } else {
            for (uint64_t b = plane; b; b &= b - 1) m |= UINT64_C(1) << t->pos[__builtin_ctzll(b)];
        }
        bits[w] = m;
    }
}

/* Natural tractors from bit planes: a chain is a run of printed ranks of one printed suit (a plain suit's 13 ranks,
 * its own kinds and the trumps it borrows, holding at least one of its own; in trump each printed suit's trumps,
 * and the two jokers), its key twice the top's rank, plus one for the trump suit's kinds in trump (jokers 25, 26).
 * Bit p of a run mask marks a run of printed ranks p .. p + l - 1. */
static void natural_tops_of(const sj_trump *t, int e, const sj_cards *cards, sj_tops hi) {
    uint64_t bits[SJ_MAX_DECKS + 1];
    sj_position_bits(t, e, cards, bits);
    memset(hi, -1, sizeof(sj_tops));
    uint64_t mask = t->suit_mask[e] | t->borrow_mask[e];
    for (int w = 1; w <= SJ_MAX_DECKS; w++) {
        uint64_t plane = cards->p[w - 1] & mask;
        if (!plane) break;
        if (bits[w]) hi[w][1] = (int8_t)(63 - __builtin_clzll(bits[w]));
        if (w < 2) continue; /* singles never chain */
        if (e != SJ_TRUMP) {
            unsigned m = (unsigned)(plane >> (13 * e)) & 0x1FFFu, own = (unsigned)(t->suit_mask[e] >> (13 * e)) & 0x1FFFu;
            unsigned runs = m & (m >> 1), borrowed = m & ~own, alien = borrowed & (borrowed >> 1);
            for (int l = 2; runs; l++, runs &= runs >> 1, alien &= alien >> 1) {
                unsigned ok = runs & ~alien; /* runs holding a kind of the suit's own */
                if (ok) hi[w][l] = (int8_t)(2 * (31 - __builtin_clz(ok) + l - 1));
            }
            continue;
        }
        for (int s = 0; s < SJ_NUM_SUITS; s++) {
            unsigned m = (unsigned)(plane >> (13 * s)) & 0x1FFFu;
            for (unsigned runs = m & (m >> 1), l = 2; runs; l++, runs &= runs >> 1) {
                int key = 2 * (31 - __builtin_clz(runs) + (int)l - 1) + (s == t->suit);
                if (key > hi[w][l]) hi[w][l] = (int8_t)key;
            }
        }
        if ((plane >> SJ_SMALL_JOKER & 1) && (plane >> SJ_BIG_JOKER & 1)) hi[w][2] = 26; /* the highest key there is */
    }
}

void sj_highest_unit_tops_of(const sj_trump *t, int e, const sj_cards *cards, sj_tops hi) {
    if (t->natural) {
        natural_tops_of(t, e, cards, hi);
        return;
    }
    /* A run of length l ending at p is bit p of m & m << 1 & ... & m << (l - 1): the same table as
     * sj_highest_unit_tops, without the counts. */
    uint64_t bits[SJ_MAX_DECKS + 1];
    sj_position_bits(t, e, cards, bits);
    memset(hi, -1, sizeof(sj_tops));
    for (int w = 1; w <= SJ_MAX_DECKS && bits[w]; w++)
        for (uint64_t run = bits[w], l = 1; run; l++, run &= run << 1) hi[w][l] = (int8_t)(63 - __builtin_clzll(run));
}

/* The natural decomposition: as below, with chains for runs (docs/MODEL.md §3). */
static int units_natural(const sj_trump *t, int e, sj_poscounts *pc, int left, sj_unit *out, int cap) {
    int n = 0;
    while (left > 0) {
        int maxw = 0;
        for (int p = 0; p < pc->npos; p++)
            for (int j = 0; j < pc->nk[p]; j++)
                if (pc->c[p][j] > maxw) maxw = pc->c[p][j];
        int bw = 0, bl = 0, btop = -1, bcards = -1, bkey = -1, bcode = -1;
        for (int w = 1; w <= maxw; w++) {
            /* the tuple: the highest plain position with w copies of a kind, lowest kind index */
            for (int p = pc->nplain - 1; p >= 0; p--) {
                int j = first_slot(pc, p, w);
                if (j < 0) continue;
                int key = sj_shape_key(&t->rules, w, 1);
                if (takes_before(w, key, p, bcards, bkey, btop))
                    bw = w, bl = 1, btop = p, bcards = w, bkey = key, bcode = p << 2 | j;
                break;
            }
            if (w < 2) continue;
            /* the chain: the longest run of kinds with w copies holding a plain kind; the higher top, then
             * the lower kind index on ties (codes in `order` run so) */
            for (int i = 0; i < pc->ch->ncodes; i++) {
                int top = pc->ch->order[i];
                if ((top >> 2) >= pc->npos || ccount(pc, top) < w) continue;
                int upc = cup(pc, top);
                if (upc != SJ_CODE_NONE && ccount(pc, upc) >= w) continue; /* not the top of its run */
                int l = 0, plain = 0;
                for (int code = top; code != SJ_CODE_NONE && ccount(pc, code) >= w; code = cdown(pc, code)) {
                    l++;
                    plain |= cplain(pc, code);
                }
                if (l < 2 || !plain) continue;
                int cards = w * l, key = sj_shape_key(&t->rules, w, l), tk = ckey(pc, top);
                if (takes_before(cards, key, tk, bcards, bkey, btop))
                    bw = w, bl = l, btop = tk, bcards = cards, bkey = key, bcode = top;
            }
        }
        if (bcards < 0) return SJ_E_MIXED; /* a borrowed trump outside every tractor */
        sj_unit *u = next_unit(out, &n, cap, bw, bl, btop, e);
        if (!u) return SJ_E_CAPACITY;
        int code = bcode;
        for (int k = 0; k < bl; k++, code = cdown(pc, code)) {
            pc->c[code >> 2][code & 3] = (uint8_t)(pc->c[code >> 2][code & 3] - bw);
            for (int i = 0; i < bw; i++) sj_cards_add_one(&u->cards, t->at[e][code >> 2][code & 3]);
        }
        left -= bcards;
    }
    return n;
}

int sj_units(const sj_trump *t, const sj_cards *play, sj_unit *out, int cap) {
    int e = sj_trump_suit_of(t, play);
    if (e < 0) return e;
    sj_poscounts pc;
    sj_poscounts_of(t, e, play, &pc);
    /* natural tractors: only a play with pairs or borrowed trumps decomposes differently (singles do not chain) */
    if (pc.ch && (play->p[1] || (play->p[0] & t->borrow_mask[e])))
        return units_natural(t, e, &pc, sj_cards_size(play), out, cap);
    int left = sj_cards_size(play), n = 0;
    int maxw = sj_cards_max_copies(play);
    sj_cards rest = *play;
    while (left > 0) {
        if (!rest.p[1]) { /* only singles left: highest position first, lowest kind first */
            for (int p = pc.npos - 1; p >= 0; p--)
                for (int j = 0; j < pc.nk[p]; j++) {
                    if (!pc.c[p][j]) continue;
                    sj_unit *u = next_unit(out, &n, cap, 1, 1, p, e);
                    if (!u) return SJ_E_CAPACITY;
                    sj_cards_add_one(&u->cards, t->at[e][p][j]);
                }
            break;
        }
        int bw = 0, bl = 0, btop = -1, bcards = -1, bkey = -1;
        for (int w = 1; w <= maxw; w++) {
            int len, top;
            if (!longest_run(&pc, w, &len, &top)) continue;
            if (w == 1) { /* singles never chain: the highest card */
                len = 1;
                top = sj_highest_unit_top(&pc, 1, 1);
            }
            int cards = w * len, key = sj_shape_key(&t->rules, w, len);
            if (takes_before(cards, key, top, bcards, bkey, btop)) bw = w, bl = len, btop = top, bcards = cards, bkey = key;
        }
        sj_unit *u = next_unit(out, &n, cap, bw, bl, btop, e);
        if (!u) return SJ_E_CAPACITY;
        for (int p = btop - bl + 1; p <= btop; p++) {
            int j = first_slot(&pc, p, bw);
            pc.c[p][j] = (uint8_t)(pc.c[p][j] - bw);
            for (int i = 0; i < bw; i++) {
                sj_cards_add_one(&u->cards, t->at[e][p][j]);
                sj_cards_remove_one(&rest, t->at[e][p][j]);
            }
        }
        left -= bcards;
    }
    return n;
}

/* ---- every unit of a multiset -------------------------------------------------------------------- */

/* Units of shape (w, l) with bottom position p: every choice of kinds; calls back for each. */
typedef struct unit_walk {
    const sj_trump *t;
    const sj_poscounts *pc;
    int e, w, l, p;
    sj_cards cur;
} unit_walk;


static int walk_kinds(unit_walk *u, int k, sj_unit_fn fn, void *ctx) {
    if (k == u->l) return fn(ctx, &u->cur, u->w, u->l, u->p + u->l - 1);
    int pos = u->p + k;
    for (int j = 0; j < u->pc->nk[pos]; j++) {
        if (u->pc->c[pos][j] < u->w) continue;
        int kind = u->t->at[u->e][pos][j];
        for (int i = 0; i < u->w; i++) sj_cards_add_one(&u->cur, kind);
        int stop = walk_kinds(u, k + 1, fn, ctx);
        for (int i = 0; i < u->w; i++) sj_cards_remove_one(&u->cur, kind);
        if (stop) return 1;
    }
    return 0;
}

/* The most copies of one kind at each position (into maxc), and overall (returned). */
static int max_copies_at(const sj_poscounts *pc, uint8_t *maxc) {
    int maxw = 0;
    for (int p = 0; p < pc->npos; p++) {
        maxc[p] = 0;
        for (int j = 0; j < pc->nk[p]; j++)
            if (pc->c[p][j] > maxc[p]) maxc[p] = pc->c[p][j];
        if (maxc[p] > maxw) maxw = maxc[p];
    }
    return maxw;
}

int sj_each_unit(const sj_trump *t, int e, const sj_poscounts *pc, sj_unit_fn fn, void *ctx) {
    uint8_t maxc[SJ_MAX_POS];
    int maxw = max_copies_at(pc, maxc);
    /* tuples: each kind with at least w copies */
    for (int w = 1; w <= maxw; w++)
        for (int p = 0; p < pc->nplain; p++) {
            if (maxc[p] < w) continue;
            for (int j = 0; j < pc->nk[p]; j++) {
                if (pc->c[p][j] < w) continue;
                sj_cards u = sj_cards_empty();
                for (int i = 0; i < w; i++) u.p[i] = UINT64_C(1) << t->at[e][p][j];
                if (fn(ctx, &u, w, 1, p)) return 1;
            }
        }
    return sj_each_tractor(t, e, pc, fn, ctx);
}

/* Natural tractors: every bottom kind (positions ascending), every width, every length up its chain. */
static int each_chain(const sj_trump *t, int e, const sj_poscounts *pc, int maxw, sj_unit_fn fn, void *ctx) {
    for (int w = 2; w <= maxw; w++)
        for (int p = 0; p < pc->npos; p++)
            for (int j = 0; j < pc->nk[p]; j++) {
                int code = p << 2 | j, plain = cplain(pc, code);
                if (pc->c[p][j] < w) continue;
                sj_cards cur = sj_cards_empty();
                for (int i = 0; i < w; i++) sj_cards_add_one(&cur, t->at[e][p][j]);
                for (int l = 2;; l++) {
                    code = cup(pc, code);
                    if (code == SJ_CODE_NONE || ccount(pc, code) < w) break;
                    plain |= cplain(pc, code);
                    for (int i = 0; i < w; i++) sj_cards_add_one(&cur, t->at[e][code >> 2][code & 3]);
                    if (plain && fn(ctx, &cur, w, l, ckey(pc, code))) return 1;
                }
            }
    return 0;
}

int sj_each_tractor(const sj_trump *t, int e, const sj_poscounts *pc, sj_unit_fn fn, void *ctx) {
    uint8_t maxc[SJ_MAX_POS];
    int maxw = max_copies_at(pc, maxc);
    if (pc->ch) return each_chain(t, e, pc, maxw, fn, ctx);
    /* runs of positions with a kind of at least w copies */
    for (int w = 2; w <= maxw; w++)
        for (int p = 0; p + 1 < pc->npos; p++) {
            if (maxc[p] < w) continue;
            for (int l = 2; p + l <= pc->npos && maxc[p + l - 1] >= w; l++) {
                unit_walk u = {t, pc, e, w, l, p, sj_cards_empty()};
                if (walk_kinds(&u, 0, fn, ctx)) return 1;
            }
        }
    return 0;
}

/* ---- shape placement ---------------------------------------------------------------------- */

typedef struct place_ctx {
    sj_poscounts pc;
    const sj_shape *pieces;
    int n;
    int exact;
    sj_rng *rng;                    /* NULL: tops high to low; else a random rotation at every choice */
    const uint8_t *above;           /* NULL, or piece i's top must be strictly higher than above[i] */
    sj_tops_fn fn;                  /* NULL: stop at the first placement; else called for every one */
    sj_left_fn left_fn;             /* ... or called with the counts each placement leaves, every kind tried */
    void *fctx;
    uint8_t tops[SJ_MAX_UNITS];
    uint8_t idx[SJ_MAX_UNITS];      /* natural tractors: index of each piece's top in the chains' order */
} place_ctx;

static inline int fits(const place_ctx *x, int c, int w) {
    return (x->exact && w >= 2) ? c == w : c >= w;
}

static int place_from(place_ctx *x, int i);

/* Fill positions start+k .. start+l-1 of piece i, then go on with piece i+1. */
static int fill(place_ctx *x, int i, int start, int k) {
    const sj_shape *s = &x->pieces[i];
    if (k == s->l) {
        x->tops[i] = (uint8_t)(start + s->l - 1);
        return place_from(x, i + 1);
    }
    int p = start + k, nk = x->pc.nk[p];
    int rot = x->rng && nk > 1 ? (int)sj_rng_below(x->rng, (uint32_t)nk) : 0;
    for (int jj = 0; jj < nk; jj++) {
        int j = (jj + rot) % nk;
        int c = x->pc.c[p][j];
        if (!fits(x, c, s->w)) continue;
        if (!x->rng && !x->left_fn) { /* kinds at one position with equal counts are interchangeable */
            int dup = 0;
            for (int j2 = 0; j2 < j; j2++)
                if (x->pc.c[p][j2] == c) dup = 1;
            if (dup) continue;
        }
        x->pc.c[p][j] = (uint8_t)(c - s->w);
        if (fill(x, i, start, k + 1)) return 1; /* keep the counts: the caller may read what was used */
        x->pc.c[p][j] = (uint8_t)c;
    }
    return 0;
}

static int position_usable(const place_ctx *x, int p, int w) {
    for (int j = 0; j < x->pc.nk[p]; j++)
        if (fits(x, x->pc.c[p][j], w)) return 1;
    return 0;
}

/* A natural tractor piece: tops by key high to low (the chains' order). */
static int place_chain(place_ctx *x, int i) {
    const sj_shape *s = &x->pieces[i];
    const sj_chains *ch = x->pc.ch;
    int from = 0;
    if (!x->rng && i > 0 && x->pieces[i - 1].w == s->w && x->pieces[i - 1].l == s->l) from = x->idx[i - 1];
    int ncand = ch->ncodes - from;
    int rot = x->rng && ncand > 1 ? (int)sj_rng_below(x->rng, (uint32_t)ncand) : 0;
    uint8_t codes[SJ_MAX_POS];
    int exact = x->exact && s->w >= 2;
    for (int tt = 0; tt < ncand; tt++) {
        int oi = from + (tt + rot) % ncand, top = ch->order[oi];
        if ((top >> 2) >= x->pc.npos) continue;
        int key = ch->key[top >> 2][top & 3];
        if (x->above && key <= x->above[i]) {
            if (!x->rng) break; /* keys only fall from here on */
            continue;
        }
        if (s->l > SJ_MAX_POS || !chain_at(&x->pc, top, s->w, s->l, exact, codes)) continue;
        for (int k = 0; k < s->l; k++) x->pc.c[codes[k] >> 2][codes[k] & 3] -= s->w;
        x->tops[i] = (uint8_t)key;
        x->idx[i] = (uint8_t)oi;
        if (place_from(x, i + 1)) return 1;
        for (int k = 0; k < s->l; k++) x->pc.c[codes[k] >> 2][codes[k] & 3] += s->w;
    }
    return 0;
}

static int place_from(place_ctx *x, int i) {
    if (i == x->n) return x->left_fn ? x->left_fn(x->fctx, &x->pc) : x->fn ? x->fn(x->fctx, x->tops) : 1;
    const sj_shape *s = &x->pieces[i];
    if (x->pc.ch && s->l >= 2) return place_chain(x, i);
    int maxtop = x->pc.nplain - 1, mintop = s->l - 1;
    if (!x->rng && i > 0 && x->pieces[i - 1].w == s->w && x->pieces[i - 1].l == s->l) maxtop = x->tops[i - 1];
    if (x->above && x->above[i] + 1 > mintop) mintop = x->above[i] + 1;
    int ntops = maxtop - mintop + 1;
    int rot = x->rng && ntops > 1 ? (int)sj_rng_below(x->rng, (uint32_t)ntops) : 0;
    for (int tt = 0; tt < ntops; tt++) {
        int top = maxtop - (tt + rot) % ntops;
        int start = top - s->l + 1, ok = 1;
        for (int p = start; p <= top && ok; p++) ok = position_usable(x, p, s->w);
        if (ok && fill(x, i, start, 0)) return 1;
    }
    return 0;
}

/* Necessary condition: for every width w, the positions needing >= w copies fit in the capacity. */
static int capacity_ok(const place_ctx *x) {
    for (int w = 2; w <= SJ_MAX_DECKS; w++) {
        int need = 0, have = 0;
        for (int i = 0; i < x->n; i++)
            if (x->exact ? x->pieces[i].w == w : x->pieces[i].w >= w) need += x->pieces[i].l;
        if (!need) continue;
        for (int p = 0; p < x->pc.npos; p++)
            for (int j = 0; j < x->pc.nk[p]; j++) {
                int c = x->pc.c[p][j];
                have += x->exact ? (c == w) : c / w;
            }
        if (need > have) return 0;
    }
    return 1;
}

static void place_init(place_ctx *x, const sj_poscounts *pc, const sj_shape *pieces, int n) {
    x->pc = *pc;
    x->pieces = pieces;
    x->n = n;
    x->exact = 0;
    x->rng = NULL;
    x->above = NULL;
    x->fn = NULL;
    x->left_fn = NULL;
    x->fctx = NULL;
}

int sj_place_shapes(const sj_poscounts *pc, const sj_shape *pieces, int n, int exact_width, uint8_t *tops_out) {
    if (n > SJ_MAX_UNITS) return 0;
    place_ctx x;
    place_init(&x, pc, pieces, n);
    x.exact = exact_width;
    if (!capacity_ok(&x)) return 0;
    int ok = place_from(&x, 0);
    if (ok && tops_out) memcpy(tops_out, x.tops, (size_t)n);
    return ok;
}

int sj_place_shapes_above(const sj_poscounts *pc, const sj_shape *pieces, int n, const uint8_t *above) {
    if (n > SJ_MAX_UNITS) return 0;
    place_ctx x;
    place_init(&x, pc, pieces, n);
    x.above = above;
    return capacity_ok(&x) && place_from(&x, 0);
}

int sj_each_placement(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_tops_fn fn, void *ctx) {
    if (n > SJ_MAX_UNITS) return 0;
    place_ctx x;
    place_init(&x, pc, pieces, n);
    x.fn = fn;
    x.fctx = ctx;
    return capacity_ok(&x) && place_from(&x, 0);
}

int sj_each_placement_left(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_left_fn fn, void *ctx) {
    if (n > SJ_MAX_UNITS) return 0;
    place_ctx x;
    place_init(&x, pc, pieces, n);
    x.left_fn = fn;
    x.fctx = ctx;
    return capacity_ok(&x) && place_from(&x, 0);
}

int sj_place_shapes_random(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_rng *rng, sj_poscounts *left) {
    if (n > SJ_MAX_UNITS) return 0;
    place_ctx x;
    place_init(&x, pc, pieces, n);
    x.rng = rng;
    if (!capacity_ok(&x) || !place_from(&x, 0)) return 0;
    *left = x.pc;
    return 1;
}
