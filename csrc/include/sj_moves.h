/* sj_moves.h — the leads of the seat to move (docs/MODEL.md §9 "Legal actions"; csrc/src/sj_moves.c): every legal
 * lead, the first of each class of equivalent leads, a random lead, and what the seat cannot see, which decides
 * which throws are safe.  Below the deal's state machine (sj_deal.c lists the leads through it); no function of
 * sj_deal.c is needed here.
 */
#ifndef SJ_MOVES_H
#define SJ_MOVES_H

#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every legal lead of the seat to move (single units and safe throws, docs/MODEL.md §9), in a
 * deterministic order: writes min(cap, found) and returns found (stops at limit when limit > 0). */
long sj_deal_legal_leads(const sj_deal *d, sj_cards *out, long cap, long limit);

/* The first legal lead of each class only (for classes of exchangeable kinds, sj_classes.h: same[k] the kinds of k's
 * class): the units that give a class's kinds their copies in position order, most first, and the throws
 * that give each kind at least the copies of the kind below it in its class (the throw walk counts copies up), in
 * the order of sj_deal_legal_leads, the first `cap` of them.  *leads: an upper bound of the legal leads (every unit,
 * and every sub-multiset of each suit's safe kinds); when it is more than max_leads nothing is listed. */
long sj_deal_legal_leads_canonical(const sj_deal *d, const uint64_t same[SJ_NUM_KINDS], long max_leads, long *leads,
                                   sj_cards *out, long cap);

/* The cards the seat to move cannot see: the pack minus its hand, the cards played, and the kitty if it
 * buried it. */
sj_cards sj_deal_unseen(const sj_deal *d);

/* The highest top of a unit of each shape that the cards the seat to move cannot see can make in suit e (with
 * the trumps e may borrow): sj_highest_unit_tops of sj_deal_unseen's cards of that suit, -1 where none, written
 * into `scratch` (and returned).  Computed afresh at each call: from bit planes of positions it costs less than
 * keeping it up to date did, and a deal carries no cache (docs/MODEL.md §12). */
const sj_tops_row *sj_unseen_tops(const sj_deal *d, int e, sj_tops scratch);

/* 1 when `cards` (one effective suit) split into two or more units, none of which a unit of the
 * unseen cards can beat: hi[w][l] is the highest top of an unseen (w, l) unit in that suit, -1 if none
 * (sj_highest_unit_tops).  This is the safe-throw test of the legal leads. */
int sj_is_safe_throw(const sj_trump *t, const sj_cards *cards, const sj_tops_row *hi);

/* A random legal lead drawn without listing (the "random" policy): one time in eight, a random
 * sub-multiset of one random suit's safe kinds, played if it is a safe throw; otherwise (and then) a
 * uniformly random single unit.  Every legal lead has a positive chance.  Returns 0, or SJ_E_PHASE when not leading. */
int sj_deal_random_lead(const sj_deal *d, sj_rng *r, sj_cards *out);

#ifdef __cplusplus
}
#endif
#endif
