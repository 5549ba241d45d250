/* sj_policy.h — fast policies for whole deals in C: "random" and "greedy".
 *
 * random: every legal action has a positive chance.  Declaring and grabbing (炒底): pass with probability
 *   1/2, else a uniformly random legal declaration (pass when there is none).  Burying: a uniformly random set of physical cards.  Leading and
 *   following: sj_deal_random_lead / sj_random_follow (drawn without listing the legal actions).
 * greedy: a rule-of-thumb player after the QQ guide's tips.  Declare (or grab with) the declaration whose trump
 *   the hand supports best (cards of the suit; three per joker for no trump) when that is a quarter of
 *   the hand; bury by voiding short plain suits (points only with their whole suit), keeping trumps and high
 *   cards; lead
 *   units and throws that no unseen cards can beat (plain suits first, largest first), else a low card
 *   of the longest plain suit; follow by feeding points to a winning partner, winning with the cheapest
 *   winning play when points are at stake, and otherwise playing low.  Deterministic.
 */
#ifndef SJ_POLICY_H
#define SJ_POLICY_H

#include "sj_candidates.h"
#include "sj_deal.h"
#include "sj_encode.h"
#include "sj_greedy.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { SJ_POLICY_RANDOM = 0, SJ_POLICY_GREEDY = 1, SJ_POLICY_USER = 2 } sj_policy;

/* A user policy (shengji.jit_policy: a numba @cfunc): it sees the position (SJ_POSITION_SIZE ints, layout
 * below) and ncand candidate actions (ncand * 54 ints: copies of each card kind) and returns the index of
 * its choice, or -1 to let the greedy rule decide.  Declaring and grabbing: the candidates are the legal
 * declarations (pass first; a four-joker declaration comes as five candidates with the same cards, in the
 * choice order no trump, S, H, D, C); burying and swapping: the greedy rule decides, the function is not called;
 * playing: the candidates of sj_candidate_actions.  The answer is 64-bit, so that no value is cut before the
 * range check; SJ_USER_RAISED says the function raised (a compiled entry catches what it cannot pass through C). */
typedef int64_t (*sj_user_fn)(int32_t *position, int32_t npos, int32_t *candidates, int32_t ncand);
#define SJ_USER_RAISED INT64_MIN

/* One seat's player: a built-in policy, or SJ_POLICY_USER with its function. */
typedef struct sj_player {
    sj_policy kind;
    sj_user_fn fn;
} sj_player;

/* The position as a user policy sees it: SJ_POSITION_SIZE ints.
 *   [0] seat to move  [1] phase (0 declare, 1 bury, 2 grab, 3 swap, 4 play)  [2] dealer  [3] trump suit (0..3; 4 none)
 *   [4] level rank (0 = '2' .. 12 = 'A')  [5] trick leader  [6] plays in the trick so far  [7] attackers'
 *   points so far  [8] defenders' points  [9] tricks done  [10] decks  [11] cards led (0 when leading)
 *   [12] seat winning the trick so far (-1 when leading)  [13] grade of the standing declaration while
 *   declaring or grabbing (0: none)  [14] the standing declarer (-1: none)  [15] 0
 *   then blocks of 54 (one entry per card kind, suit * 13 + rank, 52 SJ, 53 BJ):
 *   [16 + 54*0] the mover's hand (copies)  [16 + 54*(1+i)] play i of the trick, from the leader (i = 0..3)
 *   [16 + 54*5] every card played so far  [16 + 54*6] effective suit of each kind (0..3 plain, 4 trump)
 *   [16 + 54*7] strength of each kind inside its effective suit (0 = lowest; equal cards share one)
 *   then [SJ_POSITION_OBS ..] the mover's observation tensor, SJ_ENCODE_SIZE entries (sj_encode.h). */
#define SJ_POSITION_OBS (16 + 54 * 8)
#define SJ_POSITION_SIZE (SJ_POSITION_OBS + SJ_ENCODE_SIZE)
void sj_position_view(const sj_deal *d, int32_t *out);

/* Declaring or grab phase: the cards shown (with their choice bits), empty to pass. */
void sj_policy_declare(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);
/* Swap phase (泰安 换底): the declarer's swap (trumps out of the kitty and as many allowed cards in), empty
 * to pass.  random: pass half the time, else m random kitty trumps for m random allowed cards; greedy:
 * every kitty trump it can take back for its weakest allowed cards, shortest suits first. */
void sj_policy_swap(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);
/* Bury phase: the cards the burier buries (泰安: no points, no constant ranks while it can). */
void sj_policy_bury(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* 找朋友's call (phase call): random — any kind; greedy — the highest card the dealer does not hold of
 * the plain suit it holds fewest of (a void suit first), so that the partner is likely to win that suit's
 * tricks for it; with no plain suit, the highest trump it does not hold. */
void sj_policy_call(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* Play phase: a legal lead or follow for the seat to move. Returns 0, or SJ_E_PHASE outside the play
 * phase (SJ_E_POLICY if the policy finds no move: a bug). */
int sj_policy_play(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* The action of the seat to move in any phase, as sj_deal_act takes it (declare: empty = pass).
 * Returns SJ_OK, or SJ_E_PHASE when the deal is done. */
int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);





/* The action of a player (built-in or user) for the seat to move, in any phase.  Returns SJ_OK,
 * SJ_E_PHASE when the deal is done, or SJ_E_USER_POLICY when a user policy returns an index out of range. */
int sj_player_action(const sj_player *p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* Play a whole deal from its current state to the end with one player per seat, every phase through
 * sj_player_action and sj_deal_act.  `buried` (may be NULL) replaces the dealer's policy in the first
 * bury phase (a grabber's burial is its own policy's).  Returns the number of plays made, the bury's SJ_E_* code if `buried` does not fit, or
 * SJ_E_USER_POLICY if a user policy answered out of range, SJ_E_POLICY if a built-in policy produced an
 * illegal move (a bug). */
int sj_policy_finish(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried);

/* The same, stopping early in the play phase once every hand holds at most stop_cards cards (the exact
 * endgame takes over there); stop_cards < 0: never. */
int sj_policy_finish_until(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried, int stop_cards);

/* The same loop with a hook called before every decision is applied (the deal as the mover faces it and the
 * action chosen); a hook returning nonzero stops the loop with that code (the self-play records). */
typedef int (*sj_decision_hook)(void *ctx, const sj_deal *d, const sj_cards *action);
int sj_policy_finish_hooked(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried, int stop_cards,
                            sj_decision_hook hook, void *ctx);


#ifdef __cplusplus
}
#endif
#endif
