/* cmu_vocab_top.c: the draft's top-K vocabulary and the fold of its q onto it. */
#include "config.h"

#include <stdlib.h>

#include "source/cmu/cmu_vocab_top.h"
#include "util/xalloc.h"

struct ranked {
	double p;
	size_t id;
};

/* Larger probability first, then the lower id. */
static int
by_prob(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->p != y->p)
		return x->p > y->p ? -1 : 1;
	return x->id < y->id ? -1 : (x->id > y->id);
}

unsigned char *
cmu_vocab_top_mark(const double *uni, size_t vocab, size_t k)
{
	struct ranked *r = xreallocarray(NULL, vocab, sizeof *r);
	unsigned char *top = xcalloc(vocab, 1);
	size_t i;

	for (i = 0; i < vocab; i++)
		r[i] = (struct ranked){ uni[i], i };
	qsort(r, vocab, sizeof *r, by_prob);
	for (i = 0; i < k && i < vocab; i++)
		top[r[i].id] = 1;
	free(r);
	return top;
}

void
cmu_vocab_top_fold(const unsigned char *top, size_t vocab, double *q)
{
	double rest = 0.0;
	size_t y;

	for (y = 0; y < vocab; y++)
		if (!top[y]) {
			rest += q[y];
			q[y] = 0.0;
		}
	q[vocab] = rest;
}
