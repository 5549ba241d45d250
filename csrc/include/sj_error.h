/* sj_error.h — the one error scheme of the core.
 *
 * Every function of the core that can refuse its input returns SJ_OK (0) or one of these negative
 * codes and changes nothing.  The Cython layer maps each code to one Python exception in one place
 * (_core.pyx, _raise_error): move errors -> shengji.IllegalMove, bad arguments and rules ->
 * ValueError, a phase not implemented yet -> NotImplementedError, a broken invariant -> RuntimeError.
 * The list below is grouped by that exception and runs by value inside each group; a value never changes once given
 * (new codes take the next free one), so the groups interleave: -16 and -17 were given before the arguments' later
 * codes.
 *
 * A code says which kind of failure it is, for the caller to branch on; why a move was refused, with the seat and
 * cards it names, is sj_refusal.h's reason.  So SJ_E_NOT_HELD (the code every "not held" returns) and
 * SJ_WHY_NOT_HELD (its sentence, naming the cards lacking) are two words for one refusal on purpose: several reasons
 * share one code (a follow of the wrong size and a burial of the wrong size are both SJ_E_COUNT).
 */
#ifndef SJ_ERROR_H
#define SJ_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

#define SJ_ERRORS(X)                                                                                   \
    /* moves (IllegalMove) */                                                                          \
    X(SJ_E_PHASE, -1, "not allowed in this phase")                                                     \
    X(SJ_E_NOT_HELD, -2, "the cards are not in the hand")                                              \
    X(SJ_E_COUNT, -3, "wrong number of cards")                                                         \
    X(SJ_E_EMPTY, -4, "a lead cannot be empty")                                                        \
    X(SJ_E_MIXED, -5, "the cards are not all of one effective suit")                                                 \
    X(SJ_E_ILLEGAL, -6, "illegal follow")                                                              \
    X(SJ_E_DECLARATION, -7, "not a declaration stronger than the current one")                         \
    /* arguments (ValueError) */                                                                       \
    X(SJ_E_ARGS, -8, "bad arguments (pack order, dealer, level or trump)")                             \
    X(SJ_E_RULES, -9, "invalid rules")                                                                 \
    X(SJ_E_NO_PHASE, -10, "the rules have no declaring phase (declaration='none'): give the trump")    \
    X(SJ_E_SETUP_POLICY, -11, "unknown policy")                                                        \
    X(SJ_E_SETUP_HAND_SIZE, -12, "a fixed hand, kitty or burial has the wrong number of cards")        \
    X(SJ_E_SETUP_TOO_MANY, -13, "the fixed hands and kitty use more copies of a card than the decks hold") \
    X(SJ_E_SETUP_BURIED, -14, "the buried cards must be in the dealer's fixed hand plus the kitty")   \
    X(SJ_E_CAPACITY, -15, "too many units for the core's buffers")                                    \
    X(SJ_E_USER_POLICY, -18, "a jit_policy returned an index that is not one of its candidates (nor -1)") \
    X(SJ_E_SETUP_KITTY_ORDER, -19, "the rules read the kitty by position (no_bid): give the kitty in dealt order, " \
      "as a string or a sequence of tokens, not as Cards")                                             \
    X(SJ_E_USER_RAISED, -20, "a jit_policy raised an exception inside the native run (numba cannot pass it "   \
      "through C: run the policy with jit_policy(fn, compile=False) to see it)")                       \
    X(SJ_E_LEVEL, -21, "the level is not one the rules play at (first_level='3' starts at 3: 2 is a fixed trump)") \
    X(SJ_E_CANCELLED, -22, "the run was interrupted")                                                \
    X(SJ_E_DEADLINE, -23, "the search's time budget ran out")                                        \
    /* not implemented yet (NotImplementedError) */                                                    \
    X(SJ_E_UNSUPPORTED, -16, "not implemented yet for these rules")                                    \
    /* out of memory (MemoryError) */                                                                  \
    X(SJ_E_NO_MEMORY, -24, "out of memory")                                                            \
    /* a broken invariant of the core (RuntimeError: a bug) */                                         \
    X(SJ_E_POLICY, -17, "a native policy produced an illegal move")

typedef enum {
    SJ_OK = 0,
#define SJ_ERROR_ENUM(name, code, text) name = code,
    SJ_ERRORS(SJ_ERROR_ENUM)
#undef SJ_ERROR_ENUM
    SJ_E_LAST = -25
} sj_error;

/* A short sentence for a code (never NULL). */
const char *sj_error_text(int code);

/* Does this CPU have the instructions this build was compiled for?  x86-64 builds use POPCNT (CMake option
 * SJ_POPCNT, on by default): 1 when the CPU has it (or the build does not use it), else 0.  A -march=native
 * build (SJ_NATIVE) is only checked for POPCNT. */
int sj_cpu_supported(void);

/* How the core was compiled: "native" (-march=native, for the building machine only), "x86-64+popcnt" (the
 * portable default on x86-64) or "portable". */
const char *sj_build_flavour(void);

#ifdef __cplusplus
}
#endif
#endif
