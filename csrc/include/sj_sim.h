/* sj_sim.h — batched Monte-Carlo deals on native threads.
 *
 * Game i of a run with seed s draws all its randomness (unfixed cards, dealing order, the dealer if
 * not fixed, the policies' choices) from stream (s, i): results do not depend on the thread count or on
 * how the games are split into batches.  Threads take chunks of games from a shared counter (dynamic
 * scheduling) and write each game's result at its own index.
 */
#ifndef SJ_SIM_H
#define SJ_SIM_H

#include "sj_parallel.h"
#include "sj_policy.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sj_setup {
    int dealer;                 /* 0..3, or -1: uniform per game */
    int level;                  /* rank 0..12 */
    int trump;                  /* SJ_TRUMP_DECLARE, SJ_NO_SUIT or a suit 0..3 */
    int hand_fixed[4];
    sj_cards hands[4];          /* fixed dealt hands (hand_size cards) */
    int kitty_fixed;
    sj_cards kitty;             /* the kitty as dealt, before burying */
    int kitty_ordered;          /* ... dealt in this order (else in a fresh uniform order per game) */
    uint8_t kitty_order[SJ_MAX_PACK];
    int buried_fixed;
    sj_cards buried;            /* what the dealer buries (then the dealt kitty is this, unless fixed) */
    sj_player player[4];
} sj_setup;

typedef struct sj_sim_out {
    int16_t *attacker_points;
    int16_t *defender_points;
    int16_t *kitty_points;
    int16_t *kitty_multiplier;  /* 0 when the kitty was not captured */
    uint8_t *kitty_captured;
    int8_t *dealer_levels;
    int8_t *attacker_levels;
    int8_t *dealer;
    int8_t *trump;              /* 0..3, 4 for no trump */
    int16_t *plays;
    uint8_t *lost_deal;         /* 泰安 闷牌: nobody declared, the deal ended unplayed */
    int8_t *partner;            /* the dealer's partner (找朋友: -1 for a lone dealer), or NULL */
} sj_sim_out;

/* Check a setup against the rules before any game runs: SJ_OK, SJ_E_RULES (rules failing
 * sj_rules_check), SJ_E_ARGS (dealer, level or trump out of range), SJ_E_SETUP_POLICY, SJ_E_SETUP_* (fixed
 * cards), or for trump = SJ_TRUMP_DECLARE what sj_declaring_status says. */
int sj_setup_check(const sj_rules *rules, const sj_setup *setup);

/* The pack order (docs/MODEL.md §9) of a game: fixed cards where the setup fixes them, the rest dealt
 * uniformly, each hand in random order, a fixed kitty in its order when it has one (else in random order).
 * Draws from r; returns the dealer. */
int sj_sim_deal_order(const sj_rules *rules, const sj_setup *setup, sj_rng *r, uint8_t *order);

/* Play game `game` of stream seed `seed` into *d (to the end), calling `hook` (may be NULL) before each
 * decision (sj_policy_finish_hooked).  Returns plays, or a negative SJ_E_* code. */
int sj_sim_play(const sj_rules *rules, const sj_setup *setup, uint64_t seed, uint64_t game, sj_decision_hook hook,
                void *ctx, sj_deal *d);

/* Play game `game` of stream seed `seed` and write its result at out[index]. Returns plays, or a
 * negative SJ_E_* code (SJ_E_POLICY: a policy produced an illegal move, a bug). */
int sj_sim_game(const sj_rules *rules, const sj_setup *setup, uint64_t seed, uint64_t game, sj_sim_out *out, long index);

/* Play games first_game .. first_game+n-1 on `threads` threads (results at indices 0..n-1).
 * *progress counts finished games; setting *cancel stops the run early.  Returns the number of games
 * finished (n unless cancelled), or a negative SJ_E_* code: a setup error, or the error of a game
 * (its number in *failed_game when failed_game is not NULL). */
long sj_simulate(const sj_rules *rules, const sj_setup *setup, uint64_t seed, uint64_t first_game, long n, int threads,
                 sj_sim_out *out, sj_run_flags *flags, long *failed_game);

#ifdef __cplusplus
}
#endif
#endif
