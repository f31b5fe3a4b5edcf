/* split_floor.c: floors, plain and factored, and sums over a pair of them. */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "util/bisect.h"
#include "dist/dist.h"
#include "dist/split_floor.h"
#include "util/xalloc.h"
#include "util/weighed.h"

struct split_top
split_floor_top(const double *w, size_t vocab)
{
	struct split_top t = { 0, vocab > 0 };
	double near;
	size_t i;

	if (vocab == 0)		/* a corpus without words, refused after */
		return t;
	for (i = 1; i < vocab; i++)
		if (w[i] > w[t.token])
			t.token = i;
	near = w[t.token] * (1.0 - 1e-12);
	for (i = 0; i < vocab && t.alone; i++)
		if (i != t.token && w[i] >= near)
			t.alone = 0;
	return t;
}


static uint32_t *
sort_falling(const struct split_floor *floor)
{
	size_t n = floor->vocab, i;
	struct weighed *it = xreallocarray(NULL, n > 0 ? n : 1, sizeof *it);
	uint32_t *desc = xreallocarray(NULL, n > 0 ? n : 1, sizeof *desc);

	for (i = 0; i < n; i++)
		it[i] = (struct weighed){ floor->w[i], (uint32_t)i };
	qsort(it, n, sizeof *it, weighed_falling);
	for (i = 0; i < n; i++)
		desc[i] = it[i].id;
	free(it);
	return desc;
}

/* The slot, written through a floor its readers see as const (the order is a
 * cache: the floor's values do not change). */
static _Atomic(uint32_t *) *
desc_slot(const struct split_floor *floor)
{
	return (_Atomic(uint32_t *) *)&floor->desc;
}

const uint32_t *
split_floor_desc(const struct split_floor *floor)
{
	_Atomic(uint32_t *) *slot = desc_slot(floor);
	uint32_t *desc = atomic_load_explicit(slot, memory_order_acquire), *none = NULL;

	if (desc != NULL)
		return desc;
	desc = sort_falling(floor);
	if (!atomic_compare_exchange_strong_explicit(slot, &none, desc,
	    memory_order_acq_rel, memory_order_acquire)) {
		free(desc);	/* another thread's is in place */
		desc = none;
	}
	return desc;
}

void
split_floor_forget(struct split_floor *floor)
{
	free(atomic_exchange_explicit(&floor->desc, NULL, memory_order_acq_rel));
}

size_t
split_floor_pick(const struct split_floor *floor, double t)
{
	if (floor->base != NULL)
		return floor->by_factor[bisect_sums(floor->cum_w + 1, floor->vocab, t)];
	return bisect_sums(floor->cdf, floor->vocab, t);
}

int
split_floors_pair(const struct split_floor *fp, const struct split_floor *fq)
{
	return fq == fp || (fp->base == NULL && fq->base == fp);
}

/* A factored floor fq against its base scaled: a and b scale the two floors. */
struct scaled {
	const struct split_floor *fq;
	double a, b;
};

/* Whether b * factor reaches a at the i-th token of fq's order. */
static int
factor_reaches(size_t i, const void *arg)
{
	const struct scaled *s = arg;

	return !(s->b * s->fq->factor[s->fq->by_factor[i]] < s->a);
}

/* How many tokens of a factored floor have factor < t: the length of the
 * prefix, in factor order, where b * factor < a for t = a / b. */
static size_t
factors_below(const struct split_floor *fq, double a, double b)
{
	struct scaled s = { fq, a, b };

	if (!(b > 0.0))
		return a > 0.0 ? fq->vocab : 0;
	return bisect(fq->vocab, factor_reaches, &s);
}

double
split_floors_min(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b)
{
	size_t k, n = fq->vocab;

	assert(split_floors_pair(fp, fq));
	if (fq == fp)
		return (a < b ? a : b) * fp->sum;
	k = factors_below(fq, a, b);
	return b * fq->cum_w[k] + a * (fq->cum_base[n] - fq->cum_base[k]);
}

double
split_floors_excess(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b)
{
	double excess;
	size_t k;

	assert(split_floors_pair(fp, fq));
	if (fq == fp)
		return a > b ? (a - b) * fp->sum : 0.0;
	k = factors_below(fq, a, b);
	excess = a * fq->cum_base[k] - b * fq->cum_w[k];
	return excess > 0.0 ? excess : 0.0;
}

struct excess_at {
	struct scaled s;
	double t;
};

/* Whether the running excess over the first i + 1 tokens of fq's order passes t
 * (it rises along the prefix of tokens where b * factor < a). */
static int
excess_past(size_t i, const void *arg)
{
	const struct excess_at *e = arg;
	const struct split_floor *fq = e->s.fq;

	return e->t < e->s.a * fq->cum_base[i + 1] - e->s.b * fq->cum_w[i + 1];
}

size_t
split_floors_excess_pick(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, double t)
{
	struct excess_at e = { { fq, a, b }, t };
	size_t k, i;

	assert(split_floors_pair(fp, fq));
	if (fq == fp)
		return split_floor_pick(fp, a > b ? t / (a - b) : 0.0);
	k = factors_below(fq, a, b);
	if (k == 0)
		return fq->by_factor[0];
	i = bisect(k, excess_past, &e);
	return fq->by_factor[i < k ? i : k - 1];
}

double
split_floors_ratio(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, size_t w)
{
	return dist_ratio(a, fq == fp ? b : b * fq->factor[w]);
}

/* Tokens of a factored floor in factor order against a ratio: the floor ratio
 * falls along the order, so the tokens below r (or at most r) are a suffix. */
struct ratio_at {
	struct scaled s;
	double r;
	int or_equal;
};

static int
ratio_past(size_t i, const void *arg)
{
	const struct ratio_at *at = arg;
	double key = dist_ratio(at->s.a, at->s.b * at->s.fq->factor[at->s.fq->by_factor[i]]);

	return at->or_equal ? key <= at->r : key < at->r;
}

/* sum fp(y) over y < x, in token order. */
static double
sum_below(const struct split_floor *fp, size_t x)
{
	double sum = 0.0;
	size_t y;

	if (fp->cdf != NULL)
		return x > 0 ? fp->cdf[x - 1] : 0.0;
	for (y = 0; y < x; y++)
		sum += fp->w[y];
	return sum;
}

double
split_floors_before(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, double r, size_t x)
{
	struct ratio_at below = { { fq, a, b }, r, 0 }, upto = { { fq, a, b }, r, 1 };
	size_t n = fq->vocab, lo, hi, i;
	double sum, key;

	assert(split_floors_pair(fp, fq));
	if (fq == fp) {
		key = dist_ratio(a, b);
		return key < r ? fp->sum : key > r ? 0.0 : sum_below(fp, x);
	}
	lo = bisect(n, ratio_past, &upto);	/* [lo, hi): tied at r */
	hi = bisect(n, ratio_past, &below);
	sum = fq->cum_base[n] - fq->cum_base[hi];
	for (i = lo; i < hi; i++)
		if (fq->by_factor[i] < x)
			sum += fp->w[fq->by_factor[i]];
	return sum;
}
