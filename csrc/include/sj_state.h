/* sj_state.h — the state of one deal (docs/MODEL.md §9): the struct that the deal's state machine (sj_deal.c)
 * drives and that the rules it applies read (declaring: sj_declare.c, the kitty: sj_kitty.c, the moves, the
 * policies).  Below all of them: it declares no function of theirs.  A deal is a plain struct without pointers:
 * copying it clones it.
 */
#ifndef SJ_STATE_H
#define SJ_STATE_H

#include <stddef.h>
#include <string.h>

#include "sj_rng.h"
#include "sj_level.h"
#include "sj_trick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_TRUMP_DECLARE (-2) /* trump argument: run the declaring phase */

#define SJ_PHASES(X)                                                                             \
    X(SJ_PHASE_DECLARE, "declare") X(SJ_PHASE_BURY, "bury") X(SJ_PHASE_GRAB, "grab") X(SJ_PHASE_SWAP, "swap") \
    X(SJ_PHASE_CALL, "call") X(SJ_PHASE_PLAY, "play") X(SJ_PHASE_DONE, "done")

/* A declaration's choice of trump (the 4-deck ladder's four jokers: no trump or any suit) rides in
 * bits 54..58 of plane 0 of the action, which no card uses: SJ_CHOICE_BIT(suit), suit 0..3, or
 * SJ_CHOICE_BIT(SJ_CHOICE_NOTRUMP).  Every other action has them clear (docs/MODEL.md §9). */
#define SJ_CHOICE_SHIFT 54
#define SJ_CHOICE_NOTRUMP 4
#define SJ_CHOICE_BIT(c) (UINT64_C(1) << (SJ_CHOICE_SHIFT + (c)))
#define SJ_CHOICE_MASK (UINT64_C(0x1F) << SJ_CHOICE_SHIFT)
#define SJ_MAX_REDEALS 64 /* first_deal_no_bid="redeal": then the no_bid rule applies */
#define SJ_MAX_DECLARATIONS 768 /* 泰安, 4 decks: 2 jokers x 4 suits x 91 runs of pairs */

typedef enum {
#define SJ_PHASE_ENUM(name, text) name,
    SJ_PHASES(SJ_PHASE_ENUM)
#undef SJ_PHASE_ENUM
    SJ_NUM_PHASES
} sj_phase;

/* The name of a phase ("declare", "bury", "play", "done"), NULL outside. */
const char *sj_phase_name(int phase);

typedef struct sj_deal {
    sj_rules rules;
    sj_trump trump;                 /* valid from the bury phase on */
    int phase;
    int dealer;
    int dealt_by;                   /* the seat that dealt (the dealer when declaring began; a first deal's
                                     * declaring may name another dealer) */
    int level;                      /* level rank 0..12 */
    int trump_suit;                 /* 0..3, SJ_NO_SUIT; valid from the bury phase on */
    int first_deal;
    int hand_size;
    int npack;
    uint8_t order[SJ_MAX_PACK];     /* pack order: 4H dealt cards, then the kitty */
    int step;                       /* declaring: actions taken so far */
    int redeals;                    /* first_deal_no_bid="redeal": times the pack was dealt again */
    sj_cards hands[4];
    sj_cards kitty;                 /* the kitty as dealt, then as buried */
    int declarer;                   /* -1: none */
    int first_declarer;             /* the seat of the deal's first declaration, -1: none */
    sj_cards decl_cards;            /* the standing declaration's cards (no choice bits) */
    int decl_suit;                  /* the trump it sets: 0..3 or SJ_NO_SUIT */
    int decl_strength;              /* its grade; 0: none */
    int declared;                   /* the trump was settled by the declaring phase */
    int turned_up;                  /* ... by turning up the kitty (no_bid="kitty_turnup") */
    int burier;                     /* the seat that took up the kitty last (-1 before) */
    int asked;                      /* grab phase: seats that passed since the last burial */
    int grabs;                      /* grabs (炒底) so far */
    int kitty_public;               /* kitty_rule="taian": the buried kitty lies face up */
    int swapped;                    /* 换底: cards swapped into the kitty */
    int lost_deal;                  /* no_bid="dealer_loses": nobody declared, the deal ended unplayed */
    int called;                     /* partnership="call_card": the called kind, -1 before the call */
    int partner;                    /* ... the dealer's partner fixed at the call, -1: alone (or no call yet) */
    int friend_revealed;            /* ... the partner has played a card of the called kind */
    uint8_t called_played[4];       /* ... copies of the called kind each seat has played since the call */
    int to_move;
    /* play */
    int leader;
    int ntrick;                     /* plays in the current trick */
    sj_cards trick[4];              /* in order from the leader */
    int tricks_done;
    int attacker_captured, defender_captured, penalty;
    int failed_throws[4];
    uint8_t voids[4];               /* bit e: seat shown void in effective suit e */
    sj_cards played;                /* every card played so far */
    sj_cards played_by[4];          /* ... by each seat */
    sj_cards last_lead;             /* the lead of the last finished trick, as played */
    sj_cards last_won;              /* the play that won it */
    int last_winner;
    int trick_rc;                   /* the current trick's standing, kept play by play (valid while ntrick > 0): */
    sj_trick_eval trick_eval;       /* ... sj_trick_eval_init's code for the lead, and the evaluation */
    /* result (phase done) */
    int kitty_points, multiplier, kitty_captured, attacker_points;
    sj_level_outcome outcome;
} sj_deal;

/* A copy of the deal (the struct holds no pointer: a copy is a clone). */
static inline void sj_deal_clone(sj_deal *dst, const sj_deal *src) { memcpy(dst, src, sizeof *dst); }

/* The most cards any hand holds. */
static inline int sj_deal_max_hand(const sj_deal *d) {
    int most = 0;
    for (int s = 0; s < 4; s++) {
        int n = sj_cards_size(&d->hands[s]);
        if (n > most) most = n;
    }
    return most;
}

/* Team of a seat (0: seats 0 and 2). */
static inline int sj_team(int seat) { return seat & 1; }

/* The real teams: fixed partners, or under 找朋友 the dealer and the partner fixed at the call. */
static inline int sj_is_attacker(const sj_deal *d, int seat) {
    if (d->rules.partnership == SJ_PARTNER_CALL_CARD) return seat != d->dealer && seat != d->partner;
    return sj_team(seat) != sj_team(d->dealer);
}

/* The dealer's partner: the seat opposite, or under 找朋友 the partner fixed at the call (-1: alone). */
static inline int sj_deal_dealer_partner(const sj_deal *d) {
    return d->rules.partnership == SJ_PARTNER_CALL_CARD ? d->partner : (d->dealer + 2) % 4;
}

#ifdef __cplusplus
}
#endif
#endif
