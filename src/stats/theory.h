/* theory.h: the closed forms of Leviathan et al. 2022, section 3. Pure functions;
 * alpha in [0, 1], gamma >= 1, cost ratio c >= 0. */
#ifndef SPECDEC_THEORY_H
#define SPECDEC_THEORY_H

#include <stddef.h>

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

/* Verification is not free: the target forward over gamma + 1 positions costs
 * T (1 + k gamma), k the verification cost (0: Leviathan's model, the gamma + 1
 * positions in the time of one). A step then costs 1 + gamma (c + k) target
 * forwards, so the speedup is theory_speedup with c + k in place of c:
 * (1 - a^(g+1)) / ((1 - a)(g (c + k) + 1)). The cost is linear in gamma, so at a
 * schedule's mean gamma it is the mean cost of its steps. */
double theory_step_cost(double gamma, double c, double k);
double theory_speedup_verify(double alpha, int gamma, double c, double k);

/* The best draft length in 1..gamma_max under the cost model, and what to say
 * about it. */
struct theory_optimum {
	int gamma;		/* the gamma of the largest speedup (smallest on a tie) */
	double speedup;		/* its speedup */
	int at_limit;		/* gamma is gamma_max and gamma_max + 1 would do better */
	int speculate;		/* some gamma is faster than the target alone */
};
void theory_optimum(double alpha, double c, double k, int gamma_max,
    struct theory_optimum *out);

/* The same from expected tokens per step given for each draft length:
 * tok[g - 1] at g = 1..gamma_max + 1 (the last one decides at_limit), each
 * divided by the step cost 1 + g (c + k). With tok the mean over steps of each
 * step's own closed form (stats_tok_at) this is the exact optimum when the
 * acceptance varies step to step; theory_optimum is it at one alpha. */
void theory_optimum_of(const double *tok, double c, double k, int gamma_max,
    struct theory_optimum *out);

/* The optimum in words into buf: "6 (2.950x)", "32+ (4.100x)" at the limit,
 * "don't speculate (1.00x)" when every gamma is a slowdown; returns buf. */
const char *theory_optimum_text(const struct theory_optimum *o, char *buf, size_t len);

/* Target-only and speculative tokens per second in the toy cost model: a target
 * forward costs target_ms, a drafted token draft_ms, and a step costs
 * target_ms (1 + k gamma) + gamma draft_ms with the verification cost k. */
double theory_target_rate(double target_ms);
double theory_spec_rate_verify(double tok_per_step, double gamma, double target_ms,
    double draft_ms, double k);

#endif
