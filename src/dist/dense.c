/* dense.c: the tree rules' working vectors (dense.h). */
#include "config.h"

#include "dist/dense.h"
#include "dist/sparse.h"
#include "util/bisect.h"
#include "util/rng.h"

/* fmax(0, x) and fmin(x, y) as the C library gives them (x on a tie, so
 * fmax(0, -0) is 0), but inline: the passes over a vocabulary below spend
 * more in a library call than in the arithmetic. No NaN reaches them. */
static inline double
positive(double x)
{
	return x > 0.0 ? x : 0.0;
}

static inline double
lesser(double x, double y)
{
	return y < x ? y : x;
}

double
dense_residual(double *P, const double *Q, size_t n, double a)
{
	return dense_residual_into(P, P, Q, n, a);
}

double
dense_residual_into(double *out, const double *P, const double *Q, size_t n, double a)
{
	double mass = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		mass += positive(a * P[y] - Q[y]);
	if (!(mass > 0.0))
		return 0.0;
	for (y = 0; y < n; y++)
		out[y] = positive(a * P[y] - Q[y]) / mass;
	return mass;
}

double
dense_remove(double *Q, size_t n, size_t x)
{
	double left = 0.0;
	size_t y;

	if (x < n)
		Q[x] = 0.0;
	for (y = 0; y < n; y++)
		left += Q[y];
	if (left > 0.0)
		for (y = 0; y < n; y++)
			Q[y] /= left;
	return left;
}

size_t
dense_sample(const double *P, size_t n, struct rng *rng)
{
	double total = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		total += P[y];
	return rng_categorical(rng, P, n, total);
}

size_t
dense_sample_at(const double *w, const uint32_t *ids, size_t n, size_t vocab,
    struct rng *rng)
{
	double total = 0.0;
	size_t i;

	if (ids == NULL)
		return dense_sample(w, n, rng);
	for (i = 0; i < n; i++)
		total += w[i];
	return rng_categorical_sparse(rng, ids, w, n, vocab, total);
}

double
dense_overlap(const double *p, const double *q, size_t n)
{
	double s = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		s += lesser(p[y], q[y]);
	return s;
}

size_t
dense_index(const uint32_t *ids, size_t n, size_t x)
{
	if (ids == NULL)
		return x < n ? x : n;
	return bisect_find_id(ids, n, x);
}

size_t
dense_union(const struct sparse_dist *a, const struct sparse_dist *b, uint32_t *ids)
{
	size_t i = 0, j = 0, n = 0;

	while (i < a->n || j < b->n)
		if (j == b->n || (i < a->n && a->id[i] < b->id[j]))
			ids[n++] = a->id[i++];
		else {
			i += i < a->n && a->id[i] == b->id[j];
			ids[n++] = b->id[j++];
		}
	return n;
}

void
dense_gather(const struct sparse_dist *d, const uint32_t *ids, size_t n, double *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		while (k < d->n && d->id[k] < ids[i])
			k++;
		out[i] = k < d->n && d->id[k] == ids[i] ? d->w[k] : 0.0;
	}
}
