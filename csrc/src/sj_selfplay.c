/* sj_selfplay.c — training records from native self-play (see sj_selfplay.h). */
#include "sj_selfplay.h"

#include "sj_rollout.h"

#include <stdlib.h>
#include <string.h>


#define MAX_RECORD 64 /* declarations a game records for 泰安's face-down worlds */

typedef struct game_ctx {
    const sj_selfplay_in *in;
    sj_decl_event decl[MAX_RECORD]; /* the declarations so far (step, seat, cards) */
    int ndecl;
    uint64_t game;
    sj_game_records *rec;
    sj_cards cand[SJ_RECORD_CANDIDATES];
    sj_cards *all;                  /* scratch of sj_search_candidates_with */
    long *cls;
} game_ctx;

static int grow(void **buf, long *cap, long need, size_t size) {
    if (need <= *cap) return SJ_OK;
    long c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *p = realloc(*buf, (size_t)c * size);
    if (!p) return SJ_E_CAPACITY;
    *buf = p;
    *cap = c;
    return SJ_OK;
}

/* 泰安, the burier cannot see the trump: the union of the burial candidates of worlds drawn from what it
 * knows (the recipe of shengji.bots.bury_candidates). */
static long hidden_trump_candidates(game_ctx *g, const sj_deal *d) {
    int me = d->burier, nshown = 0;
    sj_decl_event rec[MAX_RECORD];
    sj_shown shown[SJ_MAX_PACK];
    uint8_t have[SJ_NUM_KINDS] = {0};
    for (int e = 0; e < g->ndecl; e++) {
        rec[e] = g->decl[e];
        if (rec[e].seat != me) {
            rec[e].cards = sj_cards_empty();
            continue;
        }
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (; have[k] < sj_cards_count(&g->decl[e].cards, k) && nshown < SJ_MAX_PACK; have[k]++)
                shown[nshown++] = (sj_shown){.seat = (int8_t)me, .kind = (uint8_t)k, .step = rec[e].step};
    }
    sj_face_down fd = {.dealt_by = d->dealt_by, .level = d->level, .first_deal = d->first_deal, .redeals = 0,
                       .phase = d->phase, .to_move = d->to_move, .dealer = d->dealer, .observer = me,
                       .hand = d->hands[me], .shown = shown, .nshown = nshown, .record = rec, .nrecord = g->ndecl};
    for (int s = 0; s < 4; s++) fd.hand_sizes[s] = sj_cards_size(&d->hands[s]);
    long n = 0;
    for (int i = 0; i < SJ_HIDDEN_TRUMP_WORLDS; i++) {
        sj_rng r = sj_rng_stream(g->in->hidden_draws[i], 0);
        sj_deal world;
        int rc = sj_face_down_world(&d->rules, &fd, &r, &world, NULL);
        if (rc != SJ_OK) return rc;
        sj_cards c[8];
        long m = sj_bury_candidates(&world, c, 8);
        if (m < 0) return m;
        for (long j = 0; j < m && j < 8; j++) {
            int dup = 0;
            for (long k = 0; k < n && !dup; k++) dup = sj_cards_equal(&g->cand[k], &c[j]);
            if (!dup && n < SJ_RECORD_CANDIDATES) g->cand[n++] = c[j];
        }
    }
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
    long n;
    if (d->phase == SJ_PHASE_BURY && d->rules.declaration == SJ_DECLARE_TAIAN && !d->kitty_public &&
        d->declarer >= 0 && d->declarer != d->burier) {
        n = hidden_trump_candidates(g, d);
        for (long i = 0; i < n && choice < 0; i++)
            if (sj_cards_equal(&g->cand[i], action)) choice = (int)i;
    } else if (d->phase == SJ_PHASE_BURY) {
        n = sj_bury_candidates(d, g->cand, SJ_RECORD_CANDIDATES);
        for (long i = 0; i < n && i < SJ_RECORD_CANDIDATES && choice < 0; i++)
            if (sj_cards_equal(&g->cand[i], action)) choice = (int)i;
    } else {
        n = sj_search_candidates_choice(d, g->cand, g->all, g->cls, action, &choice);
    }
    if (n < 0) return (int)n;
    if (n > SJ_RECORD_CANDIDATES) n = SJ_RECORD_CANDIDATES;
    if (choice >= n) choice = -1;
    if (g->in->skip_forced && n < 2) return 0;
    sj_game_records *rec = g->rec;
    if (grow((void **)&rec->rows, &rec->cap, rec->nrows + 1, sizeof *rec->rows) != SJ_OK) return SJ_E_CAPACITY;
    sj_record *row = &rec->rows[rec->nrows++];
    row->game = (int64_t)g->game;
    row->seat = (int8_t)d->to_move;
    row->phase = (int8_t)d->phase;
    row->n_candidates = (int16_t)n;
    row->choice = (int16_t)choice;
    row->points = 0;
    row->ret = 0;
    row->first_candidate = rec->ncands;
    sj_encode_observation(d, d->to_move, row->obs);
    sj_encode_action(action, row->action);
    if (g->in->keep_candidates) {
        if (grow((void **)&rec->cands, &rec->ccap, rec->ncands + n, SJ_ACTION_SIZE) != SJ_OK) return SJ_E_CAPACITY;
        for (long i = 0; i < n; i++) sj_encode_action(&g->cand[i], rec->cands + (rec->ncands + i) * SJ_ACTION_SIZE);
        rec->ncands += n;
    }
    return 0;
}

typedef struct selfplay_job {
    const sj_selfplay_in *in;
    sj_game_records *out;
    long *failed;                   /* the failing game's index */
} selfplay_job;

#define GAMES_PER_TASK 16 /* one scratch allocation per task */

static int game_task(void *vjob, long t) {
    const selfplay_job *job = (const selfplay_job *)vjob;
    const sj_selfplay_in *in = job->in;
    game_ctx *g = malloc(sizeof *g);
    if (!g) return SJ_E_CAPACITY;
    g->in = in;
    g->all = malloc(SJ_CLASS_LIST_LIMIT * sizeof *g->all);
    g->cls = malloc(SJ_CLASS_LIST_LIMIT * sizeof *g->cls);
    int rc = g->all && g->cls ? SJ_OK : SJ_E_CAPACITY;
    for (long i = t * GAMES_PER_TASK; rc == SJ_OK && i < in->games && i < (t + 1) * GAMES_PER_TASK; i++) {
        g->game = in->first_game + (uint64_t)i;
        g->rec = &job->out[i];
        g->ndecl = 0;
        sj_deal d; /* simulate's game g->game, with the hook */
        int plays = sj_sim_play(in->rules, in->setup, in->seed, g->game, record, g, &d);
        if (plays < 0) {
            rc = plays;
            job->failed[0] = i;
            break;
        }
        for (long k = 0; k < g->rec->nrows; k++) {
            sj_record *row = &g->rec->rows[k];
            int v = in->points ? d.attacker_points : d.outcome.attacker_levels - d.outcome.dealer_levels;
            row->ret = (float)(sj_is_attacker(&d, row->seat) ? v : -v);
            row->points = (int16_t)d.attacker_points;
        }
    }
    free(g->all);
    free(g->cls);
    free(g);
    return rc;
}

long sj_selfplay(const sj_selfplay_in *in, int threads, sj_game_records *out, sj_run_flags *flags, long *failed_game) {
    int rc = sj_setup_check(in->rules, in->setup);
    if (rc != SJ_OK) return rc;
    long failed = -1, tasks = (in->games + GAMES_PER_TASK - 1) / GAMES_PER_TASK, done_tasks = 0;
    selfplay_job job = {in, out, &failed};
    rc = sj_parallel_for(tasks, 1, threads, game_task, &job, flags, NULL, &done_tasks); /* progress: tasks */
    if (rc != SJ_OK) {
        if (failed_game) *failed_game = failed < 0 ? -1 : (long)(in->first_game + (uint64_t)failed);
        return rc;
    }
    long done = done_tasks * GAMES_PER_TASK;
    return done < in->games ? done : in->games;
}

void sj_selfplay_free(sj_game_records *out, long games) {
    for (long i = 0; i < games; i++) {
        free(out[i].rows);
        free(out[i].cands);
        out[i] = (sj_game_records){0};
    }
}
