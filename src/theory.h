/* theory.h: the closed forms of Leviathan et al. 2022, section 3. Pure functions;
 * alpha in [0, 1], gamma >= 1, cost ratio c >= 0. */
#ifndef SPECDEC_THEORY_H
#define SPECDEC_THEORY_H

/* Expected tokens per step (1 - a^(g+1)) / (1 - a), as the sum 1 + a + ... + a^g so
 * that a = 1 gives its limit g + 1 without dividing by zero. */
double theory_tok_per_step(double alpha, int gamma);

/* Expected wall-time improvement over target-only decoding (Theorem 3.8):
 * (1 - a^(g+1)) / ((1 - a)(g c + 1)), c = draft cost per token / target cost per
 * forward. */
double theory_speedup(double alpha, int gamma, double c);

/* Expected factor of increase in arithmetic operations (Theorem 3.11):
 * (1 - a)(g c + g + 1) / (1 - a^(g+1)), with c the draft's op ratio. */
double theory_ops(double alpha, int gamma, double c);

/* The gamma in 1..gamma_max that maximises theory_speedup (the smallest on a tie);
 * it has no closed form. */
int theory_optimal_gamma(double alpha, double c, int gamma_max);

/* P(a step emits n tokens), n = 1..g+1, when each draft is accepted with
 * probability a independently: a^(n-1)(1 - a) for n <= g, a^g for n = g + 1. */
double theory_tok_pmf(double alpha, int gamma, int n);

/* Target-only and speculative tokens per second in the toy cost model: a target
 * forward costs target_ms, a drafted token draft_ms. */
double theory_target_rate(double target_ms);
double theory_spec_rate(double tok_per_step, int gamma, double target_ms, double draft_ms);

#endif
