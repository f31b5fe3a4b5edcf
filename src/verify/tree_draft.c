/* tree_draft.c: drafting every node of a tree step (tree_draft.h). */
#include "config.h"

#include <string.h>

#include "dist/dense.h"
#include "dist/pdist.h"
#include "dist/sparse.h"
#include "dist/topk.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/tree_draft.h"

/* One draw without replacement from q, avoiding the k tokens in taken:
 * rejection while most of the mass is left, else from a dense copy; -1
 * when nothing is left. */
static int
draw_without(const struct pdist *q, const int *taken, int k, struct rng *rng,
    double *dense, size_t n)
{
	double left = 1.0;
	int i, x, again;

	for (i = 0; i < k; i++)
		left -= pdist_prob(q, (size_t)taken[i]);
	if (left >= 0.5)
		do {
			x = (int)pdist_sample(q, rng);
			for (again = 0, i = 0; i < k; i++)
				again |= taken[i] == x;
		} while (again);
	else if (q->form == PDIST_SPARSE) {	/* the dense draw, over the entries */
		const struct sparse_dist *d = q->u.sparse;
		size_t j;

		memcpy(dense, d->w, d->n * sizeof *dense);
		for (i = 0; i < k; i++)
			if ((j = dense_index(d->id, d->n, (size_t)taken[i])) < d->n)
				dense[j] = 0.0;
		for (left = 0.0, j = 0; j < d->n; j++)
			left += dense[j];
		if (!(left > 1e-12))
			return -1;
		x = (int)rng_categorical_sparse(rng, d->id, dense, d->n, n, left);
	} else {
		pdist_densify(q, dense);
		for (i = 0; i < k; i++)
			dense[taken[i]] = 0.0;
		for (left = 0.0, i = 0; i < (int)n; i++)
			left += dense[i];
		if (!(left > 1e-12))
			return -1;
		x = (int)rng_categorical(rng, dense, n, left);
	}
	return x;
}

/* The children of node v drawn from q there under draw into tok. */
static void
draft_children(const struct pdist *q, int k, enum verify_tree_draw draw,
    struct rng *rng, double *dense, size_t n, int *tok)
{
	int i;

	if (draw == VERIFY_DRAW_TOPK) {
		pdist_topk(q, k < (int)n ? k : (int)n, tok);
		for (i = (int)n; i < k; i++)
			tok[i] = -1;
		return;
	}
	for (i = 0; i < k; i++)
		if (draw == VERIFY_DRAW_IID)
			tok[i] = (int)pdist_sample(q, rng);
		else if ((tok[i] = draw_without(q, tok, i, rng, dense, n)) < 0)
			break;
	for (; i < k; i++)
		tok[i] = -1;
}

void
tree_draft(struct source *src, struct rng *rng, const struct tree_shape *shape,
    enum verify_tree_draw draw, struct spec_tree *tree, struct spec_scratch *scratch)
{
	double *dense = spec_scratch_work(scratch, src->vocab);
	int tok[TREE_NODES_MAX], v, i;
	struct pdist q;

	spec_tree_clear(tree);
	tree->ntested = 0;
	source_set_draft_len(src, shape->depth);
	spec_tree_root(tree, SOURCE_ROOT);
	for (v = 1; v < shape->n; v++) {	/* every node, untested, in shape order */
		spec_tree_add(tree, shape->parent[v], -1, -1, 0.0);
		tree->node[v].depth = shape->depth_of[v];
		tree->node[v].rank = shape->rank[v];
	}
	for (v = 0; v < shape->n; v++) {
		int c0 = shape->first_child[v], k = shape->nchild[v];

		if (k == 0 || (v > 0 && tree->node[v].token < 0) ||
		    !source_drafts(src, tree->node[v].source_node))
			continue;
		source_dists(src, tree->node[v].source_node, NULL, &q);
		draft_children(&q, k, draw, rng, dense, src->vocab, tok);
		for (i = 0; i < k; i++) {
			struct spec_tree_node *c = &tree->node[c0 + i];

			c->token = tok[i];
			if (tok[i] < 0)
				continue;
			c->q = pdist_prob(&q, (size_t)tok[i]);
			c->score = tree->node[v].score * c->q;
			c->source_node = source_child(src, tree->node[v].source_node, tok[i]);
		}
	}
}

/* Children of v that were drafted (they come first). */
int
tree_draft_count(const struct tree_shape *shape, const struct spec_tree *tree, int v)
{
	int c0 = shape->first_child[v], k = 0;

	while (k < shape->nchild[v] && tree->node[c0 + k].token >= 0)
		k++;
	return k;
}
