/* sj_classes.h — classes of equivalent plays for the seat to move (docs/MODEL.md §10 "Candidate classes").
 *
 * Two kinds a < b of one effective suit are *equals* for the mover when exchanging them maps everything that
 * can still happen onto itself:
 *   - the mover holds the same number c of each, and nobody else can hold either (`others` has none);
 *   - every position strictly between them is dead (no card of it held by the mover or by `others`), and no
 *     other live kind shares a's or b's position (equal-ranked off-suit level cards stay apart);
 *   - they carry the same points, and neither is the called card under 找朋友 (partnership="call_card");
 *   - under tractor_rule="natural" or trump_order="level_index" (where tractors and ties follow printed
 *     suits and ranks, not positions) only singles merge (c = 1), and only within one printed suit;
 *   - with pairs or more (c >= 2) the mover holds fewer than two of each kind at the positions just outside
 *     the pair (below a, above b), so that neither a nor b can join a tractor the other could not.
 * Equals chain into classes along the suit's order.  Two plays are one class when they take the same
 * numbers of cards from each class, whichever members they take them from: the canonical play takes a
 * class's counts, largest first, from its members in ascending kind order.
 *
 * `others` is what the mover cannot see (sj_deal_unseen: the other hands and, unless the mover buried it, the
 * kitty), even when the deal is fully known (the endgame solver): which throws are legal depends on what
 * the leader can see, so a card in the kitty between a and b keeps them apart as a card in a hand does. */
#ifndef SJ_CLASSES_H
#define SJ_CLASSES_H

#include "sj_deal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sj_classes {
    uint64_t same[SJ_NUM_KINDS];    /* same[k]: the kinds of k's class, k included (set for the kinds the mover holds) */
    uint64_t multi;                 /* kinds in classes of two or more */
} sj_classes;

/* The classes of the kinds the seat to move holds, given what the others may hold. */
void sj_classes_of(const sj_deal *d, const sj_cards *others, sj_classes *out);

/* The canonical member of a play's class (see above; sj_cards_canonical). */
sj_cards sj_class_canonical(const sj_classes *c, const sj_cards *play);

/* Group plays into classes: cls[i] = the index of the first play of play i's class (so cls[i] == i marks a
 * representative, in the order given).  Returns the number of classes, or SJ_E_CAPACITY when the scratch
 * table could not be allocated. */
long sj_group_classes(const sj_deal *d, const sj_cards *plays, long n, long *cls);

#ifdef __cplusplus
}
#endif
#endif
