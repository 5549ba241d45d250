/* sj_rollout.c — rollouts from a position (see sj_rollout.h). */
#include "sj_rollout.h"

#include <stdlib.h>

#include "sj_parallel.h"
#include "sj_solve.h"

#define ENDGAME_TT_BITS 16 /* 64k entries (1 MB) per world: endgames of a few cards a hand fill a fraction */


#define MAX_REJECTIONS 100000 /* 找朋友: sampled worlds that disagree with the reveal are drawn again */

#define MAX_REPLAYS 20000 /* 泰安: draws tried until one admits the face-down declarations */
#define MAX_SHOWN (SJ_MAX_PACK + 64)

/* The cards of a 泰安 declaration: joker j and pairs of suit s, ranks a..b. */
static sj_cards taian_cards(int j, int s, int a, int b) {
    sj_cards c = sj_cards_empty();
    sj_cards_add_one(&c, j);
    for (int k = a; k <= b; k++) {
        sj_cards_add_one(&c, sj_make_kind(s, k));
        sj_cards_add_one(&c, sj_make_kind(s, k));
    }
    return c;
}

/* Face-down cards for the record's hidden entries (the recipe in sj_rollout.h); 0 when a size cannot be one. */
static int propose(const sj_face_down *fd, sj_rng *r, sj_cards *cards) {
    int standing = -1, sj = 0, ss = 0, sa = 0, sb = -1; /* the standing declaration, when drawn here */
    for (int e = 0; e < fd->nrecord; e++) {
        const sj_decl_event *ev = &fd->record[e];
        if (!sj_cards_is_empty(&ev->cards)) {
            cards[e] = ev->cards;
            standing = -1;
            continue;
        }
        int k = (ev->size - 1) / 2;
        if (ev->size % 2 == 0 || k < 1 || k > SJ_NUM_RANKS) return 0;
        if (standing == ev->seat && k > sb - sa + 1) { /* 续牌: a longer run containing a..b */
            int lo = sb - k + 1 > 0 ? sb - k + 1 : 0, hi = sa < SJ_NUM_RANKS - k ? sa : SJ_NUM_RANKS - k;
            if (hi < lo) return 0;
            sa = lo + (int)sj_rng_below(r, (uint32_t)(hi - lo + 1));
        } else {
            sj = SJ_SMALL_JOKER + (int)sj_rng_below(r, 2);
            ss = (int)sj_rng_below(r, SJ_NUM_SUITS);
            sa = (int)sj_rng_below(r, (uint32_t)(SJ_NUM_RANKS - k + 1));
        }
        sb = sa + k - 1;
        standing = ev->seat;
        cards[e] = taian_cards(sj, ss, sa, sb);
    }
    return 1;
}

int sj_face_down_world(const sj_rules *rules, const sj_face_down *fd, sj_rng *r, sj_deal *world, sj_cards *cards) {
    int dealt = SJ_NUM_KINDS * rules->decks - rules->kitty, bury = fd->phase == SJ_PHASE_BURY;
    int npack = SJ_NUM_KINDS * rules->decks;
    if ((fd->phase != SJ_PHASE_DECLARE && !bury) || fd->observer < 0 || fd->observer > 3 || fd->nrecord < 0 ||
        fd->nrecord > SJ_MAX_PACK || fd->nshown < 0 || fd->nshown > SJ_MAX_PACK)
        return SJ_E_ARGS;
    int cur = bury ? dealt - 1 : fd->step < dealt ? fd->step : dealt - 1;
    sj_cards drawn[SJ_MAX_PACK];
    sj_shown shown[MAX_SHOWN];
    for (int attempt = 0; attempt < MAX_REPLAYS; attempt++) {
        if (!propose(fd, r, drawn)) return SJ_E_ARGS;
        /* the shown cards: the observer's own, and each face-down declaration's new cards at its step */
        int n = fd->nshown;
        memcpy(shown, fd->shown, (size_t)n * sizeof *shown);
        uint8_t have[4][SJ_NUM_KINDS] = {{0}};
        for (int e = 0; e < fd->nrecord && n < MAX_SHOWN; e++) {
            const sj_decl_event *ev = &fd->record[e];
            int hidden = sj_cards_is_empty(&ev->cards);
            for (int k = 0; k < SJ_NUM_KINDS; k++) {
                int c = sj_cards_count(&drawn[e], k);
                for (; have[ev->seat][k] < c && n < MAX_SHOWN; have[ev->seat][k]++)
                    if (hidden) shown[n++] = (sj_shown){.seat = ev->seat, .kind = (uint8_t)k, .step = ev->step};
            }
        }
        if (sj_declare_order(rules->decks, npack, dealt, fd->dealt_by, cur, fd->observer, bury, &fd->hand, shown, n,
                             r, world->order) != SJ_OK)
            continue;
        sj_deal w;
        int rc = sj_deal_init(&w, rules, world->order, fd->dealt_by, fd->level, SJ_TRUMP_DECLARE, fd->first_deal);
        if (rc != SJ_OK) return rc;
        w.redeals = fd->redeals; /* (the record starts after any redeal: the order is the one dealt) */
        int e = 0, ok = 1;
        while (ok && w.phase == SJ_PHASE_DECLARE && (bury || w.step < fd->step)) {
            sj_cards act = sj_cards_empty();
            if (e < fd->nrecord && fd->record[e].step == w.step) {
                if (fd->record[e].seat != w.to_move) return SJ_E_ARGS;
                act = drawn[e++];
            }
            ok = sj_deal_declare(&w, &act) == SJ_OK;
        }
        if (!ok || e != fd->nrecord || w.phase != fd->phase || w.to_move != fd->to_move || w.dealer != fd->dealer ||
            !sj_cards_equal(&w.hands[fd->observer], &fd->hand))
            continue;
        for (int s = 0; s < 4; s++)
            if (sj_cards_size(&w.hands[s]) != fd->hand_sizes[s]) ok = 0;
        if (!ok) continue;
        sj_deal_clone(world, &w);
        if (cards) memcpy(cards, drawn, (size_t)fd->nrecord * sizeof *cards);
        return SJ_OK;
    }
    return SJ_E_ARGS;
}

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
    sj_deal_clone(world, in->deal); /* without unseen summaries: the hands are replaced below */
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
    if (in->deadline > 0 && w > 0 && sj_wall_seconds() >= in->deadline) return SJ_OK; /* out of time: not run */
    sj_deal world;
    int rc = sj_rollout_world(in, (uint64_t)w, &world);
    if (rc != SJ_OK) return rc;
    sj_solver solver = {0};
    sj_tt_entry *tt = NULL;
    if (in->endgame >= 0) {
        tt = calloc((size_t)1 << ENDGAME_TT_BITS, sizeof *tt);
        if (!tt) return SJ_E_CAPACITY;
        sj_solver_init(&solver, tt, ENDGAME_TT_BITS, flags); /* Ctrl-C stops a long endgame too */
        solver.deadline = in->deadline;
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
