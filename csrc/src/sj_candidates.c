/* sj_candidates.c — the candidate actions search and self-play weigh (sj_candidates.h): the greedy rule's follow
 * candidates, the reduced set of sj_candidate_actions, the classes' first plays generated directly
 * (docs/MODEL.md §10, §12) with the listing and grouping they are checked against, and the burials worth comparing.
 */
#include "sj_candidates.h"
#include "sj_moves.h"

#include <stdlib.h>

#include "sj_classes.h"
#include "sj_greedy.h"

/* A follower short in the led suit plays all of it plus others: instead of listing every combination,
 * consider the cheapest discard, the richest feed, and (void in a plain lead) the ways to trump. */
static long short_suit_candidates(const sj_deal *d, sj_cards *cand) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move], *lead = &d->trick[0];
    int led = sj_trump_suit_of(t, lead);
    if (led < 0) return 0;
    sj_cards in = sj_cards_mask(hand, t->suit_mask[led]);
    int need = sj_cards_size(lead) - sj_cards_size(&in);
    if (need <= 0) return 0;
    long n = 2;
    sj_short_discards(t, hand, &in, need, &cand[0], &cand[1]);
    if (sj_cards_is_empty(&in) && led != SJ_TRUMP) {
        sj_cards trumps = sj_cards_mask(hand, t->suit_mask[SJ_TRUMP]);
        if (sj_cards_size(&trumps) >= sj_cards_size(lead)) {
            long m = sj_legal_follows(t, &trumps, lead, cand + n, SJ_CANDIDATES - n, SJ_CANDIDATES - n);
            n += m < SJ_CANDIDATES - n ? m : SJ_CANDIDATES - n;
        }
    }
    long k = 0; /* each once: the cheapest discard can be the richest (no points held), or a way to trump */
    for (long i = 0; i < n; i++) {
        long j = 0;
        while (j < k && !sj_cards_equal(&cand[j], &cand[i])) j++;
        if (j == k) cand[k++] = cand[i];
    }
    return k;
}

long sj_follow_candidates(const sj_deal *d, sj_cards *cand) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    long n = short_suit_candidates(d, cand);
    const sj_cards *lead = &d->trick[0];
    if (n == 0 && !lead->p[1] && !(lead->p[0] & (lead->p[0] - 1))) { /* one card led: one per kind held */
        sj_cards in = sj_cards_mask(hand, t->suit_mask[t->eff[__builtin_ctzll(lead->p[0])]]);
        for (uint64_t b = in.p[0]; b && n < SJ_CANDIDATES; b &= b - 1) {
            cand[n] = sj_cards_empty();
            cand[n++].p[0] = b & (~b + 1);
        }
    }
    if (n == 0) n = sj_legal_follows(t, hand, lead, cand, SJ_CANDIDATES, SJ_CANDIDATES);
    return n > SJ_CANDIDATES ? SJ_CANDIDATES : n;
}

long sj_candidate_actions(const sj_deal *d, sj_cards *out) {
    long n = sj_deal_legal_actions(d, out, SJ_CANDIDATES, SJ_CANDIDATES + 1);
    if (n <= SJ_CANDIDATES) return n; /* every legal action, or an error */
    if (d->ntrick == 0) return SJ_CANDIDATES; /* leads: the first ones (every single unit before the throws) */
    return sj_follow_candidates(d, out);
}

long sj_search_candidates_with(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls) {
    return sj_search_candidates_choice(d, out, all, cls, NULL, NULL);
}

/* The classes' representatives found by listing every legal play and grouping them (the way they were first
 * found; the reference the direct generation is checked against).  too_many: the caller knows there are more
 * legal plays than SJ_CLASS_LIST_LIMIT, so the reduced set is grouped without listing them first. */
static long candidates_listed(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                              int *choice, int too_many) {
    if (!all || !cls) { /* no scratch given (sj_search_candidates): the listing's own */
        sj_cards *a = malloc(SJ_CLASS_LIST_LIMIT * sizeof *a);
        long *c = malloc(SJ_CLASS_LIST_LIMIT * sizeof *c);
        long k = a && c ? candidates_listed(d, out, a, c, chosen, choice, too_many) : SJ_E_CAPACITY;
        free(a);
        free(c);
        return k;
    }
    long n = too_many ? SJ_CLASS_LIST_LIMIT + 1 : sj_deal_legal_actions(d, all, SJ_CLASS_LIST_LIMIT, SJ_CLASS_LIST_LIMIT + 1);
    if (n > SJ_CLASS_LIST_LIMIT) /* too many to list: the reduced set (sj_candidate_actions, known to be past its 128) */
        n = d->ntrick == 0 ? sj_deal_legal_actions(d, all, SJ_CANDIDATES, SJ_CANDIDATES) : sj_follow_candidates(d, all);
    long k = n;
    if (n > 0) k = sj_group_classes(d, all, n, cls);
    if (k > 0) {
        long want = -1; /* the representative of the chosen play's class */
        for (long i = 0; chosen && i < n && want < 0; i++)
            if (sj_cards_equal(&all[i], chosen)) want = cls[i];
        k = 0;
        for (long i = 0; i < n && k < SJ_CANDIDATES; i++)
            if (cls[i] == i) {
                if (i == want && choice) *choice = (int)k;
                out[k++] = all[i];
            }
    }
    return k;
}

long sj_search_candidates_listed(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice) {
    if (choice) *choice = -1;
    if (d->phase != SJ_PHASE_PLAY) {
        long n = sj_candidate_actions(d, out);
        for (long i = 0; chosen && choice && i < n && i < SJ_CANDIDATES && *choice < 0; i++)
            if (sj_cards_equal(&out[i], chosen)) *choice = (int)i;
        return n;
    }
    return candidates_listed(d, out, all, cls, chosen, choice, 0);
}

/* Candidates by class, generated directly (docs/MODEL.md §10, §12): equal kinds are exchangeable, so every member of a class
 * is legal with its first, and a class's first play in the listing's order is known without the list: a follow's or
 * a unit's is its canonical member (the walks give the lower kinds of a class their copies first), a throw's gives
 * them their copies last (the throw walk counts copies up); the walks list only those.  Where more than SJ_CLASS_LIST_LIMIT plays could be legal the listing would have fallen back on the reduced
 * set, and the plays are listed and grouped as before (a short follower's plays are all legal: then the reduced set
 * is grouped without listing them). */
long sj_search_candidates_choice(const sj_deal *d, sj_cards *out, sj_cards *all, long *cls, const sj_cards *chosen,
                                 int *choice) {
    if (choice) *choice = -1;
    if (d->phase != SJ_PHASE_PLAY) return sj_search_candidates_listed(d, out, all, cls, chosen, choice);
    sj_cards others = sj_deal_unseen(d);
    sj_classes c;
    sj_classes_of(d, &others, &c);
    const sj_cards *hand = &d->hands[d->to_move];
    long n, walked;
    if (d->ntrick == 0) {
        n = sj_deal_legal_leads_canonical(d, c.same, SJ_CLASS_LIST_LIMIT, &walked, out, SJ_CANDIDATES);
        if (walked > SJ_CLASS_LIST_LIMIT) return candidates_listed(d, out, all, cls, chosen, choice, 0);
    } else {
        const sj_cards *lead = &d->trick[0];
        n = sj_legal_follows_canonical(&d->trump, hand, lead, c.same, SJ_CLASS_LIST_LIMIT, &walked, out, SJ_CANDIDATES);
        if (n < 0) return n;
        if (walked > SJ_CLASS_LIST_LIMIT) {
            int led = sj_trump_suit_of(&d->trump, lead);
            sj_cards in = sj_cards_mask(hand, d->trump.suit_mask[led < 0 ? 0 : led]);
            int short_suit = led >= 0 && sj_cards_size(&in) < sj_cards_size(lead);
            return candidates_listed(d, out, all, cls, chosen, choice, short_suit);
        }
    }
    if (chosen && choice && sj_cards_contains(hand, chosen)) {
        /* the candidate of its class: the one with the same canonical member (the kinds of no class the same, first).
         * A play of a candidate's class is legal with it, as the listing would have it, but under 泰安's highest
         * trumps, where it is asked */
        sj_cards canon = sj_class_canonical(&c, chosen);
        for (long i = 0; i < n && *choice < 0; i++) {
            int same = 1;
            for (int p = 0; p < SJ_MAX_DECKS && same; p++) same = ((out[i].p[p] ^ chosen->p[p]) & ~c.multi) == 0;
            if (!same) continue;
            sj_cards other = sj_class_canonical(&c, &out[i]);
            if (sj_cards_equal(&other, &canon)) *choice = (int)i;
        }
        if (*choice >= 0 && d->ntrick && d->rules.taian_trump_follow &&
            !sj_is_legal_follow(&d->trump, hand, &d->trick[0], chosen))
            *choice = -1;
    }
    return n;
}

long sj_search_candidates(const sj_deal *d, sj_cards *out) { return sj_search_candidates_choice(d, out, NULL, NULL, NULL, NULL); }

long sj_bury_candidates(const sj_deal *d, sj_cards *out, long cap) {
    if (d->phase != SJ_PHASE_BURY) return SJ_E_PHASE;
    const sj_cards *hand = &d->hands[d->burier];
    const sj_trump *t = &d->trump;
    int size = d->rules.kitty;
    sj_cards greedy, tries[1 + SJ_NUM_SUITS];
    sj_greedy_bury(d, &greedy);
    int ntries = 0;
    tries[ntries++] = greedy;
    for (int e = 0; e < SJ_NUM_SUITS; e++) { /* each plain suit that fits, topped up with greedy's other cards */
        sj_cards in = sj_cards_mask(hand, t->suit_mask[e]);
        int n = sj_cards_size(&in);
        if (n == 0 || n > size) continue;
        sj_cards fill = greedy;
        for (int i = 0; i < SJ_MAX_DECKS; i++) fill.p[i] &= ~t->suit_mask[e];
        for (int k = 0; k < SJ_NUM_KINDS && n < size; k++)
            for (int c = sj_cards_count(&fill, k); c > 0 && n < size; c--, n++) sj_cards_add_one(&in, k);
        if (n == size) tries[ntries++] = in;
    }
    long m = 0;
    for (int i = 0; i < ntries; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++) dup |= sj_cards_equal(&tries[i], &tries[j]);
        sj_deal probe;
        sj_deal_clone(&probe, d);
        if (dup || sj_deal_bury(&probe, &tries[i]) != SJ_OK) continue; /* (泰安: no points or constant trumps) */
        if (m < cap) out[m] = tries[i];
        m++;
    }
    return m;
}
