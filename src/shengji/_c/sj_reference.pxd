# Declarations of csrc/include/sj_reference.h (nothing else belongs here).
from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_policy cimport sj_player
from .sj_rng cimport sj_rng


cdef extern from "sj_reference.h" nogil:
    int sj_greedy_play_enumerated(const sj_deal *d, sj_cards *out)
    long sj_greedy_check(sj_deal *d, const sj_player *players, sj_rng *r, int *differs, sj_cards *got, sj_cards *want)
    long sj_candidates_check(sj_deal *d, const sj_player *players, sj_rng *r, int *differs, long *ngot, long *nwant,
                             int *choices, sj_cards *got, sj_cards *want)
    void sj_greedy_bury_classic(const sj_deal *d, sj_cards *out)
