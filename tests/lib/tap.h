/* tap.h: a minimal Test Anything Protocol emitter for the C unit tests. */
#ifndef SPECDEC_TAP_H
#define SPECDEC_TAP_H

/* Report one test point; returns cond. */
int tap_ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* |got - want| <= tol, reported with both values. */
int tap_near(double got, double want, double tol, const char *what);

/* got == want for integers. */
int tap_eq(long long got, long long want, const char *what);

/* Print the plan and return the exit status (0 when every point passed). */
int tap_done(void);

#endif
