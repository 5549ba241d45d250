# Declarations of csrc/include/sj_parallel.h (nothing else belongs here).

cdef extern from "sj_parallel.h" nogil:
    ctypedef struct sj_run_flags:
        pass

    void sj_run_flags_init(sj_run_flags *f)
    long sj_run_progress(const sj_run_flags *f)
    void sj_run_cancel(sj_run_flags *f)
    double sj_wall_seconds()
