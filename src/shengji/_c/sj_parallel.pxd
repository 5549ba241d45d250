# Declarations of csrc/include/sj_parallel.h (nothing else belongs here).

cdef extern from "sj_parallel.h" nogil:
    ctypedef struct sj_run_flags:
        pass

    void sj_run_flags_init(sj_run_flags *f)
    long sj_run_progress(const sj_run_flags *f)
    void sj_run_cancel(sj_run_flags *f)
    double sj_wall_seconds()
    int SJ_CLOCK_WALL
    int SJ_CLOCK_CPU
    ctypedef struct sj_budget:
        int clock
        double limit
    void sj_budget_init(sj_budget *b, int clock, double seconds)
    int sj_budget_spent(sj_budget *b)
    double sj_budget_cpu_seconds(sj_budget *b)
