/* sj_log.c — a deal's history as shared persistent nodes (see sj_log.h). */
#include "sj_log.h"

#include <stdlib.h>

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

sj_log *sj_log_push(sj_log *prev, const sj_log_entry *e) {
    sj_log *l = malloc(sizeof *l);
    if (!l) return NULL;
    sj_log_retain(prev);
    l->prev = prev;
    l->refs = 1;
    l->e = *e;
    l->length = sj_log_length(prev) + 1;
    l->moves = sj_log_moves(prev) + (e->kind == SJ_LOG_MOVE || e->kind == SJ_LOG_FORCE);
    l->declarations = sj_log_declarations(prev) + sj_log_is_declaration(e);
    return l;
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
