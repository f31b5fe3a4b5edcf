/* copy_cache.c: the cache model a copying target mixes in, and the matching
 * of a context's suffix that it and the drafters share (copy_draft.h). */
#include "config.h"

#include <string.h>

#include "source/copy/copy_draft.h"

size_t
copy_common_suffix(const int *ctx, size_t n, size_t e, size_t cap)
{
	size_t l = 0;

	while (l < cap && l <= e && ctx[e - l] == ctx[n - 1 - l])
		l++;
	return l;
}

long
copy_longest_earlier(const int *ctx, size_t n, size_t cap, size_t *len)
{
	size_t e, l, best = 0;
	long at = -1;
	int last = n > 0 ? ctx[n - 1] : 0;

	for (e = 0; e + 1 < n && best < cap; e++)
		if (ctx[e] == last && (l = copy_common_suffix(ctx, n, e, cap)) > best) {
			best = l;
			at = (long)(e + 1 - l);
		}
	*len = best;
	return at;
}

int
copy_cache_dist(const int *ctx, size_t n, size_t vocab, double *out)
{
	size_t m = 0, c = 0, e, x;

	memset(out, 0, vocab * sizeof *out);
	if (n == 0) {
		for (x = 0; x < vocab; x++)
			out[x] = 1.0 / (double)vocab;
		return 0;
	}
	copy_longest_earlier(ctx, n, COPY_CACHE_DEPTH, &m);
	for (e = 0; e + 1 < n; e++)	/* m 0: every position, frequencies */
		if (m == 0 || copy_common_suffix(ctx, n, e, m) == m) {
			out[ctx[m == 0 ? e : e + 1]] += 1.0;
			c++;
		}
	if (m == 0) {
		out[ctx[n - 1]] += 1.0;
		c++;
	}
	for (x = 0; x < vocab; x++)
		out[x] /= (double)c;
	return (int)m;
}

int
copy_tokens_equal(const int *a, const int *b, size_t m)
{
	return m == 0 || memcmp(a, b, m * sizeof *a) == 0;
}

long
copy_earliest(const int *ctx, size_t n, size_t m)
{
	size_t j;

	for (j = 0; j + m < n; j++)
		if (copy_tokens_equal(ctx + j, ctx + n - m, m))
			return (long)j;
	return -1;
}
