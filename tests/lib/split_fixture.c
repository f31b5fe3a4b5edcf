/* split_fixture.c: hand-built split distributions for tests. */
#include "config.h"

#include "lib/split_fixture.h"

size_t
split_fixture_find(const void *where, uint32_t w)
{
	const struct split_list *l = where;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->list[i] == w)
			return i;
	return SPLIT_NONE;
}

struct split_dist
split_fixture_dist(const struct split_floor *f, double scale,
    const struct split_list *l, const double *extra)
{
	struct split_dist d = { f, scale, l->list, extra, l->n, 0.0, split_fixture_find,
	    l, 0 };
	size_t i;

	for (i = 0; i < l->n; i++) {
		d.extra_sum += extra[i];
		d.signed_extra |= extra[i] < 0.0;
	}
	return d;
}

void
split_fixture_plain(struct split_floor *f, const double *w, double *cdf, size_t vocab)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < vocab; i++)
		cdf[i] = sum += w[i];
	*f = (struct split_floor){ .vocab = vocab, .w = w, .cdf = cdf, .sum = sum,
	    .top = split_floor_top(w, vocab) };
}

void
split_fixture_factored(struct split_floor *f, const struct split_floor *base,
    const double *factor, double *w, uint32_t *by, double *cum_base, double *cum_w)
{
	size_t i, j, n = base->vocab;

	for (i = 0; i < n; i++) {	/* insertion sort: ties keep token order */
		for (j = i; j > 0 && factor[by[j - 1]] > factor[i]; j--)
			by[j] = by[j - 1];
		by[j] = (uint32_t)i;
		w[i] = base->w[i] * factor[i];
	}
	cum_base[0] = cum_w[0] = 0.0;
	for (i = 0; i < n; i++) {
		cum_base[i + 1] = cum_base[i] + base->w[by[i]];
		cum_w[i + 1] = cum_w[i] + w[by[i]];
	}
	*f = (struct split_floor){ .vocab = n, .w = w, .sum = cum_w[n], .base = base,
	    .factor = factor, .by_factor = by, .cum_base = cum_base, .cum_w = cum_w,
	    .top = split_floor_top(w, n) };
}
