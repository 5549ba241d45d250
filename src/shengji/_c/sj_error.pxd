# Declarations of csrc/include/sj_error.h (nothing else belongs here).

cdef extern from "sj_error.h" nogil:
    ctypedef enum sj_error:
        SJ_OK
        SJ_E_PHASE
        SJ_E_NOT_HELD
        SJ_E_COUNT
        SJ_E_EMPTY
        SJ_E_MIXED
        SJ_E_ILLEGAL
        SJ_E_DECLARATION
        SJ_E_ARGS
        SJ_E_RULES
        SJ_E_NO_PHASE
        SJ_E_SETUP_POLICY
        SJ_E_SETUP_HAND_SIZE
        SJ_E_SETUP_TOO_MANY
        SJ_E_SETUP_BURIED
        SJ_E_CAPACITY
        SJ_E_UNSUPPORTED
        SJ_E_POLICY
        SJ_E_USER_POLICY
        SJ_E_SETUP_KITTY_ORDER
        SJ_E_USER_RAISED
        SJ_E_LEVEL
        SJ_E_CANCELLED
        SJ_E_DEADLINE
        SJ_E_NO_MEMORY
        SJ_E_LAST

    const char *sj_error_text(int code)
    int sj_cpu_supported()
    const char *sj_build_flavour()
