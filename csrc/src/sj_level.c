/* sj_level.c — the level table (RULES.md §5, docs/MODEL.md §8).
 *
 * Band b = 20 per deck.  P = 0: dealer +3; 0 < P < b: dealer +2; b <= P < 2b: dealer +1;
 * P >= 2b: the attackers take the deal, with floor((P - 2b) / b) levels ("standard", seeds 000-003)
 * or one more ("attackers_early", the second table of seed 004).
 */
#include "sj_rules.h"

sj_rules sj_rules_default(void) {
    sj_rules r;
    r.decks = 2;
    r.kitty = 8;
    r.constant_ranks = 0;
    r.follow_protection = SJ_PROTECT_NONE;
    r.follow_ladder = SJ_LADDER_QQ;
    r.taian_trump_follow = 0;
    r.failed_throw = SJ_FAILED_LOWEST;
    r.trick_compare = SJ_COMPARE_LARGEST_UNIT;
    r.kitty_multiplier = SJ_KITTY_POWER;
    r.level_table = SJ_LEVELS_STANDARD;
    r.throw_penalty = SJ_PENALTY_NONE;
    r.declaration = SJ_DECLARE_QQ;
    r.no_bid = SJ_NOBID_NOTRUMP;
    return r;
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
