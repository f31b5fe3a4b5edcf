/* tree_heads.c: the tree Medusa heads draft (tree_heads.h). */
#include "config.h"

#include "dist/pdist.h"
#include "dist/topk.h"
#include "source/source.h"
#include "verify/tree_heads.h"

/* Every head's top tokens and their q, heads 1..depth, drafted along the
 * spine of first choices; how many each head has (its k, or fewer). */
static void
heads_propose(struct source *src, const struct tree_shape *shape,
    int tok[][TREE_NODES_MAX], double q_of[][TREE_NODES_MAX], int *have)
{
	int spine = SOURCE_ROOT, v = 0, d, i;
	struct pdist q;

	for (d = 0; d < shape->depth; d++) {
		int k = shape->nchild[v];

		source_dists(src, spine, NULL, &q);
		have[d] = k < (int)src->vocab ? k : (int)src->vocab;
		pdist_topk(&q, have[d], tok[d]);
		for (i = 0; i < have[d]; i++)
			q_of[d][i] = pdist_prob(&q, (size_t)tok[d][i]);
		spine = source_child(src, spine, tok[d][0]);
		v = shape->first_child[v];
	}
}

void
tree_heads_draft(struct source *src, const struct tree_shape *shape,
    struct spec_tree *tree)
{
	static _Thread_local int tok[TREE_DEPTH_MAX][TREE_NODES_MAX];
	static _Thread_local double q_of[TREE_DEPTH_MAX][TREE_NODES_MAX];
	int have[TREE_DEPTH_MAX], v;

	heads_propose(src, shape, tok, q_of, have);
	spec_tree_clear(tree);
	tree->ntested = 0;
	spec_tree_root(tree, SOURCE_ROOT);
	for (v = 1; v < shape->n; v++) {
		int d = shape->depth_of[v] - 1, r = shape->rank[v];
		int w = spec_tree_add(tree, shape->parent[v], -1, -1, 0.0);
		const struct spec_tree_node *up = &tree->node[shape->parent[v]];
		struct spec_tree_node *c = &tree->node[w];

		c->depth = d + 1;
		c->rank = r;
		if (r >= have[d] || (shape->parent[v] > 0 && up->token < 0))
			continue;
		c->token = tok[d][r];
		c->q = q_of[d][r];
		c->score = up->score * c->q;
		c->source_node = source_child(src, up->source_node, c->token);
	}
}
