/* sj_greedy.h — the greedy rule's decisions (the rule: sj_policy.h's "greedy"; docs/MODEL.md §12), constructed in
 * sj_greedy.c without listing the candidates where their list is known in closed form.  Each gives the decision of
 * the seat to move in its phase (the burier's in the bury phase, the dealer's call).
 */
#ifndef SJ_GREEDY_H
#define SJ_GREEDY_H

#include "sj_deal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Declaring or grabbing: the declaration shown, empty to pass. */
void sj_greedy_declare(const sj_deal *d, sj_cards *out);
/* Burying: the cards buried, as a player buries: short plain suits voided (with their points), trumps and high
 * cards kept (sj_greedy.c says how). */
void sj_greedy_bury(const sj_deal *d, sj_cards *out);
/* 泰安 换底: the swap, empty to pass. */
void sj_greedy_swap(const sj_deal *d, sj_cards *out);
/* 找朋友's call: one card. */
void sj_greedy_call(const sj_deal *d, sj_cards *out);
/* Playing: the lead or follow; SJ_E_PHASE outside the play phase (SJ_E_POLICY if none is found: a bug). */
int sj_greedy_play(const sj_deal *d, sj_cards *out);

/* What `seat` knows of `other` being its teammate (greedy following feeds points to a known teammate
 * only): fixed partners, the partner; 找朋友 after the reveal, the real teams; before it, a seat holding a
 * copy of the called card takes the dealer for its teammate (it may be wrong when an earlier seat in play
 * order holds one too), and every other seat knows no teammate. */
int sj_known_teammate(const sj_deal *d, int seat, int other);

/* A follower short in the led suit plays `in` (all of the led suit it holds) and `need` cards of the rest: the
 * cheapest (plain before trump, fewer points, lower position) into *low, the richest (more points, plain before
 * trump, lower position) into *rich; the lowest kind first on ties. */
void sj_short_discards(const sj_trump *t, const sj_cards *hand, const sj_cards *in, int need, sj_cards *low,
                       sj_cards *rich);

#ifdef __cplusplus
}
#endif
#endif
