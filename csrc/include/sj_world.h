/* sj_world.h — a world rebuilt from one seat's observation (docs/MODEL.md §10): the deal replayed from its public
 * record with the hidden cards of one placement (sj_determinize.h draws it), and every further world of the same
 * observation as a copy of that one with the hidden cards replaced.
 *
 * A world's pack order is each seat's cards now plus its plays, lowest kinds first at its dealt positions, and the
 * kitty as it was dealt last: the kitty buried (in the bury phase: the burier's highest cards, or the turned-up
 * kitty), with a 换底 undone and a turned-up kitty dealt in its order.  The rebuild then replays what was public:
 * the declarations shown, the kitty passed to the last grabber, the grabs and earlier burials as the observer saw
 * them, the burial, the grab and swap passes up to the observed position, the call, and every play (forced: the
 * observed deal checked them), each appended to the world's history (sj_log.h) as it goes.
 */
#ifndef SJ_WORLD_H
#define SJ_WORLD_H

#include "sj_cards.h"
#include "sj_determinize.h"
#include "sj_error.h"
#include "sj_log.h"
#include "sj_state.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_TEMPLATE_MAX_TRICKS 64

/* What every world of one observation shares: which seat each sampled slot fills (-1: the kitty, -2: no slot),
 * the cards each seat has played, and what a world's pack order needs (above): the burier and whether the deal is
 * in the bury phase, a 换底 to undo (the trumps taken out, the cards put in, by swap_declarer; -1: none), the
 * turned-up kitty in order (nturned 0: none).  Under 找朋友 a world whose call falls to another partner recounts the
 * points so far from the tricks' winners and points and the failed throws' penalties. */
typedef struct sj_world_template {
    int slot_seat[SJ_DET_SLOTS];
    sj_cards played[4];
    int burier, bury_phase;
    int swap_declarer;
    sj_cards swap_out, swap_in;
    int nturned;
    uint8_t turned[SJ_MAX_PACK];
    int ntricks, nfailed;
    int8_t trick_winner[SJ_TEMPLATE_MAX_TRICKS];
    int16_t trick_points[SJ_TEMPLATE_MAX_TRICKS];
    int8_t failed_seat[SJ_TEMPLATE_MAX_TRICKS];
    int16_t failed_back[SJ_TEMPLATE_MAX_TRICKS];
} sj_world_template;

/* The public record a rebuilt world replays (the observation's history, as the observer saw it). */
typedef struct sj_world_record {
    int dealer, level, trump, first_deal; /* the deal now: its dealer, level and trump (a suit or SJ_NO_SUIT) */
    int dealt_by;                         /* the seat that dealt it (-1: the dealer) */
    int declared, turned_up;              /* a declaration was shown (a grab phase follows a burial); the kitty
                                           * was turned up (none follows) */
    const sj_log_entry *shown;            /* every declaration shown, grabs included, in order: SJ_LOG_DECLARED */
    int nshown;                           /* entries (seat, action with its choice, step: -1 for a grab) */
    const sj_log_entry *taken;            /* the grabs (SJ_LOG_GRABBED: seat, action), then the burials before */
    int ntaken;                           /* the one this world makes (SJ_LOG_BURIED: seat, action and known,
                                           * before) */
    int stop_phase, stop_to_move;         /* the observed position: grab or swap passes are replayed up to it */
    int has_swap;                         /* 换底: the declarer swapped `swap` (else it passed) */
    sj_cards swap;
    int called;                           /* 找朋友: the kind called; -1 when the deal waits for the call */
    const sj_log_entry *plays;            /* every play in order: `played`, and for a failed throw failed = 1 */
    int nplays;                           /* and `action` the cards attempted */
} sj_world_record;

/* The world of one placement, rebuilt from the record into `world` with its history appended to *log (NULL: none
 * kept): `hands` each seat's cards now, `kitty` the kitty buried (ignored in the bury phase, where it is the
 * burier's highest cards).  *buried (not NULL) gets the world's buried kitty.  SJ_OK; SJ_E_SETUP_HAND_SIZE when the
 * cards do not give every seat its dealt cards and the kitty its size; SJ_E_DECLARATION, SJ_E_ARGS or a move's
 * code when the record does not replay; SJ_E_NO_MEMORY.  On an error *log holds what was appended so far: the
 * caller drops the world and its log. */
int sj_world_rebuild(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                     const sj_cards *hands, const sj_cards *kitty, sj_deal *world, sj_log **log, sj_cards *buried);

/* A rebuilt world's start after its pack is dealt (`d` fresh from sj_deal_init with the record's dealer, level and
 * trump: in the bury phase): the declarations shown (rec->shown) appended to *log (NULL: none kept) and the
 * standing one restored from them (the first declarer, the last declaration, or a 对家保 of the one before), the
 * kitty passed to `burier`, the grabs counted and `declared`, `turned_up` and `dealt_by` set as the record has them, then the grabs and earlier
 * burials (rec->taken) appended; every other field of `rec` is ignored.  sj_world_rebuild starts each world so,
 * and a pickled world (which keeps these) starts so again.  SJ_OK; SJ_E_PHASE when `d` is not in the bury phase;
 * SJ_E_ARGS for entries of the wrong kind or seat, a bad burier or dealt_by; SJ_E_DECLARATION when the last
 * declaration is not one; SJ_E_NO_MEMORY.  On an error the caller drops the deal and its log. */
int sj_world_restore(sj_deal *d, sj_log **log, const sj_world_record *rec, int burier);

/* Policy-based inference (docs/MODEL.md §10): the log-likelihood, in the world of one placement (`hands`, `kitty` as
 * sj_world_rebuild takes them), of the plays the seats other than `observer` made, under a soft greedy model: at each
 * such play with two candidates or more (sj_candidate_actions) the seat chooses greedy's play with probability `p`
 * and spreads the rest evenly over its other candidates.  A failed throw is judged by the cards attempted.  *ll gets
 * the sum, *judged (not NULL) the plays judged.  SJ_E_ARGS for p outside (0, 1) or a bad observer; else as
 * sj_world_rebuild. */
int sj_world_loglik(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                    const sj_cards *hands, const sj_cards *kitty, int observer, double p, double *ll, int *judged);

/* The world of one placement (`slots`, as sj_det_sample draws them) into `world`: a copy of `base` (a world
 * rebuilt from the same record) with the hidden cards replaced, its pack order rebuilt, its call and points made
 * its own; *buried (not NULL) gets the world's buried kitty.  SJ_E_SETUP_HAND_SIZE when the placement does not
 * give every seat its dealt cards and the kitty its size. */
int sj_template_world(const sj_world_template *t, const sj_deal *base, const sj_cards *slots, sj_deal *world,
                      sj_cards *buried);

/* Replay one play without legality checks (a record's play, checked when it was made), appended to *log (NULL:
 * none) as SJ_LOG_FORCE: `played` as played, and for a failed throw (`attempted` not NULL, holding `played`) the
 * cards attempted, whose penalty is charged again.  SJ_OK or sj_deal_play_forced's code; SJ_E_ARGS for an
 * attempt that does not hold the play; SJ_E_NO_MEMORY; on an error nothing changed. */
int sj_world_force(sj_deal *d, sj_log **log, const sj_cards *played, const sj_cards *attempted);

#ifdef __cplusplus
}
#endif
#endif
