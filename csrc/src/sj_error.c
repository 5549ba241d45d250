/* sj_error.c — the sentence of each error code (sj_error.h). */
#include "sj_error.h"

const char *sj_error_text(int code) {
    switch (code) {
    case SJ_OK:
        return "ok";
#define SJ_ERROR_CASE(name, value, text) \
    case name:                           \
        return text;
        SJ_ERRORS(SJ_ERROR_CASE)
#undef SJ_ERROR_CASE
    default:
        return "unknown error";
    }
}
