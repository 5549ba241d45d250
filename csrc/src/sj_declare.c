/* sj_declare.c — declaring trump while the cards are dealt (亮主, RULES.md §5, docs/MODEL.md §9).
 *
 * A declaration shows k identical level cards (the trump becomes their suit) or k identical jokers
 * (no trump).  "qq": one level card 1 < a pair 2 < a joker pair 3.  "qq3": single 1 < pair 2 < joker
 * pair 3 < three level cards 4 < three jokers 5.  A declaration must be strictly stronger than the
 * current one; anyone may make it, so reinforcing (自保, 对家保) and overturning (反主, 自反) are the
 * same rule.
 *
 * Nobody declared (no_bid): "notrump" (seed 000); "kitty_card" (seed 001): the suit of the kitty's
 * third card in pack order, jokers skipped, no trump when only jokers remain; "kitty_card_notrump"
 * (seed 004): the suit of the kitty's third card, no trump when it is a joker.  Rules refuse both
 * kitty rules with fewer than three kitty cards.  "redeal" and "dealer_loses" are not implemented yet
 * (sj_options.def): their declaring phase does not start.
 */
#include "sj_deal.h"

int sj_declaring_status(const sj_rules *rules) {
    if (rules->declaration == SJ_DECLARE_NONE) return SJ_E_NO_PHASE;
    if (sj_rules_missing(rules, SJ_NEED_DECLARE) >= 0) return SJ_E_UNSUPPORTED;
    return SJ_OK;
}

int sj_declared_trump(const sj_deal *d) {
    if (d->declarer >= 0) return d->decl_kind >= 52 ? SJ_NO_SUIT : sj_kind_suit(d->decl_kind);
    const uint8_t *kitty = d->order + 4 * d->hand_size; /* the kitty in pack order */
    switch ((int)d->rules.no_bid) {
    case SJ_NOBID_KITTY_CARD:
        for (int i = 2; i < d->rules.kitty; i++)
            if (kitty[i] < 52) return sj_kind_suit(kitty[i]);
        return SJ_NO_SUIT;
    case SJ_NOBID_KITTY_CARD_NOTRUMP:
        return kitty[2] < 52 ? sj_kind_suit(kitty[2]) : SJ_NO_SUIT;
    default:
        return SJ_NO_SUIT;
    }
}

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
