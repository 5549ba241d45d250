/* sj_reference.h — the references the core's fast paths are checked against, and the native loops that compare
 * them along whole deals (sj_reference.c; tests/core/test_greedy_construct.py, tests/core/test_candidate_classes.py).
 */
#ifndef SJ_REFERENCE_H
#define SJ_REFERENCE_H

#include "sj_policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reference the greedy play is checked against (sj_reference.c): today's rule found by listing the candidate
 * plays and scoring each.  Returns 0, or SJ_E_PHASE outside the play phase. */
int sj_greedy_play_enumerated(const sj_deal *d, sj_cards *out);
/* Play the deal to its end with `players` (built-in policies) and compare, at every play decision, the greedy play
 * with the reference (and at every declaring or grabbing decision the greedy declaration with the listing one).  Returns the positions that agreed; at the first that differs the deal stops there, *differs
 * is 1 and both plays are in *got and *want (empty where a side failed).  A negative SJ_E_* code: the loop failed. */
long sj_greedy_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, sj_cards *got, sj_cards *want);
/* The same for the search candidates: at every decision but burying, sj_search_candidates_choice (with the action
 * about to be taken as `chosen`) against sj_search_candidates_listed.  At the first that differs: *differs = 1, the
 * counts in *ngot and *nwant, the two choices in choices[0..1], the candidates in got[] and want[] (SJ_CANDIDATES
 * each), and *d the deal as it stood there; otherwise *d is left as it was. */
long sj_candidates_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, long *ngot, long *nwant,
                         int *choices, sj_cards *got, sj_cards *want);

/* The greedy burial before it voided suits (kept as the reference a duplicate tournament holds the new one against,
 * benchmarks/bench_bots.py): the cards worth least to keep, plain before trump, no points, singles before pairs,
 * short suits first, low before high; under 泰安 the cards its kitty refuses last. */
void sj_greedy_bury_classic(const sj_deal *d, sj_cards *out);

#ifdef __cplusplus
}
#endif
#endif
