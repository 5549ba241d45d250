/* sj_policy.h — fast policies for whole deals in C: "random" and "greedy".
 *
 * random: every legal action has a positive chance.  Declaring: pass with probability 1/2, else a
 *   uniformly random legal declaration (pass when there is none).  Burying: a uniformly random set of physical cards.  Leading and
 *   following: sj_deal_random_lead / sj_random_follow (drawn without listing the legal actions).
 * greedy: a rule-of-thumb player after seed 001's tips.  Declare the suit with the most cards when it
 *   holds a quarter of the hand; bury short plain suits, never trumps or points when avoidable; lead
 *   units and throws that no unseen cards can beat (plain suits first, largest first), else a low card
 *   of the longest plain suit; follow by feeding points to a winning partner, winning with the cheapest
 *   winning play when points are at stake, and otherwise playing low.  Deterministic.
 */
#ifndef SJ_POLICY_H
#define SJ_POLICY_H

#include "sj_deal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { SJ_POLICY_RANDOM = 0, SJ_POLICY_GREEDY = 1 } sj_policy;

/* Declaring phase: *count = 0 to pass, else count copies of *kind. */
void sj_policy_declare(sj_policy p, const sj_deal *d, sj_rng *r, int *kind, int *count);
/* Bury phase: the cards the dealer buries. */
void sj_policy_bury(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);
/* Play phase: a legal lead or follow for the seat to move. Returns 0, or SJ_E_PHASE outside the play
 * phase (SJ_E_POLICY if the policy finds no move: a bug). */
int sj_policy_play(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* The action of the seat to move in any phase, as sj_deal_act takes it (declare: empty = pass).
 * Returns SJ_OK, or SJ_E_PHASE when the deal is done. */
int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

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

/* Play a whole deal from its current state to the end with one policy per seat, every phase through
 * sj_policy_action and sj_deal_act.  `buried` (may be NULL) replaces the dealer's policy in the bury
 * phase.  Returns the number of plays made, the bury's SJ_E_* code if `buried` does not fit, or
 * SJ_E_POLICY if a policy produced an illegal move (a bug). */
int sj_policy_finish(sj_deal *d, const sj_policy policy[4], sj_rng *r, const sj_cards *buried);

#ifdef __cplusplus
}
#endif
#endif
