# Declarations of csrc/include/sj_policy.h (nothing else belongs here).
from libc.stdint cimport int32_t, int64_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_rng cimport sj_rng

cdef extern from "sj_policy.h" nogil:
    int SJ_CLASS_LIST_LIMIT
    ctypedef enum sj_policy:
        SJ_POLICY_RANDOM
        SJ_POLICY_GREEDY
        SJ_POLICY_USER

    ctypedef int64_t (*sj_user_fn)(int32_t *position, int32_t npos, int32_t *candidates, int32_t ncand)
    ctypedef struct sj_player:
        sj_policy kind
        sj_user_fn fn

    int SJ_POSITION_SIZE
    void sj_position_view(const sj_deal *d, int32_t *out)
    int sj_player_action(const sj_player *p, const sj_deal *d, sj_rng *r, sj_cards *out)

    void sj_policy_declare(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out)
    void sj_policy_bury(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out)
    int sj_policy_play(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out)
    int SJ_CANDIDATES
    long sj_follow_candidates(const sj_deal *d, sj_cards *out)
    long sj_candidate_actions(const sj_deal *d, sj_cards *out)
    long sj_search_candidates(const sj_deal *d, sj_cards *out)
    long sj_bury_candidates(const sj_deal *d, sj_cards *out, long cap)
    long sj_search_candidates_choice(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                     int *choice)
    int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out)
    int sj_policy_finish(sj_deal *d, const sj_player *players, sj_rng *r, const sj_cards *buried)
    int sj_greedy_play_enumerated(const sj_deal *d, sj_cards *out)
    long sj_greedy_check(sj_deal *d, const sj_player *players, sj_rng *r, int *differs, sj_cards *got, sj_cards *want)
    long sj_candidates_check(sj_deal *d, const sj_player *players, sj_rng *r, int *differs, long *ngot, long *nwant,
                             int *choices, sj_cards *got, sj_cards *want)
