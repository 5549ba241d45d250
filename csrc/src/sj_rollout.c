/* sj_rollout.c — rollouts from a position (see sj_rollout.h). */
#include "sj_rollout.h"

#include <stdlib.h>

#include "sj_parallel.h"
#include "sj_solve.h"

#define ENDGAME_TT_BITS 16 /* 64k entries (1 MB) per world: endgames of a few cards a hand fill a fraction */


#define MAX_REJECTIONS 100000 /* 找朋友: sampled worlds that disagree with the reveal are drawn again */

static int declare_world(const sj_rollout_in *in, sj_rng *r, sj_deal *world) {
    const sj_deal *d = in->deal;
    int dealt = 4 * d->hand_size, me = in->declare_observer;
    if (me < 0 || me > 3) return SJ_E_ARGS;
    if (in->record) { /* 泰安: the declarations lie face down */
        sj_face_down fd = {.dealt_by = d->dealt_by, .level = d->level, .first_deal = d->first_deal,
                           .redeals = d->redeals, .phase = d->phase, .step = d->step, .to_move = d->to_move,
                           .dealer = d->dealer, .observer = me, .hand = d->hands[me], .shown = in->shown,
                           .nshown = in->nshown, .record = in->record, .nrecord = in->nrecord};
        for (int s = 0; s < 4; s++) fd.hand_sizes[s] = sj_cards_size(&d->hands[s]);
        return sj_face_down_world(&d->rules, &fd, r, world, NULL);
    }
    int cur = d->step < dealt ? d->step : dealt - 1;
    if (d->phase != SJ_PHASE_DECLARE) return SJ_E_ARGS;
    int rc = sj_declare_order(d->rules.decks, d->npack, dealt, d->dealer, cur, me, 0, &d->hands[me], in->shown,
                              in->nshown, r, world->order);
    if (rc != SJ_OK) return rc;
    for (int s = 0; s < 4; s++) world->hands[s] = sj_cards_empty();
    world->kitty = sj_cards_empty();
    for (int i = 0; i <= cur; i++) sj_cards_add_one(&world->hands[(d->dealer + i) % 4], world->order[i]);
    for (int i = dealt; i < d->npack; i++) sj_cards_add_one(&world->kitty, world->order[i]);
    return SJ_OK;
}

int sj_rollout_world(const sj_rollout_in *in, uint64_t w, sj_deal *world) {
    sj_deal_clone(world, in->deal); /* the hands are replaced below */
    if (in->declare_observer >= 0 && !in->det) {
        sj_rng r = sj_rng_stream(in->seed, w);
        return declare_world(in, &r, world);
    }
    if (!in->det) return SJ_OK;
    sj_rng r = sj_rng_stream(in->seed, w);
    for (int attempt = 0; attempt < MAX_REJECTIONS; attempt++) {
        sj_cards slots[SJ_DET_SLOTS];
        int rc = sj_det_sample(in->det, &r, slots);
        if (rc != SJ_OK) return rc;
        for (int s = 0; s < SJ_DET_SLOTS; s++) {
            int seat = in->slot_seat[s];
            if (seat == -2) continue; /* no such slot */
            if (seat == -1) {
                world->kitty = slots[s];
            } else {
                if (sj_cards_size(&slots[s]) != sj_cards_size(&world->hands[seat])) return SJ_E_ARGS;
                world->hands[seat] = slots[s];
            }
        }
        /* uniform over the consistent worlds: a uniform draw, kept only when it agrees with the call */
        if (sj_deal_recall(world, in->deal)) return SJ_OK;
    }
    return SJ_E_ARGS;
}

static int one_world(const sj_rollout_in *in, sj_rollout_out *out, sj_run_flags *flags, long w) {
    if (sj_budget_spent(in->budget) && w > 0) return SJ_OK; /* out of time: not run (world 0 always is) */
    sj_deal world;
    int rc = sj_rollout_world(in, (uint64_t)w, &world);
    if (rc != SJ_OK) return rc;
    if (in->judge_t && in->det && out->loglik) { /* inference: how likely the plays seen are in this world */
        double ll = 0;
        rc = sj_world_loglik(&in->deal->rules, in->judge_t, in->judge_rec, world.hands, &world.kitty, in->deal->to_move,
                             in->judge_p, &ll, NULL);
        if (rc != SJ_OK) return rc;
        out->loglik[w] = ll;
    }
    sj_solver solver = {0};
    sj_tt_entry *tt = NULL;
    if (in->endgame >= 0) {
        tt = calloc((size_t)1 << ENDGAME_TT_BITS, sizeof *tt);
        if (!tt) return SJ_E_CAPACITY;
        sj_solver_init(&solver, tt, ENDGAME_TT_BITS, flags); /* Ctrl-C stops a long endgame too */
        solver.budget = in->budget;
    }
    rc = SJ_OK;
    for (int a = 0; a < in->nactions && rc == SJ_OK; a++) {
        sj_deal d;
        sj_deal_clone(&d, &world);
        sj_cards played;
        int failed;
        if (sj_deal_act(&d, &in->actions[a], &played, &failed) != SJ_OK) {
            rc = SJ_E_ARGS;
            break;
        }
        sj_rng r = sj_rng_stream(in->seed ^ SJ_POLICY_STREAM, (uint64_t)w);
        int plays = sj_policy_finish_until(&d, in->player, &r, NULL, in->endgame);
        if (plays < 0) {
            rc = plays;
            break;
        }
        if (d.phase != SJ_PHASE_DONE) {
            sj_solver_reset(&solver);
            rc = sj_solve_finish(&solver, &d);
            if (rc == SJ_E_DEADLINE) /* the clock ran out inside the endgame: the policies finish this world */
                rc = (plays = sj_policy_finish_until(&d, in->player, &r, NULL, -1)) < 0 ? plays : SJ_OK;
            if (rc != SJ_OK) break;
        }
        long i = (long)a * in->worlds + w;
        out->attacker_points[i] = (int16_t)d.attacker_points;
        out->kitty_captured[i] = (uint8_t)d.kitty_captured;
        out->dealer_levels[i] = (int8_t)d.outcome.dealer_levels;
        out->attacker_levels[i] = (int8_t)d.outcome.attacker_levels;
        if (out->dealer) out->dealer[i] = (int8_t)d.dealer;
        if (out->partner) out->partner[i] = (int8_t)sj_deal_dealer_partner(&d);
    }
    if (rc == SJ_OK && out->done) out->done[w] = 1;
    if (tt) {
        sj_solver_free(&solver);
        free(tt);
    }
    return rc;
}

static int world_task(void *ctx, long w) {
    void **args = (void **)ctx;
    return one_world((const sj_rollout_in *)args[0], (sj_rollout_out *)args[1], (sj_run_flags *)args[2], w);
}

int sj_rollouts(const sj_rollout_in *in, sj_rollout_out *out, int threads, sj_run_flags *flags, long *failed_world) {
    if (in->nactions < 0 || in->worlds < 0 || in->deal->phase == SJ_PHASE_DONE) return SJ_E_ARGS;
    void *args[3] = {(void *)in, out, flags};
    return sj_parallel_for(in->worlds, 1, threads, world_task, (void *)args, flags, failed_world, NULL);
}
