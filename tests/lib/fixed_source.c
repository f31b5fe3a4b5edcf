/* fixed_source.c: the fixed (p, q) test source. */
#include "config.h"

#include "lib/fixed_source.h"
#include "dist/pdist.h"
#include "source/source.h"

static void
fixed_begin(void *self, struct rng *rng, int need_draft)
{
	struct fixed_pair *pair = self;

	(void)rng;
	(void)need_draft;
	pair->begins++;
	pair->nodes = 1;
	pair->nasked = 0;
}

static int
fixed_child(void *self, int parent, int token)
{
	struct fixed_pair *pair = self;

	if (parent < 0 || parent >= pair->nodes || pair->nodes == FIXED_NODES_MAX) {
		pair->bad_node = 1;
		return SOURCE_ROOT;
	}
	pair->parent[pair->nodes] = parent;
	pair->token[pair->nodes] = token;
	return pair->nodes++;
}

/* Whether node lies at an odd depth below the root. */
static int
fixed_odd(const struct fixed_pair *pair, int node)
{
	int depth = 0;

	while (node > 0 && node < pair->nodes && depth < FIXED_NODES_MAX) {
		node = pair->parent[node];
		depth++;
	}
	return depth % 2;
}

static void
fixed_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct fixed_pair *pair = self;
	int odd;

	if (node < 0 || node >= pair->nodes)
		pair->bad_node = 1;
	if (pair->nasked < FIXED_NODES_MAX)
		pair->asked[pair->nasked++] = node;
	odd = pair->odd_p != NULL && fixed_odd(pair, node);
	if (pair->tok_p != NULL && node > 0 && node < pair->nodes) {
		if (p != NULL)
			*p = pdist_dense(pair->tok_p[pair->token[node]], pair->vocab);
		if (q != NULL)
			*q = pdist_dense(pair->tok_q[pair->token[node]], pair->vocab);
		return;
	}
	if (p != NULL)
		*p = pair->hp != NULL ? *pair->hp :
		    pdist_dense(odd ? pair->odd_p : pair->p, pair->vocab);
	if (q != NULL)
		*q = pair->hq != NULL ? *pair->hq :
		    pdist_dense(odd ? pair->odd_q : pair->q, pair->vocab);
}

static void
fixed_commit(void *self, const int *emitted, int n)
{
	(void)emitted;
	((struct fixed_pair *)self)->committed += n;
}

static void
fixed_set_noise(void *self, double noise)
{
	((struct fixed_pair *)self)->noise = noise;
}

static void *
fixed_clone(const void *self)
{
	return (void *)self;
}

static void
fixed_destroy(void *self)
{
	(void)self;
}

static const struct source_ops fixed_ops = {
	.begin = fixed_begin,
	.child = fixed_child,
	.dists = fixed_dists,
	.commit = fixed_commit,
	.set_noise = fixed_set_noise,
	.clone = fixed_clone,
	.destroy = fixed_destroy,
};

void
fixed_source_open(struct source *src, struct fixed_pair *pair, size_t vocab)
{
	pair->vocab = vocab;
	src->ops = &fixed_ops;
	src->self = pair;
	src->vocab = vocab;
	src->kind = "fixed";
	src->title = "fixed";
}
