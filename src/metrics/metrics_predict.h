/* metrics_predict.h: from what a serving system measured (metrics.h) to the
 * expected tokens per step and the speedup at every draft length, with 95%
 * intervals, and the best draft length (docs/theory.md, "From a server's
 * metrics"). With per-position counts A_i over N draft steps the unconditional
 * rates a_i = A_i / N give E[tokens per step] at g <= the measured length
 * exactly, 1 + sum_{i<=g} a_i; past it the last conditional rate
 * alpha_k = a_k / a_(k-1) is carried on (an extrapolation). From totals alone an
 * i.i.d. alpha is fitted: sum_{i=1..k} alpha^i = accepted / drafts; from a mean
 * of records (rates, no counts) too, its interval then Student's t over the
 * records. Pure. */
#ifndef SPECDEC_METRICS_PREDICT_H
#define SPECDEC_METRICS_PREDICT_H

#include "metrics/metrics.h"

#define METRICS_GAMMA_MAX 64	/* longest draft length predicted */
#define METRICS_STEP_COSTS_MAX 65	/* measured step costs, gamma 0..64 */

/* The cost of a step: the toy model 1 + g (c + k) in target forwards, or measured
 * costs per step at gamma = 0 (the target alone), 1, 2, ... (any unit). */
struct metrics_cost {
	double c;		/* draft cost per token / target forward */
	double k;		/* verification cost per drafted token */
	const double *step;	/* NULL, or nstep measured step costs */
	int nstep;
};

/* How a length's figures were found. */
enum metrics_basis {
	METRICS_EXACT,		/* from the per-position counts themselves */
	METRICS_MEASURED,	/* the length measured, from totals */
	METRICS_FIT,		/* from the i.i.d. fit, at or below the length run */
	METRICS_EXTRAPOLATED,	/* past the measured length */
};

struct metrics_prediction {
	int gamma_measured;	/* k: the draft length the server ran */
	int per_position;	/* a_i and alpha_i known by position */
	int fit;		/* alpha is an i.i.d. fit to totals */
	int has_interval;	/* the input had counts (or records to spread) */
	double a[METRICS_POS_MAX];	/* unconditional a_i, i = 1..k at [i - 1] */
	double alpha_pos[METRICS_POS_MAX];	/* conditional alpha_i = a_i / a_(i-1) */
	double alpha;		/* the fitted i.i.d. alpha, or alpha_k carried on */
	double alpha_lo, alpha_hi;
	int gmax;		/* lengths predicted: 0..gmax */
	double tok[METRICS_GAMMA_MAX + 1], tok_lo[METRICS_GAMMA_MAX + 1],
	    tok_hi[METRICS_GAMMA_MAX + 1];
	double speedup[METRICS_GAMMA_MAX + 1], speedup_lo[METRICS_GAMMA_MAX + 1],
	    speedup_hi[METRICS_GAMMA_MAX + 1];
	enum metrics_basis basis[METRICS_GAMMA_MAX + 1];
	double measured_tok;	/* tokens per step at the measured length */
	int best;		/* the best draft length; 0: don't speculate */
	int best_from, best_to;	/* lengths whose interval reaches the best's */
	/* The conventions (docs/theory.md): at the measured length. */
	double acceptance_rate;	/* accepted / drafted (vLLM, llama.cpp, SGLang) */
	double alpha_hat;	/* accepted / tested: a draft is tested when all
				 * before it were accepted */
	double mean_len_bonus;	/* 1 + accepted / drafts (vLLM; SGLang's accept
				 * len, which counts the root) */
	double mean_len;	/* accepted / drafts, the bonus not counted */
};

/* Predict lengths 0..gmax (at least the measured one, at most
 * METRICS_GAMMA_MAX; with measured step costs at most nstep - 1). */
void metrics_predict(const struct metrics *m, const struct metrics_cost *cost, int gmax,
    struct metrics_prediction *out);

/* The basis's word for the report: "exact", "measured", "fit", "extrapolated". */
const char *metrics_basis_name(enum metrics_basis b);

#endif
