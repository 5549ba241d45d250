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
 * (levels or points, the real teams under 找朋友) and the attackers' final points.  Each game's rows are
 * kept apart and joined in game order by the caller: the same records for any thread count.
 */
#ifndef SJ_SELFPLAY_H
#define SJ_SELFPLAY_H

#include "sj_encode.h"
#include "sj_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_RECORD_CANDIDATES 128

typedef struct sj_record {
    int64_t game;
    int8_t seat, phase;
    int16_t n_candidates;
    int16_t choice;                 /* the chosen action's candidate, -1: none */
    int16_t points;                 /* the attackers' final points */
    float ret;                      /* the deal's result from the row's seat's side */
    int64_t first_candidate;        /* keep_candidates: its candidates' rows in the game's candidate table */
    uint8_t obs[SJ_ENCODE_SIZE];
    uint8_t action[SJ_ACTION_SIZE];
} sj_record;

typedef struct sj_game_records {    /* one game's rows (malloc'd; sj_selfplay_free) */
    sj_record *rows;
    long nrows, cap;
    uint8_t *cands;                 /* keep_candidates: SJ_ACTION_SIZE bytes per candidate */
    long ncands, ccap;
} sj_game_records;

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

/* Play the games on `threads` threads, game i's rows into out[i] (games entries, zeroed by the caller), in
 * tasks of 16 games (flags->progress counts tasks).  Returns the number of games (fewer when cancelled: then
 * which games ran is not a prefix), or a negative SJ_E_* code (the failing game in *failed_game). */
long sj_selfplay(const sj_selfplay_in *in, int threads, sj_game_records *out, sj_run_flags *flags, long *failed_game);

void sj_selfplay_free(sj_game_records *out, long games);

#ifdef __cplusplus
}
#endif
#endif
