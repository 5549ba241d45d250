# Declarations of csrc/include/sj_world.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, uint8_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_log cimport sj_log, sj_log_entry
from .sj_rules cimport sj_rules

cdef extern from "sj_world.h" nogil:
    int SJ_TEMPLATE_MAX_TRICKS
    ctypedef struct sj_world_template:
        int slot_seat[4]
        sj_cards played[4]
        int burier, bury_phase
        int swap_declarer
        sj_cards swap_out, swap_in
        int nturned
        uint8_t turned[216]
        int ntricks, nfailed
        int8_t trick_winner[64]
        int16_t trick_points[64]
        int8_t failed_seat[64]
        int16_t failed_back[64]
    ctypedef struct sj_world_record:
        int dealer, level, trump, first_deal
        int dealt_by
        int declared, turned_up
        const sj_log_entry *shown
        int nshown
        const sj_log_entry *taken
        int ntaken
        int stop_phase, stop_to_move
        int has_swap
        sj_cards swap
        int called
        const sj_log_entry *plays
        int nplays
    int sj_world_rebuild(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                         const sj_cards *hands, const sj_cards *kitty, sj_deal *world, sj_log **log, sj_cards *buried)
    int sj_template_world(const sj_world_template *t, const sj_deal *base, const sj_cards *slots, sj_deal *world,
                          sj_cards *buried)
    int sj_world_restore(sj_deal *d, sj_log **log, const sj_world_record *rec, int burier)
    int sj_world_force(sj_deal *d, sj_log **log, const sj_cards *played, const sj_cards *attempted)
    int sj_world_loglik(const sj_rules *rules, const sj_world_template *t, const sj_world_record *rec,
                        const sj_cards *hands, const sj_cards *kitty, int observer, double p, double *ll, int *judged)
