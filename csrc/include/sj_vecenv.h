/* sj_vecenv.h — N learning tables stepped in one call: the native core of shengji.envs.VectorSeatEnv
 * (docs/LEARNING.md, "A native vector environment").
 *
 * A table is SeatEnv's episode loop in C, decision for decision:
 * - Episode k after seeding with s deals simulate's game k of seed s: the pack order and dealer drawn from
 *   stream (s, k) (sj_sim_deal_order, no card fixed, the rules' first level, trump declared).
 * - The three other seats are native policies (random or greedy); their decision after m moves of the deal
 *   draws from stream (sj_match_seed(s, k), m), as Deal.policy_action(seed=match_seed(s, k)) does.
 * - The learner's action is an index into its candidate list (sj_learner_candidates, its first max_actions
 *   entries); an index outside the list plays the first candidate and raises the row's `invalid` flag.  With
 *   skip_forced a learner decision with one candidate is played for it and never offered.
 * - When the deal ends the reward is its result from the learner's side: the attackers' levels minus the dealer
 *   team's for an attacker and the opposite for the dealer team (levels), or the attackers' final points, negated
 *   for the dealer team (points); under 找朋友 the real teams.  The row then shows the final position (every
 *   mask entry 0) with terminated = 1.  There is no truncation (a deal always ends).
 *
 * Autoreset (Gymnasium's next-step mode): a step given a table whose episode ended at the step before starts
 * its next episode instead of playing the action: the new episode's first decision, reward 0, terminated 0.
 * With autoreset off such a table is refused (SJ_E_ARGS, nothing stepped) until sj_vecenv_reset restarts it.
 *
 * Tables are stepped in blocks on `threads` threads (sj_parallel_for); a table writes only its own rows and draws
 * only from its own streams, so every result is the same whatever the thread count.  A step or reset checks its
 * arguments for every table before any table moves.
 */
#ifndef SJ_VECENV_H
#define SJ_VECENV_H

#include "sj_policy.h"
#include "sj_selfplay.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_VECENV_MAX_ACTIONS 4096 /* the widest mask (at most SJ_RECORD_CANDIDATES entries are ever set) */
#define SJ_VECENV_MAX_ENVS (1L << 20)

typedef struct sj_vecenv_config {
    sj_rules rules;
    int level;                      /* the deals' level rank (0 = '2'): the rules' first level */
    int seat;                       /* the learner's seat, 0..3 */
    sj_policy opponents;            /* SJ_POLICY_GREEDY or SJ_POLICY_RANDOM, for the other three seats */
    int max_actions;                /* the mask's width, 1 .. SJ_VECENV_MAX_ACTIONS */
    int points;                     /* the reward: 0 levels, 1 points */
    int skip_forced;
    int autoreset;                  /* 1: next-step autoreset; 0: a finished table waits for sj_vecenv_reset */
    int threads;                    /* 1 .. 256 */
    uint64_t hidden_draws[SJ_HIDDEN_TRUMP_WORLDS]; /* sj_learner_candidates' streams under 泰安 */
} sj_vecenv_config;

/* The caller's buffers, one row per table (each may be NULL: not written). */
typedef struct sj_vecenv_out {
    float *obs;                     /* n x SJ_ENCODE_SIZE: the learner's observation (sj_encode_observation) */
    int8_t *mask;                   /* n x max_actions: 1 for each candidate of the learner's decision now */
    double *reward;
    uint8_t *terminated, *truncated;
    uint8_t *invalid;               /* the action was outside the candidates (the first was played) */
} sj_vecenv_out;

typedef struct sj_vecenv sj_vecenv; /* the tables (opaque) */

/* Where a table is. */
enum { SJ_VEC_UNSTARTED = 0, SJ_VEC_RUNNING = 1, SJ_VEC_FINISHED = 2 };

/* n tables (1 .. SJ_VECENV_MAX_ENVS), none started, table i seeded with seeds[i].  Returns SJ_OK, SJ_E_ARGS (a
 * field out of range, opponents not a built-in policy), SJ_E_RULES or what sj_setup_check says of the rules, or
 * SJ_E_CAPACITY (no memory). */
int sj_vecenv_create(const sj_vecenv_config *cfg, long n, const uint64_t *seeds, sj_vecenv **out);
void sj_vecenv_free(sj_vecenv *e);

long sj_vecenv_size(const sj_vecenv *e);
const sj_vecenv_config *sj_vecenv_config_of(const sj_vecenv *e);

/* Table i's status (SJ_VEC_*), its seed, the episodes it has started since seeded, its deal (NULL before the
 * first reset) and its learner's candidates now (count, and out[] of SJ_RECORD_CANDIDATES when not NULL). */
int sj_vecenv_status(const sj_vecenv *e, long i);
uint64_t sj_vecenv_seed(const sj_vecenv *e, long i);
uint64_t sj_vecenv_episodes(const sj_vecenv *e, long i);
const sj_deal *sj_vecenv_deal(const sj_vecenv *e, long i);
int sj_vecenv_candidates(const sj_vecenv *e, long i, sj_cards *out);

/* Restart the tables i with which[i] != 0 (which NULL: all): a table with seeded[i] != 0 (seeded NULL: none) is
 * seeded with seeds[i] first (its episodes counted from 0); each starts its next episode, and its first decision
 * is written at row i of out (the other rows untouched).  Returns SJ_OK or a negative SJ_E_* code (the failing
 * table in *failed). */
int sj_vecenv_reset(sj_vecenv *e, const uint8_t *which, const uint64_t *seeds, const uint8_t *seeded,
                    const sj_vecenv_out *out, long *failed);

/* One step of every table: actions[i] (0 .. max_actions - 1) for table i, ignored by a table that autoresets.
 * Refused before anything moves (SJ_E_ARGS, the table in *failed) when an action is out of range, a table was
 * never started, or (autoreset off) a table's episode is over.  Returns SJ_OK or a negative SJ_E_* code. */
int sj_vecenv_step(sj_vecenv *e, const int64_t *actions, const sj_vecenv_out *out, long *failed);

/* Every table's candidates now as action encodings (sj_encode_action), float: n x max_actions x SJ_ACTION_SIZE,
 * zeros past the candidates (and for a finished or unstarted table). */
void sj_vecenv_action_features(const sj_vecenv *e, float *out);

#ifdef __cplusplus
}
#endif
#endif
