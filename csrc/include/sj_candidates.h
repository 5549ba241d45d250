/* sj_candidates.h — the candidate actions of the seat to move that search and self-play weigh (docs/MODEL.md §10, §12):
 * the greedy rule's follow candidates, a reduced set where the legal actions are many, and the first play of each
 * class of equivalent plays (sj_classes.h), generated directly.
 */
#ifndef SJ_CANDIDATES_H
#define SJ_CANDIDATES_H

#include "sj_deal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_CANDIDATES 128

/* The follows the greedy policy weighs for the seat to move (at most SJ_CANDIDATES, in out[]): short in
 * the led suit, the cheapest discard, the richest feed and (void in a plain lead) the ways to trump; one
 * card led, one card per kind of the led suit held; otherwise the first SJ_CANDIDATES legal follows in the
 * core's order. */
long sj_follow_candidates(const sj_deal *d, sj_cards *out);

/* Candidate actions for search (out[] holds SJ_CANDIDATES): every legal action of the seat to move when
 * there are at most SJ_CANDIDATES; beyond that a reduced set: for a follow, sj_follow_candidates; for a
 * lead, the first SJ_CANDIDATES legal leads in the core's order (every single unit comes before the
 * throws).  Returns the count, or a negative SJ_E_* code (SJ_E_PHASE in the bury phase). */
long sj_candidate_actions(const sj_deal *d, sj_cards *out);

#define SJ_CLASS_LIST_LIMIT 4096

/* Candidate actions for search by class (docs/MODEL.md §10, sj_classes.h): in the play phase every legal
 * action is listed (up to SJ_CLASS_LIST_LIMIT; beyond, the reduced set of sj_candidate_actions), merged into
 * classes, and the first SJ_CANDIDATES classes' representatives are written, in the core's order; other phases
 * as sj_candidate_actions.  Returns the count, or a negative SJ_E_* code. */
long sj_search_candidates(const sj_deal *d, sj_cards *out);

/* Burials worth comparing (the bury phase): the greedy burial, then each plain suit that fits in the kitty
 * voided and topped up with the greedy burial's other cards (lowest kinds first), S H D C, those the kitty
 * rule allows, without repeats.  Writes min(cap, found) and returns found, or SJ_E_PHASE. */
long sj_bury_candidates(const sj_deal *d, sj_cards *out, long cap);
/* The same with the caller's scratch: all[] and cls[] of SJ_CLASS_LIST_LIMIT entries (no allocation). */
long sj_search_candidates_with(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls);
/* The same, and *choice: the index of the candidate of `chosen`'s class (-1: none of them; `chosen` may be a
 * play no candidate represents, beyond the listed ones). */
long sj_search_candidates_choice(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice);

/* The same found by listing every legal play and grouping them into classes: the reference the direct generation is
 * checked against (Deal._candidates_check). */
long sj_search_candidates_listed(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice);

#ifdef __cplusplus
}
#endif
#endif
