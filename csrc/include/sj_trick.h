/* sj_trick.h — who wins a trick (docs/RULES.md §3.4–§3.5, docs/MODEL.md §6). */
#ifndef SJ_TRICK_H
#define SJ_TRICK_H

#include "sj_units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A trick's standing, for asking "would this play win?" of many candidate plays. */
typedef struct sj_contender {
    int eff;
    uint8_t tops[SJ_MAX_UNITS];
    int high;                       /* highest position among the cards */
    int width;                      /* the lead's width, or a wider play's (wider_shapes) */
    sj_cards cards;                 /* the play (trick_compare="all_units" compares its groupings) */
} sj_contender;

typedef struct sj_trick_eval {
    int tuple_w;                    /* lead is one tuple of this width (fast path), else 0 */
    int led, winner, best_pos;
    int nshapes;
    sj_shape shapes[SJ_MAX_UNITS];  /* the lead's shapes in unit order (a lone tuple: {tuple_w, 1}) */
    int wide_cards;                 /* wider_shapes: the lead is one unit of this many cards (else 0) */
    sj_contender best;
} sj_trick_eval;

/* Evaluate plays[0..nplays) (the lead first); a negative SJ_E_* code for a bad lead. ev->winner is the
 * current winner. */
int sj_trick_eval_init(const sj_trump *t, const sj_cards *plays, int nplays, sj_trick_eval *ev);
/* Add `play`, plays[index] of the trick: it becomes the winner when it beats the current one (returns 1).  A trick
 * evaluated play by play with sj_trick_eval_add stands as sj_trick_eval_init of all its plays would. */
int sj_trick_eval_add(const sj_trump *t, sj_trick_eval *ev, const sj_cards *play, int index);
/* 1 when `play`, added next, would become the winner. */
int sj_trick_eval_beats(const sj_trump *t, const sj_trick_eval *ev, const sj_cards *play);

/* Index of the winning play; plays[0] is the lead, the others follow in seat order.
 * Returns a negative SJ_E_* code when the lead is empty or mixes effective suits. */
int sj_trick_winner(const sj_trump *t, const sj_cards *plays, int nplays);

#ifdef __cplusplus
}
#endif
#endif
