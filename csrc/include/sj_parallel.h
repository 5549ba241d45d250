/* sj_parallel.h — the one thread pool of the core: items 0..n-1 run on `threads` POSIX threads that take
 * chunks of `chunk` items from a shared counter (dynamic scheduling).  Each item must write only its own
 * results, so the results do not depend on the thread count. */
#ifndef SJ_PARALLEL_H
#define SJ_PARALLEL_H

#include <stdatomic.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a caller shares with a running pool, as C11 atomics: the items finished so far (written by the
 * workers, read by a progress bar) and a cancel flag (set by the caller, read by the workers). */
typedef struct sj_run_flags {
    atomic_long progress;
    atomic_int cancel;
} sj_run_flags;

void sj_run_flags_init(sj_run_flags *f);
long sj_run_progress(const sj_run_flags *f);
void sj_run_cancel(sj_run_flags *f);

/* fn(ctx, i) runs item i and returns SJ_OK or a negative SJ_E_* code.  flags (may be NULL): progress counts
 * the finished items, a set cancel stops the run early.  Returns SJ_OK or the first error (its item in
 * *failed_item when not NULL); *done (may be NULL) receives the number of items finished. */
int sj_parallel_for(long n, long chunk, int threads, int (*fn)(void *ctx, long i), void *ctx, sj_run_flags *flags,
                    long *failed_item, long *done);

/* Wall time in seconds from an arbitrary origin (CLOCK_MONOTONIC). */
double sj_wall_seconds(void);

/* A search's time budget (the bots' time_ms), on one of two clocks:
 * - wall (SJ_CLOCK_WALL): spent once the monotonic clock passes the deadline;
 * - CPU (SJ_CLOCK_CPU): spent once the CPU time of the threads that look at it, summed over those threads, would
 *   pass the budget with one more unit of work.  Each thread's share is its own CPU clock (CLOCK_THREAD_CPUTIME_ID)
 *   from its first look to its latest, added to the budget's total at each look, so the total counts every
 *   searching thread and nothing else the process runs.  A search looks before each unit of work (a world, a batch
 *   of iterations, a batch of nodes); the mean CPU time between two looks of a thread is the cost of a unit, and
 *   the budget counts as spent once the total and that cost reach it, so that the last unit begun ends near the
 *   budget rather than up to a whole unit past it.
 * The result of a search with a budget depends on how much work fitted in it: on the wall clock also on the
 * machine's load, on the CPU clock only on its speed. */
enum { SJ_CLOCK_WALL = 0, SJ_CLOCK_CPU = 1 };

typedef struct sj_budget {
    int clock;                   /* SJ_CLOCK_WALL or SJ_CLOCK_CPU */
    double limit;                /* wall: the sj_wall_seconds() deadline; CPU: the seconds of CPU time */
    atomic_llong used_ns;        /* CPU: the searching threads' CPU time counted so far */
    atomic_llong units_ns;       /* CPU: the time between the looks of a thread after its first (units of work) */
    atomic_long units;           /* and how many such intervals */
    unsigned long long id;       /* this budget's own number (the threads' marks name it) */
} sj_budget;

/* A budget of `seconds` from now on `clock`. */
void sj_budget_init(sj_budget *b, int clock, double seconds);

/* Whether the budget is spent (NULL: never).  On the CPU clock, counts the calling thread's CPU time since its
 * previous look (from its first look at this budget). */
int sj_budget_spent(sj_budget *b);

/* The CPU seconds counted so far (0 on the wall clock). */
double sj_budget_cpu_seconds(sj_budget *b);

#ifdef __cplusplus
}
#endif
#endif
