/* fixed_source.h: a test source that serves the same (p, q) pair at every position
 * of every step; the vectors are the caller's and may be anything, even unnormalised. */
#ifndef SPECDEC_FIXED_SOURCE_H
#define SPECDEC_FIXED_SOURCE_H

#include <stddef.h>

struct source;

struct fixed_pair {
	const double *p;
	const double *q;
	long begins;		/* how many steps began */
	long committed;		/* tokens committed */
	double noise;		/* the last noise set (the pair ignores it) */
};

/* Point src at pair (not copied, not freed); vocab entries in p and q. */
void fixed_source_open(struct source *src, struct fixed_pair *pair, size_t vocab);

#endif
