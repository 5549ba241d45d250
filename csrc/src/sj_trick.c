/* sj_trick.c — the trick winner (docs/RULES.md §3.4–§3.5, docs/MODEL.md §6).
 *
 * A play contends when its cards are of one effective suit and can be split into exactly the lead's
 * shapes, and that suit is the led suit, or trump over a plain lead (毙; a trump play that does not
 * split so is a discard, 垫牌).  Its profile is the lexicographically highest sequence of tops over such
 * splits, shapes taken in unit order (largest kind first) and tops high to low inside a shape.
 * A later contender replaces the winner when it is trump over plain, or, in the same suit, higher by
 * trick_compare: "largest_unit" the first top; "highest_card" the highest card; "all_units" every
 * unit, whichever way the plays are grouped: for every grouping of the winner into the lead's shapes
 * some grouping of the challenger has, shape by shape, every top (sorted high to low) strictly higher.
 * Ties keep the earlier play.
 *
 * wider_shapes (the 4-deck post): when the lead is one unit of shape (w, l) with w*l >= 4, a play that is
 * one unit of shape (w', l'), w' > w, with as many cards also contends; between contenders of one suit
 * the wider is higher, then the usual comparison at equal width (a wider play: its top).
 */
#include "sj_trick.h"

static int profile(const sj_trump *t, const sj_cards *play, const sj_shape *shapes, int n, sj_contender *c) {
    int e = sj_trump_suit_of(t, play);
    if (e < 0) return 0;
    sj_poscounts pc;
    sj_poscounts_of(t, e, play, &pc);
    if (!sj_place_shapes(&pc, shapes, n, 0, c->tops)) return 0;
    c->eff = e;
    c->cards = *play;
    c->width = shapes[0].w;
    c->high = -1;
    if (t->rules.trick_compare == SJ_COMPARE_HIGHEST_CARD)
        for (uint64_t m = play->p[0]; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            /* natural tractors: in a plain suit, borrowed trumps included, the printed rank */
            int v = t->natural && e != SJ_TRUMP ? sj_natural_rank(k) : t->pos[k];
            if (v > c->high) c->high = v;
        }
    return 1;
}

/* all_units: a grouping of the winner that no grouping of the challenger beats stops the search. */
typedef struct unbeaten_ctx {
    const sj_poscounts *challenger;
    const sj_shape *shapes;
    int n;
} unbeaten_ctx;

static int challenger_cannot_beat(void *ctx, const uint8_t *winner_tops) {
    const unbeaten_ctx *u = (const unbeaten_ctx *)ctx;
    return !sj_place_shapes_above(u->challenger, u->shapes, u->n, winner_tops);
}

static int beats_every_grouping(const sj_trump *t, const sj_shape *shapes, int n, const sj_contender *a,
                                const sj_contender *b) {
    sj_poscounts pa, pb;
    sj_poscounts_of(t, a->eff, &a->cards, &pa);
    sj_poscounts_of(t, b->eff, &b->cards, &pb);
    unbeaten_ctx u = {&pa, shapes, n};
    return !sj_each_placement(&pb, shapes, n, challenger_cannot_beat, &u);
}

/* wider_shapes: is `play` one unit wider than the lead's with as many cards?  Fills c (its top). */
static int wide_profile(const sj_trump *t, int lead_w, int ncards, const sj_cards *play, sj_contender *c) {
    if (sj_cards_size(play) != ncards) return 0;
    if (play->p[lead_w] != play->p[0]) return 0; /* a kind of no more than the lead's width: no wider unit */
    sj_unit u[2];
    if (sj_units(t, play, u, 2) != 1 || u[0].w <= lead_w) return 0;
    c->eff = u[0].eff;
    c->cards = *play;
    c->width = u[0].w;
    c->tops[0] = u[0].top;
    c->high = u[0].top;
    return 1;
}

static int higher(const sj_trump *t, const sj_shape *shapes, int n, const sj_contender *a, const sj_contender *b) {
    if (a->width != b->width) return a->width > b->width;
    if (a->width > shapes[0].w) return a->tops[0] > b->tops[0]; /* two wider single units */
    switch (t->rules.trick_compare) {
    case SJ_COMPARE_HIGHEST_CARD:
        return a->high > b->high;
    case SJ_COMPARE_ALL_UNITS:
        /* Quick refusal: no grouping of a tops the first unit of the winner's highest grouping. */
        if (a->tops[0] <= b->tops[0]) return 0;
        return beats_every_grouping(t, shapes, n, a, b);
    case SJ_COMPARE_LARGEST_UNIT:
    default:
        return a->tops[0] > b->tops[0];
    }
}

/* A cheap refusal before grouping: the kinds' worth of v copies the shapes need (sj_shapes_width_needs), read off
 * the bit planes. */
static int holds_widths(const sj_shape *shapes, int n, const sj_cards *play) {
    int need[SJ_MAX_DECKS + 1];
    sj_shapes_width_needs(shapes, n, need);
    return __builtin_popcountll(play->p[1]) + __builtin_popcountll(play->p[3]) >= need[2] &&
           __builtin_popcountll(play->p[2]) >= need[3] && __builtin_popcountll(play->p[3]) >= need[4];
}

/* Would `play` beat the current best (eff, profile) of a trick with these shapes? */
static int beats(const sj_trump *t, const sj_shape *shapes, int n, int wide_cards, int led, const sj_contender *best,
                 const sj_cards *play, sj_contender *cur) {
    int e = sj_trump_suit_of(t, play); /* cheap refusals before any grouping: a discard, or plain under trump */
    if (e < 0 || (e != led && !(e == SJ_TRUMP && led != SJ_TRUMP)) || (best->eff == SJ_TRUMP && e != SJ_TRUMP))
        return 0;
    if (e == best->eff && !wide_cards && t->rules.trick_compare != SJ_COMPARE_HIGHEST_CARD) {
        /* in the winner's suit a play must top it: no unit of it tops higher than its highest card (natural
         * tractors: a tractor's top is its top kind's chain key, a tuple's its position) */
        int high = -1, chain = t->natural && shapes[0].l >= 2;
        for (uint64_t m = play->p[0]; m; m &= m - 1) {
            int k = __builtin_ctzll(m), v;
            if (!chain)
                v = t->eff[k] == e ? t->pos[k] : -1;
            else
                v = t->eff[k] == e ? t->chains[e].key[t->pos[k]][t->slot[k]] : t->chains[e].key[t->bpos[k]][0];
            if (v > high) high = v;
        }
        if (high <= best->tops[0]) return 0;
    }
    if (!(wide_cards && wide_profile(t, shapes[0].w, wide_cards, play, cur)) &&
        !(holds_widths(shapes, n, play) && profile(t, play, shapes, n, cur)))
        return 0;
    if (cur->eff != led && !(cur->eff == SJ_TRUMP && led != SJ_TRUMP)) return 0;
    return cur->eff != best->eff ? cur->eff == SJ_TRUMP : higher(t, shapes, n, cur, best);
}

/* Fast path: the lead is one tuple (a single, pair, triple or quad): a play matches when it is that
 * many copies of one kind, and every comparison reduces to the kinds' positions. */
static int tuple_beats(const sj_trump *t, int w, int led, int best_eff, int best_pos, const sj_cards *play) {
    uint64_t kinds = play->p[0];
    if (!kinds || (kinds & (kinds - 1))) return 0; /* not exactly one kind */
    int k = __builtin_ctzll(kinds);
    if (sj_cards_count(play, k) != w) return 0;
    int e = t->eff[k];
    if (e != led && !(e == SJ_TRUMP && led != SJ_TRUMP)) return 0;
    return e != best_eff ? e == SJ_TRUMP : t->pos[k] > best_pos;
}

int sj_trick_eval_init(const sj_trump *t, const sj_cards *plays, int nplays, sj_trick_eval *ev) {
    uint64_t lead_kinds = plays[0].p[0];
    ev->winner = 0;
    if (lead_kinds && !(lead_kinds & (lead_kinds - 1))) {
        int k = __builtin_ctzll(lead_kinds);
        ev->tuple_w = sj_cards_count(&plays[0], k);
        ev->led = ev->best.eff = t->eff[k];
        ev->best_pos = t->pos[k];
        ev->nshapes = 1; /* one tuple: never wider_shapes' contest (a quad is already the widest) */
        ev->shapes[0].w = (uint8_t)ev->tuple_w;
        ev->shapes[0].l = 1;
        ev->wide_cards = 0;
    } else {
        ev->tuple_w = 0;
        sj_unit units[SJ_MAX_UNITS];
        int nu = sj_units(t, &plays[0], units, SJ_MAX_UNITS);
        if (nu < 0) return nu;
        for (int i = 0; i < nu; i++) {
            ev->shapes[i].w = units[i].w;
            ev->shapes[i].l = units[i].l;
        }
        sj_shapes_sort(&t->rules, ev->shapes, nu);
        ev->nshapes = nu;
        ev->wide_cards = 0;
        if (t->rules.wider_shapes && nu == 1 && ev->shapes[0].w * ev->shapes[0].l >= 4 &&
            ev->shapes[0].w < t->rules.decks)
            ev->wide_cards = ev->shapes[0].w * ev->shapes[0].l;
        if (!profile(t, &plays[0], ev->shapes, nu, &ev->best)) return SJ_E_CAPACITY;
        ev->led = ev->best.eff;
    }
    for (int i = 1; i < nplays; i++) sj_trick_eval_add(t, ev, &plays[i], i);
    return 0;
}

int sj_trick_eval_add(const sj_trump *t, sj_trick_eval *ev, const sj_cards *play, int index) {
    if (ev->tuple_w) {
        if (!tuple_beats(t, ev->tuple_w, ev->led, ev->best.eff, ev->best_pos, play)) return 0;
        int k = __builtin_ctzll(play->p[0]);
        ev->best.eff = t->eff[k];
        ev->best_pos = t->pos[k];
    } else {
        sj_contender cur;
        if (!beats(t, ev->shapes, ev->nshapes, ev->wide_cards, ev->led, &ev->best, play, &cur)) return 0;
        ev->best = cur;
    }
    ev->winner = index;
    return 1;
}

int sj_trick_eval_beats(const sj_trump *t, const sj_trick_eval *ev, const sj_cards *play) {
    if (ev->tuple_w) return tuple_beats(t, ev->tuple_w, ev->led, ev->best.eff, ev->best_pos, play);
    sj_contender cur;
    return beats(t, ev->shapes, ev->nshapes, ev->wide_cards, ev->led, &ev->best, play, &cur);
}

int sj_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays) {
    sj_trick_eval ev;
    int rc = sj_trick_eval_init(t, plays, nplays, &ev);
    if (rc < 0) return rc;
    return ev.winner;
}
