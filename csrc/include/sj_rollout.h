/* sj_rollout.h — rollouts from a position: each candidate action played in each of `worlds` sampled
 * worlds, the deal then finished natively by a policy per seat (bot search, docs/MODEL.md §10).
 *
 * World w draws its hidden cards from stream (seed, w) through the mover's sampler (sj_determinize.h),
 * or is the true deal when no sampler is given; every action is played in the same world w, and the
 * policies' random choices after it come from stream (seed', w) for every action alike (common random
 * numbers).  With `endgame` set, each world is finished by the exact endgame once few cards remain (the
 * world is fully known, so perfect play there is the solver's line).  Threads take worlds from a shared
 * counter and write each result at its own index, so the results are the same for any thread count.  With a
 * budget (a bot's clock, wall or CPU time: sj_parallel.h) no world is begun once it is spent, and `done` says
 * which worlds were run.
 */
#ifndef SJ_ROLLOUT_H
#define SJ_ROLLOUT_H

#include "sj_determinize.h"
#include "sj_parallel.h"
#include "sj_policy.h"
#include "sj_world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The policies' random streams after a world is drawn: (seed ^ this, world); ISMCTS uses the same. */
#define SJ_POLICY_STREAM UINT64_C(0x5DEECE66D2F4A7B1)

typedef struct sj_rollout_in {
    const sj_deal *deal;            /* the position; the seat to move acts */
    const sj_det *det;              /* the mover's sampler, or NULL: roll out the true deal */
    int slot_seat[SJ_DET_SLOTS];    /* the seat whose hand each sampler slot is, -1 for the kitty */
    const sj_cards *actions;        /* the candidate actions, each legal for the mover */
    int nactions;
    int worlds;
    sj_player player[4];
    uint64_t seed;
    int endgame;                    /* >= 0: once every hand holds at most this many cards, the rest of the
                                     * world is played perfectly (sj_solve_finish); -1: the policies to the end */
    sj_budget *budget;              /* no world is begun once it is spent (world 0 always is); NULL: none */
    int declare_observer;           /* the declaring phase, det NULL: >= 0 draws each world's pack order for this
                                     * seat (sj_declare_order with the shown cards); -1: the true deal */
    const sj_shown *shown;
    int nshown;
    const sj_decl_event *record;    /* with declare_observer: the declarations lie face down (泰安): each world's
                                     * pack order is dealt and declared again (sj_face_down_world, sj_determinize.h), in the
                                     * declaring phase or the bury phase; NULL: the declarations are public */
    int nrecord;
    /* Policy-based inference (sj_world.h, sj_world_loglik): with judge_t not NULL (and a sampler) each world's
     * log-likelihood of the other seats' plays under the soft greedy model (judge_p) goes to out->loglik[w]. */
    const struct sj_world_template *judge_t;
    const struct sj_world_record *judge_rec;
    double judge_p;
} sj_rollout_in;

typedef struct sj_rollout_out {     /* arrays of nactions * worlds, action-major: [a * worlds + w] */
    int16_t *attacker_points;
    uint8_t *kitty_captured;
    int8_t *dealer_levels;
    int8_t *attacker_levels;
    int8_t *dealer;                 /* the dealer at the end (a first deal's grab may change it), or NULL */
    int8_t *partner;                /* the dealer's partner at the end (sj_deal_dealer_partner), or NULL */
    uint8_t *done;                  /* worlds entries: 1 for each world rolled out (a budget skips some), or NULL */
    double *loglik;                 /* worlds entries: with judge_t, each world's log-likelihood; or NULL */
} sj_rollout_out;

/* One sampled world (w of stream seed) of a position: the deal with the hidden cards replaced (declaring: the
 * pack order drawn again, the hands so far and the kitty rebuilt from it). */
int sj_rollout_world(const sj_rollout_in *in, uint64_t w, sj_deal *world);

/* Run every rollout on `threads` threads; *cancel stops early.  Returns SJ_OK, SJ_E_ARGS (an action
 * illegal in a world, a slot layout that does not fit the deal), SJ_E_POLICY (a bug) or the sampler's
 * error; *failed_world names the world of the error when not NULL. */
int sj_rollouts(const sj_rollout_in *in, sj_rollout_out *out, int threads, sj_run_flags *flags, long *failed_world);

#ifdef __cplusplus
}
#endif
#endif
