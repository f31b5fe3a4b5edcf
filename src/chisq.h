/* chisq.h: Pearson's chi-square goodness of fit and its p-value. */
#ifndef SPECDEC_CHISQ_H
#define SPECDEC_CHISQ_H

#include <stddef.h>

struct chisq_result {
	double statistic;
	int df;			/* degrees of freedom; 0 when there was nothing to test */
	double p_value;		/* P(X >= statistic) for X ~ chi2(df); 1 when df = 0 */
};

/* Observed counts against expected counts over n bins. Bins expecting fewer than
 * 5 are pooled into one bin so the chi-square approximation holds; with fewer than
 * two usable bins the result has df = 0. */
struct chisq_result chisq_test(const unsigned long long *observed, const double *expected,
    size_t n);

/* Upper tail P(X >= x) of the chi-square distribution with df degrees of freedom. */
double chisq_sf(double x, int df);

#endif
