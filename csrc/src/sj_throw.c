/* sj_throw.c — throws (docs/RULES.md §3.1, docs/MODEL.md §5).
 *
 * A unit (w, l) of the lead is beaten when another hand holds, in the led suit, a unit of the same
 * shape with a strictly higher top (a wider tuple contains a narrower one: a card inside a pair beats
 * a single).  A throw stands when no unit is beaten.  Otherwise the leader plays one beaten unit:
 * "lowest" — lowest bottom position, then fewer cards; "smallest_shape" — fewer cards, then lowest
 * bottom position; then the lowest kind index in both.  Natural tractors (docs/MODEL.md §3): other hands
 * may borrow trumps into tractors of a plain suit; "bottom" is sj_unit_low.
 */
#include "sj_throw.h"

static int lowest_kind(const sj_cards *c) { return __builtin_ctzll(c->p[0]); }

int sj_check_throw(const sj_trump *t, const sj_cards *lead, const sj_cards *others, int nothers, sj_cards *played) {
    sj_unit units[SJ_MAX_UNITS];
    int nu = sj_units(t, lead, units, SJ_MAX_UNITS);
    if (nu < 0) return nu;
    *played = *lead;
    if (nu == 1) return 1;
    int e = units[0].eff;
    int tops[SJ_MAX_DECKS + 1][SJ_MAX_POS + 1]; /* cache: highest (w, l) top over the other hands */
    for (int w = 0; w <= SJ_MAX_DECKS; w++)
        for (int l = 0; l <= SJ_MAX_POS; l++) tops[w][l] = -2;
    int best = -1;
    for (int i = 0; i < nu; i++) {
        const sj_unit *u = &units[i];
        if (tops[u->w][u->l] == -2) {
            int hi = -1;
            for (int h = 0; h < nothers; h++) {
                sj_cards mine = sj_cards_mask(&others[h], t->suit_mask[e] | t->borrow_mask[e]);
                if (sj_cards_is_empty(&mine)) continue;
                sj_poscounts pc;
                sj_poscounts_of(t, e, &mine, &pc);
                int top = sj_highest_unit_top(&pc, u->w, u->l);
                if (top > hi) hi = top;
            }
            tops[u->w][u->l] = hi;
        }
        if (tops[u->w][u->l] <= u->top) continue;
        if (best < 0) {
            best = i;
            continue;
        }
        const sj_unit *b = &units[best];
        int ub = sj_unit_low(t, u), bb = sj_unit_low(t, b);
        int uc = u->w * u->l, bc = b->w * b->l;
        int better;
        if (t->rules.failed_throw == SJ_FAILED_SMALLEST_SHAPE)
            better = uc != bc ? uc < bc : ub != bb ? ub < bb : lowest_kind(&u->cards) < lowest_kind(&b->cards);
        else
            better = ub != bb ? ub < bb : uc != bc ? uc < bc : lowest_kind(&u->cards) < lowest_kind(&b->cards);
        if (better) best = i;
    }
    if (best < 0) return 1;
    *played = units[best].cards;
    return 0;
}
