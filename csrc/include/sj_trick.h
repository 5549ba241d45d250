/* sj_trick.h — who wins a trick (RULES.md §3, docs/MODEL.md §6). */
#ifndef SJ_TRICK_H
#define SJ_TRICK_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Index of the winning play; plays[0] is the lead, the others follow in seat order.
 * Returns -1 when the lead is empty or mixes effective suits. */
int sj_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays);

#ifdef __cplusplus
}
#endif
#endif
