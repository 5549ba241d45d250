/* sj_selfplay.c — training records from native self-play (see sj_selfplay.h). */
#define _POSIX_C_SOURCE 200809L
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise's MADV_POPULATE_WRITE */
#endif
#include "sj_selfplay.h"

#include "sj_rollout.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif


#define MAX_RECORD SJ_DECLARATIONS_KEPT

/* ---- sj_records: the columns, grown and fitted ---------------------------------------------------------- */

#define NCOLUMNS 9 /* the per-row columns but candidate_start (which has one entry more) */

typedef struct column {
    void **p;
    size_t width;                   /* bytes a row */
} column;

static void records_columns(sj_records *r, column c[NCOLUMNS]) {
    c[0] = (column){(void **)&r->game, sizeof *r->game};
    c[1] = (column){(void **)&r->seat, sizeof *r->seat};
    c[2] = (column){(void **)&r->phase, sizeof *r->phase};
    c[3] = (column){(void **)&r->n_candidates, sizeof *r->n_candidates};
    c[4] = (column){(void **)&r->choice, sizeof *r->choice};
    c[5] = (column){(void **)&r->points, sizeof *r->points};
    c[6] = (column){(void **)&r->ret, sizeof *r->ret};
    c[7] = (column){(void **)&r->obs, SJ_ENCODE_SIZE};
    c[8] = (column){(void **)&r->action, SJ_ACTION_SIZE};
}

/* Room for exactly `rows` rows (>= 1, >= r->nrows) in every per-row column.  On failure the columns keep
 * at least r->cap rows. */
static int records_resize(sj_records *r, long rows) {
    column c[NCOLUMNS];
    records_columns(r, c);
    for (int i = 0; i < NCOLUMNS; i++) {
        void *p = realloc(*c[i].p, (size_t)rows * c[i].width);
        if (!p) return SJ_E_CAPACITY;
        *c[i].p = p;
    }
    int64_t *start = realloc(r->candidate_start, (size_t)(rows + 1) * sizeof *start);
    if (!start) return SJ_E_CAPACITY;
    r->candidate_start = start;
    r->candidate_start[r->nrows] = r->ncands;
    r->cap = rows;
    return SJ_OK;
}

static int cands_resize(sj_records *r, long n) {
    uint8_t *p = realloc(r->cands, (size_t)n * SJ_ACTION_SIZE);
    if (!p) return SJ_E_CAPACITY;
    r->cands = p;
    r->ccap = n;
    return SJ_OK;
}

/* Room for `rows` rows and `cands` candidates: the capacity doubled (at least), or `hint` rows and `chint`
 * candidates when larger (an estimate of the whole run's; given up when it cannot be had). */
static int records_reserve(sj_records *r, long rows, long hint, long cands, long chint) {
    if (rows > r->cap) {
        long c = r->cap > 0 ? r->cap : 256;
        while (c < rows) c *= 2;
        if (!(hint > c && records_resize(r, hint) == SJ_OK) && records_resize(r, c) != SJ_OK) return SJ_E_CAPACITY;
    }
    if (cands > r->ccap) {
        long c = r->ccap > 0 ? r->ccap : 1024;
        while (c < cands) c *= 2;
        if (!(chint > c && cands_resize(r, chint) == SJ_OK) && cands_resize(r, c) != SJ_OK) return SJ_E_CAPACITY;
    }
    return SJ_OK;
}

/* About to write n bytes at p, fresh memory for the most part: on Linux (5.14 on) its whole pages are mapped
 * in one call rather than one page fault at a time (a third less CPU time for the first write here); a
 * no-op elsewhere or when refused. */
static void prefault(void *p, size_t n) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    const uintptr_t page = 4096;
    uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1), b = ((uintptr_t)p + n) & ~(page - 1);
    if (b > a + 4 * page) (void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#else
    (void)p, (void)n;
#endif
}

/* Append src's rows and candidates to out (candidate_start shifted by out's candidates). */
static int records_append(sj_records *out, const sj_records *src, long hint, long chint) {
    long r0 = out->nrows, n = src->nrows;
    if (records_reserve(out, r0 + n, hint, out->ncands + src->ncands, chint) != SJ_OK) return SJ_E_CAPACITY;
    column co[NCOLUMNS], cs[NCOLUMNS];
    records_columns(out, co);
    records_columns((sj_records *)src, cs); /* only read */
    for (int i = 0; i < NCOLUMNS; i++) {
        char *at = (char *)*co[i].p + (size_t)r0 * co[i].width;
        prefault(at, (size_t)n * co[i].width);
        memcpy(at, *cs[i].p, (size_t)n * co[i].width);
    }
    for (long k = 0; k < n; k++) out->candidate_start[r0 + k] = out->ncands + src->candidate_start[k];
    if (src->ncands) {
        prefault(out->cands + (size_t)out->ncands * SJ_ACTION_SIZE, (size_t)src->ncands * SJ_ACTION_SIZE);
        memcpy(out->cands + (size_t)out->ncands * SJ_ACTION_SIZE, src->cands, (size_t)src->ncands * SJ_ACTION_SIZE);
    }
    out->nrows += n;
    out->ncands += src->ncands;
    out->candidate_start[out->nrows] = out->ncands;
    return SJ_OK;
}

void sj_records_free(sj_records *out) {
    column c[NCOLUMNS];
    records_columns(out, c);
    for (int i = 0; i < NCOLUMNS; i++) free(*c[i].p);
    free(out->candidate_start);
    free(out->cands);
    *out = (sj_records){0};
}

/* ---- the games ------------------------------------------------------------------------------------------ */

typedef struct game_ctx {
    const sj_selfplay_in *in;
    sj_decl_event decl[MAX_RECORD]; /* the declarations so far (step, seat, cards) */
    int ndecl;
    uint64_t game;
    sj_records *rec;                /* the task's rows so far */
    sj_cards cand[SJ_RECORD_CANDIDATES];
    sj_cards *all;                  /* scratch of sj_search_candidates_with */
    long *cls;
} game_ctx;

/* 泰安, the burier cannot see the trump: the union of the burial candidates of worlds drawn from what it
 * knows (the recipe of shengji.bots.bury_candidates). */
static long hidden_trump_candidates(const sj_deal *d, const sj_decl_event *decl, int ndecl,
                                    const uint64_t *hidden_draws, sj_cards *out) {
    int me = d->burier, nshown = 0;
    sj_decl_event rec[MAX_RECORD];
    sj_shown shown[SJ_MAX_PACK];
    uint8_t have[SJ_NUM_KINDS] = {0};
    if (ndecl > MAX_RECORD) ndecl = MAX_RECORD;
    for (int e = 0; e < ndecl; e++) {
        rec[e] = decl[e];
        if (rec[e].seat != me) {
            rec[e].cards = sj_cards_empty();
            continue;
        }
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (; have[k] < sj_cards_count(&decl[e].cards, k) && nshown < SJ_MAX_PACK; have[k]++)
                shown[nshown++] = (sj_shown){.seat = (int8_t)me, .kind = (uint8_t)k, .step = rec[e].step};
    }
    sj_face_down fd = {.dealt_by = d->dealt_by, .level = d->level, .first_deal = d->first_deal, .redeals = 0,
                       .phase = d->phase, .to_move = d->to_move, .dealer = d->dealer, .observer = me,
                       .hand = d->hands[me], .shown = shown, .nshown = nshown, .record = rec, .nrecord = ndecl};
    for (int s = 0; s < 4; s++) fd.hand_sizes[s] = sj_cards_size(&d->hands[s]);
    long n = 0;
    for (int i = 0; i < SJ_HIDDEN_TRUMP_WORLDS; i++) {
        sj_rng r = sj_rng_stream(hidden_draws[i], 0);
        sj_deal world;
        int rc = sj_face_down_world(&d->rules, &fd, &r, &world, NULL);
        if (rc != SJ_OK) return rc;
        sj_cards c[8];
        long m = sj_bury_candidates(&world, c, 8);
        if (m < 0) return m;
        for (long j = 0; j < m && j < 8; j++) {
            int dup = 0;
            for (long k = 0; k < n && !dup; k++) dup = sj_cards_equal(&out[k], &c[j]);
            if (!dup && n < SJ_RECORD_CANDIDATES) out[n++] = c[j];
        }
    }
    return n;
}

long sj_learner_candidates(const sj_deal *d, const sj_decl_event *decl, int ndecl, const uint64_t *hidden_draws,
                           sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen, int *choice) {
    int pick = -1;
    long n;
    if (d->phase == SJ_PHASE_BURY && d->rules.declaration == SJ_DECLARE_TAIAN && !d->kitty_public &&
        d->declarer >= 0 && d->declarer != d->burier) {
        n = hidden_trump_candidates(d, decl, ndecl, hidden_draws, out);
        for (long i = 0; chosen && i < n && pick < 0; i++)
            if (sj_cards_equal(&out[i], chosen)) pick = (int)i;
    } else if (d->phase == SJ_PHASE_BURY) {
        n = sj_bury_candidates(d, out, SJ_RECORD_CANDIDATES);
        for (long i = 0; chosen && i < n && i < SJ_RECORD_CANDIDATES && pick < 0; i++)
            if (sj_cards_equal(&out[i], chosen)) pick = (int)i;
    } else if (chosen) {
        n = sj_search_candidates_choice(d, out, all, cls, chosen, &pick);
    } else {
        n = sj_search_candidates_with(d, out, all, cls);
    }
    if (n < 0) return n;
    if (n > SJ_RECORD_CANDIDATES) n = SJ_RECORD_CANDIDATES;
    if (choice) *choice = pick >= n ? -1 : pick;
    return n;
}

static int record(void *vctx, const sj_deal *d, const sj_cards *action) {
    game_ctx *g = (game_ctx *)vctx;
    if (d->phase == SJ_PHASE_DECLARE && !sj_cards_is_empty(action) && g->ndecl < MAX_RECORD)
        g->decl[g->ndecl++] = (sj_decl_event){.step = (int16_t)d->step, .seat = (int8_t)d->to_move,
                                              .size = (uint8_t)sj_cards_size(action), .cards = *action};
    if (g->in->skip_forced && d->phase == SJ_PHASE_DECLARE &&
        !(d->hands[d->to_move].p[0] & sj_declarable_kinds(&d->rules, d->level)))
        return 0; /* nothing to declare: the pass alone */
    int choice = -1;
    long n = sj_learner_candidates(d, g->decl, g->ndecl, g->in->hidden_draws, g->cand, g->all, g->cls, action,
                                   &choice);
    if (n < 0) return (int)n;
    if (g->in->skip_forced && n < 2) return 0;
    sj_records *rec = g->rec;
    long k = rec->nrows;
    if (records_reserve(rec, k + 1, 0, rec->ncands + (g->in->keep_candidates ? n : 0), 0) != SJ_OK)
        return SJ_E_CAPACITY;
    rec->game[k] = (int64_t)g->game;
    rec->seat[k] = (int8_t)d->to_move;
    rec->phase[k] = (int8_t)d->phase;
    rec->n_candidates[k] = (int16_t)n;
    rec->choice[k] = (int16_t)choice;
    rec->points[k] = 0;
    rec->ret[k] = 0;
    rec->candidate_start[k] = rec->ncands;
    sj_encode_observation(d, d->to_move, rec->obs + (size_t)k * SJ_ENCODE_SIZE);
    sj_encode_action(action, rec->action + (size_t)k * SJ_ACTION_SIZE);
    rec->nrows = k + 1;
    if (g->in->keep_candidates) {
        for (long i = 0; i < n; i++)
            sj_encode_action(&g->cand[i], rec->cands + (size_t)(rec->ncands + i) * SJ_ACTION_SIZE);
        rec->ncands += n;
    }
    rec->candidate_start[rec->nrows] = rec->ncands;
    return 0;
}

/* ---- tasks, their buffers, and the output in task order ------------------------------------------------- */

#define GAMES_PER_TASK 16

typedef struct slot {               /* a task's buffers: kept by the run, reused task after task */
    game_ctx g;
    sj_records rec;                 /* the task's rows (staging) */
    long task;                      /* while waiting for its turn: the task whose rows it holds */
    struct slot *next;              /* in the free list or the waiting list */
    struct slot *next_all;
} slot;

typedef struct selfplay_job {
    const sj_selfplay_in *in;
    sj_records *out;
    pthread_mutex_t lock;           /* guards everything below, and out */
    long turn;                      /* the next task to append to out */
    slot *free, *waiting, *all;     /* waiting: finished tasks ahead of their turn, in task order */
    long failed;                    /* the failing game's index */
} selfplay_job;

static slot *slot_take(selfplay_job *job) {
    pthread_mutex_lock(&job->lock);
    slot *s = job->free;
    if (s) job->free = s->next;
    pthread_mutex_unlock(&job->lock);
    if (s) return s;
    s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->g.in = job->in;
    s->g.rec = &s->rec;
    s->g.all = malloc(SJ_CLASS_LIST_LIMIT * sizeof *s->g.all);
    s->g.cls = malloc(SJ_CLASS_LIST_LIMIT * sizeof *s->g.cls);
    int ok = s->g.all && s->g.cls && records_resize(&s->rec, 1024) == SJ_OK;
    pthread_mutex_lock(&job->lock);
    s->next_all = job->all; /* freed with the run's slots, whether or not it could be set up */
    job->all = s;
    pthread_mutex_unlock(&job->lock);
    return ok ? s : NULL;
}

static void slot_free(slot *s) {
    free(s->g.all);
    free(s->g.cls);
    sj_records_free(&s->rec);
    free(s);
}

/* Task t finished into s: append it to the output when its turn has come, with the tasks waiting behind
 * it; else leave it waiting (in task order). */
static int task_done(selfplay_job *job, slot *s, long t) {
    const sj_selfplay_in *in = job->in;
    int rc = SJ_OK;
    pthread_mutex_lock(&job->lock);
    s->task = t;
    slot **at = &job->waiting;
    while (*at && (*at)->task < t) at = &(*at)->next;
    s->next = *at;
    *at = s;
    while (rc == SJ_OK && job->waiting && job->waiting->task == job->turn) {
        slot *w = job->waiting;
        job->waiting = w->next;
        sj_records *out = job->out;
        long games = (job->turn + 1) * GAMES_PER_TASK, rows = out->nrows + w->rec.nrows;
        long cands = out->ncands + w->rec.ncands, hint = 0, chint = 0;
        if (games < in->games) { /* the whole run's rows at this pace, and some (at most 2^21 rows ahead) */
            double scale = 1.0625 * (double)in->games / (double)games;
            double h = (double)rows * scale, ch = (double)cands * scale;
            hint = h < (double)(rows + (1L << 21)) ? (long)h : rows + (1L << 21);
            chint = ch < (double)(cands + (1L << 23)) ? (long)ch : cands + (1L << 23);
        }
        rc = records_append(out, &w->rec, hint, chint);
        job->turn++;
        w->next = job->free;
        job->free = w;
    }
    pthread_mutex_unlock(&job->lock);
    return rc;
}

static int game_task(void *vjob, long t) {
    selfplay_job *job = (selfplay_job *)vjob;
    const sj_selfplay_in *in = job->in;
    slot *s = slot_take(job);
    if (!s) return SJ_E_CAPACITY;
    game_ctx *g = &s->g;
    sj_records *rec = &s->rec;
    rec->nrows = rec->ncands = 0;
    rec->candidate_start[0] = 0;
    for (long i = t * GAMES_PER_TASK; i < in->games && i < (t + 1) * GAMES_PER_TASK; i++) {
        g->game = in->first_game + (uint64_t)i;
        g->ndecl = 0;
        long first = rec->nrows;
        sj_deal d; /* simulate's game g->game, with the hook */
        int plays = sj_sim_play(in->rules, in->setup, in->seed, g->game, record, g, &d);
        if (plays < 0) {
            pthread_mutex_lock(&job->lock);
            if (job->failed < 0 || i < job->failed) job->failed = i;
            s->next = job->free;
            job->free = s;
            pthread_mutex_unlock(&job->lock);
            return plays;
        }
        int v = in->points ? d.attacker_points : d.outcome.attacker_levels - d.outcome.dealer_levels;
        for (long k = first; k < rec->nrows; k++) {
            rec->ret[k] = (float)(sj_is_attacker(&d, rec->seat[k]) ? v : -v);
            rec->points[k] = (int16_t)d.attacker_points;
        }
    }
    return task_done(job, s, t);
}

long sj_selfplay(const sj_selfplay_in *in, int threads, sj_records *out, sj_run_flags *flags, long *failed_game) {
    int rc = sj_setup_check(in->rules, in->setup);
    if (rc != SJ_OK) return rc;
    long tasks = (in->games + GAMES_PER_TASK - 1) / GAMES_PER_TASK;
    selfplay_job job = {.in = in, .out = out, .failed = -1};
    if (pthread_mutex_init(&job.lock, NULL) != 0) return SJ_E_CAPACITY;
    rc = sj_parallel_for(tasks, 1, threads, game_task, &job, flags, NULL, NULL); /* progress: tasks */
    pthread_mutex_destroy(&job.lock);
    for (slot *s = job.all, *next; s; s = next) {
        next = s->next_all;
        slot_free(s);
    }
    if (rc == SJ_OK && records_resize(out, out->nrows > 0 ? out->nrows : 1) != SJ_OK) rc = SJ_E_CAPACITY;
    if (rc == SJ_OK && cands_resize(out, out->ncands > 0 ? out->ncands : 1) != SJ_OK) rc = SJ_E_CAPACITY;
    if (rc != SJ_OK) {
        if (failed_game) *failed_game = job.failed < 0 ? -1 : (long)(in->first_game + (uint64_t)job.failed);
        return rc;
    }
    long done = job.turn * GAMES_PER_TASK;
    return done < in->games ? done : in->games;
}
