/* tv_null.h: the sampling distribution of the TV distance between the speculative
 * output's token counts and the reference stream's when both follow the same law
 * (a correct sampler). Per token id, the difference of the two counts is modelled
 * as a Skellam variable (the difference of two independent Poisson counts) with
 * the id's count variance as its parameter: exact in the sparse limit, the normal
 * law in the dense one. The ids are not independent: both streams have the same
 * number of tokens, so the differences sum to 0 and are correlated as a
 * multinomial's, rho_ij = -sqrt(s_i s_j / ((1 - s_i)(1 - s_j))) for shares s.
 * The variance of the sum of |D_i| takes each pair's covariance from the
 * correlation of |X| and |Y| for a normal pair at rho_ij (at V = 2, D_1 = -D_2
 * and the variance is 4 Var|D_1|, twice what independence gives).
 * docs/theory.md gives the derivation and the measured agreement. */
#ifndef SPECDEC_TV_NULL_H
#define SPECDEC_TV_NULL_H

#include <stddef.h>

/* How far above its mean a correct run's TV may sit, in standard deviations of
 * the null (chosen so that at V = 2, the least normal case, the false-alarm rate
 * is below 0.1%). */
#define TV_NULL_Z 6.0

/* E|D| and Var|D| for D = X - Y, X and Y independent Poisson(lambda). */
double tv_null_abs_mean(double lambda);
double tv_null_abs_var(double lambda);

struct tv_null {
	double mean;	/* expected TV */
	double sd;	/* its standard deviation (the differences summing to 0) */
	double limit;	/* mean + TV_NULL_Z sd, at most 1: a correct run stays below */
};

/* The null of TV = sum |X_i - Y_i| / (2 tokens) over n ids whose count variances
 * are lambda[0..n-1] and expected shares share[0..n-1] (each stream has `tokens`
 * tokens). lambda may be NULL (share is then ignored): all n ids have the
 * variance lambda_all and the share 1 / n. All zero when tokens is 0. */
struct tv_null tv_null_of(const double *lambda, const double *share, double lambda_all,
    size_t n, double tokens);

/* corr(|X|, |Y|) for X, Y jointly normal, mean 0, correlation rho. */
double tv_null_abs_corr(double rho);

#endif
