/* fastexp.h: exp(x) for x <= 0 by a polynomial, without a table, so that the
 * vector kernels (dist_body.h) run the same operations on four lanes and give
 * the same bits; the ziggurat's wedge test (rng.c) uses it as well. */
#ifndef SPECDEC_FASTEXP_H
#define SPECDEC_FASTEXP_H

#include <stdint.h>
#include <string.h>

#define EXP_FLOOR -700.0	/* exp(-700) ~ 1e-304: smaller arguments are clamped */
#define EXP_LOG2E 1.4426950408889634
#define EXP_LN2_HI 6.93147180369123816490e-01	/* ln 2 in two parts: n ln2_hi */
#define EXP_LN2_LO 1.90821492927058770002e-10	/* is exact for |n| < 2^11 */
#define EXP_ROUND 0x1.8p52	/* adding it rounds to an integer, kept in the
				 * low bits of the sum */

/* The Taylor polynomial of exp of degree 12 at r by Estrin's scheme: pairs
 * c_k + c_(k+1) r, joined by r^2, r^4 and r^8, so that a chain of 8 operations
 * (not Horner's 24) each waits on the one before; r2, r4 and r8 are r's powers,
 * given to the macro so that the scalar and the vector code share it. */
#define EXP_ESTRIN(r, r2, r4, r8) \
	(((1.0 + r) + (0.5 + r * (1.0 / 6.0)) * r2) + \
	((1.0 / 24.0 + r * (1.0 / 120.0)) + (1.0 / 720.0 + r * (1.0 / 5040.0)) * r2) * \
	r4 + (((1.0 / 40320.0 + r * (1.0 / 362880.0)) + (1.0 / 3628800.0 + \
	r * (1.0 / 39916800.0)) * r2) + (1.0 / 479001600.0) * r4) * r8)

/* The steps of fast_exp_nonpositive after the clamp, for a double or a vector
 * of them alike: t holds n + 1023 in its low bits (as below), poly exp(r). */
#define FAST_EXP_STEPS(x, t, poly) do { \
	__typeof__(x) n_, r_, r2_, r4_; \
	t = x * EXP_LOG2E + EXP_ROUND; \
	n_ = t - EXP_ROUND; \
	r_ = (x - n_ * EXP_LN2_HI) - n_ * EXP_LN2_LO; \
	r2_ = r_ * r_; \
	r4_ = r2_ * r2_; \
	poly = EXP_ESTRIN(r_, r2_, r4_, r4_ * r4_); \
} while (0)

/* exp(x) for x <= 0 without a library call or a table, so that it runs on vector
 * lanes: x = n ln2 + r with |r| <= ln2/2, exp(x) = 2^n exp(r), exp(r) by its
 * Taylor polynomial of degree 12 (EXP_ESTRIN; truncation below 2e-16 relative;
 * tests/unit/test_dist.c compares the softmax with libm), 2^n put straight into
 * the exponent bits: n + 1023 sits in the low bits of t, and shifting the sum
 * up by 52 leaves only it. */
static inline double
fast_exp_nonpositive(double x)
{
	double t, poly;
	uint64_t scale;

	x = x > EXP_FLOOR ? x : EXP_FLOOR;
	FAST_EXP_STEPS(x, t, poly);
	memcpy(&scale, &t, sizeof scale);
	scale = (scale + 1023) << 52;
	memcpy(&t, &scale, sizeof t);
	return poly * t;
}

#endif
