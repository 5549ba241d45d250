# Declarations of csrc/include/sj_sim.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_parallel cimport sj_run_flags
from .sj_policy cimport sj_player
from .sj_rng cimport sj_rng
from .sj_rules cimport sj_rules

cdef extern from "sj_sim.h" nogil:
    ctypedef struct sj_setup:
        int dealer
        int level
        int trump
        int hand_fixed[4]
        sj_cards hands[4]
        int kitty_fixed
        sj_cards kitty
        int kitty_ordered
        uint8_t kitty_order[216]
        int buried_fixed
        sj_cards buried
        sj_player player[4]

    ctypedef struct sj_sim_out:
        int16_t *attacker_points
        int16_t *defender_points
        int16_t *kitty_points
        int16_t *kitty_multiplier
        uint8_t *kitty_captured
        int8_t *dealer_levels
        int8_t *attacker_levels
        int8_t *dealer
        int8_t *trump
        int16_t *plays
        uint8_t *lost_deal
        int8_t *partner

    int sj_sim_deal_order(const sj_rules *rules, const sj_setup *setup, sj_rng *r, uint8_t *order)
    int sj_setup_check(const sj_rules *rules, const sj_setup *setup)
    long sj_simulate(const sj_rules *rules, const sj_setup *setup, uint64_t seed, uint64_t first_game, long n,
                     int threads, sj_sim_out *out, sj_run_flags *flags, long *failed_game)
