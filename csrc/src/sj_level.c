/* sj_level.c — the level table (docs/RULES.md §5.1, docs/MODEL.md §8).
 *
 * Band b = 20 per deck.  P = 0: dealer +3; 0 < P < b: dealer +2; b <= P < 2b: dealer +1;
 * P >= 2b: the attackers take the deal, with floor((P - 2b) / b) levels ("standard": the QQ rooms, the QQ
 * guide, 中国游戏中心, 泰安, 边锋's main table) or one more ("attackers_early", the second table of 边锋's
 * appended text).
 * The levels played: every rank, except 2 when the levels start at 3 (2 a fixed trump, the 4-deck post).
 */
#include "sj_level.h"

int sj_level_played(const sj_rules *rules, int level) {
    if (level < 0 || level >= 13) return 0;
    return !(rules->first_level == SJ_FIRST_LEVEL_3 && level == 0);
}

sj_level_outcome sj_level_outcome_of(const sj_rules *rules, int p) {
    sj_level_outcome o = {1, 0, 0};
    int b = 20 * rules->decks;
    if (p <= 0) {
        o.dealer_levels = 3;
    } else if (p < b) {
        o.dealer_levels = 2;
    } else if (p < 2 * b) {
        o.dealer_levels = 1;
    } else {
        o.dealer_keeps = 0;
        o.attacker_levels = (p - 2 * b) / b + (rules->level_table == SJ_LEVELS_ATTACKERS_EARLY ? 1 : 0);
    }
    return o;
}
