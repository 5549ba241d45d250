/* sj_throw.h — checking a throw (甩牌) against the other hands (docs/RULES.md §3.1, docs/MODEL.md §5). */
#ifndef SJ_THROW_H
#define SJ_THROW_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Returns 1 when the lead stands (*played = lead), 0 when it fails (*played = the forced unit under the
 * rules' failed_throw), or a negative SJ_E_* code for an empty or mixed lead. */
int sj_check_throw(const sj_trump *t, const sj_cards *lead, const sj_cards *others, int nothers, sj_cards *played);

#ifdef __cplusplus
}
#endif
#endif
