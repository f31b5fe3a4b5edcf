/* tree_compare.h: what a dynamic tree (--tree dynamic:K,STEPS,N) buys at
 * equal N, over a run whose source serves one pair at every node of a step
 * (the stub, replays): against the best static top-k shape of N nodes and
 * depth at most STEPS, and against chains of N - 1 drafts, argmax (top-k)
 * and sampled (the standard rule), all in exact expected tokens per step.
 *
 * At a step, a static top-k node whose path takes q's ranks r1, ..., rd
 * (0 = q's top token) is reached with prod_i a(r_i), a(r) the target's
 * probability of q's r-th token; a shape's expected tokens are 1 + the sum
 * over its nodes. A rank path can sit in a shape of N - 1 nodes only when
 * d + r1 + ... + rd <= N - 1 (rank r needs its r earlier siblings), so the
 * run keeps the sum over steps of every such path's value (at most 2^(N-2)
 * of them, N <= TREE_COMPARE_N_MAX), and the best shape is found exactly at
 * the end by a dynamic programme over them. Memory is fixed whatever the
 * steps. */
#ifndef SPECDEC_TREE_COMPARE_H
#define SPECDEC_TREE_COMPARE_H

#include <stdint.h>

#define TREE_COMPARE_N_MAX 14	/* N up to which the best static shape is sought */

struct tree_compare {
	int n, depth;		/* N and the depth limit (STEPS); 0: off */
	int npaths;
	int *parent;		/* each path's parent path, -1: the root's child */
	int *rank;		/* its last rank */
	double *sum;		/* its value summed over steps */
	double *val;		/* this step's values (working storage);
				 * val[-1] = 1, the root's */
	uint64_t steps;
	double sum_argmax;	/* the argmax chain of N - 1: expected tokens, summed */
	double sum_sampled;	/* the sampled chain of N - 1 */
};

/* The comparison's figures (expected tokens per step); 0 when off or
 * before a step. */
struct tree_compare_result {
	double best_static;	/* the best static top-k shape of N nodes */
	double argmax_chain, sampled_chain;
};

/* Start (or restart) for N and depth limit steps; n above
 * TREE_COMPARE_N_MAX or below 2 leaves it off. */
void tree_compare_start(struct tree_compare *c, int n, int steps);
void tree_compare_free(struct tree_compare *c);
/* Forget the steps, keep N and STEPS. */
void tree_compare_clear(struct tree_compare *c);

/* Add one step: a[r], the target's probability of q's r-th token (r < N - 1),
 * and the pair's overlap sum min(p, q). */
void tree_compare_add(struct tree_compare *c, const double *a, double overlap);

/* The figures over the steps so far; 0 when none. */
int tree_compare_result(const struct tree_compare *c, struct tree_compare_result *out);

#endif
