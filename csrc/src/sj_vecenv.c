/* sj_vecenv.c — N learning tables stepped in one call (see sj_vecenv.h). */
#include "sj_vecenv.h"

#include <stdlib.h>
#include <string.h>

#include "sj_match.h"
#include "sj_sim.h"

#define MAX_THREADS 256
#define BLOCKS_PER_THREAD 4 /* blocks of tables a thread takes in turn (dynamic scheduling evens the load) */

typedef struct table {
    sj_deal d;
    uint64_t seed, episode;         /* the stream seed; the next episode's number */
    uint64_t opponents_seed;        /* sj_match_seed(seed, episode being played) */
    uint64_t moves;                 /* actions applied in this deal (the opponents' stream index) */
    int status;                     /* SJ_VEC_* */
    int ncand;                      /* the learner's candidates now (0 when finished) */
    int ndecl;
    sj_cards cand[SJ_RECORD_CANDIDATES];
    sj_decl_event decl[SJ_DECLARATIONS_KEPT]; /* the declarations shown so far (泰安's burial candidates) */
} table;

typedef struct scratch {            /* one block's scratch for sj_search_candidates_with */
    sj_cards *all;
    long *cls;
} scratch;

struct sj_vecenv {
    sj_vecenv_config cfg;
    sj_setup setup;                 /* simulate's default setup: the deals' pack order and dealer */
    long n;
    table *t;
    int nblocks;
    scratch *s;
};

/* ---- one table ------------------------------------------------------------------------------------------ */

static int act(table *t, const sj_cards *a) {
    sj_deal *d = &t->d;
    if (d->phase == SJ_PHASE_DECLARE && !sj_cards_is_empty(a) && t->ndecl < SJ_DECLARATIONS_KEPT)
        t->decl[t->ndecl++] = (sj_decl_event){.step = (int16_t)d->step, .seat = (int8_t)d->to_move,
                                              .size = (uint8_t)sj_cards_size(a), .cards = *a};
    sj_cards played;
    int failed = 0;
    int rc = sj_deal_act(d, a, &played, &failed);
    if (rc != SJ_OK) return SJ_E_POLICY; /* a candidate or a policy's action refused: a bug */
    t->moves++;
    return SJ_OK;
}

/* The opponents play until the learner must decide (its candidates listed; with skip_forced a lone candidate
 * played for it) or the deal ends. */
static int advance(const sj_vecenv *e, table *t, const scratch *s) {
    const sj_vecenv_config *c = &e->cfg;
    sj_deal *d = &t->d;
    sj_player opponent = {c->opponents, NULL};
    for (;;) {
        while (d->phase != SJ_PHASE_DONE && d->to_move != c->seat) {
            sj_rng r = sj_rng_stream(t->opponents_seed, t->moves);
            sj_cards a;
            int rc = sj_player_action(&opponent, d, &r, &a);
            if (rc == SJ_OK) rc = act(t, &a);
            if (rc != SJ_OK) return rc;
        }
        if (d->phase == SJ_PHASE_DONE) {
            t->ncand = 0;
            t->status = SJ_VEC_FINISHED;
            return SJ_OK;
        }
        long n = sj_learner_candidates(d, t->decl, t->ndecl, c->hidden_draws, t->cand, s->all, s->cls, NULL, NULL);
        if (n < 0) return (int)n;
        if (n == 0) return SJ_E_POLICY; /* a decision with nothing to choose: a bug */
        t->ncand = (int)(n < c->max_actions ? n : c->max_actions);
        if (!(c->skip_forced && t->ncand == 1)) return SJ_OK;
        int rc = act(t, &t->cand[0]);
        if (rc != SJ_OK) return rc;
    }
}

static int start_episode(const sj_vecenv *e, table *t, const scratch *s) {
    const sj_vecenv_config *c = &e->cfg;
    sj_rng r = sj_rng_stream(t->seed, t->episode);
    uint8_t order[SJ_MAX_PACK];
    int dealer = sj_sim_deal_order(&c->rules, &e->setup, &r, order);
    int rc = sj_deal_init(&t->d, &c->rules, order, dealer, c->level, SJ_TRUMP_DECLARE, 0);
    if (rc != SJ_OK) return rc;
    t->opponents_seed = sj_match_seed(t->seed, t->episode);
    t->episode++;
    t->moves = 0;
    t->ndecl = 0;
    t->status = SJ_VEC_RUNNING;
    return advance(e, t, s);
}

static void write_row(const sj_vecenv *e, const table *t, long i, const sj_vecenv_out *out) {
    if (out->obs) {
        uint8_t codes[SJ_ENCODE_SIZE];
        sj_encode_observation(&t->d, e->cfg.seat, codes);
        float *o = out->obs + (size_t)i * SJ_ENCODE_SIZE;
        for (int k = 0; k < SJ_ENCODE_SIZE; k++) o[k] = (float)codes[k];
    }
    if (out->mask) {
        int8_t *m = out->mask + (size_t)i * (size_t)e->cfg.max_actions;
        memset(m, 0, (size_t)e->cfg.max_actions);
        for (int k = 0; k < t->ncand; k++) m[k] = 1;
    }
}

static double reward_of(const sj_vecenv *e, const table *t) {
    const sj_deal *d = &t->d;
    int v = e->cfg.points ? d->attacker_points : d->outcome.attacker_levels - d->outcome.dealer_levels;
    return (double)(sj_is_attacker(d, e->cfg.seat) ? v : -v);
}

/* ---- the batch: blocks of tables on the pool ------------------------------------------------------------ */

typedef struct job {
    sj_vecenv *e;
    int reset;                      /* 1: reset the chosen tables; 0: step every table */
    const int64_t *actions;
    const uint8_t *which, *seeded;
    const uint64_t *seeds;
    const sj_vecenv_out *out;
    long *failed;                   /* per block: the failing table, -1 */
} job;

static int step_table(sj_vecenv *e, table *t, long i, int64_t action, const sj_vecenv_out *out, const scratch *s) {
    int rc, invalid = 0;
    double reward = 0.0;
    if (t->status == SJ_VEC_FINISHED) { /* next-step autoreset: the action is ignored */
        rc = start_episode(e, t, s);
    } else {
        invalid = !(action >= 0 && action < t->ncand);
        rc = act(t, &t->cand[invalid ? 0 : action]);
        if (rc == SJ_OK) rc = advance(e, t, s);
        if (rc == SJ_OK && t->status == SJ_VEC_FINISHED) reward = reward_of(e, t);
    }
    if (rc != SJ_OK) return rc;
    write_row(e, t, i, out);
    if (out->reward) out->reward[i] = reward;
    if (out->terminated) out->terminated[i] = t->status == SJ_VEC_FINISHED;
    if (out->truncated) out->truncated[i] = 0;
    if (out->invalid) out->invalid[i] = (uint8_t)invalid;
    return SJ_OK;
}

static int block_task(void *vjob, long b) {
    job *j = (job *)vjob;
    sj_vecenv *e = j->e;
    const scratch *s = &e->s[b];
    long lo = b * e->n / e->nblocks, hi = (b + 1) * e->n / e->nblocks;
    for (long i = lo; i < hi; i++) {
        table *t = &e->t[i];
        int rc = SJ_OK;
        if (j->reset) {
            if (j->which && !j->which[i]) continue;
            if (j->seeded && j->seeded[i]) {
                t->seed = j->seeds[i];
                t->episode = 0;
            }
            rc = start_episode(e, t, s);
            if (rc == SJ_OK) write_row(e, t, i, j->out);
        } else {
            rc = step_table(e, t, i, j->actions[i], j->out, s);
        }
        if (rc != SJ_OK) {
            j->failed[b] = i;
            return rc;
        }
    }
    return SJ_OK;
}

static int run(sj_vecenv *e, job *j, long *failed) {
    long fail[MAX_THREADS * BLOCKS_PER_THREAD];
    for (int b = 0; b < e->nblocks; b++) fail[b] = -1;
    j->failed = fail;
    long block = -1;
    int rc = sj_parallel_for(e->nblocks, 1, e->cfg.threads, block_task, j, NULL, &block, NULL);
    if (rc != SJ_OK && failed) *failed = block >= 0 ? fail[block] : -1;
    return rc;
}

/* ---- the public calls ----------------------------------------------------------------------------------- */

int sj_vecenv_create(const sj_vecenv_config *cfg, long n, const uint64_t *seeds, sj_vecenv **out) {
    *out = NULL;
    if (n < 1 || n > SJ_VECENV_MAX_ENVS || !seeds) return SJ_E_ARGS;
    if (cfg->seat < 0 || cfg->seat > 3 || cfg->max_actions < 1 || cfg->max_actions > SJ_VECENV_MAX_ACTIONS)
        return SJ_E_ARGS;
    if (cfg->opponents != SJ_POLICY_GREEDY && cfg->opponents != SJ_POLICY_RANDOM) return SJ_E_ARGS;
    if (cfg->threads < 1 || cfg->threads > MAX_THREADS || cfg->level < 0 || cfg->level > 12) return SJ_E_ARGS;
    sj_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.dealer = -1;
    setup.level = cfg->level;
    setup.trump = SJ_TRUMP_DECLARE;
    for (int i = 0; i < 4; i++) setup.player[i] = (sj_player){SJ_POLICY_GREEDY, NULL};
    int rc = sj_setup_check(&cfg->rules, &setup);
    if (rc != SJ_OK) return rc;
    sj_vecenv *e = calloc(1, sizeof *e);
    if (!e) return SJ_E_CAPACITY;
    e->cfg = *cfg;
    e->cfg.points = cfg->points != 0;
    e->cfg.skip_forced = cfg->skip_forced != 0;
    e->cfg.autoreset = cfg->autoreset != 0;
    e->setup = setup;
    e->n = n;
    long blocks = (long)cfg->threads * BLOCKS_PER_THREAD;
    e->nblocks = (int)(cfg->threads == 1 ? 1 : (blocks < n ? blocks : n));
    e->t = calloc((size_t)n, sizeof *e->t);
    e->s = calloc((size_t)e->nblocks, sizeof *e->s);
    if (!e->t || !e->s) {
        sj_vecenv_free(e);
        return SJ_E_CAPACITY;
    }
    for (int b = 0; b < e->nblocks; b++) {
        e->s[b].all = malloc(SJ_CLASS_LIST_LIMIT * sizeof *e->s[b].all);
        e->s[b].cls = malloc(SJ_CLASS_LIST_LIMIT * sizeof *e->s[b].cls);
        if (!e->s[b].all || !e->s[b].cls) {
            sj_vecenv_free(e);
            return SJ_E_CAPACITY;
        }
    }
    for (long i = 0; i < n; i++) {
        e->t[i].seed = seeds[i];
        e->t[i].status = SJ_VEC_UNSTARTED;
    }
    *out = e;
    return SJ_OK;
}

void sj_vecenv_free(sj_vecenv *e) {
    if (!e) return;
    if (e->s)
        for (int b = 0; b < e->nblocks; b++) {
            free(e->s[b].all);
            free(e->s[b].cls);
        }
    free(e->s);
    free(e->t);
    free(e);
}

long sj_vecenv_size(const sj_vecenv *e) { return e->n; }
const sj_vecenv_config *sj_vecenv_config_of(const sj_vecenv *e) { return &e->cfg; }
int sj_vecenv_status(const sj_vecenv *e, long i) { return e->t[i].status; }
uint64_t sj_vecenv_seed(const sj_vecenv *e, long i) { return e->t[i].seed; }
uint64_t sj_vecenv_episodes(const sj_vecenv *e, long i) { return e->t[i].episode; }

const sj_deal *sj_vecenv_deal(const sj_vecenv *e, long i) {
    return e->t[i].status == SJ_VEC_UNSTARTED ? NULL : &e->t[i].d;
}

int sj_vecenv_candidates(const sj_vecenv *e, long i, sj_cards *out) {
    const table *t = &e->t[i];
    if (out) memcpy(out, t->cand, (size_t)t->ncand * sizeof *out);
    return t->ncand;
}

int sj_vecenv_reset(sj_vecenv *e, const uint8_t *which, const uint64_t *seeds, const uint8_t *seeded,
                    const sj_vecenv_out *out, long *failed) {
    if (seeded && !seeds) return SJ_E_ARGS;
    job j = {.e = e, .reset = 1, .which = which, .seeds = seeds, .seeded = seeded, .out = out};
    return run(e, &j, failed);
}

int sj_vecenv_step(sj_vecenv *e, const int64_t *actions, const sj_vecenv_out *out, long *failed) {
    for (long i = 0; i < e->n; i++) { /* every table checked before any moves */
        int status = e->t[i].status;
        if (actions[i] < 0 || actions[i] >= e->cfg.max_actions || status == SJ_VEC_UNSTARTED ||
            (status == SJ_VEC_FINISHED && !e->cfg.autoreset)) {
            if (failed) *failed = i;
            return SJ_E_ARGS;
        }
    }
    job j = {.e = e, .reset = 0, .actions = actions, .out = out};
    return run(e, &j, failed);
}

void sj_vecenv_action_features(const sj_vecenv *e, float *out) {
    size_t row = (size_t)e->cfg.max_actions * SJ_ACTION_SIZE;
    memset(out, 0, (size_t)e->n * row * sizeof *out);
    for (long i = 0; i < e->n; i++) {
        const table *t = &e->t[i];
        for (int k = 0; k < t->ncand; k++) {
            uint8_t codes[SJ_ACTION_SIZE];
            sj_encode_action(&t->cand[k], codes);
            float *o = out + (size_t)i * row + (size_t)k * SJ_ACTION_SIZE;
            for (int c = 0; c < SJ_ACTION_SIZE; c++) o[c] = (float)codes[c];
        }
    }
}
