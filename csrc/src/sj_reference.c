/* sj_reference.c — the references the core's fast paths are checked against, and the native loops that compare them.
 *
 * Not policies of the core:
 * - the greedy play as first written: list the candidate plays, score each (sj_greedy_play_enumerated), and the
 *   greedy declaration as first written (every legal declaration listed and weighed).  Frozen on purpose, helpers
 *   and all (their own unseen-tops computation, their own candidate list), so that a change to the fast path can
 *   never change both sides of the comparison; sj_greedy_check compares them with sj_greedy.c's constructed
 *   greedy along whole deals;
 * - sj_candidates_check compares the candidate classes generated directly (sj_search_candidates_choice) with the
 *   same classes found by listing every legal play and grouping them (sj_search_candidates_listed).
 * tests/core/test_greedy_construct.py and tests/core/test_candidate_classes.py run them on random positions of every
 * system.  docs/MODEL.md §12 says what the fast paths compute instead and where they still enumerate.
 */
#include "sj_reference.h"
#include "sj_moves.h"

#include <stdlib.h>

#define GREEDY_CANDIDATES SJ_CANDIDATES

static int ref_is_point_kind(int k) {
    int rank = sj_kind_rank(k);
    return rank == SJ_RANK_5 || rank == SJ_RANK_10 || rank == SJ_RANK_K;
}

/* The highest unseen top per shape of suit e for the seat to move, computed afresh. */
static const sj_tops_row *ref_unseen_tops(const sj_deal *d, int e, sj_tops scratch) {
    const sj_trump *t = &d->trump;
    sj_cards unseen = sj_deal_unseen(d), theirs = sj_cards_mask(&unseen, t->suit_mask[e] | t->borrow_mask[e]);
    sj_poscounts upc;
    sj_poscounts_of(t, e, &theirs, &upc);
    sj_highest_unit_tops(&upc, scratch);
    return scratch;
}

static int ref_strength(const sj_trump *t, const sj_cards *c) {
    int s = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = c->p[i]; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            s += t->pos[k] + (t->eff[k] == SJ_TRUMP ? 100 : 0);
        }
    return s;
}

/* Greedy lead: among the units no unseen unit of the same shape beats, and each suit's whole safe
 * holding when it is a throw, the best by (plain suit, cards, points); otherwise a low single of the
 * longest plain suit. */
typedef struct lead_pick {
    const sj_trump *t;
    int e, len;
    const sj_tops_row *hi;          /* highest unseen top per shape of the current suit */
    sj_tops scratch;
    uint64_t safe_kinds;            /* kinds in some safe unit of the current suit */
    long best_key, fb_key;
    int have_best, have_fb;
    sj_cards best, fallback;
} lead_pick;

static int ref_consider_unit(void *ctx, const sj_cards *unit, int w, int l, int top) {
    lead_pick *g = (lead_pick *)ctx;
    int size = w * l, pts = sj_cards_points(unit);
    if (g->hi[w][l] <= top) {
        g->safe_kinds |= unit->p[0];
        long key = ((long)(g->e != SJ_TRUMP) << 24) | ((long)size << 12) | pts;
        if (!g->have_best || key > g->best_key) g->best = *unit, g->best_key = key, g->have_best = 1;
    } else if (!g->have_best) {
        long key = ((long)(size > 1) << 30) | ((long)(g->e == SJ_TRUMP) << 29) | ((long)(64 - g->len) << 20) |
                   ((long)pts << 10) | ref_strength(g->t, unit);
        if (!g->have_fb || key < g->fb_key) g->fallback = *unit, g->fb_key = key, g->have_fb = 1;
    }
    return 0;
}

static int ref_greedy_lead(const sj_deal *d, sj_cards *out) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    lead_pick g;
    g.t = t;
    g.have_best = g.have_fb = 0;
    g.best_key = g.fb_key = 0;
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        sj_cards mine = sj_cards_mask(hand, t->suit_mask[e]);
        if (sj_cards_is_empty(&mine)) continue;
        g.e = e;
        g.len = sj_cards_size(&mine);
        mine = sj_cards_mask(hand, t->suit_mask[e] | t->borrow_mask[e]); /* natural tractors may borrow */
        sj_poscounts pc;
        g.hi = ref_unseen_tops(d, e, g.scratch);
        sj_poscounts_of(t, e, &mine, &pc);
        g.safe_kinds = 0;
        sj_each_unit(t, e, &pc, ref_consider_unit, &g);
        /* the whole safe holding of the suit, when it is a throw */
        sj_cards throw_cards = sj_cards_mask(&mine, g.safe_kinds);
        if (throw_cards.p[0] & (throw_cards.p[0] - 1) && sj_is_safe_throw(t, &throw_cards, g.hi)) {
            long key = ((long)(e != SJ_TRUMP) << 24) | ((long)sj_cards_size(&throw_cards) << 12) |
                       sj_cards_points(&throw_cards);
            if (!g.have_best || key > g.best_key) g.best = throw_cards, g.best_key = key, g.have_best = 1;
        }
    }
    if (!g.have_best && !g.have_fb) return SJ_E_POLICY;
    *out = g.have_best ? g.best : g.fallback;
    return 0;
}

/* The `need` physical cards of `pool` with the lowest key[k] (repeated minimum: need is small). */
static void ref_take_by_key(const sj_cards *pool, const int *key, int need, sj_cards *out) {
    sj_cards left = *pool;
    for (int i = 0; i < need && !sj_cards_is_empty(&left); i++) {
        int best = -1;
        for (uint64_t b = left.p[0]; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            if (best < 0 || key[k] < key[best]) best = k;
        }
        sj_cards_remove_one(&left, best);
        sj_cards_add_one(out, best);
    }
}

/* A follower short in the led suit plays all of it plus others: instead of listing every combination,
 * consider the cheapest discard, the richest feed, and (void in a plain lead) the ways to trump. */
static long ref_short_suit_candidates(const sj_deal *d, sj_cards *cand) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move], *lead = &d->trick[0];
    int led = sj_trump_suit_of(t, lead);
    if (led < 0) return 0;
    sj_cards in = sj_cards_mask(hand, t->suit_mask[led]), rest;
    int need = sj_cards_size(lead) - sj_cards_size(&in);
    if (need <= 0) return 0;
    sj_cards_sub(hand, &in, &rest);
    int low[SJ_NUM_KINDS], rich[SJ_NUM_KINDS];
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int trump = t->eff[k] == SJ_TRUMP, pts = ref_is_point_kind(k) ? (sj_kind_rank(k) == SJ_RANK_5 ? 5 : 10) : 0;
        low[k] = (trump << 12) | (pts << 6) | t->pos[k];
        rich[k] = ((15 - pts) << 12) | (trump << 6) | t->pos[k];
    }
    long n = 0;
    cand[n] = in;
    ref_take_by_key(&rest, low, need, &cand[n++]);
    cand[n] = in;
    ref_take_by_key(&rest, rich, need, &cand[n++]);
    if (sj_cards_is_empty(&in) && led != SJ_TRUMP) {
        sj_cards trumps = sj_cards_mask(hand, t->suit_mask[SJ_TRUMP]);
        if (sj_cards_size(&trumps) >= sj_cards_size(lead)) {
            long m = sj_legal_follows(t, &trumps, lead, cand + n, GREEDY_CANDIDATES - n, GREEDY_CANDIDATES - n);
            n += m < GREEDY_CANDIDATES - n ? m : GREEDY_CANDIDATES - n;
        }
    }
    return n;
}

static long ref_follow_candidates(const sj_deal *d, sj_cards *cand) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    long n = ref_short_suit_candidates(d, cand);
    const sj_cards *lead = &d->trick[0];
    if (n == 0 && !lead->p[1] && !(lead->p[0] & (lead->p[0] - 1))) { /* one card led: one per kind held */
        sj_cards in = sj_cards_mask(hand, t->suit_mask[t->eff[__builtin_ctzll(lead->p[0])]]);
        for (uint64_t b = in.p[0]; b && n < GREEDY_CANDIDATES; b &= b - 1) {
            cand[n] = sj_cards_empty();
            cand[n++].p[0] = b & (~b + 1);
        }
    }
    if (n == 0) n = sj_legal_follows(t, hand, lead, cand, GREEDY_CANDIDATES, GREEDY_CANDIDATES);
    return n > GREEDY_CANDIDATES ? GREEDY_CANDIDATES : n;
}

static int ref_greedy_follow(const sj_deal *d, sj_cards *out) {
    const sj_trump *t = &d->trump;
    int seat = d->to_move;
    sj_cards cand[GREEDY_CANDIDATES];
    long n = ref_follow_candidates(d, cand);
    if (n <= 0) return SJ_E_POLICY;
    if (n == 1) {
        *out = cand[0];
        return 0;
    }
    int pts[GREEDY_CANDIDATES], str[GREEDY_CANDIDATES];
    for (long i = 0; i < n; i++) {
        pts[i] = sj_cards_points(&cand[i]);
        str[i] = ref_strength(t, &cand[i]);
    }
    sj_trick_eval ev;
    if (sj_trick_eval_init(t, d->trick, d->ntrick, &ev) < 0) return SJ_E_POLICY;
    int cur = (d->leader + ev.winner) % 4;
    int partner_winning = sj_known_teammate(d, seat, cur);
    int last = d->ntrick == 3, on_table = 0;
    for (int i = 0; i < d->ntrick; i++) on_table += sj_cards_points(&d->trick[i]);
    int partner_trumped = 0;
    if (partner_winning) {
        const sj_cards *pp = &d->trick[(cur - d->leader + 4) % 4];
        partner_trumped = (pp->p[0] & t->suit_mask[SJ_TRUMP]) != 0;
    }
    long best = -1, best_key = 0;
    if (partner_winning && (last || partner_trumped || d->ntrick >= 2)) {
        for (long i = 0; i < n; i++) { /* feed points; among equals the weakest cards */
            long key = ((long)pts[i] << 16) - str[i];
            if (best < 0 || key > best_key) best = i, best_key = key;
        }
        *out = cand[best];
        return 0;
    }
    long win = -1, win_key = 0;
    for (long i = 0; i < n; i++) {
        if (!(on_table > 0 || last || pts[i] > 0)) continue;
        long key = ((long)str[i] << 10) - pts[i];
        if (win >= 0 && key >= win_key) continue; /* only a cheaper winner matters */
        if (!sj_trick_eval_beats(t, &ev, &cand[i])) continue;
        win = i, win_key = key;
    }
    if (win >= 0) {
        *out = cand[win];
        return 0;
    }
    for (long i = 0; i < n; i++) { /* play low: no points, weak cards */
        long key = ((long)pts[i] << 16) + str[i];
        if (best < 0 || key < best_key) best = i, best_key = key;
    }
    *out = cand[best];
    return 0;
}

int sj_greedy_play_enumerated(const sj_deal *d, sj_cards *out) {
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    return d->ntrick == 0 ? ref_greedy_lead(d, out) : ref_greedy_follow(d, out);
}

/* The greedy declaration as first written: list every legal declaration, weigh each. */
static void ref_greedy_declare(const sj_deal *d, sj_cards *out) {
    sj_cards decl[SJ_MAX_DECLARATIONS];
    *out = sj_cards_empty();
    int n = sj_deal_legal_declarations(d, decl, SJ_MAX_DECLARATIONS);
    if (n > SJ_MAX_DECLARATIONS) n = SJ_MAX_DECLARATIONS;
    if (!n) return;
    const sj_cards *h = &d->hands[d->to_move];
    int size = sj_cards_size(h), best = -1, best_support = -1, best_shown = 0;
    for (int i = 0; i < n; i++) {
        int suit, support;
        sj_declaration_grade(&d->rules, d->level, &decl[i], &suit);
        if (suit == SJ_NO_SUIT) {
            support = 3 * (sj_cards_count(h, SJ_SMALL_JOKER) + sj_cards_count(h, SJ_BIG_JOKER));
        } else {
            uint64_t mask = ((UINT64_C(1) << 13) - 1) << (13 * suit);
            sj_cards in = sj_cards_mask(h, mask);
            support = sj_cards_size(&in);
        }
        sj_cards shown = decl[i];
        shown.p[0] &= ~SJ_CHOICE_MASK;
        int nshown = sj_cards_size(&shown);
        if (support > best_support || (support == best_support && nshown > best_shown)) {
            best = i;
            best_support = support;
            best_shown = nshown;
        }
    }
    if (best_support * 4 >= size) *out = decl[best];
}

typedef struct check_ctx {
    long compared;
    int differs;
    sj_cards got, want;
} check_ctx;

static int check_decision(void *ctx, const sj_deal *d, const sj_cards *action) {
    (void)action;
    check_ctx *c = (check_ctx *)ctx;
    sj_cards got, want;
    int rc, rc_ref;
    if (d->phase == SJ_PHASE_DECLARE || d->phase == SJ_PHASE_GRAB) {
        sj_policy_declare(SJ_POLICY_GREEDY, d, NULL, &got);
        ref_greedy_declare(d, &want);
        rc = rc_ref = SJ_OK;
    } else if (d->phase == SJ_PHASE_PLAY) {
        rc = sj_policy_play(SJ_POLICY_GREEDY, d, NULL, &got);
        rc_ref = sj_greedy_play_enumerated(d, &want);
    } else {
        return 0;
    }
    if (rc != SJ_OK || rc_ref != SJ_OK || !sj_cards_equal(&got, &want)) {
        c->differs = 1;
        c->got = rc == SJ_OK ? got : sj_cards_empty();
        c->want = rc_ref == SJ_OK ? want : sj_cards_empty();
        return SJ_E_POLICY;
    }
    c->compared++;
    return 0;
}

long sj_greedy_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, sj_cards *got, sj_cards *want) {
    check_ctx c = {0, 0, sj_cards_empty(), sj_cards_empty()};
    int rc = sj_policy_finish_hooked(d, players, r, NULL, -1, check_decision, &c);
    *differs = c.differs;
    *got = c.got;
    *want = c.want;
    return rc < 0 && !c.differs ? rc : c.compared;
}

typedef struct cand_ctx {
    long compared;
    int differs;
    long n_got, n_want;
    int choice_got, choice_want;
    sj_cards got[SJ_CANDIDATES], want[SJ_CANDIDATES];
    sj_cards *all;
    long *cls;
    sj_deal at;                     /* the deal at the decision that differs */
} cand_ctx;

static int check_candidates(void *ctx, const sj_deal *d, const sj_cards *action) {
    cand_ctx *c = (cand_ctx *)ctx;
    if (d->phase == SJ_PHASE_BURY || d->phase == SJ_PHASE_DONE) return 0;
    c->n_got = sj_search_candidates_choice(d, c->got, c->all, c->cls, action, &c->choice_got);
    c->n_want = sj_search_candidates_listed(d, c->want, c->all, c->cls, action, &c->choice_want);
    int same = c->n_got == c->n_want && c->choice_got == c->choice_want;
    for (long i = 0; same && i < c->n_got && i < SJ_CANDIDATES; i++) same = sj_cards_equal(&c->got[i], &c->want[i]);
    if (!same) {
        c->differs = 1;
        c->at = *d;
        return SJ_E_POLICY;
    }
    c->compared++;
    return 0;
}

long sj_candidates_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, long *ngot, long *nwant,
                         int *choices, sj_cards *got, sj_cards *want) {
    sj_deal start = *d;
    cand_ctx *c = malloc(sizeof *c);
    sj_cards *all = malloc(SJ_CLASS_LIST_LIMIT * sizeof *all);
    long *cls = malloc(SJ_CLASS_LIST_LIMIT * sizeof *cls);
    if (!c || !all || !cls) {
        free(c);
        free(all);
        free(cls);
        return SJ_E_CAPACITY;
    }
    c->compared = 0;
    c->differs = 0;
    c->all = all;
    c->cls = cls;
    int rc = sj_policy_finish_hooked(d, players, r, NULL, -1, check_candidates, c);
    long out = rc < 0 && !c->differs ? rc : c->compared;
    *differs = c->differs;
    if (c->differs) {
        *ngot = c->n_got;
        *nwant = c->n_want;
        choices[0] = c->choice_got;
        choices[1] = c->choice_want;
        *d = c->at; /* the deal as it stood at that decision */
        for (long i = 0; i < SJ_CANDIDATES; i++) {
            got[i] = i < c->n_got ? c->got[i] : sj_cards_empty();
            want[i] = i < c->n_want ? c->want[i] : sj_cards_empty();
        }
    }
    if (!*differs) *d = start;
    free(c);
    free(all);
    free(cls);
    return out;
}

/* ---- the greedy burial before it voided suits ----------------------------------------------------------------- */

void sj_greedy_bury_classic(const sj_deal *d, sj_cards *out) {
    const sj_cards *h = &d->hands[d->burier];
    *out = sj_cards_empty();
    int taian = d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN;
    sj_cards ok = taian ? sj_kitty_allowed(d, h, 0) : *h; /* 泰安: no points, no constant ranks */
    /* Greedy: bury the cards worth least to keep: plain before trump, no points, singles before
     * pairs, short suits first, low before high. */
    const sj_trump *t = &d->trump;
    int len[SJ_NUM_EFF];
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        sj_cards in = sj_cards_mask(h, t->suit_mask[e]);
        len[e] = sj_cards_size(&in);
    }
    int keys[SJ_MAX_PACK], kinds[SJ_MAX_PACK], m = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int c = sj_cards_count(h, k);
        for (int i = 0; i < c; i++) {
            int e = t->eff[k];
            int banned = taian && !sj_cards_count(&ok, k);
            keys[m] = (banned << 25) | ((e == SJ_TRUMP) << 24) | ((sj_kind_points(k) > 0) << 23) | ((c >= 2) << 22) |
                      (len[e] << 8) | t->pos[k];
            kinds[m++] = k;
        }
    }
    for (int i = 1; i < m; i++) { /* insertion sort by key */
        int key = keys[i], kind = kinds[i], j = i;
        while (j > 0 && keys[j - 1] > key) {
            keys[j] = keys[j - 1];
            kinds[j] = kinds[j - 1];
            j--;
        }
        keys[j] = key;
        kinds[j] = kind;
    }
    for (int i = 0; i < d->rules.kitty && i < m; i++) sj_cards_add_one(out, kinds[i]);
}
