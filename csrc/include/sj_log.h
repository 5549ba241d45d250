/* sj_log.h — a deal's history: every move as it was made and, in a world rebuilt from an observation,
 * what the observer saw of the moves that world does not replay (docs/MODEL.md §9).
 *
 * The log lives beside the deal's state (sj_state.h), not inside it: the native loops copy the state by
 * the million and never need the history.  Each entry is a node that points to the one before it; nodes
 * are shared by a deal and its copies and never change once made, so copying a deal's history takes one
 * pointer and a reference count, and nothing a copy appends is seen by the other.  Each node also counts
 * the moves and the declarations up to it (the random policy's stream and a burial's "shown before" read
 * them).
 */
#ifndef SJ_LOG_H
#define SJ_LOG_H

#include <stdint.h>

#include "sj_cards.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SJ_LOG_MOVE = 0,  /* a move made through sj_deal_act (any phase; passes included) */
    SJ_LOG_FORCE,     /* a play replayed without checks (sj_deal_play_forced), into a rebuilt world */
    SJ_LOG_DECLARED,  /* a declaration the observed deal showed, recorded in a rebuilt world (not a move) */
    SJ_LOG_GRABBED,   /* a grab of the kitty (炒底) the observed deal made, recorded likewise */
    SJ_LOG_BURIED     /* an earlier burial of the observed deal, recorded likewise (`known`: its cards seen) */
} sj_log_kind;

typedef struct sj_log_entry {
    int8_t kind;      /* sj_log_kind */
    int8_t phase;     /* SJ_LOG_MOVE: the phase it was made in */
    int8_t seat;      /* who made it */
    int8_t failed;    /* a play: a failed throw (`action` attempted, `played` played) */
    int8_t leader;    /* a play: the leader of its trick */
    int8_t winner;    /* a play that ended its trick: the trick's winner; else -1 */
    int8_t known;     /* SJ_LOG_BURIED: 1 when the cards are known, 0 when the observer did not see them */
    int16_t step;     /* a declaration: its declaring step (-1: a grab); a play: the tricks done before it */
    int16_t before;   /* a burial: the declarations shown before it */
    sj_cards action;  /* what was given (a declaration with its choice bits) */
    sj_cards played;  /* a play: what was played (the forced unit of a failed throw) */
} sj_log_entry;

typedef struct sj_log {
    struct sj_log *prev;
    long refs;
    long length;      /* entries up to and including this one */
    long moves;       /* SJ_LOG_MOVE and SJ_LOG_FORCE entries up to here */
    long declarations; /* declarations and grabs shown up to here (recorded ones included) */
    sj_log_entry e;
} sj_log;

/* An entry of `kind` made in `phase` by `seat`, every other field empty (leader, winner and step -1; known). */
sj_log_entry sj_log_entry_of(int kind, int phase, int seat);

/* A new log: `prev` (NULL: the empty log) with `e` appended.  The new node holds its own reference to
 * `prev`; the caller keeps its own.  NULL when out of memory (nothing changed). */
sj_log *sj_log_push(sj_log *prev, const sj_log_entry *e);

/* *log with `e` appended, in place: the new node takes over the caller's reference to the old one.  SJ_OK, or
 * SJ_E_NO_MEMORY with *log unchanged. */
int sj_log_append(sj_log **log, const sj_log_entry *e);

/* sj_log_append in two steps, for a caller that must change nothing when memory runs out: sj_log_reserve takes
 * the node's memory (NULL: out of memory), sj_log_commit appends `e` in it (it cannot fail), sj_log_unreserve
 * gives the memory back unused. */
sj_log *sj_log_reserve(void);
void sj_log_commit(sj_log **log, sj_log *node, const sj_log_entry *e);
void sj_log_unreserve(sj_log *node);

/* For tests only (fault injection): the `n`-th node taken from now on (sj_log_reserve, sj_log_append, sj_log_push)
 * fails as if memory ran out, once; n <= 0 disarms it.  Returns how many were still to go before the call (0:
 * disarmed or already spent).  A plain global, not thread-safe: arm it only while one thread makes moves.  Nothing
 * outside the tests calls it; disarmed, a node costs one compare more. */
long sj_log_fail_after(long n);

/* Take and drop a reference (NULL is ignored); the last drop frees the node and drops its predecessor. */
void sj_log_retain(sj_log *l);
void sj_log_release(sj_log *l);

/* How many entries, moves and declarations a log holds (0 for NULL). */
long sj_log_length(const sj_log *l);
long sj_log_moves(const sj_log *l);
long sj_log_declarations(const sj_log *l);

/* Whether an entry is a declaration shown (a move of the declare or grab phase that is not a pass, or a
 * recorded declaration or grab). */
int sj_log_is_declaration(const sj_log_entry *e);

/* Whether an entry is a burial (made, or recorded in a rebuilt world), a grab of the kitty (made and not a
 * pass, or recorded), or a play (made, or replayed without checks). */
int sj_log_is_burial(const sj_log_entry *e);
int sj_log_is_grab(const sj_log_entry *e);
int sj_log_is_play(const sj_log_entry *e);

/* Copy the entries, oldest first, to out[0..cap); returns the number of entries. */
long sj_log_read(const sj_log *l, sj_log_entry *out, long cap);

#ifdef __cplusplus
}
#endif

#endif
