# Declarations of csrc/include/sj_policy.h (nothing else belongs here).
from libc.stdint cimport int32_t, int64_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_rng cimport sj_rng

cdef extern from "sj_policy.h" nogil:
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
    int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out)
    int sj_policy_finish(sj_deal *d, const sj_player *players, sj_rng *r, const sj_cards *buried)
