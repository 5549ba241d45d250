/* sj_follow.h — follow legality and the list of legal follows (RULES.md §3, docs/MODEL.md §4).
 *
 * The caller (the Cython layer) has already checked that the lead is non-empty and of one effective
 * suit, that the play has the lead's size and that the play is inside the hand; these functions assume
 * it.  The ladder, protection and 泰安 options are read here and nowhere else.
 */
#ifndef SJ_FOLLOW_H
#define SJ_FOLLOW_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if `play` is a legal answer of `hand` to `lead`, else 0. */
int sj_is_legal_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_cards *play);

/* Every distinct legal follow, in a deterministic order: writes the first min(cap, found) into out
 * and returns how many were found, stopping once `limit` are found (limit <= 0: no limit).
 * Returns -1 if the lead cannot be decomposed. */
long sj_legal_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                      long limit);

#ifdef __cplusplus
}
#endif
#endif
