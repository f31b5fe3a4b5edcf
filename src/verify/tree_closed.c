/* tree_closed.c: a tree step's closed forms (tree_closed.h). */
#include "config.h"

#include <string.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "source/source.h"
#include "verify/tree_closed.h"
#include "verify/tree_draft.h"
#include "verify/tree_memo.h"
#include "verify/tree_node.h"

/* Top-k drafts are fixed by q: a node is reached exactly when the target's
 * tokens follow its path, so the expected tokens are 1 + the sum over nodes
 * of the target probability of the path to them. */
double
tree_closed_topk(const struct tree_shape *shape, struct source *src,
    struct spec_tree *tree)
{
	double reach[TREE_NODES_MAX + 1], sum = 1.0;
	struct pdist p;
	int v, i, k;

	for (v = 0; v < shape->n; v++)
		reach[v] = v == 0 ? 1.0 : 0.0;
	for (v = 0; v < shape->n; v++) {
		if ((k = tree_draft_count(shape, tree, v)) == 0 || reach[v] == 0.0)
			continue;
		source_dists(src, tree->node[v].source_node, &p, NULL);
		for (i = 0; i < k; i++) {
			int c = shape->first_child[v] + i;
			double pc = pdist_prob(&p, (size_t)tree->node[c].token);

			reach[c] = reach[v] * pc;
			tree->node[c].reach = reach[c];
			sum += reach[v] * pc;
		}
	}
	tree->has_reach = 1;
	return sum;
}

/* The entries of a sparse q that are positive. */
static int
positive_entries(const struct pdist *q)
{
	size_t i;
	int m = 0;

	for (i = 0; i < q->u.sparse->n; i++)
		m += q->u.sparse->w[i] > 0.0;
	return m;
}

/* tree_accept's sum with k children, and its by_rank into m->rank[k], from
 * m, tree_memo (a named pair) or the rule. */
static double
memo_accept(const struct verify_entry *e, const struct verify_params *par,
    const double *p, const double *q, size_t n, int k, struct tree_closed_memo *m)
{
	double kept[TREE_MEMO_VALUES];
	int tag = TREE_MEMO_ACCEPT((int)par->rule, k);

	if (m->have[k])
		return m->sum[k];
	m->have[k] = 1;
	if (m->keep && k < TREE_MEMO_VALUES && tree_memo_get(tag, p, q, n, kept, k + 1)) {
		memcpy(m->rank[k], kept + 1, (size_t)k * sizeof *kept);
		return m->sum[k] = kept[0];
	}
	m->sum[k] = e->tree_accept(par, p, q, n, k, m->rank[k]);
	if (m->keep && k < TREE_MEMO_VALUES) {	/* the values are the key: tree_memo.h */
		kept[0] = m->sum[k];
		memcpy(kept + 1, m->rank[k], (size_t)k * sizeof *kept);
		tree_memo_put(tag, p, q, n, kept, k + 1);
	}
	return m->sum[k];
}

/* The acceptance expectation at a tested node: the rule's closed form with k
 * children where the source's pair is fixed within a step (it needs the
 * whole pair, dense; m keeps it by width), else the overlap (sim_beta_label
 * names it). */
double
tree_closed_beta(const struct verify_entry *e, const struct verify_params *par,
    struct verify_tree_node *nd, int closed, struct tree_closed_memo *m)
{
	if (!closed || e->tree_accept == NULL)
		return pdist_overlap(nd->hp, nd->hq);
	if (e->tree_draw == VERIFY_DRAW_TOPK && nd->idbuf != NULL &&
	    positive_entries(nd->hq) < nd->k)
		nd->idbuf = NULL;	/* the top k reach tokens off the lists: dense */
	tree_node_dense(nd);
	return memo_accept(e, par, nd->p, nd->q, nd->n, nd->k, m);
}

/* E(v) of tree_closed_expected_tokens, with the acceptance by rank at each
 * width cached in rank[k]. */
static double
expected_below(const struct tree_shape *shape, int v,
    double rank[][TREE_NODES_MAX])
{
	double sum = 0.0;
	int i, k = shape->nchild[v];

	for (i = 0; i < k; i++)
		sum += rank[k][i] * (1.0 + expected_below(shape, shape->first_child[v] + i,
		    rank));
	return sum;
}

/* tree_closed_expected_tokens with the widths kept in m. */
double
tree_closed_expected(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n,
    struct tree_closed_memo *m)
{
	int v;

	if (e->tree_accept == NULL)
		return -1.0;
	for (v = 0; v < shape->n; v++)
		if (shape->nchild[v] > 0)
			memo_accept(e, par, p, q, n, shape->nchild[v], m);
	return 1.0 + expected_below(shape, 0, m->rank);
}

double
tree_closed_expected_tokens(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n)
{
	static _Thread_local struct tree_closed_memo memo;

	memset(memo.have, 0, sizeof memo.have);
	memo.keep = 0;
	return tree_closed_expected(verify_entry(par->rule), par, shape, p, q, n, &memo);
}

void
tree_closed_first_law(const struct verify_params *par, const struct tree_shape *shape,
    const double *p, const double *q, size_t n, double *scratch, double *out)
{
	const struct verify_entry *e = verify_entry(par->rule);

	if (e->tree_output == NULL)
		memcpy(out, p, n * sizeof *out);
	else
		e->tree_output(par, p, q, n, shape->nchild[0], scratch, out);
}
