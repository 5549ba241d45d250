/* sj_selfplay.h — training records from native self-play (shengji.selfplay, docs/LEARNING.md).
 *
 * Game i of a run is simulate's game i (sj_sim_game: the same stream, pack order, dealer and decisions): the
 * finishing loop (sj_policy_finish_hooked) calls a hook before each decision, which writes one row when the
 * mover has at least two candidates (or always, without skip_forced): the mover's observation
 * (sj_encode_observation), the action chosen (sj_encode_action), the number of candidates (the search's:
 * sj_search_candidates; burying sj_bury_candidates, or under 泰安 while the trump lies face down the union of
 * those of sampled worlds, as shengji.bots.bury_candidates), the index of the candidate of the chosen action's
 * class (-1 when none: a policy may choose a play that no candidate represents), and with keep_candidates
 * every candidate's encoding.  At the end of the game each row gets the deal's result from its seat's side
 * (levels or points, the real teams under 找朋友) and the attackers' final points.
 *
 * The rows land column by column in one sj_records in game order, whatever the thread count: each task of
 * games writes into a staging buffer of its own (kept and reused by the run, grown geometrically), and the
 * tasks are appended to the output in task order as they finish (a task finished ahead of its turn waits in
 * its buffer).  The output's columns are grown geometrically (sized after the first tasks' rows per game)
 * and fitted at the end, so that they can be handed over as they are (the binding wraps them as numpy
 * arrays without a copy): each byte of the records is written once into the staging buffer, which stays in
 * the cache, and once into the output.
 */
#ifndef SJ_SELFPLAY_H
#define SJ_SELFPLAY_H

#include "sj_determinize.h"
#include "sj_encode.h"
#include "sj_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_RECORD_CANDIDATES 128

typedef struct sj_records {        /* rows column by column (malloc'd; sj_records_free) */
    long nrows, cap;                /* rows, and rows allocated in every per-row column */
    int64_t *game;
    int8_t *seat, *phase;
    int16_t *n_candidates;
    int16_t *choice;                /* the chosen action's candidate, -1: none */
    int16_t *points;                /* the attackers' final points */
    float *ret;                     /* the deal's result from the row's seat's side */
    uint8_t *obs;                   /* SJ_ENCODE_SIZE bytes a row */
    uint8_t *action;                /* SJ_ACTION_SIZE bytes a row */
    int64_t *candidate_start;       /* cap + 1 entries: row i's candidates are cands rows candidate_start[i] ..
                                     * candidate_start[i + 1] - 1 (keep_candidates; else all 0) */
    uint8_t *cands;                 /* keep_candidates: SJ_ACTION_SIZE bytes a candidate */
    long ncands, ccap;
} sj_records;

#define SJ_HIDDEN_TRUMP_WORLDS 8

typedef struct sj_selfplay_in {
    const sj_rules *rules;
    const sj_setup *setup;
    uint64_t seed, first_game;
    long games;
    int points;                     /* the rows' result: 0 levels, 1 points */
    int skip_forced;
    int keep_candidates;
    uint64_t hidden_draws[SJ_HIDDEN_TRUMP_WORLDS]; /* 泰安, the trump face down: the burial candidates are the
                                     * union of those of the worlds drawn (sj_face_down_world) from streams
                                     * (hidden_draws[i], 0), as shengji.bots.bury_candidates draws them */
} sj_selfplay_in;

#define SJ_DECLARATIONS_KEPT 64 /* declarations a game keeps for 泰安's face-down worlds (the first ones) */

/* The candidates a learner chooses among at the decision of the seat to move (shengji.envs.candidates, the rows'
 * n_candidates; sj_vecenv.h offers them): burying, sj_bury_candidates, or under 泰安 while the burier cannot see
 * the trump the union of those of the worlds drawn (sj_face_down_world) from streams (hidden_draws[i], 0) for
 * i < SJ_HIDDEN_TRUMP_WORLDS, replaying decl[0 .. ndecl) (the declarations shown in the declaring phase so far, the
 * first SJ_DECLARATIONS_KEPT read); otherwise sj_search_candidates_with (all, cls: its scratch).  out holds
 * SJ_RECORD_CANDIDATES.  With chosen not NULL, *choice is the index of the candidate of its class (-1: none).
 * Returns the count (at most SJ_RECORD_CANDIDATES) or a negative SJ_E_* code. */
long sj_learner_candidates(const sj_deal *d, const sj_decl_event *decl, int ndecl, const uint64_t *hidden_draws,
                           sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen, int *choice);

/* Play the games on `threads` threads, their rows into *out (zeroed by the caller; its columns fitted to
 * their rows at the end, candidate_start and cands never NULL), in tasks of 16 games (flags->progress counts
 * tasks).  Returns the number of games whose rows *out holds: all of them, or when cancelled the first ones
 * (a whole number of tasks); or a negative SJ_E_* code (the failing game in *failed_game; SJ_E_CAPACITY: out
 * of memory), *out then to be freed all the same. */
long sj_selfplay(const sj_selfplay_in *in, int threads, sj_records *out, sj_run_flags *flags, long *failed_game);

/* Free the columns of *out that are not NULL and zero it. */
void sj_records_free(sj_records *out);

#ifdef __cplusplus
}
#endif
#endif
