/* dist.h: operations on probability vectors of length n. Pure functions. */
#ifndef SPECDEC_DIST_H
#define SPECDEC_DIST_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* exp(x) for x <= 0, to about 2e-16 relative (arguments below -700 count as
 * -700): the softmax's own exponential, a polynomial that runs on vector lanes,
 * cheaper than libm's. */
double dist_exp_nonpositive(double x);

/* out = softmax(logits), computed stably (the largest logit is subtracted first)
 * with an exponential accurate to 3e-15 relative; weights below exp(-700) of the
 * largest are kept at that floor rather than 0.
 * out may alias logits. */
void dist_softmax(const double *logits, double *out, size_t n);

/* dist_softmax when the largest logit, max, is known (the stub has it from the
 * fill that drew the logits). */
void dist_softmax_max(const double *logits, double *out, size_t n, double max);

/* x *= factor; and the same with cum[i] = x[0] + ... + x[i] as well (summed
 * four lanes at a time, as dist_softmax_cum does): the normalisation of a
 * softmax whose weights were made elsewhere (rng_normal_fill_exp). */
void dist_scale(double *x, size_t n, double factor);
void dist_scale_cum(double *x, double *cum, size_t n, double factor);

/* dist_softmax_max, and cum[i] = out[0] + ... + out[i] (summed four lanes at a
 * time: not the sums of a loop one token at a time), for categorical draws by
 * binary search (rng_categorical_cum). */
void dist_softmax_cum(const double *logits, double *out, double *cum, size_t n,
    double max);

/* sum_x min(p(x), q(x)): the overlap, which is 1 - TV(p, q) for distributions;
 * never above 1, though rounding could take the sum there. */
double dist_overlap(const double *p, const double *q, size_t n);

/* Total variation distance 0.5 * sum_x |p(x) - q(x)|. */
double dist_tv(const double *p, const double *q, size_t n);

/* out = max(0, p - q), unnormalised; returns its mass sum_x max(0, p(x) - q(x)).
 * out may be p. */
double dist_residual(const double *p, const double *q, double *out, size_t n);

/* out = max(0, p - min(q, p / rho) c), unnormalised (SpecTr's residual at rho,
 * with c = (1 - (1 - beta)^k) / beta); returns its mass. */
double dist_capped_residual(const double *p, const double *q, double rho, double c,
    double *out, size_t n);

/* The mass of the scaled residual, sum_x max(0, a p(x) - q(x)), nothing written;
 * at a = 1 the same sum as dist_residual's, bit for bit. */
double dist_residual_mass(const double *p, double a, const double *q, size_t n);

/* The ratio p / q that orders tokens for a probability integral transform (see
 * pdist_ratio_cdf): +infinity when q is 0. */
static inline double
dist_ratio(double p, double q)
{
	return q > 0.0 ? p / q : (double)INFINITY;
}

/* sum_i x[i], in four interleaved partial sums (no chain of additions). */
double dist_sum(const double *x, size_t n);

/* TV distance between two histograms of counts, each scaled by its own total;
 * 0 when either is empty. */
double dist_tv_counts(const uint64_t *a, const uint64_t *b, size_t n);

#endif
