/* sj_policy.c — the "random" and "greedy" policies (see sj_policy.h for what each does), a player's action in any
 * phase (built-in or user), the position a user policy sees, and the loops that finish a deal.  The greedy rule's
 * declaring and playing are constructed in sj_greedy.c. */
#include "sj_policy.h"
#include "sj_moves.h"

#include <string.h>

/* ---- declaring ---------------------------------------------------------------------------------- */

/* Random: a uniformly random legal declaration. */
static void random_declaration(const sj_deal *d, sj_rng *r, sj_cards *out) {
    sj_cards decl[SJ_MAX_DECLARATIONS];
    int n = sj_deal_legal_declarations(d, decl, SJ_MAX_DECLARATIONS);
    if (n > SJ_MAX_DECLARATIONS) n = SJ_MAX_DECLARATIONS;
    if (n) *out = decl[sj_rng_below(r, (uint32_t)n)];
}

void sj_policy_declare(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    *out = sj_cards_empty();
    if (p == SJ_POLICY_RANDOM) {
        if (!sj_rng_below(r, 2)) random_declaration(d, r, out); /* else pass: half the time */
    } else {
        sj_greedy_declare(d, out);
    }
}

/* ---- burying ------------------------------------------------------------------------------------ */

void sj_policy_bury(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    if (p != SJ_POLICY_RANDOM) {
        sj_greedy_bury(d, out);
        return;
    }
    const sj_cards *h = &d->hands[d->burier];
    *out = sj_cards_empty();
    int taian = d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN;
    sj_cards ok = taian ? sj_kitty_allowed(d, h, 0) : *h; /* 泰安: no points, no constant ranks */
    int have = sj_cards_size(&ok);
    if (have >= d->rules.kitty) {
        sj_cards_draw(&ok, d->rules.kitty, r, out);
    } else { /* all the allowed cards, the rest at random */
        sj_cards rest, more = sj_cards_empty();
        sj_cards_sub(h, &ok, &rest);
        sj_cards_draw(&rest, d->rules.kitty - have, r, &more);
        sj_cards_add(&ok, &more, out);
    }
}

/* ---- swapping (泰安 换底) ------------------------------------------------------------------------- */

void sj_policy_swap(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    if (p != SJ_POLICY_RANDOM) {
        sj_greedy_swap(d, out);
        return;
    }
    /* random: pass half the time, else m random trumps for m random allowed cards */
    *out = sj_cards_empty();
    sj_cards trumps = sj_cards_mask(&d->kitty, d->trump.suit_mask[SJ_TRUMP]);
    sj_cards allowed = sj_kitty_allowed(d, &d->hands[d->to_move], 1);
    int m = sj_cards_size(&trumps), can = sj_cards_size(&allowed);
    if (m > can) m = can;
    if (!m || sj_rng_below(r, 2)) return;
    m = 1 + (int)sj_rng_below(r, (uint32_t)m);
    sj_cards taken = sj_cards_empty(), given = sj_cards_empty();
    sj_cards_draw(&trumps, m, r, &taken);
    sj_cards_draw(&allowed, m, r, &given);
    sj_cards_add(&taken, &given, out);
}

void sj_policy_call(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    *out = sj_cards_empty();
    if (p == SJ_POLICY_RANDOM) {
        out->p[0] = UINT64_C(1) << sj_rng_below(r, SJ_NUM_KINDS);
        return;
    }
    sj_greedy_call(d, out);
}

int sj_policy_play(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    if (p == SJ_POLICY_RANDOM) {
        if (d->ntrick == 0) return sj_deal_random_lead(d, r, out);
        return d->trick_rc == 0 ? sj_random_follow_shaped(&d->trump, &d->hands[d->to_move], &d->trick[0],
                                                          d->trick_eval.shapes, d->trick_eval.nshapes, r, out)
                                : sj_random_follow(&d->trump, &d->hands[d->to_move], &d->trick[0], r, out);
    }
    return sj_greedy_play(d, out);
}

int sj_policy_action(sj_policy p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    *out = sj_cards_empty();
    switch (d->phase) {
    case SJ_PHASE_DECLARE:
    case SJ_PHASE_GRAB:
        sj_policy_declare(p, d, r, out);
        return SJ_OK;
    case SJ_PHASE_BURY:
        sj_policy_bury(p, d, r, out);
        return SJ_OK;
    case SJ_PHASE_SWAP:
        sj_policy_swap(p, d, r, out);
        return SJ_OK;
    case SJ_PHASE_CALL:
        sj_policy_call(p, d, r, out);
        return SJ_OK;
    case SJ_PHASE_PLAY:
        return sj_policy_play(p, d, r, out);
    default:
        return SJ_E_PHASE;
    }
}

/* block[k] += copies of kind k in c */
static void add_counts(int32_t *block, const sj_cards *c) {
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = c->p[i] & SJ_ALL_KINDS; b; b &= b - 1) block[__builtin_ctzll(b)]++;
}

void sj_position_view(const sj_deal *d, int32_t *out) {
    memset(out, 0, sizeof(int32_t) * SJ_POSITION_SIZE);
    out[0] = d->to_move;
    out[1] = d->phase;
    out[2] = d->dealer;
    out[3] = d->phase == SJ_PHASE_DECLARE ? (d->declarer >= 0 && d->decl_suit >= 0 ? d->decl_suit : 4)
                                          : (d->trump_suit < 0 ? 4 : d->trump_suit);
    out[13] = d->phase == SJ_PHASE_DECLARE || d->phase == SJ_PHASE_GRAB ? d->decl_strength : 0;
    out[14] = d->declarer;
    out[4] = d->level;
    out[5] = d->leader;
    out[6] = d->ntrick;
    out[7] = d->attacker_captured + d->penalty;
    out[8] = d->defender_captured;
    out[9] = d->tricks_done;
    out[10] = d->rules.decks;
    out[11] = d->ntrick ? sj_cards_size(&d->trick[0]) : 0;
    out[12] = -1;
    if (d->phase == SJ_PHASE_PLAY && d->ntrick) {
        if (d->trick_rc == 0) out[12] = (d->leader + d->trick_eval.winner) % 4;
    }
    int32_t *block = out + 16;
    if (d->phase != SJ_PHASE_DONE) add_counts(block, &d->hands[d->to_move]);
    for (int i = 0; i < d->ntrick; i++) add_counts(block + 54 * (1 + i), &d->trick[i]);
    add_counts(block + 54 * 5, &d->played);
    if (d->phase != SJ_PHASE_DECLARE)
        for (int k = 0; k < SJ_NUM_KINDS; k++) {
            block[54 * 6 + k] = d->trump.eff[k];
            block[54 * 7 + k] = d->trump.pos[k];
        }
    if (d->phase != SJ_PHASE_DONE) {
        uint8_t obs[SJ_ENCODE_SIZE];
        sj_encode_observation(d, d->to_move, obs);
        for (int i = 0; i < SJ_ENCODE_SIZE; i++) out[SJ_POSITION_OBS + i] = obs[i];
    }
}

int sj_player_action(const sj_player *p, const sj_deal *d, sj_rng *r, sj_cards *out) {
    if (p->kind != SJ_POLICY_USER) return sj_policy_action(p->kind, d, r, out);
    if (d->phase == SJ_PHASE_DONE) return SJ_E_PHASE;
    if (d->phase == SJ_PHASE_PLAY || d->phase == SJ_PHASE_DECLARE || d->phase == SJ_PHASE_GRAB) {
        sj_cards cand[SJ_CANDIDATES];
        long n = sj_candidate_actions(d, cand);
        if (n < 0) return SJ_E_POLICY;
        int32_t position[SJ_POSITION_SIZE], counts[SJ_CANDIDATES * 54];
        sj_position_view(d, position);
        memset(counts, 0, sizeof(int32_t) * 54 * (size_t)n);
        for (long i = 0; i < n; i++) add_counts(counts + 54 * i, &cand[i]);
        int64_t pick = p->fn(position, SJ_POSITION_SIZE, counts, (int32_t)n);
        if (pick == SJ_USER_RAISED) return SJ_E_USER_RAISED;
        if (pick >= 0) {
            if (pick >= n) return SJ_E_USER_POLICY;
            *out = cand[pick];
            return SJ_OK;
        }
        if (pick != -1) return SJ_E_USER_POLICY;
    }
    return sj_policy_action(SJ_POLICY_GREEDY, d, r, out); /* bury, or the function passed */
}

int sj_policy_finish(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried) {
    return sj_policy_finish_until(d, players, r, buried, -1);
}

int sj_policy_finish_until(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried, int stop_cards) {
    return sj_policy_finish_hooked(d, players, r, buried, stop_cards, NULL, NULL);
}

int sj_policy_finish_hooked(sj_deal *d, const sj_player players[4], sj_rng *r, const sj_cards *buried, int stop_cards,
                            sj_decision_hook hook, void *ctx) {
    int plays = 0;
    uint64_t declarable = sj_declarable_kinds(&d->rules, d->level);
    while (d->phase != SJ_PHASE_DONE) {
        if (stop_cards >= 0 && d->phase == SJ_PHASE_PLAY && sj_deal_max_hand(d) <= stop_cards) break;
        sj_cards a, played;
        int failed, rc;
        if (d->phase == SJ_PHASE_BURY && buried && d->grabs == 0) {
            if (hook && (rc = hook(ctx, d, buried)) != 0) return rc;
            rc = sj_deal_act(d, buried, &played, &failed);
            if (rc != SJ_OK) return rc; /* the caller's burial does not fit this deal */
            continue;
        }
        const sj_player *p = &players[d->to_move];
        if (d->phase == SJ_PHASE_DECLARE && p->kind != SJ_POLICY_USER &&
            !(d->hands[d->to_move].p[0] & declarable)) { /* nothing to declare: the pass, unlisted */
            if (p->kind == SJ_POLICY_RANDOM) (void)sj_rng_below(r, 2); /* the coin sj_policy_declare draws */
            sj_cards pass = sj_cards_empty();
            if (hook && (rc = hook(ctx, d, &pass)) != 0) return rc;
            if (sj_deal_declare(d, &pass) != SJ_OK) return SJ_E_POLICY;
            continue;
        }
        rc = sj_player_action(p, d, r, &a);
        if (rc != SJ_OK) return rc == SJ_E_USER_POLICY || rc == SJ_E_USER_RAISED ? rc : SJ_E_POLICY;
        if (hook && (rc = hook(ctx, d, &a)) != 0) return rc;
        if (d->phase == SJ_PHASE_PLAY && p->kind != SJ_POLICY_USER) { /* built-in plays are legal by construction */
            rc = sj_deal_play_forced(d, &a);
            plays++;
        } else if (d->phase == SJ_PHASE_DECLARE && p->kind != SJ_POLICY_USER) { /* a listed declaration, or a pass */
            rc = sj_deal_declare(d, &a);
        } else {
            plays += d->phase == SJ_PHASE_PLAY;
            rc = sj_deal_act(d, &a, &played, &failed);
        }
        if (rc != SJ_OK) return SJ_E_POLICY;
    }
    return plays;
}
