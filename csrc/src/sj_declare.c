/* sj_declare.c — declaring trump (亮主) and the ladders that grade declarations, also used to grab the
 * kitty (炒底) (docs/RULES.md §5–§6, docs/MODEL.md §9).
 *
 * "qq": one level card 1 < a pair 2 < a joker pair 3 (no trump).  "qq3": single 1 < pair 2 < joker pair
 * 3 < three level cards 4 < three jokers 5.  Under both a declaration shows identical cards and must be
 * strictly stronger than the standing one; anyone may make it, so reinforcing (自保, 对家保) and
 * overturning (反主, 自反) are the same rule.
 *
 * 对家保 (partner_reinforce="pair", the QQ guide): while the cards are dealt, under fixed partners, the partner
 * of the declarer of a standing single level card (the seat across) may show its own copy of that card: the
 * declaration becomes that pair, graded as the pair would be if shown at once, and stays its declarer's
 * (sj_declaration_reinforces, sj_declaration_stand).  A pair standing so is beaten only as any pair is (under
 * "qq" by a joker pair: 以上后三条以先出现者为准).
 *
 * "4deck" (the 4-deck post): one level card 1; a pair of level cards by suit ♦ 2 < ♣ 3 < ♥ 4 < ♠ 5; SJ
 * pair 6; BJ pair 7 (joker pairs: no trump, and only to overturn: 亮无主只能是四张王才能亮); four jokers in
 * any mix 8, with the trump chosen (no trump or any suit, carried by the action's choice bits).
 * Strictly above the standing grade (抢亮).  The standing declarer may raise its own declaration while the
 * cards are dealt (自保: the post's 亮主…其他和升级一样, on the QQ rules) to one that sets the same trump (same
 * suit, or no trump to no trump), never another (不能自反), and never grabs (不能亮主的人自己反主炒底).
 *
 * "taian" (泰安): one joker plus a run of k pairs of one suit, consecutive in natural rank (2 < ... <
 * A): grade k, the trump that suit.  Others need a higher grade (冲主); the standing declarer may only
 * extend its own declaration (续牌: containing its cards, more pairs).  Shown face down (the Python layer
 * hides it in observations until the kitty is buried).
 *
 * Nobody declared (no_bid): "notrump" (the QQ rooms); "kitty_card" (the QQ guide): the suit of the kitty's
 * third card in pack order, jokers skipped, no trump when only jokers remain; "kitty_card_notrump"
 * (边锋): the suit of the kitty's third card, no trump when it is a joker; "kitty_turnup" (the
 * 4-deck post): the suit of the kitty's first level card, else of its first card, a joker meaning no
 * trump.  "dealer_loses" (泰安 闷牌): the deal ends unplayed (sj_deal.c).
 *
 * Nobody declared in a first deal, first_deal_no_bid="kitty_dealer" (the 4-deck post: 若是第一局，用底牌的第一张牌
 * 来确认庄家，第一张牌的点数除4的余数为庄家，一副牌的号是从0~53的，大王是53，a为0，右边的是零号桌，然后顺时针依次是1 2 3号桌):
 * the kitty's first card picks the dealer (sj_kitty_dealer).
 */
#include "sj_declare.h"

int sj_declaring_status(const sj_rules *rules) {
    if (rules->declaration == SJ_DECLARE_NONE) return SJ_E_NO_PHASE;
    if (sj_rules_missing(rules, SJ_NEED_DECLARE) >= 0) return SJ_E_UNSUPPORTED;
    return SJ_OK;
}

int sj_no_bid_reads_kitty(const sj_rules *rules) {
    return rules->no_bid == SJ_NOBID_KITTY_CARD || rules->no_bid == SJ_NOBID_KITTY_CARD_NOTRUMP ||
           rules->no_bid == SJ_NOBID_KITTY_TURNUP || rules->first_deal_no_bid == SJ_FIRST_NOBID_KITTY_DEALER;
}

uint64_t sj_declarable_kinds(const sj_rules *rules, int level) {
    uint64_t kinds = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    if (rules->declaration != SJ_DECLARE_TAIAN)
        for (int s = 0; s < SJ_NUM_SUITS; s++) kinds |= UINT64_C(1) << sj_make_kind(s, level);
    return kinds;
}

int sj_declared_trump(const sj_deal *d) {
    if (d->declarer >= 0) return d->decl_suit;
    const uint8_t *kitty = d->order + 4 * d->hand_size; /* the kitty in pack order */
    switch ((int)d->rules.no_bid) {
    case SJ_NOBID_KITTY_CARD:
        for (int i = 2; i < d->rules.kitty; i++)
            if (kitty[i] < 52) return sj_kind_suit(kitty[i]);
        return SJ_NO_SUIT;
    case SJ_NOBID_KITTY_CARD_NOTRUMP:
        return kitty[2] < 52 ? sj_kind_suit(kitty[2]) : SJ_NO_SUIT;
    case SJ_NOBID_KITTY_TURNUP:
        for (int i = 0; i < d->rules.kitty; i++)
            if (kitty[i] < 52 && sj_kind_rank(kitty[i]) == d->level) return sj_kind_suit(kitty[i]);
        return kitty[0] < 52 ? sj_kind_suit(kitty[0]) : SJ_NO_SUIT;
    default:
        return SJ_NO_SUIT;
    }
}

/* The card's number in the post's 0..53: suits in the order 黑红梅方 (S H C D), 13 apart; A 2 .. K inside a
 * suit (a为0); SJ 52, BJ 53 (大王是53).  Index: the kind's suit S H D C (0..3). */
static const int kitty_dealer_suit_base[SJ_NUM_SUITS] = {0, 13, 39, 26};

int sj_kitty_dealer(const sj_deal *d) {
    int kind = d->order[4 * d->hand_size]; /* the kitty's first card in pack order */
    int number = kind >= 52 ? kind : kitty_dealer_suit_base[sj_kind_suit(kind)] + (sj_kind_rank(kind) + 1) % 13;
    /* tables 0 1 2 3 run clockwise; the post plays counter-clockwise (按逆时针方向轮流出牌), the model's seats run in
     * play order from table 0 = seat 0, so table t is seat (4 - t) mod 4 */
    return (4 - number % 4) % 4;
}

/* The 4-deck ladder's grade of a pair of level cards of suit s (S H D C = 0..3): ♦ 2 < ♣ 3 < ♥ 4 < ♠ 5. */
static const int pair_grade_4deck[SJ_NUM_SUITS] = {5, 4, 2, 3};

/* The grade of `count` identical cards of `kind` (no choice), and the trump they set. */
static int kind_grade(const sj_rules *rules, int level, int kind, int count, int *suit) {
    int joker = kind >= 52;
    if (!joker && sj_kind_rank(kind) != level) return 0;
    *suit = joker ? SJ_NO_SUIT : sj_kind_suit(kind);
    switch ((int)rules->declaration) {
    case SJ_DECLARE_QQ:
        if (!joker) return count == 1 ? 1 : count == 2 ? 2 : 0;
        return count == 2 ? 3 : 0;
    case SJ_DECLARE_QQ3:
        if (!joker) return count == 1 ? 1 : count == 2 ? 2 : count == 3 ? 4 : 0;
        return count == 2 ? 3 : count == 3 ? 5 : 0;
    case SJ_DECLARE_4DECK:
        if (!joker) return count == 1 ? 1 : count == 2 ? pair_grade_4deck[*suit] : 0;
        return count == 2 ? (kind == SJ_BIG_JOKER ? 7 : 6) : 0;
    default:
        return 0;
    }
}

/* May the seat to move show a declaration of this grade, setting trump `suit`, now (above the standing one;
 * the 4-deck ladder's 自保 of the same trump only while dealing, and joker pairs only overturning)?
 * SJ_WHY_NONE (0) when it may, else the reason it may not. */
static int grade_refused(const sj_deal *d, int grade, int suit) {
    if (grade <= d->decl_strength) return SJ_WHY_NOT_STRONGER;
    if (d->rules.declaration == SJ_DECLARE_4DECK) {
        if (d->declarer == d->to_move && d->phase != SJ_PHASE_DECLARE) return SJ_WHY_SELF_GRAB;
        if (d->declarer == d->to_move && suit != d->decl_suit) return SJ_WHY_SELF_CHANGE; /* 不能自反 */
        if ((grade == 6 || grade == 7) && d->declarer < 0) return SJ_WHY_JOKER_PAIR;       /* only overturn */
    }
    return SJ_WHY_NONE;
}

/* 泰安: one joker and a run of pairs of one suit in natural rank; the grade is the number of pairs. */
static int taian_grade(const sj_cards *shown, int *suit) {
    uint64_t jokers = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    uint64_t kinds = shown->p[0];
    if (__builtin_popcountll(kinds & jokers) != 1 || (shown->p[1] & jokers)) return 0; /* exactly one joker */
    uint64_t pairs = kinds & ~jokers;
    if (!pairs || shown->p[1] != pairs || shown->p[2]) return 0; /* every other kind exactly twice */
    int lo = __builtin_ctzll(pairs), s = sj_kind_suit(lo);
    uint64_t run = pairs >> lo;
    if (run & (run + 1)) return 0;                                     /* consecutive kinds */
    if (sj_kind_suit(63 - __builtin_clzll(pairs)) != s) return 0;      /* of one suit */
    *suit = s;
    return __builtin_popcountll(pairs);
}

int sj_declaration_grade(const sj_rules *rules, int level, const sj_cards *shown, int *suit) {
    uint64_t choice = shown->p[0] & SJ_CHOICE_MASK;
    if (rules->declaration == SJ_DECLARE_TAIAN) {
        *suit = SJ_NO_SUIT;
        return choice ? 0 : taian_grade(shown, suit);
    }
    uint64_t kinds = shown->p[0] & ~SJ_CHOICE_MASK;
    *suit = SJ_NO_SUIT;
    if (!kinds || (kinds & ~SJ_ALL_KINDS)) return 0;
    for (int i = 1; i < SJ_MAX_DECKS; i++)
        if (shown->p[i] & ~kinds) return 0;
    uint64_t jokers = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    int count = 0;
    for (int i = 0; i < SJ_MAX_DECKS; i++) count += __builtin_popcountll(shown->p[i] & SJ_ALL_KINDS);
    if (count > rules->decks * __builtin_popcountll(kinds)) return 0;
    if (rules->declaration == SJ_DECLARE_4DECK && count == 4 && !(kinds & ~jokers)) {
        /* four jokers: exactly one choice */
        if (!choice || (choice & (choice - 1))) return 0;
        int c = __builtin_ctzll(choice) - SJ_CHOICE_SHIFT;
        *suit = c == SJ_CHOICE_NOTRUMP ? SJ_NO_SUIT : c;
        return 8;
    }
    if (choice || (kinds & (kinds - 1))) return 0; /* otherwise identical cards, no choice */
    return kind_grade(rules, level, __builtin_ctzll(kinds), count, suit);
}

const char *sj_declaration_shows(const sj_rules *rules) {
    switch ((int)rules->declaration) {
    case SJ_DECLARE_4DECK:
        return "one level card, a pair of identical level cards, a joker pair or four jokers";
    case SJ_DECLARE_TAIAN:
        return "one joker and a run of pairs of one suit";
    default:
        return "identical level cards or jokers";
    }
}

/* Why `shown`, which grades 0, is no declaration: a choice of trump on other cards than four jokers, four
 * jokers without their choice (the 4-deck ladder), or cards the ladder does not show. */
static int no_grade_reason(const sj_rules *rules, const sj_cards *shown) {
    uint64_t jokers = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    if (shown->p[0] & SJ_CHOICE_MASK) return SJ_WHY_CHOICE_NOT_JOKERS;
    if (rules->declaration == SJ_DECLARE_4DECK && sj_cards_size(shown) == 4 && !(shown->p[0] & ~jokers))
        return SJ_WHY_JOKERS_CHOOSE;
    return SJ_WHY_NOT_DECLARATION;
}

int sj_declaration_reinforces(const sj_rules *rules, int declarer, const sj_cards *decl_cards, int seat,
                              const sj_cards *shown) {
    if (rules->partner_reinforce != SJ_REINFORCE_PAIR || rules->partnership != SJ_PARTNER_FIXED) return 0;
    if (rules->declaration == SJ_DECLARE_TAIAN || declarer < 0 || seat != (declarer + 2) % 4) return 0;
    if (sj_cards_size(decl_cards) != 1 || __builtin_ctzll(decl_cards->p[0]) >= 52) return 0;
    return sj_cards_equal(shown, decl_cards); /* the same single level card, no choice bits */
}

/* 对家保 by the seat to move, now (the declare phase only: the cards are being dealt)? */
static int reinforcing(const sj_deal *d, const sj_cards *shown) {
    return d->phase == SJ_PHASE_DECLARE &&
           sj_declaration_reinforces(&d->rules, d->declarer, &d->decl_cards, d->to_move, shown);
}

/* The grade of the pair a 对家保 makes of the standing single. */
static int reinforced_grade(const sj_deal *d) {
    int suit;
    return kind_grade(&d->rules, d->level, __builtin_ctzll(d->decl_cards.p[0]), 2, &suit);
}

void sj_declaration_stand(sj_deal *d, int seat, const sj_cards *shown, int grade, int suit) {
    if (sj_declaration_reinforces(&d->rules, d->declarer, &d->decl_cards, seat, shown)) { /* 对家保: the pair stands */
        d->decl_strength = reinforced_grade(d);
        sj_cards_add_one(&d->decl_cards, __builtin_ctzll(shown->p[0]));
        return;
    }
    d->declarer = seat;
    if (d->first_declarer < 0) d->first_declarer = seat;
    d->decl_cards = *shown;
    d->decl_cards.p[0] &= ~SJ_CHOICE_MASK;
    d->decl_suit = suit;
    d->decl_strength = grade;
}

int sj_declaration_check(const sj_deal *d, const sj_cards *shown, int *grade, int *suit, sj_refusal *why) {
    if (reinforcing(d, shown)) { /* 对家保: the partner's copy of the standing single */
        if (!sj_cards_contains(&d->hands[d->to_move], shown))
            return sj_refuse_not_held(why, SJ_E_NOT_HELD, d->to_move, shown, &d->hands[d->to_move]);
        *grade = reinforced_grade(d);
        *suit = d->decl_suit;
        return SJ_OK;
    }
    int g = sj_declaration_grade(&d->rules, d->level, shown, suit);
    if (!g) return sj_refuse(why, SJ_E_DECLARATION, no_grade_reason(&d->rules, shown), -1, 0, 0, NULL, NULL);
    sj_cards cards = *shown;
    cards.p[0] &= ~SJ_CHOICE_MASK;
    if (!sj_cards_contains(&d->hands[d->to_move], &cards))
        return sj_refuse_not_held(why, SJ_E_NOT_HELD, d->to_move, &cards, &d->hands[d->to_move]);
    if (d->rules.declaration == SJ_DECLARE_TAIAN && d->declarer == d->to_move) { /* 续牌: extend, never change */
        if (g <= d->decl_strength)
            return sj_refuse(why, SJ_E_DECLARATION, SJ_WHY_NOT_STRONGER, d->declarer, 0, 0, NULL, NULL);
        if (!sj_cards_contains(&cards, &d->decl_cards))
            return sj_refuse(why, SJ_E_DECLARATION, SJ_WHY_EXTEND_ONLY, d->declarer, 0, 0, NULL, NULL);
    } else {
        int r = grade_refused(d, g, *suit);
        if (r != SJ_WHY_NONE)
            return sj_refuse(why, SJ_E_DECLARATION, r, r == SJ_WHY_NOT_STRONGER ? d->declarer : d->to_move, 0, 0,
                             NULL, NULL);
    }
    *grade = g;
    return SJ_OK;
}

/* 泰安: each joker held (small first), each suit, each run of pairs held (lowest rank first, shortest first). */
static int taian_declarations(const sj_deal *d, sj_cards *out, int cap) {
    const sj_cards *h = &d->hands[d->to_move];
    int n = 0, grade, suit;
    for (int j = SJ_SMALL_JOKER; j <= SJ_BIG_JOKER; j++) {
        if (!sj_cards_count(h, j)) continue;
        for (int s = 0; s < SJ_NUM_SUITS; s++)
            for (int a = 0; a < SJ_NUM_RANKS; a++)
                for (int b = a; b < SJ_NUM_RANKS && sj_cards_count(h, sj_make_kind(s, b)) >= 2; b++) {
                    sj_cards shown = sj_cards_empty();
                    sj_cards_add_one(&shown, j);
                    for (int r = a; r <= b; r++) {
                        sj_cards_add_one(&shown, sj_make_kind(s, r));
                        sj_cards_add_one(&shown, sj_make_kind(s, r));
                    }
                    if (sj_declaration_check(d, &shown, &grade, &suit, NULL) == SJ_OK) {
                        if (n < cap) out[n] = shown;
                        n++;
                    }
                }
    }
    return n;
}

int sj_declaration_allowed(const sj_deal *d, int kind, int copies) {
    if (copies == 1) { /* 对家保 */
        sj_cards one = sj_cards_empty();
        sj_cards_add_one(&one, kind);
        if (reinforcing(d, &one)) return 1;
    }
    int suit = SJ_NO_SUIT, grade = kind_grade(&d->rules, d->level, kind, copies, &suit);
    return grade_refused(d, grade, suit) == SJ_WHY_NONE;
}

int sj_deal_legal_declarations(const sj_deal *d, sj_cards *out, int cap) {
    int n = 0;
    if (d->phase != SJ_PHASE_DECLARE && d->phase != SJ_PHASE_GRAB) return 0;
    const sj_cards *h = &d->hands[d->to_move];
    if (!(h->p[0] & sj_declarable_kinds(&d->rules, d->level))) return 0;
    if (d->rules.declaration == SJ_DECLARE_TAIAN) return taian_declarations(d, out, cap);
    int cand[6] = {sj_make_kind(0, d->level), sj_make_kind(1, d->level), sj_make_kind(2, d->level),
                   sj_make_kind(3, d->level), SJ_SMALL_JOKER, SJ_BIG_JOKER};
    int grade, suit;
    for (int i = 0; i < 6; i++) { /* identical level cards or jokers, fewest first */
        int k = cand[i];
        uint64_t bit = UINT64_C(1) << k;
        if (!(h->p[0] & bit)) continue;
        sj_cards shown = sj_cards_empty();
        for (int c = 1, have = sj_cards_count(h, k); c <= have; c++) {
            shown.p[c - 1] |= bit; /* c copies of k */
            if (sj_declaration_allowed(d, k, c)) {
                if (n < cap) out[n] = shown;
                n++;
            }
        }
    }
    if (d->rules.declaration != SJ_DECLARE_4DECK) return n;
    int small = sj_cards_count(h, SJ_SMALL_JOKER), big = sj_cards_count(h, SJ_BIG_JOKER);
    static const int choices[5] = {SJ_CHOICE_NOTRUMP, 0, 1, 2, 3};
    for (int b = 0; b <= 4; b++) { /* four jokers, fewest big ones first, each choice */
        if (b > big || 4 - b > small) continue;
        for (int c = 0; c < 5; c++) {
            sj_cards shown = sj_cards_empty();
            for (int j = 0; j < 4 - b; j++) sj_cards_add_one(&shown, SJ_SMALL_JOKER);
            for (int j = 0; j < b; j++) sj_cards_add_one(&shown, SJ_BIG_JOKER);
            shown.p[0] |= SJ_CHOICE_BIT(choices[c]);
            if (sj_declaration_check(d, &shown, &grade, &suit, NULL) == SJ_OK) {
                if (n < cap) out[n] = shown;
                n++;
            }
        }
    }
    return n;
}

int sj_taian_longest(const sj_deal *d, int joker, int suit, int *low) {
    const sj_cards *h = &d->hands[d->to_move];
    if (!sj_cards_count(h, joker)) return 0;
    uint64_t jokers = (UINT64_C(1) << SJ_SMALL_JOKER) | (UINT64_C(1) << SJ_BIG_JOKER);
    unsigned pairs = (unsigned)(h->p[1] >> (13 * suit)) & 0x1FFFu, from = 0, len = 0;
    if (d->declarer == d->to_move) { /* 续牌: the run holding the standing one, longer than it */
        const sj_cards *dc = &d->decl_cards;
        unsigned mine = (unsigned)(dc->p[1] >> (13 * suit)) & 0x1FFFu;
        if ((dc->p[0] & jokers) != UINT64_C(1) << joker || !mine || (dc->p[1] & ~jokers) != (uint64_t)mine << (13 * suit) ||
            (mine & ~pairs))
            return 0;
        from = (unsigned)__builtin_ctz(mine);
        unsigned to = 31u - (unsigned)__builtin_clz(mine);
        while (from > 0 && (pairs >> (from - 1) & 1)) from--;
        while (to < 12 && (pairs >> (to + 1) & 1)) to++;
        len = to - from + 1;
    } else if (pairs) { /* the longest run of pairs, the lowest of equals: bit p of `run` marks a run of len + 1
                          * pairs from p up */
        for (unsigned run = pairs; run; run &= run >> 1) len++, from = (unsigned)__builtin_ctz(run);
    }
    if ((int)len <= d->decl_strength) return 0;
    *low = (int)from;
    return (int)len;
}
