/* sj_encode.h — what a seat knows, as a fixed-length vector of small counts and flags (shengji.envs,
 * docs/LEARNING.md): the observation tensor of the learning environments and the self-play records.
 *
 * Seats are relative to the observer: entry r of a per-seat field is seat (observer + r) % 4 (r = 0 the
 * observer, 1 the next to play, 2 the partner under fixed teams, 3 the previous).  Blocks of 54 hold one
 * entry per card kind (suit * 13 + rank, 52 small joker, 53 big joker).  Every entry fits a uint8; the
 * tensor is the same numbers as float32.  Nothing the observer cannot see is read (the others' hands, a
 * kitty it did not bury, 泰安's face-down declarations and trump, 找朋友's team points before the reveal).
 */
#ifndef SJ_ENCODE_H
#define SJ_ENCODE_H

#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_ENC_HAND 0          /* 54: the observer's hand (copies) */
#define SJ_ENC_PLAYED 54       /* 4 x 54: every card each relative seat has played */
#define SJ_ENC_TRICK 270       /* 4 x 54: the current trick's play by each relative seat */
#define SJ_ENC_KITTY 486       /* 54: the kitty when the observer may see it (it buried it last, or it lies face up) */
#define SJ_ENC_DECLARATION 540 /* 54: the standing declaration's cards when the observer may see them */
#define SJ_ENC_CALLED 594      /* 54: 找朋友's called card (one-hot) */
#define SJ_ENC_TRUMP_CARDS 648 /* 54: 1 for each kind that is trump, once the observer knows the trump */
#define SJ_ENC_PHASE 702       /* 7: one-hot declare, bury, grab, swap, call, play, done */
#define SJ_ENC_TRUMP 709       /* 6: one-hot S, H, D, C, no trump, unknown (declaring with nothing seen, face down) */
#define SJ_ENC_LEVEL 715       /* 13: one-hot level rank 2 .. A */
#define SJ_ENC_DEALER 728      /* 4: one-hot relative seat of the dealer */
#define SJ_ENC_DECLARER 732    /* 4: ... of the standing declarer (public even face down), zeros: none */
#define SJ_ENC_BURIER 736      /* 4: ... of the seat that took up the kitty last, zeros: none yet */
#define SJ_ENC_LEADER 740      /* 4: ... of the current trick's leader (play phase) */
#define SJ_ENC_FRIEND 744      /* 4: ... of 找朋友's partner once revealed */
#define SJ_ENC_HAND_SIZES 748  /* 4: cards held by each relative seat */
#define SJ_ENC_VOIDS 752       /* 4 x 5: relative seat r shown void in effective suit e (S H D C T): [r * 5 + e] */
#define SJ_ENC_POINTS 772      /* 3: attackers' points so far / 5, defenders' / 5 (each clamped to 0..255), 1 when
                                * hidden (找朋友 before the reveal: both 0) */
#define SJ_ENC_TRICKS 775      /* 1: tricks done */
#define SJ_ENC_DECL_SIZE 776   /* 1: cards in the standing declaration (public even face down) */
#define SJ_ENC_FLAGS 777       /* 3: the kitty lies face up (泰安), a first deal, the trump lies face down */
#define SJ_ENC_FAILED 780      /* 4: failed throws by each relative seat */
#define SJ_ENCODE_SIZE 784

/* The observation of `seat` (0..3) in `d`: SJ_ENCODE_SIZE entries into out. */
void sj_encode_observation(const sj_deal *d, int seat, uint8_t *out);

#define SJ_ACTION_SIZE 59 /* an action: 54 card counts, then its trump choice one-hot (S H D C, no trump) */
void sj_encode_action(const sj_cards *action, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
