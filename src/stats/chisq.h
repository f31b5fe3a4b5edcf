/* chisq.h: Pearson's chi-square goodness of fit and its p-value. */
#ifndef SPECDEC_CHISQ_H
#define SPECDEC_CHISQ_H

#include <stddef.h>
#include <stdint.h>

struct chisq_result {
	double statistic;	/* over the bins that expect something; finite */
	int df;			/* degrees of freedom; 0 when there was nothing to test */
	double p_value;		/* P(X >= statistic) for X ~ chi2(df); 1 when df = 0;
				 * 0 when impossible > 0 */
	uint64_t impossible;	/* observed where nothing was expected */
};

/* Observed counts against expected counts over n bins. Bins expecting fewer than
 * 5 are pooled into one bin, and a pool that still expects fewer than 5 joins the
 * smallest regular bin, so the chi-square approximation holds; with fewer than two
 * bins the result has df = 0. Any count in a bin that expects exactly 0 is
 * impossible under the expectation: the p-value is then 0 whatever the rest says. */
struct chisq_result chisq_test(const uint64_t *observed, const double *expected,
    size_t n);

/* Upper tail P(X >= x) of the chi-square distribution with df degrees of freedom. */
double chisq_sf(double x, int df);

/* Twice the smaller Poisson tail of count c, P(X <= c) or P(X >= c) for
 * X ~ Poisson(m), at most 1: exact through the incomplete gamma. With m = 0, 0
 * for any count and 1 for none. */
double chisq_poisson_two_sided(uint64_t c, double m);

#endif
