/* source_copy.c: the copy-drafting wrapper (source_copy.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "source/copy/copy_hist.h"
#include "source/copy/source_copy.h"
#include "source/source.h"
#include "util/xalloc.h"
#include "verify/drafter.h"

struct cnode {
	int parent, token, depth, inner;
	int on_path;		/* the drafts so far are the drafter's */
	double *p;		/* the mixed target (weight > 0), made on demand */
	int p_ok;
	uint32_t qid;		/* the one-hot draft */
	double qw;
	struct sparse_dist qs;
};

struct copy {
	struct source inner;
	const struct drafter_row *row;	/* who drafts */
	const struct copy_drafter *drafter;	/* its copy operations; NULL: model */
	struct copy_params par;
	double weight;
	struct copy_hist hist;	/* the prompt and the text so far, indexed */
	struct cnode **node;	/* each node on its own: a handle dists gives
				 * points into it, so it must not move when
				 * the array grows */
	int nnode, capnode;
	int *ctx;		/* a node's drafts from the root */
	size_t capctx;
	double *cache;		/* vocab entries */
	int gamma, stale;
	int need_draft;		/* begin's: 0 for a target-only stream */
	struct copy_draft draft;
	char title[256];
};

static int
new_node(struct copy *c, int parent, int token, int inner)
{
	struct cnode *v;

	if (c->nnode == c->capnode) {
		int i, old = c->capnode;

		c->capnode = c->capnode * 2 + 8;
		c->node = xreallocarray(c->node, (size_t)c->capnode, sizeof *c->node);
		for (i = old; i < c->capnode; i++)
			c->node[i] = NULL;
	}
	if (c->node[c->nnode] == NULL)	/* kept from step to step */
		c->node[c->nnode] = xcalloc(1, sizeof *c->node[c->nnode]);
	v = c->node[c->nnode];
	v->parent = parent;
	v->token = token;
	v->inner = inner;
	v->depth = parent < 0 ? 0 : c->node[parent]->depth + 1;
	v->p_ok = 0;
	v->on_path = parent < 0 ||
	    (c->node[parent]->on_path && c->node[parent]->depth < COPY_DRAFT_MAX);
	return c->nnode++;
}

/* The node's drafts from the root (its context after the history) into
 * c->ctx; their number. */
static size_t
node_path(struct copy *c, int id)
{
	size_t n = (size_t)c->node[id]->depth, k = n;
	int v;

	if (n > c->capctx) {
		c->capctx = n * 2 + 64;
		c->ctx = xreallocarray(c->ctx, c->capctx, sizeof *c->ctx);
	}
	for (v = id; c->node[v]->parent >= 0; v = c->node[v]->parent)
		c->ctx[--k] = c->node[v]->token;
	return n;
}

static void
make_draft(struct copy *c)
{
	if (!c->stale || !c->need_draft)
		return;
	c->stale = 0;
	c->draft.n = 0;
	c->draft.match_length = 0;
	c->draft.match_at = -1;
	if (c->drafter != NULL)
		c->drafter->propose_hist(&c->par, &c->hist, c->gamma, &c->draft);
}

static void
copy_begin(void *self, struct rng *rng, int need_draft)
{
	struct copy *c = self;

	c->inner.ops->begin(c->inner.self, rng, need_draft);
	c->need_draft = need_draft;
	c->nnode = 0;
	new_node(c, -1, -1, SOURCE_ROOT);
	c->stale = 1;
}

static int
copy_child(void *self, int parent, int token)
{
	struct copy *c = self;
	int id = new_node(c, parent, token, source_child(&c->inner,
	    c->node[parent]->inner, token));

	make_draft(c);
	c->node[id]->on_path = c->node[id]->on_path &&
	    c->node[parent]->depth < c->draft.n &&
	    c->draft.tok[c->node[parent]->depth] == token;
	return id;
}

static int
copy_drafts(void *self, int node)
{
	struct copy *c = self;

	if (c->drafter == NULL)
		return 1;
	make_draft(c);
	return c->node[node]->on_path && c->node[node]->depth < c->draft.n;
}

static void
copy_set_draft_len(void *self, int gamma)
{
	struct copy *c = self;

	if (gamma != c->gamma) {
		c->gamma = gamma;
		c->stale = 1;
	}
}

/* (1 - L) p_model + L p_cache at node v, from the inner target ip. */
static void
mix_target(struct copy *c, int v, const struct pdist *ip)
{
	struct cnode *nd = c->node[v];
	size_t x, vocab = c->inner.vocab, n;

	if (nd->p == NULL)
		nd->p = xreallocarray(NULL, vocab, sizeof *nd->p);
	pdist_densify(ip, nd->p);
	n = node_path(c, v);
	copy_hist_cache_dist(&c->hist, c->ctx, n, vocab, c->cache);
	for (x = 0; x < vocab; x++)
		nd->p[x] = (1.0 - c->weight) * nd->p[x] + c->weight * c->cache[x];
	nd->p_ok = 1;
}

static void
copy_dists(void *self, int v, struct pdist *p, struct pdist *q)
{
	struct copy *c = self;
	struct cnode *nd = c->node[v];
	struct pdist ip, iq, mp;
	int model = c->drafter == NULL;
	int one_hot = !model && q != NULL && copy_drafts(c, v);

	source_dists(&c->inner, nd->inner, &ip, model && q != NULL ? &iq : NULL);
	mp = ip;
	if (c->weight > 0.0) {
		if (!nd->p_ok)
			mix_target(c, v, &ip);
		mp = pdist_dense(nd->p, c->inner.vocab);
	}
	if (p != NULL)
		*p = mp;
	if (q == NULL)
		return;
	if (model) {
		*q = iq;
	} else if (one_hot) {
		nd->qid = (uint32_t)c->draft.tok[nd->depth];
		nd->qw = 1.0;
		nd->qs = (struct sparse_dist){ c->inner.vocab, &nd->qid, &nd->qw, 1 };
		*q = pdist_sparse_named(&nd->qs, 0);
	} else {
		*q = mp;	/* no draft here: nothing is drawn from it */
	}
}

static void
copy_commit(void *self, const int *emitted, int n)
{
	struct copy *c = self;

	copy_hist_push(&c->hist, emitted, (size_t)n);
	source_commit(&c->inner, emitted, n);
	c->stale = 1;
}

static void
copy_set_noise(void *self, double noise)
{
	struct copy *c = self;

	source_set_noise(&c->inner, noise);
}

static const char *
copy_label(const void *self, int id)
{
	const struct copy *c = self;

	return c->inner.ops->label != NULL ? c->inner.ops->label(c->inner.self, id) :
	    NULL;
}

static const char *
copy_describe(const void *self)
{
	const struct copy *c = self;

	return source_describe(&c->inner);
}


static struct copy *
copy_new(const struct source *inner, const struct drafter_row *row,
    const struct copy_params *par, double weight, const int *prompt, size_t n)
{
	struct copy *c = xcalloc(1, sizeof *c);

	c->inner = *inner;
	c->row = row;
	c->drafter = row->copy;
	c->par = *par;
	c->weight = weight;
	c->gamma = COPY_DRAFT_MAX;
	c->stale = 1;
	c->need_draft = 1;
	c->cache = xreallocarray(NULL, inner->vocab, sizeof *c->cache);
	copy_hist_init(&c->hist, inner->vocab, prompt, n);	/* the whole prompt stays */
	return c;
}

static void *
copy_clone(const void *self)
{
	const struct copy *c = self;
	struct source in;

	if (source_clone(&c->inner, &in) != 0)
		return NULL;
	return copy_new(&in, c->row, &c->par, c->weight, c->hist.tok, c->hist.nprompt);
}

static void
copy_destroy(void *self)
{
	struct copy *c = self;
	int i;

	source_close(&c->inner);
	for (i = 0; i < c->capnode; i++) {
		if (c->node[i] != NULL)
			free(c->node[i]->p);
		free(c->node[i]);
	}
	free(c->node);
	copy_hist_free(&c->hist);
	free(c->ctx);
	free(c->cache);
	free(c);
}

static void
copy_temperatures(const void *self, double *t, double *d)
{
	const struct copy *c = self;

	source_temperatures(&c->inner, t, d);
}

static void
copy_set_temperatures(void *self, double t, double d)
{
	struct copy *c = self;

	source_set_temperatures(&c->inner, t, d);
}

#define COPY_OPS \
	.begin = copy_begin, .child = copy_child, .dists = copy_dists, \
	.commit = copy_commit, .set_noise = copy_set_noise, .label = copy_label, \
	.clone = copy_clone, .destroy = copy_destroy, .describe = copy_describe, \
	.temperatures = copy_temperatures, .set_temperatures = copy_set_temperatures, \
	.drafts = copy_drafts, .set_draft_len = copy_set_draft_len

/* By the inner source's words (its tokens are words) and dists_draw (its
 * dists draws from the step's rng, the stub by position): the wrapper passes
 * both on, so a dynamic tree over it never skips a node's draft. */
static const struct source_ops copy_ops[2][2] = {
	{ { COPY_OPS }, { COPY_OPS, .dists_draw = 1 } },
	{ { COPY_OPS, .words = 1 }, { COPY_OPS, .words = 1, .dists_draw = 1 } },
};

int
source_copy_wrap(struct source *src, const struct drafter_row *row,
    const struct copy_params *par,
    double weight, const int *prompt, size_t n, char *err, size_t errlen)
{
	struct copy *c;
	size_t i;

	for (i = 0; i < n; i++)
		if (prompt[i] < 0 || (size_t)prompt[i] >= src->vocab) {
			snprintf(err, errlen, "prompt token %zu is outside the vocabulary", i);
			return -1;
		}
	c = copy_new(src, row, par, weight, prompt, n);
	snprintf(c->title, sizeof c->title, "%s, drafter %s, L %g", src->title,
	    row->name, weight);
	src->ops = &copy_ops[src->ops->words != 0][src->ops->dists_draw != 0];
	src->self = c;
	src->title = c->title;
	return 0;
}

const struct copy_draft *
source_copy_last_draft(const struct source *src)
{
	const struct copy *c = src->self;

	if (src->ops->begin != copy_begin || c->drafter == NULL)
		return NULL;
	return &c->draft;
}

size_t
source_copy_context(const struct source *src, const int **ctx)
{
	const struct copy *c = src->self;

	if (src->ops->begin != copy_begin)
		return 0;
	*ctx = c->hist.tok;
	return c->hist.n;
}
