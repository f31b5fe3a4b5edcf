/* topk.h: the k most likely tokens of a distribution, in falling order of
 * probability, ties to the lower id, in each form: a pass over a dense
 * vector, and for a split distribution (split.h) a merge of its listed tokens
 * with the first tokens of its floor's falling order (split_floor_desc) that
 * are not listed, which costs the list and k, not the vocabulary; a sparse
 * one from its entries. Every form gives the ids a pass over its dense vector
 * gives. */
#ifndef SPECDEC_TOPK_H
#define SPECDEC_TOPK_H

#include <stddef.h>

struct pdist;
struct split_dist;

/* The k (<= n) tokens of largest p[y] into out, falling, ties to the lower
 * id; one pass, k entries kept in order. */
void dist_topk(const double *p, size_t n, int k, int *out);

/* dist_topk of split_densify(d): from the list and the floor's order, in time
 * in the list plus k plus the floor tokens whose scaled weights round to a tie
 * with the k-th; a floor scaled by 0, or a tie too wide, takes a pass over the
 * vocabulary (through split_prob, nothing written). The first call on a floor
 * sorts it (split_floor_desc). */
void split_topk(const struct split_dist *d, int k, int *out);

/* dist_topk of pdist_densify(p), k <= p's vocabulary: a split p by
 * split_topk, a dense one in place, a sparse one from its entries and the
 * lowest ids off them (time in its entries plus k). */
void pdist_topk(const struct pdist *p, int k, int *out);

/* pdist_topk, with each kept token's pdist_prob value into prob (k
 * entries): the values the ranking compared, so no second lookup. */
void pdist_topk_probs(const struct pdist *p, int k, int *out, double *prob);

#endif
