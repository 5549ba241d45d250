/* sj_rules.c — the option table (sj_options.def) as data, and the checks of a whole rules struct.
 *
 * The table is the only list of options and values: sj_option() serves it to the Python layer (which
 * builds its name<->value maps and validation from it), sj_rules_get/set read and write any option by
 * index, sj_rules_check refuses what nothing implements and the combinations the rules cannot take,
 * and sj_rules_missing answers "is every value implemented in this phase?" for the capability checks.
 */
#include "sj_rules.h"

#include <stdarg.h>
#include <stdio.h>

#include "sj_trump.h"

#define SJ_VALUE(constant, name, status, doc) {name, status, doc},
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) \
    static const sj_option_value values_##field[] = {values};
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc)
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
#undef SJ_VALUE

#define NVALUES(field) ((int)(sizeof values_##field / sizeof values_##field[0]))

static const sj_option_info options[SJ_NUM_OPTIONS] = {
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) \
    {#field, SJ_KIND_ENUM, def, 0, NVALUES(field) - 1, section, doc, NVALUES(field), values_##field},
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) {#field, kind, def, lo, hi, section, doc, 0, NULL},
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
};

const sj_option_info *sj_option(int index) {
    return index >= 0 && index < SJ_NUM_OPTIONS ? &options[index] : NULL;
}

int sj_rules_default_kitty(int decks) { return decks == 1 || decks == 3 ? 6 : 8; }

sj_rules sj_rules_default(void) {
    sj_rules r;
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) r.field = def;
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) r.field = (ctype)(def);
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
    r.kitty = sj_rules_default_kitty(r.decks);
    return r;
}

int sj_rules_get(const sj_rules *r, int index) {
    switch (index) {
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) \
    case SJ_OPT_##field:                                        \
        return (int)r->field;
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) \
    case SJ_OPT_##field:                                                \
        return (int)r->field;
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
    default:
        return SJ_E_RULES;
    }
}

int sj_rules_set(sj_rules *r, int index, int value) {
    const sj_option_info *o = sj_option(index);
    if (!o || value < o->min || value > o->max) return SJ_E_RULES;
    switch (index) {
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) \
    case SJ_OPT_##field:                                        \
        r->field = (ctype)value;                                \
        break;
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) \
    case SJ_OPT_##field:                                                \
        r->field = (ctype)value;                                        \
        break;
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
    default:
        return SJ_E_RULES;
    }
    return SJ_OK;
}

static int popcount16(unsigned x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

int sj_rules_trump_positions(const sj_rules *r) {
    int c = popcount16(r->constant_ranks & 0x1FFFu);
    /* docs/MODEL.md §2, level not constant.  "level_index": (12 - |C|) trump-suit ranks and a gap, three
     * off-suit blocks of |C| + 1 cards each followed by a gap, the trump-suit block, SJ, BJ. */
    if (r->trump_order == SJ_ORDER_LEVEL_INDEX) return 22 + 3 * c;
    /* "qq": (12 - |C|) trump-suit ranks, two positions per constant rank, the off-suit and trump-suit
     * level cards, SJ, BJ. */
    return 16 + c;
}

static int fail(char *msg, size_t cap, const char *fmt, ...) {
    if (msg && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, cap, fmt, ap);
        va_end(ap);
    }
    return SJ_E_RULES;
}

int sj_rules_check(const sj_rules *r, char *msg, size_t cap) {
    if (msg && cap) msg[0] = 0;
    for (int i = 0; i < SJ_NUM_OPTIONS; i++) {
        const sj_option_info *o = &options[i];
        int v = sj_rules_get(r, i);
        if (v < o->min || v > o->max) return fail(msg, cap, "%s: %d is out of range %d..%d", o->name, v, o->min, o->max);
        if (o->kind == SJ_KIND_ENUM && o->values[v].status == SJ_NOT_YET)
            return fail(msg, cap, "%s='%s' is not implemented yet: %s", o->name, o->values[v].name, o->values[v].doc);
    }
    int npack = SJ_NUM_KINDS * r->decks;
    if (r->kitty >= npack) return fail(msg, cap, "kitty must be between 0 and %d cards, got %d", npack - 1, r->kitty);
    if ((npack - r->kitty) % 4)
        return fail(msg, cap,
                    "a kitty of %d cards leaves %d of the %d cards of %d deck(s), which do not split into four equal "
                    "hands",
                    r->kitty, npack - r->kitty, npack, r->decks);
    /* 8 constant ranks at most (the tested range); the level-index order fits 3 in its position table */
    if (popcount16(r->constant_ranks & 0x1FFFu) > 8 || sj_rules_trump_positions(r) > SJ_MAX_POS)
        return fail(msg, cap, "constant_ranks: at most %d ranks fit the trump order '%s', got %d",
                    r->trump_order == SJ_ORDER_LEVEL_INDEX ? (SJ_MAX_POS - 22) / 3 : 8,
                    options[SJ_OPT_trump_order].values[r->trump_order].name, popcount16(r->constant_ranks));
    if (r->partnership == SJ_PARTNER_CALL_CARD && (r->kitty_grab || r->kitty_rule != SJ_KITTY_RULE_STANDARD))
        return fail(msg, cap, "partnership='call_card' (找朋友) does not combine with %s: no rule system describes it",
                    r->kitty_grab ? "kitty_grab" : "kitty_rule='taian'");
    if (r->partnership == SJ_PARTNER_CALL_CARD && r->match_points != SJ_MATCH_POINTS_NONE)
        return fail(msg, cap, "partnership='call_card' (找朋友) with match_points='%s': no rule system gives match points "
                              "for changing teams",
                    options[SJ_OPT_match_points].values[r->match_points].name);
    if (r->match_shutout_points != options[SJ_OPT_match_shutout_points].default_value &&
        r->match_points != SJ_MATCH_POINTS_QQ)
        return fail(msg, cap, "match_shutout_points (the QQ rooms' 大光 points) is read by match_points='qq'; "
                              "with match_points='%s' it must stay %d, got %d",
                    options[SJ_OPT_match_points].values[r->match_points].name,
                    options[SJ_OPT_match_shutout_points].default_value, r->match_shutout_points);
    if (r->tractor_rule == SJ_TRACTOR_NATURAL && r->trump_order == SJ_ORDER_LEVEL_INDEX)
        return fail(msg, cap, "tractor_rule='natural' and trump_order='level_index' both define which pairs chain; "
                              "choose one");
    if (r->declaration == SJ_DECLARE_QQ3 && r->decks != 3)
        return fail(msg, cap, "declaration='qq3' is the 3-deck ladder; it needs decks=3, not %d", r->decks);
    if (r->declaration == SJ_DECLARE_4DECK && r->decks != 4)
        return fail(msg, cap, "declaration='4deck' is the 4-deck ladder; it needs decks=4, not %d", r->decks);
    if (r->declaration == SJ_DECLARE_TAIAN && r->decks < 2)
        return fail(msg, cap, "declaration='taian' (a joker plus a pair) needs at least 2 decks, not %d", r->decks);
    if ((r->no_bid == SJ_NOBID_KITTY_CARD || r->no_bid == SJ_NOBID_KITTY_CARD_NOTRUMP) && r->kitty < 3)
        return fail(msg, cap, "no_bid='%s' turns up the kitty's third card; it needs a kitty of 3 or more cards, not %d",
                    options[SJ_OPT_no_bid].values[r->no_bid].name, r->kitty);
    if (r->no_bid == SJ_NOBID_KITTY_TURNUP && r->kitty < 1)
        return fail(msg, cap, "no_bid='kitty_turnup' turns up the kitty; it needs a kitty of 1 or more cards, not %d",
                    r->kitty);
    if (r->first_deal_no_bid == SJ_FIRST_NOBID_KITTY_DEALER && r->kitty < 1)
        return fail(msg, cap, "first_deal_no_bid='kitty_dealer' reads the kitty's first card; it needs a kitty of 1 or "
                              "more cards, not %d", r->kitty);
    if (r->kitty_grab && r->declaration != SJ_DECLARE_4DECK)
        return fail(msg, cap, "kitty_grab (炒底) grabs with the 4-deck ladder; it needs declaration='4deck', not '%s'",
                    options[SJ_OPT_declaration].values[r->declaration].name);
    if (r->kitty_grab && r->kitty < 1) return fail(msg, cap, "kitty_grab (炒底) needs a kitty");
    if (r->kitty_grab && r->kitty_rule != SJ_KITTY_RULE_STANDARD)
        return fail(msg, cap, "kitty_grab (炒底) and kitty_rule='%s' do not combine: no rule system describes it",
                    options[SJ_OPT_kitty_rule].values[r->kitty_rule].name);
    return SJ_OK;
}

int sj_rules_missing(const sj_rules *r, int phase) {
    for (int i = 0; i < SJ_NUM_OPTIONS; i++) {
        const sj_option_info *o = &options[i];
        if (o->kind != SJ_KIND_ENUM) continue;
        int v = sj_rules_get(r, i);
        if (v < 0 || v >= o->nvalues) return i;
        int status = o->values[v].status;
        if (status == SJ_NOT_YET || (status & phase)) return i;
    }
    return -1;
}
