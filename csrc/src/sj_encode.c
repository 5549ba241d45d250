/* sj_encode.c — the observation tensor (see sj_encode.h). */
#include "sj_encode.h"

#include <string.h>

static void counts(uint8_t *block, const sj_cards *c) {
    for (int i = 0; i < SJ_MAX_DECKS && c->p[i]; i++)
        for (uint64_t b = c->p[i] & SJ_ALL_KINDS; b; b &= b - 1) block[__builtin_ctzll(b)]++;
}

static uint8_t clamp_points(int p) { return (uint8_t)(p <= 0 ? 0 : p / 5 > 255 ? 255 : p / 5); }

void sj_encode_observation(const sj_deal *d, int seat, uint8_t *out) {
    memset(out, 0, SJ_ENCODE_SIZE);
#define REL(s) (((s) - seat + 4) % 4)
    int ph = d->phase;
    int face_down = d->rules.declaration == SJ_DECLARE_TAIAN && !d->kitty_public; /* declarations hidden */
    int decl_seen = d->declarer >= 0 && (!face_down || d->declarer == seat);
    counts(out + SJ_ENC_HAND, &d->hands[seat]);
    for (int s = 0; s < 4; s++) {
        counts(out + SJ_ENC_PLAYED + 54 * REL(s), &d->played_by[s]);
        out[SJ_ENC_HAND_SIZES + REL(s)] = (uint8_t)sj_cards_size(&d->hands[s]);
        out[SJ_ENC_FAILED + REL(s)] = (uint8_t)(d->failed_throws[s] > 255 ? 255 : d->failed_throws[s]);
        for (int e = 0; e < SJ_NUM_EFF; e++) out[SJ_ENC_VOIDS + 5 * REL(s) + e] = (uint8_t)(d->voids[s] >> e & 1);
    }
    if (ph == SJ_PHASE_PLAY)
        for (int i = 0; i < d->ntrick; i++) counts(out + SJ_ENC_TRICK + 54 * REL((d->leader + i) % 4), &d->trick[i]);
    int own_kitty = d->burier == seat && ph != SJ_PHASE_DECLARE && ph != SJ_PHASE_BURY;
    if (own_kitty || d->kitty_public) counts(out + SJ_ENC_KITTY, &d->kitty);
    if (decl_seen) counts(out + SJ_ENC_DECLARATION, &d->decl_cards);
    if (d->called >= 0) out[SJ_ENC_CALLED + d->called] = 1;
    int trump_hidden = face_down && d->declarer >= 0 && d->declarer != seat;
    int trump = 5; /* unknown */
    if (ph == SJ_PHASE_DECLARE) {
        if (decl_seen) trump = d->decl_suit < 0 ? 4 : d->decl_suit;
    } else if (!trump_hidden) {
        trump = d->trump_suit < 0 ? 4 : d->trump_suit;
        for (uint64_t b = d->trump.suit_mask[SJ_TRUMP]; b; b &= b - 1) out[SJ_ENC_TRUMP_CARDS + __builtin_ctzll(b)] = 1;
    }
    out[SJ_ENC_PHASE + ph] = 1;
    out[SJ_ENC_TRUMP + trump] = 1;
    out[SJ_ENC_LEVEL + d->level] = 1;
    out[SJ_ENC_DEALER + REL(d->dealer)] = 1;
    if (d->declarer >= 0) out[SJ_ENC_DECLARER + REL(d->declarer)] = 1;
    if (d->burier >= 0 && ph != SJ_PHASE_DECLARE && !d->lost_deal) out[SJ_ENC_BURIER + REL(d->burier)] = 1;
    if (ph == SJ_PHASE_PLAY) out[SJ_ENC_LEADER + REL(d->leader)] = 1;
    if (d->called >= 0 && d->friend_revealed && d->partner >= 0) out[SJ_ENC_FRIEND + REL(d->partner)] = 1;
    int hidden_points = d->called >= 0 && !d->friend_revealed && ph != SJ_PHASE_DONE;
    if (hidden_points) {
        out[SJ_ENC_POINTS + 2] = 1;
    } else {
        out[SJ_ENC_POINTS] = clamp_points(ph == SJ_PHASE_DONE ? d->attacker_points : d->attacker_captured + d->penalty);
        out[SJ_ENC_POINTS + 1] = clamp_points(d->defender_captured);
    }
    out[SJ_ENC_TRICKS] = (uint8_t)d->tricks_done;
    out[SJ_ENC_DECL_SIZE] = d->declarer >= 0 ? (uint8_t)sj_cards_size(&d->decl_cards) : 0;
    out[SJ_ENC_FLAGS] = (uint8_t)(d->kitty_public != 0);
    out[SJ_ENC_FLAGS + 1] = (uint8_t)(d->first_deal != 0);
    out[SJ_ENC_FLAGS + 2] = (uint8_t)trump_hidden;
#undef REL
}

void sj_encode_action(const sj_cards *action, uint8_t *out) {
    memset(out, 0, SJ_ACTION_SIZE);
    counts(out, action);
    uint64_t choice = action->p[0] & SJ_CHOICE_MASK;
    for (int c = 0; c < 5; c++) out[54 + c] = (uint8_t)(choice >> (SJ_CHOICE_SHIFT + c) & 1);
}
