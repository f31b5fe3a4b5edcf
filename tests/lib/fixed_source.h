/* fixed_source.h: a test source that serves the same (p, q) pair at every node
 * of every step: dense vectors, which may be anything, even unnormalised, or
 * handles of any form (pdist.h); all of it is the caller's. With odd_p and
 * odd_q set, the nodes at odd depth (positions 2, 4, ... of a step) get that
 * pair instead: pairs that differ by position. With tok_p and tok_q set, a
 * node below the root whose token is t gets (tok_p[t], tok_q[t]): pairs that
 * depend on the text, through its last token. It logs the step's node
 * requests (source.h): node i (1 up) is the i-th child asked for. */
#ifndef SPECDEC_FIXED_SOURCE_H
#define SPECDEC_FIXED_SOURCE_H

#include <stddef.h>

struct pdist;
struct source;

#define FIXED_NODES_MAX 64	/* nodes a step logs */

struct fixed_pair {
	const double *p;
	const double *q;
	long begins;		/* how many steps began */
	long committed;		/* tokens committed */
	double noise;		/* the last noise set (it changes nothing) */
	const struct pdist *hp;	/* when not NULL, served in place of p and q */
	const struct pdist *hq;
	const double *odd_p;	/* when not NULL, served at odd depths */
	const double *odd_q;
	const double *const *tok_p;	/* when not NULL, by a node's token */
	const double *const *tok_q;
	size_t vocab;		/* set by fixed_source_open */
	int nodes;		/* nodes of this step, the root (0) included */
	int parent[FIXED_NODES_MAX];	/* node i's parent and the token drafted */
	int token[FIXED_NODES_MAX];	/* from it: the child requests, in order */
	int asked[FIXED_NODES_MAX];	/* the nodes dists was asked at, in order */
	int nasked;
	int bad_node;		/* a node asked for that the step has not made */
};

/* Point src at pair (not copied, not freed); vocab entries in p and q. */
void fixed_source_open(struct source *src, struct fixed_pair *pair, size_t vocab);

#endif
