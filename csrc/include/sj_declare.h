/* sj_declare.h — declaring trump (亮主) and the ladders that grade declarations, also used to grab the kitty
 * (炒底); what nobody declaring leaves (no_bid) (docs/RULES.md §5–§6, docs/MODEL.md §9). */
#ifndef SJ_DECLARE_H
#define SJ_DECLARE_H

#include "sj_refusal.h"
#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Can these rules run their declaring phase?  SJ_OK; SJ_E_NO_PHASE (declaration="none": the caller
 * gives the trump); SJ_E_UNSUPPORTED (a value whose declaring is not implemented yet:
 * sj_rules_missing(rules, SJ_NEED_DECLARE) names it). */
int sj_declaring_status(const sj_rules *rules);

/* Do the rules read the kitty by position when nobody declares (no_bid "kitty_card", "kitty_card_notrump",
 * "kitty_turnup", or first_deal_no_bid "kitty_dealer": its first card picks a first deal's dealer)?  Then a kitty
 * given without an order cannot be set up for a declaring phase. */
int sj_no_bid_reads_kitty(const sj_rules *rules);

/* The kinds a declaration can show under the rules' ladder at this level: jokers, and the level cards except
 * under 泰安 (whose pairs need a joker): a hand without any of them has no declaration. */
uint64_t sj_declarable_kinds(const sj_rules *rules, int level);

/* The trump suit the declaring phase settles: the standing declaration's (SJ_NO_SUIT for jokers),
 * else the rules' no_bid (docs/MODEL.md §9). */
int sj_declared_trump(const sj_deal *d);

/* first_deal_no_bid="kitty_dealer": the seat the kitty's first card (in pack order) makes the dealer of a first
 * deal nobody declared in — its number 0..53 (suits S H C D 13 apart, A 2 .. K, SJ 52, BJ 53) mod 4 is the
 * table, and table t is seat (4 - t) mod 4 (docs/MODEL.md §9). */
int sj_kitty_dealer(const sj_deal *d);

/* The grade of showing `shown` (its choice bits included) as a declaration under the rules' ladder, and
 * in *suit the trump it sets; 0 when it is no declaration of the ladder (docs/MODEL.md §9). */
int sj_declaration_grade(const sj_rules *rules, int level, const sj_cards *shown, int *suit);

/* May the seat to move show `shown` now (declare or grab phase)?  SJ_OK, SJ_E_DECLARATION (not a
 * declaration, not above the standing one, a joker pair with none standing, the standing declarer under the
 * 4-deck ladder changing the trump or grabbing, or under 泰安 not extending its own) or SJ_E_NOT_HELD; *why
 * (may be NULL) says which (sj_refusal.h). */
int sj_declaration_check(const sj_deal *d, const sj_cards *shown, int *grade, int *suit, sj_refusal *why);

/* 对家保 (partner_reinforce="pair", fixed partners; the identical-cards ladders): does `seat` showing `shown` reinforce
 * the standing declaration of `declarer`, `decl_cards` — a single level card, `shown` exactly that card shown by
 * `declarer`'s partner (the seat across)?  Then the declaration becomes that pair, graded as a pair, and stays its
 * declarer's.  Allowed only while the cards are dealt (the declare phase: sj_declaration_check); in the grab phase
 * such a show is never stronger, so a record's show of this shape is always a 对家保. */
int sj_declaration_reinforces(const sj_rules *rules, int declarer, const sj_cards *decl_cards, int seat,
                              const sj_cards *shown);

/* Make `shown`, shown by `seat` (checked: its grade and trump `grade`, `suit`), the standing declaration: a 对家保
 * (sj_declaration_reinforces) adds its card to the standing single and raises its grade, the declarer unchanged;
 * any other declaration stands as shown, by `seat` (the deal's first declarer when none declared before). */
void sj_declaration_stand(sj_deal *d, int seat, const sj_cards *shown, int grade, int suit);

/* What a declaration shows under the rules' ladder, as a phrase ("identical level cards or jokers"). */
const char *sj_declaration_shows(const sj_rules *rules);

/* May the seat to move show `copies` identical cards of `kind` (held) as a declaration now (the identical-cards
 * ladders: qq, qq3, 4deck; a 对家保 included)?  The test sj_deal_legal_declarations lists them by. */
int sj_declaration_allowed(const sj_deal *d, int kind, int copies);

/* The legal declarations (declare or grab phase; the pass not included) of the seat to move, in the
 * order of docs/MODEL.md §9 "Legal actions": writes min(cap, found), returns found. */
int sj_deal_legal_declarations(const sj_deal *d, sj_cards *out, int cap);

/* 泰安: the longest legal declaration of the seat to move with `joker` and pairs of `suit` (its number of pairs;
 * 0: none), the rank its run starts at in *low: of the longest, the one sj_deal_legal_declarations lists first
 * (the lowest; 续牌: the run that extends the standing declaration). */
int sj_taian_longest(const sj_deal *d, int joker, int suit, int *low);

#ifdef __cplusplus
}
#endif
#endif
