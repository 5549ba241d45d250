/* sj_ismcts.c — single-observer ISMCTS (see sj_ismcts.h). */
#include "sj_ismcts.h"

#include <math.h>
#include <stdlib.h>

#include "sj_rollout.h"
#include "sj_world.h"

#define TREE_SHIFT 40                              /* iteration i of tree t draws world (seed, t << 40 | i) */
#define CLOCK_EVERY 8                              /* iterations between looks at the clock */
#define POOL_SEED UINT64_C(0x5EED9001A11CE5ED) /* the pool's worlds: streams of seed ^ POOL_SEED */
#define PICK_SEED UINT64_C(0x71C4B0A7D15EA5E5) /* an iteration's pick from the pool */
#define MAX_DEPTH 256                              /* a deal has at most 4 x 64 plays after the root */

typedef struct node {
    sj_cards action;      /* the action from the parent */
    int32_t parent;
    int32_t first_child;  /* -1: none */
    int32_t next_sibling; /* -1: none */
    int32_t visits;
    int32_t avail;        /* visits of the parent in which this action was available */
    double reward;        /* sum of the scaled rewards from the side of the seat that took `action` */
    int8_t mover;         /* that seat */
} node;

/* The nodes, and an open-addressing hash of (parent, action) -> child: a node with many children (the
 * other seats' actions differ from world to world) is searched in constant time. */
typedef struct tree {
    node *nodes;
    long n, cap;
    int32_t *slot; /* 2 * cap entries, -1: empty */
} tree;

static uint64_t key_hash(int32_t parent, const sj_cards *a) {
    uint64_t h = (uint64_t)(uint32_t)parent * UINT64_C(0x9E3779B97F4A7C15);
    for (int k = 0; k < SJ_MAX_DECKS; k++) {
        h ^= a->p[k] + UINT64_C(0x632BE59BD9B4E019) + (h << 6) + (h >> 2);
        h *= UINT64_C(0xBF58476D1CE4E5B9);
    }
    return h ^ (h >> 31);
}

static int32_t find_child(const tree *t, int32_t parent, const sj_cards *a) {
    uint64_t mask = (uint64_t)(2 * t->cap - 1);
    for (uint64_t i = key_hash(parent, a) & mask;; i = (i + 1) & mask) {
        int32_t x = t->slot[i];
        if (x < 0) return -1;
        if (t->nodes[x].parent == parent && sj_cards_equal(&t->nodes[x].action, a)) return x;
    }
}

static void put_slot(tree *t, int32_t x) {
    uint64_t mask = (uint64_t)(2 * t->cap - 1);
    uint64_t i = key_hash(t->nodes[x].parent, &t->nodes[x].action) & mask;
    while (t->slot[i] >= 0) i = (i + 1) & mask;
    t->slot[i] = x;
}

static int32_t new_node(tree *t, const sj_cards *action, int mover, int32_t parent) {
    if (t->n == t->cap) { /* double the nodes and the hash (at most half full), rehash the children */
        long cap = t->cap ? 2 * t->cap : 1024;
        node *nodes = realloc(t->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) return -1;
        t->nodes = nodes;
        int32_t *slot = malloc((size_t)(2 * cap) * sizeof *slot);
        if (!slot) return -1;
        free(t->slot);
        t->slot = slot;
        t->cap = cap;
        for (long i = 0; i < 2 * cap; i++) t->slot[i] = -1;
        for (long i = 1; i < t->n; i++) put_slot(t, (int32_t)i);
    }
    int32_t i = (int32_t)t->n++;
    node *x = &t->nodes[i];
    x->action = *action;
    x->first_child = -1;
    x->next_sibling = -1;
    x->visits = 0;
    x->avail = 1;
    x->reward = 0.0;
    x->mover = (int8_t)mover;
    x->parent = parent;
    if (parent >= 0) {
        put_slot(t, i); /* appended last: the children keep the order in which they were first tried */
        x->next_sibling = t->nodes[parent].first_child; /* (the root's children are matched to the actions) */
        t->nodes[parent].first_child = i;
    }
    return i;
}

/* The reward of a finished world for `seat`, unscaled: the attackers' levels gained less the dealer's
 * (levels), the attackers' points (points) or the two (blend, sj_ismcts.h), negated for a seat of the dealer's side. */
static double reward_for(const sj_deal *end, int value, int seat) {
    double levels = (double)(end->outcome.attacker_levels - end->outcome.dealer_levels);
    double v = value == SJ_VALUE_POINTS  ? (double)end->attacker_points
               : value == SJ_VALUE_BLEND ? levels + (double)end->attacker_points / SJ_BLEND_POINTS
                                         : levels;
    return sj_is_attacker(end, seat) ? v : -v;
}

static double scale_of(int value) {
    return value == SJ_VALUE_POINTS ? 1.0 / 80.0 : value == SJ_VALUE_BLEND ? 1.0 / 4.0 : 1.0 / 3.0;
}

typedef struct scratch {
    sj_cards cand[SJ_CANDIDATES];
    sj_cards all[SJ_CLASS_LIST_LIMIT];
    long cls[SJ_CLASS_LIST_LIMIT];
} scratch;

/* One iteration in world `world`.  Returns SJ_OK or an error. */
static int iterate(const sj_ismcts_in *in, tree *t, scratch *s, const sj_deal *world, sj_rng *r) {
    sj_deal d;
    sj_deal_clone(&d, world);
    int32_t path[MAX_DEPTH + 1];
    int depth = 0, cur = 0, expanded = 0;
    const double c = in->exploration;
    while (d.phase != SJ_PHASE_DONE && !expanded && depth < MAX_DEPTH) {
        const sj_cards *cands;
        long n;
        if (cur == 0) {
            cands = in->actions;
            n = in->nactions;
        } else {
            if (d.phase == SJ_PHASE_BURY) break; /* below the root a burial is the policy's */
            n = sj_search_candidates_with(&d, s->cand, s->all, s->cls);
            if (n < 0) return (int)n;
            cands = s->cand;
        }
        if (n == 0) return SJ_E_POLICY;
        int mover = d.to_move;
        long untried = -1;
        int32_t best = -1;
        double best_score = -INFINITY;
        for (long i = 0; i < n; i++) {
            int32_t ch = find_child(t, cur, &cands[i]);
            if (ch < 0) {
                if (untried < 0) untried = i;
                continue;
            }
            node *x = &t->nodes[ch];
            x->avail++;
            double score = x->reward / x->visits + c * sqrt(log((double)x->avail) / x->visits);
            if (score > best_score) {
                best_score = score;
                best = ch;
            }
        }
        const sj_cards *action;
        if (untried >= 0 && t->n < in->max_nodes) {
            int32_t ch = new_node(t, &cands[untried], mover, cur);
            if (ch < 0) return SJ_E_CAPACITY;
            action = &cands[untried];
            cur = ch;
            expanded = 1;
        } else if (best >= 0) {
            cur = best;
            action = &t->nodes[best].action;
        } else {
            break; /* the tree is full: roll out from here */
        }
        sj_cards played;
        int failed;
        if (sj_deal_act(&d, action, &played, &failed) != SJ_OK) return SJ_E_ARGS;
        path[++depth] = cur;
    }
    if (d.phase != SJ_PHASE_DONE) {
        int plays = sj_policy_finish(&d, in->player, r, NULL);
        if (plays < 0) return plays;
    }
    const double k = scale_of(in->value);
    for (int i = 1; i <= depth; i++) {
        node *x = &t->nodes[path[i]];
        x->visits++;
        x->reward += k * reward_for(&d, in->value, x->mover);
    }
    return SJ_OK;
}

typedef struct job {
    const sj_ismcts_in *in;
    long *visits;   /* trees * nactions */
    double *reward; /* trees * nactions */
    long *iterations, *nodes;
    sj_run_flags *flags;
} job;

static int run_tree(void *ctx, long ti) {
    job *j = (job *)ctx;
    const sj_ismcts_in *in = j->in;
    long quota = in->iterations / in->trees + (ti < in->iterations % in->trees ? 1 : 0);
    if (quota < 1) quota = 1;
    tree t = {0};
    scratch *s = malloc(sizeof *s);
    int rc = s ? SJ_OK : SJ_E_CAPACITY;
    sj_cards none = sj_cards_empty();
    if (rc == SJ_OK && new_node(&t, &none, -1, -1) < 0) rc = SJ_E_CAPACITY;
    sj_rollout_in rin = {0};
    rin.deal = in->deal;
    rin.det = in->det;
    for (int k = 0; k < SJ_DET_SLOTS; k++) rin.slot_seat[k] = in->slot_seat[k];
    rin.seed = in->seed;
    rin.declare_observer = in->declare_observer;
    rin.shown = in->shown;
    rin.nshown = in->nshown;
    rin.record = in->record;
    rin.nrecord = in->nrecord;
    /* inference: the tree's pool of weighted worlds (a budget spent while it fills ends it early) */
    int judging = in->judge_t && in->det && in->judge_pool > 0, npool = 0;
    sj_deal *pool = NULL;
    double *cum = NULL; /* the pool's cumulative weights */
    if (rc == SJ_OK && judging) {
        pool = malloc((size_t)in->judge_pool * sizeof *pool);
        cum = malloc((size_t)in->judge_pool * sizeof *cum);
        if (!pool || !cum) rc = SJ_E_CAPACITY;
        sj_rollout_in pin = rin;
        pin.seed = in->seed ^ POOL_SEED;
        double most = -INFINITY;
        for (int k = 0; rc == SJ_OK && k < in->judge_pool; k++) {
            if (k > 0 && (sj_budget_spent(in->budget) || (j->flags && atomic_load(&j->flags->cancel)))) break;
            uint64_t stream = ((uint64_t)ti << TREE_SHIFT) | (uint64_t)k;
            if ((rc = sj_rollout_world(&pin, stream, &pool[k])) != SJ_OK) break;
            double ll = 0;
            rc = sj_world_loglik(&in->deal->rules, in->judge_t, in->judge_rec, pool[k].hands, &pool[k].kitty,
                                 in->deal->to_move, in->judge_p, &ll, NULL);
            cum[k] = ll;
            if (ll > most) most = ll;
            npool = k + 1;
        }
        double total = 0; /* weights relative to the likeliest world: never all zero (uniform at worst) */
        for (int k = 0; rc == SJ_OK && k < npool; k++) cum[k] = total += exp(in->judge_temper * (cum[k] - most));
    }
    long i = 0;
    for (; rc == SJ_OK && i < quota; i++) {
        if (i % CLOCK_EVERY == 0) { /* (i = 0: the tree's first look, where a CPU budget starts its share) */
            if (sj_budget_spent(in->budget) && i > 0) break;
            if (j->flags && atomic_load(&j->flags->cancel)) break;
        }
        uint64_t stream = ((uint64_t)ti << TREE_SHIFT) | (uint64_t)i;
        sj_deal drawn;
        const sj_deal *world = &drawn;
        if (judging) { /* a world of the pool by weight (iterate plays a copy of it) */
            sj_rng pick = sj_rng_stream(in->seed ^ PICK_SEED, stream);
            double u = (double)(sj_rng_next(&pick) >> 11) * 0x1.0p-53 * cum[npool - 1];
            int k = 0;
            while (k < npool - 1 && cum[k] <= u) k++;
            world = &pool[k];
        } else if ((rc = sj_rollout_world(&rin, stream, &drawn)) != SJ_OK) {
            break;
        }
        sj_rng r = sj_rng_stream(in->seed ^ SJ_POLICY_STREAM, stream);
        rc = iterate(in, &t, s, world, &r);
    }
    free(pool);
    free(cum);
    if (rc == SJ_OK) {
        long *visits = j->visits + ti * in->nactions;
        double *reward = j->reward + ti * in->nactions, k = 1.0 / scale_of(in->value);
        for (int32_t ch = t.nodes[0].first_child; ch >= 0; ch = t.nodes[ch].next_sibling) {
            for (int a = 0; a < in->nactions; a++)
                if (sj_cards_equal(&in->actions[a], &t.nodes[ch].action)) {
                    visits[a] = t.nodes[ch].visits;
                    reward[a] = t.nodes[ch].reward * k;
                    break;
                }
        }
        j->iterations[ti] = i;
        j->nodes[ti] = t.n;
    }
    free(t.nodes);
    free(t.slot);
    free(s);
    return rc;
}

int sj_ismcts(const sj_ismcts_in *in, sj_ismcts_out *out, int threads, sj_run_flags *flags, long *failed_tree) {
    if (in->nactions < 1 || in->trees < 1 || in->iterations < 0 || in->max_nodes < 2 ||
        in->deal->phase == SJ_PHASE_DONE || !(in->exploration >= 0) ||
        (in->judge_t && (in->judge_pool < 1 || !(in->judge_temper >= 0))))
        return SJ_E_ARGS;
    long n = (long)in->trees * in->nactions;
    job j = {in, calloc((size_t)n, sizeof(long)), calloc((size_t)n, sizeof(double)),
             calloc((size_t)in->trees, sizeof(long)), calloc((size_t)in->trees, sizeof(long)), flags};
    int rc = SJ_E_CAPACITY;
    if (j.visits && j.reward && j.iterations && j.nodes) {
        rc = sj_parallel_for(in->trees, 1, threads, run_tree, &j, flags, failed_tree, NULL);
        for (int a = 0; a < in->nactions; a++) {
            out->visits[a] = 0;
            out->reward[a] = 0.0;
        }
        out->iterations = out->nodes = 0;
        for (int ti = 0; ti < in->trees; ti++) { /* summed in tree order: the same sum for any thread count */
            for (int a = 0; a < in->nactions; a++) {
                out->visits[a] += j.visits[(long)ti * in->nactions + a];
                out->reward[a] += j.reward[(long)ti * in->nactions + a];
            }
            out->iterations += j.iterations[ti];
            out->nodes += j.nodes[ti];
        }
    }
    free(j.visits);
    free(j.reward);
    free(j.iterations);
    free(j.nodes);
    return rc;
}
