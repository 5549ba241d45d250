/* sj_declare.c — declaring trump while the cards are dealt (亮主, RULES.md §5, docs/MODEL.md §9).
 *
 * A declaration shows k identical level cards (the trump becomes their suit) or k identical jokers
 * (no trump).  "qq": one level card 1 < a pair 2 < a joker pair 3.  "qq3": single 1 < pair 2 < joker
 * pair 3 < three level cards 4 < three jokers 5.  A declaration must be strictly stronger than the
 * current one; anyone may make it, so reinforcing (自保, 对家保) and overturning (反主, 自反) are the
 * same rule.
 */
#include "sj_deal.h"

int sj_declaration_strength(const sj_rules *rules, int level, int kind, int count) {
    int joker = kind == SJ_SMALL_JOKER || kind == SJ_BIG_JOKER;
    int level_card = !joker && sj_kind_rank(kind) == level;
    if (!joker && !level_card) return 0;
    if (count < 1 || count > rules->decks) return 0;
    switch ((int)rules->declaration) {
    case SJ_DECLARE_QQ:
        if (level_card) return count == 1 ? 1 : count == 2 ? 2 : 0;
        return count == 2 ? 3 : 0;
    case SJ_DECLARE_QQ3:
        if (level_card) return count == 1 ? 1 : count == 2 ? 2 : count == 3 ? 4 : 0;
        return count == 2 ? 3 : count == 3 ? 5 : 0;
    default:
        return 0;
    }
}

int sj_deal_legal_declarations(const sj_deal *d, int *kinds, int *counts, int cap) {
    int n = 0;
    if (d->phase != SJ_PHASE_DECLARE) return 0;
    const sj_cards *h = &d->hands[d->to_move];
    uint64_t declarable = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    for (int s = 0; s < SJ_NUM_SUITS; s++) declarable |= UINT64_C(1) << sj_make_kind(s, d->level);
    if (!(h->p[0] & declarable)) return 0;
    int cand[6] = {sj_make_kind(0, d->level), sj_make_kind(1, d->level), sj_make_kind(2, d->level),
                   sj_make_kind(3, d->level), SJ_SMALL_JOKER, SJ_BIG_JOKER};
    for (int i = 0; i < 6; i++) { /* only level cards and jokers can be declared */
        int k = cand[i];
        int have = sj_cards_count(h, k);
        for (int c = 1; c <= have; c++) {
            if (sj_declaration_strength(&d->rules, d->level, k, c) > d->decl_strength && n < cap) {
                kinds[n] = k;
                counts[n] = c;
                n++;
            }
        }
    }
    return n;
}
