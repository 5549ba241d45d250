/* C-level tests of the rules core: the worked examples of docs/RULES.md and invariants of the card sets. */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "sj_test_util.h"
#include "sj_determinize.h"
#include "sj_moves.h"
#include "sj_policy.h"
#include "sj_ismcts.h"
#include "sj_rollout.h"
#include "sj_solve.h"
#include "sj_classes.h"
#include "sj_log.h"
#include "sj_match.h"
#include "sj_refusal.h"
#include "sj_selfplay.h"
#include "sj_world.h"

static int nunits(const sj_trump *t, const char *s) {
    sj_unit u[SJ_MAX_UNITS];
    sj_cards c = P(s);
    return sj_units(t, &c, u, SJ_MAX_UNITS);
}

static int is_tractor(const sj_trump *t, const char *s) {
    sj_unit u[SJ_MAX_UNITS];
    sj_cards c = P(s);
    int n = sj_units(t, &c, u, SJ_MAX_UNITS);
    return n == 1 && u[0].l >= 2;
}

static void test_cards(void) {
    sj_cards a = P("AS AS 10H SJ BJ BJ"), b = P("AS BJ"), c, d;
    CHECK(sj_cards_size(&a) == 6);
    CHECK(sj_cards_count(&a, sj_make_kind(0, 12)) == 2);
    CHECK(sj_cards_points(&a) == 10);
    CHECK(sj_cards_sub(&a, &b, &c) == 0 && sj_cards_size(&c) == 4);
    CHECK(sj_cards_add(&c, &b, &d) == 0 && sj_cards_equal(&d, &a));
    CHECK(sj_cards_sub(&b, &a, &c) == -1);
    sj_cards four = P("2S 2S 2S 2S"), one = P("2S");
    CHECK(sj_cards_add(&four, &one, &c) == -1);
    /* Random add/sub round trips against per-kind counts. */
    srand(7);
    for (int it = 0; it < 20000; it++) {
        uint8_t ca[54], cb[54];
        for (int k = 0; k < 54; k++) {
            ca[k] = (uint8_t)(rand() % 3);
            cb[k] = (uint8_t)(rand() % 3);
        }
        sj_cards x = sj_cards_from_counts(ca), y = sj_cards_from_counts(cb), s, back;
        CHECK(sj_cards_add(&x, &y, &s) == 0);
        for (int k = 0; k < 54; k++)
            if (sj_cards_count(&s, k) != ca[k] + cb[k]) { CHECK(0); break; }
        CHECK(sj_cards_sub(&s, &y, &back) == 0 && sj_cards_equal(&back, &x));
    }
}

static void test_order(void) {
    /* level 10, trump hearts, constant 2: ♥3..♥A, off 2s, ♥2, off 10s, ♥10, SJ, BJ. */
    sj_trump t = T(2, 8, 1, 1u << 0);
    CHECK(t.npos[SJ_TRUMP] == 17);
    CHECK(t.pos[sj_make_kind(1, 1)] == 0);
    CHECK(t.pos[sj_make_kind(0, 0)] == 11 && t.pos[sj_make_kind(2, 0)] == 11);
    CHECK(t.pos[sj_make_kind(1, 0)] == 12);
    CHECK(t.pos[sj_make_kind(3, 8)] == 13 && t.pos[sj_make_kind(1, 8)] == 14);
    CHECK(t.pos[SJ_SMALL_JOKER] == 15 && t.pos[SJ_BIG_JOKER] == 16);
    CHECK(t.npos[0] == 11); /* spades 3..A without 10 */
}

static void test_tractors(void) {
    sj_trump t = T(2, 8, 1, 0); /* level 10, hearts */
    CHECK(is_tractor(&t, "KS KS QS QS"));
    CHECK(is_tractor(&t, "JS JS 9S 9S"));
    CHECK(is_tractor(&t, "5C 5C 4C 4C 3C 3C"));
    CHECK(is_tractor(&t, "SJ SJ 10H 10H"));
    CHECK(is_tractor(&t, "10H 10H 10S 10S"));
    CHECK(is_tractor(&t, "10S 10S AH AH"));
    CHECK(is_tractor(&t, "10H 10H 10S 10S AH AH"));
    CHECK(!is_tractor(&t, "5S 5S 4S"));
    CHECK(!is_tractor(&t, "5S 5S 3S 3S"));
    CHECK(!is_tractor(&t, "10S 10S 10D 10D"));
    CHECK(!is_tractor(&t, "AS AS 2S 2S"));
    CHECK(nunits(&t, "10S 10S 10D 10D") == 2);
    CHECK(nunits(&t, "5S 5S 4S 10H") == SJ_E_MIXED);
    /* Titanics at level 5, 3 decks. */
    sj_trump t5 = T(3, 3, 1, 0);
    CHECK(is_tractor(&t5, "3S 3S 3S 4S 4S 4S"));
    CHECK(is_tractor(&t5, "4S 4S 4S 6S 6S 6S"));
    CHECK(is_tractor(&t5, "5S 5S 5S 5H 5H 5H"));
    CHECK(is_tractor(&t5, "BJ BJ BJ SJ SJ SJ"));
    CHECK(is_tractor(&t5, "AH AH AH 5C 5C 5C"));
    CHECK(is_tractor(&t5, "5H 5H 5H SJ SJ SJ"));
    CHECK(!is_tractor(&t5, "5S 5S 5S 6S 6S 6S"));
    sj_trump tn = T(3, 3, SJ_NO_SUIT, 0);
    CHECK(!is_tractor(&tn, "5S 5S 5S 5H 5H 5H"));
}

/* tractor_rule="natural" (泰安, docs/RULES.md §6.7; docs/MODEL.md §3), level 8, trump hearts, constants 2 3 5. */
static void test_natural_tractors(void) {
    sj_rules r = sj_rules_default();
    r.constant_ranks = (1u << 0) | (1u << 1) | (1u << 3);
    r.tractor_rule = SJ_TRACTOR_NATURAL;
    sj_trump t;
    CHECK(sj_trump_init(&t, &r, 6, 1) == SJ_OK);
    CHECK(!is_tractor(&t, "4S 4S 6S 6S"));            /* 牌点相连: 5 lies between */
    CHECK(!is_tractor(&t, "AH AH 2S 2S"));            /* different printed suits never chain */
    CHECK(!is_tractor(&t, "AS AS 2S 2S"));            /* A is not next to 2 */
    CHECK(is_tractor(&t, "3S 3S 2S 2S"));             /* 3322, a trump tractor */
    CHECK(is_tractor(&t, "4S 4S 3S 3S 2S 2S"));       /* 443322, spades (2 and 3 borrowed) */
    CHECK(is_tractor(&t, "5S 5S 6S 6S"));             /* 黑桃55、66, spades */
    CHECK(is_tractor(&t, "7S 7S 8S 8S 9S 9S"));       /* the level card joins too */
    CHECK(is_tractor(&t, "SJ SJ BJ BJ"));
    CHECK(is_tractor(&t, "4H 4H 5H 5H"));
    CHECK(nunits(&t, "5S 5S 6S") == SJ_E_MIXED);      /* a borrowed trump outside a tractor */
    CHECK(nunits(&t, "5S 6S 6S 7S 7S") == SJ_E_MIXED);
    sj_cards c = P("5S 5S 6S 6S AS");
    CHECK(sj_trump_suit_of(&t, &c) == 0);
    sj_unit u[SJ_MAX_UNITS];
    CHECK(sj_units(&t, &c, u, SJ_MAX_UNITS) == 2 && u[0].l == 2 && u[0].eff == 0 && u[1].w == 1);
    /* ranks: AAKK > ... > 5544 > 3322, the jokers on top; trump-suit 3322 over spade 3322 */
    sj_cards plays[4] = {P("3S 3S 2S 2S"), P("5H 5H 4H 4H"), P("AH AH KH KH"), P("3H 3H 2H 2H")};
    CHECK(sj_trick_winner(&t, plays, 4) == 2);
    sj_cards jokers[2] = {P("AH AH KH KH"), P("SJ SJ BJ BJ")};
    CHECK(sj_trick_winner(&t, jokers, 2) == 1);
    sj_cards plain[3] = {P("5S 5S 6S 6S"), P("3S 3S 4S 4S"), P("7S 7S 8S 8S")};
    CHECK(sj_trick_winner(&t, plain, 3) == 2);
    /* following a borrowed lead: never obliged to borrow, free to */
    sj_cards hand = P("4S 4S 3S 3S 9S KS"), lead = P("5S 5S 6S 6S");
    sj_cards a = P("4S 4S 3S 3S"), b = P("4S 4S 9S KS"), bad = P("3S 3S 9S KS");
    CHECK(sj_is_legal_follow(&t, &hand, &lead, &a) && sj_is_legal_follow(&t, &hand, &lead, &b));
    CHECK(!sj_is_legal_follow(&t, &hand, &lead, &bad));
    sj_cards outs[16];
    CHECK(sj_legal_follows(&t, &hand, &lead, outs, 16, 0) == 2);
    /* throws: another hand's borrowed tractor beats a thrown one */
    sj_cards throw_lead = P("5S 5S 6S 6S AS"), played;
    sj_cards o1[1] = {P("7S 7S 8S 8S")}, o2[1] = {P("7S 7S 9S 9S")};
    CHECK(sj_check_throw(&t, &throw_lead, o1, 1, &played) == 0 && sj_cards_equal(&played, &lead));
    CHECK(sj_check_throw(&t, &throw_lead, o2, 1, &played) == 1);
    /* and with the position rule the same cards chain as before */
    r.tractor_rule = SJ_TRACTOR_POSITION;
    CHECK(sj_trump_init(&t, &r, 6, 1) == SJ_OK);
    CHECK(is_tractor(&t, "4S 4S 6S 6S") && is_tractor(&t, "AH AH 2S 2S") && nunits(&t, "5S 5S 6S 6S") == SJ_E_MIXED);
    r.trump_order = SJ_ORDER_LEVEL_INDEX;
    r.tractor_rule = SJ_TRACTOR_NATURAL;
    CHECK(sj_rules_check(&r, NULL, 0) == SJ_E_RULES);
}

/* The highest top per shape read off bit planes (sj_highest_unit_tops_of) equals the one of the position counts
 * (sj_highest_unit_tops), for both tractor rules, every trump, level and constant set, random multisets of 1-4
 * decks (natural tractors: singles never chain, so hi[1][l >= 2] stays -1 on both sides). */
static void test_unit_tops_of(void) {
    sj_rng rng = sj_rng_stream(41, 0);
    static const uint16_t constants[4] = {0, 1u, (1u << 0) | (1u << 1) | (1u << 3), (1u << 2) | (1u << 12)};
    for (int i = 0; i < 20000; i++) {
        sj_rules r = sj_rules_default();
        r.decks = 1 + (int)sj_rng_below(&rng, 4);
        r.constant_ranks = constants[sj_rng_below(&rng, 4)];
        r.tractor_rule = sj_rng_below(&rng, 2) ? SJ_TRACTOR_NATURAL : SJ_TRACTOR_POSITION;
        if (r.tractor_rule == SJ_TRACTOR_POSITION && sj_rng_below(&rng, 2)) r.trump_order = SJ_ORDER_LEVEL_INDEX;
        sj_trump t;
        if (sj_trump_init(&t, &r, (int)sj_rng_below(&rng, 13), (int)sj_rng_below(&rng, 5) - 1) != SJ_OK) continue;
        sj_cards c = sj_cards_empty();
        int kinds = 1 + (int)sj_rng_below(&rng, 54), first = (int)sj_rng_below(&rng, 54);
        for (int k = 0; k < kinds; k++) /* a run of kinds, each with a random number of copies */
            for (int n = (int)sj_rng_below(&rng, (uint32_t)r.decks + 1); n > 0; n--) sj_cards_add_one(&c, (first + k) % 54);
        for (int e = 0; e < SJ_NUM_EFF; e++) {
            sj_cards in = sj_cards_mask(&c, t.suit_mask[e] | t.borrow_mask[e]);
            sj_poscounts pc;
            sj_poscounts_of(&t, e, &in, &pc);
            sj_tops a, b;
            sj_highest_unit_tops(&pc, a);
            sj_highest_unit_tops_of(&t, e, &in, b);
            CHECK(memcmp(a, b, sizeof a) == 0);
        }
    }
}

/* One card drawn without listing the pool is the card the listing draw takes: the j-th of the pool's cards, planes
 * first, kinds ascending, for the same random number. */
static void test_draw_one(void) {
    sj_rng g = sj_rng_stream(43, 0);
    for (int i = 0; i < 20000; i++) {
        sj_cards pool = sj_cards_empty();
        int cards = 1 + (int)sj_rng_below(&g, 120);
        for (int c = 0; c < cards; c++) sj_cards_add_one(&pool, (int)sj_rng_below(&g, 54));
        uint8_t kinds[SJ_MAX_PACK];
        int m = 0;
        for (int p = 0; p < SJ_MAX_DECKS; p++)
            for (uint64_t b = pool.p[p]; b; b &= b - 1) kinds[m++] = (uint8_t)__builtin_ctzll(b);
        sj_rng a = sj_rng_stream(44, (uint64_t)i), b = a;
        sj_cards got = sj_cards_empty(), want = sj_cards_empty();
        sj_cards_draw(&pool, 1, &a, &got);
        sj_cards_add_one(&want, kinds[sj_rng_below(&b, (uint32_t)m)]);
        CHECK(sj_cards_equal(&got, &want) && a.s == b.s);
    }
}

static void test_throw(void) {
    sj_trump t = T(2, 8, 1, 0);
    sj_cards lead = P("9S 8S 8S 4S 4S"), played;
    sj_cards others1[3] = {P("JS 2H"), P("3C"), P("")};
    CHECK(sj_check_throw(&t, &lead, others1, 3, &played) == 0);
    sj_cards nine = P("9S");
    CHECK(sj_cards_equal(&played, &nine));
    sj_cards others2[1] = {P("QS QS")};
    sj_cards fours = P("4S 4S");
    CHECK(sj_check_throw(&t, &lead, others2, 1, &played) == 0 && sj_cards_equal(&played, &fours));
    sj_cards others3[1] = {P("5S 5S")};
    CHECK(sj_check_throw(&t, &lead, others3, 1, &played) == 0 && sj_cards_equal(&played, &fours));
    sj_cards others4[2] = {P("7S 6S 5S"), P("3S 3S")};
    CHECK(sj_check_throw(&t, &lead, others4, 2, &played) == 1 && sj_cards_equal(&played, &lead));
}

static void test_trumping(void) {
    sj_trump t = T(2, 8, 1, 0);
    /* Trumps 99 88 7 2 beat AK 5544 but not AA 5544. */
    sj_cards p1[2] = {P("AS KS 5S 5S 4S 4S"), P("9H 9H 8H 8H 7H 2H")};
    CHECK(sj_trick_winner(&t, p1, 2) == 1);
    sj_cards p2[2] = {P("AS AS 5S 5S 4S 4S"), P("9H 9H 8H 8H 7H 2H")};
    CHECK(sj_trick_winner(&t, p2, 2) == 0);
    /* 977 beats 544; 884 over-trumps it. */
    sj_cards p3[3] = {P("5S 4S 4S"), P("9H 7H 7H"), P("8H 8H 4H")};
    CHECK(sj_trick_winner(&t, p3, 3) == 2);
    /* 977 beats 567; 884 does not over-trump. */
    sj_cards p4[3] = {P("5S 6S 7S"), P("9H 7H 7H"), P("8H 8H 4H")};
    CHECK(sj_trick_winner(&t, p4, 3) == 1);
    /* Equal plays keep the earlier one: two off-suit level cards. */
    sj_cards p5[3] = {P("10S"), P("10D"), P("10C")};
    CHECK(sj_trick_winner(&t, p5, 3) == 0);
}

/* trick_compare="all_units" compares every grouping (docs/MODEL.md §6): level 2, clubs trump, lead
 * 8D 8D JD QD; seat 3's 6C 6C 2C 2C grouped as pair 6C6C + singles 2C 2C beats every unit of seat 1's
 * 5C 5C AC 2S, although its highest grouping (pair 2C2C + singles 6C 6C) does not. */
static void test_all_units(void) {
    sj_rules r = sj_rules_default();
    r.trick_compare = SJ_COMPARE_ALL_UNITS;
    sj_trump t;
    CHECK(sj_trump_init(&t, &r, 0, 3) == SJ_OK);
    sj_cards plays[4] = {P("8D 8D JD QD"), P("5C 5C AC 2S"), P("3D 4D 5D 6D"), P("6C 6C 2C 2C")};
    CHECK(sj_trick_winner(&t, plays, 4) == 3);
    /* The winner's every grouping must be beaten: 6C 6C 2C 2C (groupings 2C2C+6C+6C, 6C6C+2C+2C) against
     * 7C 7C 3C 3C: against 6C6C+2C+2C it has no grouping with both singles above 2C. */
    sj_cards p2[3] = {P("8D 8D JD QD"), P("6C 6C 2C 2C"), P("7C 7C 3C 3C")};
    CHECK(sj_trick_winner(&t, p2, 3) == 1);
    /* ... and BJ BJ SJ SJ beats both groupings. */
    sj_cards p3[3] = {P("8D 8D JD QD"), P("6C 6C 2C 2C"), P("BJ BJ SJ SJ")};
    CHECK(sj_trick_winner(&t, p3, 3) == 2);
    r.trick_compare = SJ_COMPARE_LARGEST_UNIT; /* the QQ default: the highest pair decides */
    CHECK(sj_trump_init(&t, &r, 0, 3) == SJ_OK);
    CHECK(sj_trick_winner(&t, plays, 4) == 3);
    CHECK(sj_trick_winner(&t, p2, 3) == 1);
}

/* A trump context exists only at a level the rules play (sj_level_played): under first_level=3 (the 4-deck post)
 * 2 is a constant trump, never a level. */
static void test_trump_levels(void) {
    sj_rules r = sj_rules_default();
    r.first_level = SJ_FIRST_LEVEL_3;
    r.constant_ranks = 1; /* 2 */
    sj_trump t;
    CHECK(sj_trump_init(&t, &r, 0, 1) == SJ_E_LEVEL);
    CHECK(sj_trump_init(&t, &r, 0, SJ_NO_SUIT) == SJ_E_LEVEL);
    for (int level = 1; level < 13; level++) CHECK(sj_trump_init(&t, &r, level, 1) == SJ_OK);
    r.first_level = SJ_FIRST_LEVEL_2;
    CHECK(sj_trump_init(&t, &r, 0, 1) == SJ_OK);
}

static void test_follow(void) {
    sj_trump t = T(2, 8, 1, 0);
    sj_cards hand = P("7S 7S 6S 3S 2S 2H"), lead = P("AS AS");
    sj_cards ok = P("7S 7S"), bad = P("6S 3S"), bad2 = P("7S 2H");
    CHECK(sj_is_legal_follow(&t, &hand, &lead, &ok));
    CHECK(!sj_is_legal_follow(&t, &hand, &lead, &bad));
    CHECK(!sj_is_legal_follow(&t, &hand, &lead, &bad2));
    sj_cards out[64];
    CHECK(sj_legal_follows(&t, &hand, &lead, out, 64, 0) == 1);
    /* Short in suit: must play all of it. */
    sj_cards hand2 = P("7S 2H 3C"), lead2 = P("AS AS");
    sj_cards p_ok = P("7S 3C"), p_bad = P("2H 3C");
    CHECK(sj_is_legal_follow(&t, &hand2, &lead2, &p_ok));
    CHECK(!sj_is_legal_follow(&t, &hand2, &lead2, &p_bad));
    CHECK(sj_legal_follows(&t, &hand2, &lead2, out, 64, 0) == 2);
    /* Tractor lead: tractor if held, else pairs. */
    sj_cards lead3 = P("KS KS QS QS"), hand3 = P("9S 9S 8S 8S 5S 5S 3S");
    sj_cards t_ok = P("9S 9S 8S 8S"), t_bad = P("9S 9S 5S 5S");
    CHECK(sj_is_legal_follow(&t, &hand3, &lead3, &t_ok));
    CHECK(!sj_is_legal_follow(&t, &hand3, &lead3, &t_bad));
    sj_cards hand4 = P("9S 9S 7S 7S 5S 3S"), p4ok = P("9S 9S 7S 7S"), p4bad = P("9S 9S 5S 3S");
    CHECK(sj_is_legal_follow(&t, &hand4, &lead3, &p4ok));
    CHECK(!sj_is_legal_follow(&t, &hand4, &lead3, &p4bad));
}

static void test_kitty(void) {
    sj_trump t3 = T(3, 8, 1, 0);
    sj_cards titanic = P("4S 4S 4S 5S 5S 5S"), triple = P("5S 5S 5S");
    CHECK(sj_kitty_multiplier(&t3, &titanic) == 64);
    CHECK(sj_kitty_multiplier(&t3, &triple) == 8);
    sj_trump t = T(2, 8, 1, 0);
    sj_cards a = P("4S 4S 5S 5S 6S 6S"), b = P("4S 4S 5S 5S"), c = P("AS KS QS JS 9S 8S 7S 7S");
    CHECK(sj_kitty_multiplier(&t, &a) == 64);
    CHECK(sj_kitty_multiplier(&t, &b) == 16);
    CHECK(sj_kitty_multiplier(&t, &c) == 4);
    sj_cards d = P("AS KS QS JS"), e = P("AS AS JS JS");
    CHECK(sj_kitty_multiplier(&t, &d) == 2);
    CHECK(sj_kitty_multiplier(&t, &e) == 4);
}

/* The kitty multiplier reads the capturing cards (docs/MODEL.md §7): a one-trick deal (four cards a hand, the
 * kitty all the rest) where the dealer leads ♠AA ♠JJ and seat 1 trumps with the tractor ♥99 ♥88 (边锋: ×8 from
 * the winner, ×4 from the lead). */
static void test_capturing_cards(void) {
    const char *hands[4] = {"AS AS JS JS", "9H 9H 8H 8H", "3C 4C 6C 7C", "3D 4D 6D 7D"};
    for (int reads = 0; reads < 2; reads++) {
        sj_rules r = sj_rules_default();
        r.kitty = 92;
        r.declaration = SJ_DECLARE_NONE;
        r.kitty_multiplier = SJ_KITTY_BIANFENG;
        r.kitty_multiplier_reads = reads ? SJ_KITTY_READS_LEAD : SJ_KITTY_READS_WINNER;
        uint8_t order[108], left[54];
        for (int k = 0; k < 54; k++) left[k] = 2;
        for (int s = 0; s < 4; s++) {
            sj_cards h = P(hands[s]);
            int j = 0;
            for (int k = 0; k < 54; k++)
                for (int c = sj_cards_count(&h, k); c > 0; c--, j++) order[4 * j + s] = (uint8_t)k, left[k]--;
        }
        int at = 16;
        for (int k = 0; k < 54; k++)
            while (left[k]--) order[at++] = (uint8_t)k;
        sj_deal d;
        CHECK(sj_deal_init(&d, &r, order, 0, 0, 1, 0) == SJ_OK);
        sj_cards kitty = d.kitty, played;
        int failed;
        CHECK(sj_deal_bury(&d, &kitty) == SJ_OK);
        for (int s = 0; s < 4; s++) {
            sj_cards p = P(hands[s]);
            CHECK(sj_deal_play(&d, &p, &played, &failed) == SJ_OK && !failed);
        }
        sj_cards won = P("9H 9H 8H 8H"), lead = P("AS AS JS JS");
        CHECK(d.phase == SJ_PHASE_DONE && d.kitty_captured && d.last_winner == 1);
        CHECK(sj_cards_equal(&d.last_won, &won) && sj_cards_equal(&d.last_lead, &lead));
        CHECK(d.multiplier == (reads ? 4 : 8));
        CHECK(d.attacker_points == d.kitty_points * d.multiplier);
    }
}

/* 对家保 (partner_reinforce, docs/MODEL.md §9): the partner's copy of the standing single level card, while dealing,
 * makes the declaration a pair of the declarer's; only under "pair", only by the partner, only of the single. */
static void test_partner_reinforce(void) {
    for (int rule = SJ_REINFORCE_NEVER; rule <= SJ_REINFORCE_PAIR; rule++) {
        sj_rules r = sj_rules_default();
        CHECK(r.partner_reinforce == SJ_REINFORCE_PAIR); /* the table's default: qq-2deck's */
        r.partner_reinforce = rule;
        uint8_t order[108];
        sj_shuffle_pack(order, 2, 5, 0);
        sj_deal d;
        CHECK(sj_deal_init(&d, &r, order, 0, 8, SJ_TRUMP_DECLARE, 0) == SJ_OK);
        d.declarer = d.first_declarer = 0; /* a single 10H of seat 0 stands */
        d.decl_cards = P("10H");
        d.decl_suit = 1;
        d.decl_strength = 1;
        d.hands[1] = P("10H 10D 10D SJ SJ");
        d.hands[2] = P("10H 10S");
        sj_cards copy = P("10H"), spade = P("10S"), pair = P("10D 10D"), jokers = P("SJ SJ"), out[16];
        int grade = 0, suit = -1;
        d.to_move = 1; /* an opponent's copy: a single over a single */
        CHECK(sj_declaration_check(&d, &copy, &grade, &suit, NULL) == SJ_E_DECLARATION);
        d.to_move = 2;
        CHECK(sj_declaration_check(&d, &spade, &grade, &suit, NULL) == SJ_E_DECLARATION);
        int n = sj_deal_legal_declarations(&d, out, 16), listed = 0;
        for (int i = 0; i < n && i < 16; i++) listed += sj_cards_equal(&out[i], &copy);
        if (rule == SJ_REINFORCE_NEVER) {
            CHECK(!listed && sj_declaration_check(&d, &copy, &grade, &suit, NULL) == SJ_E_DECLARATION);
            continue;
        }
        CHECK(listed == 1);
        CHECK(sj_declaration_check(&d, &copy, &grade, &suit, NULL) == SJ_OK && grade == 2 && suit == 1);
        sj_deal grab = d;
        grab.phase = SJ_PHASE_GRAB; /* never in the grab phase */
        CHECK(sj_declaration_check(&grab, &copy, &grade, &suit, NULL) == SJ_E_DECLARATION);
        CHECK(sj_deal_declare(&d, &copy) == SJ_OK);
        sj_cards both = P("10H 10H");
        CHECK(d.declarer == 0 && d.first_declarer == 0 && d.decl_strength == 2 && d.decl_suit == 1);
        CHECK(sj_cards_equal(&d.decl_cards, &both));
        d.to_move = 1; /* 以上后三条以先出现者为准: a 反主 pair is no longer stronger, a joker pair is */
        CHECK(sj_declaration_check(&d, &pair, &grade, &suit, NULL) == SJ_E_DECLARATION);
        CHECK(sj_declaration_check(&d, &jokers, &grade, &suit, NULL) == SJ_OK && grade == 3);
        d.to_move = 2; /* nothing more to add */
        CHECK(sj_declaration_check(&d, &copy, &grade, &suit, NULL) == SJ_E_DECLARATION);
    }
}

/* 4 decks, 自保 (docs/MODEL.md §9): while dealing the standing declarer may raise its own declaration to the
 * same trump only; in the grab phase it never grabs. */
static void test_4deck_reinforce(void) {
    sj_rules r = sj_rules_default();
    r.decks = 4;
    r.declaration = SJ_DECLARE_4DECK;
    uint8_t order[216];
    sj_shuffle_pack(order, 4, 3, 0);
    sj_deal d;
    CHECK(sj_deal_init(&d, &r, order, 0, 8, SJ_TRUMP_DECLARE, 0) == SJ_OK);
    d.hands[0] = P("10H 10H 10S 10S SJ SJ BJ BJ");
    d.to_move = 0;
    d.declarer = 0;
    d.decl_suit = 1; /* a single 10H stands */
    d.decl_strength = 1;
    int grade, suit;
    sj_cards pair = P("10H 10H"), other = P("10S 10S"), jokers = P("SJ SJ"), four = P("SJ SJ BJ BJ");
    CHECK(sj_declaration_check(&d, &pair, &grade, &suit, NULL) == SJ_OK && suit == 1);
    CHECK(sj_declaration_check(&d, &other, &grade, &suit, NULL) == SJ_E_DECLARATION);  /* 不能自反 */
    CHECK(sj_declaration_check(&d, &jokers, &grade, &suit, NULL) == SJ_E_DECLARATION); /* no trump: another trump */
    four.p[0] |= SJ_CHOICE_BIT(1);
    CHECK(sj_declaration_check(&d, &four, &grade, &suit, NULL) == SJ_OK && grade == 8);
    four.p[0] = (four.p[0] & ~SJ_CHOICE_MASK) | SJ_CHOICE_BIT(0);
    CHECK(sj_declaration_check(&d, &four, &grade, &suit, NULL) == SJ_E_DECLARATION);
    d.to_move = 2; /* the partner may overturn or reinforce as anyone may */
    d.hands[2] = P("10S 10S");
    CHECK(sj_declaration_check(&d, &other, &grade, &suit, NULL) == SJ_OK);
    d.to_move = 0;
    d.phase = SJ_PHASE_GRAB; /* 炒底: never by the standing declarer */
    CHECK(sj_declaration_check(&d, &pair, &grade, &suit, NULL) == SJ_E_DECLARATION);
}

static void test_levels(void) {
    sj_rules r = sj_rules_default();
    sj_level_outcome o = sj_level_outcome_of(&r, 0);
    CHECK(o.dealer_keeps && o.dealer_levels == 3);
    o = sj_level_outcome_of(&r, 35);
    CHECK(o.dealer_keeps && o.dealer_levels == 2);
    o = sj_level_outcome_of(&r, 40);
    CHECK(o.dealer_keeps && o.dealer_levels == 1);
    o = sj_level_outcome_of(&r, 80);
    CHECK(!o.dealer_keeps && o.attacker_levels == 0);
    o = sj_level_outcome_of(&r, 160);
    CHECK(!o.dealer_keeps && o.attacker_levels == 2);
    r.level_table = SJ_LEVELS_ATTACKERS_EARLY;
    o = sj_level_outcome_of(&r, 80);
    CHECK(!o.dealer_keeps && o.attacker_levels == 1);
}


/* Random positions of every deck count and option: no crash (ASan/UBSan in CI) and invariants:
 * the units partition the play, every listed legal follow is legal, a failed throw plays a unit of the
 * lead, the trick winner is in range, multipliers are positive. */
static uint64_t fz_state = 12345;
static int fz(int n) {
    fz_state ^= fz_state << 13, fz_state ^= fz_state >> 7, fz_state ^= fz_state << 17;
    return (int)(fz_state % (uint64_t)n);
}

static sj_cards fz_draw(int *pack, int *left, int n) {
    sj_cards c = sj_cards_empty();
    for (int i = 0; i < n && *left > 0; i++) sj_cards_add_one(&c, pack[--*left]);
    return c;
}

static sj_cards fz_one_suit(const sj_trump *t, const sj_cards *from, int maxn) {
    sj_cards out = sj_cards_empty();
    if (sj_cards_is_empty(from)) return out;
    int kinds[64], nk = 0;
    for (int k = 0; k < 54; k++)
        if (sj_cards_count(from, k)) kinds[nk++] = k;
    int e = t->eff[kinds[fz(nk)]], n = 1 + fz(maxn);
    for (int k = 0; k < 54 && n > 0; k++) {
        if (t->eff[k] != e) continue;
        int c = sj_cards_count(from, k);
        int take = fz(3) ? c : fz(c + 1);
        for (int i = 0; i < take && n > 0; i++, n--) sj_cards_add_one(&out, k);
    }
    if (sj_cards_is_empty(&out)) {
        for (int k = 0; k < 54; k++)
            if (t->eff[k] == e && sj_cards_count(from, k)) {
                sj_cards_add_one(&out, k);
                break;
            }
    }
    return out;
}

static void test_random_positions(void) {
    static sj_cards buf[4096];
    for (int it = 0; it < 20000; it++) {
        sj_rules r = sj_rules_default();
        r.decks = 1 + fz(4);
        r.kitty = sj_rules_default_kitty(r.decks);
        r.constant_ranks = (uint16_t)(fz(3) == 0 ? 0 : fz(2) ? 1 : (1 | 2 | 8));
        r.follow_protection = (sj_follow_protection)fz(2);
        r.follow_ladder = (sj_follow_ladder)fz(2);
        r.taian_trump_follow = fz(2);
        r.failed_throw = (sj_failed_throw)fz(2);
        r.trick_compare = (sj_trick_compare)fz(3);
        r.kitty_multiplier = (sj_kitty_policy)fz(5);
        sj_trump t;
        CHECK(sj_trump_init(&t, &r, fz(13), fz(5) - 1) == 0);
        /* a compressed pack: a few kinds with all their copies */
        int pack[216], n = 0, nkinds = 4 + fz(50);
        for (int k = 0; k < 54; k++)
            if (fz(54) < nkinds)
                for (int d = 0; d < r.decks; d++) pack[n++] = k;
        for (int i = n - 1; i > 0; i--) {
            int j = fz(i + 1), x = pack[i];
            pack[i] = pack[j], pack[j] = x;
        }
        sj_cards leader = fz_draw(pack, &n, 4 + fz(20));
        sj_cards lead = fz_one_suit(&t, &leader, 12);
        if (sj_cards_is_empty(&lead)) continue;
        int nl = sj_cards_size(&lead);
        sj_cards others[3];
        for (int h = 0; h < 3; h++) others[h] = fz_draw(pack, &n, nl + fz(14));

        sj_unit u[SJ_MAX_UNITS];
        int nu = sj_units(&t, &lead, u, SJ_MAX_UNITS);
        CHECK(nu >= 1);
        sj_cards sum = sj_cards_empty(), tmp;
        for (int i = 0; i < nu; i++) {
            CHECK(sj_cards_size(&u[i].cards) == u[i].w * u[i].l);
            CHECK(sj_cards_add(&sum, &u[i].cards, &tmp) == 0);
            sum = tmp;
        }
        CHECK(sj_cards_equal(&sum, &lead));

        sj_cards played;
        int ok = sj_check_throw(&t, &lead, others, 3, &played);
        CHECK(ok == 0 || ok == 1);
        CHECK(sj_cards_contains(&lead, &played));
        if (ok) CHECK(sj_cards_equal(&played, &lead));

        CHECK(sj_kitty_multiplier(&t, &lead) >= 2);

        if (sj_cards_size(&others[0]) >= nl) {
            long found = sj_legal_follows(&t, &others[0], &lead, buf, 4096, 4096);
            CHECK(found >= 1);
            { /* the generated list is the tested one, in the same order (and the same prefix under a limit) */
                static sj_cards ref[4096];
                long lim = fz(2) ? 4096 : 1 + fz(8);
                long fr = sj_legal_follows_tested(&t, &others[0], &lead, ref, 4096, lim);
                long fg = sj_legal_follows(&t, &others[0], &lead, ref + 2048, 2048, lim);
                CHECK(fr == (lim < found ? lim : found) && fg == fr);
                for (long i = 0; i < fr && i < 2048; i++)
                    if (!sj_cards_equal(&ref[i], &ref[2048 + i]) || !sj_cards_equal(&ref[i], &buf[i])) { CHECK(0); break; }
            }
            for (long i = 0; i < found && i < 4096; i++) {
                if (!sj_is_legal_follow(&t, &others[0], &lead, &buf[i])) { CHECK(0); break; }
                if (sj_cards_size(&buf[i]) != nl || !sj_cards_contains(&others[0], &buf[i])) { CHECK(0); break; }
            }
            sj_cards plays[4] = {lead, buf[0], buf[0], buf[0]};
            int np = 2;
            for (int h = 1; h < 3; h++)
                if (sj_cards_size(&others[h]) >= nl) {
                    long f = sj_legal_follows(&t, &others[h], &lead, buf, 1, 1);
                    CHECK(f == 1);
                    plays[np++] = buf[0];
                }
            int w = sj_trick_winner(&t, plays, np);
            CHECK(w >= 0 && w < np);
        }
    }
}

/* The action is one of the legal actions listed (at most `cap` of them, the pass first). */
static void check_listed(const sj_deal *d, const sj_cards *a, long cap) {
    static sj_cards acts[4096];
    long na = sj_deal_legal_actions(d, acts, 4096, 0), hit = 0;
    CHECK(na >= 1 && na <= cap && sj_cards_is_empty(&acts[0]));
    for (long i = 0; i < na && i < 4096; i++) hit |= sj_cards_equal(&acts[i], a);
    CHECK(hit);
}

/* Whole deals with the C policies, every move validated by the engine: policy moves are always legal
 * (policy leads never fail as throws), points are conserved, the deal ends. */
static void test_policy_deals(void) {
    uint8_t order[SJ_MAX_PACK];
    for (int g = 0; g < 3000; g++) {
        sj_rules r = sj_rules_default();
        r.decks = 1 + g % 3;
        r.kitty = r.decks == 2 ? 8 : 6;
        r.declaration = r.decks == 3 ? SJ_DECLARE_QQ3 : SJ_DECLARE_QQ;
        r.no_bid = (sj_no_bid)(g % 3);
        r.first_deal_dealer = (sj_first_deal_dealer)(g / 8 % 2);
        r.constant_ranks = (uint16_t)(g % 5 == 0 ? 1 : 0);
        r.throw_penalty = (sj_throw_penalty)(g % 3);          /* none, ten_per_card, match_point */
        r.kitty_multiplier = (sj_kitty_policy)(g % 5);        /* power, pairs, bianfeng, chinagame, copies */
        r.level_table = (sj_level_table)(g / 5 % 2);
        r.trick_compare = (sj_trick_compare)(g % 3);
        r.taian_trump_follow = g % 7 == 0;
        r.follow_protection = (sj_follow_protection)(g % 2);
        sj_policy pol[4] = {(sj_policy)(g % 2), (sj_policy)((g / 2) % 2), (sj_policy)(g % 2), (sj_policy)((g / 3) % 2)};
        sj_shuffle_pack(order, r.decks, 99, (uint64_t)g);
        sj_deal d;
        int trump = g % 4 == 0 ? SJ_TRUMP_DECLARE : (g % 5) - 1;
        CHECK(sj_deal_init(&d, &r, order, g % 4, g % 13, trump, g % 8 == 0) == SJ_OK);
        sj_rng rng = sj_rng_stream(7, (uint64_t)g);
        int guard = 0;
        while (d.phase != SJ_PHASE_DONE && guard++ < 2000) { /* every phase through the one protocol */
            sj_cards a, played;
            int failed;
            if (d.phase == SJ_PHASE_PLAY && d.ntrick == 0) {
                /* the unseen tops from bit planes of positions equal those of the position counts */
                sj_cards unseen = sj_deal_unseen(&d);
                for (int e = 0; e < SJ_NUM_EFF; e++) {
                    sj_tops s1, s2;
                    sj_cards theirs = sj_cards_mask(&unseen, d.trump.suit_mask[e] | d.trump.borrow_mask[e]);
                    sj_poscounts pc;
                    sj_poscounts_of(&d.trump, e, &theirs, &pc);
                    sj_highest_unit_tops(&pc, s1);
                    const sj_tops_row *now = sj_unseen_tops(&d, e, s2);
                    CHECK(memcmp(s1, now, sizeof(sj_tops)) == 0);
                }
            }
            CHECK(sj_policy_action(pol[d.to_move], &d, &rng, &a) == SJ_OK);
            if (d.phase == SJ_PHASE_DECLARE) { /* the action is one of the listed ones */
                check_listed(&d, &a, 64);
            }
            int rc = sj_deal_act(&d, &a, &played, &failed);
            CHECK(rc == SJ_OK);
            CHECK(!failed);
            if (rc != SJ_OK) break;
        }
        CHECK(d.phase == SJ_PHASE_DONE);
        CHECK(d.attacker_captured + d.defender_captured + d.kitty_points == 100 * r.decks);
        if (d.kitty_captured)
            CHECK(d.multiplier == sj_kitty_multiplier(&d.trump, sj_kitty_capturing_cards(&d)) && d.multiplier >= 2);
    }
    /* The 4-deck system: its ladder, the turned-up kitty, first-deal redeals and 炒底. */
    long grabs = 0, redeals = 0, turned = 0;
    for (int g = 0; g < 400; g++) {
        sj_rules r = sj_rules_default();
        r.decks = 4;
        r.kitty = 8;
        r.constant_ranks = 1;
        r.declaration = SJ_DECLARE_4DECK;
        r.follow_ladder = SJ_LADDER_4DECK;
        r.no_bid = g % 3 == 0 ? SJ_NOBID_NOTRUMP : SJ_NOBID_KITTY_TURNUP;
        r.first_deal_no_bid = (sj_first_deal_no_bid)(g / 4 % 2);
        r.first_deal_dealer = (sj_first_deal_dealer)(g / 2 % 2);
        r.kitty_grab = g % 5 != 0;
        sj_policy pol[4] = {(sj_policy)(g % 2), (sj_policy)((g / 2) % 2), (sj_policy)(g % 2), (sj_policy)((g / 3) % 2)};
        sj_shuffle_pack(order, r.decks, 5, (uint64_t)g);
        sj_deal d;
        CHECK(sj_deal_init(&d, &r, order, g % 4, 1, SJ_TRUMP_DECLARE, g % 4 == 0) == SJ_OK);
        sj_rng rng = sj_rng_stream(8, (uint64_t)g);
        int guard = 0;
        while (d.phase != SJ_PHASE_DONE && guard++ < 100000) {
            sj_cards a, played;
            int failed;
            CHECK(sj_policy_action(pol[d.to_move], &d, &rng, &a) == SJ_OK);
            if (d.phase == SJ_PHASE_DECLARE && g % 5 == 1 && d.redeals < (g % 3 == 0 ? 70 : 1))
                a = sj_cards_empty(); /* nobody declares: the kitty is turned up, or a first deal is dealt again */
            if (d.phase == SJ_PHASE_DECLARE || d.phase == SJ_PHASE_GRAB) {
                check_listed(&d, &a, 64);
                if (d.phase == SJ_PHASE_GRAB) CHECK((d.to_move != d.burier && d.to_move != d.declarer) || sj_cards_is_empty(&a));
            }
            int rc = sj_deal_act(&d, &a, &played, &failed);
            CHECK(rc == SJ_OK);
            if (rc != SJ_OK) break;
        }
        CHECK(d.phase == SJ_PHASE_DONE);
        CHECK(d.attacker_captured + d.defender_captured + d.kitty_points == 400);
        CHECK(!(d.turned_up && d.grabs) && d.redeals <= SJ_MAX_REDEALS);
        grabs += d.grabs;
        redeals += d.redeals;
        turned += d.turned_up;
    }
    printf("4-deck policy deals: %ld grabs, %ld redeals, %ld turned up\n", grabs, redeals, turned);
    CHECK(grabs > 0 && redeals > 0 && turned > 0);
}

/* first_deal_no_bid="kitty_dealer": nobody declares in a first deal, the kitty's first card picks the dealer (the
 * 4-deck post's numbering ♠ ♥ ♣ ♦ by A..K, SJ 52, BJ 53; tables 0 1 2 3 = seats 0 3 2 1). */
static void test_kitty_dealer(void) {
    /* kind (S H D C by 2..A) -> seat: A♠ 0 -> 0, 2♠ 1 -> 3, A♥ 13 -> 3, A♣ 26 -> 2, A♦ 39 -> 1, K♦ 51 -> 1, SJ 52 -> 0, BJ 53 -> 3 */
    static const int cases[][2] = {{12, 0}, {0, 3}, {25, 3}, {51, 2}, {38, 1}, {37, 1}, {52, 0}, {53, 3}};
    sj_rules r = sj_rules_default();
    r.decks = 1;
    r.kitty = 6;
    r.no_bid = SJ_NOBID_KITTY_TURNUP;
    r.first_deal_no_bid = SJ_FIRST_NOBID_KITTY_DEALER;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int first = 0; first < 2; first++) {
            uint8_t order[SJ_NUM_KINDS];
            sj_shuffle_pack(order, 1, 9, c);
            for (int i = 0; i < SJ_NUM_KINDS; i++)
                if (order[i] == cases[c][0]) order[i] = order[48], order[48] = (uint8_t)cases[c][0];
            sj_deal d;
            int dealt_by = (int)(c % 4);
            CHECK(sj_deal_init(&d, &r, order, dealt_by, 0, SJ_TRUMP_DECLARE, first) == SJ_OK);
            sj_cards none = sj_cards_empty();
            while (d.phase == SJ_PHASE_DECLARE) CHECK(sj_deal_declare(&d, &none) == SJ_OK);
            int want = first ? cases[c][1] : dealt_by;
            CHECK(d.phase == SJ_PHASE_BURY && d.dealer == want && d.burier == want && d.turned_up);
            CHECK(sj_cards_size(&d.hands[want]) == 18);
        }
    }
    r.kitty = 0;
    r.decks = 4;
    r.no_bid = SJ_NOBID_NOTRUMP;
    CHECK(sj_rules_check(&r, NULL, 0) != SJ_OK); /* no kitty, no first card */
    r.first_deal_no_bid = SJ_FIRST_NOBID_SAME;
    CHECK(sj_rules_check(&r, NULL, 0) == SJ_OK);
}

/* 泰安: joker + pairs declarations, 闷牌, the kitty rules and 换底, with the C policies. */
/* 泰安's face-down declarations: a world drawn for the burier (who cannot see the trump) from what it knows
 * reaches its position, with the others' declarations of the sizes shown; returns 1 when checked. */
static int check_face_down_world(const sj_deal *d, const sj_decl_event *rec, int nrec, uint64_t seed) {
    int me = d->burier, nshown = 0;
    sj_decl_event known[64];
    sj_shown shown[SJ_MAX_PACK];
    uint8_t have[SJ_NUM_KINDS] = {0};
    for (int e = 0; e < nrec; e++) {
        known[e] = rec[e];
        if (rec[e].seat != me) {
            known[e].cards = sj_cards_empty(); /* face down to the burier */
            continue;
        }
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (; have[k] < sj_cards_count(&rec[e].cards, k); have[k]++)
                shown[nshown++] = (sj_shown){.seat = (int8_t)me, .kind = (uint8_t)k, .step = rec[e].step};
    }
    sj_face_down fd = {.dealt_by = d->dealt_by, .level = d->level, .first_deal = d->first_deal,
                       .redeals = d->redeals, .phase = d->phase, .to_move = d->to_move, .dealer = d->dealer,
                       .observer = me, .hand = d->hands[me], .shown = nshown ? shown : NULL, /* (none: NULL, as the
                       * extension passes it) */ .nshown = nshown, .record = known,
                       .nrecord = nrec};
    for (int s = 0; s < 4; s++) fd.hand_sizes[s] = sj_cards_size(&d->hands[s]);
    sj_deal w;
    sj_cards cards[64];
    sj_rng r = sj_rng_stream(seed, 99);
    int rc = sj_face_down_world(&d->rules, &fd, &r, &w, cards);
    CHECK(rc == SJ_OK);
    if (rc != SJ_OK) return 0;
    CHECK(w.phase == SJ_PHASE_BURY && w.to_move == me && w.dealer == d->dealer && w.declarer == d->declarer);
    CHECK(sj_cards_equal(&w.hands[me], &d->hands[me]));
    for (int s = 0; s < 4; s++) CHECK(sj_cards_size(&w.hands[s]) == sj_cards_size(&d->hands[s]));
    for (int e = 0; e < nrec; e++) {
        CHECK(sj_cards_size(&cards[e]) == rec[e].size);
        if (rec[e].seat == me) CHECK(sj_cards_equal(&cards[e], &rec[e].cards));
    }
    CHECK(sj_cards_equal(&w.decl_cards, &cards[nrec - 1]));
    return 1;
}

static void test_taian_deals(void) {
    uint8_t order[SJ_MAX_PACK];
    long face_down_worlds = 0;
    long lost = 0, swaps = 0, swap_phases = 0, declared = 0, partner_buries = 0, banned_kitties = 0, borrowed_plays = 0;
    for (int g = 0; g < 600; g++) {
        sj_rules r = sj_rules_default();
        r.decks = 2;
        r.kitty = 4;
        r.constant_ranks = (1u << 0) | (1u << 1) | (1u << 3); /* 2, 3, 5 */
        r.declaration = SJ_DECLARE_TAIAN;
        r.no_bid = SJ_NOBID_DEALER_LOSES;
        r.first_deal_no_bid = (sj_first_deal_no_bid)(g % 2);
        r.first_deal_dealer = SJ_FINAL_DECLARER;
        r.kitty_rule = SJ_KITTY_RULE_TAIAN;
        r.taian_trump_follow = 1;
        r.tractor_rule = g % 3 ? SJ_TRACTOR_NATURAL : SJ_TRACTOR_POSITION;
        sj_policy pol[4] = {(sj_policy)(g % 2), (sj_policy)((g / 2) % 2), (sj_policy)(g % 2), (sj_policy)((g / 3) % 2)};
        sj_shuffle_pack(order, r.decks, 11, (uint64_t)g);
        sj_deal d;
        CHECK(sj_deal_init(&d, &r, order, g % 4, 12, SJ_TRUMP_DECLARE, g % 5 == 0) == SJ_OK);
        sj_rng rng = sj_rng_stream(12, (uint64_t)g);
        int guard = 0, saw_swap = 0, nrec = 0;
        sj_decl_event rec[64];
        while (d.phase != SJ_PHASE_DONE && guard++ < 100000) {
            sj_cards a, played;
            int failed;
            if (d.phase == SJ_PHASE_BURY && d.declarer >= 0 && d.declarer != d.burier && g < 200)
                face_down_worlds += check_face_down_world(&d, rec, nrec, (uint64_t)g);
            CHECK(sj_policy_action(pol[d.to_move], &d, &rng, &a) == SJ_OK);
            if (d.phase == SJ_PHASE_DECLARE && !sj_cards_is_empty(&a) && nrec < 64)
                rec[nrec++] = (sj_decl_event){.step = (int16_t)d.step, .seat = (int8_t)d.to_move,
                                              .size = (uint8_t)sj_cards_size(&a), .cards = a};
            if (d.phase == SJ_PHASE_DECLARE || d.phase == SJ_PHASE_SWAP) {
                check_listed(&d, &a, 4096);
                if (d.phase == SJ_PHASE_SWAP) {
                    saw_swap = 1;
                    CHECK(d.to_move == d.declarer);
                }
            }
            if (d.phase == SJ_PHASE_BURY) {
                partner_buries += d.burier != d.dealer;
                if (d.declarer >= 0 && sj_team(d.declarer) == sj_team(d.dealer)) CHECK(d.burier == (d.declarer + 2) % 4);
                else CHECK(d.burier == d.dealer);
            }
            sj_unit bu[SJ_MAX_UNITS];
            int ps = d.phase == SJ_PHASE_PLAY ? sj_trump_suit_of(&d.trump, &a) : -1;
            if (ps >= 0 && ps != SJ_TRUMP && (a.p[0] & d.trump.suit_mask[SJ_TRUMP]) &&
                sj_units(&d.trump, &a, bu, SJ_MAX_UNITS) > 0) { /* a play of a plain suit that borrows trumps */
                static sj_cards acts[4096];
                long na = d.ntrick ? sj_legal_follows(&d.trump, &d.hands[d.to_move], &d.trick[0], acts, 4096, 0)
                                   : sj_deal_legal_leads(&d, acts, 4096, 0);
                int hit = 0;
                for (long i = 0; i < na && i < 4096; i++) hit |= sj_cards_equal(&acts[i], &a);
                CHECK(hit);
                borrowed_plays++;
            }
            int rc = sj_deal_act(&d, &a, &played, &failed);
            CHECK(rc == SJ_OK);
            if (rc != SJ_OK) break;
            if (d.phase == SJ_PHASE_PLAY && d.tricks_done == 0 && d.ntrick == 0) CHECK(d.leader == d.burier);
        }
        CHECK(d.phase == SJ_PHASE_DONE);
        if (d.lost_deal) {
            CHECK(d.declarer < 0 && !d.first_deal && d.outcome.dealer_levels == 0 && d.outcome.attacker_levels == 0 &&
                  !d.outcome.dealer_keeps && d.tricks_done == 0);
            lost++;
            continue;
        }
        declared += d.declarer >= 0;
        swap_phases += saw_swap;
        swaps += d.swapped > 0;
        CHECK(d.kitty_public);
        CHECK(d.attacker_captured + d.defender_captured + d.kitty_points == 200);
        sj_cards ok = sj_kitty_allowed(&d, &d.kitty, 0); /* no points or constant trumps went into the kitty */
        banned_kitties += !sj_cards_equal(&ok, &d.kitty);
    }
    printf("泰安 policy deals: %ld lost, %ld declared, %ld swap phases, %ld swaps, %ld partner burials, %ld plays "
           "borrowing trumps\n", lost, declared, swap_phases, swaps, partner_buries, borrowed_plays);
    CHECK(lost > 0 && declared > 0 && swap_phases > 0 && swaps > 0 && partner_buries > 0 && borrowed_plays > 0);
    CHECK(banned_kitties == 0); /* a 26-card hand always holds 4 allowed cards in practice */
    printf("泰安 face-down worlds drawn for the burier: %ld\n", face_down_worlds);
    CHECK(face_down_worlds > 20);
}

/* 找朋友 (partnership="call_card"): whole policy deals; the partner as 边锋's rules say, the reveal, the teams. */
static void test_friend_deals(void) {
    uint8_t order[SJ_MAX_PACK];
    long alone = 0, holds_one = 0, holds_none = 0, revealed = 0, kept = 0;
    for (int g = 0; g < 600; g++) {
        sj_rules r = sj_rules_default();
        r.partnership = SJ_PARTNER_CALL_CARD;
        r.no_bid = SJ_NOBID_KITTY_CARD_NOTRUMP;
        r.kitty_multiplier = SJ_KITTY_BIANFENG;
        sj_policy pol = (sj_policy)(g % 2);
        sj_shuffle_pack(order, r.decks, 21, (uint64_t)g);
        sj_deal d;
        CHECK(sj_deal_init(&d, &r, order, g % 4, g % 13, SJ_TRUMP_DECLARE, 0) == SJ_OK);
        sj_rng rng = sj_rng_stream(22, (uint64_t)g);
        int guard = 0, called = 0;
        while (d.phase != SJ_PHASE_DONE && guard++ < 100000) {
            sj_cards a, played;
            int failed;
            CHECK(sj_policy_action(pol, &d, &rng, &a) == SJ_OK);
            if (d.phase == SJ_PHASE_CALL) {
                static sj_cards acts[64];
                CHECK(d.to_move == d.dealer && sj_deal_legal_actions(&d, acts, 64, 0) == SJ_NUM_KINDS);
                CHECK(sj_cards_size(&a) == 1);
                sj_cards two = a;
                two.p[1] = two.p[0];
                sj_deal copy = d;
                CHECK(sj_deal_act(&copy, &two, &played, &failed) == SJ_E_COUNT); /* exactly one card */
                int k = __builtin_ctzll(a.p[0]), mine = sj_cards_count(&d.hands[d.dealer], k), expect = -1;
                for (int i = 1; i < 4 && expect < 0; i++)
                    if (sj_cards_count(&d.hands[(d.dealer + i) % 4], k)) expect = (d.dealer + i) % 4;
                CHECK(sj_deal_act(&d, &a, &played, &failed) == SJ_OK);
                CHECK(d.partner == expect && d.called == k && !d.friend_revealed && d.phase == SJ_PHASE_PLAY);
                if (mine == 1 && expect >= 0) CHECK(sj_cards_count(&d.hands[expect], k) == 1); /* the other copy */
                alone += expect < 0;
                holds_one += mine == 1;
                holds_none += mine == 0;
                called = 1;
                continue;
            }
            int seat = d.to_move, was = d.friend_revealed;
            CHECK(sj_deal_act(&d, &a, &played, &failed) == SJ_OK);
            if (d.called >= 0 && !was && d.friend_revealed)
                CHECK(seat == d.partner && sj_cards_count(&played, d.called)); /* the reveal */
            if (d.called >= 0 && !d.friend_revealed && seat == d.partner) CHECK(!sj_cards_count(&played, d.called));
        }
        CHECK(called && d.phase == SJ_PHASE_DONE);
        CHECK(d.friend_revealed == (d.partner >= 0)); /* every card is played by the end */
        revealed += d.friend_revealed;
        kept += d.outcome.dealer_keeps;
        CHECK(d.attacker_captured + d.defender_captured + d.kitty_points == 200);
        CHECK(d.kitty_captured == sj_is_attacker(&d, d.last_winner));
        for (int s = 0; s < 4; s++) CHECK(sj_is_attacker(&d, s) == (s != d.dealer && s != d.partner));
    }
    printf("找朋友 policy deals: %ld alone, %ld dealer holding one, %ld holding none, %ld revealed, %ld kept\n", alone,
           holds_one, holds_none, revealed, kept);
    CHECK(alone > 0 && holds_one > 0 && holds_none > 0 && revealed > 0 && kept > 0);
}

/* The 4-deck ladder (the post's 抄底牌条件) and its legality rules. */
static void test_4deck_ladder(void) {
    sj_rules r = sj_rules_default();
    r.decks = 4;
    r.declaration = SJ_DECLARE_4DECK;
    const int lv = 1; /* level 3 */
    sj_cards c;
    int suit;
#define SHOW(...)                                                    \
    do {                                                             \
        int ks[] = {__VA_ARGS__};                                    \
        c = sj_cards_empty();                                        \
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) sj_cards_add_one(&c, ks[i]); \
    } while (0)
    SHOW(sj_make_kind(2, lv));
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 1 && suit == 2);
    int want[4] = {5, 4, 2, 3}; /* pairs: S H D C */
    for (int s = 0; s < 4; s++) {
        SHOW(sj_make_kind(s, lv), sj_make_kind(s, lv));
        CHECK(sj_declaration_grade(&r, lv, &c, &suit) == want[s] && suit == s);
    }
    SHOW(sj_make_kind(0, lv), sj_make_kind(0, lv), sj_make_kind(0, lv));
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 0); /* three level cards: no grade */
    SHOW(SJ_SMALL_JOKER, SJ_SMALL_JOKER);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 6 && suit == SJ_NO_SUIT);
    SHOW(SJ_BIG_JOKER, SJ_BIG_JOKER);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 7);
    SHOW(SJ_SMALL_JOKER, SJ_BIG_JOKER, SJ_BIG_JOKER, SJ_BIG_JOKER);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 0); /* four jokers need a choice */
    c.p[0] |= SJ_CHOICE_BIT(1);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 8 && suit == 1);
    c.p[0] |= SJ_CHOICE_BIT(SJ_CHOICE_NOTRUMP);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 0); /* two choices */
    SHOW(sj_make_kind(0, lv), sj_make_kind(0, lv));
    c.p[0] |= SJ_CHOICE_BIT(1);
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 0); /* a choice on a pair */
    SHOW(sj_make_kind(0, lv + 1));
    CHECK(sj_declaration_grade(&r, lv, &c, &suit) == 0); /* not a level card */
#undef SHOW
}

/* Uniform sampling of hidden cards (sj_determinize.h) against brute force: every assignment of the
 * physical cards to slots of the right sizes that respects the groups, counted and tallied. */
typedef struct det_outcome {
    sj_cards slot[SJ_DET_SLOTS];
    double expected;
    long seen;
} det_outcome;

static void test_determinize_case(int nslots, const int *caps, int ng, const char **groups, const uint8_t *allowed) {
    sj_cards cards[8];
    int kinds[16], gof[16], n = 0;
    for (int g = 0; g < ng; g++) {
        cards[g] = P(groups[g]);
        for (int k = 0; k < SJ_NUM_KINDS; k++)
            for (int c = sj_cards_count(&cards[g], k); c > 0; c--) kinds[n] = k, gof[n++] = g;
    }
    static det_outcome outs[4096];
    int nout = 0;
    double total = 0;
    long combos = 1;
    for (int i = 0; i < n; i++) combos *= nslots;
    for (long code = 0; code < combos; code++) { /* card i goes to slot (code / nslots^i) % nslots */
        int size[SJ_DET_SLOTS] = {0}, ok = 1;
        long c = code;
        sj_cards slot[SJ_DET_SLOTS] = {sj_cards_empty(), sj_cards_empty(), sj_cards_empty(), sj_cards_empty()};
        for (int i = 0; i < n && ok; i++, c /= nslots) {
            int s = (int)(c % nslots);
            ok = allowed[gof[i]] >> s & 1;
            size[s]++;
            sj_cards_add_one(&slot[s], kinds[i]);
        }
        for (int s = 0; s < nslots && ok; s++) ok = size[s] == caps[s];
        if (!ok) continue;
        total += 1;
        int j = 0;
        while (j < nout && !(sj_cards_equal(&outs[j].slot[0], &slot[0]) && sj_cards_equal(&outs[j].slot[1], &slot[1]) &&
                             sj_cards_equal(&outs[j].slot[2], &slot[2]) && sj_cards_equal(&outs[j].slot[3], &slot[3])))
            j++;
        if (j == nout) {
            memcpy(outs[nout].slot, slot, sizeof slot);
            outs[nout].expected = 0;
            outs[nout++].seen = 0;
        }
        outs[j].expected += 1;
    }
    int err;
    sj_det *det = sj_det_new(nslots, caps, ng, cards, allowed, &err);
    CHECK(det != NULL && err == SJ_OK);
    if (!det) return;
    CHECK(fabs(sj_det_count(det) - total) <= 1e-9 * (total + 1));
    sj_rng r = sj_rng_stream(5, (uint64_t)n);
    long draws = 200000;
    for (long d = 0; d < draws; d++) {
        sj_cards out[SJ_DET_SLOTS];
        if (sj_det_sample(det, &r, out) != SJ_OK) {
            CHECK(0);
            break;
        }
        for (int s = nslots; s < SJ_DET_SLOTS; s++) out[s] = sj_cards_empty();
        int j = 0;
        while (j < nout && !(sj_cards_equal(&outs[j].slot[0], &out[0]) && sj_cards_equal(&outs[j].slot[1], &out[1]) &&
                             sj_cards_equal(&outs[j].slot[2], &out[2]) && sj_cards_equal(&outs[j].slot[3], &out[3])))
            j++;
        CHECK(j < nout); /* every sample is a consistent placement */
        if (j < nout) outs[j].seen++;
    }
    for (int j = 0; j < nout; j++) { /* each outcome within 5 standard deviations of its expectation */
        double e = draws * outs[j].expected / total;
        CHECK(fabs((double)outs[j].seen - e) <= 5 * sqrt(e) + 2);
    }
    sj_det_free(det);
}

static void test_determinize(void) {
    const char *g1[] = {"AS KS", "2H 3H 4H 4H"};
    const uint8_t a1[] = {0x3, 0xF};
    const int c1[] = {2, 2, 1, 1};
    test_determinize_case(4, c1, 2, g1, a1);
    const char *g2[] = {"AS AS", "KD", "5C 5C 6C 7C"};
    const uint8_t a2[] = {0x1, 0x6, 0x7};
    const int c2[] = {3, 2, 2};
    test_determinize_case(3, c2, 3, g2, a2);
    const char *g3[] = {"BJ SJ 2S 2S"}; /* nothing constrained: one free group */
    const uint8_t a3[] = {0x7};
    const int c3[] = {1, 2, 1};
    test_determinize_case(3, c3, 1, g3, a3);
    /* no placement: the group allowed in slot 0 only is larger than slot 0 */
    int err;
    sj_cards bad[1] = {P("AS KS QS")};
    const uint8_t abad[1] = {0x1};
    const int cbad[2] = {2, 1};
    sj_det *det = sj_det_new(2, cbad, 1, bad, abad, &err);
    CHECK(det != NULL && sj_det_count(det) == 0.0);
    sj_cards out[SJ_DET_SLOTS];
    sj_rng r = sj_rng_stream(1, 1);
    CHECK(det && sj_det_sample(det, &r, out) == SJ_E_ARGS);
    sj_det_free(det);
    /* the cards must fill the slots exactly */
    const int cshort[2] = {2, 2};
    CHECK(sj_det_new(2, cshort, 1, bad, abad, &err) == NULL && err == SJ_E_ARGS);
}

/* Rollouts (sj_rollout.h): the same results for any thread count; with no sampler, each action's result is
 * the deal finished from it by the policies; every sampled world keeps the mover's hand and the sizes. */
static void test_rollouts(void) {
    uint8_t order[SJ_MAX_PACK];
    sj_rules r = sj_rules_default();
    sj_shuffle_pack(order, 2, 77, 1);
    sj_deal d;
    CHECK(sj_deal_init(&d, &r, order, 0, 0, 1, 0) == SJ_OK);
    sj_player greedy[4] = {{SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL},
                           {SJ_POLICY_GREEDY, NULL}};
    sj_rng rng = sj_rng_stream(1, 1);
    for (int i = 0; i < 30 && d.phase != SJ_PHASE_PLAY; i++) {
        sj_cards a, played;
        int failed;
        sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
        sj_deal_act(&d, &a, &played, &failed);
    }
    for (int i = 0; i < 9; i++) { /* a few plays in */
        sj_cards a, played;
        int failed;
        sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
        CHECK(sj_deal_act(&d, &a, &played, &failed) == SJ_OK);
    }
    static sj_cards acts[SJ_CANDIDATES];
    long na = sj_candidate_actions(&d, acts);
    CHECK(na >= 1);
    enum { W = 12 };
    static int16_t pts[3][SJ_CANDIDATES * W];
    static uint8_t cap[3][SJ_CANDIDATES * W];
    static int8_t dl[3][SJ_CANDIDATES * W], al[3][SJ_CANDIDATES * W];
    /* the mover's sampler: the three other hands and the hidden kitty, one free group (no voids yet) */
    int mover = d.to_move, caps[4], slot = 0;
    sj_rollout_in in;
    memset(&in, 0, sizeof in);
    sj_cards hidden = sj_cards_empty(), tmp;
    for (int s = 0; s < 4; s++) {
        if (s == mover) continue;
        caps[slot] = sj_cards_size(&d.hands[s]);
        in.slot_seat[slot++] = s;
        sj_cards_add(&hidden, &d.hands[s], &tmp);
        hidden = tmp;
    }
    caps[3] = r.kitty;
    in.slot_seat[3] = -1;
    sj_cards_add(&hidden, &d.kitty, &tmp);
    hidden = tmp;
    int err;
    const uint8_t all = 0xF;
    sj_det *det = sj_det_new(4, caps, 1, &hidden, &all, &err);
    CHECK(det != NULL);
    in.deal = &d;
    in.actions = acts;
    in.nactions = (int)na;
    in.worlds = W;
    in.seed = 5;
    in.endgame = -1;
    in.budget = NULL;
    in.declare_observer = -1;
    in.shown = NULL;
    in.nshown = 0;
    for (int s = 0; s < 4; s++) in.player[s] = (sj_player){SJ_POLICY_RANDOM, NULL};
    for (int k = 0; k < 3; k++) {
        in.det = k < 2 ? det : NULL;
        if (k == 2)
            for (int s = 0; s < 4; s++) in.player[s] = (sj_player){SJ_POLICY_GREEDY, NULL};
        sj_rollout_out out = {pts[k], cap[k], dl[k], al[k], NULL, NULL, NULL, NULL};
        CHECK(sj_rollouts(&in, &out, k == 0 ? 1 : 3, NULL, NULL) == SJ_OK);
    }
    CHECK(memcmp(pts[0], pts[1], sizeof(int16_t) * (size_t)(na * W)) == 0);
    CHECK(memcmp(cap[0], cap[1], (size_t)(na * W)) == 0);
    for (int a = 0; a < na; a++) { /* the true deal, greedy: the deal finished from the action */
        sj_deal x = d;
        sj_cards played;
        int failed;
        CHECK(sj_deal_act(&x, &acts[a], &played, &failed) == SJ_OK);
        sj_rng rr = sj_rng_stream(0, 0);
        CHECK(sj_policy_finish(&x, greedy, &rr, NULL) >= 0);
        for (int w = 0; w < W; w++) CHECK(pts[2][a * W + w] == x.attacker_points);
    }
    for (uint64_t w = 0; w < W; w++) { /* sampled worlds: the mover's hand, the sizes, every card once */
        in.det = det;
        sj_deal world;
        CHECK(sj_rollout_world(&in, w, &world) == SJ_OK);
        CHECK(sj_cards_equal(&world.hands[mover], &d.hands[mover]));
        sj_cards all_cards = world.played, t2;
        for (int s = 0; s < 4; s++) {
            CHECK(sj_cards_size(&world.hands[s]) == sj_cards_size(&d.hands[s]));
            sj_cards_add(&all_cards, &world.hands[s], &t2);
            all_cards = t2;
        }
        sj_cards_add(&all_cards, &world.kitty, &t2);
        CHECK(sj_cards_size(&t2) == 108 && sj_cards_max_copies(&t2) == 2);
    }
    /* ISMCTS from the same position: the same counts for any thread count; every iteration passes through
     * one root action; iterations shared among the trees */
    sj_ismcts_in mi = {0};
    mi.deal = &d;
    mi.det = det;
    for (int k = 0; k < 4; k++) mi.slot_seat[k] = in.slot_seat[k];
    mi.actions = acts;
    mi.nactions = (int)na;
    mi.iterations = 403;
    mi.trees = 4;
    mi.seed = 9;
    mi.value = SJ_VALUE_LEVELS;
    mi.exploration = 0.7;
    mi.max_nodes = 1 << 20;
    mi.declare_observer = -1;
    for (int s = 0; s < 4; s++) mi.player[s] = (sj_player){SJ_POLICY_RANDOM, NULL};
    static long mv[2][SJ_CANDIDATES];
    static double mr[2][SJ_CANDIDATES];
    for (int k = 0; k < 2; k++) {
        sj_ismcts_out mo = {mv[k], mr[k], 0, 0};
        CHECK(sj_ismcts(&mi, &mo, k == 0 ? 1 : 3, NULL, NULL) == SJ_OK);
        long sum = 0;
        for (int a = 0; a < na; a++) sum += mv[k][a];
        CHECK(sum == 403 && mo.iterations == 403 && mo.nodes > 403);
    }
    CHECK(memcmp(mv[0], mv[1], sizeof(long) * (size_t)na) == 0 && memcmp(mr[0], mr[1], sizeof(double) * (size_t)na) == 0);
    mi.exploration = -1;
    sj_ismcts_out bad = {mv[0], mr[0], 0, 0};
    CHECK(sj_ismcts(&mi, &bad, 1, NULL, NULL) == SJ_E_ARGS);
    sj_det_free(det);
}

/* User policies (SJ_POLICY_USER): the function sees the position and the candidates and picks one; -1
 * leaves the choice to the greedy rule, so a function that always passes plays exactly as greedy. */
static int64_t user_first(int32_t *position, int32_t npos, int32_t *cand, int32_t ncand) {
    (void)cand;
    return npos == SJ_POSITION_SIZE && ncand > 0 && position[10] == 2 ? 0 : -2;
}
static int64_t user_raises(int32_t *position, int32_t npos, int32_t *cand, int32_t ncand) {
    (void)position, (void)npos, (void)cand, (void)ncand;
    return SJ_USER_RAISED;
}

static int64_t user_far(int32_t *position, int32_t npos, int32_t *cand, int32_t ncand) {
    (void)position, (void)npos, (void)cand, (void)ncand;
    return INT64_C(1) << 32; /* cut to 32 bits it would read 0 */
}

static int64_t user_pass(int32_t *position, int32_t npos, int32_t *cand, int32_t ncand) {
    (void)position, (void)npos, (void)cand, (void)ncand;
    return -1;
}

static void test_user_policies(void) {
    uint8_t order[SJ_MAX_PACK];
    sj_rules r = sj_rules_default();
    for (int g = 0; g < 40; g++) {
        sj_shuffle_pack(order, 2, 3, (uint64_t)g);
        sj_deal a, b, c;
        CHECK(sj_deal_init(&a, &r, order, g % 4, 0, SJ_TRUMP_DECLARE, 0) == SJ_OK);
        b = a;
        c = a;
        sj_player first[4] = {{SJ_POLICY_USER, user_first}, {SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_USER, user_first},
                              {SJ_POLICY_RANDOM, NULL}};
        sj_player pass[4] = {{SJ_POLICY_USER, user_pass}, {SJ_POLICY_USER, user_pass}, {SJ_POLICY_USER, user_pass},
                             {SJ_POLICY_USER, user_pass}};
        sj_player greedy[4] = {{SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL},
                               {SJ_POLICY_GREEDY, NULL}};
        sj_rng r1 = sj_rng_stream(1, (uint64_t)g), r2 = r1, r3 = r1;
        CHECK(sj_policy_finish(&a, first, &r1, NULL) > 0); /* every move checked by sj_deal_act */
        CHECK(a.phase == SJ_PHASE_DONE);
        CHECK(sj_policy_finish(&b, pass, &r2, NULL) > 0);
        CHECK(sj_policy_finish(&c, greedy, &r3, NULL) > 0);
        CHECK(b.attacker_points == c.attacker_points && b.tricks_done == c.tricks_done);
    }
    /* a function that raised, or answered out of range, stops the run with its own code */
    sj_deal d;
    CHECK(sj_deal_init(&d, &r, order, 0, 0, SJ_TRUMP_DECLARE, 0) == SJ_OK);
    sj_deal e = d;
    sj_player raises[4] = {{SJ_POLICY_USER, user_raises}, {SJ_POLICY_USER, user_raises}, {SJ_POLICY_USER, user_raises},
                           {SJ_POLICY_USER, user_raises}};
    sj_player far[4] = {{SJ_POLICY_USER, user_far}, {SJ_POLICY_USER, user_far}, {SJ_POLICY_USER, user_far},
                        {SJ_POLICY_USER, user_far}};
    sj_rng r4 = sj_rng_stream(9, 0), r5 = r4;
    CHECK(sj_policy_finish(&d, raises, &r4, NULL) == SJ_E_USER_RAISED);
    CHECK(sj_policy_finish(&e, far, &r5, NULL) == SJ_E_USER_POLICY);
}

/* Minimax over every legal action (no classes, no table): the solver's reference. */
static int brute_final(const sj_deal *d) {
    if (d->phase == SJ_PHASE_DONE) return d->attacker_points;
    sj_cards acts[512];
    long n = sj_deal_legal_actions(d, acts, 512, 0);
    CHECK(n > 0 && n <= 512);
    int att = sj_is_attacker(d, d->to_move), best = att ? -1 : 1 << 20;
    for (long i = 0; i < n && i < 512; i++) {
        sj_deal c = *d;
        sj_cards played;
        int failed;
        CHECK(sj_deal_act(&c, &acts[i], &played, &failed) == SJ_OK && !failed);
        int v = brute_final(&c);
        if (att ? v > best : v < best) best = v;
    }
    return best;
}

/* The exact endgame (sj_solve.h) equals brute-force minimax, from trick boundaries and mid-trick, with two
 * and three cards a hand left; its line ends at its value; merged plays (sj_classes.h) have equal values. */
/* A template world (sj_template_world): the placement lands in the hands, each seat's dealt positions hold its
 * cards now plus its plays, the kitty's positions the buried kitty; a placement of the wrong sizes is refused. */
static void test_template_world(void) {
    uint8_t order[SJ_MAX_PACK];
    sj_rules r = sj_rules_default();
    sj_shuffle_pack(order, 2, 91, 3);
    sj_deal d;
    CHECK(sj_deal_init(&d, &r, order, 1, 0, 2, 0) == SJ_OK);
    sj_rng rng = sj_rng_stream(2, 2);
    sj_cards played_by[4] = {sj_cards_empty(), sj_cards_empty(), sj_cards_empty(), sj_cards_empty()};
    sj_log *log = NULL;
    for (int i = 0; i < 1 + 10; i++) { /* the burial, then ten plays, each appended to the history */
        sj_cards a, played, tmp;
        int failed, seat = d.to_move;
        sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
        CHECK(sj_deal_act_why(&d, &log, &a, &played, &failed, NULL) == SJ_OK);
        CHECK(sj_log_length(log) == i + 1 && sj_log_moves(log) == i + 1);
        if (i > 0) {
            sj_cards_add(&played_by[seat], &played, &tmp);
            played_by[seat] = tmp;
        }
    }
    sj_world_template t;
    memset(&t, 0, sizeof t);
    int observer = 0;
    for (int i = 0, s = 0; i < SJ_DET_SLOTS; i++, s++) {
        if (s == observer) s++;
        t.slot_seat[i] = i < 3 ? s : -2;
    }
    for (int s = 0; s < 4; s++) t.played[s] = played_by[s];
    t.burier = d.burier;
    t.swap_declarer = -1;
    sj_cards slots[SJ_DET_SLOTS];
    for (int i = 0; i < 3; i++) slots[i] = d.hands[t.slot_seat[i]];
    /* another placement: swap one card between the first two slots' hands */
    int k0 = -1, k1 = -1;
    for (int k = 0; k < SJ_NUM_KINDS && k0 < 0; k++)
        if (sj_cards_count(&slots[0], k) && !sj_cards_count(&slots[1], k)) k0 = k;
    for (int k = 0; k < SJ_NUM_KINDS && k1 < 0; k++)
        if (sj_cards_count(&slots[1], k) && !sj_cards_count(&slots[0], k)) k1 = k;
    CHECK(k0 >= 0 && k1 >= 0);
    sj_cards_remove_one(&slots[0], k0);
    sj_cards_add_one(&slots[0], k1);
    sj_cards_remove_one(&slots[1], k1);
    sj_cards_add_one(&slots[1], k0);
    sj_deal w;
    sj_cards buried;
    CHECK(sj_template_world(&t, &d, slots, &w, &buried) == SJ_OK);
    CHECK(sj_cards_equal(&buried, &d.kitty) && sj_cards_equal(&w.hands[observer], &d.hands[observer]));
    for (int i = 0; i < 3; i++) CHECK(sj_cards_equal(&w.hands[t.slot_seat[i]], &slots[i]));
    for (int s = 0; s < 4; s++) {
        sj_cards dealt = sj_cards_empty(), now;
        for (int j = 0; j < w.hand_size; j++) sj_cards_add_one(&dealt, w.order[4 * j + (s - d.dealer + 4) % 4]);
        sj_cards_add(&w.hands[s], &played_by[s], &now);
        CHECK(sj_cards_equal(&dealt, &now));
    }
    sj_cards kitty = sj_cards_empty();
    for (int j = 0; j < r.kitty; j++) sj_cards_add_one(&kitty, w.order[4 * w.hand_size + j]);
    CHECK(sj_cards_equal(&kitty, &buried));
    CHECK(w.attacker_captured == d.attacker_captured && w.tricks_done == d.tricks_done);
    /* the same world rebuilt from the record (the burial, then the plays forced) equals the template's */
    sj_log_entry entries[16], plays[16];
    CHECK(sj_log_read(log, entries, 16) == 11);
    CHECK(entries[0].kind == SJ_LOG_MOVE && entries[0].phase == SJ_PHASE_BURY && entries[0].seat == 1);
    for (int i = 1; i < 11; i++) {
        CHECK(entries[i].kind == SJ_LOG_MOVE && entries[i].phase == SJ_PHASE_PLAY && entries[i].step == (i - 1) / 4);
        CHECK(i % 4 == 0 ? entries[i].winner >= 0 && entries[i].winner <= 3 : entries[i].winner == -1);
        plays[i - 1] = entries[i];
    }
    sj_world_record rec;
    memset(&rec, 0, sizeof rec);
    rec.dealer = 1, rec.level = 0, rec.trump = 2, rec.dealt_by = -1, rec.called = -1, rec.stop_phase = -1;
    rec.plays = plays, rec.nplays = 10;
    sj_cards now[4];
    for (int s = 0; s < 4; s++) now[s] = w.hands[s];
    sj_deal rebuilt;
    sj_log *rlog = NULL;
    sj_cards rburied;
    CHECK(sj_world_rebuild(&r, &t, &rec, now, &d.kitty, &rebuilt, &rlog, &rburied) == SJ_OK);
    CHECK(sj_cards_equal(&rburied, &buried) && memcmp(rebuilt.order, w.order, (size_t)w.npack) == 0);
    for (int s = 0; s < 4; s++) CHECK(sj_cards_equal(&rebuilt.hands[s], &w.hands[s]));
    CHECK(rebuilt.to_move == w.to_move && rebuilt.ntrick == w.ntrick && rebuilt.tricks_done == w.tricks_done);
    CHECK(rebuilt.attacker_captured == w.attacker_captured && sj_log_length(rlog) == 11 && sj_log_moves(rlog) == 11);
    sj_log_entry again[16];
    CHECK(sj_log_read(rlog, again, 16) == 11 && again[1].kind == SJ_LOG_FORCE);
    for (int i = 1; i < 11; i++)
        CHECK(sj_cards_equal(&again[i].played, &entries[i].played) && again[i].winner == entries[i].winner &&
              again[i].seat == entries[i].seat && again[i].leader == entries[i].leader);
    sj_log_release(rlog);
    sj_log_release(log);
    sj_cards_remove_one(&slots[0], k1); /* one card short */
    CHECK(sj_template_world(&t, &d, slots, &w, NULL) == SJ_E_SETUP_HAND_SIZE);
    now[0] = slots[0];
    CHECK(sj_world_rebuild(&r, &t, &rec, now, &d.kitty, &rebuilt, NULL, NULL) == SJ_E_SETUP_HAND_SIZE);
}

/* A CPU budget (sj_parallel.h) is spent once the CPU time of the threads that look at it, summed, passes it: alone,
 * and shared by two threads that each spin until it is spent; a wall budget of 0 is spent at once; no budget never. */
static int spin_until_spent(void *ctx, long i) {
    (void)i;
    volatile double x = 0;
    while (!sj_budget_spent((sj_budget *)ctx))
        for (int k = 0; k < 20000; k++) x += k * 1e-9;
    return SJ_OK;
}

static void test_budget(void) {
    sj_budget b;
    sj_budget_init(&b, SJ_CLOCK_CPU, 0.02);
    spin_until_spent(&b, 0);
    CHECK(sj_budget_cpu_seconds(&b) >= 0.019 && sj_budget_cpu_seconds(&b) < 0.04); /* (the last unit ends near it) */
    sj_budget two;
    sj_budget_init(&two, SJ_CLOCK_CPU, 0.04);
    CHECK(sj_parallel_for(2, 1, 2, spin_until_spent, &two, NULL, NULL, NULL) == SJ_OK);
    CHECK(sj_budget_cpu_seconds(&two) >= 0.039 && sj_budget_cpu_seconds(&two) < 0.08);
    sj_budget wall;
    sj_budget_init(&wall, SJ_CLOCK_WALL, 0.0);
    CHECK(sj_budget_spent(&wall) && sj_budget_cpu_seconds(&wall) == 0.0 && !sj_budget_spent(NULL));
}

/* The history's nodes are shared and never change: two branches from one node each read their own entries,
 * the counts follow, and releasing frees every node once (ASan checks the frees). */
static void test_log(void) {
    sj_log_entry e;
    memset(&e, 0, sizeof e);
    e.kind = SJ_LOG_DECLARED;
    e.phase = SJ_PHASE_DECLARE;
    sj_cards_add_one(&e.action, SJ_BIG_JOKER);
    sj_log *root = sj_log_push(NULL, &e);
    e.kind = SJ_LOG_MOVE;
    e.phase = SJ_PHASE_PLAY;
    e.seat = 1;
    sj_log *a = sj_log_push(root, &e);
    e.seat = 2;
    e.kind = SJ_LOG_FORCE;
    sj_log *b = sj_log_push(root, &e);
    sj_log_release(root); /* a and b keep it */
    CHECK(sj_log_length(a) == 2 && sj_log_length(b) == 2 && sj_log_length(NULL) == 0);
    CHECK(sj_log_moves(a) == 1 && sj_log_declarations(a) == 1 && sj_log_declarations(b) == 1);
    sj_log_entry out[2];
    CHECK(sj_log_read(a, out, 2) == 2 && out[0].kind == SJ_LOG_DECLARED && out[1].seat == 1);
    CHECK(sj_log_read(b, out, 2) == 2 && out[0].kind == SJ_LOG_DECLARED && out[1].seat == 2);
    CHECK(sj_log_read(b, out, 1) == 2 && out[0].kind == SJ_LOG_DECLARED); /* only what fits */
    sj_log_release(a);
    CHECK(sj_log_read(b, out, 2) == 2 && out[0].kind == SJ_LOG_DECLARED);
    sj_log_release(b);
    sj_log_release(NULL);
    /* every reason has a sentence; none beyond the table */
    for (int w = 1; w < SJ_WHY_COUNT; w++) CHECK(strstr(sj_refusal_text(w), "{") != NULL || w == SJ_WHY_NONE);
    CHECK(sj_refusal_text(SJ_WHY_COUNT)[0] == 0 && sj_refusal_text(-1)[0] == 0);
}

/* Out of memory (sj_log_fail_after, the tests' fault injection): a move that cannot take its history node is
 * refused with SJ_E_NO_MEMORY before the state changes, in every phase, and a replayed play likewise. */
static void test_log_out_of_memory(void) {
    uint8_t order[SJ_MAX_PACK];
    sj_rules r = sj_rules_default();
    sj_shuffle_pack(order, 2, 17, 0);
    sj_deal d, before;
    CHECK(sj_deal_init(&d, &r, order, 0, 0, SJ_TRUMP_DECLARE, 0) == SJ_OK);
    sj_rng rng = sj_rng_stream(5, 0);
    sj_log *log = NULL;
    int phases = 0;
    for (int i = 0; d.phase != SJ_PHASE_DONE && i < 400; i++) {
        sj_cards a, played;
        int failed;
        sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
        sj_log *was = log;
        long length = sj_log_length(log);
        memcpy(&before, &d, sizeof d);
        CHECK(sj_log_fail_after(1) == 0);
        CHECK(sj_deal_act_why(&d, &log, &a, &played, &failed, NULL) == SJ_E_NO_MEMORY);
        CHECK(memcmp(&before, &d, sizeof d) == 0 && log == was && sj_log_length(log) == length);
        phases |= 1 << d.phase;
        CHECK(sj_deal_act_why(&d, &log, &a, &played, &failed, NULL) == SJ_OK && sj_log_length(log) == length + 1);
    }
    CHECK(d.phase == SJ_PHASE_DONE && (phases & (1 << SJ_PHASE_DECLARE)) && (phases & (1 << SJ_PHASE_BURY)) &&
          (phases & (1 << SJ_PHASE_PLAY)));
    /* a replayed play (sj_world_force) */
    CHECK(sj_deal_init(&d, &r, order, 0, 0, 1, 0) == SJ_OK);
    sj_cards a, played;
    int failed;
    sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
    CHECK(sj_deal_act_why(&d, &log, &a, &played, &failed, NULL) == SJ_OK); /* the burial */
    sj_policy_action(SJ_POLICY_GREEDY, &d, &rng, &a);
    long length = sj_log_length(log);
    memcpy(&before, &d, sizeof d);
    sj_log_fail_after(1);
    CHECK(sj_world_force(&d, &log, &a, NULL) == SJ_E_NO_MEMORY);
    CHECK(memcmp(&before, &d, sizeof d) == 0 && sj_log_length(log) == length);
    CHECK(sj_world_force(&d, &log, &a, NULL) == SJ_OK && sj_log_length(log) == length + 1);
    /* the countdown: the n-th node fails, once; n <= 0 disarms */
    sj_log_fail_after(2);
    sj_log_entry e = sj_log_entry_of(SJ_LOG_DECLARED, SJ_PHASE_DECLARE, 0);
    CHECK(sj_log_append(&log, &e) == SJ_OK && sj_log_append(&log, &e) == SJ_E_NO_MEMORY);
    CHECK(sj_log_append(&log, &e) == SJ_OK);
    CHECK(sj_log_fail_after(3) == 0 && sj_log_fail_after(0) == 3 && sj_log_append(&log, &e) == SJ_OK);
    sj_log_release(log);
}

static void test_solver(void) {
    static sj_tt_entry tt[1 << 12];
    sj_solver s;
    sj_solver_init(&s, tt, 12, NULL);
    int checked = 0;
    for (int decks = 1; decks <= 3; decks++)
        for (uint64_t seed = 0; seed < 12; seed++) {
            sj_rules r = sj_rules_default();
            r.decks = decks;
            r.kitty = sj_rules_default_kitty(decks);
            uint8_t order[216];
            sj_shuffle_pack(order, decks, seed, 7);
            sj_deal d;
            CHECK(sj_deal_init(&d, &r, order, (int)(seed % 4), 0, 1, 0) == SJ_OK);
            sj_player g[4] = {{SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL}, {SJ_POLICY_GREEDY, NULL},
                              {SJ_POLICY_GREEDY, NULL}};
            sj_rng rng = sj_rng_stream(seed, 1);
            int left = 2 + (int)(seed % 2), stop = (int)(seed % 4);
            while (d.phase != SJ_PHASE_DONE && !(d.phase == SJ_PHASE_PLAY && sj_deal_max_hand(&d) <= left &&
                                                 d.ntrick == stop)) {
                sj_cards a, played;
                int failed;
                CHECK(sj_player_action(&g[d.to_move], &d, &rng, &a) == SJ_OK);
                CHECK(sj_deal_act(&d, &a, &played, &failed) == SJ_OK);
            }
            if (d.phase != SJ_PHASE_PLAY) continue;
            int v = -1;
            sj_solver_reset(&s);
            CHECK(sj_solve(&s, &d, &v) == SJ_OK);
            CHECK(v == brute_final(&d));
            sj_deal line = d;
            CHECK(sj_solve_finish(&s, &line) == SJ_OK && line.phase == SJ_PHASE_DONE && line.attacker_points == v);
            sj_cards acts[512];
            long n = sj_deal_legal_actions(&d, acts, 512, 0), cls[512];
            int vals[512];
            CHECK(n > 0 && n <= 512 && sj_solve_actions(&s, &d, acts, n, vals) == SJ_OK);
            CHECK(sj_group_classes(&d, acts, n, cls) > 0);
            for (long i = 0; i < n; i++) CHECK(vals[i] == vals[cls[i]]);
            checked++;
        }
    CHECK(checked >= 20);
    sj_solver_free(&s);
}

/* A user policy that raises from game 40's first decision on (a seat-0 function: every seat plays it). */
static atomic_long selfplay_calls;
static int64_t user_raises_late(int32_t *position, int32_t npos, int32_t *cand, int32_t ncand) {
    (void)position, (void)npos, (void)cand, (void)ncand;
    return atomic_fetch_add(&selfplay_calls, 1) >= 40 * 300 ? SJ_USER_RAISED : 0;
}

static int records_equal(const sj_records *a, const sj_records *b) {
    long n = a->nrows;
    return n == b->nrows && a->ncands == b->ncands && !memcmp(a->game, b->game, (size_t)n * sizeof *a->game) &&
           !memcmp(a->seat, b->seat, (size_t)n) && !memcmp(a->phase, b->phase, (size_t)n) &&
           !memcmp(a->n_candidates, b->n_candidates, (size_t)n * sizeof *a->n_candidates) &&
           !memcmp(a->choice, b->choice, (size_t)n * sizeof *a->choice) &&
           !memcmp(a->points, b->points, (size_t)n * sizeof *a->points) &&
           !memcmp(a->ret, b->ret, (size_t)n * sizeof *a->ret) &&
           !memcmp(a->obs, b->obs, (size_t)n * SJ_ENCODE_SIZE) &&
           !memcmp(a->action, b->action, (size_t)n * SJ_ACTION_SIZE) &&
           !memcmp(a->candidate_start, b->candidate_start, (size_t)(n + 1) * sizeof *a->candidate_start) &&
           !memcmp(a->cands, b->cands, (size_t)a->ncands * SJ_ACTION_SIZE);
}

/* Self-play records: the same rows on 1, 2 and 5 threads (tasks finishing out of turn wait for it), in game
 * order, each game's rows apart in the order of its decisions, candidate offsets that step by n_candidates
 * when the candidates are kept (all 0 otherwise); a run of no games; a policy failing mid-run. */
static void test_selfplay(void) {
    for (int cfg = 0; cfg < 4; cfg++) {
        sj_rules r = sj_rules_default();
        if (cfg == 2) r.decks = 1, r.kitty = 6;
        if (cfg == 3) { /* 泰安: the face-down burial candidates */
            r.kitty = 4;
            r.constant_ranks = (1u << 0) | (1u << 1) | (1u << 3);
            r.declaration = SJ_DECLARE_TAIAN;
            r.no_bid = SJ_NOBID_DEALER_LOSES;
            r.first_deal_dealer = SJ_FINAL_DECLARER;
            r.kitty_rule = SJ_KITTY_RULE_TAIAN;
        }
        sj_setup s;
        memset(&s, 0, sizeof s);
        s.dealer = -1;
        s.trump = SJ_TRUMP_DECLARE;
        for (int i = 0; i < 4; i++) s.player[i] = (sj_player){(sj_policy)((cfg + i) % 2), NULL};
        sj_selfplay_in in = {.rules = &r, .setup = &s, .seed = 5 + (uint64_t)cfg, .first_game = 3, .games = 77,
                             .points = cfg % 2, .skip_forced = cfg != 1, .keep_candidates = cfg != 0};
        for (int i = 0; i < SJ_HIDDEN_TRUMP_WORLDS; i++) in.hidden_draws[i] = 1000 + (uint64_t)i;
        CHECK(sj_setup_check(&r, &s) == SJ_OK);
        sj_records one = {0};
        CHECK(sj_selfplay(&in, 1, &one, NULL, NULL) == 77);
        CHECK(one.nrows > 77 * 10 && one.candidate_start[0] == 0 && one.candidate_start[one.nrows] == one.ncands);
        CHECK(one.game[0] == 3 && one.game[one.nrows - 1] == 79);
        for (long k = 0; k < one.nrows; k++) {
            CHECK(k == 0 || one.game[k] == one.game[k - 1] || one.game[k] == one.game[k - 1] + 1);
            CHECK(one.n_candidates[k] >= (in.skip_forced ? 2 : 1) && one.choice[k] < one.n_candidates[k]);
            long step = one.candidate_start[k + 1] - one.candidate_start[k];
            CHECK(step == (in.keep_candidates ? one.n_candidates[k] : 0));
        }
        for (int threads = 2; threads <= 5; threads += 3) {
            sj_records many = {0};
            long failed = 0;
            CHECK(sj_selfplay(&in, threads, &many, NULL, &failed) == 77);
            CHECK(records_equal(&one, &many));
            sj_records_free(&many);
        }
        sj_selfplay_in part = in; /* games 20 .. 79 on their own: the rows of the whole run's tail */
        part.first_game = 20;
        part.games = 60;
        sj_records tail = {0};
        CHECK(sj_selfplay(&part, 3, &tail, NULL, NULL) == 60);
        long from = 0;
        while (one.game[from] < 20) from++;
        CHECK(tail.nrows == one.nrows - from);
        CHECK(!memcmp(tail.obs, one.obs + from * SJ_ENCODE_SIZE, (size_t)tail.nrows * SJ_ENCODE_SIZE));
        CHECK(!memcmp(tail.ret, one.ret + from, (size_t)tail.nrows * sizeof *tail.ret));
        for (long k = 0; k < tail.nrows; k++)
            CHECK(tail.candidate_start[k] == one.candidate_start[from + k] - one.candidate_start[from]);
        sj_records_free(&tail);
        sj_records_free(&one);
    }
    sj_rules r = sj_rules_default();
    sj_setup s;
    memset(&s, 0, sizeof s);
    s.dealer = -1;
    s.trump = SJ_TRUMP_DECLARE;
    sj_selfplay_in in = {.rules = &r, .setup = &s, .seed = 1, .games = 0, .skip_forced = 1};
    sj_records none = {0};
    CHECK(sj_selfplay(&in, 2, &none, NULL, NULL) == 0); /* no games: no rows, the offsets' one entry */
    CHECK(none.nrows == 0 && none.ncands == 0 && none.candidate_start && none.candidate_start[0] == 0);
    sj_records_free(&none);
    CHECK(none.game == NULL && none.candidate_start == NULL);
    for (int i = 0; i < 4; i++) s.player[i] = (sj_player){SJ_POLICY_USER, user_raises_late};
    in.games = 100;
    for (int threads = 1; threads <= 3; threads += 2) {
        sj_records failing = {0};
        long failed = -2;
        atomic_store(&selfplay_calls, 0);
        CHECK(sj_selfplay(&in, threads, &failing, NULL, &failed) == SJ_E_USER_RAISED);
        CHECK(failed >= 0 && failed < 100);
        sj_records_free(&failing);
    }
}

/* A finished deal as sj_match_record reads it: the dealer, the attackers' points and the level outcome. */
static sj_deal done_deal(const sj_rules *r, int dealer, int attacker_points) {
    sj_deal d;
    memset(&d, 0, sizeof d);
    d.phase = SJ_PHASE_DONE;
    d.dealer = dealer;
    d.attacker_points = attacker_points;
    d.outcome = sj_level_outcome_of(r, attacker_points);
    return d;
}

/* Match points: the QQ rooms' 大光 rooms (match_shutout_points) and 中国游戏中心's rating tiers. */
static void test_match_points(void) {
    /* the tiers: 幼小班 0, 幼中班 50, 幼大班 200, ... 院士 26450; 諾貝爾 by the steps' rule (50 k^2) */
    CHECK(sj_chinagame_tier(0) == 0 && sj_chinagame_tier(-7) == 0 && sj_chinagame_tier(49) == 0);
    CHECK(sj_chinagame_tier(50) == 1 && sj_chinagame_tier(199) == 1 && sj_chinagame_tier(200) == 2);
    CHECK(sj_chinagame_tier(26449) == 22 && sj_chinagame_tier(26450) == 23 && sj_chinagame_tier(28799) == 23);
    CHECK(sj_chinagame_tier(28800) == 24 && sj_chinagame_tier(1000000) == 24);
    CHECK(strcmp(sj_chinagame_tier_name(0), "幼小班") == 0 && strcmp(sj_chinagame_tier_name(24), "諾貝爾") == 0);
    CHECK(sj_chinagame_tier_name(25) == NULL && sj_chinagame_tier_from(-1) == -1);
    for (int k = 0; k < SJ_CHINAGAME_TIERS; k++) CHECK(sj_chinagame_tier_from(k) == 50 * k * k);

    /* 大光积分配置为庄家＋6分，闲家－6分，则翻三倍结果为庄家＋18分，闲家－18分 (all four above 300) */
    sj_rules r = sj_rules_default();
    r.match_points = SJ_MATCH_POINTS_QQ;
    r.match_shutout_points = 6;
    CHECK(sj_rules_check(&r, NULL, 0) == SJ_OK);
    sj_match m;
    int start[4] = {400, 400, 400, 400}, out[4];
    CHECK(sj_match_init(&m, &r, -1, 1, NULL, start) == SJ_OK);
    sj_deal d = done_deal(&r, 1, 0);
    CHECK(sj_match_record(&m, &d) == SJ_OK);
    sj_match_totals(&m, out);
    CHECK(out[1] == 418 && out[3] == 418 && out[0] == 382 && out[2] == 382);
    d = done_deal(&r, 3, 5); /* 5 points: no 大光, the ordinary +3 (2 levels), tripled */
    CHECK(sj_match_record(&m, &d) == SJ_OK);
    sj_match_totals(&m, out);
    CHECK(out[1] == 427 && out[0] == 373);
    /* the doubling reads the totals before the deal, not the deal's own failed throws (81 - 2 would be below 80) */
    r.throw_penalty = SJ_PENALTY_MATCH_POINT;
    int low[4] = {81, 81, 81, 81};
    CHECK(sj_match_init(&m, &r, -1, 0, NULL, low) == SJ_OK);
    d = done_deal(&r, 0, 40); /* the dealers climb 1: +2, doubled */
    d.failed_throws[1] = 2;
    CHECK(sj_match_record(&m, &d) == SJ_OK);
    sj_match_totals(&m, out);
    CHECK(out[0] == 85 && out[1] == 81 - 4 - 2 && out[2] == 85 && out[3] == 77);
    r.throw_penalty = SJ_PENALTY_NONE;
    r.match_shutout_points = 0;
    CHECK(sj_rules_check(&r, NULL, 0) == SJ_E_RULES);
    r.match_shutout_points = 6;
    r.match_points = SJ_MATCH_POINTS_CHINAGAME;
    char msg[256];
    CHECK(sj_rules_check(&r, msg, sizeof msg) == SJ_E_RULES && strstr(msg, "match_shutout_points") != NULL);

    /* 如果勝方水平級別高于負方3級，則勝方不加分: team 0 wins at 10 (passed 9) against 9 (passed 7) */
    r = sj_rules_default();
    r.match_points = SJ_MATCH_POINTS_CHINAGAME;
    r.throw_penalty = SJ_PENALTY_MATCH_POINT;
    int levels[4] = {8, 7, 0, 0};
    struct { int start[4], want[4]; } cases[] = {
        {{1250, 200, 1250, 200}, {1250 - 2, 203, 1250, 203}},  /* 二年級 against 幼大班: 3 tiers, nothing gained */
        {{1250, 450, 1250, 200}, {1263 - 2, 453, 1263, 203}},  /* 學前班 among the losers: 2 tiers */
        {{1250, 200, 800, 200}, {1263 - 2, 203, 813, 203}},    /* 一年級 among the winners: 2 tiers */
        {{0, 800, 50, 1250}, {13 - 2, 803, 63, 1253}},         /* the losers far above: scored as always */
        {{1250, 0, 1250, 0}, {1260 - 2, 5, 1260, 5}},          /* 3 tiers, but no winner yet (80 points) */
    };
    for (int c = 0; c < 5; c++) {
        CHECK(sj_match_init(&m, &r, 8, 0, levels, cases[c].start) == SJ_OK);
        d = done_deal(&r, 0, c == 4 ? 80 : 20);
        d.failed_throws[0] = 2;
        CHECK(sj_match_record(&m, &d) == SJ_OK);
        CHECK(m.winner == (c == 4 ? -1 : 0));
        sj_match_totals(&m, out);
        for (int s = 0; s < 4; s++) CHECK(out[s] == cases[c].want[s]);
    }
}

int main(void) {
    test_cards();
    test_order();
    test_tractors();
    test_natural_tractors();
    test_unit_tops_of();
    test_draw_one();
    test_throw();
    test_trumping();
    test_all_units();
    test_trump_levels();
    test_follow();
    test_kitty();
    test_capturing_cards();
    test_4deck_reinforce();
    test_partner_reinforce();
    test_levels();
    test_random_positions();
    test_policy_deals();
    test_4deck_ladder();
    test_kitty_dealer();
    test_taian_deals();
    test_friend_deals();
    test_determinize();
    test_rollouts();
    test_user_policies();
    test_solver();
    test_log();
    test_log_out_of_memory();
    test_budget();
    test_template_world();
    test_selfplay();
    test_match_points();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
