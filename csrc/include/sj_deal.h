/* sj_deal.h — the life of one deal: dealing, declaring trump, burying the kitty, the tricks, the
 * score (docs/RULES.md §3–§6, docs/MODEL.md §9).
 *
 * The deal's state is sj_state.h; the rules applied here have their own headers (sj_declare.h, sj_kitty.h).
 * Every move function validates its input and returns 0, or a negative SJ_E_* code and leaves the deal
 * unchanged.
 */
#ifndef SJ_DEAL_H
#define SJ_DEAL_H

#include "sj_declare.h"
#include "sj_follow.h"
#include "sj_kitty.h"
#include "sj_log.h"
#include "sj_refusal.h"
#include "sj_state.h"
#include "sj_throw.h"
#include "sj_trick.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill order[0..54*decks) with a uniform shuffle of the pack drawn from stream (seed, stream). */
void sj_shuffle_pack(uint8_t *order, int decks, uint64_t seed, uint64_t stream);

/* Start a deal from a pack order.  trump: SJ_TRUMP_DECLARE, SJ_NO_SUIT or a suit 0..3.
 * Returns SJ_OK, SJ_E_RULES (rules failing sj_rules_check), SJ_E_ARGS (bad order, dealer, level),
 * or for trump = SJ_TRUMP_DECLARE what sj_declaring_status says. */
int sj_deal_init(sj_deal *d, const sj_rules *rules, const uint8_t *order, int dealer, int level, int trump,
                 int first_deal);

/* Declaring phase: the seat to move passes (empty) or shows a declaration. */
int sj_deal_declare(sj_deal *d, const sj_cards *shown);

/* Grab phase (炒底): the seat to move passes (empty) or grabs the kitty with a declaration. */
int sj_deal_grab(sj_deal *d, const sj_cards *shown);

/* One protocol for every phase (docs/MODEL.md §9 "Actions"): the seat to move acts with a multiset of
 * cards: declare (empty = pass, else identical level cards or jokers), bury (the kitty's count of
 * cards), play (a lead, throw attempts allowed, or a follow).  *played and *failed as sj_deal_play
 * (outside the play phase *played = *action, *failed = 0).  Returns SJ_OK or an SJ_E_* code and
 * changes nothing. */
int sj_deal_act(sj_deal *d, const sj_cards *action, sj_cards *played, int *failed);

/* sj_deal_act for a deal that keeps its history: on a refusal *why (not NULL) says which rule refused and what it
 * names (sj_refusal.h), the detail behind the code, for the Python layer's message; and when `log` is not NULL
 * the move is appended to *log (sj_log.h), its node taken before the state changes, so SJ_E_NO_MEMORY leaves
 * both as they were.  The native loops pass no log: they copy states by the million and never read a history. */
int sj_deal_act_why(sj_deal *d, sj_log **log, const sj_cards *action, sj_cards *played, int *failed,
                    sj_refusal *why);

/* The actions of the seat to move, as sj_deal_act takes them: declare (pass first, then each legal
 * declaration), play (legal leads or follows; see sj_deal_legal_leads).  Writes min(cap, found) and
 * returns found (stops at limit when limit > 0); SJ_E_PHASE in the bury phase (the caller names the
 * cards); 0 when done. */
long sj_deal_legal_actions(const sj_deal *d, sj_cards *out, long cap, long limit);

/* Bury phase: the burier buries exactly `kitty` cards of the hand (which holds the kitty). */
int sj_deal_bury(sj_deal *d, const sj_cards *cards);

/* Swap phase (换底): the declarer passes (empty) or takes trump cards out of the kitty for as many
 * allowed plain cards of its hand (one multiset: the trumps out and the cards in). */
int sj_deal_swap(sj_deal *d, const sj_cards *action);

/* Play phase: the seat to move plays `cards`.  *played receives what is actually played (the forced
 * unit of a failed throw); *failed is set to 1 for a failed throw. */
int sj_deal_play(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed);

/* Count a failed throw against `seat` and apply the rules' throw_penalty for `cards_back` cards. */
void sj_deal_charge_failed_throw(sj_deal *d, int seat, int cards_back);

/* Play without any legality check (replaying a record in a sampled world): the cards must be held. */
int sj_deal_play_forced(sj_deal *d, const sj_cards *cards);

/* 找朋友: the dealer calls `card` (one card of any kind).  SJ_OK, SJ_E_PHASE, SJ_E_COUNT (not one card). */
int sj_deal_call(sj_deal *d, const sj_cards *card);

/* 找朋友 in a sampled world (its hands replaced): set the partner the call gave, from each seat's hand and
 * its plays of the called kind since the call, and say whether the world agrees with what is public in
 * `real` (the reveal, or its absence).  Returns 1 when consistent (always without a call). */
int sj_deal_recall(sj_deal *world, const sj_deal *real);

/* 找朋友 in a sampled world whose partner differs from the deal it was copied from: the points captured so far
 * and the throw penalties counted again by this world's teams, from each finished trick's winner and points and
 * each failed throw's seat and cards taken back. */
void sj_deal_recount(sj_deal *d, int ntricks, const int8_t *winner, const int16_t *points, int nfailed,
                     const int8_t *seat, const int16_t *back);

#ifdef __cplusplus
}
#endif
#endif
