/* trainmem.c: the n-gram training memory estimate, checked against the limit. */
#include "config.h"

#include <stdio.h>

#include "util/memlimit.h"
#include "source/tokenize.h"
#include "source/trainmem.h"

/* The tokens of text[0..len) (tokenize.h). */
static size_t
trainmem_tokens(const char *text, size_t len)
{
	size_t pos = 0, start, tlen, n = 0;

	while (tokenize_next(text, len, &pos, &start, &tlen))
		n++;
	return n;
}

/* Peak bytes of training models of order up to order on len bytes holding
 * tokens tokens. */
static uint64_t
trainmem_estimate(size_t len, size_t tokens, int order)
{
	return TRAINMEM_FIXED + (uint64_t)len * TRAINMEM_PER_BYTE +
	    (uint64_t)tokens * (uint64_t)order * TRAINMEM_PER_TOKEN_ORDER;
}

int
trainmem_check(const char *text, size_t len, int order, uint64_t limit,
    const char *name, char *err, size_t errlen)
{
	char need[MEMLIMIT_WORDS], lim[MEMLIMIT_WORDS];
	size_t tokens = trainmem_tokens(text, len);
	uint64_t est = trainmem_estimate(len, tokens, order);

	if (est <= limit)
		return 0;
	memlimit_format(est, need, sizeof need);
	memlimit_format(limit, lim, sizeof lim);
	snprintf(err, errlen, "%s: training order %d on %zu tokens would take about %s, "
	    "more than the input limit of %s (set " MEMLIMIT_ENV " to raise it, or "
	    "lower the orders)", name, order, tokens, need, lim);
	return -1;
}
