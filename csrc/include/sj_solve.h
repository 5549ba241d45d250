/* sj_solve.h — the exact endgame: perfect play of one fully known deal from its position to the end
 * (docs/MODEL.md §10 "The exact endgame").
 *
 * Alpha-beta on the attackers' points still to come (the points of the tricks left, and the kitty times
 * its multiplier when the attackers win the last trick, as the rules score it), the attackers maximising
 * and the defenders minimising, with a transposition table keyed by the hands and the trick on the table.
 * Moves are the legal actions (leads: sj_deal_legal_leads, every unit and every safe throw; follows: every
 * legal follow) merged into classes (sj_classes.h), one representative each.
 * In a fully known deal a safe throw cannot fail, so no throw penalty arises.  The final score is
 * max(0, points so far + points to come), a monotone function of the points to come, so optimising
 * either is the same.
 *
 * The table only caches bounds that hold for a position, so the values (and the line sj_solve_finish
 * plays: the first move in generation order that keeps the value) do not depend on what the table held
 * before: a solver may be reused across positions and threads get the same results. */
#ifndef SJ_SOLVE_H
#define SJ_SOLVE_H

#include "sj_deal.h"
#include "sj_parallel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sj_tt_entry {
    uint64_t key;
    int16_t lo, hi;     /* bounds on the points to come */
    uint16_t best;      /* the class index that set the bound (tried first next time) */
    uint16_t gen;       /* the solver's generation that wrote it (0: never) */
} sj_tt_entry;

typedef struct sj_solver {
    sj_tt_entry *tt;    /* 2^bits entries, owned by the caller, zeroed (calloc) before sj_solver_init */
    uint64_t mask;
    uint16_t gen;       /* entries of other generations are empty (sj_solver_reset: a new deal) */
    long nodes;         /* positions searched (statistics) */
    sj_run_flags *flags; /* may be NULL: a set cancel stops the search with SJ_E_CANCELLED */
    sj_budget *budget;  /* the search stops with SJ_E_DEADLINE once it is spent (sj_parallel.h); NULL (init): none */
    int error;
    struct sj_solve_buf *bufs; /* move lists per depth, grown on demand (freed by sj_solver_free) */
    int nbufs;
} sj_solver;

/* Table entries for `bits` (the caller allocates (1 << bits) * sizeof(sj_tt_entry), zeroed). */
void sj_solver_init(sj_solver *s, sj_tt_entry *tt, int bits, sj_run_flags *flags);
/* Forget the table in O(1) (the key is the position of one deal: call it before solving another deal). */
void sj_solver_reset(sj_solver *s);
void sj_solver_free(sj_solver *s);

/* The attackers' final points under perfect play from d (play phase, or done).  Returns SJ_OK, SJ_E_PHASE
 * before the play phase, SJ_E_CANCELLED, SJ_E_CAPACITY (out of memory). */
int sj_solve(sj_solver *s, const sj_deal *d, int *final_points);

/* The final points after each of n actions (each legal for the seat to move) under perfect play. */
int sj_solve_actions(sj_solver *s, const sj_deal *d, const sj_cards *actions, long n, int *final_points);

/* Play d to its end along a perfect line (at each position the first class, in generation order, that
 * keeps the value).  Returns SJ_OK or an error as sj_solve. */
int sj_solve_finish(sj_solver *s, sj_deal *d);

#ifdef __cplusplus
}
#endif
#endif
