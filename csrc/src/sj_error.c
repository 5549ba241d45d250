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

int sj_cpu_supported(void) {
#if (defined(__x86_64__) || defined(__i386__)) && defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
#else
    return 1;
#endif
}

const char *sj_build_flavour(void) {
#if defined(SJ_BUILD_NATIVE)
    return "native";
#elif defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__))
    return "x86-64+popcnt";
#else
    return "portable";
#endif
}
