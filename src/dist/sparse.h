/* sparse.h: a distribution kept as a list of its nonzero entries (ascending,
 * distinct token ids and their probabilities; every other token has 0), and the
 * operations pdist.c serves it with. Each one gives the bits its dense
 * counterpart gives on the same distribution made dense (dist_body.h,
 * pdist_body.h, rng_categorical): it adds the same values in the same order,
 * lane by lane where the dense pass keeps four lanes of sums, and leaves out
 * only the zeros, which add nothing. A step over a pair of sparse lines then
 * costs their entries, not the vocabulary. */
#ifndef SPECDEC_SPARSE_H
#define SPECDEC_SPARSE_H

#include <stddef.h>
#include <stdint.h>

struct sparse_dist {
	size_t vocab;
	const uint32_t *id;	/* n ascending, distinct ids below vocab */
	const double *w;	/* w[i] >= 0 is the probability of id[i] */
	size_t n;
};

/* P(x): a binary search of the list. */
double sparse_prob(const struct sparse_dist *d, size_t x);

/* The lowest token of largest P(x) > 0 (0 when no entry is positive). */
size_t sparse_argmax(const struct sparse_dist *d);

/* dist_overlap(p, q) on the dense forms. */
double sparse_overlap(const struct sparse_dist *p, const struct sparse_dist *q);

/* The excess max(0, a P(x) - Q(x)) over p's entries, as dist_residual_mass
 * sums it (a = 1: dist_residual), into out[i] for p's entry i unless out is
 * NULL; returns the sum. */
double sparse_excess(const struct sparse_dist *p, double a, const struct sparse_dist *q,
    double *out);

/* pdist_ratio_cdf_many on the dense forms (the pass of pdist_body.h and its
 * tail, clamped to 1), for m tokens xs[0..m-1]. */
void sparse_ratio_cdf_many(const struct sparse_dist *p, const struct sparse_dist *q,
    const size_t *xs, int m, double *out);

#endif
