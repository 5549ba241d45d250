/* sj_rules.h — the options of a rule system, generated from the option table sj_options.def.
 *
 * Each rule reads only its own fields, in the file named for the rule (sj_follow.c reads follow_*,
 * sj_throw.c reads failed_throw, …).  The exact meaning of every option is docs/MODEL.md; the list of
 * options, values, defaults and what is implemented is sj_options.def, and nothing else.
 */
#ifndef SJ_RULES_H
#define SJ_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "sj_error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phases a value may not be implemented in yet (sj_options.def status SJ_MISSING(...)). */
#define SJ_NEED_DECLARE 1        /* the declaring phase */
#define SJ_NEED_MATCH_POINTS 2   /* match points (积分) */
#define SJ_READY 0
#define SJ_MISSING(phases) (phases)
#define SJ_NOT_YET (-1)          /* nothing implements the value: refused */

typedef enum { SJ_KIND_ENUM = 0, SJ_KIND_INT = 1, SJ_KIND_BOOL = 2, SJ_KIND_RANKS = 3 } sj_option_kind;

/* The enums of the enumerated options. */
#define SJ_VALUE(constant, name, status, doc) constant,
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) typedef enum { values } ctype;
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc)
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
#undef SJ_VALUE

/* Option indices, in table order. */
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) SJ_OPT_##field,
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) SJ_OPT_##field,
typedef enum {
#include "sj_options.def"
    SJ_NUM_OPTIONS
} sj_option_index;
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR

typedef struct sj_rules {
#define SJ_OPTION_ENUM(field, ctype, def, section, doc, values) ctype field;
#define SJ_OPTION_SCALAR(field, ctype, kind, def, lo, hi, section, doc) ctype field;
#include "sj_options.def"
#undef SJ_OPTION_ENUM
#undef SJ_OPTION_SCALAR
} sj_rules;

/* One value of an enumerated option. */
typedef struct sj_option_value {
    const char *name;
    int status;                 /* SJ_READY, a mask of SJ_NEED_* phases, or SJ_NOT_YET */
    const char *doc;
} sj_option_value;

/* One option of the table. */
typedef struct sj_option_info {
    const char *name;
    int kind;                   /* sj_option_kind */
    int default_value;          /* the value index, the int, 0/1, or the rank mask */
    int min, max;               /* the range of the stored int (enums: 0 .. nvalues-1) */
    const char *section;        /* of docs/RULES.md, e.g. "§3.3" */
    const char *doc;
    int nvalues;                /* enumerated options: the values; else 0 */
    const sj_option_value *values;
} sj_option_info;

/* The table: sj_option(i) for 0 <= i < SJ_NUM_OPTIONS (NULL outside). */
const sj_option_info *sj_option(int index);

/* Default rules (qq-2deck), with the kitty resolved. */
sj_rules sj_rules_default(void);

/* The kitty size the sources give for a deck count (6 for 1 and 3 decks, 8 for 2 and 4). */
int sj_rules_default_kitty(int decks);

/* Read or write option `index` as an int; set returns SJ_E_RULES (and changes nothing) when the value
 * is outside the option's range. */
int sj_rules_get(const sj_rules *rules, int index);
int sj_rules_set(sj_rules *rules, int index, int value);

/* Check a whole rules struct: every field in range, no value that nothing implements, and the
 * combinations the rules need (kitty size, deck counts of the declaration ladders, the trump order's
 * room for constant ranks).  Returns SJ_OK, or SJ_E_RULES with a sentence in msg (cap bytes). */
int sj_rules_check(const sj_rules *rules, char *msg, size_t cap);

/* The first option whose value is not implemented for the SJ_NEED_* phase, or -1 when all are. */
int sj_rules_missing(const sj_rules *rules, int phase);

/* Positions the trump suit needs at most (over every level and trump suit) under these rules. */
int sj_rules_trump_positions(const sj_rules *rules);


#ifdef __cplusplus
}
#endif
#endif
