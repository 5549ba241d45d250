# Declarations of csrc/include/sj_rules.h (nothing else belongs here).
from libc.stdint cimport uint16_t

cdef extern from "sj_rules.h" nogil:
    ctypedef enum sj_follow_protection:
        SJ_PROTECT_NONE
        SJ_PROTECT_LONGER_TUPLES
    ctypedef enum sj_follow_ladder:
        SJ_LADDER_QQ
        SJ_LADDER_4DECK
    ctypedef enum sj_failed_throw:
        SJ_FAILED_LOWEST
        SJ_FAILED_SMALLEST_SHAPE
    ctypedef enum sj_trick_compare:
        SJ_COMPARE_LARGEST_UNIT
        SJ_COMPARE_ALL_UNITS
        SJ_COMPARE_HIGHEST_CARD
    ctypedef enum sj_kitty_policy:
        SJ_KITTY_POWER
        SJ_KITTY_PAIRS
        SJ_KITTY_BIANFENG
        SJ_KITTY_CHINAGAME
        SJ_KITTY_COPIES
    ctypedef enum sj_level_table:
        SJ_LEVELS_STANDARD
        SJ_LEVELS_ATTACKERS_EARLY
    ctypedef enum sj_throw_penalty:
        SJ_PENALTY_NONE
        SJ_PENALTY_TEN_PER_CARD
        SJ_PENALTY_MATCH_POINT

    ctypedef enum sj_declaration:
        SJ_DECLARE_QQ
        SJ_DECLARE_QQ3
        SJ_DECLARE_4DECK
        SJ_DECLARE_TAIAN
        SJ_DECLARE_NONE
    ctypedef enum sj_no_bid:
        SJ_NOBID_NOTRUMP
        SJ_NOBID_KITTY_CARD
        SJ_NOBID_REDEAL
        SJ_NOBID_DEALER_LOSES

    ctypedef struct sj_rules:
        int decks
        int kitty
        uint16_t constant_ranks
        sj_follow_protection follow_protection
        sj_follow_ladder follow_ladder
        int taian_trump_follow
        sj_failed_throw failed_throw
        sj_trick_compare trick_compare
        sj_kitty_policy kitty_multiplier
        sj_level_table level_table
        sj_throw_penalty throw_penalty
        sj_declaration declaration
        sj_no_bid no_bid

    ctypedef struct sj_level_outcome:
        int dealer_keeps
        int dealer_levels
        int attacker_levels

    sj_rules sj_rules_default()
    sj_level_outcome sj_level_outcome_of(const sj_rules *rules, int attacker_points)
