/* sj_deal.c — the deal state machine (docs/RULES.md §3–§6, docs/MODEL.md §9).
 *
 * declare: card i of the pack goes to seat (dealer + i) mod 4 and that seat acts (pass or declare);
 *          after the last card each seat acts once more from the dealer.  Then trump is settled
 *          (no_bid when nobody declared: sj_declare.c; a first deal may be dealt again instead,
 *          first_deal_no_bid), a first deal's dealer is decided by the declaring (first_deal_dealer), or
 *          with nobody declaring by the kitty's first card (first_deal_no_bid="kitty_dealer", sj_declare.c),
 *          and the dealer takes the kitty.
 * bury:    the burier (who took up the kitty last) buries as many cards as the kitty had.
 * grab:    炒底 (kitty_grab): after each burial the three others are asked in turn from the burier's
 *          next; a higher declaration takes up the kitty (bury again) and makes the trump; three passes
 *          in a row start the play.
 * play:    tricks until the hands are empty; a failed throw plays the forced unit (and its penalty);
 *          the last trick won by the attackers captures the kitty times the multiplier of the capturing
 *          cards (sj_kitty.c).
 */
#include "sj_deal.h"
#include "sj_moves.h"

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

const char *sj_phase_name(int phase) {
    switch (phase) {
#define SJ_PHASE_CASE(name, text) \
    case name:                    \
        return text;
        SJ_PHASES(SJ_PHASE_CASE)
#undef SJ_PHASE_CASE
    default:
        return NULL;
    }
}

static void take_kitty(sj_deal *d, int seat) {
    sj_cards with_kitty;
    sj_cards_add(&d->hands[seat], &d->kitty, &with_kitty);
    d->hands[seat] = with_kitty;
    d->burier = seat;
    d->phase = SJ_PHASE_BURY;
    d->to_move = seat;
}

static void set_trump(sj_deal *d, int suit) {
    d->trump_suit = suit;
    sj_trump_init(&d->trump, &d->rules, d->level, suit);
}

/* The first card of the declaring phase goes to the dealer, who acts first. */
static void start_declaring(sj_deal *d) {
    for (int s = 0; s < 4; s++) d->hands[s] = sj_cards_empty();
    d->kitty = sj_cards_empty();
    for (int i = 4 * d->hand_size; i < d->npack; i++) sj_cards_add_one(&d->kitty, d->order[i]);
    d->declarer = d->first_declarer = -1;
    d->decl_cards = sj_cards_empty();
    d->decl_suit = SJ_NO_SUIT;
    d->decl_strength = 0;
    d->burier = -1;
    d->phase = SJ_PHASE_DECLARE;
    sj_cards_add_one(&d->hands[d->dealer], d->order[0]);
    d->step = 0;
    d->to_move = d->dealer;
}

/* first_deal_no_bid="redeal": a fresh shuffle from stream (FNV-1a of the pack order, redeals so far). */
static void redeal(sj_deal *d) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < d->npack; i++) h = (h ^ d->order[i]) * UINT64_C(0x100000001b3);
    sj_shuffle_pack(d->order, d->rules.decks, h, (uint64_t)d->redeals);
    d->redeals++;
    start_declaring(d);
}

static void settle_trump(sj_deal *d) {
    if (d->declarer < 0 && d->first_deal && d->rules.first_deal_no_bid == SJ_FIRST_NOBID_REDEAL &&
        d->redeals < SJ_MAX_REDEALS) {
        redeal(d);
        return;
    }
    int suit = sj_declared_trump(d);
    d->declared = 1;
    d->turned_up = d->declarer < 0 && d->rules.no_bid == SJ_NOBID_KITTY_TURNUP;
    if (d->declarer >= 0 && d->first_deal)
        d->dealer = d->rules.first_deal_dealer == SJ_FIRST_DECLARER ? d->first_declarer : d->declarer;
    else if (d->first_deal && d->rules.first_deal_no_bid == SJ_FIRST_NOBID_KITTY_DEALER)
        d->dealer = sj_kitty_dealer(d);
    set_trump(d, suit);
    if (d->declarer < 0 && d->rules.no_bid == SJ_NOBID_DEALER_LOSES) { /* 闷牌: the dealer steps down unplayed */
        d->lost_deal = 1;
        d->outcome.dealer_keeps = 0;
        d->outcome.dealer_levels = d->outcome.attacker_levels = 0;
        d->phase = SJ_PHASE_DONE;
        return;
    }
    take_kitty(d, sj_kitty_taker(d));
}

/* After burying (and grabbing or swapping): 找朋友's call, then the tricks. */
static void start_play(sj_deal *d) {
    if (d->rules.partnership == SJ_PARTNER_CALL_CARD && d->called < 0) {
        d->phase = SJ_PHASE_CALL;
        d->to_move = d->dealer;
        return;
    }
    d->phase = SJ_PHASE_PLAY;
    d->leader = d->to_move = sj_first_leader(d);
    d->ntrick = 0;
}

/* The first seat after the dealer in play order that held a copy of the called kind at the call (its hand
 * now plus its plays of it since), -1: the dealer plays alone (MODEL.md §9). */
static int partner_at_call(const sj_deal *d) {
    for (int i = 1; i < 4; i++) {
        int s = (d->dealer + i) % 4;
        if (sj_cards_count(&d->hands[s], d->called) + d->called_played[s]) return s;
    }
    return -1;
}

static int call_why(sj_deal *d, const sj_cards *card, sj_refusal *why) {
    if (d->phase != SJ_PHASE_CALL) return SJ_E_PHASE;
    int n = sj_cards_size(card);
    if (n != 1) return sj_refuse(why, SJ_E_COUNT, SJ_WHY_CALL_COUNT, d->to_move, n, 1, NULL, NULL);
    d->called = __builtin_ctzll(card->p[0]);
    memset(d->called_played, 0, sizeof d->called_played);
    d->partner = partner_at_call(d);
    start_play(d);
    return SJ_OK;
}

int sj_deal_call(sj_deal *d, const sj_cards *card) { return call_why(d, card, NULL); }

int sj_deal_recall(sj_deal *world, const sj_deal *real) {
    if (world->called < 0) return 1;
    world->partner = partner_at_call(world);
    int revealed = world->partner >= 0 && world->called_played[world->partner] > 0;
    world->friend_revealed = revealed;
    return revealed == real->friend_revealed && (!revealed || world->partner == real->partner);
}

int sj_deal_init(sj_deal *d, const sj_rules *rules, const uint8_t *order, int dealer, int level, int trump,
                 int first_deal) {
    if (sj_rules_check(rules, NULL, 0) != SJ_OK) return SJ_E_RULES;
    if (dealer < 0 || dealer > 3 || level < 0 || level >= SJ_NUM_RANKS || trump < SJ_TRUMP_DECLARE || trump > 3)
        return SJ_E_ARGS;
    if (!sj_level_played(rules, level)) return SJ_E_LEVEL;
    int npack = SJ_NUM_KINDS * rules->decks;
    uint8_t seen[SJ_NUM_KINDS] = {0};
    for (int i = 0; i < npack; i++) {
        if (order[i] >= SJ_NUM_KINDS || ++seen[order[i]] > rules->decks) return SJ_E_ARGS;
    }
    if (trump == SJ_TRUMP_DECLARE) {
        int rc = sj_declaring_status(rules);
        if (rc != SJ_OK) return rc;
    }
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    d->dealer = d->dealt_by = dealer;
    d->level = level;
    d->first_deal = first_deal;
    d->npack = npack;
    d->hand_size = (npack - rules->kitty) / 4;
    memcpy(d->order, order, (size_t)npack);
    d->last_winner = -1;
    d->played = sj_cards_empty();
    d->called = d->partner = -1;
    start_declaring(d);
    if (trump == SJ_TRUMP_DECLARE) return SJ_OK;
    for (int i = 1; i < 4 * d->hand_size; i++) sj_cards_add_one(&d->hands[(dealer + i) % 4], order[i]);
    set_trump(d, trump);
    take_kitty(d, dealer);
    return SJ_OK;
}

static void apply_declaration(sj_deal *d, const sj_cards *shown, int grade, int suit) {
    sj_declaration_stand(d, d->to_move, shown, grade, suit);
}

static int declare_why(sj_deal *d, const sj_cards *shown, sj_refusal *why) {
    if (d->phase != SJ_PHASE_DECLARE) return SJ_E_PHASE;
    if (!sj_cards_is_empty(shown) || (shown->p[0] & SJ_CHOICE_MASK)) {
        int grade, suit;
        int rc = sj_declaration_check(d, shown, &grade, &suit, why);
        if (rc != SJ_OK) return rc;
        apply_declaration(d, shown, grade, suit);
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

int sj_deal_declare(sj_deal *d, const sj_cards *shown) { return declare_why(d, shown, NULL); }

static int bury_why(sj_deal *d, const sj_cards *cards, sj_refusal *why) {
    if (d->phase != SJ_PHASE_BURY) return SJ_E_PHASE;
    int n = sj_cards_size(cards);
    if (n != d->rules.kitty)
        return sj_refuse(why, SJ_E_COUNT, SJ_WHY_BURY_COUNT, d->burier, n, d->rules.kitty, NULL, NULL);
    sj_cards rest;
    if (sj_cards_sub(&d->hands[d->burier], cards, &rest) < 0)
        return sj_refuse_not_held(why, SJ_E_NOT_HELD, d->burier, cards, &d->hands[d->burier]);
    if (d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN) {
        int rc = sj_bury_allowed(d, &d->hands[d->burier], cards);
        if (rc != SJ_OK) return sj_refuse(why, rc, SJ_WHY_BURY_FORBIDDEN, d->burier, 0, 0, NULL, NULL);
    }
    d->hands[d->burier] = rest;
    d->kitty = *cards;
    if (d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN) { /* face up; 换底 when it holds trumps */
        d->kitty_public = 1;
        sj_cards trumps = sj_cards_mask(&d->kitty, d->trump.suit_mask[SJ_TRUMP]);
        if (d->declarer >= 0 && !sj_cards_is_empty(&trumps)) {
            d->phase = SJ_PHASE_SWAP;
            d->to_move = d->declarer;
        } else {
            start_play(d);
        }
        return SJ_OK;
    }
    if (d->rules.kitty_grab && d->declared && !d->turned_up) { /* 炒底: the others are asked in turn */
        d->phase = SJ_PHASE_GRAB;
        d->asked = 0;
        d->to_move = (d->burier + 1) % 4;
    } else {
        start_play(d);
    }
    return SJ_OK;
}

int sj_deal_bury(sj_deal *d, const sj_cards *cards) { return bury_why(d, cards, NULL); }

static int grab_why(sj_deal *d, const sj_cards *shown, sj_refusal *why) {
    if (d->phase != SJ_PHASE_GRAB) return SJ_E_PHASE;
    if (sj_cards_is_empty(shown) && !(shown->p[0] & SJ_CHOICE_MASK)) {
        if (++d->asked == 3)
            start_play(d);
        else
            d->to_move = (d->to_move + 1) % 4;
        return SJ_OK;
    }
    int grade, suit;
    int rc = sj_declaration_check(d, shown, &grade, &suit, why);
    if (rc != SJ_OK) return rc;
    apply_declaration(d, shown, grade, suit);
    d->grabs++;
    if (d->first_deal && d->rules.first_deal_dealer == SJ_FINAL_DECLARER) d->dealer = d->to_move; /* 反庄 */
    set_trump(d, suit);
    take_kitty(d, d->to_move);
    return SJ_OK;
}

int sj_deal_grab(sj_deal *d, const sj_cards *shown) { return grab_why(d, shown, NULL); }

static int swap_why(sj_deal *d, const sj_cards *action, sj_refusal *why) {
    if (d->phase != SJ_PHASE_SWAP) return SJ_E_PHASE;
    if (sj_cards_is_empty(action)) {
        start_play(d);
        return SJ_OK;
    }
    sj_cards out = sj_cards_mask(action, d->trump.suit_mask[SJ_TRUMP]), in, kitty, hand, tmp;
    sj_cards_sub(action, &out, &in); /* out is action's trumps: always a part of it */
    if (sj_cards_size(&out) != sj_cards_size(&in))
        return sj_refuse(why, SJ_E_COUNT, SJ_WHY_SWAP_UNEVEN, d->to_move, sj_cards_size(&out), sj_cards_size(&in),
                         &out, &in);
    if (!sj_cards_contains(&d->kitty, &out)) {
        sj_refuse_not_held(why, SJ_E_NOT_HELD, -1, &out, &d->kitty);
        if (why) why->why = SJ_WHY_SWAP_NOT_IN_KITTY;
        return SJ_E_NOT_HELD;
    }
    if (!sj_cards_contains(&d->hands[d->to_move], &in))
        return sj_refuse_not_held(why, SJ_E_NOT_HELD, d->to_move, &in, &d->hands[d->to_move]);
    sj_cards ok = sj_kitty_allowed(d, &in, 1);
    if (!sj_cards_equal(&ok, &in)) /* only plain cards, no points, no constant ranks go in */
        return sj_refuse(why, SJ_E_ILLEGAL, SJ_WHY_SWAP_FORBIDDEN, d->to_move, 0, 0, &in, NULL);
    sj_cards_sub(&d->kitty, &out, &tmp);
    sj_cards_add(&tmp, &in, &kitty);
    sj_cards_sub(&d->hands[d->to_move], &in, &tmp);
    sj_cards_add(&tmp, &out, &hand);
    d->kitty = kitty;
    d->hands[d->to_move] = hand;
    d->swapped = sj_cards_size(&in);
    start_play(d);
    return SJ_OK;
}

/* The attackers' points a failed throw of `seat` costs or gives (throw_penalty="ten_per_card"). */
int sj_deal_swap(sj_deal *d, const sj_cards *action) { return swap_why(d, action, NULL); }

static int throw_penalty(const sj_deal *d, int seat, int cards_back) {
    if (d->rules.throw_penalty != SJ_PENALTY_TEN_PER_CARD) return 0;
    return (sj_is_attacker(d, seat) ? -10 : 10) * cards_back;
}

void sj_deal_charge_failed_throw(sj_deal *d, int seat, int cards_back) {
    d->failed_throws[seat]++;
    d->penalty += throw_penalty(d, seat, cards_back);
}

/* The points of a finished trick go to its winner's team. */
static void credit_trick(sj_deal *d, int winner, int pts) {
    if (sj_is_attacker(d, winner))
        d->attacker_captured += pts;
    else
        d->defender_captured += pts;
}

void sj_deal_recount(sj_deal *d, int ntricks, const int8_t *winner, const int16_t *points, int nfailed,
                     const int8_t *seat, const int16_t *back) {
    d->attacker_captured = d->defender_captured = d->penalty = 0;
    for (int i = 0; i < ntricks; i++) credit_trick(d, winner[i], points[i]);
    for (int i = 0; i < nfailed; i++) d->penalty += throw_penalty(d, seat[i], back[i]);
}

static void finish_trick(sj_deal *d) {
    int w = d->trick_rc < 0 ? d->trick_rc : d->trick_eval.winner;
    int winner = (d->leader + (w < 0 ? 0 : w)) % 4;
    int pts = 0;
    for (int i = 0; i < 4; i++) pts += sj_cards_points(&d->trick[i]);
    credit_trick(d, winner, pts);
    d->last_lead = d->trick[0];
    d->last_won = d->trick[w < 0 ? 0 : w];
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
        d->multiplier = sj_kitty_multiplier(&d->trump, sj_kitty_capturing_cards(d));
        total += d->kitty_points * d->multiplier;
    }
    d->attacker_points = total < 0 ? 0 : total;
    d->outcome = sj_level_outcome_of(&d->rules, d->attacker_points);
    d->phase = SJ_PHASE_DONE;
}

static void apply_play(sj_deal *d, const sj_cards *played) {
    int seat = d->to_move;
    sj_cards_take(&d->hands[seat], played); /* held: the callers checked */
    sj_cards_put(&d->played, played);
    sj_cards_put(&d->played_by[seat], played);
    if (d->ntrick > 0) {
        int e = d->trick_rc == 0 ? d->trick_eval.led : sj_trump_suit_of(&d->trump, &d->trick[0]);
        if (played->p[0] & ~d->trump.suit_mask[e]) { /* fewer cards of the led suit than led (a follow has as many) */
            /* natural tractors: a play of the led suit that borrows trumps tells nothing */
            if (sj_play_suit(&d->trump, played) != e) d->voids[seat] |= (uint8_t)(1u << e);
        }
    }
    if (d->called >= 0) {
        d->called_played[seat] = (uint8_t)(d->called_played[seat] + sj_cards_count(played, d->called));
        if (seat == d->partner && d->called_played[seat]) d->friend_revealed = 1;
    }
    d->trick[d->ntrick++] = *played;
    if (d->ntrick == 1)
        d->trick_rc = sj_trick_eval_init(&d->trump, d->trick, 1, &d->trick_eval);
    else if (d->trick_rc == 0)
        sj_trick_eval_add(&d->trump, &d->trick_eval, played, d->ntrick - 1);
    if (d->ntrick == 4)
        finish_trick(d);
    else
        d->to_move = (seat + 1) % 4;
}

static int play_why(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed, sj_refusal *why) {
    *failed = 0;
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    const sj_cards *hand = &d->hands[d->to_move];
    int n = sj_cards_size(cards), lead = d->ntrick ? sj_cards_size(&d->trick[0]) : 0;
    if (d->ntrick && n != lead) return sj_refuse(why, SJ_E_COUNT, SJ_WHY_FOLLOW_COUNT, d->to_move, n, lead, NULL, NULL);
    if (!sj_cards_contains(hand, cards)) return sj_refuse_not_held(why, SJ_E_NOT_HELD, d->to_move, cards, hand);
    if (d->ntrick == 0) {
        int e = sj_trump_suit_of(&d->trump, cards);
        if (e < 0) return e; /* SJ_E_EMPTY, SJ_E_MIXED */
        sj_cards others[3];
        for (int i = 0; i < 3; i++) others[i] = d->hands[(d->to_move + 1 + i) % 4];
        int ok = sj_check_throw(&d->trump, cards, others, 3, played);
        if (ok < 0) return ok; /* SJ_E_MIXED: natural tractors, a borrowed trump outside a tractor */
        if (!ok) {
            *failed = 1;
            sj_deal_charge_failed_throw(d, d->to_move, sj_cards_size(cards) - sj_cards_size(played));
        }
    } else {
        if (!sj_is_legal_follow(&d->trump, hand, &d->trick[0], cards))
            return sj_refuse(why, SJ_E_ILLEGAL, SJ_WHY_ILLEGAL_FOLLOW, d->to_move, 0, 0, &d->trick[0], NULL);
        *played = *cards;
    }
    apply_play(d, played);
    return SJ_OK;
}

int sj_deal_play(sj_deal *d, const sj_cards *cards, sj_cards *played, int *failed) {
    return play_why(d, cards, played, failed, NULL);
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

static int act_why(sj_deal *d, const sj_cards *action, sj_cards *played, int *failed, sj_refusal *why) {
    *failed = 0;
    if (why) sj_refuse(why, SJ_OK, SJ_WHY_NONE, -1, 0, 0, NULL, NULL);
    for (int i = 1; i < SJ_MAX_DECKS; i++)
        if ((action->p[i] & ~SJ_ALL_KINDS) || (action->p[i] & ~action->p[i - 1])) return SJ_E_ARGS;
    if (action->p[0] & ~(SJ_ALL_KINDS | SJ_CHOICE_MASK)) return SJ_E_ARGS;
    if (d->phase == SJ_PHASE_DONE) return sj_refuse(why, SJ_E_PHASE, SJ_WHY_FINISHED, -1, 0, 0, NULL, NULL);
    if ((action->p[0] & SJ_CHOICE_MASK) && d->phase != SJ_PHASE_DECLARE && d->phase != SJ_PHASE_GRAB)
        return sj_refuse(why, SJ_E_DECLARATION, SJ_WHY_CHOICE_PHASE, -1, 0, 0, NULL, NULL);
    switch (d->phase) {
    case SJ_PHASE_DECLARE:
    case SJ_PHASE_GRAB: {
        int rc = d->phase == SJ_PHASE_DECLARE ? declare_why(d, action, why) : grab_why(d, action, why);
        if (rc == SJ_OK) *played = *action;
        return rc;
    }
    case SJ_PHASE_BURY:
    case SJ_PHASE_SWAP: {
        int rc = d->phase == SJ_PHASE_BURY ? bury_why(d, action, why) : swap_why(d, action, why);
        if (rc == SJ_OK) *played = *action;
        return rc;
    }
    case SJ_PHASE_CALL: {
        int rc = call_why(d, action, why);
        if (rc == SJ_OK) *played = *action;
        return rc;
    }
    case SJ_PHASE_PLAY:
        return play_why(d, action, played, failed, why);
    default:
        return SJ_E_PHASE;
    }
}

int sj_deal_act(sj_deal *d, const sj_cards *action, sj_cards *played, int *failed) {
    return act_why(d, action, played, failed, NULL);
}

int sj_deal_act_why(sj_deal *d, sj_log **log, const sj_cards *action, sj_cards *played, int *failed,
                    sj_refusal *why) {
    if (!log) return act_why(d, action, played, failed, why);
    /* the entry's node is taken first: out of memory, nothing has changed */
    sj_log *node = sj_log_reserve();
    if (!node) {
        *failed = 0;
        if (why) sj_refuse(why, SJ_OK, SJ_WHY_NONE, -1, 0, 0, NULL, NULL);
        return SJ_E_NO_MEMORY;
    }
    sj_log_entry e = sj_log_entry_of(SJ_LOG_MOVE, d->phase, d->to_move);
    if (d->phase == SJ_PHASE_DECLARE) e.step = (int16_t)d->step;
    if (d->phase == SJ_PHASE_BURY) e.before = (int16_t)sj_log_declarations(*log);
    if (d->phase == SJ_PHASE_PLAY) e.leader = (int8_t)d->leader, e.step = (int16_t)d->tricks_done;
    int rc = act_why(d, action, played, failed, why);
    if (rc != SJ_OK) {
        sj_log_unreserve(node);
        return rc;
    }
    e.action = *action;
    if (e.phase == SJ_PHASE_PLAY) {
        e.played = *played;
        e.failed = (int8_t)*failed;
        e.winner = (int8_t)(d->ntrick == 0 ? d->last_winner : -1); /* this play ended the trick */
    }
    sj_log_commit(log, node, &e);
    return SJ_OK;
}

long sj_deal_legal_actions(const sj_deal *d, sj_cards *out, long cap, long limit) {
    switch (d->phase) {
    case SJ_PHASE_DECLARE:
    case SJ_PHASE_GRAB: {
        sj_cards decl[SJ_MAX_DECLARATIONS];
        int n = sj_deal_legal_declarations(d, decl, SJ_MAX_DECLARATIONS);
        if (n > SJ_MAX_DECLARATIONS) n = SJ_MAX_DECLARATIONS; /* cannot happen: the bound is the worst case */
        long found = 0;
        for (int i = -1; i < n && !(limit > 0 && found >= limit); i++, found++)
            if (found < cap) out[found] = i < 0 ? sj_cards_empty() : decl[i];
        return found;
    }
    case SJ_PHASE_PLAY:
        if (d->ntrick == 0) return sj_deal_legal_leads(d, out, cap, limit);
        return sj_legal_follows(&d->trump, &d->hands[d->to_move], &d->trick[0], out, cap, limit);
    case SJ_PHASE_SWAP:
        return sj_kitty_legal_swaps(d, out, cap, limit);
    case SJ_PHASE_CALL: { /* every kind, one copy, in kind order */
        long found = 0;
        for (int k = 0; k < SJ_NUM_KINDS && !(limit > 0 && found >= limit); k++, found++)
            if (found < cap) out[found] = sj_cards_empty(), out[found].p[0] = UINT64_C(1) << k;
        return found;
    }
    case SJ_PHASE_BURY:
        return SJ_E_PHASE;
    default:
        return 0;
    }
}
