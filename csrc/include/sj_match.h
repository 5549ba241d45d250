/* sj_match.h — matches: deals in a row under the rules' level and dealer rules (docs/RULES.md §5, §6.9-§6.10;
 * shengji.match's docstring has the rules in prose).  One home for the match rules: shengji.Match plays each
 * deal with its bots in Python and records it here (sj_match_record); shengji.simulate_matches plays whole
 * matches natively (sj_matches).
 *
 * - The levels a team (under 找朋友 a seat: the unit) climbs: 2 -> A, 3 -> A (first_level="3"), or
 *   A -> 2 -> ... -> K -> A (first_level="A"), cut after end_level.  Must-play levels (the first that is not
 *   a constant rank, and the last) stop a climb.
 * - The dealer keeping the deal climbs dealer_levels with its partner (its team; 找朋友: its called partner);
 *   the next dealer is the partner (next_dealer="partner"; 找朋友: the called partner, the same dealer after
 *   playing alone) or the same dealer.  Keeping it at the final level wins the match.  The attackers taking
 *   the deal climb attacker_levels (each of them under 找朋友) and the old dealer's next player deals.
 * - Match points: throw_penalty="match_point" costs the thrower a point per failed throw; match_points="qq"
 *   (per deal, zero-sum, doubled or tripled by the totals before it; a 大光 is worth match_shutout_points) and
 *   "chinagame" (a function of the match so far; a won match adds nothing to a side 3 rating tiers above the
 *   other by the totals it started from).
 * - Deal i of a match with seed s is dealt from stream (s, i) (sj_shuffle_pack) by the current dealer at its
 *   unit's level; the match's first deal (unless it starts from given levels) lets the declaring decide the
 *   dealer; without a declaring phase the dealer names its longest plain suit (S H D C on ties).
 */
#ifndef SJ_MATCH_H
#define SJ_MATCH_H

#include "sj_parallel.h"
#include "sj_policy.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_MAX_SEQ 14

typedef struct sj_match {
    sj_rules rules;
    int nseq;
    uint8_t seq[SJ_MAX_SEQ];        /* level ranks in climbing order */
    uint8_t must[SJ_MAX_SEQ];       /* must-play positions */
    int per_seat;                   /* 找朋友: units are seats, else teams (seat % 2) */
    int steps[4];                   /* each unit's position in seq */
    int dealer;
    int winner;                     /* the unit that won, -1 while running */
    long deals;
    int first_deal;                 /* the next deal is the match's first (the declaring names the dealer) */
    int keeps_points;
    int start[4], qq[4], failed[4]; /* match points: given at the start, the QQ rooms' per-deal sums, failed throws */
} sj_match;

/* The units that climb the levels: 4 under 找朋友 (each seat), else 2 (the teams, seat % 2). */
int sj_match_units(const sj_rules *rules);

/* A match at its start.  end_level: a rank of the sequence after its first (-1: the sequence's end);
 * levels: each unit's starting rank (NULL: the first level; then the first deal decides the dealer), a
 * rank that is not in the sequence refused; points: starting match points (NULL: zeros).  Returns SJ_OK,
 * SJ_E_RULES or SJ_E_ARGS. */
int sj_match_init(sj_match *m, const sj_rules *rules, int end_level, int first_dealer, const int *levels,
                  const int *points);

/* Where a unit at position `step` of the sequence ends after climbing n levels (a must-play level or the
 * sequence's end stops it). */
int sj_match_climb(const sj_match *m, int step, int n);

/* The rank the next deal is played at (the dealer's unit's level). */
int sj_match_level(const sj_match *m);

/* Deal m->deals of the match (seed `seed`) at its start: SJ_OK or the deal's SJ_E_* code. */
int sj_match_start_deal(const sj_match *m, uint64_t seed, sj_deal *d);

/* Record a finished deal (levels, dealer, winner, points); SJ_E_PHASE when it is not done or the match is. */
int sj_match_record(sj_match *m, const sj_deal *d);

/* The match points per seat now (0 when the rules keep none). */
void sj_match_totals(const sj_match *m, int *out);

/* 中国游戏中心's rating tiers (級別): tier 0 幼小班 (from 0 points; lower totals too) .. 24 諾貝爾 (from 28800).
 * sj_chinagame_tier: the tier a total reaches; _name: its name (UTF-8), _from: its threshold (NULL / -1 outside). */
#define SJ_CHINAGAME_TIERS 25
int sj_chinagame_tier(long points);
const char *sj_chinagame_tier_name(int tier);
int sj_chinagame_tier_from(int tier);

/* Match i's seed in a run of seed `seed` (shengji.match_seed). */
uint64_t sj_match_seed(uint64_t seed, uint64_t i);

typedef struct sj_matches_out {     /* per match */
    int8_t *winner;                 /* unit (team or seat), -1: max_deals reached first */
    int32_t *deals;
    int8_t *final_levels;           /* 4 per match: each unit's rank (teams: entries 2, 3 unused, -1) */
    int32_t *points;                /* 4 per match, or NULL */
    int32_t *kept;                  /* deals the dealers kept, or NULL */
} sj_matches_out;

/* Play matches first..first+n-1 of seed `seed` (each from `start`, copied) on `threads` threads, match i
 * from sj_match_seed(seed, i); deals beyond max_deals (> 0) stop a match unfinished.  The policies draw
 * from stream (match seed ^ SJ_POLICY_STREAM, deal).  Returns the matches finished, or an SJ_E_* code. */
long sj_matches(const sj_match *start, const sj_player players[4], uint64_t seed, uint64_t first, long n,
                long max_deals, int threads, sj_matches_out *out, sj_run_flags *flags, long *failed_match);

#ifdef __cplusplus
}
#endif
#endif
