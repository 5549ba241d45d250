/* sj_kitty.h — the kitty multiplier (抠底, RULES.md §4, docs/MODEL.md §7). */
#ifndef SJ_KITTY_H
#define SJ_KITTY_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Multiplier of the kitty's points captured with `cards` (the capturing cards, docs/MODEL.md §7: the
 * play that won the last trick, or its lead under kitty_multiplier_reads="lead"), from their own
 * decomposition under the rules' kitty_multiplier policy; a negative SJ_E_* code for an empty or mixed play. */
int sj_kitty_multiplier(const sj_trump *t, const sj_cards *cards);

#ifdef __cplusplus
}
#endif
#endif
