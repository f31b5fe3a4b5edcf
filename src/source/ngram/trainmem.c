/* trainmem.c: the n-gram training memory estimate, checked against the limit. */
#include "config.h"

#include <stdio.h>

#include "util/memlimit.h"
#include "source/ngram/noise_rows.h"
#include "source/ngram/qcache.h"
#include "source/tokenize.h"
#include "source/ngram/trainmem.h"

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
 * tokens tokens, with noise_sets sets of noise rows over a vocabulary of at
 * most max_vocab tokens (and at most one a token of the text), and the block
 * sums of the row caches (two a source) of as many sources, one at least. */
static uint64_t
trainmem_estimate(size_t len, size_t tokens, int order, size_t max_vocab,
    unsigned noise_sets)
{
	size_t vocab = tokens < max_vocab ? tokens : max_vocab;

	return TRAINMEM_FIXED + (uint64_t)len * TRAINMEM_PER_BYTE +
	    (uint64_t)tokens * (uint64_t)order * TRAINMEM_PER_TOKEN_ORDER +
	    (uint64_t)noise_sets * noise_rows_bytes(vocab) +
	    (uint64_t)(noise_sets > 0 ? noise_sets : 1) * 2 * qcache_blocks_bytes(vocab);
}

int
trainmem_check(const char *text, size_t len, int order, size_t max_vocab,
    unsigned noise_sets, uint64_t limit, const char *name, char *err, size_t errlen)
{
	char need[MEMLIMIT_WORDS], lim[MEMLIMIT_WORDS];
	size_t tokens = trainmem_tokens(text, len);
	uint64_t est = trainmem_estimate(len, tokens, order, max_vocab, noise_sets);

	if (est <= limit)
		return 0;
	memlimit_format(est, need, sizeof need);
	memlimit_format(limit, lim, sizeof lim);
	snprintf(err, errlen, "%s: training order %d on %zu tokens%s would take about "
	    "%s, more than the input limit of %s (set " MEMLIMIT_ENV " to raise it, or "
	    "lower the orders%s)", name, order, tokens, noise_sets > 0 ?
	    ", with the draft's noise rows," : "", need, lim, noise_sets > 0 ?
	    " or --max-vocab" : "");
	return -1;
}
