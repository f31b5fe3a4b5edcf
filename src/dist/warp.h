/* warp.h: the sampling warps a serving system applies to a model's next-token
 * distribution before drawing from it: temperature (p^(1/T), renormalised),
 * top-k (the k most likely tokens, renormalised) and top-p (the smallest set of
 * most likely tokens whose mass reaches P, renormalised), in that order, as
 * Hugging Face's and vLLM's samplers apply them. Speculative sampling stays
 * lossless when it verifies against exactly the warped target and exactly the
 * warped draft the tokens were drawn from (docs/theory.md). Ties at the k-th
 * value, or at the value where the nucleus closes, are all kept, so the result
 * does not depend on token order. */
#ifndef SPECDEC_WARP_H
#define SPECDEC_WARP_H

#include <stddef.h>

struct warp {
	double temperature;	/* > 0; 1: none */
	size_t top_k;		/* 0: none */
	double top_p;		/* in (0, 1]; 1: none */
};

/* Whether w changes nothing. */
int warp_is_identity(const struct warp *w);

/* row (n entries, >= 0, any positive sum) := its warp under w, normalised to
 * sum 1; scratch has room for n doubles. */
void warp_dense(const struct warp *w, double *row, size_t n, double *scratch);

/* The smallest value v among row's entries such that the entries >= v number
 * at least k (top-k), or have mass at least mass (top-p, mass in (0, sum]):
 * expected linear time, by selection on a copy in scratch. */
double warp_kth_value(const double *row, size_t n, size_t k, double *scratch);
double warp_nucleus_value(const double *row, size_t n, double mass, double *scratch);

#endif
