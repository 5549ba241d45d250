# Declarations of csrc/include/sj_deal.h (nothing else belongs here).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t

from .sj_cards cimport sj_cards
from .sj_level cimport sj_level_outcome
from .sj_log cimport sj_log
from .sj_refusal cimport sj_refusal
from .sj_rules cimport sj_rules
from .sj_trump cimport sj_trump

cdef extern from "sj_deal.h" nogil:
    int SJ_TRUMP_DECLARE
    int SJ_CHOICE_SHIFT
    int SJ_CHOICE_NOTRUMP
    uint64_t SJ_CHOICE_MASK
    uint64_t SJ_CHOICE_BIT(int c)
    int SJ_MAX_REDEALS
    ctypedef enum sj_phase:
        SJ_PHASE_DECLARE
        SJ_PHASE_BURY
        SJ_PHASE_GRAB
        SJ_PHASE_SWAP
        SJ_PHASE_CALL
        SJ_PHASE_PLAY
        SJ_PHASE_DONE
        SJ_NUM_PHASES

    ctypedef struct sj_deal:
        sj_rules rules
        sj_trump trump
        int phase
        int dealer
        int dealt_by
        int level
        int trump_suit
        int first_deal
        int hand_size
        int npack
        uint8_t order[216]
        int step
        int redeals
        sj_cards hands[4]
        sj_cards kitty
        int declarer
        int first_declarer
        sj_cards decl_cards
        int decl_suit
        int decl_strength
        int declared
        int turned_up
        int burier
        int asked
        int grabs
        int kitty_public
        int swapped
        int lost_deal
        int called
        int partner
        int friend_revealed
        int to_move
        int leader
        int ntrick
        sj_cards trick[4]
        int tricks_done
        int attacker_captured
        int defender_captured
        int penalty
        int failed_throws[4]
        uint8_t voids[4]
        sj_cards played
        sj_cards played_by[4]
        sj_cards last_lead
        sj_cards last_won
        int last_winner
        int kitty_points
        int multiplier
        int kitty_captured
        int attacker_points
        sj_level_outcome outcome

    void sj_shuffle_pack(uint8_t *order, int decks, uint64_t seed, uint64_t stream)
    int sj_deal_init(sj_deal *d, const sj_rules *rules, const uint8_t *order, int dealer, int level, int trump,
                     int first_deal)
    const char *sj_phase_name(int phase)
    int sj_declaring_status(const sj_rules *rules)
    int sj_declared_trump(const sj_deal *d)
    int sj_no_bid_reads_kitty(const sj_rules *rules)
    void sj_deal_clone(sj_deal *dst, const sj_deal *src)
    int sj_declaration_grade(const sj_rules *rules, int level, const sj_cards *shown, int *suit)
    int sj_declaration_check(const sj_deal *d, const sj_cards *shown, int *grade, int *suit, sj_refusal *why)
    const char *sj_declaration_shows(const sj_rules *rules)
    int sj_deal_declare(sj_deal *d, const sj_cards *shown)
    int sj_deal_grab(sj_deal *d, const sj_cards *shown)
    int sj_deal_legal_declarations(const sj_deal *d, sj_cards *out, int cap)
    int sj_deal_swap(sj_deal *d, const sj_cards *action)
    int sj_deal_call(sj_deal *d, const sj_cards *card)
    int sj_deal_recall(sj_deal *world, const sj_deal *real)
    void sj_deal_recount(sj_deal *d, int ntricks, const int8_t *winner, const int16_t *points, int nfailed,
                         const int8_t *seat, const int16_t *back)
    int sj_deal_dealer_partner(const sj_deal *d)
    int sj_bury_allowed(const sj_deal *d, const sj_cards *hand, const sj_cards *cards)
    sj_cards sj_kitty_allowed(const sj_deal *d, const sj_cards *hand, int plain_only)
    int sj_deal_bury(sj_deal *d, const sj_cards *cards)
    int sj_deal_play(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed)
    int sj_deal_play_forced(sj_deal *d, const sj_cards *cards)
    void sj_deal_charge_failed_throw(sj_deal *d, int seat, int cards_back)
    int sj_deal_act(sj_deal *d, const sj_cards *action, sj_cards *played, int *failed)
    int sj_deal_act_why(sj_deal *d, sj_log **log, const sj_cards *action, sj_cards *played, int *failed, sj_refusal *why)
    long sj_deal_legal_actions(const sj_deal *d, sj_cards *out, long cap, long limit)

cdef extern from "sj_state.h" nogil:
    int sj_deal_max_hand(const sj_deal *d)
    int sj_is_attacker(const sj_deal *d, int seat)
