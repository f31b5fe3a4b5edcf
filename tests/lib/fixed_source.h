/* fixed_source.h: a test source that serves the same (p, q) pair at every position
 * of every step: dense vectors, which may be anything, even unnormalised, or
 * handles of any form (pdist.h); all of it is the caller's. */
#ifndef SPECDEC_FIXED_SOURCE_H
#define SPECDEC_FIXED_SOURCE_H

#include <stddef.h>

struct pdist;
struct source;

struct fixed_pair {
	const double *p;
	const double *q;
	long begins;		/* how many steps began */
	long committed;		/* tokens committed */
	double noise;		/* the last noise set (it changes nothing) */
	const struct pdist *hp;	/* when not NULL, served in place of p and q */
	const struct pdist *hq;
	size_t vocab;		/* set by fixed_source_open */
};

/* Point src at pair (not copied, not freed); vocab entries in p and q. */
void fixed_source_open(struct source *src, struct fixed_pair *pair, size_t vocab);

#endif
