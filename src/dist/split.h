/* split.h: a distribution kept as a scaled floor plus a sparse part,
 *
 *     P(w) = scale * floor(w) + extra(w),
 *
 * where the floor is a dense, positive, long-lived row shared by many
 * distributions and extra is zero except on a list of tokens, kept packed beside
 * the list. An n-gram model's distributions have this shape: the interpolation's
 * lowest level reaches every token, the levels above it only the seen successors
 * of the context. Two distributions over one floor, or over a floor and the
 * same floor times per-token factors, are compared, subtracted and sampled here
 * in time proportional to their lists plus a logarithm of the vocabulary, and
 * nothing dense is written. (One exception, exact and rare: a residual draw
 * whose rejection sampler fails 64 times in a row scans the vocabulary.)
 *
 * A backoff model (source_cmu.h) gives a listed token its own probability, which
 * can lie below the floor's share there: its extra is then negative (P(w) stays
 * >= 0). A distribution with such extras says so (signed_extra); the overlap,
 * the residual and the ratio order work from the values as they are, sampling
 * draws by rejection and the argmax walks when the floor's top is affected. */
#ifndef SPECDEC_SPLIT_H
#define SPECDEC_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split_floor.h"

struct rng;

struct split_dist {
	const struct split_floor *floor;
	double scale;		/* >= 0 */
	const uint32_t *list;	/* distinct tokens */
	const double *extra;	/* extra[i] belongs to list[i], >= 0 unless
				 * signed_extra; zero off the list */
	size_t nlist;
	double extra_sum;	/* the sum of extra; scale * floor->sum + extra_sum = 1 */
	/* Where token w sits in list, or SPLIT_NONE when it is not there. */
	size_t (*find)(const void *where, uint32_t w);
	const void *where;
	int signed_extra;	/* some extra < 0 (scale floor(w) + extra[i] >= 0) */
};

#define SPLIT_NONE ((size_t)-1)

/* d's extra at token w: 0 off its list. */
double split_extra(const struct split_dist *d, size_t w);

/* P(w). */
static inline double
split_prob(const struct split_dist *d, size_t w)
{
	return d->scale * d->floor->w[w] + split_extra(d, w);
}

/* Two distributions p and q are a pair when their floors are (split_floor.h):
 * q's floor is p's, or p's plain floor times factors (a target and its draft,
 * the draft perhaps with noise). The functions taking p and q below need a
 * pair; the overlap takes it either way round. */
int split_pair(const struct split_dist *p, const struct split_dist *q);

/* The lowest token of largest P(w) > 0, from the list and the floor's top;
 * SPLIT_NONE when the floor's top is not alone (split_top): the caller then
 * walks the tokens. */
size_t split_argmax(const struct split_dist *d);

/* A token drawn from d: from its list with probability extra_sum, else from the
 * floor by binary search of its running sums. With signed extras: from the
 * floor plus the positive extras, a token with a negative extra kept with
 * probability P(w) / (scale floor(w)), else drawn again. */
size_t split_sample(const struct split_dist *d, struct rng *rng);

/* sum_w min(p(w), q(w)); fastest when they share one list. */
double split_overlap(const struct split_dist *p, const struct split_dist *q);

/* The scaled residual max(0, a p - q), a in (0, 1], of a pair: its mass, and a
 * token drawn from it normalised with *mass set to that mass. When the mass is
 * 0 the token is drawn from p itself. The part of the residual on the floors
 * outside both lists is drawn by rejection, and after 64 failures by an exact
 * scan of the vocabulary. */
double split_residual_mass(const struct split_dist *p, const struct split_dist *q,
    double a);
size_t split_sample_residual(const struct split_dist *p, const struct split_dist *q,
    double a, struct rng *rng, double *mass);

/* For a pair: the sum of p(y) over the tokens y before x in the order of the
 * ratio p(y) / q(y) ascending, ties by id (pdist_ratio_cdf). A token on either
 * list has the ratio of its values; one off both lists has the floors' ratio
 * (split_floors_ratio). */
double split_ratio_cdf(const struct split_dist *p, const struct split_dist *q,
    size_t x);

/* out (vocab entries) = d as a dense vector. */
void split_densify(const struct split_dist *d, double *out);

#endif
