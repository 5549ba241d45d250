/* sj_units.h — shapes, units, the decomposition of a play, and placing shapes in a multiset
 * (docs/MODEL.md §3).
 *
 * A shape (w, l) is w copies at each of l consecutive positions of one effective suit; a unit is a
 * shape placed on actual cards.  The unit-order key (rules' follow_ladder) ranks shapes; the
 * decomposition takes the unit with the most cards first.  sj_place_shapes() is the one search that
 * the follow ladder and the trick comparison use to fit shapes into cards.
 */
#ifndef SJ_UNITS_H
#define SJ_UNITS_H

#include "sj_rng.h"
#include "sj_trump.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_MAX_UNITS 64

typedef struct sj_shape {
    uint8_t w, l;
} sj_shape;

/* need[v] for v = 2..SJ_MAX_DECKS: the kinds' worth of v copies that shapes[0..n) take, the pieces of width >= v
 * (a kind of c copies gives c / v of them).  A play holding fewer holds no grouping into these shapes. */
static inline void sj_shapes_width_needs(const sj_shape *shapes, int n, int need[SJ_MAX_DECKS + 1]) {
    for (int v = 0; v <= SJ_MAX_DECKS; v++) need[v] = 0;
    for (int i = 0; i < n; i++)
        for (int v = 2; v <= shapes[i].w; v++) need[v] += shapes[i].l;
}

typedef struct sj_unit {
    uint8_t w, l;     /* width (copies per position) and length (positions) */
    uint8_t top;      /* highest position */
    uint8_t eff;      /* effective suit */
    sj_cards cards;
} sj_unit;

/* Unit-order key of a shape under the rules' follow_ladder: higher ranks first. */
int sj_shape_key(const sj_rules *rules, int w, int l);

/* Sort shapes by unit-order key, strongest first (stable). */
void sj_shapes_sort(const sj_rules *rules, sj_shape *shapes, int n);

/* Decompose a play (docs/MODEL.md §3).  Returns the number of units written (<= cap),
 * SJ_E_EMPTY for an empty play, SJ_E_MIXED for a play mixing effective suits, SJ_E_CAPACITY if cap is
 * too small. */
int sj_units(const sj_trump *t, const sj_cards *play, sj_unit *out, int cap);

/* The suit a play is of (docs/MODEL.md §3): its effective suit, or under natural tractors a plain suit whose
 * borrowed trumps all sit inside its tractors; SJ_E_EMPTY, or SJ_E_MIXED when it is no play of one suit. */
int sj_play_suit(const sj_trump *t, const sj_cards *play);

/* A unit's bottom, for the failed-throw choice: its lowest position (top - l + 1); natural tractors
 * (docs/MODEL.md §5): the printed rank of its lowest card in a plain suit, its lowest position in trump. */
int sj_unit_low(const sj_trump *t, const sj_unit *u);

/* hi[w][l]: the highest top of a unit of shape (w, l) in some cards, -1 if none (w 1..SJ_MAX_DECKS, l 1..SJ_MAX_POS). */
typedef int8_t sj_tops_row[SJ_MAX_POS + 1];
typedef sj_tops_row sj_tops[SJ_MAX_DECKS + 1];

/* Highest top of a (w, l) unit contained in pc, or -1 if none. */
int sj_highest_unit_top(const sj_poscounts *pc, int w, int l);

/* The same for every shape at once: hi[w][l] for w 1..SJ_MAX_DECKS, l 1..SJ_MAX_POS. */
void sj_highest_unit_tops(const sj_poscounts *pc, sj_tops hi);

/* bits[w] (w 1..SJ_MAX_DECKS): bit p set when some kind at position p of suit e has at least w copies in `cards`
 * (the suit's own kinds only: natural tractors' borrowed trumps are not counted). */
void sj_position_bits(const sj_trump *t, int e, const sj_cards *cards, uint64_t bits[SJ_MAX_DECKS + 1]);

/* The same table for the cards of suit e in `cards` (natural tractors: with the trumps e may borrow), without
 * building their position counts where tractors are runs of positions (bit planes of positions instead). */
void sj_highest_unit_tops_of(const sj_trump *t, int e, const sj_cards *cards, sj_tops hi);

/* Every unit of every shape in pc (suit e): every width up to the copies held, every tractor length,
 * every choice of kinds at shared positions.  fn returns nonzero to stop; sj_each_unit then returns 1. */
typedef int (*sj_unit_fn)(void *ctx, const sj_cards *unit, int w, int l, int top);
int sj_each_unit(const sj_trump *t, int e, const sj_poscounts *pc, sj_unit_fn fn, void *ctx);
/* The tractors only (the second part of sj_each_unit, in the same order). */
int sj_each_tractor(const sj_trump *t, int e, const sj_poscounts *pc, sj_unit_fn fn, void *ctx);

/* Place pieces[0..n) disjointly into pc (which is modified as a scratch copy by the caller's choice:
 * the function works on its own copy).  Pieces with equal shape that follow each other get
 * non-increasing tops; tops are tried from high to low, so the first placement found has the
 * lexicographically highest sequence of tops.  exact_width: a kind held c times may serve only units
 * of width exactly c (width >= 2), as follow_protection="longer_tuples" asks of the hand.
 * Returns 1 and fills tops_out (may be NULL) when a placement exists, else 0. */
int sj_place_shapes(const sj_poscounts *pc, const sj_shape *pieces, int n, int exact_width, uint8_t *tops_out);

/* The same search where piece i's top must be strictly higher than above[i] (tops of another placement
 * of the same pieces): 1 when such a placement exists. */
int sj_place_shapes_above(const sj_poscounts *pc, const sj_shape *pieces, int n, const uint8_t *above);

/* Every placement of the pieces (as sj_place_shapes orders them: tops high to low inside a run of equal
 * shapes; kinds at a shared position with equal counts tried once): fn(ctx, tops) for each; fn returns
 * nonzero to stop, and then sj_each_placement returns 1 (else 0). */
typedef int (*sj_tops_fn)(void *ctx, const uint8_t *tops);
int sj_each_placement(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_tops_fn fn, void *ctx);

/* Every placement of the pieces with every choice of kinds (kinds at a shared position are not merged, so a
 * placement may be reported more than once): fn(ctx, left) with the counts the placement leaves of pc; fn
 * returns nonzero to stop, and then sj_each_placement_left returns 1 (else 0). */
typedef int (*sj_left_fn)(void *ctx, const sj_poscounts *left);
int sj_each_placement_left(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_left_fn fn, void *ctx);

/* The same search with every choice (top, kind at a shared position) tried from a random starting point,
 * so every placement has a positive chance of being the one found.  On success *left holds the counts
 * not used by the placement and 1 is returned. */
int sj_place_shapes_random(const sj_poscounts *pc, const sj_shape *pieces, int n, sj_rng *rng, sj_poscounts *left);

#ifdef __cplusplus
}
#endif
#endif
