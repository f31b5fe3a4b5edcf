/* copy_cache.c: the cache model a copying target mixes in, and the matching
 * of a context's suffix that it and the drafters share (copy_draft.h). */
#include "config.h"

#include <string.h>

#include "source/copy/copy_draft.h"

/* Add 1 to out at the token after each earlier occurrence of the last m
 * tokens; returns how many there were. */
static size_t
tally_after(const int *ctx, size_t n, size_t m, double *out)
{
	size_t j, c = 0;

	for (j = 0; j + m < n; j++)
		if (copy_tokens_equal(ctx + j, ctx + n - m, m)) {
			out[ctx[j + m]] += 1.0;
			c++;
		}
	return c;
}

int
copy_cache_dist(const int *ctx, size_t n, size_t vocab, double *out)
{
	size_t m = n > 0 ? n - 1 : 0, c = 0, x;

	memset(out, 0, vocab * sizeof *out);
	if (n == 0) {
		for (x = 0; x < vocab; x++)
			out[x] = 1.0 / (double)vocab;
		return 0;
	}
	if (m > COPY_CACHE_DEPTH)
		m = COPY_CACHE_DEPTH;
	for (; m >= 1 && c == 0; m--)
		c = tally_after(ctx, n, m, out);
	if (c == 0)
		c = tally_after(ctx, n, 0, out);	/* every position: frequencies */
	else
		m++;
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
