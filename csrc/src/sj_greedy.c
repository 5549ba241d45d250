/* sj_greedy.c — the greedy rule's decisions, constructed (docs/MODEL.md §12; the rule: sj_greedy.h): declaring, leading
 * and following computed from the hand, the rules' structure and the trick's standing, without listing the
 * candidates where their list is known in closed form.  The frozen enumerating rule they must equal is in
 * sj_reference.c.
 */
#include "sj_greedy.h"
#include "sj_moves.h"

#include <string.h>

#include "sj_candidates.h"

/* ---- declaring ---------------------------------------------------------------------------------- */

/* Greedy under 泰安: a declaration's support is its suit's length, so of each joker and suit only the longest
 * legal run counts (sj_taian_longest), the first of the listing's order on ties, as over the whole list. */
static void declare_taian(const sj_deal *d, sj_cards *out) {
    const sj_cards *h = &d->hands[d->to_move];
    int size = sj_cards_size(h), best_support = -1, best_shown = 0, best_joker = 0, best_suit = 0, best_low = 0;
    for (int j = SJ_SMALL_JOKER; j <= SJ_BIG_JOKER; j++)
        for (int s = 0; s < SJ_NUM_SUITS; s++) {
            int low, len = sj_taian_longest(d, j, s, &low);
            if (!len) continue;
            sj_cards in = sj_cards_mask(h, UINT64_C(0x1FFF) << (13 * s));
            int support = sj_cards_size(&in), shown = 1 + 2 * len;
            if (support > best_support || (support == best_support && shown > best_shown))
                best_support = support, best_shown = shown, best_joker = j, best_suit = s, best_low = low;
        }
    if (best_support < 0 || best_support * 4 < size) return;
    sj_cards_add_one(out, best_joker);
    for (int r = best_low; r < best_low + (best_shown - 1) / 2; r++) {
        sj_cards_add_one(out, sj_make_kind(best_suit, r));
        sj_cards_add_one(out, sj_make_kind(best_suit, r));
    }
}

/* Greedy under the identical-cards ladders (qq, qq3, 4deck): the listing's declarations of one kind differ only in
 * copies, so of each kind only the most copies that may be shown counts (its support is its suit's, or the jokers');
 * four jokers may be shown in each mix the hand holds, the first mix listed standing for all (each choice is allowed
 * or not whatever the mix).  The first of the best in the listing's order, as over the whole list. */
/* The support of a declaration setting `suit` (SJ_NO_SUIT: no trump): its suit's cards, or three per joker. */
static int support_of(const sj_cards *h, int suit) {
    if (suit == SJ_NO_SUIT) return 3 * (sj_cards_count(h, SJ_SMALL_JOKER) + sj_cards_count(h, SJ_BIG_JOKER));
    sj_cards in = sj_cards_mask(h, UINT64_C(0x1FFF) << (13 * suit));
    return sj_cards_size(&in);
}

static void declare_ladder(const sj_deal *d, sj_cards *out) {
    if (d->phase != SJ_PHASE_DECLARE && d->phase != SJ_PHASE_GRAB) return;
    const sj_cards *h = &d->hands[d->to_move];
    int best_support = -1, best_shown = 0, grade, suit;
    sj_cards best = sj_cards_empty();
    const int cand[6] = {sj_make_kind(0, d->level), sj_make_kind(1, d->level), sj_make_kind(2, d->level),
                         sj_make_kind(3, d->level), SJ_SMALL_JOKER, SJ_BIG_JOKER};
    for (int i = 0; i < 6; i++) {
        int k = cand[i];
        if (!(h->p[0] >> k & 1)) continue;
        for (int c = sj_cards_count(h, k); c >= 1; c--) { /* the most copies allowed */
            if (!sj_declaration_allowed(d, k, c)) continue;
            int support = support_of(h, k >= 52 ? SJ_NO_SUIT : sj_kind_suit(k));
            if (support > best_support || (support == best_support && c > best_shown)) {
                best_support = support, best_shown = c, best = sj_cards_empty();
                for (int j = 0; j < c; j++) best.p[j] = UINT64_C(1) << k;
            }
            break;
        }
    }
    int small = 0, big = 0;
    if (d->rules.declaration == SJ_DECLARE_4DECK)
        small = sj_cards_count(h, SJ_SMALL_JOKER), big = sj_cards_count(h, SJ_BIG_JOKER);
    if (small + big >= 4) {
        static const int choices[5] = {SJ_CHOICE_NOTRUMP, 0, 1, 2, 3};
        int b = 0;
        while (b > big || 4 - b > small) b++;
        for (int c = 0; c < 5; c++) {
            sj_cards shown = sj_cards_empty();
            for (int j = 0; j < 4 - b; j++) sj_cards_add_one(&shown, SJ_SMALL_JOKER);
            for (int j = 0; j < b; j++) sj_cards_add_one(&shown, SJ_BIG_JOKER);
            shown.p[0] |= SJ_CHOICE_BIT(choices[c]);
            if (sj_declaration_check(d, &shown, &grade, &suit, NULL) != SJ_OK) continue;
            int support = support_of(h, choices[c] == SJ_CHOICE_NOTRUMP ? SJ_NO_SUIT : choices[c]);
            if (support > best_support || (support == best_support && 4 > best_shown))
                best_support = support, best_shown = 4, best = shown;
        }
    }
    if (best_support >= 0 && best_support * 4 >= sj_cards_size(h)) *out = best;
}

void sj_greedy_declare(const sj_deal *d, sj_cards *out) {
    *out = sj_cards_empty();
    if (d->rules.declaration == SJ_DECLARE_TAIAN)
        declare_taian(d, out);
    else
        declare_ladder(d, out);
}

/* ---- burying, 换底, 找朋友's call ------------------------------------------------------------------- */

/* The top card of each effective suit (its ace; the big joker for trumps). */
static void suit_tops(const sj_trump *t, int *top) {
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        top[e] = -1;
        for (uint64_t m = t->suit_mask[e]; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (top[e] < 0 || t->pos[k] > t->pos[top[e]]) top[e] = k;
        }
    }
}

/* The cards worth least to keep, `n` of them from `from` (the hand `h`'s), appended to *out: plain before trump, no
 * points, singles before pairs, an ace last, short suits first, low before high; under 泰安 the cards its kitty
 * refuses last. */
static void bury_least(const sj_deal *d, const sj_cards *h, const sj_cards *from, int n, sj_cards *out) {
    int taian = d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN;
    sj_cards ok = taian ? sj_kitty_allowed(d, h, 0) : *h; /* 泰安: no points, no constant ranks */
    const sj_trump *t = &d->trump;
    int len[SJ_NUM_EFF], top[SJ_NUM_EFF];
    suit_tops(t, top);
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        sj_cards in = sj_cards_mask(from, t->suit_mask[e]);
        len[e] = sj_cards_size(&in);
    }
    int keys[SJ_MAX_PACK], kinds[SJ_MAX_PACK], m = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int c = sj_cards_count(from, k);
        for (int i = 0; i < c; i++) {
            int e = t->eff[k];
            int banned = taian && !sj_cards_count(&ok, k);
            keys[m] = (banned << 25) | ((e == SJ_TRUMP) << 24) | ((sj_kind_points(k) > 0) << 23) | ((c >= 2) << 22) |
                      ((k == top[e]) << 21) | (len[e] << 8) | t->pos[k];
            kinds[m++] = k;
        }
    }
    for (int i = 1; i < m; i++) { /* insertion sort by key */
        int key = keys[i], kind = kinds[i], j = i;
        while (j > 0 && keys[j - 1] > key) {
            keys[j] = keys[j - 1];
            kinds[j] = kinds[j - 1];
            j--;
        }
        keys[j] = key;
        kinds[j] = kind;
    }
    for (int i = 0; i < n && i < m; i++) sj_cards_add_one(out, kinds[i]);
}

void sj_greedy_bury(const sj_deal *d, sj_cards *out) {
    /* As a player buries: void short plain suits (their K and 10 go down with them), keep trumps and high cards.
     * A plain suit is voided whole when it fits in what is left of the kitty and holds neither the suit's top card
     * (its ace) nor a pair, and (泰安) only cards that kitty takes; the shortest first, then the one with fewer
     * points.  The rest of the kitty: the cards worth least to keep (bury_least: an ace after the other plain
     * singles), so no point card goes down but with its suit. */
    const sj_cards *h = &d->hands[d->burier];
    const sj_trump *t = &d->trump;
    int taian = d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN;
    sj_cards ok = taian ? sj_kitty_allowed(d, h, 0) : *h;
    *out = sj_cards_empty();
    int left = d->rules.kitty, ne = 0, order[SJ_NUM_EFF], key[SJ_NUM_EFF], top[SJ_NUM_EFF];
    suit_tops(t, top);
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (e == SJ_TRUMP) continue;
        sj_cards in = sj_cards_mask(h, t->suit_mask[e]), rest;
        int n = sj_cards_size(&in);
        if (n == 0 || n > left || sj_cards_sub(&ok, &in, &rest) < 0) continue; /* (泰安: a card it refuses) */
        int pair = 0;
        for (uint64_t m = in.p[0]; m; m &= m - 1) pair |= sj_cards_count(&in, __builtin_ctzll(m)) >= 2;
        if (pair || sj_cards_count(&in, top[e])) continue;
        key[ne] = (n << 8) | sj_cards_points(&in);
        order[ne++] = e;
    }
    for (int i = 1; i < ne; i++) /* shortest first, then fewer points, then suit order */
        for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
            int x = key[j], y = order[j];
            key[j] = key[j - 1], order[j] = order[j - 1];
            key[j - 1] = x, order[j - 1] = y;
        }
    for (int i = 0; i < ne; i++) {
        sj_cards in = sj_cards_mask(h, t->suit_mask[order[i]]), with;
        int n = sj_cards_size(&in);
        if (n > left) continue;
        sj_cards_add(out, &in, &with);
        *out = with;
        left -= n;
    }
    sj_cards rest;
    sj_cards_sub(h, out, &rest);
    bury_least(d, h, &rest, left, out);
}

void sj_greedy_swap(const sj_deal *d, sj_cards *out) {
    *out = sj_cards_empty();
    sj_cards trumps = sj_cards_mask(&d->kitty, d->trump.suit_mask[SJ_TRUMP]);
    sj_cards allowed = sj_kitty_allowed(d, &d->hands[d->to_move], 1);
    int m = sj_cards_size(&trumps), can = sj_cards_size(&allowed);
    if (m > can) m = can;
    /* Greedy: take back the kitty's highest trumps for the weakest allowed cards (shortest suits first). */
    const sj_trump *t = &d->trump;
    sj_cards taken = sj_cards_empty(), given = sj_cards_empty();
    for (int i = 0; i < m; i++) {
        int best = -1, worst = -1;
        long best_key = -1, worst_key = 0;
        for (int k = 0; k < SJ_NUM_KINDS; k++) {
            if (sj_cards_count(&trumps, k) > sj_cards_count(&taken, k) && t->pos[k] > best_key) best = k, best_key = t->pos[k];
            if (sj_cards_count(&allowed, k) > sj_cards_count(&given, k)) {
                sj_cards in = sj_cards_mask(&d->hands[d->to_move], t->suit_mask[t->eff[k]]);
                long key = ((long)sj_cards_size(&in) << 8) | t->pos[k];
                if (worst < 0 || key < worst_key) worst = k, worst_key = key;
            }
        }
        sj_cards_add_one(&taken, best);
        sj_cards_add_one(&given, worst);
    }
    sj_cards_add(&taken, &given, out);
}

void sj_greedy_call(const sj_deal *d, sj_cards *out) {
    *out = sj_cards_empty();
    const sj_trump *t = &d->trump;
    const sj_cards *h = &d->hands[d->dealer];
    int best = -1, best_len = 1 << 30, best_pos = -1;
    for (int e = 0; e <= SJ_TRUMP; e++) {
        sj_cards in = sj_cards_mask(h, t->suit_mask[e]);
        int len = e == SJ_TRUMP ? 1 << 20 : sj_cards_size(&in); /* trump only when no plain suit is left */
        for (uint64_t m = t->suit_mask[e] & ~h->p[0]; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (len < best_len || (len == best_len && t->pos[k] > best_pos)) best = k, best_len = len, best_pos = t->pos[k];
        }
    }
    out->p[0] = UINT64_C(1) << (best < 0 ? 0 : best);
}

/* ---- leading ------------------------------------------------------------------------------------ */


/* Greedy lead: among the units no unseen unit of the same shape beats ("safe"), and each suit's whole safe
 * holding when it is a throw, the best by (plain suit, cards, points); otherwise a low single of the longest
 * plain suit.  Ties go to the first in the order of the legal leads (sj_each_unit: tuples by width, position and
 * kind, then tractors by width, bottom, length and kinds; suits S H D C T).
 *
 * Constructed from each suit's position counts, no unit built but the answer (docs/MODEL.md §12): the units of
 * one shape with one top are all safe or all not (the unseen cards' highest top of that shape says which), and
 * the richest of them takes, at each position, the first kind holding the most points; the fallback is always a
 * single (every suit with cards has singles, and singles come first in its order), needed only when no suit has
 * a safe unit. */
typedef struct lead_pick {
    long key;
    int have;
    sj_cards best;
} lead_pick;

static inline int top_bit(uint64_t m) { return 63 - __builtin_clzll(m); }

/* Offer a unit (w copies of each of kinds[0..n)) to g: it becomes the answer when its key is higher. */
static inline void lead_offer(lead_pick *g, long key, int w, const uint8_t *kinds, int n) {
    if (g->have && key <= g->key) return;
    g->key = key;
    g->have = 1;
    g->best = sj_cards_empty();
    for (int q = 0; q < n; q++)
        for (int i = 0; i < w; i++) g->best.p[i] |= UINT64_C(1) << kinds[q];
}

/* Suit e's safe units offered to g in the order of the legal leads, from its position counts (natural tractors:
 * chains of kinds, sj_each_tractor's order); returns the kinds in them. */
static uint64_t lead_suit_counts(const sj_trump *t, int e, const sj_poscounts *pc, const sj_tops hi, lead_pick *g) {
    long plain = (long)(e != SJ_TRUMP) << 24;
    uint64_t safe = 0;
    int maxw = 0;
    for (int p = 0; p < pc->npos; p++)
        for (int j = 0; j < pc->nk[p]; j++)
            if (pc->c[p][j] > maxw) maxw = pc->c[p][j];
    /* tuples: each kind with at least w copies at a plain position; safe from the unseen top on */
    for (int w = 1; w <= maxw; w++)
        for (int p = hi[w][1] < 0 ? 0 : hi[w][1]; p < pc->nplain; p++)
            for (int j = 0; j < pc->nk[p]; j++) {
                if (pc->c[p][j] < w) continue;
                uint8_t k = t->at[e][p][j];
                safe |= UINT64_C(1) << k;
                lead_offer(g, plain | ((long)w << 12) | (long)(w * sj_kind_points(k)), w, &k, 1);
            }
    /* tractors: the chain up from every bottom kind, every length holding a plain kind */
    for (int w = 2; w <= maxw; w++)
        for (int p = 0; p < pc->npos; p++)
            for (int j = 0; j < pc->nk[p]; j++) {
                if (pc->c[p][j] < w) continue;
                int code = p << 2 | j, plain_kind = p < pc->nplain, pts = sj_kind_points(t->at[e][p][j]);
                uint8_t kinds[SJ_MAX_POS + 1];
                kinds[0] = t->at[e][p][j];
                uint64_t held = UINT64_C(1) << kinds[0];
                for (int l = 2; l <= SJ_MAX_POS; l++) {
                    code = pc->ch->up[code >> 2][code & 3];
                    if (code == SJ_CODE_NONE || pc->c[code >> 2][code & 3] < w) break;
                    kinds[l - 1] = t->at[e][code >> 2][code & 3];
                    plain_kind |= (code >> 2) < pc->nplain;
                    pts += sj_kind_points(kinds[l - 1]);
                    held |= UINT64_C(1) << kinds[l - 1];
                    if (!plain_kind || hi[w][l] > pc->ch->key[code >> 2][code & 3]) continue;
                    safe |= held;
                    lead_offer(g, plain | ((long)(w * l) << 12) | (long)(w * pts), w, kinds, l);
                }
            }
    return safe;
}

/* The same from bit planes of positions, where tractors are runs of positions: bits[w] marks the positions
 * holding a kind of >= w copies, so a tractor (w, l) is l adjacent bits, and the unseen cards' highest top of a
 * shape is the top bit of their runs of that length. */
static uint64_t lead_suit_bits(const sj_trump *t, int e, const sj_cards *mine, const sj_cards *theirs, lead_pick *g) {
    long plain = (long)(e != SJ_TRUMP) << 24;
    uint64_t mb[SJ_MAX_DECKS + 1], ub[SJ_MAX_DECKS + 1], safe = 0;
    sj_position_bits(t, e, mine, mb);
    sj_cards wide = *theirs; /* the unseen tops matter only for widths the hand holds */
    for (int w = 1; w <= SJ_MAX_DECKS; w++)
        if (!mb[w]) wide.p[w - 1] = 0;
    sj_position_bits(t, e, &wide, ub);
    /* tuples: each kind with >= w copies at a position no unseen w-tuple tops */
    for (int w = 1; w <= SJ_MAX_DECKS && mb[w]; w++) {
        uint64_t ok = ub[w] ? mb[w] & (~UINT64_C(0) << top_bit(ub[w])) : mb[w];
        for (; ok; ok &= ok - 1) {
            int p = __builtin_ctzll(ok);
            for (int j = 0; j < t->nat[e][p]; j++) {
                uint8_t k = t->at[e][p][j];
                if (!(mine->p[w - 1] >> k & 1)) continue;
                safe |= UINT64_C(1) << k;
                lead_offer(g, plain | ((long)w << 12) | (long)(w * sj_kind_points(k)), w, &k, 1);
            }
        }
    }
    /* tractors: every bottom, every length; the units of one run share their top, and the richest takes at each
     * position the first kind with the most points */
    for (int w = 2; w <= SJ_MAX_DECKS && mb[w]; w++) {
        uint64_t m = mb[w], starts = m & (m >> 1);
        if (!starts) continue;
        int8_t hi[SJ_MAX_POS + 2];
        uint64_t rm = m, ru = ub[w];
        for (int l = 2; l <= SJ_MAX_POS; l++) {
            rm &= rm << 1;
            if (!rm) break;
            ru &= ru << 1;
            hi[l] = (int8_t)(ru ? top_bit(ru) : -1);
        }
        uint8_t rich[SJ_MAX_POS], first[SJ_MAX_POS];
        uint64_t held[SJ_MAX_POS];
        for (uint64_t b = m; b; b &= b - 1) {
            int p = __builtin_ctzll(b), most = -1;
            held[p] = 0;
            for (int j = 0; j < t->nat[e][p]; j++) {
                int k = t->at[e][p][j];
                if (!(mine->p[w - 1] >> k & 1)) continue;
                held[p] |= UINT64_C(1) << k;
                if (sj_kind_points(k) > most) most = sj_kind_points(k), first[p] = (uint8_t)k;
            }
            rich[p] = (uint8_t)most;
        }
        for (; starts; starts &= starts - 1) {
            int p = __builtin_ctzll(starts), pts = rich[p];
            uint64_t kinds = held[p];
            for (int l = 2; m >> (p + l - 1) & 1; l++) {
                int top = p + l - 1;
                pts += rich[top];
                kinds |= held[top];
                if (hi[l] > top) continue;
                safe |= kinds;
                lead_offer(g, plain | ((long)(w * l) << 12) | (long)(w * pts), w, first + p, l);
            }
        }
    }
    return safe;
}

static int greedy_lead(const sj_deal *d, sj_cards *out) {
    const sj_trump *t = &d->trump;
    const sj_cards *hand = &d->hands[d->to_move];
    sj_cards unseen = sj_deal_unseen(d);
    lead_pick g;
    g.have = 0;
    g.key = 0;
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        if (!(hand->p[0] & t->suit_mask[e])) continue;
        uint64_t mask = t->suit_mask[e] | t->borrow_mask[e]; /* natural tractors may borrow */
        sj_cards mine = sj_cards_mask(hand, mask), theirs = sj_cards_mask(&unseen, mask);
        sj_tops hi;
        uint64_t safe;
        if (t->natural) {
            sj_highest_unit_tops_of(t, e, &theirs, hi);
            sj_poscounts pc;
            sj_poscounts_of(t, e, &mine, &pc);
            safe = lead_suit_counts(t, e, &pc, (const sj_tops_row *)hi, &g);
        } else {
            safe = lead_suit_bits(t, e, &mine, &theirs, &g);
        }
        /* the whole safe holding of the suit, when it is a throw */
        sj_cards throw_cards = sj_cards_mask(&mine, safe);
        if (!(throw_cards.p[0] & (throw_cards.p[0] - 1))) continue;
        if (!t->natural) sj_highest_unit_tops_of(t, e, &theirs, hi);
        if (sj_is_safe_throw(t, &throw_cards, (const sj_tops_row *)hi)) {
            long key = ((long)(e != SJ_TRUMP) << 24) | ((long)sj_cards_size(&throw_cards) << 12) |
                       sj_cards_points(&throw_cards);
            if (!g.have || key > g.key) g.best = throw_cards, g.key = key, g.have = 1;
        }
    }
    if (g.have) {
        *out = g.best;
        return 0;
    }
    /* no safe unit: the single that comes first by (plain, longest suit, fewest points, weakest) */
    long fb_key = 0;
    int fb = -1;
    for (int e = 0; e < SJ_NUM_EFF; e++) {
        sj_cards in = sj_cards_mask(hand, t->suit_mask[e]);
        if (sj_cards_is_empty(&in)) continue;
        long trump = e == SJ_TRUMP, len = sj_cards_size(&in);
        for (int p = 0; p < t->npos[e]; p++) /* singles sit at the suit's own positions */
            for (int j = 0; j < t->nat[e][p]; j++) {
                int k = t->at[e][p][j];
                if (!(in.p[0] >> k & 1)) continue;
                long key = (trump << 29) | ((64 - len) << 20) | ((long)sj_kind_points(k) << 10) | (p + 100 * trump);
                if (fb < 0 || key < fb_key) fb = k, fb_key = key;
            }
    }
    if (fb < 0) return SJ_E_POLICY;
    *out = sj_cards_empty();
    out->p[0] = UINT64_C(1) << fb;
    return 0;
}

/* The short follower's two discards: `in` (all of the led suit held) plus the `need` physical cards of the rest
 * with the lowest key, by repeated minimum (need is small).  low: plain before trump, fewer points, lower
 * position; rich: more points, plain before trump, lower position. */
static inline int low_key(const sj_trump *t, int k) {
    return ((t->eff[k] == SJ_TRUMP) << 12) | (sj_kind_points(k) << 6) | t->pos[k];
}
static inline int rich_key(const sj_trump *t, int k) {
    return ((15 - sj_kind_points(k)) << 12) | ((t->eff[k] == SJ_TRUMP) << 6) | t->pos[k];
}

void sj_short_discards(const sj_trump *t, const sj_cards *hand, const sj_cards *in, int need, sj_cards *low,
                           sj_cards *rich) {
    sj_cards rest;
    sj_cards_sub(hand, in, &rest);
    int n = 0, keys[2][SJ_NUM_KINDS];
    uint8_t kind[SJ_NUM_KINDS], left[2][SJ_NUM_KINDS];
    for (uint64_t b = rest.p[0]; b; b &= b - 1, n++) {
        int k = __builtin_ctzll(b);
        kind[n] = (uint8_t)k;
        left[0][n] = left[1][n] = (uint8_t)sj_cards_count(&rest, k);
        keys[0][n] = low_key(t, k);
        keys[1][n] = rich_key(t, k);
    }
    sj_cards *out[2] = {low, rich};
    for (int which = 0; which < 2; which++) {
        *out[which] = *in;
        for (int i = 0; i < need; i++) { /* the card with the lowest key left, the lowest kind on ties */
            int best = -1;
            for (int q = 0; q < n; q++)
                if (left[which][q] && (best < 0 || keys[which][q] < keys[which][best])) best = q;
            if (best < 0) break;
            left[which][best]--;
            sj_cards_add_one(out[which], kind[best]);
        }
    }
}

/* ---- greedy follow, constructed (docs/MODEL.md §12) ----------------------------------------------------------
 * The rule weighs a list of candidate follows (sj_follow_candidates, in its order) by points and strength (the
 * positions of the cards, a trump counting 100 more): feeding a partner who is winning, the richest (then the
 * weakest); otherwise the cheapest (weakest, then richest) that beats the trick, when points are on the table, it
 * is the last seat or the play itself holds points; otherwise the lowest (fewest points, then weakest).  Ties go
 * to the first candidate.  The answer is built without the list where the list is known in closed form:
 * - one card led, not short: one candidate per kind of the led suit held (kinds ascending): a loop over them;
 * - short in the led suit: the low and the rich discard (built directly), then, void in a plain lead, the ways to
 *   trump: every sub-multiset of the trumps of the lead's size, in the listing's order (kinds ascending, each kind's
 *   count from the most down), the first 126 of them.  The richest is the rich discard (it takes the most points a
 *   play of that size can hold, then the weakest cards), so feeding never looks at them; the cheapest winner and the
 *   lowest are searched in the listing's order with the count of every subtree known (so the cap of 126 is exact)
 *   and every subtree that cannot hold a strictly better play skipped: its key is bounded below by the cheapest
 *   cards left, and a winner must hold the lead's shapes (enough kinds of each width).
 * Otherwise (a lead of several cards, not short) the candidates are the first 128 legal follows, listed. */

typedef struct follow_pick {
    const sj_trump *t;
    const sj_trick_eval *ev;
    int feed;                       /* feeding a partner who is winning */
    int open;                       /* points on the table or the last seat: any winner counts */
    int have_feed, have_win, have_low;
    long feed_key, win_key, low_key;
    sj_cards feed_best, win, low;
} follow_pick;

static inline int card_strength(const sj_trump *t, int k) { return t->pos[k] + (t->eff[k] == SJ_TRUMP ? 100 : 0); }

static int strength(const sj_trump *t, const sj_cards *c) {
    int s = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++)
        for (uint64_t b = c->p[i]; b; b &= b - 1) s += card_strength(t, __builtin_ctzll(b));
    return s;
}

/* The keys of a candidate with `pts` points and strength `str`: the cheapest winner and the lowest have the smallest.
 * Both are sums over the cards, which trump_ways' bounds rely on. */
static inline long win_key_of(int pts, int str) { return ((long)str << 10) - pts; }
static inline long low_key_of(int pts, int str) { return ((long)pts << 16) + str; }

/* A candidate that may win (points on the table, the last seat, or points in the play): kept when cheaper and it beats. */
static inline void offer_win(follow_pick *f, const sj_cards *c, int pts, int str) {
    if (!(f->open || pts > 0)) return;
    long key = win_key_of(pts, str);
    if ((!f->have_win || key < f->win_key) && sj_trick_eval_beats(f->t, f->ev, c))
        f->win = *c, f->win_key = key, f->have_win = 1;
}

static inline void offer_low(follow_pick *f, const sj_cards *c, int pts, int str) {
    long key = low_key_of(pts, str);
    if (!f->have_low || key < f->low_key) f->low = *c, f->low_key = key, f->have_low = 1;
}

/* The next candidate in the list's order, with its points and strength. */
static void follow_offer(follow_pick *f, const sj_cards *c, int pts, int str) {
    if (f->feed) {
        long key = ((long)pts << 16) - str;
        if (!f->have_feed || key > f->feed_key) f->feed_best = *c, f->feed_key = key, f->have_feed = 1;
        return;
    }
    offer_win(f, c, pts, str);
    offer_low(f, c, pts, str);
}

/* One candidate per kind in `kinds` (a single card each), kinds ascending. */
static void follow_offer_singles(follow_pick *f, uint64_t kinds) {
    for (uint64_t b = kinds; b; b &= b - 1) {
        int k = __builtin_ctzll(b);
        sj_cards c = sj_cards_empty();
        c.p[0] = b & (~b + 1);
        follow_offer(f, &c, sj_kind_points(k), card_strength(f->t, k));
    }
}

/* The ways to trump of a void follower: the sub-multisets of `need` cards of the trumps, in the listing's order
 * (kinds ascending; at each kind its count from the most down to none), the first `cap` of them. */
#define TW_MAX_NEED 64
typedef struct trump_walk {
    const sj_trump *t;
    follow_pick *f;
    int nk, need, win;              /* win: searching the cheapest winner, else the lowest */
    uint8_t kind[SJ_NUM_KINDS], avail[SJ_NUM_KINDS];
    long weight[SJ_NUM_KINDS];      /* a card's share of the key */
    long count[SJ_NUM_KINDS + 1][TW_MAX_NEED + 1];  /* plays of r cards from kinds i.. (saturated) */
    long least[SJ_NUM_KINDS + 1][TW_MAX_NEED + 1];  /* the smallest key share of r cards from kinds i.. */
    int need_w[SJ_MAX_DECKS + 1];   /* the lead's shapes: positions needing >= w copies (0: no bound) */
    int wide[SJ_MAX_DECKS + 1][SJ_NUM_KINDS + 1];   /* sum over kinds i.. of avail / w */
    int held_w[SJ_MAX_DECKS + 1];   /* ... of the cards chosen so far */
    long index, cap;
    sj_cards cur;
} trump_walk;

#define TW_MANY (INT64_C(1) << 50)
#define TW_NONE INT64_MAX

static int tw_rec(trump_walk *w, int i, int r, long part) {
    follow_pick *f = w->f;
    if (r == 0) { /* a leaf: the next play of the listing */
        if (w->index >= w->cap) return 1;
        w->index++;
        int pts = sj_cards_points(&w->cur), str = strength(w->t, &w->cur);
        if (w->win)
            offer_win(f, &w->cur, pts, str);
        else
            offer_low(f, &w->cur, pts, str);
        return w->index >= w->cap;
    }
    int maxc = w->avail[i] < r ? w->avail[i] : r;
    for (int c = maxc; c >= 0; c--) {
        long n = w->count[i + 1][r - c];
        if (!n) continue;
        int skip = 0;
        long best = w->win ? (f->have_win ? f->win_key : TW_NONE) : (f->have_low ? f->low_key : TW_NONE);
        if (best != TW_NONE && part + c * w->weight[i] + w->least[i + 1][r - c] >= best) skip = 1;
        for (int v = 2; !skip && v <= SJ_MAX_DECKS; v++) {
            if (!w->need_w[v]) continue;
            int most = w->wide[v][i + 1], room = (r - c) / v;
            if (w->held_w[v] + c / v + (most < room ? most : room) < w->need_w[v]) skip = 1;
        }
        if (skip) {
            w->index += n;
            if (w->index >= w->cap) return 1;
            continue;
        }
        for (int q = 0; q < c; q++) sj_cards_add_one(&w->cur, w->kind[i]);
        for (int v = 2; v <= SJ_MAX_DECKS; v++) w->held_w[v] += c / v;
        int stop = tw_rec(w, i + 1, r - c, part + c * w->weight[i]);
        for (int v = 2; v <= SJ_MAX_DECKS; v++) w->held_w[v] -= c / v;
        for (int q = 0; q < c; q++) sj_cards_remove_one(&w->cur, w->kind[i]);
        if (stop) return 1;
    }
    return 0;
}

/* Offer the ways to trump (the first `cap`) to f: the cheapest winner (win) or the lowest. */
static void trump_ways(const sj_trump *t, const sj_cards *trumps, int need, long cap, int win, follow_pick *f) {
    if (need > TW_MAX_NEED || cap <= 0) return;
    trump_walk w;
    w.t = t;
    w.f = f;
    w.need = need;
    w.win = win;
    w.nk = 0;
    for (int k = 0; k < SJ_NUM_KINDS; k++) {
        int c = sj_cards_count(trumps, k);
        if (!c) continue;
        int pts = sj_kind_points(k), str = card_strength(t, k);
        w.kind[w.nk] = (uint8_t)k;
        w.avail[w.nk] = (uint8_t)c;
        w.weight[w.nk++] = win ? win_key_of(pts, str) : low_key_of(pts, str);
    }
    for (int r = 0; r <= need; r++) w.count[w.nk][r] = r == 0, w.least[w.nk][r] = r == 0 ? 0 : TW_NONE;
    for (int i = w.nk - 1; i >= 0; i--)
        for (int r = 0; r <= need; r++) {
            long n = 0, least = TW_NONE;
            for (int c = 0; c <= w.avail[i] && c <= r; c++) {
                n += w.count[i + 1][r - c];
                if (w.least[i + 1][r - c] != TW_NONE && c * w.weight[i] + w.least[i + 1][r - c] < least)
                    least = c * w.weight[i] + w.least[i + 1][r - c];
            }
            w.count[i][r] = n < TW_MANY ? n : TW_MANY;
            w.least[i][r] = least;
        }
    memset(w.need_w, 0, sizeof w.need_w);
    memset(w.held_w, 0, sizeof w.held_w);
    if (win && !f->ev->wide_cards) { /* a winner holds the lead's shapes (a lone tuple's too: shapes {w, 1}) */
        sj_shapes_width_needs(f->ev->shapes, f->ev->nshapes, w.need_w);
        for (int v = 2; v <= SJ_MAX_DECKS; v++) {
            w.wide[v][w.nk] = 0;
            for (int i = w.nk - 1; i >= 0; i--) w.wide[v][i] = w.wide[v][i + 1] + w.avail[i] / v;
        }
    }
    w.index = 0;
    w.cap = cap;
    w.cur = sj_cards_empty();
    tw_rec(&w, 0, need, 0);
}

static int greedy_follow(const sj_deal *d, sj_cards *out) {
    const sj_trump *t = &d->trump;
    int seat = d->to_move;
    const sj_cards *hand = &d->hands[seat], *lead = &d->trick[0];
    int led = sj_trump_suit_of(t, lead), nlead = sj_cards_size(lead);
    sj_cards in = sj_cards_mask(hand, t->suit_mask[led < 0 ? 0 : led]);
    int need = led < 0 ? 0 : nlead - sj_cards_size(&in);
    int single = need <= 0 && !lead->p[1] && !(lead->p[0] & (lead->p[0] - 1));
    sj_cards list[SJ_CANDIDATES];
    long n = 0;
    if (single) {
        in = sj_cards_mask(hand, t->suit_mask[t->eff[__builtin_ctzll(lead->p[0])]]);
        if (!(in.p[0] & (in.p[0] - 1))) { /* one kind held: the only candidate */
            *out = sj_cards_empty();
            out->p[0] = in.p[0];
            return in.p[0] ? 0 : SJ_E_POLICY;
        }
    } else if (need <= 0) { /* the lead's shapes are in the trick's standing */
        n = d->trick_rc == 0 ? sj_legal_follows_shaped(t, hand, lead, d->trick_eval.shapes, d->trick_eval.nshapes, list,
                                                       SJ_CANDIDATES, SJ_CANDIDATES)
                             : sj_legal_follows(t, hand, lead, list, SJ_CANDIDATES, SJ_CANDIDATES);
        if (n > SJ_CANDIDATES) n = SJ_CANDIDATES;
        if (n <= 0) return SJ_E_POLICY;
        if (n == 1) {
            *out = list[0];
            return 0;
        }
    }
    if (d->trick_rc < 0) return SJ_E_POLICY;
    const sj_trick_eval *ev = &d->trick_eval; /* the trick's standing, kept by the deal */
    int cur = (d->leader + ev->winner) % 4;
    int partner_winning = sj_known_teammate(d, seat, cur);
    int last = d->ntrick == 3, on_table = 0;
    for (int i = 0; i < d->ntrick; i++) on_table += sj_cards_points(&d->trick[i]);
    int partner_trumped = 0;
    if (partner_winning) {
        const sj_cards *pp = &d->trick[(cur - d->leader + 4) % 4];
        partner_trumped = (pp->p[0] & t->suit_mask[SJ_TRUMP]) != 0;
    }
    follow_pick f;
    f.t = t;
    f.ev = ev;
    f.feed = partner_winning && (last || partner_trumped || d->ntrick >= 2);
    f.open = on_table > 0 || last;
    f.have_feed = f.have_win = f.have_low = 0;
    f.feed_key = f.win_key = f.low_key = 0;
    if (single) {
        follow_offer_singles(&f, in.p[0]);
    } else if (need > 0) {
        sj_cards low, rich;
        sj_short_discards(t, hand, &in, need, &low, &rich);
        follow_offer(&f, &low, sj_cards_points(&low), strength(t, &low));
        follow_offer(&f, &rich, sj_cards_points(&rich), strength(t, &rich));
        sj_cards trumps = sj_cards_mask(hand, t->suit_mask[SJ_TRUMP]);
        if (!f.feed && sj_cards_is_empty(&in) && led != SJ_TRUMP && sj_cards_size(&trumps) >= nlead) {
            if (nlead == 1) { /* one way per trump kind held, kinds ascending (fewer than the cap) */
                follow_offer_singles(&f, trumps.p[0]);
            } else {
                trump_ways(t, &trumps, nlead, SJ_CANDIDATES - 2, 1, &f);
                if (!f.have_win) trump_ways(t, &trumps, nlead, SJ_CANDIDATES - 2, 0, &f);
            }
        }
    } else {
        for (long i = 0; i < n; i++) follow_offer(&f, &list[i], sj_cards_points(&list[i]), strength(t, &list[i]));
    }
    *out = f.feed ? f.feed_best : f.have_win ? f.win : f.low;
    return 0;
}

int sj_known_teammate(const sj_deal *d, int seat, int other) {
    if (seat == other) return 1;
    if (d->rules.partnership != SJ_PARTNER_CALL_CARD) return ((other - seat) & 1) == 0;
    if (d->friend_revealed) return sj_is_attacker(d, seat) == sj_is_attacker(d, other);
    if (seat != d->dealer && d->called >= 0 && sj_cards_count(&d->hands[seat], d->called)) return other == d->dealer;
    return 0;
}

int sj_greedy_play(const sj_deal *d, sj_cards *out) {
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    return d->ntrick == 0 ? greedy_lead(d, out) : greedy_follow(d, out);
}
