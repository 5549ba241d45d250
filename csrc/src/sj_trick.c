/* sj_trick.c — the trick winner (RULES.md §3, docs/MODEL.md §6).
 *
 * A play contends when its cards are of one effective suit and can be split into exactly the lead's
 * shapes, and that suit is the led suit, or trump over a plain lead (毙; a trump play that does not
 * split so is a discard, 垫牌).  Its profile is the lexicographically highest sequence of tops over such
 * splits, shapes taken in unit order (largest kind first) and tops high to low inside a shape.
 * A later contender replaces the winner when it is trump over plain, or, in the same suit, higher by
 * trick_compare: "largest_unit" the first top, "all_units" every top, "highest_card" the highest
 * card.  Ties keep the earlier play.
 */
#include "sj_trick.h"

typedef struct contender {
    int eff;
    uint8_t tops[SJ_MAX_UNITS];
    int high;                       /* highest position among the cards */
} contender;

static int profile(const sj_trump *t, const sj_cards *play, const sj_shape *shapes, int n, contender *c) {
    int e = sj_trump_suit_of(t, play);
    if (e < 0) return 0;
    sj_poscounts pc;
    sj_poscounts_of(t, e, play, &pc);
    if (!sj_place_shapes(&pc, shapes, n, 0, c->tops)) return 0;
    c->eff = e;
    c->high = -1;
    if (t->rules.trick_compare == SJ_COMPARE_HIGHEST_CARD)
        for (uint64_t m = play->p[0]; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (t->pos[k] > c->high) c->high = t->pos[k];
        }
    return 1;
}

/* Fast path: the lead is one tuple (a single, pair, triple or quad): a play matches when it is that
 * many copies of one kind, and every comparison reduces to the kinds' positions. */
static int tuple_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays, int w) {
    int lead_kind = __builtin_ctzll(plays[0].p[0]);
    int best_eff = t->eff[lead_kind], best_pos = t->pos[lead_kind], led = best_eff, winner = 0;
    for (int i = 1; i < nplays; i++) {
        uint64_t kinds = plays[i].p[0];
        if (kinds & (kinds - 1)) continue;                 /* more than one kind */
        int k = __builtin_ctzll(kinds);
        if (sj_cards_count(&plays[i], k) != w) continue;
        int e = t->eff[k], pos = t->pos[k];
        if (e != led && !(e == SJ_TRUMP && led != SJ_TRUMP)) continue;
        if (e != best_eff ? e == SJ_TRUMP : pos > best_pos) {
            best_eff = e;
            best_pos = pos;
            winner = i;
        }
    }
    return winner;
}

static int higher(sj_trick_compare how, const contender *a, const contender *b, int n) {
    switch (how) {
    case SJ_COMPARE_HIGHEST_CARD:
        return a->high > b->high;
    case SJ_COMPARE_ALL_UNITS:
        for (int i = 0; i < n; i++)
            if (a->tops[i] <= b->tops[i]) return 0;
        return 1;
    case SJ_COMPARE_LARGEST_UNIT:
    default:
        return a->tops[0] > b->tops[0];
    }
}

int sj_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays) {
    uint64_t lead_kinds = plays[0].p[0];
    if (lead_kinds && !(lead_kinds & (lead_kinds - 1)))
        return tuple_trick_winner(t, plays, nplays, sj_cards_count(&plays[0], __builtin_ctzll(lead_kinds)));
    sj_unit units[SJ_MAX_UNITS];
    int nu = sj_units(t, &plays[0], units, SJ_MAX_UNITS);
    if (nu < 0) return -1;
    /* The lead's shapes in unit order, strongest first. */
    sj_shape shapes[SJ_MAX_UNITS];
    for (int i = 0; i < nu; i++) {
        shapes[i].w = units[i].w;
        shapes[i].l = units[i].l;
    }
    sj_shapes_sort(&t->rules, shapes, nu);
    contender best, cur;
    if (!profile(t, &plays[0], shapes, nu, &best)) return -1;
    int led = best.eff, winner = 0;
    for (int i = 1; i < nplays; i++) {
        if (!profile(t, &plays[i], shapes, nu, &cur)) continue;
        if (cur.eff != led && !(cur.eff == SJ_TRUMP && led != SJ_TRUMP)) continue;
        int beats = cur.eff != best.eff ? cur.eff == SJ_TRUMP : higher(t->rules.trick_compare, &cur, &best, nu);
        if (beats) {
            best = cur;
            winner = i;
        }
    }
    return winner;
}
