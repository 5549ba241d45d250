/* sj_kitty.h — the kitty multiplier (抠底, RULES.md §4, docs/MODEL.md §7). */
#ifndef SJ_KITTY_H
#define SJ_KITTY_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Multiplier of the kitty's points when the attackers win the last trick led by `last_lead`,
 * under the rules' kitty_multiplier policy; a negative SJ_E_* code for an empty or mixed lead. */
int sj_kitty_multiplier(const sj_trump *t, const sj_cards *last_lead);

#ifdef __cplusplus
}
#endif
#endif
