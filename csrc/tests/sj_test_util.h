/* Helpers for the C tests: parse card tokens ("10H AS SJ BJ 5d"), build contexts. */
#ifndef SJ_TEST_UTIL_H
#define SJ_TEST_UTIL_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sj_follow.h"
#include "sj_kitty.h"
#include "sj_throw.h"
#include "sj_trick.h"

static int rank_of(const char *s, int n) {
    static const char *names[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
    if (n == 1 && toupper((unsigned char)s[0]) == 'T') return 8;
    for (int r = 0; r < 13; r++)
        if ((int)strlen(names[r]) == n && strncasecmp(names[r], s, (size_t)n) == 0) return r;
    return -1;
}

static int suit_of_char(char c) {
    switch (toupper((unsigned char)c)) {
    case 'S': return 0;
    case 'H': return 1;
    case 'D': return 2;
    case 'C': return 3;
    default: return -1;
    }
}

static sj_cards P(const char *text) {
    sj_cards c = sj_cards_empty();
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == ',') s++;
        if (!*s) break;
        const char *e = s;
        while (*e && *e != ' ' && *e != ',') e++;
        int n = (int)(e - s), kind = -1;
        if (n == 2 && strncasecmp(s, "SJ", 2) == 0) kind = SJ_SMALL_JOKER;
        else if (n == 2 && strncasecmp(s, "BJ", 2) == 0) kind = SJ_BIG_JOKER;
        else {
            int r = rank_of(s, n - 1), su = suit_of_char(s[n - 1]);
            if (r >= 0 && su >= 0) kind = sj_make_kind(su, r);
        }
        if (kind < 0 || sj_cards_add_one(&c, kind) < 0) {
            fprintf(stderr, "bad token in test: %.*s\n", n, s);
            exit(2);
        }
        s = e;
    }
    return c;
}

static sj_trump T(int decks, int level_rank, int suit, uint16_t constants) {
    sj_rules r = sj_rules_default();
    r.decks = decks;
    r.kitty = sj_rules_default_kitty(decks);
    r.constant_ranks = constants;
    sj_trump t;
    if (sj_trump_init(&t, &r, level_rank, suit) != 0) exit(2);
    return t;
}

static int failures = 0, checks = 0;
#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#endif
