/* sj_determinize.c — drawing worlds in C (see sj_determinize.h): uniform sampling of hidden cards, the
 * declaring phase's pack orders, and 泰安's face-down declarations dealt and declared again.
 *
 * count(g, room) = the placements of the constrained groups g, g+1, … and the free group into slots
 * with `room` cards left each:
 *   count(G, room) = multinomial(free; room) when the free cards fill the room exactly, else 0;
 *   count(g, room) = Σ over splits x of group g into its allowed slots (x ≤ room):
 *                    multinomial(n_g; x) · count(g + 1, room − x).
 * Memoized on (g, room) in an open-addressing table, built once by sj_det_new.
 */
#include "sj_determinize.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sj_deal.h"
#include "sj_error.h"

#define MAX_CARDS (SJ_NUM_KINDS * SJ_MAX_DECKS)

typedef struct memo_entry {
    uint64_t key; /* 0: empty */
    double value;
} memo_entry;

struct sj_det {
    int nslots, caps[SJ_DET_SLOTS];
    int ng;                                  /* constrained groups */
    int gn[SJ_DET_MAX_GROUPS];               /* cards in each */
    int gk[SJ_DET_MAX_GROUPS];               /* allowed slots of each */
    uint8_t gslot[SJ_DET_MAX_GROUPS][SJ_DET_SLOTS];
    int start[SJ_DET_MAX_GROUPS + 1];        /* group g's physical cards: kinds[start[g] .. start[g+1]) */
    int nfree;                               /* the free group: kinds[start[ng] .. start[ng] + nfree) */
    uint8_t kinds[MAX_CARDS];
    double lf[MAX_CARDS + 1];                /* log factorials */
    memo_entry *table;
    size_t size, used;                       /* table size (a power of 2) and entries */
    double total;
};

static uint64_t key_of(int g, const int *room) {
    uint64_t k = (uint64_t)(g + 1);
    for (int s = 0; s < SJ_DET_SLOTS; s++) k = (k << 8) | (uint64_t)room[s];
    return k;
}

static memo_entry *find(const sj_det *det, uint64_t key) {
    size_t mask = det->size - 1, i = (size_t)sj_mix64(key) & mask;
    while (det->table[i].key && det->table[i].key != key) i = (i + 1) & mask;
    return &det->table[i];
}

static int grow(sj_det *det) {
    size_t old = det->size;
    memo_entry *prev = det->table;
    det->size = old ? 2 * old : 1024;
    det->table = (memo_entry *)calloc(det->size, sizeof(memo_entry));
    if (!det->table) return -1;
    for (size_t i = 0; i < old; i++)
        if (prev[i].key) *find(det, prev[i].key) = prev[i];
    free(prev);
    return 0;
}

/* multinomial(n; x[0..k)) as a double. */
static double multinomial(const sj_det *det, int n, const int *x, int k) {
    double l = det->lf[n];
    for (int i = 0; i < k; i++) l -= det->lf[x[i]];
    return exp(l);
}

/* Enumerate the splits of group g into its allowed slots within `room`; `pick` < 0: sum their weights;
 * else stop at the split where the running sum passes *target and leave it in x. */
typedef struct split_walk {
    sj_det *det;          /* NULL when only reading */
    const sj_det *rd;
    int g, room[SJ_DET_SLOTS], x[SJ_DET_SLOTS];
    int sampling;
    double sum, target;
    int failed, found;
} split_walk;

static double count(sj_det *det, int g, const int *room, int *failed);

static double lookup(const sj_det *det, int g, const int *room) {
    if (g == det->ng) {
        int left = 0, r4[SJ_DET_SLOTS];
        for (int s = 0; s < SJ_DET_SLOTS; s++) left += r4[s] = room[s];
        return left == det->nfree ? multinomial(det, det->nfree, r4, SJ_DET_SLOTS) : 0.0;
    }
    const memo_entry *e = find(det, key_of(g, room));
    return e->key ? e->value : 0.0;
}

static void visit(split_walk *w) {
    const sj_det *det = w->rd;
    int k = det->gk[w->g], rest[SJ_DET_SLOTS];
    memcpy(rest, w->room, sizeof rest);
    for (int i = 0; i < k; i++) rest[det->gslot[w->g][i]] -= w->x[i];
    double sub = w->det ? count(w->det, w->g + 1, rest, &w->failed) : lookup(det, w->g + 1, rest);
    if (sub == 0.0) return;
    double weight = multinomial(det, det->gn[w->g], w->x, k) * sub;
    if (w->sampling) {
        if (w->target < weight)
            w->found = 1;
        else
            w->target -= weight;
        return;
    }
    w->sum += weight;
}

static void walk(split_walk *w, int i, int left) {
    const sj_det *det = w->rd;
    int k = det->gk[w->g], slot = det->gslot[w->g][i];
    if (i == k - 1) {
        if (left <= w->room[slot]) {
            w->x[i] = left;
            visit(w);
        }
        return;
    }
    int later = 0; /* room of the slots after this one */
    for (int j = i + 1; j < k; j++) later += w->room[det->gslot[w->g][j]];
    int lo = left - later > 0 ? left - later : 0, hi = left < w->room[slot] ? left : w->room[slot];
    for (int v = lo; v <= hi && !w->found && !w->failed; v++) {
        w->x[i] = v;
        walk(w, i + 1, left - v);
    }
}

static double count(sj_det *det, int g, const int *room, int *failed) {
    if (g == det->ng) return lookup(det, g, room);
    uint64_t key = key_of(g, room);
    memo_entry *e = find(det, key);
    if (e->key) return e->value;
    split_walk w;
    memset(&w, 0, sizeof w);
    w.det = det;
    w.rd = det;
    w.g = g;
    memcpy(w.room, room, sizeof w.room);
    walk(&w, 0, det->gn[g]);
    if (w.failed) {
        *failed = 1;
        return 0.0;
    }
    if ((det->used + 1) * 10 > det->size * 7 && grow(det) < 0) {
        *failed = 1;
        return 0.0;
    }
    e = find(det, key);
    e->key = key;
    e->value = w.sum;
    det->used++;
    return w.sum;
}

static int cards_to_kinds(const sj_cards *c, uint8_t *out) {
    int m = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int i = sj_cards_count(c, k); i > 0; i--) out[m++] = (uint8_t)k;
    return m;
}

sj_det *sj_det_new(int nslots, const int *caps, int ngroups, const sj_cards *cards, const uint8_t *allowed, int *err) {
    *err = SJ_E_ARGS;
    if (nslots < 1 || nslots > SJ_DET_SLOTS || ngroups < 0) return NULL;
    sj_det *det = (sj_det *)calloc(1, sizeof(sj_det));
    if (!det) return NULL;
    int room = 0, full = (1 << nslots) - 1;
    det->nslots = nslots;
    for (int s = 0; s < nslots; s++) {
        if (caps[s] < 0 || caps[s] > MAX_CARDS) goto fail;
        room += det->caps[s] = caps[s];
    }
    det->lf[0] = 0.0;
    for (int n = 1; n <= MAX_CARDS; n++) det->lf[n] = det->lf[n - 1] + log((double)n);
    /* constrained groups first, in the given order, then the free cards */
    int at = 0, total = 0;
    uint8_t freebuf[MAX_CARDS];
    for (int g = 0; g < ngroups; g++) {
        int n = sj_cards_size(&cards[g]), mask = allowed[g] & full;
        if (allowed[g] & ~full || (n && !mask)) goto fail;
        total += n;
        if (total > MAX_CARDS) goto fail;
        if (!n) continue;
        if (mask == full) {
            det->nfree += cards_to_kinds(&cards[g], freebuf + det->nfree);
            continue;
        }
        if (det->ng >= SJ_DET_MAX_GROUPS) {
            *err = SJ_E_CAPACITY;
            goto fail;
        }
        int i = det->ng++;
        det->start[i] = at;
        det->gn[i] = cards_to_kinds(&cards[g], det->kinds + at);
        at += det->gn[i];
        for (int s = 0; s < nslots; s++)
            if (mask >> s & 1) det->gslot[i][det->gk[i]++] = (uint8_t)s;
    }
    if (total != room) goto fail;
    det->start[det->ng] = at;
    memcpy(det->kinds + at, freebuf, (size_t)det->nfree);
    if (grow(det) < 0) goto fail;
    int failed = 0;
    det->total = count(det, 0, det->caps, &failed);
    if (failed) goto fail;
    *err = SJ_OK;
    return det;
fail:
    sj_det_free(det);
    return NULL;
}

void sj_det_free(sj_det *det) {
    if (!det) return;
    free(det->table);
    free(det);
}

double sj_det_count(const sj_det *det) { return det->total; }

/* Deal cards kinds[0..n) (shuffled in place) to the slots of `split` (x[i] cards to slot[i]). */
static void deal_out(uint8_t *kinds, int n, const uint8_t *slot, const int *x, int k, sj_rng *r, sj_cards *out) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sj_rng_below(r, (uint32_t)(i + 1));
        uint8_t t = kinds[i];
        kinds[i] = kinds[j];
        kinds[j] = t;
    }
    int at = 0;
    for (int i = 0; i < k; i++)
        for (int c = 0; c < x[i]; c++) sj_cards_add_one(&out[slot[i]], kinds[at++]);
}

int sj_det_sample(const sj_det *det, sj_rng *r, sj_cards *out) {
    if (det->total <= 0.0) return SJ_E_ARGS;
    uint8_t buf[MAX_CARDS];
    int room[SJ_DET_SLOTS];
    memcpy(room, det->caps, sizeof room);
    for (int s = 0; s < det->nslots; s++) out[s] = sj_cards_empty();
    for (int g = 0; g < det->ng; g++) {
        split_walk w;
        memset(&w, 0, sizeof w);
        w.rd = det;
        w.g = g;
        memcpy(w.room, room, sizeof w.room);
        w.sampling = 1;
        double here = lookup(det, g, room);
        w.target = here * ((double)(sj_rng_next(r) >> 11) * 0x1.0p-53);
        walk(&w, 0, det->gn[g]);
        if (!w.found) { /* rounding left the target at the very top: take the last split with weight */
            memset(&w, 0, sizeof w);
            w.rd = det;
            w.g = g;
            memcpy(w.room, room, sizeof w.room);
            w.sampling = 1;
            w.target = here * (1.0 - 0x1.0p-40);
            walk(&w, 0, det->gn[g]);
            if (!w.found) return SJ_E_ARGS;
        }
        memcpy(buf, det->kinds + det->start[g], (size_t)det->gn[g]);
        deal_out(buf, det->gn[g], det->gslot[g], w.x, det->gk[g], r, out);
        for (int i = 0; i < det->gk[g]; i++) room[det->gslot[g][i]] -= w.x[i];
    }
    static const uint8_t all[SJ_DET_SLOTS] = {0, 1, 2, 3};
    memcpy(buf, det->kinds + det->start[det->ng], (size_t)det->nfree);
    deal_out(buf, det->nfree, all, room, det->nslots, r, out);
    return SJ_OK;
}

/* ---- the declaring phase ---------------------------------------------------------------------------- */

int sj_declare_order(int decks, int npack, int dealt, int dealer, int cur, int observer, int own_kitty,
                     const sj_cards *own, const sj_shown *shown, int nshown, sj_rng *r, uint8_t *order) {
    if (decks < 1 || decks > SJ_MAX_DECKS || npack != decks * SJ_NUM_KINDS || dealt < 4 || dealt > npack ||
        cur < 0 || cur >= dealt || observer < 0 || observer > 3 || dealer < 0 || dealer > 3 || nshown < 0 ||
        nshown > MAX_CARDS)
        return SJ_E_ARGS;
    int pool[SJ_NUM_KINDS], mine[SJ_NUM_KINDS], nmine = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        mine[k] = sj_cards_count(own, k);
        pool[k] = decks - mine[k];
        nmine += mine[k];
        if (pool[k] < 0) return SJ_E_ARGS;
    }
    int held = 0; /* the observer's positions so far */
    for (int i = 0; i <= cur; i++) held += (dealer + i) % 4 == observer;
    if (own_kitty) {
        if (cur != dealt - 1) return SJ_E_ARGS;
        held += npack - dealt;
    }
    if (held != nmine) return SJ_E_ARGS;
    uint8_t filled[SJ_MAX_PACK] = {0};
    int idx[MAX_CARDS];
    for (int i = 0; i < nshown; i++) idx[i] = i;
    for (int i = 1; i < nshown; i++) { /* by step (stable: equal steps keep the caller's order) */
        int x = idx[i], j = i;
        while (j > 0 && shown[idx[j - 1]].step > shown[x].step) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = x;
    }
    int free_pos[SJ_MAX_PACK];
    for (int n = 0; n < nshown; n++) {
        const sj_shown *c = &shown[idx[n]];
        if (c->seat < 0 || c->seat > 3 || c->kind >= SJ_NUM_KINDS || c->step < 0) return SJ_E_ARGS;
        int *left = c->seat == observer ? &mine[c->kind] : &pool[c->kind];
        if (*left <= 0) return SJ_E_ARGS;
        int limit = c->step < cur ? c->step : cur, m = 0;
        for (int i = 0; i <= limit; i++)
            if ((dealer + i) % 4 == c->seat && !filled[i]) free_pos[m++] = i;
        if (m == 0) return SJ_E_ARGS;
        int at = free_pos[sj_rng_below(r, (uint32_t)m)];
        order[at] = c->kind;
        filled[at] = 1;
        (*left)--;
    }
    /* the observer's other cards over its other positions, uniformly */
    int m = 0;
    for (int i = 0; i <= cur; i++)
        if ((dealer + i) % 4 == observer && !filled[i]) free_pos[m++] = i;
    for (int i = dealt; own_kitty && i < npack; i++) free_pos[m++] = i;
    uint8_t cards[MAX_CARDS];
    int nc = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int c = 0; c < mine[k]; c++) cards[nc++] = (uint8_t)k;
    if (nc != m) return SJ_E_ARGS;
    for (int i = nc - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)sj_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = cards[i];
        cards[i] = cards[j];
        cards[j] = x;
    }
    for (int i = 0; i < m; i++) {
        order[free_pos[i]] = cards[i];
        filled[free_pos[i]] = 1;
    }
    /* the rest of the pack over the free positions */
    m = 0;
    for (int i = 0; i < npack; i++)
        if (!filled[i]) free_pos[m++] = i;
    nc = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int c = 0; c < pool[k]; c++) cards[nc++] = (uint8_t)k;
    if (nc != m) return SJ_E_ARGS;
    for (int i = nc - 1; i > 0; i--) {
        int j = (int)sj_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = cards[i];
        cards[i] = cards[j];
        cards[j] = x;
    }
    for (int i = 0; i < m; i++) order[free_pos[i]] = cards[i];
    return SJ_OK;
}

/* ---- 泰安's face-down declarations: a world dealt and declared again ------------------------------------ */

#define MAX_REPLAYS 20000 /* 泰安: draws tried until one admits the face-down declarations */
#define MAX_SHOWN (SJ_MAX_PACK + 64)

/* The cards of a 泰安 declaration: joker j and pairs of suit s, ranks a..b. */
static sj_cards taian_cards(int j, int s, int a, int b) {
    sj_cards c = sj_cards_empty();
    sj_cards_add_one(&c, j);
    for (int k = a; k <= b; k++) {
        sj_cards_add_one(&c, sj_make_kind(s, k));
        sj_cards_add_one(&c, sj_make_kind(s, k));
    }
    return c;
}

/* Face-down cards for the record's hidden entries (the recipe in sj_rollout.h); 0 when a size cannot be one. */
static int propose(const sj_face_down *fd, sj_rng *r, sj_cards *cards) {
    int standing = -1, sj = 0, ss = 0, sa = 0, sb = -1; /* the standing declaration, when drawn here */
    for (int e = 0; e < fd->nrecord; e++) {
        const sj_decl_event *ev = &fd->record[e];
        if (!sj_cards_is_empty(&ev->cards)) {
            cards[e] = ev->cards;
            standing = -1;
            continue;
        }
        int k = (ev->size - 1) / 2;
        if (ev->size % 2 == 0 || k < 1 || k > SJ_NUM_RANKS) return 0;
        if (standing == ev->seat && k > sb - sa + 1) { /* 续牌: a longer run containing a..b */
            int lo = sb - k + 1 > 0 ? sb - k + 1 : 0, hi = sa < SJ_NUM_RANKS - k ? sa : SJ_NUM_RANKS - k;
            if (hi < lo) return 0;
            sa = lo + (int)sj_rng_below(r, (uint32_t)(hi - lo + 1));
        } else {
            sj = SJ_SMALL_JOKER + (int)sj_rng_below(r, 2);
            ss = (int)sj_rng_below(r, SJ_NUM_SUITS);
            sa = (int)sj_rng_below(r, (uint32_t)(SJ_NUM_RANKS - k + 1));
        }
        sb = sa + k - 1;
        standing = ev->seat;
        cards[e] = taian_cards(sj, ss, sa, sb);
    }
    return 1;
}

int sj_face_down_world(const sj_rules *rules, const sj_face_down *fd, sj_rng *r, sj_deal *world, sj_cards *cards) {
    int dealt = SJ_NUM_KINDS * rules->decks - rules->kitty, bury = fd->phase == SJ_PHASE_BURY;
    int npack = SJ_NUM_KINDS * rules->decks;
    if ((fd->phase != SJ_PHASE_DECLARE && !bury) || fd->observer < 0 || fd->observer > 3 || fd->nrecord < 0 ||
        fd->nrecord > SJ_MAX_PACK || fd->nshown < 0 || fd->nshown > SJ_MAX_PACK)
        return SJ_E_ARGS;
    int cur = bury ? dealt - 1 : fd->step < dealt ? fd->step : dealt - 1;
    sj_cards drawn[SJ_MAX_PACK];
    sj_shown shown[MAX_SHOWN];
    for (int attempt = 0; attempt < MAX_REPLAYS; attempt++) {
        if (!propose(fd, r, drawn)) return SJ_E_ARGS;
        /* the shown cards: the observer's own, and each face-down declaration's new cards at its step */
        int n = fd->nshown;
        if (n > 0) memcpy(shown, fd->shown, (size_t)n * sizeof *shown); /* (fd->shown may be NULL when n is 0) */
        uint8_t have[4][SJ_NUM_KINDS] = {{0}};
        for (int e = 0; e < fd->nrecord && n < MAX_SHOWN; e++) {
            const sj_decl_event *ev = &fd->record[e];
            int hidden = sj_cards_is_empty(&ev->cards);
            for (int k = 0; k < SJ_NUM_KINDS; k++) {
                int c = sj_cards_count(&drawn[e], k);
                for (; have[ev->seat][k] < c && n < MAX_SHOWN; have[ev->seat][k]++)
                    if (hidden) shown[n++] = (sj_shown){.seat = ev->seat, .kind = (uint8_t)k, .step = ev->step};
            }
        }
        if (sj_declare_order(rules->decks, npack, dealt, fd->dealt_by, cur, fd->observer, bury, &fd->hand, shown, n,
                             r, world->order) != SJ_OK)
            continue;
        sj_deal w;
        int rc = sj_deal_init(&w, rules, world->order, fd->dealt_by, fd->level, SJ_TRUMP_DECLARE, fd->first_deal);
        if (rc != SJ_OK) return rc;
        w.redeals = fd->redeals; /* (the record starts after any redeal: the order is the one dealt) */
        int e = 0, ok = 1;
        while (ok && w.phase == SJ_PHASE_DECLARE && (bury || w.step < fd->step)) {
            sj_cards act = sj_cards_empty();
            if (e < fd->nrecord && fd->record[e].step == w.step) {
                if (fd->record[e].seat != w.to_move) return SJ_E_ARGS;
                act = drawn[e++];
            }
            ok = sj_deal_declare(&w, &act) == SJ_OK;
        }
        if (!ok || e != fd->nrecord || w.phase != fd->phase || w.to_move != fd->to_move || w.dealer != fd->dealer ||
            !sj_cards_equal(&w.hands[fd->observer], &fd->hand))
            continue;
        for (int s = 0; s < 4; s++)
            if (sj_cards_size(&w.hands[s]) != fd->hand_sizes[s]) ok = 0;
        if (!ok) continue;
        sj_deal_clone(world, &w);
        if (cards && fd->nrecord > 0) memcpy(cards, drawn, (size_t)fd->nrecord * sizeof *cards);
        return SJ_OK;
    }
    return SJ_E_ARGS;
}
