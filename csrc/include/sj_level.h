/* sj_level.h — a deal's level outcome and the levels the rules play at (docs/MODEL.md §8; csrc/src/sj_level.c). */
#ifndef SJ_LEVEL_H
#define SJ_LEVEL_H

#include "sj_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Level outcome for attacker points (docs/MODEL.md §8). */
typedef struct sj_level_outcome {
    int dealer_keeps;
    int dealer_levels;
    int attacker_levels;
} sj_level_outcome;

sj_level_outcome sj_level_outcome_of(const sj_rules *rules, int attacker_points);

/* 1 when the level rank 0..12 is one the rules' teams play at (first_level: from 2 every rank; from A every rank,
 * 泰安's cycle; from 3 every rank but 2, a fixed trump in the 4-deck post), else 0. */
int sj_level_played(const sj_rules *rules, int level);

#ifdef __cplusplus
}
#endif
#endif
