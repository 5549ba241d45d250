/* sj_trump.h — one deal's order of cards: effective suits and positions (docs/MODEL.md §2).
 *
 * A trump context is built once per deal from the rules, the level rank and the trump suit.  Every
 * card kind gets an effective suit (0..3 plain, SJ_TRUMP for trump) and a position inside it;
 * kinds of equal strength (off-suit level cards, off-suit constant-trump cards) share a position.
 * The context also keeps a copy of the rules, so every rule function takes just the context.
 */
#ifndef SJ_TRUMP_H
#define SJ_TRUMP_H

#include "sj_cards.h"
#include "sj_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_TRUMP 4          /* effective suit index of trump */
#define SJ_NUM_EFF 5        /* effective suits: S H D C T */
#define SJ_NO_SUIT (-1)     /* no trump suit (无主) */
#define SJ_MAX_POS 32       /* positions in one effective suit (trump: sj_rules_trump_positions, sj_rules_check) */
#define SJ_MAX_AT_POS 4     /* kinds sharing one position */

typedef struct sj_trump {
    sj_rules rules;
    int level;                                   /* level rank 0..12 */
    int suit;                                    /* trump suit 0..3 or SJ_NO_SUIT */
    uint16_t constants;                          /* constant ranks in force (rules' minus the level) */
    uint64_t suit_mask[SJ_NUM_EFF];              /* kinds of each effective suit */
    int8_t eff[SJ_NUM_KINDS];                    /* effective suit of each kind */
    int8_t pos[SJ_NUM_KINDS];                    /* position of each kind inside its effective suit */
    int8_t slot[SJ_NUM_KINDS];                   /* index of each kind among the kinds at its position */
    uint8_t npos[SJ_NUM_EFF];                    /* positions in each effective suit */
    uint8_t nat[SJ_NUM_EFF][SJ_MAX_POS];         /* kinds at each position */
    uint8_t at[SJ_NUM_EFF][SJ_MAX_POS][SJ_MAX_AT_POS]; /* those kinds, ascending kind index */
} sj_trump;

/* Build a context; returns SJ_OK, SJ_E_ARGS for a bad level or suit, SJ_E_RULES for rules that fail
 * sj_rules_check (so the position tables can never overflow). */
int sj_trump_init(sj_trump *t, const sj_rules *rules, int level_rank, int suit);

/* Effective suit of a multiset: 0..4 when every card is of one effective suit,
 * SJ_E_EMPTY when empty, SJ_E_MIXED when mixed. */
int sj_trump_suit_of(const sj_trump *t, const sj_cards *c);

/* Per-position copy counts of the cards of one effective suit: c[p][j] copies of kind at[e][p][j]. */
typedef struct sj_poscounts {
    int eff;
    int npos;
    uint8_t nk[SJ_MAX_POS];
    uint8_t c[SJ_MAX_POS][SJ_MAX_AT_POS];
} sj_poscounts;

void sj_poscounts_of(const sj_trump *t, int eff, const sj_cards *cards, sj_poscounts *out);

#ifdef __cplusplus
}
#endif
#endif
