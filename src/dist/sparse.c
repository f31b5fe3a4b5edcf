/* sparse.c: the operations on a list of nonzero entries, each adding what its
 * dense pass adds, in the same order (see sparse.h). */
#include "config.h"

#include <string.h>

#include "dist/dist.h"
#include "dist/sparse.h"
#include "util/bisect.h"

/* The four lanes of sums of a dense pass (dist_body.h): token y < n4 goes to
 * lane y % 4, the tail n4..vocab-1 to rest, one after the other. */
struct lanes {
	double l[4];
	double rest;
	size_t n4;
};

static void
lanes_init(struct lanes *s, size_t vocab)
{
	memset(s, 0, sizeof *s);
	s->n4 = vocab - vocab % 4;
}

static void
lanes_add(struct lanes *s, size_t y, double v)
{
	if (y < s->n4)
		s->l[y % 4] += v;
	else
		s->rest += v;
}

/* The lanes' sum as KERN(hsum) takes it, then the tail's. */
static double
lanes_total(const struct lanes *s)
{
	return ((s->l[0] + s->l[1]) + (s->l[2] + s->l[3])) + s->rest;
}

double
sparse_prob(const struct sparse_dist *d, size_t x)
{
	size_t k = bisect_find_id(d->id, d->n, x);

	return k < d->n ? d->w[k] : 0.0;
}

size_t
sparse_argmax(const struct sparse_dist *d)
{
	double top = -1.0;
	size_t k, best = 0;

	for (k = 0; k < d->n; k++)
		if (d->w[k] > 0.0 && d->w[k] > top) {
			top = d->w[k];
			best = d->id[k];
		}
	return best;
}

/* A walk of q's list alongside ascending tokens: Q(y) for each y asked, in
 * ascending order. */
struct walk {
	const struct sparse_dist *q;
	size_t k;
};

static double
walk_to(struct walk *w, size_t y)
{
	const struct sparse_dist *q = w->q;

	while (w->k < q->n && q->id[w->k] < y)
		w->k++;
	return w->k < q->n && q->id[w->k] == y ? q->w[w->k] : 0.0;
}

double
sparse_overlap(const struct sparse_dist *p, const struct sparse_dist *q)
{
	struct walk wq = { q, 0 };
	struct lanes s;
	double sum;
	size_t k;

	lanes_init(&s, p->vocab);
	for (k = 0; k < p->n; k++) {
		double a = p->w[k], b = walk_to(&wq, p->id[k]);

		lanes_add(&s, p->id[k], a < b ? a : b);
	}
	sum = lanes_total(&s);
	return sum < 1.0 ? sum : 1.0;
}

double
sparse_excess(const struct sparse_dist *p, double a, const struct sparse_dist *q,
    double *out)
{
	struct walk wq = { q, 0 };
	struct lanes s;
	size_t k;

	lanes_init(&s, p->vocab);
	for (k = 0; k < p->n; k++) {
		double d = a * p->w[k] - walk_to(&wq, p->id[k]);

		d = d > 0.0 ? d : 0.0;
		if (out != NULL)
			out[k] = d;
		lanes_add(&s, p->id[k], d);
	}
	return lanes_total(&s);
}

/* Whether token y of ratio key comes before tested token x of ratio r: the
 * threshold of pdist_body.h, key <= r before x and key < r from x on. */
static int
before(double key, size_t y, double r, size_t x)
{
	return y < x ? key <= r : key < r;
}

void
sparse_ratio_cdf_many(const struct sparse_dist *p, const struct sparse_dist *q,
    const size_t *xs, int m, double *out)
{
	double r;
	size_t k, n4 = p->vocab - p->vocab % 4;
	int j;

	for (j = 0; j < m; j++) {
		struct walk wq = { q, 0 };
		struct lanes s;

		r = dist_ratio(sparse_prob(p, xs[j]), sparse_prob(q, xs[j]));
		lanes_init(&s, p->vocab);
		for (k = 0; k < p->n && p->id[k] < n4; k++) {
			double key = dist_ratio(p->w[k], walk_to(&wq, p->id[k]));

			if (before(key, p->id[k], r, xs[j]))
				lanes_add(&s, p->id[k], p->w[k]);
		}
		out[j] = lanes_total(&s);	/* rest is 0: the tail comes one by one */
		for (; k < p->n; k++) {
			double key = dist_ratio(p->w[k], walk_to(&wq, p->id[k]));

			if (before(key, p->id[k], r, xs[j]))
				out[j] += p->w[k];
		}
		out[j] = out[j] < 1.0 ? out[j] : 1.0;
	}
}
