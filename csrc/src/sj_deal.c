/* sj_deal.c — the deal state machine (RULES.md §3–§5, docs/MODEL.md §9).
 *
 * declare: card i of the pack goes to seat (dealer + i) mod 4 and that seat acts (pass or declare);
 *          after the last card each seat acts once more from the dealer.  Then trump is settled
 *          (no_bid when nobody declared), a first deal's dealer becomes the declarer, and the dealer
 *          takes the kitty.
 * bury:    the dealer buries as many cards as the kitty had.
 * play:    tricks until the hands are empty; a failed throw plays the forced unit (and its penalty);
 *          the last trick won by the attackers captures the kitty times the multiplier of its lead.
 */
#include "sj_deal.h"

#include <string.h>

void sj_shuffle_pack(uint8_t *order, int decks, uint64_t seed, uint64_t stream) {
    int n = 0;
    for (int d = 0; d < decks; d++)
        for (int k = 0; k < SJ_NUM_KINDS; k++) order[n++] = (uint8_t)k;
    sj_rng r = sj_rng_stream(seed, stream);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sj_rng_below(&r, (uint32_t)(i + 1));
        uint8_t x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
}

static void settle_trump(sj_deal *d) {
    int suit = SJ_NO_SUIT;
    if (d->declarer >= 0) {
        suit = d->decl_kind >= 52 ? SJ_NO_SUIT : sj_kind_suit(d->decl_kind);
        if (d->first_deal) d->dealer = d->declarer;
    } else if (d->rules.no_bid == SJ_NOBID_KITTY_CARD) {
        for (int i = 2; i < d->rules.kitty; i++) {
            int k = d->order[4 * d->hand_size + i];
            if (k < 52) {
                suit = sj_kind_suit(k);
                break;
            }
        }
    }
    d->trump_suit = suit;
    sj_trump_init(&d->trump, &d->rules, d->level, suit);
    sj_cards with_kitty;
    sj_cards_add(&d->hands[d->dealer], &d->kitty, &with_kitty);
    d->hands[d->dealer] = with_kitty;
    d->phase = SJ_PHASE_BURY;
    d->to_move = d->dealer;
}

int sj_deal_init(sj_deal *d, const sj_rules *rules, const uint8_t *order, int dealer, int level, int trump,
                 int first_deal) {
    if (rules->decks < 1 || rules->decks > SJ_MAX_DECKS || dealer < 0 || dealer > 3 || level < 0 ||
        level >= SJ_NUM_RANKS || trump < SJ_TRUMP_DECLARE || trump > 3)
        return SJ_E_ARGS;
    int npack = SJ_NUM_KINDS * rules->decks;
    if (rules->kitty < 0 || rules->kitty >= npack || (npack - rules->kitty) % 4) return SJ_E_ARGS;
    uint8_t seen[SJ_NUM_KINDS] = {0};
    for (int i = 0; i < npack; i++) {
        if (order[i] >= SJ_NUM_KINDS || ++seen[order[i]] > rules->decks) return SJ_E_ARGS;
    }
    if (trump == SJ_TRUMP_DECLARE && rules->declaration != SJ_DECLARE_QQ && rules->declaration != SJ_DECLARE_QQ3)
        return SJ_E_UNSUPPORTED;
    if (trump == SJ_TRUMP_DECLARE &&
        (rules->no_bid == SJ_NOBID_REDEAL || rules->no_bid == SJ_NOBID_DEALER_LOSES))
        return SJ_E_UNSUPPORTED;
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    d->dealer = dealer;
    d->level = level;
    d->first_deal = first_deal;
    d->npack = npack;
    d->hand_size = (npack - rules->kitty) / 4;
    memcpy(d->order, order, (size_t)npack);
    d->declarer = -1;
    d->last_winner = -1;
    for (int s = 0; s < 4; s++) d->hands[s] = sj_cards_empty();
    d->kitty = sj_cards_empty();
    for (int i = 4 * d->hand_size; i < npack; i++) sj_cards_add_one(&d->kitty, order[i]);
    d->played = sj_cards_empty();
    if (trump == SJ_TRUMP_DECLARE) {
        d->phase = SJ_PHASE_DECLARE;
        sj_cards_add_one(&d->hands[dealer], order[0]);
        d->step = 0;
        d->to_move = dealer;
        return SJ_OK;
    }
    for (int i = 0; i < 4 * d->hand_size; i++) sj_cards_add_one(&d->hands[(dealer + i) % 4], order[i]);
    d->trump_suit = trump;
    sj_trump_init(&d->trump, &d->rules, level, trump);
    sj_cards with_kitty;
    sj_cards_add(&d->hands[dealer], &d->kitty, &with_kitty);
    d->hands[dealer] = with_kitty;
    d->phase = SJ_PHASE_BURY;
    d->to_move = dealer;
    return SJ_OK;
}

int sj_deal_declare(sj_deal *d, int kind, int count) {
    if (d->phase != SJ_PHASE_DECLARE) return SJ_E_PHASE;
    if (count != 0) {
        if (kind < 0 || kind >= SJ_NUM_KINDS) return SJ_E_DECLARATION;
        if (sj_cards_count(&d->hands[d->to_move], kind) < count) return SJ_E_NOT_HELD;
        int strength = sj_declaration_strength(&d->rules, d->level, kind, count);
        if (strength <= d->decl_strength) return SJ_E_DECLARATION;
        d->declarer = d->to_move;
        d->decl_kind = kind;
        d->decl_count = count;
        d->decl_strength = strength;
    }
    int dealt = 4 * d->hand_size;
    d->step++;
    if (d->step < dealt) {
        d->to_move = (d->dealer + d->step) % 4;
        sj_cards_add_one(&d->hands[d->to_move], d->order[d->step]);
    } else if (d->step < dealt + 4) {
        d->to_move = (d->dealer + d->step - dealt) % 4;
    } else {
        settle_trump(d);
    }
    return SJ_OK;
}

int sj_deal_bury(sj_deal *d, const sj_cards *cards) {
    if (d->phase != SJ_PHASE_BURY) return SJ_E_PHASE;
    if (sj_cards_size(cards) != d->rules.kitty) return SJ_E_COUNT;
    sj_cards rest;
    if (sj_cards_sub(&d->hands[d->dealer], cards, &rest) < 0) return SJ_E_NOT_HELD;
    d->hands[d->dealer] = rest;
    d->kitty = *cards;
    d->phase = SJ_PHASE_PLAY;
    d->leader = d->to_move = d->dealer;
    d->ntrick = 0;
    return SJ_OK;
}

void sj_deal_charge_failed_throw(sj_deal *d, int seat, int cards_back) {
    d->failed_throws[seat]++;
    if (d->rules.throw_penalty == SJ_PENALTY_TEN_PER_CARD)
        d->penalty += (sj_is_attacker(d, seat) ? -10 : 10) * cards_back;
}

static void finish_trick(sj_deal *d) {
    int w = sj_trick_winner(&d->trump, d->trick, 4);
    int winner = (d->leader + (w < 0 ? 0 : w)) % 4;
    int pts = 0;
    for (int i = 0; i < 4; i++) pts += sj_cards_points(&d->trick[i]);
    if (sj_is_attacker(d, winner))
        d->attacker_captured += pts;
    else
        d->defender_captured += pts;
    d->last_lead = d->trick[0];
    d->last_winner = winner;
    d->tricks_done++;
    d->leader = d->to_move = winner;
    d->ntrick = 0;
    if (!sj_cards_is_empty(&d->hands[winner])) return;
    /* The hands are empty: score the deal. */
    d->kitty_points = sj_cards_points(&d->kitty);
    int total = d->attacker_captured + d->penalty;
    if (sj_is_attacker(d, winner)) {
        d->kitty_captured = 1;
        d->multiplier = sj_kitty_multiplier(&d->trump, &d->last_lead);
        total += d->kitty_points * d->multiplier;
    }
    d->attacker_points = total < 0 ? 0 : total;
    d->outcome = sj_level_outcome_of(&d->rules, d->attacker_points);
    d->phase = SJ_PHASE_DONE;
}

static void apply_play(sj_deal *d, const sj_cards *played) {
    int seat = d->to_move;
    sj_cards rest, all;
    sj_cards_sub(&d->hands[seat], played, &rest);
    d->hands[seat] = rest;
    sj_cards_add(&d->played, played, &all);
    d->played = all;
    if (d->ntrick > 0) {
        int e = sj_trump_suit_of(&d->trump, &d->trick[0]);
        sj_cards in_suit = sj_cards_mask(played, d->trump.suit_mask[e]);
        if (sj_cards_size(&in_suit) < sj_cards_size(&d->trick[0])) d->voids[seat] |= (uint8_t)(1u << e);
    }
    d->trick[d->ntrick++] = *played;
    if (d->ntrick == 4)
        finish_trick(d);
    else
        d->to_move = (seat + 1) % 4;
}

int sj_deal_play(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed) {
    *failed = 0;
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    const sj_cards *hand = &d->hands[d->to_move];
    if (!sj_cards_contains(hand, cards)) return SJ_E_NOT_HELD;
    if (d->ntrick == 0) {
        int e = sj_trump_suit_of(&d->trump, cards);
        if (e == -1) return SJ_E_EMPTY;
        if (e == -2) return SJ_E_MIXED;
        sj_cards others[3];
        for (int i = 0; i < 3; i++) others[i] = d->hands[(d->to_move + 1 + i) % 4];
        int ok = sj_check_throw(&d->trump, cards, others, 3, played);
        if (!ok) {
            *failed = 1;
            sj_deal_charge_failed_throw(d, d->to_move, sj_cards_size(cards) - sj_cards_size(played));
        }
    } else {
        if (sj_cards_size(cards) != sj_cards_size(&d->trick[0])) return SJ_E_COUNT;
        if (!sj_is_legal_follow(&d->trump, hand, &d->trick[0], cards)) return SJ_E_ILLEGAL;
        *played = *cards;
    }
    apply_play(d, played);
    return SJ_OK;
}

int sj_deal_play_forced(sj_deal *d, const sj_cards *cards) {
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    if (!sj_cards_contains(&d->hands[d->to_move], cards)) return SJ_E_NOT_HELD;
    if (sj_cards_is_empty(cards)) return SJ_E_EMPTY;
    if (d->ntrick > 0 && sj_cards_size(cards) != sj_cards_size(&d->trick[0])) return SJ_E_COUNT;
    if (d->ntrick == 0 && sj_trump_suit_of(&d->trump, cards) < 0) return SJ_E_MIXED;
    apply_play(d, cards);
    return SJ_OK;
}
