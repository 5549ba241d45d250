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

/* Wall time in seconds from an arbitrary origin (CLOCK_MONOTONIC): the search bots' clocks (time_ms). */
double sj_wall_seconds(void);

#ifdef __cplusplus
}
#endif
#endif
