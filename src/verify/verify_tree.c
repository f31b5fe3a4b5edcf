/* verify_tree.c: a speculative step over a token tree: the top-down walk
 * that tree rules with a node test plug into, and the record
 * (verify_tree.h). The drafting is tree_draft.c's, the closed forms
 * tree_closed.c's, the ceiling tree_ceiling.c's. */
#include "config.h"

#include <string.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "dist/topk.h"
#include "source/source.h"
#include "verify/tree_ceiling.h"
#include "verify/tree_closed.h"
#include "verify/tree_draft.h"
#include "verify/tree_dynamic.h"
#include "verify/tree_heads.h"
#include "verify/drafter.h"
#include "verify/tree_node.h"
#include "verify/verify_tree.h"

/* The record's position at depth d along the path: node v's pair. */
static void
path_position(struct source *src, const struct spec_tree *tree, int v, int d,
    struct spec_position *at, struct spec_targets *targets)
{
	at->node = tree->node[v].source_node;
	source_dists(src, at->node, &at->p, &at->q);
	targets->p[d] = at->p;
	targets->q[d] = at->q;
	targets->has_q[d] = 1;
}

/* One node's test: the handles, room for the dense copies (made on demand)
 * and the residual's draws, four per-child arrays, and for a pair of sparse
 * lists room for the union of their entries. */
static void
node_work(struct spec_scratch *scratch, size_t n, const struct spec_position *at,
    int k, const int *tok, struct rng *rng, struct verify_tree_node *nd)
{
	double *w = spec_scratch_work(scratch, 5 * n + 3 * (size_t)TREE_NODES_MAX);
	uint32_t *ids = NULL;

	if (at->p.form == PDIST_SPARSE && at->q.form == PDIST_SPARSE)
		ids = spec_scratch_ids(scratch, at->p.u.sparse->n + at->q.u.sparse->n);
	*nd = (struct verify_tree_node){ .hp = &at->p, .hq = &at->q, .pbuf = w, .qbuf = w + n,
	    .P = w + 2 * n, .Q = w + 3 * n, .scratch = w + 4 * n, .vocab = n, .k = k,
	    .n = n, .idbuf = ids,
	    .token = tok, .rng = rng, .u = w + 5 * n,
	    .p_force = w + 5 * n + TREE_NODES_MAX,
	    .accept = w + 5 * n + 2 * TREE_NODES_MAX, .replacement = -1 };
}

/* Copy the node test's figures into the tree; the tested children's
 * outcomes. */
static void
record_tests(const struct tree_shape *shape, struct spec_tree *tree, int v,
    const struct verify_tree_node *nd, int accepted)
{
	int i;

	for (i = 0; i < nd->tested; i++) {
		struct spec_tree_node *c = &tree->node[shape->first_child[v] + i];

		c->tested = 1;
		c->order = ++tree->ntested;
		c->u = nd->u[i];
		c->p_force = nd->p_force[i];
		c->accept = nd->accept[i];
		c->outcome = i == accepted ? SPEC_ACCEPTED : SPEC_REJECTED;
	}
}

/* What the walk keeps over a step: the acceptance expectation by width
 * (computed once on a pair fixed within the step) and the pair's closed
 * forms. */
struct walk_memo {
	struct tree_closed_memo *closed;
	int fixed_pair;
	int have[TREE_NODES_MAX + 1];
	double beta_k[TREE_NODES_MAX + 1];
};

/* The figures of node v, at depth d, before its test: its acceptance
 * expectation; at the root on a fixed pair the ceiling (i.i.d. drafts) and
 * the step's expected tokens. */
static void
node_figures(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, struct verify_tree_node *nd, int v, int d,
    struct spec_step *out, struct spec_scratch *scratch, struct walk_memo *w)
{
	int k = nd->k, root = v == 0 && w->fixed_pair;

	w->closed->keep = tree_node_named(nd);
	if (!w->fixed_pair || !w->have[k]) {	/* every node has the pair: reuse */
		w->beta_k[k] = tree_closed_beta(e, par, nd, w->fixed_pair, w->closed);
		w->have[k] = 1;
	}
	out->beta[d] = w->beta_k[k];
	if (root && e->tree_draw == VERIFY_DRAW_IID) {
		tree_node_dense(nd);
		out->ot_ceiling = tree_ceiling_node(nd, k, scratch);
	}
	if (root && e->tree_accept != NULL && e->tree_draw != VERIFY_DRAW_TOPK)
		out->expect_tok = tree_closed_expected(e, par, shape, nd->p, nd->q, nd->n,
		    w->closed);
}

/* Walk down from the root under a rule with a node test. */
static void
walk_top_down(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, struct source *src, struct rng *rng,
    struct spec_step *out, struct spec_targets *targets, struct spec_tree *tree,
    struct spec_scratch *scratch, int fixed_pair)
{
	static _Thread_local struct tree_closed_memo memo;	/* a fixed pair's, this step */
	struct walk_memo w = { .closed = &memo, .fixed_pair = fixed_pair };
	struct spec_position at;
	struct verify_tree_node nd;
	int tok[TREE_NODES_MAX], v = 0, d = 0, i, k, r;

	memset(memo.have, 0, sizeof memo.have);
	for (;;) {
		path_position(src, tree, v, d, &at, targets);
		if ((k = tree_draft_count(shape, tree, v)) == 0) {
			spec_add_token(out, pdist_sample(&at.p, rng), &at, 0.0, SPEC_BONUS);
			break;
		}
		for (i = 0; i < k; i++)
			tok[i] = tree->node[shape->first_child[v] + i].token;
		node_work(scratch, src->vocab, &at, k, tok, rng, &nd);
		node_figures(e, par, shape, &nd, v, d, out, scratch, &w);
		out->resid[d] = pdist_residual_mass(&at.p, &at.q, 1.0);
		out->tested++;
		r = e->tree_node(par, &nd);
		record_tests(shape, tree, v, &nd, r);
		if (r < 0) {
			spec_add_token(out, (size_t)tok[nd.tested - 1], &at,
			    nd.u[nd.tested - 1], SPEC_REJECTED);
			spec_add_token(out, (size_t)nd.replacement, &at, 0.0, SPEC_RESIDUAL);
			out->residual_mass = nd.resid_mass;
			tree->node[v].resid_mass = nd.resid_mass;
			break;
		}
		spec_add_token(out, (size_t)tok[r], &at, nd.u[r], SPEC_ACCEPTED);
		out->accepted++;
		v = shape->first_child[v] + r;
		d++;
	}
	tree->end = v;
}

/* The path's marks, the drafted ids by depth (the path, then first
 * children) with the pairs past the path's end for the faces, and the
 * emitted token. */
static void
finish_record(const struct tree_shape *shape, struct source *src, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree)
{
	int end_depth = tree->node[tree->end].depth, v, d;

	for (v = tree->end; v >= 0; v = shape->parent[v])
		tree->node[v].on_path = 1;
	for (d = 0, v = 0; d < shape->depth; d++) {	/* the path, then first children */
		int c = shape->first_child[v], i;

		for (i = 0; i < shape->nchild[v]; i++)
			if (tree->node[shape->first_child[v] + i].on_path)
				c = shape->first_child[v] + i;
		if (d > end_depth) {	/* q alone, as a chain's untested drafts */
			source_dists(src, tree->node[v].source_node, NULL, &targets->q[d]);
			targets->has_q[d] = 1;
		}
		if (shape->nchild[v] == 0 || tree->node[c].token < 0) {
			out->drafted[d] = 0;
			continue;
		}
		out->drafted[d] = tree->node[c].token;
		v = c;
	}
	if (shape->depth > end_depth) {
		source_dists(src, tree->node[v].source_node, NULL, &targets->q[shape->depth]);
		targets->has_q[shape->depth] = 1;
	}
	tree->last = out->tok[out->ntok - 1].id;
	tree->replaced = out->tok[out->ntok - 1].outcome == SPEC_RESIDUAL;
}

/* A dynamic tree over a pair fixed within the step: the target's
 * probability of q's top N - 1 tokens by rank and the overlap, for the
 * comparison at equal N (stats/tree_compare.h). */
static void
keep_ranks(const struct tree_shape *spec, struct source *src, struct spec_tree *tree)
{
	int tok[TREE_NODES_MAX], k = spec->n - 1, r;
	struct pdist p, q;

	if (spec->dyn_k == 0 || !source_pair_fixed_in_step(src))
		return;
	source_dists(src, SOURCE_ROOT, &p, &q);
	k = k < (int)src->vocab ? k : (int)src->vocab;
	pdist_topk(&q, k, tok);
	for (r = 0; r < spec->n - 1; r++)
		tree->rank_p[r] = r < k ? pdist_prob(&p, (size_t)tok[r]) : 0.0;
	tree->nrank = spec->n - 1;
	tree->overlap = pdist_overlap(&p, &q);
}

void
verify_tree_step(const struct verify_params *par, const struct tree_shape *shape,
    struct source *src, struct rng *rng, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree, struct spec_scratch *scratch)
{
	const struct verify_entry *e = verify_entry(par->rule);
	struct verify_params with = *par;	/* the rule's memo in the scratch */
	int emitted[SPEC_GAMMA_MAX + 1];

	struct tree_shape step;	/* a dynamic tree's shape this step */

	with.scratch = scratch;
	par = &with;
	out->ntok = out->accepted = out->tested = 0;
	out->residual_mass = 0.0;
	out->expect_tok = out->ot_ceiling = 0.0;
	memset(out->q_top, 0, sizeof out->q_top);
	source_begin(src, rng, 1);
	if (shape->dyn_k > 0) {
		tree_dynamic_draft(src, shape, tree, &step, scratch);
		keep_ranks(shape, src, tree);
		shape = &step;
	} else if (shape->drafter == DRAFTER_KIND_HEADS)
		tree_heads_draft(src, shape, tree);
	else	/* the model's q at each node; mtp's modules, each seeing its parent */
		tree_draft(src, rng, shape, e->tree_draw, tree, scratch);
	out->gamma = shape->depth;
	out->nodes = tree_shape_nodes(shape);
	if (e->tree_draw == VERIFY_DRAW_TOPK)
		out->expect_tok = tree_closed_topk(shape, src, tree);
	if (e->tree_step != NULL)
		e->tree_step(par, shape, src, rng, out, targets, tree, scratch);
	else
		walk_top_down(e, par, shape, src, rng, out, targets, tree, scratch,
		    source_pair_fixed_in_step(src));
	finish_record(shape, src, out, targets, tree);
	out->emitted = spec_emitted_ids(out, emitted);
	source_commit(src, emitted, out->emitted);
}
