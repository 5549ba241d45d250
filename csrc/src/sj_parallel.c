/* sj_parallel.c — the thread pool (see sj_parallel.h). */
#define _POSIX_C_SOURCE 200809L
#include "sj_parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "sj_error.h"

#define SJ_MAX_THREADS 256

typedef struct pool_job {
    long n, chunk;
    int (*fn)(void *ctx, long i);
    void *ctx;
    atomic_long next, done;
    atomic_int failed;
    atomic_long failed_item;
    sj_run_flags *flags;
} pool_job;

void sj_run_flags_init(sj_run_flags *f) {
    atomic_init(&f->progress, 0);
    atomic_init(&f->cancel, 0);
}

long sj_run_progress(const sj_run_flags *f) { return atomic_load((atomic_long *)&f->progress); }

void sj_run_cancel(sj_run_flags *f) { atomic_store(&f->cancel, 1); }

static void *worker(void *arg) {
    pool_job *job = (pool_job *)arg;
    for (;;) {
        if ((job->flags && atomic_load(&job->flags->cancel)) || atomic_load(&job->failed)) break;
        long start = atomic_fetch_add(&job->next, job->chunk);
        if (start >= job->n) break;
        long end = start + job->chunk < job->n ? start + job->chunk : job->n;
        for (long i = start; i < end; i++) {
            int rc = job->fn(job->ctx, i), none = 0;
            if (rc != SJ_OK && atomic_compare_exchange_strong(&job->failed, &none, rc))
                atomic_store(&job->failed_item, i);
        }
        long done = atomic_fetch_add(&job->done, end - start) + (end - start);
        if (job->flags) atomic_store(&job->flags->progress, done);
    }
    return NULL;
}

int sj_parallel_for(long n, long chunk, int threads, int (*fn)(void *ctx, long i), void *ctx, sj_run_flags *flags,
                    long *failed_item, long *done) {
    pool_job job;
    job.n = n;
    job.chunk = chunk < 1 ? 1 : chunk;
    job.fn = fn;
    job.ctx = ctx;
    job.flags = flags;
    atomic_init(&job.next, 0);
    atomic_init(&job.done, 0);
    atomic_init(&job.failed, 0);
    atomic_init(&job.failed_item, -1);
    if (threads < 1) threads = 1;
    if (threads > SJ_MAX_THREADS) threads = SJ_MAX_THREADS;
    pthread_t tids[SJ_MAX_THREADS];
    int started = 0;
    for (int i = 1; i < threads; i++)
        if (pthread_create(&tids[started], NULL, worker, &job) == 0) started++;
    worker(&job);
    for (int i = 0; i < started; i++) pthread_join(tids[i], NULL);
    if (failed_item) *failed_item = atomic_load(&job.failed_item);
    if (done) *done = atomic_load(&job.done) < n ? atomic_load(&job.done) : n;
    return atomic_load(&job.failed);
}

double sj_wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static atomic_ullong budget_ids = 1;
static _Thread_local unsigned long long mark_id; /* the budget this thread looked at last, and its CPU clock then */
static _Thread_local long long mark_ns;

static long long thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void sj_budget_init(sj_budget *b, int clock, double seconds) {
    b->clock = clock == SJ_CLOCK_CPU ? SJ_CLOCK_CPU : SJ_CLOCK_WALL;
    b->limit = b->clock == SJ_CLOCK_CPU ? seconds : sj_wall_seconds() + seconds;
    atomic_init(&b->used_ns, 0);
    atomic_init(&b->units_ns, 0);
    atomic_init(&b->units, 0);
    b->id = atomic_fetch_add(&budget_ids, 1);
}

int sj_budget_spent(sj_budget *b) {
    if (!b) return 0;
    if (b->clock == SJ_CLOCK_WALL) return sj_wall_seconds() >= b->limit;
    long long now = thread_cpu_ns();
    long long unit = 0; /* the mean cost of a unit of work (0 until one is measured) */
    if (mark_id != b->id) { /* this thread's first look: its share starts now */
        mark_id = b->id;
        mark_ns = now;
    } else {
        long n = atomic_fetch_add(&b->units, 1) + 1;
        unit = (atomic_fetch_add(&b->units_ns, now - mark_ns) + (now - mark_ns)) / n;
    }
    long long used = atomic_fetch_add(&b->used_ns, now - mark_ns) + (now - mark_ns);
    mark_ns = now;
    return (double)(used + unit) * 1e-9 >= b->limit;
}

double sj_budget_cpu_seconds(sj_budget *b) {
    return b && b->clock == SJ_CLOCK_CPU ? (double)atomic_load(&b->used_ns) * 1e-9 : 0.0;
}
