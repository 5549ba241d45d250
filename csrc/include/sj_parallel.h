/* sj_parallel.h — the one thread pool of the core: items 0..n-1 run on `threads` POSIX threads that take
 * chunks of `chunk` items from a shared counter (dynamic scheduling).  Each item must write only its own
 * results, so the results do not depend on the thread count. */
#ifndef SJ_PARALLEL_H
#define SJ_PARALLEL_H

#ifdef __cplusplus
extern "C" {
#endif

/* fn(ctx, i) runs item i and returns SJ_OK or a negative SJ_E_* code.  *progress (may be NULL) counts the
 * finished items; a nonzero *cancel (may be NULL) stops the run early.  Returns SJ_OK or the first error
 * (its item in *failed_item when not NULL); *done (may be NULL) receives the number of items finished. */
int sj_parallel_for(long n, long chunk, int threads, int (*fn)(void *ctx, long i), void *ctx, volatile long *progress,
                    volatile int *cancel, long *failed_item, long *done);

#ifdef __cplusplus
}
#endif
#endif
