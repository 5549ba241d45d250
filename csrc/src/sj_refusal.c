/* sj_refusal.c — the reasons a move is refused (sj_refusal.h). */
#include "sj_refusal.h"

#include <stddef.h>

const char *sj_refusal_text(int why) {
    switch (why) {
#define SJ_REFUSAL_CASE(name, text) \
    case name:                      \
        return text;
        SJ_REFUSALS(SJ_REFUSAL_CASE)
#undef SJ_REFUSAL_CASE
    default:
        return "";
    }
}

int sj_refuse(sj_refusal *r, int code, int why, int seat, int n, int m, const sj_cards *cards,
              const sj_cards *other) {
    if (!r) return code;
    r->why = why;
    r->seat = seat;
    r->n = n;
    r->m = m;
    r->cards = cards ? *cards : sj_cards_empty();
    r->other = other ? *other : sj_cards_empty();
    return code;
}

int sj_refuse_not_held(sj_refusal *r, int code, int seat, const sj_cards *wanted, const sj_cards *held) {
    if (!r) return code;
    sj_cards lacking = sj_cards_empty();
    for (int k = 0; k < SJ_NUM_KINDS; k++)
        for (int c = sj_cards_count(wanted, k) - sj_cards_count(held, k); c > 0; c--) sj_cards_add_one(&lacking, k);
    return sj_refuse(r, code, SJ_WHY_NOT_HELD, seat, 0, 0, &lacking, NULL);
}
