# Included by _core.pyx: N learning tables stepped natively in one call (csrc/include/sj_vecenv.h), the engine of
# shengji.envs.VectorSeatEnv (the Python class shapes the Gymnasium API; this one checks what reaches C).


cdef class VecTables:
    """``num_envs`` learning tables of one rule set stepped natively (sj_vecenv.h): ``reset`` and ``step`` write the
    learner's observations (``obs``, num_envs x 784 float32), masks (``mask``, num_envs x max_actions int8),
    ``reward`` (float64), ``terminated``, ``truncated`` and ``invalid`` (bool) in place, with the GIL released.
    Seeds are table i's stream seeds (``seeds[i]``: episode k deals simulate's game k of it)."""

    cdef sj_vecenv *e
    cdef sj_vecenv_out out
    cdef bint busy
    cdef readonly long num_envs
    cdef readonly int max_actions
    cdef readonly object obs, mask, reward, terminated, truncated, invalid
    cdef object _term, _trunc, _inv

    def __cinit__(self):
        self.e = NULL
        self.busy = False

    def __init__(self, rules, num_envs, seeds, *, seat=0, opponents="greedy", max_actions=128, points=False,
                 skip_forced=False, autoreset=True, threads=1, hidden_draws=(0,) * 8):
        import numpy as np
        cdef long n = _check_int(num_envs, "num_envs", 1, SJ_VECENV_MAX_ENVS)
        cdef sj_vecenv_config cfg
        memset(&cfg, 0, sizeof(cfg))
        cfg.rules = _rules_struct(rules)
        cfg.level = rank_index(rules.first_level)
        cfg.seat = _check_seat(seat, "seat")
        if opponents not in ("greedy", "random"):
            raise ValueError(f"opponents must be 'greedy' or 'random' (the native policies), got {opponents!r}")
        cfg.opponents = policy_index(opponents)
        cfg.max_actions = _check_int(max_actions, "max_actions", 1, SJ_VECENV_MAX_ACTIONS)
        cfg.points = bool(points)
        cfg.skip_forced = bool(skip_forced)
        cfg.autoreset = bool(autoreset)
        cfg.threads = _check_int(threads, "threads", 1, 256)
        hidden_draws = list(hidden_draws)
        if len(hidden_draws) != 8:
            raise ValueError(f"hidden_draws: 8 stream seeds, got {len(hidden_draws)}")
        for h in range(8):
            cfg.hidden_draws[h] = _check_u64(hidden_draws[h], "hidden_draws")
        seeds = list(seeds)
        if len(seeds) != n:
            raise ValueError(f"seeds: one per sub-environment ({n}), got {len(seeds)}")
        cdef uint64_t[::1] sv = np.array([_check_u64(s, f"seeds[{i}]") for i, s in enumerate(seeds)], dtype=np.uint64)
        cdef sj_vecenv *e = NULL
        rc = sj_vecenv_create(&cfg, n, &sv[0], &e)
        if rc != SJ_OK:
            _raise_error(rc, "VecTables", &cfg.rules)
        if self.e != NULL:  # __init__ called again: the old tables go
            sj_vecenv_free(self.e)
        self.e = e
        self.num_envs = n
        self.max_actions = cfg.max_actions
        self.obs = np.zeros((n, SJ_ENCODE_SIZE), dtype=np.float32)
        self.mask = np.zeros((n, cfg.max_actions), dtype=np.int8)
        self.reward = np.zeros(n, dtype=np.float64)
        self._term = np.zeros(n, dtype=np.uint8)
        self._trunc = np.zeros(n, dtype=np.uint8)
        self._inv = np.zeros(n, dtype=np.uint8)
        self.terminated = self._term.view(np.bool_)
        self.truncated = self._trunc.view(np.bool_)
        self.invalid = self._inv.view(np.bool_)
        cdef float[:, ::1] o = self.obs
        cdef int8_t[:, ::1] m = self.mask
        cdef double[::1] r = self.reward
        cdef uint8_t[::1] t = self._term, u = self._trunc, v = self._inv
        self.out.obs = &o[0, 0]
        self.out.mask = &m[0, 0]
        self.out.reward = &r[0]
        self.out.terminated = &t[0]
        self.out.truncated = &u[0]
        self.out.invalid = &v[0]

    def __dealloc__(self):
        sj_vecenv_free(self.e)

    cdef sj_vecenv *_tables(self, str what) except NULL:
        if self.e == NULL:
            raise RuntimeError(f"{what}: the environment is closed")
        if self.busy:
            raise RuntimeError(f"{what}: a step or reset of this environment is running in another thread")
        return self.e

    def close(self):
        """Free the tables (later calls raise RuntimeError)."""
        self._tables("close")
        sj_vecenv_free(self.e)
        self.e = NULL

    @property
    def closed(self):
        return self.e == NULL

    def _index(self, i):
        return _check_int(i, "index", 0, self.num_envs - 1)

    def status(self, i):
        """Table i: "unstarted" (never reset), "running" or "finished" (its episode ended at the last step)."""
        cdef sj_vecenv *e = self._tables("status")
        return ("unstarted", "running", "finished")[sj_vecenv_status(e, self._index(i))]

    def seed(self, i):
        """Table i's stream seed."""
        return sj_vecenv_seed(self._tables("seed"), self._index(i))

    def episodes(self, i):
        """The episodes table i has started since it was seeded (the next one's number)."""
        return sj_vecenv_episodes(self._tables("episodes"), self._index(i))

    def candidates(self, i):
        """Table i's learner candidates now (the actions its mask offers, in order)."""
        cdef sj_cards buf[128]
        cdef int n = sj_vecenv_candidates(self._tables("candidates"), self._index(i), buf)
        return [_action_obj(buf[k]) for k in range(n)]

    def reset(self, which=None, seeds=None):
        """Start the next episode of the tables where ``which`` (a bool sequence; None: all) is True, table i seeded
        first with ``seeds[i]`` unless that is None (``seeds`` None: none reseeded); the rows of the others keep
        what they held."""
        import numpy as np
        cdef sj_vecenv *e = self._tables("reset")
        cdef long n = self.num_envs, failed = -1, i
        w = np.ones(n, dtype=np.uint8) if which is None else np.asarray(which, dtype=np.uint8)
        if w.shape != (n,):
            raise ValueError(f"reset_mask must have shape ({n},), got {w.shape}")
        s = np.zeros(n, dtype=np.uint64)
        seeded = np.zeros(n, dtype=np.uint8)
        if seeds is not None:
            seeds = list(seeds)
            if len(seeds) != n:
                raise ValueError(f"seed: one per sub-environment ({n}) or an int, got {len(seeds)}")
            for i in range(n):
                if seeds[i] is not None:
                    s[i] = _check_u64(seeds[i], f"seed[{i}]")
                    seeded[i] = 1
        cdef uint8_t[::1] wv = w, dv = seeded
        cdef uint64_t[::1] sv = s
        self.busy = True
        try:
            with nogil:
                rc = sj_vecenv_reset(e, &wv[0], &sv[0], &dv[0], &self.out, &failed)
        finally:
            self.busy = False
        if rc != SJ_OK:
            _raise_error(rc, f"reset of sub-environment {failed}")

    def step(self, int64_t[::1] actions):
        """One step of every table (``actions``: int64, one per table); refused before any table moves when an
        action is outside 0 .. max_actions - 1, a table was never reset, or (no autoreset) a table's episode is
        over."""
        cdef sj_vecenv *e = self._tables("step")
        cdef long failed = -1
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"actions must hold one action per sub-environment ({self.num_envs}), got "
                             f"{actions.shape[0]}")
        self.busy = True
        try:
            with nogil:
                rc = sj_vecenv_step(e, &actions[0], &self.out, &failed)
        finally:
            self.busy = False
        if rc == SJ_E_ARGS and 0 <= failed < self.num_envs:
            status = sj_vecenv_status(e, failed)
            if status == SJ_VEC_UNSTARTED:
                raise RuntimeError("reset() needs to be called before step(): the environment has no deal yet")
            if not 0 <= actions[failed] < self.max_actions:
                raise ValueError(f"actions[{failed}] = {actions[failed]} is outside the action space "
                                 f"0 .. {self.max_actions - 1}: nothing was stepped")
            raise RuntimeError(f"sub-environment {failed}'s episode is over and autoreset is off: reset it first "
                               f"(reset(options={{'reset_mask': mask}})); nothing was stepped")
        if rc != SJ_OK:
            _raise_error(rc, f"step of sub-environment {failed}")

    def action_features(self):
        """Each table's candidates as action features: float32, num_envs x max_actions x 59 (zeros past the
        candidates, and for a finished table)."""
        import numpy as np
        cdef sj_vecenv *e = self._tables("action_features")
        out = np.empty((self.num_envs, self.max_actions, SJ_ACTION_SIZE), dtype=np.float32)
        cdef float[:, :, ::1] v = out
        sj_vecenv_action_features(e, &v[0, 0, 0])
        return out
