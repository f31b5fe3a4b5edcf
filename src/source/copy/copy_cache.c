/* copy_cache.c: the cache model a copying target mixes in, and the matching
 * of a context's suffix that it and the drafters share (copy_draft.h); the
 * cache model over an indexed context (copy_hist.h). */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "source/copy/copy_draft.h"
#include "source/copy/copy_hist.h"

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

/* The token at i of the context h's tokens then path's d. */
static int
tok_at(const struct copy_hist *h, const int *path, size_t i)
{
	return i < h->n ? h->tok[i] : path[i - h->n];
}

/* How many tokens, up to cap and no further back than the start, end at e as
 * they end the context of n tokens (suf: its last ones, newest first). */
static size_t
suffix_at(const struct copy_hist *h, const int *path, size_t e, const int *suf,
    size_t cap)
{
	size_t l = 0;

	if (e < h->n) {	/* within the hist: one array */
		const int *t = h->tok + e;

		while (l < cap && l <= e && t[-(ptrdiff_t)l] == suf[l])
			l++;
		return l;
	}
	while (l < cap && l <= e && tok_at(h, path, e - l) == suf[l])
		l++;
	return l;
}

/* Whether the m tokens ending at e are the context's last m (fwd: its last
 * ones, oldest first, COPY_CACHE_DEPTH of them or all when fewer). */
static int
ends_with(const struct copy_hist *h, const int *path, size_t e, const int *suf,
    const int *fwd, size_t nfwd, size_t m)
{
	if (e < h->n && e + 1 >= m)	/* within the hist: one comparison */
		return memcmp(h->tok + e + 1 - m, fwd + nfwd - m, m * sizeof *fwd) == 0;
	return suffix_at(h, path, e, suf, m) == m;
}

/* Each earlier end e (< n - 1) of the context's last token: the hist's slots
 * of it, then the path's; COPY_NONE after the last. */
static size_t
next_end(const struct copy_hist *h, const int *path, size_t n, int last, size_t e)
{
	if (e == COPY_NONE)
		e = copy_hist_first(h, last);
	else if (e < h->n)
		e = copy_hist_next(h, e);
	else
		e++;
	if (e == COPY_NONE || e >= h->n) {	/* the path's part */
		e = e == COPY_NONE || e < h->n ? h->n : e;
		while (e + 1 < n && path[e - h->n] != last)
			e++;
	}
	return e + 1 < n ? e : COPY_NONE;
}

int
copy_hist_cache_dist(const struct copy_hist *h, const int *path, size_t d,
    size_t vocab, double *out)
{
	size_t n = h->n + d, m = 0, c = 0, e, x, l, nsuf;
	int suf[COPY_CACHE_DEPTH], fwd[COPY_CACHE_DEPTH];

	if (n == 0) {
		for (x = 0; x < vocab; x++)
			out[x] = 1.0 / (double)vocab;
		return 0;
	}
	for (nsuf = 0; nsuf < COPY_CACHE_DEPTH && nsuf < n; nsuf++)
		suf[nsuf] = tok_at(h, path, n - 1 - nsuf);
	for (x = 0; x < nsuf; x++)
		fwd[x] = suf[nsuf - 1 - x];
	for (e = next_end(h, path, n, suf[0], COPY_NONE); e != COPY_NONE && m < COPY_CACHE_DEPTH;
	    e = next_end(h, path, n, suf[0], e))
		if ((l = suffix_at(h, path, e, suf, COPY_CACHE_DEPTH)) > m)
			m = l;
	memset(out, 0, vocab * sizeof *out);
	if (m == 0) {	/* every position: the context's frequencies */
		for (x = 0; x < vocab; x++)
			out[x] = (double)h->count[x];
		for (e = 0; e < d; e++)
			out[path[e]] += 1.0;
		c = n;
	}
	for (e = m > 0 ? next_end(h, path, n, suf[0], COPY_NONE) : COPY_NONE; e != COPY_NONE;
	    e = next_end(h, path, n, suf[0], e))
		if (ends_with(h, path, e, suf, fwd, nsuf, m)) {
			out[tok_at(h, path, e + 1)] += 1.0;
			c++;
		}
	for (x = 0; x < vocab; x++)
		out[x] /= (double)c;
	return (int)m;
}
