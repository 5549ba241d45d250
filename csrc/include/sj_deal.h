/* sj_deal.h — the life of one deal: dealing, declaring trump, burying the kitty, the tricks, the
 * score (RULES.md §3–§5, docs/MODEL.md §9).
 *
 * A deal is a plain struct without pointers: copying it clones it.  Every move function validates its
 * input and returns 0, or a negative SJ_E_* code and leaves the deal unchanged.
 */
#ifndef SJ_DEAL_H
#define SJ_DEAL_H

#include <stddef.h>
#include <string.h>

#include "sj_follow.h"
#include "sj_kitty.h"
#include "sj_rng.h"
#include "sj_throw.h"
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
    sj_cards last_lead;             /* the lead of the last finished trick, as played */
    sj_cards last_won;              /* the play that won it */
    int last_winner;
    /* result (phase done) */
    int kitty_points, multiplier, kitty_captured, attacker_points;
    sj_level_outcome outcome;
    /* What each seat cannot see, summarised per suit (sj_unseen_tops), kept from lead to lead by a deal that a
     * native loop owns (unseen_cached, set by sj_policy_finish); a play marks stale the suits it touches for the
     * other seats.  Not part of the deal's state: dropping it (unseen_valid = 0) changes no result.  Last in the
     * struct, so that sj_deal_clone can leave it out. */
    uint8_t unseen_cached;
    uint8_t unseen_valid[4];        /* bit e: unseen_hi[seat][e] is current */
    sj_tops unseen_hi[4][SJ_NUM_EFF];
} sj_deal;

/* A copy of the deal's state without its unseen summaries (cheaper than a struct copy, which also clones it). */
static inline void sj_deal_clone(sj_deal *dst, const sj_deal *src) {
    memcpy(dst, src, offsetof(sj_deal, unseen_cached));
    dst->unseen_cached = 0;
    for (int s = 0; s < 4; s++) dst->unseen_valid[s] = 0;
}

/* Fill order[0..54*decks) with a uniform shuffle of the pack drawn from stream (seed, stream). */
void sj_shuffle_pack(uint8_t *order, int decks, uint64_t seed, uint64_t stream);

/* Start a deal from a pack order.  trump: SJ_TRUMP_DECLARE, SJ_NO_SUIT or a suit 0..3.
 * Returns SJ_OK, SJ_E_RULES (rules failing sj_rules_check), SJ_E_ARGS (bad order, dealer, level),
 * or for trump = SJ_TRUMP_DECLARE what sj_declaring_status says. */
int sj_deal_init(sj_deal *d, const sj_rules *rules, const uint8_t *order, int dealer, int level, int trump,
                 int first_deal);

/* Can these rules run their declaring phase?  SJ_OK; SJ_E_NO_PHASE (declaration="none": the caller
 * gives the trump); SJ_E_UNSUPPORTED (a value whose declaring is not implemented yet:
 * sj_rules_missing(rules, SJ_NEED_DECLARE) names it). */
int sj_declaring_status(const sj_rules *rules);

/* Do the rules read the kitty by position when nobody declares (no_bid "kitty_card", "kitty_card_notrump",
 * "kitty_turnup")?  Then a kitty given without an order cannot be set up for a declaring phase. */
int sj_no_bid_reads_kitty(const sj_rules *rules);

/* The kinds a declaration can show under the rules' ladder at this level: jokers, and the level cards except
 * under 泰安 (whose pairs need a joker): a hand without any of them has no declaration. */
uint64_t sj_declarable_kinds(const sj_rules *rules, int level);

/* The trump suit the declaring phase settles: the standing declaration's (SJ_NO_SUIT for jokers),
 * else the rules' no_bid (docs/MODEL.md §9). */
int sj_declared_trump(const sj_deal *d);

/* The grade of showing `shown` (its choice bits included) as a declaration under the rules' ladder, and
 * in *suit the trump it sets; 0 when it is no declaration of the ladder (docs/MODEL.md §9). */
int sj_declaration_grade(const sj_rules *rules, int level, const sj_cards *shown, int *suit);

/* May the seat to move show `shown` now (declare or grab phase)?  SJ_OK, SJ_E_DECLARATION (not a
 * declaration, not above the standing one, a joker pair with none standing, or the standing declarer
 * under the 4-deck ladder) or SJ_E_NOT_HELD. */
int sj_declaration_check(const sj_deal *d, const sj_cards *shown, int *grade, int *suit);

/* Declaring phase: the seat to move passes (empty) or shows a declaration. */
int sj_deal_declare(sj_deal *d, const sj_cards *shown);

/* Grab phase (炒底): the seat to move passes (empty) or grabs the kitty with a declaration. */
int sj_deal_grab(sj_deal *d, const sj_cards *shown);

/* The legal declarations (declare or grab phase; the pass not included) of the seat to move, in the
 * order of docs/MODEL.md §9 "Legal actions": writes min(cap, found), returns found. */
int sj_deal_legal_declarations(const sj_deal *d, sj_cards *out, int cap);

/* One protocol for every phase (docs/MODEL.md §9 "Actions"): the seat to move acts with a multiset of
 * cards: declare (empty = pass, else identical level cards or jokers), bury (the kitty's count of
 * cards), play (a lead, throw attempts allowed, or a follow).  *played and *failed as sj_deal_play
 * (outside the play phase *played = *action, *failed = 0).  Returns SJ_OK or an SJ_E_* code and
 * changes nothing. */
int sj_deal_act(sj_deal *d, const sj_cards *action, sj_cards *played, int *failed);

/* The actions of the seat to move, as sj_deal_act takes them: declare (pass first, then each legal
 * declaration), play (legal leads or follows; see sj_deal_legal_leads).  Writes min(cap, found) and
 * returns found (stops at limit when limit > 0); SJ_E_PHASE in the bury phase (the caller names the
 * cards); 0 when done. */
long sj_deal_legal_actions(const sj_deal *d, sj_cards *out, long cap, long limit);

/* Bury phase: the burier buries exactly `kitty` cards of the hand (which holds the kitty). */
int sj_deal_bury(sj_deal *d, const sj_cards *cards);

/* Who takes up the kitty once the trump is settled: the dealer; kitty_rule="taian": the dealer team's seat
 * that did not make the standing declaration when that team declared. */
int sj_kitty_taker(const sj_deal *d);

/* The cards the kitty multiplier reads when the attackers win the last trick (docs/MODEL.md §7): the
 * winning play, or under kitty_multiplier_reads="lead" the trick's lead. */
const sj_cards *sj_kitty_capturing_cards(const sj_deal *d);

/* Who leads the first trick: the dealer; kitty_rule="taian": the burier (打底者首先出牌). */
int sj_first_leader(const sj_deal *d);

/* kitty_rule="taian": may `cards` be buried from `hand` (no points, no constant ranks, unless the hand
 * lacks enough other cards)?  SJ_OK or SJ_E_ILLEGAL. */
int sj_bury_allowed(const sj_deal *d, const sj_cards *hand, const sj_cards *cards);

/* The cards of `hand` that kitty_rule="taian" lets go into the kitty: not points, not of a constant rank
 * (and, with plain_only, not trump). */
sj_cards sj_kitty_allowed(const sj_deal *d, const sj_cards *hand, int plain_only);

/* Swap phase (换底): the declarer passes (empty) or takes trump cards out of the kitty for as many
 * allowed plain cards of its hand (one multiset: the trumps out and the cards in). */
int sj_deal_swap(sj_deal *d, const sj_cards *action);

/* Play phase: the seat to move plays `cards`.  *played receives what is actually played (the forced
 * unit of a failed throw); *failed is set to 1 for a failed throw. */
int sj_deal_play(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed);

/* Count a failed throw against `seat` and apply the rules' throw_penalty for `cards_back` cards. */
void sj_deal_charge_failed_throw(sj_deal *d, int seat, int cards_back);

/* Play without any legality check (replaying a record in a sampled world): the cards must be held. */
int sj_deal_play_forced(sj_deal *d, const sj_cards *cards);

/* Every legal lead of the seat to move (single units and safe throws, docs/MODEL.md §9), in a
 * deterministic order: writes min(cap, found) and returns found (stops at limit when limit > 0). */
long sj_deal_legal_leads(const sj_deal *d, sj_cards *out, long cap, long limit);

/* The cards the seat to move cannot see: the pack minus its hand, the cards played, and the kitty if it
 * buried it. */
sj_cards sj_deal_unseen(const sj_deal *d);

/* The highest top of a unit of each shape that the cards the seat to move cannot see can make in suit e (with
 * the trumps e may borrow): sj_highest_unit_tops of sj_deal_unseen's cards of that suit, -1 where none.  From
 * the deal's cache when it keeps one (unseen_cached), else computed afresh into `scratch`. */
const sj_tops_row *sj_unseen_tops(const sj_deal *d, int e, sj_tops scratch);

/* Forget the unseen summaries (after replacing hands or the kitty from outside, as sampled worlds do). */
static inline void sj_deal_forget_unseen(sj_deal *d) {
    for (int s = 0; s < 4; s++) d->unseen_valid[s] = 0;
}

/* 1 when `cards` (one effective suit) split into two or more units, none of which a unit of the
 * unseen cards can beat: hi[w][l] is the highest top of an unseen (w, l) unit in that suit, -1 if none
 * (sj_highest_unit_tops).  This is the safe-throw test of the legal leads. */
int sj_is_safe_throw(const sj_trump *t, const sj_cards *cards, const sj_tops_row *hi);

/* A random legal lead drawn without listing (the "random" policy): one time in eight, a random
 * sub-multiset of one random suit's safe kinds, played if it is a safe throw; otherwise (and then) a
 * uniformly random single unit.  Every legal lead has a positive chance.  Returns 0, or SJ_E_PHASE when not leading. */
int sj_deal_random_lead(const sj_deal *d, sj_rng *r, sj_cards *out);

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

/* 找朋友: the dealer calls `card` (one card of any kind).  SJ_OK, SJ_E_PHASE, SJ_E_COUNT (not one card). */
int sj_deal_call(sj_deal *d, const sj_cards *card);

/* 找朋友 in a sampled world (its hands replaced): set the partner the call gave, from each seat's hand and
 * its plays of the called kind since the call, and say whether the world agrees with what is public in
 * `real` (the reveal, or its absence).  Returns 1 when consistent (always without a call). */
int sj_deal_recall(sj_deal *world, const sj_deal *real);

/* 找朋友 in a sampled world whose partner differs from the deal it was copied from: the points captured so far
 * and the throw penalties counted again by this world's teams, from each finished trick's winner and points and
 * each failed throw's seat and cards taken back. */
void sj_deal_recount(sj_deal *d, int ntricks, const int8_t *winner, const int16_t *points, int nfailed,
                     const int8_t *seat, const int16_t *back);

#ifdef __cplusplus
}
#endif
#endif
