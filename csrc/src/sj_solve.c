/* sj_solve.c — the exact endgame (see sj_solve.h). */
#include "sj_solve.h"
#include "sj_moves.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sj_classes.h"
#include "sj_policy.h"

#define INF 32000

/* What a play changes: the deal from its phase on (the rules and the trump context stay), saved and put
 * back around each move instead of copying the whole deal. */
#define STATE_FROM offsetof(sj_deal, phase)
#define STATE_SIZE (sizeof(sj_deal) - offsetof(sj_deal, phase))

typedef struct sj_solve_buf {
    sj_cards *moves;
    long *cls;
    long cap;
} sj_solve_buf;

void sj_solver_init(sj_solver *s, sj_tt_entry *tt, int bits, sj_run_flags *flags) {
    s->tt = tt;
    s->mask = (UINT64_C(1) << bits) - 1;
    s->gen = 1;
    s->nodes = 0;
    s->flags = flags;
    s->budget = NULL;
    s->error = SJ_OK;
    s->bufs = NULL;
    s->nbufs = 0;
}

void sj_solver_reset(sj_solver *s) {
    if (++s->gen == 0) {
        for (uint64_t i = 0; i <= s->mask; i++) s->tt[i].gen = 0;
        s->gen = 1;
    }
}

void sj_solver_free(sj_solver *s) {
    for (int i = 0; i < s->nbufs; i++) {
        free(s->bufs[i].moves);
        free(s->bufs[i].cls);
    }
    free(s->bufs);
    s->bufs = NULL;
    s->nbufs = 0;
}

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* The position: the hands, the cards on the table and who led them (the rest is history). */
static uint64_t key_of(const sj_deal *d) {
    uint64_t h = (uint64_t)(d->leader * 8 + d->ntrick) * UINT64_C(0x9E3779B97F4A7C15);
    int planes = d->rules.decks;
    for (int s = 0; s < 4; s++)
        for (int j = 0; j < planes; j++) h = mix64(h ^ (d->hands[s].p[j] + (uint64_t)(s * 4 + j + 1)));
    for (int i = 0; i < d->ntrick; i++)
        for (int j = 0; j < planes; j++) h = mix64(h ^ (d->trick[i].p[j] + (uint64_t)(64 + i * 4 + j)));
    return h;
}

/* The representatives of the classes of the mover's legal actions, in generation order, in bufs[depth]. */
static long moves_at(sj_solver *s, const sj_deal *d, int depth) {
    if (depth >= s->nbufs) {
        int n = depth + 16;
        sj_solve_buf *b = realloc(s->bufs, (size_t)n * sizeof *b);
        if (!b) return SJ_E_CAPACITY;
        for (int i = s->nbufs; i < n; i++) b[i].moves = NULL, b[i].cls = NULL, b[i].cap = 0;
        s->bufs = b;
        s->nbufs = n;
    }
    sj_solve_buf *b = &s->bufs[depth];
    for (;;) {
        long found = sj_deal_legal_actions(d, b->moves, b->cap, 0);
        if (found < 0) return found;
        if (found <= b->cap) {
            long classes = sj_group_classes(d, b->moves, found, b->cls);
            if (classes < 0) return classes;
            if (classes == found) return found;
            long k = 0;
            for (long i = 0; i < found; i++)
                if (b->cls[i] == i) b->moves[k++] = b->moves[i];
            return k;
        }
        long cap = found + 16;
        sj_cards *m = realloc(b->moves, (size_t)cap * sizeof *m);
        if (!m) return SJ_E_CAPACITY;
        b->moves = m;
        long *c = realloc(b->cls, (size_t)cap * sizeof *c);
        if (!c) return SJ_E_CAPACITY;
        b->cls = c;
        b->cap = cap;
    }
}

/* The points the kitty brings the attackers once the deal is done. */
static int kitty_bonus(const sj_deal *done) { return done->kitty_captured ? done->kitty_points * done->multiplier : 0; }

/* The attackers' points to come from d (fail-soft alpha-beta inside (alpha, beta)). */
static int search(sj_solver *s, sj_deal *d, int depth, int alpha, int beta) {
    if (s->error) return 0;
    if ((++s->nodes & 63) == 0) { /* a few microseconds apart: Ctrl-C and a bot's clock stop the search */
        if (s->flags && atomic_load(&s->flags->cancel)) s->error = SJ_E_CANCELLED;
        else if (s->budget && (s->budget->clock == SJ_CLOCK_WALL || (s->nodes & 511) == 0) &&
                 sj_budget_spent(s->budget)) /* (a thread's CPU clock costs a system call: 8 times fewer looks) */
            s->error = SJ_E_DEADLINE;
        if (s->error) return 0;
    }
    uint64_t key = key_of(d);
    sj_tt_entry *e = &s->tt[key & s->mask];
    int lo = -INF, hi = INF, first = -1;
    if (e->gen == s->gen && e->key == key) {
        lo = e->lo, hi = e->hi, first = e->best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    long n = moves_at(s, d, depth);
    if (n <= 0) {
        s->error = n < 0 ? (int)n : SJ_E_POLICY; /* a position in play always has a move */
        return 0;
    }
    if (first < 0 && n > 1) { /* no table move: the greedy rule's play first (a good guess cuts early) */
        sj_cards g;
        if (sj_policy_play(SJ_POLICY_GREEDY, d, NULL, &g) == SJ_OK) {
            sj_classes c;
            sj_cards others = sj_deal_unseen(d), cg;
            sj_classes_of(d, &others, &c);
            cg = sj_class_canonical(&c, &g);
            for (long i = 0; i < n; i++) {
                sj_cards ci = sj_class_canonical(&c, &s->bufs[depth].moves[i]);
                if (sj_cards_equal(&ci, &cg)) {
                    first = (int)i;
                    break;
                }
            }
        }
    }
    int a0 = alpha, b0 = beta;
    int maxi = sj_is_attacker(d, d->to_move);
    int best = maxi ? -INF : INF, besti = 0;
    if (first >= n) first = -1;
    unsigned char saved[STATE_SIZE];
    memcpy(saved, (unsigned char *)d + STATE_FROM, STATE_SIZE);
    int captured = d->attacker_captured;
    for (long t = -1; t < n; t++) {
        long i = t < 0 ? first : t;
        if (i < 0 || (t >= 0 && t == first)) continue;
        if (sj_deal_play_forced(d, &s->bufs[depth].moves[i]) != SJ_OK) {
            s->error = SJ_E_POLICY;
            return 0;
        }
        int gain = d->attacker_captured - captured;
        int v = gain + (d->phase == SJ_PHASE_DONE ? kitty_bonus(d) : search(s, d, depth + 1, alpha - gain, beta - gain));
        memcpy((unsigned char *)d + STATE_FROM, saved, STATE_SIZE);
        if (s->error) return 0;
        if (maxi ? v > best : v < best) best = v, besti = (int)i;
        if (maxi && best > alpha) alpha = best;
        if (!maxi && best < beta) beta = best;
        if (alpha >= beta) break;
    }
    if (!(e->gen == s->gen && e->key == key)) e->key = key, e->lo = -INF, e->hi = INF, e->gen = s->gen;
    if (best <= a0) {
        if (best < e->hi) e->hi = (int16_t)best;
    } else if (best >= b0) {
        if (best > e->lo) e->lo = (int16_t)best;
    } else {
        e->lo = e->hi = (int16_t)best;
    }
    e->best = (uint16_t)besti;
    return best;
}

static int to_come(sj_solver *s, const sj_deal *d, int depth, int *value) {
    s->error = SJ_OK;
    if (d->phase == SJ_PHASE_DONE) {
        *value = 0;
        return SJ_OK;
    }
    sj_deal work; /* the search plays on a copy and puts every move back */
    sj_deal_clone(&work, d);
    /* MTD(f): null-window searches converge on the value, the table carrying the bounds between them */
    int lower = -INF, upper = INF, g = 0;
    while (lower < upper && !s->error) {
        int beta = g == lower ? g + 1 : g;
        g = search(s, &work, depth, beta - 1, beta);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    *value = g;
    return s->error;
}

static int final_of(const sj_deal *d, int to_come_value) {
    if (d->phase == SJ_PHASE_DONE) return d->attacker_points;
    int total = d->attacker_captured + d->penalty + to_come_value;
    return total < 0 ? 0 : total;
}

int sj_solve(sj_solver *s, const sj_deal *d, int *final_points) {
    if (d->phase != SJ_PHASE_PLAY && d->phase != SJ_PHASE_DONE) return SJ_E_PHASE;
    int v;
    int rc = to_come(s, d, 0, &v);
    if (rc != SJ_OK) return rc;
    *final_points = final_of(d, v);
    return SJ_OK;
}

int sj_solve_actions(sj_solver *s, const sj_deal *d, const sj_cards *actions, long n, int *final_points) {
    if (d->phase != SJ_PHASE_PLAY) return SJ_E_PHASE;
    for (long i = 0; i < n; i++) {
        sj_deal c;
        sj_deal_clone(&c, d);
        sj_cards played;
        int failed, v;
        int rc = sj_deal_act(&c, &actions[i], &played, &failed);
        if (rc != SJ_OK) return rc;
        rc = to_come(s, &c, 0, &v);
        if (rc != SJ_OK) return rc;
        final_points[i] = final_of(&c, v);
    }
    return SJ_OK;
}

int sj_solve_finish(sj_solver *s, sj_deal *d) {
    if (d->phase != SJ_PHASE_PLAY && d->phase != SJ_PHASE_DONE) return SJ_E_PHASE;
    while (d->phase == SJ_PHASE_PLAY) {
        int value;
        int rc = to_come(s, d, 0, &value);
        if (rc != SJ_OK) return rc;
        long n = moves_at(s, d, 0);
        if (n <= 0) return n < 0 ? (int)n : SJ_E_POLICY;
        long i = 0;
        sj_deal c;
        for (; i < n; i++) {
            sj_deal_clone(&c, d);
            if (sj_deal_play_forced(&c, &s->bufs[0].moves[i]) != SJ_OK) return SJ_E_POLICY;
            int gain = c.attacker_captured - d->attacker_captured, v;
            if (c.phase == SJ_PHASE_DONE) {
                v = kitty_bonus(&c);
            } else if ((rc = to_come(s, &c, 1, &v)) != SJ_OK) {
                return rc;
            }
            if (gain + v == value) break;
        }
        if (i == n) return SJ_E_POLICY; /* no move keeps the value: a bug */
        sj_deal_clone(d, &c);
    }
    return SJ_OK;
}
