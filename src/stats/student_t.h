/* student_t.h: Student's t distribution's 97.5% point, the half width in
 * standard errors of a 95% interval of a mean of df + 1 values. */
#ifndef SPECDEC_STATS_STUDENT_T_H
#define SPECDEC_STATS_STUDENT_T_H

/* The 97.5% point at df degrees of freedom; 0 for df < 1. Exact (to the
 * bisection's 1e-15) up to df 200 by the finite sums of Abramowitz and Stegun
 * 26.7.3-4 (12.706 at 1, 4.303 at 2, 2.262 at 9); a Cornish-Fisher series
 * past it (within 1e-7 there), 1.96 in the limit. Pure, thread-safe. */
double student_t975(long df);

#endif
