/* sj_follow.h — follow legality and the list of legal follows (docs/RULES.md §3.2–§3.3, docs/MODEL.md §4).
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
 * Returns a negative SJ_E_* code if the lead cannot be decomposed. */
long sj_legal_follows(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                      long limit);

/* The same list when the lead's decomposition is known: the shapes (w, l) of its units, in any order (a trick's
 * standing holds them, sj_trick_eval). */
long sj_legal_follows_shaped(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *shapes,
                             int nshapes, sj_cards *out, long cap, long limit);

/* The canonical legal follows only (for classes of exchangeable kinds, sj_classes.h: same[k] the kinds of k's
 * class; a play is canonical when no kind takes more copies than the kind below it in its class), in the same
 * order, the first `cap` of them; under 泰安's highest-trumps rule, where a canonical member need not be legal, the
 * first legal follow of each class.  *walked: how many plays of the lead's size the listing walks through (an upper
 * bound of the legal follows, every one of them when the hand is short in the led suit); when that is more than
 * max_walk nothing is listed.  Returns how many were written, or a negative SJ_E_* code. */
long sj_legal_follows_canonical(const sj_trump *t, const sj_cards *hand, const sj_cards *lead,
                                const uint64_t same[SJ_NUM_KINDS], long max_walk, long *walked, sj_cards *out, long cap);

/* The same list found the reference way, every sub-multiset of the lead's size built and tested (the
 * generated list must equal it: the tests compare the two). */
long sj_legal_follows_tested(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_cards *out, long cap,
                             long limit);

/* A random legal follow drawn without listing them (the "random" policy): a short suit plays all of it
 * plus cards drawn uniformly from the rest; otherwise the hand's strongest requirement is met at a
 * random placement and the remaining cards are drawn uniformly from the led suit (泰安: the highest
 * trumps).  Every legal follow has a positive chance; the draw is over physical cards, so it is not
 * uniform over distinct follows.  Returns 0, or a negative SJ_E_* code for a bad lead. */
int sj_random_follow(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, sj_rng *r, sj_cards *out);
/* The same when the lead's decomposition is known (its units' shapes, as sj_legal_follows_shaped takes them). */
int sj_random_follow_shaped(const sj_trump *t, const sj_cards *hand, const sj_cards *lead, const sj_shape *shapes,
                            int nshapes, sj_rng *r, sj_cards *out);

#ifdef __cplusplus
}
#endif
#endif
