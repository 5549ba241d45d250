/* C-side timing of whole deals with the C policies: deals/s and plays/s on one core.
 * Usage: bench_deals [deals] [decks] [policy: 0 random, 1 greedy] [declare: 0/1] [system: 0 QQ, 1 the 4-deck
 * preset's rules (4 decks, level 3), 2 the 泰安 preset's (2 decks, level A)] [泰安 tractors: 0 position, 1 natural] */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sj_policy.h"

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000;
    int decks = argc > 2 ? atoi(argv[2]) : 2;
    int policy = argc > 3 ? atoi(argv[3]) : 0;
    int declare = argc > 4 ? atoi(argv[4]) : 1;
    sj_rules r = sj_rules_default();
    r.decks = decks;
    r.kitty = decks == 2 || decks == 4 ? 8 : 6;
    r.declaration = decks == 3 ? SJ_DECLARE_QQ3 : SJ_DECLARE_QQ;
    int system = argc > 5 ? atoi(argv[5]) : 0, level = 0;
    if (system == 1) { /* Rules.preset("4deck") */
        r.decks = decks = 4;
        r.kitty = 8;
        r.constant_ranks = 1;
        r.trump_order = SJ_ORDER_LEVEL_INDEX;
        r.follow_ladder = SJ_LADDER_4DECK;
        r.failed_throw = SJ_FAILED_SMALLEST_SHAPE;
        r.throw_penalty = SJ_PENALTY_MATCH_POINT;
        r.wider_shapes = 1;
        r.kitty_multiplier = SJ_KITTY_COPIES;
        r.declaration = SJ_DECLARE_4DECK;
        r.no_bid = SJ_NOBID_KITTY_TURNUP;
        r.kitty_grab = 1;
        level = 1;
    } else if (system == 2) { /* Rules.preset("taian") */
        r.decks = decks = 2;
        r.kitty = 4;
        r.constant_ranks = (1u << 0) | (1u << 1) | (1u << 3);
        r.taian_trump_follow = 1;
        r.declaration = SJ_DECLARE_TAIAN;
        r.no_bid = SJ_NOBID_DEALER_LOSES;
        r.kitty_rule = SJ_KITTY_RULE_TAIAN;
        r.tractor_rule = argc > 6 && atoi(argv[6]) == 0 ? SJ_TRACTOR_POSITION : SJ_TRACTOR_NATURAL;
        r.next_dealer = SJ_NEXT_SAME;
        level = 12;
    }
    sj_player pol[4];
    for (int s = 0; s < 4; s++) pol[s] = (sj_player){(sj_policy)policy, NULL};
    uint8_t order[SJ_MAX_PACK];
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long plays = 0, points = 0;
    for (long g = 0; g < n; g++) {
        sj_shuffle_pack(order, decks, 1, (uint64_t)g);
        sj_deal d;
        sj_deal_init(&d, &r, order, (int)(g % 4), level, declare ? SJ_TRUMP_DECLARE : (int)(g % 5) - 1, 0);
        sj_rng rng = sj_rng_stream(2, (uint64_t)g);
        plays += sj_policy_finish(&d, pol, &rng, NULL);
        points += d.attacker_points;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    printf("{\"decks\": %d, \"policy\": \"%s\", \"declare\": %d, \"deals\": %ld, \"deals_per_s\": %.0f, "
           "\"plays_per_s\": %.0f, \"us_per_deal\": %.2f, \"mean_attacker_points\": %.1f}\n",
           decks, policy ? "greedy" : "random", declare, n, n / s, plays / s, s / n * 1e6, (double)points / n);
    return 0;
}
