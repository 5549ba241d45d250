/* sj_world.c — worlds rebuilt from one seat's observation (see sj_world.h). */
#include "sj_world.h"

#include <math.h>
#include <string.h>

#include "sj_candidates.h"
#include "sj_deal.h"
#include "sj_policy.h"

/* The pack order of a world whose seats hold `hands` now (their plays are added back): *buried is the kitty buried
 * (in: ignored in the bury phase, where it is taken from the burier's cards; out: the kitty as buried), `order`
 * gets each seat's dealt cards at its positions, lowest kinds first, and the kitty as dealt. */
static int world_order(const sj_world_template *t, int kitty, int hand_size, int dealer, const sj_cards *hands,
                       sj_cards *buried, uint8_t *order) {
    sj_cards initial[4], tmp, turned = sj_cards_empty();
    for (int i = 0; i < t->nturned; i++) sj_cards_add_one(&turned, t->turned[i]);
    for (int s = 0; s < 4; s++) sj_cards_add(&hands[s], &t->played[s], &initial[s]);
    if (t->bury_phase) { /* the burier holds its hand and the kitty: the kitty is its highest cards (or turned up) */
        if (t->nturned) {
            *buried = turned;
        } else {
            *buried = sj_cards_empty();
            for (int k = SJ_NUM_KINDS - 1; k >= 0; k--)
                for (int c = sj_cards_count(&initial[t->burier], k); c > 0 && sj_cards_size(buried) < kitty; c--)
                    sj_cards_add_one(buried, k);
        }
        if (sj_cards_sub(&initial[t->burier], buried, &tmp) < 0) return SJ_E_SETUP_HAND_SIZE;
        initial[t->burier] = tmp;
    } else {
        if (t->swap_declarer >= 0) { /* 换底: the kitty as buried, before the swap */
            int d = t->swap_declarer;
            if (sj_cards_sub(&initial[d], &t->swap_out, &tmp) < 0) return SJ_E_SETUP_HAND_SIZE;
            sj_cards_add(&tmp, &t->swap_in, &initial[d]);
            if (sj_cards_sub(buried, &t->swap_in, &tmp) < 0) return SJ_E_SETUP_HAND_SIZE;
            sj_cards_add(&tmp, &t->swap_out, buried);
        }
        if (t->nturned) { /* the dealer took the turned-up kitty up */
            sj_cards_add(&initial[dealer], buried, &tmp);
            if (sj_cards_sub(&tmp, &turned, &initial[dealer]) < 0) return SJ_E_SETUP_HAND_SIZE;
        }
    }
    for (int s = 0; s < 4; s++)
        if (sj_cards_size(&initial[s]) != hand_size) return SJ_E_SETUP_HAND_SIZE;
    if (sj_cards_size(buried) != kitty) return SJ_E_SETUP_HAND_SIZE;
    for (int s = 0; s < 4; s++) { /* each seat's dealt cards at its positions, lowest kinds first */
        int j = 0;
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (int c = sj_cards_count(&initial[s], k); c > 0; c--, j++)
                order[4 * j + (s - dealer + 4) % 4] = (uint8_t)k;
    }
    if (t->nturned) {
        for (int j = 0; j < t->nturned; j++) order[4 * hand_size + j] = t->turned[j];
    } else {
        int j = 0;
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (int c = sj_cards_count(buried, k); c > 0; c--, j++) order[4 * hand_size + j] = (uint8_t)k;
    }
    return SJ_OK;
}

int sj_template_world(const sj_world_template *t, const sj_deal *base, const sj_cards *slots, sj_deal *world,
                      sj_cards *buried_out) {
    sj_deal_clone(world, base);
    for (int i = 0; i < SJ_DET_SLOTS; i++) {
        if (t->slot_seat[i] == -1) world->kitty = slots[i];
        else if (t->slot_seat[i] >= 0) world->hands[t->slot_seat[i]] = slots[i];
    }
    sj_cards buried = world->kitty;
    int rc = world_order(t, world->rules.kitty, world->hand_size, base->dealer, world->hands, &buried, world->order);
    if (rc != SJ_OK) return rc;
    if (t->bury_phase) world->kitty = buried; /* (else the kitty is the one now, after any swap) */
    sj_deal_recall(world, base);
    if (world->partner != base->partner) /* 找朋友: other teams in this world, so the points so far fall otherwise */
        sj_deal_recount(world, t->ntricks, t->trick_winner, t->trick_points, t->nfailed, t->failed_seat,
                        t->failed_back);
    if (buried_out) *buried_out = buried;
    return SJ_OK;
}

/* The kitty passes from the dealer to `burier` (the last grabber); `declared` lets a grab phase follow the burial
 * and `turned_up` marks a kitty turned up (none follows), as in the deal observed; `grabs` grabs were made;
 * `dealt_by` is the seat that dealt it (-1: unchanged). */
static int restore_bury(sj_deal *d, int burier, int declared, int turned_up, int grabs, int dealt_by) {
    if (d->phase != SJ_PHASE_BURY) return SJ_E_PHASE;
    if (burier < 0 || burier > 3 || dealt_by < -1 || dealt_by > 3 || grabs < 0) return SJ_E_ARGS;
    if (burier != d->burier) {
        sj_cards rest, with_kitty;
        if (sj_cards_sub(&d->hands[d->burier], &d->kitty, &rest) < 0) return SJ_E_ARGS;
        sj_cards_add(&d->hands[burier], &d->kitty, &with_kitty);
        d->hands[d->burier] = rest;
        d->hands[burier] = with_kitty;
        d->burier = d->to_move = burier;
    }
    if (dealt_by >= 0) d->dealt_by = dealt_by;
    d->declared = declared != 0;
    d->turned_up = turned_up != 0; /* the world deals the turned-up kitty as its own */
    d->grabs = grabs;
    return SJ_OK;
}

/* The declarations shown, in order (their seats checked), made again from none standing: the standing one as they
 * leave it, the first declarer, a 对家保 adding its card to the standing single (sj_declaration_stand). */
static int restore_declarations(sj_deal *d, const sj_log_entry *shown, int n) {
    if (n == 0) return SJ_OK;
    d->declarer = d->first_declarer = -1;
    d->decl_cards = sj_cards_empty();
    d->decl_suit = SJ_NO_SUIT;
    d->decl_strength = 0;
    for (int i = 0; i < n; i++) {
        int suit, grade = sj_declaration_grade(&d->rules, d->level, &shown[i].action, &suit);
        if (!grade) return SJ_E_DECLARATION;
        sj_declaration_stand(d, shown[i].seat, &shown[i].action, grade, suit);
    }
    return SJ_OK;
}

int sj_world_force(sj_deal *d, sj_log **log, const sj_cards *played, const sj_cards *attempted) {
    if (attempted && !sj_cards_contains(attempted, played)) return SJ_E_ARGS;
    sj_log *node = NULL;
    if (log && !(node = sj_log_reserve())) return SJ_E_NO_MEMORY;
    int seat = d->to_move;
    sj_log_entry e = sj_log_entry_of(SJ_LOG_FORCE, SJ_PHASE_PLAY, seat);
    e.leader = (int8_t)d->leader;
    e.step = (int16_t)d->tricks_done;
    int rc = sj_deal_play_forced(d, played);
    if (rc != SJ_OK) {
        sj_log_unreserve(node);
        return rc;
    }
    if (attempted) sj_deal_charge_failed_throw(d, seat, sj_cards_size(attempted) - sj_cards_size(played));
    if (node) {
        e.action = attempted ? *attempted : *played;
        e.played = *played;
        e.failed = attempted != NULL;
        e.winner = (int8_t)(d->ntrick == 0 ? d->last_winner : -1); /* this play ended the trick */
        sj_log_commit(log, node, &e);
    }
    return SJ_OK;
}

static int append(sj_log **log, const sj_log_entry *e) { return log ? sj_log_append(log, e) : SJ_OK; }

int sj_world_restore(sj_deal *d, sj_log **log, const sj_world_record *rec, int burier) {
    if (rec->nshown < 0 || rec->ntaken < 0 || (rec->nshown && !rec->shown) || (rec->ntaken && !rec->taken))
        return SJ_E_ARGS;
    int grabs = 0;
    for (int i = 0; i < rec->nshown; i++)
        if (rec->shown[i].kind != SJ_LOG_DECLARED || rec->shown[i].seat < 0 || rec->shown[i].seat > 3)
            return SJ_E_ARGS;
    for (int i = 0; i < rec->ntaken; i++) {
        const sj_log_entry *e = &rec->taken[i];
        if ((e->kind != SJ_LOG_GRABBED && e->kind != SJ_LOG_BURIED) || e->seat < 0 || e->seat > 3) return SJ_E_ARGS;
        grabs += e->kind == SJ_LOG_GRABBED;
    }
    if (d->phase != SJ_PHASE_BURY) return SJ_E_PHASE;
    int rc = SJ_OK;
    for (int i = 0; rc == SJ_OK && i < rec->nshown; i++) rc = append(log, &rec->shown[i]);
    if (rc == SJ_OK) rc = restore_declarations(d, rec->shown, rec->nshown);
    if (rc == SJ_OK) rc = restore_bury(d, burier, rec->declared, rec->turned_up, grabs, rec->dealt_by);
    for (int i = 0; rc == SJ_OK && i < rec->ntaken; i++) rc = append(log, &rec->taken[i]);
    return rc;
}

/* A move of the record, made as sj_deal_act makes it (and logged). */
static int act(sj_deal *d, sj_log **log, const sj_cards *action) {
    sj_cards played;
    int failed;
    return sj_deal_act_why(d, log, action, &played, &failed, NULL);
}

/* The soft greedy model's judgement of the plays replayed (sj_world_loglik): the observer's own are not judged. */
typedef struct judge {
    int observer;
    double log_p, log_rest; /* log p, and log (1 - p) */
    double ll;
    int judged;
} judge;

/* Judge the play about to be replayed from `d`: `chosen` is what its seat chose (the cards attempted, for a failed
 * throw). */
static void judge_play(judge *j, const sj_deal *d, const sj_cards *chosen) {
    if (d->to_move == j->observer) return;
    sj_cards g, cand[SJ_CANDIDATES];
    sj_rng r = sj_rng_stream(0, 0); /* (greedy draws nothing) */
    if (sj_policy_action(SJ_POLICY_GREEDY, d, &r, &g) != SJ_OK) return;
    long n = sj_candidate_actions(d, cand);
    if (n <= 1) return; /* a forced play tells nothing */
    j->judged++;
    if (sj_cards_equal(&g, chosen)) {
        j->ll += j->log_p;
        return;
    }
    long others = n - 1; /* the rest spread evenly over the other candidates */
    j->ll += j->log_rest - log((double)others);
}

static int rebuild(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec, const sj_cards *hands,
                   const sj_cards *kitty, sj_deal *world, sj_log **log, sj_cards *buried_out, judge *j);

int sj_world_rebuild(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                     const sj_cards *hands, const sj_cards *kitty, sj_deal *world, sj_log **log, sj_cards *buried_out) {
    return rebuild(rules, t, rec, hands, kitty, world, log, buried_out, NULL);
}

int sj_world_loglik(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                    const sj_cards *hands, const sj_cards *kitty, int observer, double p, double *ll, int *judged) {
    if (!(p > 0 && p < 1) || observer < 0 || observer > 3) return SJ_E_ARGS;
    judge j = {observer, log(p), log1p(-p), 0.0, 0};
    sj_deal world;
    int rc = rebuild(rules, t, rec, hands, kitty, &world, NULL, NULL, &j);
    if (rc == SJ_OK) {
        *ll = j.ll;
        if (judged) *judged = j.judged;
    }
    return rc;
}

static int rebuild(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec, const sj_cards *hands,
                   const sj_cards *kitty, sj_deal *world, sj_log **log, sj_cards *buried_out, judge *j) {
    if (rules->decks < 1 || rules->decks > SJ_MAX_DECKS || rec->dealer < 0 || rec->dealer > 3 || rec->nshown < 0 ||
        rec->ntaken < 0 || rec->nplays < 0 || t->burier < 0 || t->burier > 3)
        return SJ_E_ARGS;
    uint8_t order[SJ_MAX_PACK];
    sj_cards buried = kitty ? *kitty : sj_cards_empty();
    int hand_size = (SJ_NUM_KINDS * rules->decks - rules->kitty) / 4;
    int rc = world_order(t, rules->kitty, hand_size, rec->dealer, hands, &buried, order);
    if (rc == SJ_OK) rc = sj_deal_init(world, rules, order, rec->dealer, rec->level, rec->trump, rec->first_deal);
    if (rc == SJ_OK) rc = sj_world_restore(world, log, rec, t->burier);
    if (rc != SJ_OK || t->bury_phase) goto done; /* the observed deal waits for the burial */
    rc = act(world, log, &buried);
    while (rc == SJ_OK && (world->phase == SJ_PHASE_GRAB || world->phase == SJ_PHASE_SWAP)) {
        if (world->phase == rec->stop_phase && world->to_move == rec->stop_to_move) goto done;
        sj_cards pass = sj_cards_empty();
        rc = act(world, log, world->phase == SJ_PHASE_SWAP && rec->has_swap ? &rec->swap : &pass);
    }
    if (rc == SJ_OK && world->phase == SJ_PHASE_CALL) {
        if (rec->called < 0) goto done; /* the observed deal waits for the call */
        sj_cards card = sj_cards_empty();
        sj_cards_add_one(&card, rec->called);
        rc = act(world, log, &card);
    }
    for (int i = 0; rc == SJ_OK && i < rec->nplays; i++) {
        const sj_log_entry *p = &rec->plays[i];
        if (j) judge_play(j, world, p->failed ? &p->action : &p->played);
        rc = sj_world_force(world, log, &p->played, p->failed ? &p->action : NULL);
    }
done:
    if (rc == SJ_OK && buried_out) *buried_out = buried;
    return rc;
}
