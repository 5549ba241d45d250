/* sj_match.c — matches (see sj_match.h). */
#include "sj_match.h"

#include <string.h>

#include "sj_rollout.h" /* SJ_POLICY_STREAM */

static int unit_of(const sj_match *m, int seat) { return m->per_seat ? seat : seat % 2; }

int sj_match_units(const sj_rules *rules) { return rules->partnership == SJ_PARTNER_CALL_CARD ? 4 : 2; }

int sj_match_init(sj_match *m, const sj_rules *rules, int end_level, int first_dealer, const int *levels,
                  const int *points) {
    if (sj_rules_check(rules, NULL, 0) != SJ_OK) return SJ_E_RULES;
    if (first_dealer < 0 || first_dealer > 3) return SJ_E_ARGS;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    int n = 0;
    if (rules->first_level == SJ_FIRST_LEVEL_A) {
        m->seq[n++] = 12;
        for (int r = 0; r < 12; r++) m->seq[n++] = (uint8_t)r;
        m->seq[n++] = 12;
    } else {
        for (int r = rules->first_level == SJ_FIRST_LEVEL_3 ? 1 : 0; r < 13; r++) m->seq[n++] = (uint8_t)r;
    }
    if (end_level >= 0) {
        int at = -1;
        for (int i = 1; i < n && at < 0; i++)
            if (m->seq[i] == end_level) at = i;
        if (at < 0) return SJ_E_ARGS;
        n = at + 1;
    }
    m->nseq = n;
    int start = 0;
    while (start < n - 1 && (rules->constant_ranks >> m->seq[start] & 1)) start++;
    m->must[start] = m->must[n - 1] = 1;
    m->per_seat = sj_match_units(rules) == 4;
    m->dealer = first_dealer;
    m->winner = -1;
    m->first_deal = levels == NULL;
    int units = m->per_seat ? 4 : 2;
    for (int u = 0; levels && u < units; u++) {
        int at = -1;
        for (int i = 0; i < n && at < 0; i++)
            if (m->seq[i] == levels[u]) at = i;
        if (at < 0) return SJ_E_ARGS;
        m->steps[u] = at;
    }
    m->keeps_points = rules->match_points != SJ_MATCH_POINTS_NONE || rules->throw_penalty == SJ_PENALTY_MATCH_POINT;
    for (int s = 0; points && s < 4; s++) m->start[s] = points[s];
    return SJ_OK;
}

int sj_match_level(const sj_match *m) { return m->seq[m->steps[unit_of(m, m->dealer)]]; }

int sj_match_climb(const sj_match *m, int step, int n) {
    for (int i = 0; i < n; i++) {
        if (step >= m->nseq - 1) break;
        step++;
        if (m->must[step]) break;
    }
    return step;
}

/* 中国游戏中心's rating tiers (級別), as its scoring page lists them.  諾貝爾 has no figure there; the thresholds'
 * steps grow by 100 each time (50, 150, 250, ... 2250: the k-th tier starts at 50 k^2), which gives 28800. */
static const struct {
    int from;
    const char *name;
} TIERS[SJ_CHINAGAME_TIERS] = {
    {0, "幼小班"},     {50, "幼中班"},    {200, "幼大班"},   {450, "學前班"},   {800, "一年級"},
    {1250, "二年級"},  {1800, "三年級"},  {2450, "四年級"},  {3200, "五年級"},  {4050, "六年級"},
    {5000, "初一"},    {6050, "初二"},    {7200, "初三"},    {8450, "高一"},    {9800, "高二"},
    {11250, "高三"},   {12800, "大一"},   {14450, "大二"},   {16200, "大三"},   {18050, "大四"},
    {20000, "研究生"}, {22050, "博士"},   {24200, "博士后"}, {26450, "院士"},   {28800, "諾貝爾"},
};

int sj_chinagame_tier(long points) {
    int t = 0;
    while (t + 1 < SJ_CHINAGAME_TIERS && points >= TIERS[t + 1].from) t++;
    return t;
}

const char *sj_chinagame_tier_name(int tier) {
    return tier >= 0 && tier < SJ_CHINAGAME_TIERS ? TIERS[tier].name : NULL;
}

int sj_chinagame_tier_from(int tier) { return tier >= 0 && tier < SJ_CHINAGAME_TIERS ? TIERS[tier].from : -1; }

/* 如果勝方水平級別高于負方3級，則勝方不加分: the team whose gains a won match withholds (-1: none).  Tiers are read
 * from the totals the match started from (m->start: the page scores a whole match, so a player's total "before"
 * is the one it brought); a side is 3 tiers above the other when each of its players is 3 or more tiers above
 * each of the other's (lowest winner against highest loser).  如果負方級別高于勝方3級，負方仍會計: the losers are
 * scored as always, whatever their tiers. */
static int chinagame_withheld(const sj_match *m) {
    if (m->winner < 0 || m->per_seat) return -1;
    int w = m->winner, lowest = SJ_CHINAGAME_TIERS, highest = -1;
    for (int s = 0; s < 4; s++) {
        int t = sj_chinagame_tier(m->start[s]);
        if (s % 2 == w && t < lowest) lowest = t;
        if (s % 2 != w && t > highest) highest = t;
    }
    return lowest - highest >= 3 ? w : -1;
}

void sj_match_totals(const sj_match *m, int *out) {
    for (int s = 0; s < 4; s++) {
        out[s] = 0;
        if (!m->keeps_points) continue;
        out[s] = m->start[s] + m->qq[s];
        if (m->rules.throw_penalty == SJ_PENALTY_MATCH_POINT) out[s] -= m->failed[s];
    }
    if (m->keeps_points && m->rules.match_points == SJ_MATCH_POINTS_CHINAGAME) {
        int passed[2] = {m->steps[0] + (m->winner == 0), m->steps[1] + (m->winner == 1)};
        int withheld = chinagame_withheld(m);
        for (int s = 0; s < 4; s++) {
            int t = s % 2;
            if (t != withheld) out[s] += passed[t] + 2 * (passed[t] - passed[1 - t]) + (int)(m->deals / 10);
        }
    }
}

int sj_match_start_deal(const sj_match *m, uint64_t seed, sj_deal *d) {
    uint8_t order[SJ_MAX_PACK];
    sj_shuffle_pack(order, m->rules.decks, seed, (uint64_t)m->deals);
    int level = sj_match_level(m), trump = SJ_TRUMP_DECLARE;
    if (m->rules.declaration == SJ_DECLARE_NONE) { /* the dealer names its longest plain suit */
        int rc = sj_deal_init(d, &m->rules, order, m->dealer, level, SJ_NO_SUIT, 0);
        if (rc != SJ_OK) return rc;
        int best = 0, most = -1;
        for (int s = 0; s < SJ_NUM_SUITS; s++) {
            int c = 0;
            for (int r = 0; r < SJ_NUM_RANKS; r++) c += sj_cards_count(&d->hands[m->dealer], sj_make_kind(s, r));
            if (c > most) most = c, best = s;
        }
        trump = best;
    }
    return sj_deal_init(d, &m->rules, order, m->dealer, level, trump, m->first_deal);
}

int sj_match_record(sj_match *m, const sj_deal *d) {
    if (d->phase != SJ_PHASE_DONE || m->winner >= 0) return SJ_E_PHASE;
    int dealer = d->dealer, final = m->nseq - 1;
    int partner = m->per_seat ? sj_deal_dealer_partner(d) : (dealer + 2) % 4;
    const sj_level_outcome *o = &d->outcome;
    if (o->dealer_keeps) {
        int du = unit_of(m, dealer);
        if (m->steps[du] == final) m->winner = du;
        int done[4] = {0};
        for (int i = 0; i < 2; i++) {
            int s = i ? partner : dealer;
            if (s < 0) continue;
            int u = unit_of(m, s);
            if (done[u]++) continue;
            m->steps[u] = sj_match_climb(m, m->steps[u], o->dealer_levels);
        }
        if (m->per_seat) m->dealer = partner >= 0 ? partner : dealer;
        else m->dealer = m->rules.next_dealer == SJ_NEXT_PARTNER ? (dealer + 2) % 4 : dealer;
    } else {
        int done[4] = {0};
        for (int s = 0; s < 4; s++) {
            if (!sj_is_attacker(d, s)) continue;
            int u = unit_of(m, s);
            if (done[u]++) continue;
            m->steps[u] = sj_match_climb(m, m->steps[u], o->attacker_levels);
        }
        m->dealer = (dealer + 1) % 4;
    }
    if (m->rules.match_points == SJ_MATCH_POINTS_QQ) { /* on the totals before this deal's gain */
        int before[4], all_mid = 1, all_high = 1;
        sj_match_totals(m, before);
        for (int s = 0; s < 4; s++) {
            all_high &= before[s] > 300;
            all_mid &= before[s] >= 80 && before[s] <= 300;
        }
        int base = o->dealer_keeps ? (1 + o->dealer_levels < 4 ? 1 + o->dealer_levels : 4) : 2 + o->attacker_levels;
        if (o->dealer_keeps && d->attacker_points == 0) base = m->rules.match_shutout_points; /* 大光 */
        int gain = all_high ? 3 * base : all_mid ? 2 * base : base;
        int winners = o->dealer_keeps ? dealer % 2 : 1 - dealer % 2;
        for (int s = 0; s < 4; s++) m->qq[s] += s % 2 == winners ? gain : -gain;
    }
    for (int s = 0; s < 4; s++) m->failed[s] += d->failed_throws[s]; /* after: the QQ totals are those before */
    m->deals++;
    m->first_deal = 0;
    return SJ_OK;
}

uint64_t sj_match_seed(uint64_t seed, uint64_t i) {
    return sj_mix64(sj_mix64(seed ^ UINT64_C(0x6A09E667F3BCC909)) + i * UINT64_C(0x9E3779B97F4A7C15));
}

typedef struct match_job {
    const sj_match *start;
    const sj_player *players;
    uint64_t seed, first;
    long max_deals;
    sj_matches_out *out;
} match_job;

static int match_task(void *vjob, long i) {
    const match_job *job = (const match_job *)vjob;
    sj_match m = *job->start;
    uint64_t seed = sj_match_seed(job->seed, job->first + (uint64_t)i);
    long kept = 0;
    while (m.winner < 0 && (job->max_deals <= 0 || m.deals < job->max_deals)) {
        sj_deal d;
        int rc = sj_match_start_deal(&m, seed, &d);
        if (rc != SJ_OK) return rc;
        sj_rng r = sj_rng_stream(seed ^ SJ_POLICY_STREAM, (uint64_t)m.deals);
        int plays = sj_policy_finish(&d, job->players, &r, NULL);
        if (plays < 0) return plays;
        kept += d.outcome.dealer_keeps;
        rc = sj_match_record(&m, &d);
        if (rc != SJ_OK) return rc;
    }
    sj_matches_out *o = job->out;
    o->winner[i] = (int8_t)m.winner;
    o->deals[i] = (int32_t)m.deals;
    for (int u = 0; u < 4; u++) o->final_levels[4 * i + u] = (int8_t)(u < (m.per_seat ? 4 : 2) ? m.seq[m.steps[u]] : -1);
    if (o->points) sj_match_totals(&m, &o->points[4 * i]);
    if (o->kept) o->kept[i] = (int32_t)kept;
    return SJ_OK;
}

long sj_matches(const sj_match *start, const sj_player players[4], uint64_t seed, uint64_t first, long n,
                long max_deals, int threads, sj_matches_out *out, sj_run_flags *flags, long *failed_match) {
    match_job job = {start, players, seed, first, max_deals, out};
    long done = 0, failed = -1;
    int rc = sj_parallel_for(n, 1, threads, match_task, &job, flags, &failed, &done);
    if (rc != SJ_OK) {
        if (failed_match) *failed_match = failed < 0 ? -1 : (long)(first + (uint64_t)failed);
        return rc;
    }
    return done;
}
