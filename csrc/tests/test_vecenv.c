/* C tests of the native vector environment (sj_vecenv.h): the same trajectories on any thread count, masks that
 * show the candidates, rewards only at the end of a deal, next-step autoreset, refusals that move no table, and a
 * table's first deal equal to simulate's game 0 of its seed. */
#include <string.h>

#include "sj_test_util.h"
#include "sj_vecenv.h"

#define N 7
#define STEPS 400

typedef struct trace {              /* everything a run writes, step after step */
    float obs[N * SJ_ENCODE_SIZE];
    int8_t mask[N * 128];
    double reward[N];
    uint8_t term[N], trunc[N], invalid[N];
} trace;

static sj_vecenv_out outs(trace *t) {
    return (sj_vecenv_out){t->obs, t->mask, t->reward, t->term, t->trunc, t->invalid};
}

static sj_vecenv_config config(int threads, int policy, int declaration) {
    sj_vecenv_config c;
    memset(&c, 0, sizeof c);
    c.rules = sj_rules_default();
    if (declaration == SJ_DECLARE_TAIAN) { /* the 泰安 preset's core */
        c.rules.kitty = 4;
        c.rules.constant_ranks = (1u << 0) | (1u << 1) | (1u << 3);
        c.rules.declaration = SJ_DECLARE_TAIAN;
        c.rules.no_bid = SJ_NOBID_DEALER_LOSES;
        c.rules.first_deal_dealer = SJ_FINAL_DECLARER;
        c.rules.kitty_rule = SJ_KITTY_RULE_TAIAN;
        c.rules.taian_trump_follow = 1;
        c.level = 12;
    }
    c.level = 0;
    c.seat = 1;
    c.opponents = policy;
    c.max_actions = 128;
    c.skip_forced = 1;
    c.autoreset = 1;
    c.threads = threads;
    for (int i = 0; i < SJ_HIDDEN_TRUMP_WORLDS; i++) c.hidden_draws[i] = 1000 + (uint64_t)i;
    return c;
}

/* A deterministic choice among the mask's candidates (sometimes outside them, to exercise `invalid`). */
static int64_t choose(const trace *t, long i, int step) {
    int n = 0;
    while (n < 128 && t->mask[i * 128 + n]) n++;
    if (step % 37 == 5) return 127; /* an index past the candidates: the first is played */
    return n ? (int64_t)((step * 7 + i * 3) % n) : 0;
}

/* Run STEPS steps on `threads` threads; fold every output into a checksum, and check the invariants. */
static double run(int threads, int policy, int declaration, long *episodes) {
    sj_vecenv_config c = config(threads, policy, declaration);
    uint64_t seeds[N];
    for (int i = 0; i < N; i++) seeds[i] = 40 + (uint64_t)i;
    sj_vecenv *e = NULL;
    CHECK(sj_vecenv_create(&c, N, seeds, &e) == SJ_OK && e);
    if (!e) return 0;
    static trace t;
    memset(&t, 0, sizeof t);
    sj_vecenv_out o = outs(&t);
    int64_t actions[N] = {0};
    long failed = -1;
    CHECK(sj_vecenv_step(e, actions, &o, &failed) == SJ_E_ARGS && failed == 0); /* never started */
    CHECK(sj_vecenv_reset(e, NULL, NULL, NULL, &o, &failed) == SJ_OK);
    double sum = 0;
    int was_done[N] = {0}, offered[N];
    for (long i = 0; i < N; i++) offered[i] = sj_vecenv_candidates(e, i, NULL);
    *episodes = 0;
    for (int step = 0; step < STEPS; step++) {
        for (long i = 0; i < N; i++) actions[i] = choose(&t, i, step);
        CHECK(sj_vecenv_step(e, actions, &o, &failed) == SJ_OK);
        for (long i = 0; i < N; i++) {
            int n = sj_vecenv_candidates(e, i, NULL), ones = 0;
            for (int k = 0; k < 128; k++) ones += t.mask[i * 128 + k];
            CHECK(ones == n);
            for (int k = 0; k < n; k++) CHECK(t.mask[i * 128 + k] == 1);
            CHECK(!t.trunc[i]);
            if (was_done[i]) { /* autoreset: a new episode's first decision */
                CHECK(!t.term[i] && t.reward[i] == 0 && n >= 2);
                (*episodes)++;
            }
            if (t.term[i]) CHECK(n == 0 && sj_vecenv_status(e, i) == SJ_VEC_FINISHED);
            else CHECK(t.reward[i] == 0 && n >= 2 && sj_vecenv_status(e, i) == SJ_VEC_RUNNING);
            CHECK(t.invalid[i] == (!was_done[i] && step % 37 == 5 && offered[i] <= 127));
            offered[i] = n;
            was_done[i] = t.term[i];
            sum += t.reward[i] * (double)(i + 1) + t.term[i] * 0.5 + n * 1e-3;
            for (int k = 0; k < SJ_ENCODE_SIZE; k += 7) sum += t.obs[i * SJ_ENCODE_SIZE + k] * 1e-6 * (k + 1);
        }
    }
    /* refusals: nothing moves */
    const sj_deal *d3 = sj_vecenv_deal(e, 3);
    sj_deal before = *d3;
    uint64_t ep = sj_vecenv_episodes(e, 3);
    actions[5] = 128;
    failed = -1;
    CHECK(sj_vecenv_step(e, actions, &o, &failed) == SJ_E_ARGS && failed == 5);
    actions[5] = -1;
    CHECK(sj_vecenv_step(e, actions, &o, &failed) == SJ_E_ARGS && failed == 5);
    CHECK(!memcmp(&before, sj_vecenv_deal(e, 3), sizeof before) && sj_vecenv_episodes(e, 3) == ep);
    sj_vecenv_free(e);
    return sum;
}

/* A table's first episode deals simulate's game 0 of its seed (sj_sim_deal_order of stream (seed, 0)). */
static void test_first_deal(void) {
    sj_vecenv_config c = config(1, SJ_POLICY_GREEDY, sj_rules_default().declaration);
    c.seat = 0;
    c.skip_forced = 0;
    uint64_t seeds[2] = {9, 10};
    sj_vecenv *e = NULL;
    CHECK(sj_vecenv_create(&c, 2, seeds, &e) == SJ_OK);
    uint8_t which[2] = {0, 1};
    static trace t;
    sj_vecenv_out o = outs(&t);
    CHECK(sj_vecenv_reset(e, which, NULL, NULL, &o, NULL) == SJ_OK);
    CHECK(sj_vecenv_status(e, 0) == SJ_VEC_UNSTARTED && sj_vecenv_deal(e, 0) == NULL);
    CHECK(sj_vecenv_status(e, 1) == SJ_VEC_RUNNING && sj_vecenv_episodes(e, 1) == 1);
    sj_setup s;
    memset(&s, 0, sizeof s);
    s.dealer = -1;
    s.trump = SJ_TRUMP_DECLARE;
    sj_rng r = sj_rng_stream(10, 0);
    uint8_t order[SJ_MAX_PACK];
    int dealer = sj_sim_deal_order(&c.rules, &s, &r, order);
    sj_deal d;
    CHECK(sj_deal_init(&d, &c.rules, order, dealer, 0, SJ_TRUMP_DECLARE, 0) == SJ_OK);
    const sj_deal *got = sj_vecenv_deal(e, 1);
    CHECK(got->dealer == d.dealer);
    for (int seat = 0; seat < 4; seat++) CHECK(sj_cards_size(&got->hands[seat]) >= sj_cards_size(&d.hands[seat]));
    uint8_t want[SJ_ENCODE_SIZE];
    sj_encode_observation(got, 0, want);
    for (int k = 0; k < SJ_ENCODE_SIZE; k++) CHECK(t.obs[SJ_ENCODE_SIZE + k] == (float)want[k]);
    /* reseeding restarts the episode count */
    uint64_t again[2] = {0, 10};
    uint8_t seeded[2] = {0, 1};
    CHECK(sj_vecenv_reset(e, which, again, seeded, &o, NULL) == SJ_OK && sj_vecenv_episodes(e, 1) == 1);
    CHECK(sj_vecenv_deal(e, 1)->dealer == d.dealer);
    sj_vecenv_free(e);
}

/* Autoreset off: a finished table is refused until reset, and the refusal moves no table. */
static void test_no_autoreset(void) {
    sj_vecenv_config c = config(2, SJ_POLICY_RANDOM, sj_rules_default().declaration);
    c.autoreset = 0;
    uint64_t seeds[N];
    for (int i = 0; i < N; i++) seeds[i] = 70 + (uint64_t)i;
    sj_vecenv *e = NULL;
    CHECK(sj_vecenv_create(&c, N, seeds, &e) == SJ_OK);
    static trace t;
    sj_vecenv_out o = outs(&t);
    int64_t actions[N] = {0};
    CHECK(sj_vecenv_reset(e, NULL, NULL, NULL, &o, NULL) == SJ_OK);
    long failed = -1;
    int rc = SJ_OK, steps = 0;
    while (rc == SJ_OK && steps < 1000) {
        rc = sj_vecenv_step(e, actions, &o, &failed);
        steps++;
    }
    CHECK(rc == SJ_E_ARGS && failed >= 0 && failed < N && sj_vecenv_status(e, failed) == SJ_VEC_FINISHED);
    uint8_t which[N] = {0};
    which[failed] = 1;
    CHECK(sj_vecenv_reset(e, which, NULL, NULL, &o, NULL) == SJ_OK);
    CHECK(sj_vecenv_status(e, failed) == SJ_VEC_RUNNING && sj_vecenv_episodes(e, failed) == 2);
    sj_vecenv_free(e);
}

static void test_create_refusals(void) {
    uint64_t seeds[2] = {1, 2};
    sj_vecenv *e = (sj_vecenv *)&seeds;
    sj_vecenv_config c = config(1, SJ_POLICY_GREEDY, sj_rules_default().declaration);
    CHECK(sj_vecenv_create(&c, 0, seeds, &e) == SJ_E_ARGS && e == NULL);
    c.max_actions = 0;
    CHECK(sj_vecenv_create(&c, 2, seeds, &e) == SJ_E_ARGS);
    c = config(1, SJ_POLICY_USER, sj_rules_default().declaration);
    CHECK(sj_vecenv_create(&c, 2, seeds, &e) == SJ_E_ARGS);
    c = config(0, SJ_POLICY_GREEDY, sj_rules_default().declaration);
    CHECK(sj_vecenv_create(&c, 2, seeds, &e) == SJ_E_ARGS);
    c = config(1, SJ_POLICY_GREEDY, sj_rules_default().declaration);
    c.seat = 4;
    CHECK(sj_vecenv_create(&c, 2, seeds, &e) == SJ_E_ARGS);
}

int main(void) {
    sj_cards three = P("AS AS BJ"); /* the helpers */
    CHECK(sj_cards_size(&three) == 3);
    CHECK(T(2, 0, 0, 0).npos[SJ_TRUMP] > 0);
    long eps1 = 0, eps3 = 0, eps = 0;
    for (int policy = 0; policy < 2; policy++) {
        double one = run(1, policy, sj_rules_default().declaration, &eps1);
        double three = run(3, policy, sj_rules_default().declaration, &eps3);
        CHECK(one == three && eps1 == eps3 && eps1 > N); /* the same on any thread count; several episodes */
    }
    double taian1 = run(1, SJ_POLICY_GREEDY, SJ_DECLARE_TAIAN, &eps);
    CHECK(taian1 == run(2, SJ_POLICY_GREEDY, SJ_DECLARE_TAIAN, &eps1) && eps == eps1 && eps > 0);
    test_first_deal();
    test_no_autoreset();
    test_create_refusals();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
