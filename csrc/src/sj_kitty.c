/* sj_kitty.c — kitty multipliers (docs/RULES.md §4, docs/MODEL.md §7), from the decomposition of the capturing
 * cards: the play that won the last trick (kitty_multiplier_reads="winner", every source's reading: the QQ
 * pairs rule's 抓分方的牌中包含一对牌, 边锋's 根据最大一方牌情, 中国游戏中心's 抓分方的牌, the QQ rooms' 闲家用 444555
 * 抠底, the 4-deck post's 最大的玩家扣底), or that trick's lead as played ("lead").
 *
 * power (the QQ rooms): 2^(cards of the largest unit), at most 64.   pairs (the QQ guide): 2^(1 + pairs),
 * a unit of width w and length l holding l*floor(w/2) pairs.   bianfeng (边锋): Titanic 2*3^l,
 * triple 6, tractor 2*2^l, pair 4, else 2.   chinagame (中国游戏中心): 6 per triple (width >= 3, per
 * position) plus 4 per pair, or 2 when there is neither.   copies (the 4-deck post): 2^(widest unit).
 *
 * kitty_rule="taian" (泰安, docs/RULES.md §6.8: 如果庄家亮的主，底牌由庄家方非亮主的一家取走…底里不允许扣分，不允许扣常主;
 * 不允许把分和常主换到底里; 第一轮牌由打底者首先出牌): who takes up the kitty, what may lie in it (no point card
 * and no card of a constant rank; swapped in, no trump either), and who leads first.
 */
#include "sj_kitty.h"

static int ipow(int b, int e) {
    int r = 1;
    while (e-- > 0) r *= b;
    return r;
}

const sj_cards *sj_kitty_capturing_cards(const sj_deal *d) {
    return d->rules.kitty_multiplier_reads == SJ_KITTY_READS_LEAD ? &d->last_lead : &d->last_won;
}

int sj_kitty_multiplier(const sj_trump *t, const sj_cards *cards) {
    sj_unit u[SJ_MAX_UNITS];
    int n = sj_units(t, cards, u, SJ_MAX_UNITS);
    if (n < 0) return n;
    int max_cards = 0, max_w = 0, pairs = 0, triples = 0, titanic_l = 0, tractor_l = 0, has_triple = 0, has_pair = 0;
    for (int i = 0; i < n; i++) {
        int w = u[i].w, l = u[i].l;
        if (w * l > max_cards) max_cards = w * l;
        if (w > max_w) max_w = w;
        pairs += l * (w / 2);
        if (w >= 3) {
            triples += l;
            has_triple = 1;
            if (l >= 2 && l > titanic_l) titanic_l = l;
        } else if (w == 2) {
            has_pair = 1;
            if (l >= 2 && l > tractor_l) tractor_l = l;
        }
    }
    switch (t->rules.kitty_multiplier) {
    case SJ_KITTY_PAIRS:
        return ipow(2, 1 + pairs);
    case SJ_KITTY_BIANFENG:
        if (titanic_l) return 2 * ipow(3, titanic_l);
        if (has_triple) return 6;
        if (tractor_l) return 2 * ipow(2, tractor_l);
        return has_pair ? 4 : 2;
    case SJ_KITTY_CHINAGAME: {
        int p2 = 0;
        for (int i = 0; i < n; i++)
            if (u[i].w == 2) p2 += u[i].l;
        return triples + p2 == 0 ? 2 : 6 * triples + 4 * p2;
    }
    case SJ_KITTY_COPIES:
        return ipow(2, max_w);
    case SJ_KITTY_POWER:
    default:
        return max_cards >= 6 ? 64 : ipow(2, max_cards);
    }
}

int sj_kitty_taker(const sj_deal *d) {
    if (d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN && d->declarer >= 0 && sj_team(d->declarer) == sj_team(d->dealer))
        return (d->declarer + 2) % 4; /* the dealer team's seat that did not declare */
    return d->dealer;
}

int sj_first_leader(const sj_deal *d) {
    return d->rules.kitty_rule == SJ_KITTY_RULE_TAIAN ? d->burier : d->dealer;
}

sj_cards sj_kitty_allowed(const sj_deal *d, const sj_cards *hand, int plain_only) {
    uint64_t bad = 0;
    for (int s = 0; s < SJ_NUM_SUITS; s++) {
        bad |= UINT64_C(1) << sj_make_kind(s, SJ_RANK_5);
        bad |= UINT64_C(1) << sj_make_kind(s, SJ_RANK_10);
        bad |= UINT64_C(1) << sj_make_kind(s, SJ_RANK_K);
        for (int r = 0; r < SJ_NUM_RANKS; r++)
            if (d->rules.constant_ranks >> r & 1) bad |= UINT64_C(1) << sj_make_kind(s, r);
    }
    if (plain_only) bad |= d->trump.suit_mask[SJ_TRUMP];
    return sj_cards_mask(hand, SJ_ALL_KINDS & ~bad);
}

int sj_bury_allowed(const sj_deal *d, const sj_cards *hand, const sj_cards *cards) {
    sj_cards ok = sj_kitty_allowed(d, hand, 0);
    int have = sj_cards_size(&ok);
    if (have >= sj_cards_size(cards)) return sj_cards_contains(&ok, cards) ? SJ_OK : SJ_E_ILLEGAL;
    return sj_cards_contains(cards, &ok) ? SJ_OK : SJ_E_ILLEGAL; /* too few: all of them, then any */
}

/* ---- 换底: the swaps the declarer may make ------------------------------------------------------------- */

/* Every sub-multiset of `from` with `m` cards, kinds in ascending order, each passed to emit. */
typedef struct submulti {
    const sj_cards *from;
    int (*emit)(void *ctx, const sj_cards *pick);
    void *ctx;
} submulti;

static int each_submultiset(const submulti *s, int kind, int m, sj_cards *acc) {
    if (m == 0) return s->emit(s->ctx, acc);
    for (; kind < SJ_NUM_KINDS; kind++) {
        int have = sj_cards_count(s->from, kind);
        for (int c = 1; c <= have && c <= m; c++) {
            sj_cards_add_one(acc, kind);
            if (each_submultiset(s, kind + 1, m - c, acc)) {
                for (int i = 0; i < c; i++) sj_cards_remove_one(acc, kind);
                return 1;
            }
        }
        for (int i = 0; i < have && i < m; i++) sj_cards_remove_one(acc, kind);
    }
    return 0;
}

typedef struct swap_list {
    sj_cards *out;
    long cap, limit, found;
    sj_cards taken;      /* the trumps out of the kitty being combined */
    const sj_cards *allowed;
    int m;
} swap_list;

static int emit_swap(void *ctx, const sj_cards *in) {
    swap_list *l = (swap_list *)ctx;
    if (l->found < l->cap) sj_cards_add(&l->taken, in, &l->out[l->found]);
    l->found++;
    return l->limit > 0 && l->found >= l->limit;
}

static int emit_taken(void *ctx, const sj_cards *taken) {
    swap_list *l = (swap_list *)ctx;
    l->taken = *taken;
    submulti s = {l->allowed, emit_swap, l};
    sj_cards acc = sj_cards_empty();
    return each_submultiset(&s, 0, l->m, &acc);
}

long sj_kitty_legal_swaps(const sj_deal *d, sj_cards *out, long cap, long limit) {
    sj_cards trumps = sj_cards_mask(&d->kitty, d->trump.suit_mask[SJ_TRUMP]);
    sj_cards allowed = sj_kitty_allowed(d, &d->hands[d->to_move], 1);
    swap_list l = {out, cap, limit, 0, sj_cards_empty(), &allowed, 0};
    if (cap > 0) out[0] = sj_cards_empty();
    l.found = 1;
    int most = sj_cards_size(&trumps), can = sj_cards_size(&allowed);
    for (int m = 1; m <= most && m <= can && !(limit > 0 && l.found >= limit); m++) {
        l.m = m;
        submulti s = {&trumps, emit_taken, &l};
        sj_cards acc = sj_cards_empty();
        if (each_submultiset(&s, 0, m, &acc)) break;
    }
    return l.found;
}
