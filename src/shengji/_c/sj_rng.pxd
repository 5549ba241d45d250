# Declarations of csrc/include/sj_rng.h (nothing else belongs here).
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "sj_rng.h" nogil:
    ctypedef struct sj_rng:
        uint64_t s

    sj_rng sj_rng_stream(uint64_t seed, uint64_t stream)
    uint64_t sj_rng_next(sj_rng *r)
    uint32_t sj_rng_below(sj_rng *r, uint32_t n)
