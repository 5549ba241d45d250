/* sj_refusal.h — why the deal refused an action: the rule that refused it, and what that rule names.
 *
 * A move that the deal refuses returns an SJ_E_* code (sj_error.h) and changes nothing.  Given an
 * sj_refusal, the move also says which rule refused it: the rule's own code fills it where it decides
 * (sj_declare.c for the ladders, sj_deal.c for the phases).  It also gives what that rule names: a seat,
 * two numbers and two card sets.  Each reason's sentence is here, once, as a template with {fields}.  The
 * Python layer fills the template and decides nothing: {what} is the action as the user wrote it,
 * {phase}, {level}, {ladder} and {standing} come from the deal, and the rest from the refusal.
 * {cards} and {other} read "none" when empty, and {shows} is sj_declaration_shows of the rules.
 * SJ_WHY_NONE means the error code's own sentence is the whole reason (a lead of mixed suits, say).
 */
#ifndef SJ_REFUSAL_H
#define SJ_REFUSAL_H

#include "sj_cards.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_REFUSALS(X)                                                                                        \
    X(SJ_WHY_NONE, "")                                                                                        \
    X(SJ_WHY_FINISHED, "{what}: the deal is finished")                                                        \
    X(SJ_WHY_CHOICE_PHASE, "{what}: a choice of trump belongs to a declaration, not to the {phase} phase")     \
    X(SJ_WHY_NOT_HELD, "{what}: seat {seat} does not hold {cards}")                                           \
    X(SJ_WHY_BURY_COUNT, "bury {n} cards: the kitty holds {m}")                                               \
    X(SJ_WHY_FOLLOW_COUNT, "{what}: the lead has {m} cards, this play {n}")                                   \
    X(SJ_WHY_CALL_COUNT, "{what}: call exactly one card (any card of the pack), not {n}")                     \
    X(SJ_WHY_ILLEGAL_FOLLOW, "{what}: illegal follow of {cards} (docs/MODEL.md §4: suit first, then the "    \
      "lead's structure as far as the hand allows)")                                                          \
    X(SJ_WHY_BURY_FORBIDDEN, "{what}: no points (5, 10, K) and no constant trumps may be buried (泰安: "       \
      "底里不允许扣分，不允许扣常主) while the hand holds other cards")                                              \
    X(SJ_WHY_SWAP_UNEVEN, "{what}: a swap takes trumps out of the kitty ({cards}) for as many cards of the "  \
      "hand ({other})")                                                                                       \
    X(SJ_WHY_SWAP_NOT_IN_KITTY, "{what}: the kitty does not hold {cards}")                                    \
    X(SJ_WHY_SWAP_FORBIDDEN, "{what}: only plain cards without points or constant trumps go into the kitty "  \
      "(不允许把分和常主换到底里)")                                                                                \
    X(SJ_WHY_NOT_DECLARATION, "{what}: not a declaration at level {level} under declaration={ladder}: a "     \
      "declaration shows {shows} (docs/MODEL.md §9)")                                                         \
    X(SJ_WHY_CHOICE_NOT_JOKERS, "{what}: only four jokers choose the trump under declaration={ladder}")       \
    X(SJ_WHY_JOKERS_CHOOSE, "{what}: four jokers declare no trump or a suit of their declarer's choice: "     \
      "pass Declaration(cards, trump=...) or declare(cards, trump=...)")                                      \
    X(SJ_WHY_NOT_STRONGER, "{what}: not stronger than the standing declaration {standing} of seat {seat} "   \
      "(抢亮: the same or a lower grade may not be shown)")                                                    \
    X(SJ_WHY_SELF_GRAB, "{what}: seat {seat} holds the standing declaration and may not grab the kitty from " \
      "itself (不能亮主的人自己反主炒底)")                                                                          \
    X(SJ_WHY_SELF_CHANGE, "{what}: seat {seat} holds the standing declaration: it may raise it to the same "  \
      "trump (自保) but not change the trump (不能自反)")                                                        \
    X(SJ_WHY_JOKER_PAIR, "{what}: a joker pair only overturns a standing declaration "                       \
      "(亮无主只能是四张王才能亮)")                                                                                 \
    X(SJ_WHY_EXTEND_ONLY, "{what}: seat {seat} holds the standing declaration {standing} and may only extend " \
      "it with more pairs (续牌: 自己亮主后，可以续牌，不可以更换)")

typedef enum {
#define SJ_REFUSAL_ENUM(name, text) name,
    SJ_REFUSALS(SJ_REFUSAL_ENUM)
#undef SJ_REFUSAL_ENUM
    SJ_WHY_COUNT
} sj_why;

typedef struct {
    int why;        /* sj_why */
    int seat;       /* the seat the rule names (the mover, the standing declarer), -1 if none */
    int n, m;       /* the numbers it names: the cards given, the cards needed */
    sj_cards cards; /* the cards it names (those not held, the lead, the trumps out of the kitty) */
    sj_cards other; /* a second set (a swap's cards of the hand) */
} sj_refusal;

/* The template of a reason (never NULL; "" for SJ_WHY_NONE and unknown values). */
const char *sj_refusal_text(int why);

/* Fill *r (when r is not NULL) with a reason naming `seat`, `n`, `m`, `cards` and `other` (NULL: none) and
 * return `code`: the one way a move refuses (return sj_refuse(why, SJ_E_COUNT, SJ_WHY_..., ...)). */
int sj_refuse(sj_refusal *r, int code, int why, int seat, int n, int m, const sj_cards *cards,
              const sj_cards *other);

/* The same for cards not held: *r names `seat` and the cards of `wanted` that `held` lacks (with their
 * copies). */
int sj_refuse_not_held(sj_refusal *r, int code, int seat, const sj_cards *wanted, const sj_cards *held);

#ifdef __cplusplus
}
#endif

#endif
