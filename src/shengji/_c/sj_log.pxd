# Declarations of csrc/include/sj_log.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t

from .sj_cards cimport sj_cards

cdef extern from "sj_log.h" nogil:
    int SJ_LOG_MOVE
    int SJ_LOG_FORCE
    int SJ_LOG_DECLARED
    int SJ_LOG_GRABBED
    int SJ_LOG_BURIED
    ctypedef struct sj_log_entry:
        int8_t kind
        int8_t phase
        int8_t seat
        int8_t failed
        int8_t leader
        int8_t winner
        int8_t known
        int16_t step
        int16_t before
        sj_cards action
        sj_cards played
    ctypedef struct sj_log:
        pass
    sj_log_entry sj_log_entry_of(int kind, int phase, int seat)
    sj_log *sj_log_push(sj_log *prev, const sj_log_entry *e)
    int sj_log_append(sj_log **log, const sj_log_entry *e)
    void sj_log_retain(sj_log *l)
    void sj_log_release(sj_log *l)
    long sj_log_length(const sj_log *l)
    long sj_log_moves(const sj_log *l)
    long sj_log_declarations(const sj_log *l)
    int sj_log_is_declaration(const sj_log_entry *e)
    int sj_log_is_burial(const sj_log_entry *e)
    int sj_log_is_grab(const sj_log_entry *e)
    int sj_log_is_play(const sj_log_entry *e)
    long sj_log_read(const sj_log *l, sj_log_entry *out, long cap)
    long sj_log_fail_after(long n)
