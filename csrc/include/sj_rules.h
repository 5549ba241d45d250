/* sj_rules.h — the options of a rule system (one field per dimension of RULES.md).
 *
 * The Python layer validates and builds this struct; each rule reads only its own fields, in the
 * file named for the rule (sj_follow.c reads follow_*, sj_throw.c reads failed_throw, …).
 * The exact meaning of every option is docs/MODEL.md.
 */
#ifndef SJ_RULES_H
#define SJ_RULES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { SJ_PROTECT_NONE = 0, SJ_PROTECT_LONGER_TUPLES = 1 } sj_follow_protection;
typedef enum { SJ_LADDER_QQ = 0, SJ_LADDER_4DECK = 1 } sj_follow_ladder;
typedef enum { SJ_FAILED_LOWEST = 0, SJ_FAILED_SMALLEST_SHAPE = 1 } sj_failed_throw;
typedef enum { SJ_COMPARE_LARGEST_UNIT = 0, SJ_COMPARE_ALL_UNITS = 1, SJ_COMPARE_HIGHEST_CARD = 2 } sj_trick_compare;
typedef enum {
    SJ_KITTY_POWER = 0,
    SJ_KITTY_PAIRS = 1,
    SJ_KITTY_BIANFENG = 2,
    SJ_KITTY_CHINAGAME = 3,
    SJ_KITTY_COPIES = 4
} sj_kitty_policy;
typedef enum { SJ_LEVELS_STANDARD = 0, SJ_LEVELS_ATTACKERS_EARLY = 1 } sj_level_table;
typedef enum { SJ_PENALTY_NONE = 0, SJ_PENALTY_TEN_PER_CARD = 1, SJ_PENALTY_MATCH_POINT = 2 } sj_throw_penalty;
typedef enum {
    SJ_DECLARE_QQ = 0,
    SJ_DECLARE_QQ3 = 1,
    SJ_DECLARE_4DECK = 2,
    SJ_DECLARE_TAIAN = 3,
    SJ_DECLARE_NONE = 4
} sj_declaration;
typedef enum { SJ_NOBID_NOTRUMP = 0, SJ_NOBID_KITTY_CARD = 1, SJ_NOBID_REDEAL = 2, SJ_NOBID_DEALER_LOSES = 3 } sj_no_bid;

typedef struct sj_rules {
    int decks;                  /* 1..4 */
    int kitty;                  /* cards in the kitty */
    uint16_t constant_ranks;    /* bit r set: rank r (0 = '2' … 12 = 'A') is a constant trump */
    sj_follow_protection follow_protection;
    sj_follow_ladder follow_ladder;
    int taian_trump_follow;     /* 0/1 */
    sj_failed_throw failed_throw;
    sj_trick_compare trick_compare;
    sj_kitty_policy kitty_multiplier;
    sj_level_table level_table;
    sj_throw_penalty throw_penalty;
    sj_declaration declaration;
    sj_no_bid no_bid;
} sj_rules;

/* Default rules (qq-2deck). */
sj_rules sj_rules_default(void);

/* Level outcome for attacker points (docs/MODEL.md §8). */
typedef struct sj_level_outcome {
    int dealer_keeps;
    int dealer_levels;
    int attacker_levels;
} sj_level_outcome;

sj_level_outcome sj_level_outcome_of(const sj_rules *rules, int attacker_points);

#ifdef __cplusplus
}
#endif
#endif
