/* sj_log.c — a deal's history as shared persistent nodes (see sj_log.h). */
#include "sj_log.h"

#include <stdlib.h>
#include <string.h>

#include "sj_error.h"

#include "sj_state.h"

int sj_log_is_declaration(const sj_log_entry *e) {
    if (e->kind == SJ_LOG_DECLARED) return 1;
    return e->kind == SJ_LOG_MOVE && (e->phase == SJ_PHASE_DECLARE || e->phase == SJ_PHASE_GRAB) &&
           (e->action.p[0] & ~SJ_CHOICE_MASK) != 0;
}

int sj_log_is_burial(const sj_log_entry *e) {
    return e->kind == SJ_LOG_BURIED || (e->kind == SJ_LOG_MOVE && e->phase == SJ_PHASE_BURY);
}

int sj_log_is_grab(const sj_log_entry *e) {
    return e->kind == SJ_LOG_GRABBED ||
           (e->kind == SJ_LOG_MOVE && e->phase == SJ_PHASE_GRAB && sj_log_is_declaration(e));
}

int sj_log_is_play(const sj_log_entry *e) {
    return e->kind == SJ_LOG_FORCE || (e->kind == SJ_LOG_MOVE && e->phase == SJ_PHASE_PLAY);
}

sj_log_entry sj_log_entry_of(int kind, int phase, int seat) {
    sj_log_entry e;
    memset(&e, 0, sizeof e);
    e.kind = (int8_t)kind;
    e.phase = (int8_t)phase;
    e.seat = (int8_t)seat;
    e.leader = e.winner = -1;
    e.step = -1;
    e.known = 1;
    return e;
}

/* Fill `l` as the node after `prev` (whose reference the node holds from now on). */
static void link(sj_log *l, sj_log *prev, const sj_log_entry *e) {
    l->prev = prev;
    l->refs = 1;
    l->e = *e;
    l->length = sj_log_length(prev) + 1;
    l->moves = sj_log_moves(prev) + (e->kind == SJ_LOG_MOVE || e->kind == SJ_LOG_FORCE);
    l->declarations = sj_log_declarations(prev) + sj_log_is_declaration(e);
}

static long fail_countdown; /* sj_log_fail_after: nodes to go before the one that fails (0: disarmed) */

long sj_log_fail_after(long n) {
    long before = fail_countdown;
    fail_countdown = n > 0 ? n : 0;
    return before;
}

sj_log *sj_log_reserve(void) {
    if (fail_countdown > 0 && --fail_countdown == 0) return NULL; /* (tests only: an injected failure) */
    return malloc(sizeof(sj_log));
}

sj_log *sj_log_push(sj_log *prev, const sj_log_entry *e) {
    sj_log *l = sj_log_reserve();
    if (!l) return NULL;
    sj_log_retain(prev);
    link(l, prev, e);
    return l;
}

void sj_log_unreserve(sj_log *node) { free(node); }

void sj_log_commit(sj_log **log, sj_log *node, const sj_log_entry *e) {
    link(node, *log, e);
    *log = node;
}

int sj_log_append(sj_log **log, const sj_log_entry *e) {
    sj_log *node = sj_log_reserve();
    if (!node) return SJ_E_NO_MEMORY;
    sj_log_commit(log, node, e);
    return SJ_OK;
}

void sj_log_retain(sj_log *l) {
    if (l) l->refs++;
}

void sj_log_release(sj_log *l) {
    while (l && --l->refs == 0) { /* a loop, not recursion: a long history frees in constant stack */
        sj_log *prev = l->prev;
        free(l);
        l = prev;
    }
}

long sj_log_length(const sj_log *l) { return l ? l->length : 0; }
long sj_log_moves(const sj_log *l) { return l ? l->moves : 0; }
long sj_log_declarations(const sj_log *l) { return l ? l->declarations : 0; }

long sj_log_read(const sj_log *l, sj_log_entry *out, long cap) {
    long n = sj_log_length(l);
    for (long i = n - 1; l; l = l->prev, i--)
        if (i < cap) out[i] = l->e;
    return n;
}
