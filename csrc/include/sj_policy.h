/* sj_policy.h — fast policies for whole deals in C: "random" and "greedy".
 *
 * random: every legal action has a positive chance.  Declaring and grabbing (炒底): pass with probability
 *   1/2, else a uniformly random legal declaration (pass when there is none).  Burying: a uniformly random set of physical cards.  Leading and
 *   following: sj_deal_random_lead / sj_random_follow (drawn without listing the legal actions).
 * greedy: a rule-of-thumb player after the QQ guide's tips.  Declare (or grab with) the declaration whose trump
 *   the hand supports best (cards of the suit; three per joker for no trump) when that is a quarter of
 *   the hand; bury short plain suits, never trumps or points when avoidable; lead
 *   units and throws that no unseen cards can beat (plain suits first, largest first), else a low card
 *   of the longest plain suit; follow by feeding points to a winning partner, winning with the cheapest
 *   winning play when points are at stake, and otherwise playing low.  Deterministic.
 */
#ifndef SJ_POLICY_H
#define SJ_POLICY_H

#include "sj_deal.h"
#include "sj_encode.h"

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

/* What `seat` knows of `other` being its teammate (greedy following feeds points to a known teammate
 * only): fixed partners, the partner; 找朋友 after the reveal, the real teams; before it, a seat holding a
 * copy of the called card takes the dealer for its teammate (it may be wrong when an earlier seat in play
 * order holds one too), and every other seat knows no teammate. */
int sj_known_teammate(const sj_deal *d, int seat, int other);
/* Play phase: a legal lead or follow for the seat to move. Returns 0, or SJ_E_PHASE outside the play
 * phase (SJ_E_POLICY if the policy finds no move: a bug). */
int sj_policy_play(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

/* The action of the seat to move in any phase, as sj_deal_act takes it (declare: empty = pass).
 * Returns SJ_OK, or SJ_E_PHASE when the deal is done. */
int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out);

#define SJ_CANDIDATES 128

/* The follows the greedy policy weighs for the seat to move (at most SJ_CANDIDATES, in out[]): short in
 * the led suit, the cheapest discard, the richest feed and (void in a plain lead) the ways to trump; one
 * card led, one card per kind of the led suit held; otherwise the first SJ_CANDIDATES legal follows in the
 * core's order. */
long sj_follow_candidates(const sj_deal *d, sj_cards *out);

/* Candidate actions for search (out[] holds SJ_CANDIDATES): every legal action of the seat to move when
 * there are at most SJ_CANDIDATES; beyond that a reduced set: for a follow, sj_follow_candidates; for a
 * lead, the first SJ_CANDIDATES legal leads in the core's order (every single unit comes before the
 * throws).  Returns the count, or a negative SJ_E_* code (SJ_E_PHASE in the bury phase). */
long sj_candidate_actions(const sj_deal *d, sj_cards *out);

#define SJ_CLASS_LIST_LIMIT 4096

/* Candidate actions for search by class (docs/MODEL.md §10, sj_classes.h): in the play phase every legal
 * action is listed (up to SJ_CLASS_LIST_LIMIT; beyond, the reduced set of sj_candidate_actions), merged into
 * classes, and the first SJ_CANDIDATES classes' representatives are written, in the core's order; other phases
 * as sj_candidate_actions.  Returns the count, or a negative SJ_E_* code. */
long sj_search_candidates(const sj_deal *d, sj_cards *out);

/* Burials worth comparing (the bury phase): the greedy burial, then each plain suit that fits in the kitty
 * voided and topped up with the greedy burial's other cards (lowest kinds first), S H D C, those the kitty
 * rule allows, without repeats.  Writes min(cap, found) and returns found, or SJ_E_PHASE. */
long sj_bury_candidates(const sj_deal *d, sj_cards *out, long cap);
/* The same with the caller's scratch: all[] and cls[] of SJ_CLASS_LIST_LIMIT entries (no allocation). */
long sj_search_candidates_with(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls);
/* The same, and *choice: the index of the candidate of `chosen`'s class (-1: none of them; `chosen` may be a
 * play no candidate represents, beyond the listed ones). */
long sj_search_candidates_choice(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice);

/* The same found by listing every legal play and grouping them into classes: the reference the direct generation is
 * checked against (Deal._candidates_check). */
long sj_search_candidates_listed(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice);

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

/* The reference the greedy play is checked against (sj_reference.c): today's rule found by listing the candidate
 * plays and scoring each.  Returns 0, or SJ_E_PHASE outside the play phase. */
int sj_greedy_play_enumerated(const sj_deal *d, sj_cards *out);
/* Play the deal to its end with `players` (built-in policies) and compare, at every play decision, the greedy play
 * with the reference (and at every declaring or grabbing decision the greedy declaration with the listing one).  Returns the positions that agreed; at the first that differs the deal stops there, *differs
 * is 1 and both plays are in *got and *want (empty where a side failed).  A negative SJ_E_* code: the loop failed. */
long sj_greedy_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, sj_cards *got, sj_cards *want);
/* The same for the search candidates: at every decision but burying, sj_search_candidates_choice (with the action
 * about to be taken as `chosen`) against sj_search_candidates_listed.  At the first that differs: *differs = 1, the
 * counts in *ngot and *nwant, the two choices in choices[0..1], the candidates in got[] and want[] (SJ_CANDIDATES
 * each), and *d the deal as it stood there; otherwise *d is left as it was. */
long sj_candidates_check(sj_deal *d, const sj_player players[4], sj_rng *r, int *differs, long *ngot, long *nwant,
                         int *choices, sj_cards *got, sj_cards *want);

#ifdef __cplusplus
}
#endif
#endif
