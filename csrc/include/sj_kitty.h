/* sj_kitty.h — the kitty multiplier (抠底, docs/RULES.md §4, docs/MODEL.md §7). */
#ifndef SJ_KITTY_H
#define SJ_KITTY_H

#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Multiplier of the kitty's points captured with `cards` (the capturing cards, docs/MODEL.md §7: the
 * play that won the last trick, or its lead under kitty_multiplier_reads="lead"), from their own
 * decomposition under the rules' kitty_multiplier policy; a negative SJ_E_* code for an empty or mixed play. */
int sj_kitty_multiplier(const sj_trump *t, const sj_cards *cards);

/* The cards the kitty multiplier reads when the attackers win the last trick (docs/MODEL.md §7): the
 * winning play, or under kitty_multiplier_reads="lead" the trick's lead. */
const sj_cards *sj_kitty_capturing_cards(const sj_deal *d);

/* Who takes up the kitty once the trump is settled: the dealer; kitty_rule="taian": the dealer team's seat
 * that did not make the standing declaration when that team declared. */
int sj_kitty_taker(const sj_deal *d);

/* Who leads the first trick: the dealer; kitty_rule="taian": the burier (打底者首先出牌). */
int sj_first_leader(const sj_deal *d);

/* kitty_rule="taian": may `cards` be buried from `hand` (no points, no constant ranks, unless the hand
 * lacks enough other cards)?  SJ_OK or SJ_E_ILLEGAL. */
int sj_bury_allowed(const sj_deal *d, const sj_cards *hand, const sj_cards *cards);

/* The cards of `hand` that kitty_rule="taian" lets go into the kitty: not points, not of a constant rank
 * (and, with plain_only, not trump). */
sj_cards sj_kitty_allowed(const sj_deal *d, const sj_cards *hand, int plain_only);

/* 泰安 换底 (phase swap): every legal swap of the seat to move: the pass, then for each size m each choice of m
 * kitty trumps with each choice of m allowed cards to put in (kinds ascending).  Writes min(cap, found) and
 * returns found (stops at limit when limit > 0). */
long sj_kitty_legal_swaps(const sj_deal *d, sj_cards *out, long cap, long limit);

#ifdef __cplusplus
}
#endif
#endif
