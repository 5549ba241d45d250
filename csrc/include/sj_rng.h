/* sj_rng.h — a counter-based random stream: stream (seed, index) is the same whoever draws it.
 *
 * SplitMix64 over a state derived from (seed, stream): deal i of seed s draws only from stream
 * (s, i), so results do not depend on threads, batch splits or the order in which deals are made.
 */
#ifndef SJ_RNG_H
#define SJ_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sj_rng {
    uint64_t s;
} sj_rng;

static inline uint64_t sj_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline sj_rng sj_rng_stream(uint64_t seed, uint64_t stream) {
    sj_rng r;
    r.s = sj_mix64(seed + UINT64_C(0x9E3779B97F4A7C15)) ^ sj_mix64(stream * UINT64_C(0xD1B54A32D192ED03) + 1);
    return r;
}

static inline uint64_t sj_rng_next(sj_rng *r) {
    r->s += UINT64_C(0x9E3779B97F4A7C15);
    return sj_mix64(r->s);
}

/* Uniform integer in [0, n), n >= 1 (Lemire's method, unbiased). */
static inline uint32_t sj_rng_below(sj_rng *r, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)sj_rng_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)sj_rng_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#ifdef __cplusplus
}
#endif
#endif
