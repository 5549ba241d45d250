/* sj_determinize.h — drawing worlds from one seat's observation (docs/MODEL.md §10): the hidden cards sampled
 * uniformly, a declaring phase's pack order, a 泰安 world while the declarations lie face down.
 *
 * The hidden cards go to up to four *slots* (the three other seats' hands, and the kitty when it is
 * hidden and apart from a hand), each of a known size.  The caller splits the hidden cards into
 * *groups* of cards that may go to the same slots (a seat shown void in a suit may not receive it; a
 * shown declaration card stays with its declarer, or the kitty the dealer may have buried it in); a
 * group allowed everywhere is the free group.  Every placement of the physical cards (each copy a
 * distinct card) that respects the groups and fills each slot exactly is equally likely, as in a fair
 * shuffle conditioned on what the seat saw.
 *
 * sj_det_new counts the placements once, by a dynamic programme over the constrained groups (state:
 * the slots' remaining room; the free group is a multinomial in closed form), in doubles: the counts
 * reach 2^283 with 4 decks, far inside a double's range, and each count is exact up to rounding.  Every
 * state a sample can reach is counted there, so sj_det_sample only reads the table: one sampler may
 * serve many threads at once.  A sample walks the groups, draws each group's split into its slots with
 * probability proportional to its count, then deals the group's cards to the split uniformly.
 */
#ifndef SJ_DETERMINIZE_H
#define SJ_DETERMINIZE_H

#include "sj_cards.h"
#include "sj_error.h"
#include "sj_rng.h"
#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_DET_SLOTS 4
#define SJ_DET_MAX_GROUPS 32

typedef struct sj_det sj_det;

/* A sampler for `nslots` slots of sizes caps[] and `ngroups` groups (cards[g], allowed[g]: bit s set when
 * slot s may receive the group's cards).  *err: SJ_OK, SJ_E_ARGS (bad sizes or masks, the cards do not
 * fill the slots exactly) or SJ_E_CAPACITY (too many groups); NULL on error or when out of memory. */
sj_det *sj_det_new(int nslots, const int *caps, int ngroups, const sj_cards *cards, const uint8_t *allowed, int *err);
void sj_det_free(sj_det *det);

/* The number of placements (0 when the observation admits none). */
double sj_det_count(const sj_det *det);

/* One placement drawn uniformly: out[s] receives slot s's cards.  Returns SJ_OK, or SJ_E_ARGS when there
 * is no placement.  Reads the sampler only (safe from many threads with their own streams). */
int sj_det_sample(const sj_det *det, sj_rng *r, sj_cards *out);

/* The declaring phase (docs/MODEL.md §10): the cards are dealt one at a time, position i of the pack to seat
 * (dealer + i) % 4, the positions from `dealt` on to the kitty.  A seat that has seen positions 0..cur of
 * the deal knows its own cards and the declarations shown; every other card — the other seats' cards so
 * far, every card still to be dealt (its own included) and the kitty — is hidden.  A shown card is one
 * physical card that a seat showed by a given step: it lies at one of that seat's positions up to that
 * step.  sj_declare_order draws a pack order uniformly among those that give the observer its cards and
 * every shown card its place in time: the shown cards in order of their steps, each at a uniformly chosen
 * free position of its seat up to its step (the number of choices does not depend on the earlier ones, so
 * the draw is uniform), the observer's other cards over its other positions, and the rest of the pack
 * shuffled over the free positions.  With own_kitty (the bury phase: the seat holds the kitty) the observer's
 * cards fill the kitty's positions too (its shown cards still at its dealt positions). */
typedef struct sj_shown {
    int8_t seat;
    uint8_t kind;
    int16_t step; /* shown at this step (position) of the deal or before */
} sj_shown;

/* One declaration of the declaring record a 泰安 world replays (sj_face_down_world below): shown at `step` by `seat`,
 * its cards known to the observer (its own) or, when `cards` is empty, face down: `size` cards. */
typedef struct sj_decl_event {
    int16_t step;
    int8_t seat;
    uint8_t size;
    sj_cards cards;
} sj_decl_event;

/* `own`: the observer's cards (positions 0..cur of its seat); `shown` (nshown, any order; the observer's
 * own shown cards among them).  Writes npack kinds to order[].  Returns SJ_OK, or SJ_E_ARGS when no order
 * fits (a shown card not held, too few positions, sizes that do not add up). */
int sj_declare_order(int decks, int npack, int dealt, int dealer, int cur, int observer, int own_kitty,
                     const sj_cards *own, const sj_shown *shown, int nshown, sj_rng *r, uint8_t *order);

/* 泰安's face-down declarations (docs/MODEL.md §10): what a seat knows of the declaring while they lie face
 * down, and the recipe that draws a world from it.  Each face-down declaration of k pairs is given cards
 * first: one joker (small or big, even odds), a suit and a run of k consecutive ranks, uniformly, or when its
 * seat extends its standing declaration (续牌) a run of k containing the standing one, uniformly; those cards
 * are then placed as shown cards (sj_declare_order, with the seat's own shown cards) and the pack order dealt
 * by the seat that dealt and declared again step by step (the record's declarations, passes elsewhere).  A
 * draw is kept when every declaration is legal where it was shown and the replay reaches the position (phase,
 * seat to move, dealer, hand sizes, the seat's hand); otherwise drawn again. */
typedef struct sj_face_down {
    int dealt_by, level, first_deal, redeals;
    int phase;                      /* SJ_PHASE_DECLARE or SJ_PHASE_BURY (the observer holds the kitty) */
    int step;                       /* declaring: the position's step */
    int to_move, dealer;
    int hand_sizes[4];
    int observer;
    sj_cards hand;                  /* the observer's hand */
    const sj_shown *shown;          /* the observer's own shown cards */
    int nshown;
    const sj_decl_event *record;    /* every declaration by step, the others' face down (empty cards) */
    int nrecord;
} sj_face_down;

/* One world drawn by the recipe above into `world` (declared again up to the position) and, when `cards` is
 * not NULL, each record entry's cards in it.  Returns SJ_OK, or SJ_E_ARGS when no draw fits in many tries. */
int sj_face_down_world(const sj_rules *rules, const sj_face_down *fd, sj_rng *r, sj_deal *world, sj_cards *cards);

#ifdef __cplusplus
}
#endif
#endif
