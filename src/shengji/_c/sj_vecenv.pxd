# Declarations of csrc/include/sj_vecenv.h (nothing else belongs here).
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_deal cimport sj_deal
from .sj_policy cimport sj_policy
from .sj_rules cimport sj_rules

cdef extern from "sj_vecenv.h" nogil:
    int SJ_VECENV_MAX_ACTIONS
    long SJ_VECENV_MAX_ENVS
    enum:
        SJ_VEC_UNSTARTED
        SJ_VEC_RUNNING
        SJ_VEC_FINISHED

    ctypedef struct sj_vecenv_config:
        sj_rules rules
        int level
        int seat
        sj_policy opponents
        int max_actions
        int points
        int skip_forced
        int autoreset
        int threads
        uint64_t hidden_draws[8]

    ctypedef struct sj_vecenv_out:
        float *obs
        int8_t *mask
        double *reward
        uint8_t *terminated
        uint8_t *truncated
        uint8_t *invalid

    ctypedef struct sj_vecenv:
        pass

    int sj_vecenv_create(const sj_vecenv_config *cfg, long n, const uint64_t *seeds, sj_vecenv **out)
    void sj_vecenv_free(sj_vecenv *e)
    long sj_vecenv_size(const sj_vecenv *e)
    int sj_vecenv_status(const sj_vecenv *e, long i)
    uint64_t sj_vecenv_seed(const sj_vecenv *e, long i)
    uint64_t sj_vecenv_episodes(const sj_vecenv *e, long i)
    const sj_deal *sj_vecenv_deal(const sj_vecenv *e, long i)
    int sj_vecenv_candidates(const sj_vecenv *e, long i, sj_cards *out)
    int sj_vecenv_reset(sj_vecenv *e, const uint8_t *which, const uint64_t *seeds, const uint8_t *seeded,
                        const sj_vecenv_out *out, long *failed)
    int sj_vecenv_step(sj_vecenv *e, const int64_t *actions, const sj_vecenv_out *out, long *failed)
    void sj_vecenv_action_features(const sj_vecenv *e, float *out)
