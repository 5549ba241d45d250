# Declarations of csrc/include/sj_rules.h (nothing else belongs here). The options themselves are not
# declared: the Cython layer reads them through the table (sj_option, sj_rules_get/set), so an option
# is written down in csrc/include/sj_options.def only.
from libc.stdint cimport uint16_t

cdef extern from "sj_rules.h" nogil:
    int SJ_NEED_DECLARE
    int SJ_NEED_MATCH_POINTS
    int SJ_READY
    int SJ_NOT_YET
    int SJ_NUM_OPTIONS

    ctypedef enum sj_option_kind:
        SJ_KIND_ENUM
        SJ_KIND_INT
        SJ_KIND_BOOL
        SJ_KIND_RANKS

    ctypedef struct sj_rules:
        int decks
        int kitty

    ctypedef struct sj_option_value:
        const char *name
        int status
        const char *doc

    ctypedef struct sj_option_info:
        const char *name
        int kind
        int default_value
        int min
        int max
        const char *section
        const char *doc
        int nvalues
        const sj_option_value *values

    const sj_option_info *sj_option(int index)
    sj_rules sj_rules_default()
    int sj_rules_default_kitty(int decks)
    int sj_rules_get(const sj_rules *rules, int index)
    int sj_rules_set(sj_rules *rules, int index, int value)
    int sj_rules_check(const sj_rules *rules, char *msg, size_t cap)
    int sj_rules_missing(const sj_rules *rules, int phase)
