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

/* tractor_rule="natural" (docs/MODEL.md §3): kinds chain by printed suit and rank, not by position.  One
 * table per effective suit; a kind is named by its code (position << 2 | slot) in that suit's positions.
 * A plain suit's positions nplain..npos-1 hold its borrowed trumps (its constant and level cards), one
 * kind each: they serve tractors that also hold a plain kind, never tuples. */
#define SJ_CODE_NONE 0xFF
typedef struct sj_chains {
    uint8_t nplain;                              /* positions below this serve tuples */
    uint8_t ncodes;                              /* codes in `order` */
    uint8_t down[SJ_MAX_POS][SJ_MAX_AT_POS];     /* code of the kind one printed rank below, or SJ_CODE_NONE */
    uint8_t up[SJ_MAX_POS][SJ_MAX_AT_POS];       /* code of the kind one printed rank above, or SJ_CODE_NONE */
    uint8_t key[SJ_MAX_POS][SJ_MAX_AT_POS];      /* tractor key of a tractor topped by this kind */
    uint8_t order[SJ_MAX_POS * SJ_MAX_AT_POS];   /* every code, by key high to low, then kind index low to high */
} sj_chains;

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
    int natural;                                 /* tractor_rule == "natural": the tables below are in use */
    uint64_t borrow_mask[SJ_NUM_EFF];            /* natural: trumps a plain suit may borrow into its tractors */
    int8_t bpos[SJ_NUM_KINDS];                   /* natural: position of a borrowable trump in its printed suit */
    sj_chains chains[SJ_NUM_EFF];
} sj_trump;

/* Build a context; returns SJ_OK, SJ_E_ARGS for a bad level or suit, SJ_E_RULES for rules that fail
 * sj_rules_check (so the position tables can never overflow), SJ_E_LEVEL for a level the rules do not play
 * (sj_level_played: 2 under first_level=3). */
int sj_trump_init(sj_trump *t, const sj_rules *rules, int level_rank, int suit);

/* Effective suit of a multiset: 0..4 when every card is of one effective suit,
 * SJ_E_EMPTY when empty, SJ_E_MIXED when mixed.  tractor_rule="natural": also the plain suit S when
 * the cards are plain S cards and trumps S may borrow (whether the borrowed trumps really sit in
 * tractors is for the decomposition to say: sj_units returns SJ_E_MIXED when they do not). */
int sj_trump_suit_of(const sj_trump *t, const sj_cards *c);

/* Per-position copy counts of the cards of one effective suit: c[p][j] copies of kind at[e][p][j]. */
typedef struct sj_poscounts {
    int eff;
    int npos;
    int nplain;               /* positions below serve tuples (natural: a plain suit's borrowed trumps above) */
    const sj_chains *ch;      /* natural tractors: the suit's chains; NULL: tractors are runs of positions */
    uint8_t nk[SJ_MAX_POS];
    uint8_t c[SJ_MAX_POS][SJ_MAX_AT_POS];
} sj_poscounts;

/* Counts of `cards` in suit eff; under tractor_rule="natural" the trumps eff may borrow are counted too
 * (at positions nplain..), so mask the cards first where borrowing is not wanted. */
void sj_poscounts_of(const sj_trump *t, int eff, const sj_cards *cards, sj_poscounts *out);

/* Natural rank used by tractors: 0..12 for 2..A, 13/14 for SJ/BJ. */
int sj_natural_rank(int kind);

#ifdef __cplusplus
}
#endif
#endif
