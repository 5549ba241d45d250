/* sj_ismcts.h — single-observer information-set Monte-Carlo tree search (SO-ISMCTS, Cowling, Powley and
 * Whitehouse 2012) from the seat to move (docs/MODEL.md §10).
 *
 * One tree of the observer's information: a node is a sequence of actions from the root (every action is
 * public once taken, so the sequence is what every seat saw; the hidden cards are what differ).  Each
 * iteration draws one world (the hidden cards sampled uniformly from the mover's observation, as the
 * rollouts draw them), walks down the tree through the actions available in that world — the search
 * candidates of the seat to move there (sj_search_candidates: one play per class of equivalent plays) —
 * choosing by UCB1 with availability counts (an action's exploration term counts the visits of its parent
 * in which it was available), adds one untried action's node, plays the world to its end with the
 * rollout policies and adds the result, from each node's mover's side, up the path.  Below the root the
 * tree stops at a burial (a bury phase is played by the policy), and it is a tree of one deal: it ends
 * with the deal.
 *
 * Root parallelism: `trees` independent trees (tree t seeded from stream (seed, t)), `iterations` shared
 * among them (tree t runs iterations / trees, the first iterations % trees one more); their root counts
 * are summed.  Trees run on `threads` threads from a shared counter, and each tree's result depends on its
 * seed only, so a run is the same for any thread count.  With a budget (sj_parallel.h: wall or CPU time) each
 * tree stops when it is spent (checked every few iterations): then the result depends on the machine's speed.
 */
#ifndef SJ_ISMCTS_H
#define SJ_ISMCTS_H

#include "sj_determinize.h"
#include "sj_parallel.h"
#include "sj_policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reward of a finished world: the levels (the attackers' gain less the dealer's side's), the attackers' points,
 * or the blend: the levels plus the attackers' points / SJ_BLEND_POINTS (the levels first, the points between them). */
typedef enum { SJ_VALUE_LEVELS = 0, SJ_VALUE_POINTS = 1, SJ_VALUE_BLEND = 2 } sj_value_kind;
#define SJ_BLEND_POINTS 80.0

typedef struct sj_ismcts_in {
    const sj_deal *deal;            /* the position; the seat to move is the observer */
    const sj_det *det;              /* the observer's sampler, or NULL: search the true deal */
    int slot_seat[SJ_DET_SLOTS];    /* the seat whose hand each sampler slot is, -1 for the kitty, -2 none */
    const sj_cards *actions;        /* the root's actions, each legal for the mover */
    int nactions;
    long iterations;                /* in all trees together (at least one per tree is run) */
    int trees;
    sj_player player[4];            /* the rollout policies */
    uint64_t seed;
    int value;                      /* sj_value_kind: the reward of a finished world */
    double exploration;             /* UCB1's constant, on rewards scaled to about [-1, 1] */
    sj_budget *budget;              /* the time budget (sj_parallel.h); NULL: none (run every iteration) */
    long max_nodes;                 /* per tree (memory: about 80 bytes a node); the iterations stop there */
    int declare_observer;           /* the declaring phase: as sj_rollout_in */
    const sj_shown *shown;
    int nshown;
    const sj_decl_event *record;    /* 泰安's face-down declarations: as sj_rollout_in */
    int nrecord;
    /* Policy-based inference (sj_world.h): with judge_t not NULL (and a sampler) each tree first draws a pool
     * of `judge_pool` worlds (fewer when the budget is spent first; at least one), each weighted by its
     * likelihood of the other seats' plays under the soft greedy model (judge_p) to the power judge_temper,
     * and every iteration then takes a world of the pool by weight instead of a fresh uniform draw. */
    const struct sj_world_template *judge_t;
    const struct sj_world_record *judge_rec;
    double judge_p, judge_temper;
    int judge_pool;
} sj_ismcts_in;

typedef struct sj_ismcts_out {      /* per root action (nactions entries), summed over the trees */
    long *visits;
    double *reward;                 /* sum of the rewards (unscaled: levels or points from the mover's side) */
    long iterations;                /* iterations run in all */
    long nodes;                     /* nodes made in all */
} sj_ismcts_out;

/* Run the search on `threads` threads; flags->cancel stops early.  Returns SJ_OK, SJ_E_ARGS (a root action
 * illegal in a world, a bad argument, a sampler that fits no world), SJ_E_CAPACITY (out of memory) or a
 * policy's error; *failed_tree names the tree of the error when not NULL. */
int sj_ismcts(const sj_ismcts_in *in, sj_ismcts_out *out, int threads, sj_run_flags *flags, long *failed_tree);

#ifdef __cplusplus
}
#endif
#endif
