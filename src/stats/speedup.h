/* speedup.h: the wall-time speedup against gamma that the live view plots, and
 * the optimum it marks, at a cost ratio c and a verification cost k: a target
 * forward over gamma + 1 positions costs T (1 + k gamma), so
 *   speedup = E[tokens/step] / (gamma c + 1 + k gamma);
 * k = 0 is Leviathan et al.'s Theorem 3.8 (theory_speedup). Pure functions. */
#ifndef SPECDEC_SPEEDUP_H
#define SPECDEC_SPEEDUP_H

#include <stddef.h>

struct speedup_cost {
	double c;	/* draft cost per token / target cost per forward */
	double k;	/* verification cost per drafted token, in target forwards; 0 */
};

/* The expected speedup at alpha and gamma >= 1. */
double speedup_at(double alpha, int gamma, const struct speedup_cost *cost);

struct theory_optimum;

/* An optimum (theory.h: the simulation's is sim_figures' optimum) in words into
 * buf: "γ 6 (2.95x)", "γ 32+ (3.10x)" when a gamma past the range would do
 * better still, "don't speculate (1.00x)"; gamma_name names gamma. Returns buf. */
const char *speedup_best_text(const struct theory_optimum *best, const char *gamma_name,
    char *buf, size_t len);

#endif
