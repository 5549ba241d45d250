/* sj_sim.c — batched Monte-Carlo deals (see sj_sim.h). */
#include "sj_sim.h"

#include <string.h>

#include "sj_parallel.h"

#define SJ_SIM_CHUNK 16

int sj_setup_check(const sj_rules *rules, const sj_setup *s) {
    if (sj_rules_check(rules, NULL, 0) != SJ_OK) return SJ_E_RULES;
    if (s->dealer < -1 || s->dealer > 3 || s->level < 0 || s->level >= SJ_NUM_RANKS ||
        s->trump < SJ_TRUMP_DECLARE || s->trump > 3)
        return SJ_E_ARGS;
    if (!sj_level_played(rules, s->level)) return SJ_E_LEVEL;
    for (int i = 0; i < 4; i++)
        if (!(s->player[i].kind == SJ_POLICY_RANDOM || s->player[i].kind == SJ_POLICY_GREEDY ||
              (s->player[i].kind == SJ_POLICY_USER && s->player[i].fn)))
            return SJ_E_SETUP_POLICY;
    int npack = SJ_NUM_KINDS * rules->decks, hand = (npack - rules->kitty) / 4;
    if (s->trump == SJ_TRUMP_DECLARE) {
        int rc = sj_declaring_status(rules);
        if (rc != SJ_OK) return rc;
    }
    sj_cards used = sj_cards_empty(), tmp;
    for (int i = 0; i < 4; i++) {
        if (!s->hand_fixed[i]) continue;
        if (sj_cards_size(&s->hands[i]) != hand) return SJ_E_SETUP_HAND_SIZE;
        if (sj_cards_add(&used, &s->hands[i], &tmp) < 0) return SJ_E_SETUP_TOO_MANY;
        used = tmp;
    }
    if (s->kitty_fixed) {
        if (sj_cards_size(&s->kitty) != rules->kitty) return SJ_E_SETUP_HAND_SIZE;
        if (s->kitty_ordered) { /* the order holds exactly the kitty's cards */
            sj_cards listed = sj_cards_empty();
            for (int i = 0; i < rules->kitty; i++)
                if (s->kitty_order[i] >= SJ_NUM_KINDS || sj_cards_add_one(&listed, s->kitty_order[i]) < 0)
                    return SJ_E_ARGS;
            if (!sj_cards_equal(&listed, &s->kitty)) return SJ_E_ARGS;
        } else if (s->trump == SJ_TRUMP_DECLARE && sj_no_bid_reads_kitty(rules)) {
            return SJ_E_SETUP_KITTY_ORDER;
        }
        if (sj_cards_add(&used, &s->kitty, &tmp) < 0) return SJ_E_SETUP_TOO_MANY;
        used = tmp;
    }
    if (s->buried_fixed) {
        if (sj_cards_size(&s->buried) != rules->kitty) return SJ_E_SETUP_HAND_SIZE;
        if (s->kitty_fixed) { /* the dealer must hold the buried cards: hand (fixed) + kitty */
            if (s->dealer < 0 || !s->hand_fixed[s->dealer]) return SJ_E_SETUP_BURIED;
            sj_cards avail;
            sj_cards_add(&s->hands[s->dealer], &s->kitty, &avail);
            if (!sj_cards_contains(&avail, &s->buried)) return SJ_E_SETUP_BURIED;
        } else {
            if (sj_cards_add(&used, &s->buried, &tmp) < 0) return SJ_E_SETUP_TOO_MANY;
            used = tmp;
        }
    }
    if (sj_cards_max_copies(&used) > rules->decks) return SJ_E_SETUP_TOO_MANY;
    return SJ_OK;
}

static void shuffle_u8(uint8_t *a, int n, sj_rng *r) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sj_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

static int cards_to_list(const sj_cards *c, uint8_t *out) {
    int m = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int i = sj_cards_count(c, k); i > 0; i--) out[m++] = (uint8_t)k;
    return m;
}

int sj_sim_deal_order(const sj_rules *rules, const sj_setup *s, sj_rng *r, uint8_t *order) {
    int npack = SJ_NUM_KINDS * rules->decks, hand = (npack - rules->kitty) / 4;
    int dealer = s->dealer >= 0 ? s->dealer : (int)sj_rng_below(r, 4);
    /* The dealt kitty: fixed, else the buried cards when those are fixed, else sampled. */
    int kitty_known = s->kitty_fixed || s->buried_fixed;
    const sj_cards *kitty = s->kitty_fixed ? &s->kitty : &s->buried;
    uint8_t counts[SJ_NUM_KINDS];
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int c = rules->decks;
        for (int i = 0; i < 4; i++)
            if (s->hand_fixed[i]) c -= sj_cards_count(&s->hands[i], k);
        if (kitty_known) c -= sj_cards_count(kitty, k);
        counts[k] = (uint8_t)c;
    }
    uint8_t pool[SJ_MAX_PACK], seat_cards[4][SJ_MAX_PACK / 4 + 1], kitty_cards[SJ_MAX_PACK];
    int np = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int i = 0; i < counts[k]; i++) pool[np++] = (uint8_t)k;
    shuffle_u8(pool, np, r);
    int at = 0;
    for (int i = 0; i < 4; i++) {
        if (s->hand_fixed[i]) {
            cards_to_list(&s->hands[i], seat_cards[i]);
            shuffle_u8(seat_cards[i], hand, r);
        } else {
            memcpy(seat_cards[i], pool + at, (size_t)hand);
            at += hand;
        }
    }
    if (s->kitty_fixed && s->kitty_ordered) {
        memcpy(kitty_cards, s->kitty_order, (size_t)rules->kitty);
    } else if (kitty_known) {
        cards_to_list(kitty, kitty_cards);
        shuffle_u8(kitty_cards, rules->kitty, r);
    } else {
        memcpy(kitty_cards, pool + at, (size_t)rules->kitty);
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < hand; j++) order[4 * j + ((i - dealer) & 3)] = seat_cards[i][j];
    memcpy(order + 4 * hand, kitty_cards, (size_t)rules->kitty);
    return dealer;
}

int sj_sim_play(const sj_rules *rules, const sj_setup *s, uint64_t seed, uint64_t game, sj_decision_hook hook,
                void *ctx, sj_deal *d) {
    sj_rng r = sj_rng_stream(seed, game);
    uint8_t order[SJ_MAX_PACK];
    int dealer = sj_sim_deal_order(rules, s, &r, order);
    int rc = sj_deal_init(d, rules, order, dealer, s->level, s->trump, 0);
    if (rc != SJ_OK) return rc;
    return sj_policy_finish_hooked(d, s->player, &r, s->buried_fixed ? &s->buried : NULL, -1, hook, ctx);
}

int sj_sim_game(const sj_rules *rules, const sj_setup *s, uint64_t seed, uint64_t game, sj_sim_out *out, long index) {
    sj_deal d;
    int plays = sj_sim_play(rules, s, seed, game, NULL, NULL, &d);
    if (plays < 0) return plays;
    out->attacker_points[index] = (int16_t)d.attacker_points;
    out->defender_points[index] = (int16_t)d.defender_captured;
    out->kitty_points[index] = (int16_t)d.kitty_points;
    out->kitty_multiplier[index] = (int16_t)d.multiplier;
    out->kitty_captured[index] = (uint8_t)d.kitty_captured;
    out->dealer_levels[index] = (int8_t)d.outcome.dealer_levels;
    out->attacker_levels[index] = (int8_t)d.outcome.attacker_levels;
    out->dealer[index] = (int8_t)d.dealer;
    out->trump[index] = (int8_t)(d.trump_suit < 0 ? 4 : d.trump_suit);
    out->plays[index] = (int16_t)plays;
    out->lost_deal[index] = (uint8_t)d.lost_deal;
    if (out->partner) out->partner[index] = (int8_t)sj_deal_dealer_partner(&d);
    return plays;
}

typedef struct sim_job {
    const sj_rules *rules;
    const sj_setup *setup;
    uint64_t seed, first_game;
    sj_sim_out *out;
} sim_job;

static int game_task(void *ctx, long i) {
    const sim_job *job = (const sim_job *)ctx;
    int rc = sj_sim_game(job->rules, job->setup, job->seed, job->first_game + (uint64_t)i, job->out, i);
    return rc < 0 ? rc : SJ_OK;
}

long sj_simulate(const sj_rules *rules, const sj_setup *setup, uint64_t seed, uint64_t first_game, long n, int threads,
                 sj_sim_out *out, sj_run_flags *flags, long *failed_game) {
    int rc = sj_setup_check(rules, setup);
    if (rc != SJ_OK) return rc;
    sim_job job = {rules, setup, seed, first_game, out};
    long done = 0, failed = -1;
    rc = sj_parallel_for(n, SJ_SIM_CHUNK, threads, game_task, &job, flags, &failed, &done);
    if (rc != SJ_OK) {
        if (failed_game) *failed_game = failed < 0 ? -1 : (long)(first_game + (uint64_t)failed);
        return rc;
    }
    return done;
}
