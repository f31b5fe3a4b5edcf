/* source_stub.c: random target and draft distributions, as in the notebook. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "source/source.h"
#include "source/stub/source_stub.h"
#include "source/stub/stub_maxdraw.h"
#include "util/xalloc.h"

struct stub {
	size_t vocab;
	double noise;
	double *logits;		/* target logits z of this step */
	double *p;
	double *q;
	/* By position (source_stub_open_positions): node n's own pair, drawn with
	 * pos_noise[min(n, npos - 1)] when the step first asks for it. */
	int npos;		/* 0: one pair for every node */
	double pos_noise[STUB_POSITIONS_MAX];
	double *node_p, *node_q;	/* STUB_NODES_MAX pairs of vocab each */
	int drawn;		/* nodes drawn this step */
	struct rng *rng;	/* the step's generator, from begin */
	double *q_cum;		/* q's running sums, for the draft's draws */
	struct maxdraw ref;	/* the reference stream's draws, from STUB_REJECT_MIN */
	size_t draft_only;	/* the last draft_only tokens are the draft's only:
				 * p is 0 there (source_stub_draft_only) */
};

static const char *const stub_words[20] = {
	"the", "cat", "sat", "on", "a", "mat", "dog", "red", "ball", "and",
	"then", "sun", "in", "park", "fun", "it", "big", "ran", "to", "sky",
};

/* From this vocabulary up, the reference stream samples by rejection without
 * drawing every logit (stub_maxdraw.h): below it a fill, the softmax and a
 * categorical draw are cheaper (callgrind, docs/performance.md). */
#define STUB_REJECT_MIN 64

static void *
stub_new(size_t vocab, double noise)
{
	struct stub *s = xcalloc(1, sizeof *s);

	s->vocab = vocab;
	s->noise = noise;
	s->logits = xreallocarray(NULL, vocab, sizeof *s->logits);
	s->p = xreallocarray(NULL, vocab, sizeof *s->p);
	s->q = xreallocarray(NULL, vocab, sizeof *s->q);
	s->q_cum = xreallocarray(NULL, vocab, sizeof *s->q_cum);
	if (vocab >= STUB_REJECT_MIN)
		maxdraw_init(&s->ref, vocab);
	return s;
}

/* log p + noise = z - logsumexp(z) + noise, and softmax ignores the constant, so the
 * draft is softmax(z + noise): the notebook's q without its 1e-12 floor. Each
 * softmax takes its exponentials in the pass that draws its normals, shifted by
 * RNG_NORMAL_BOUND (1 + noise), a bound on the logits, instead of their largest
 * (the same law, the values to rounding): with the noise at most SIM_NOISE_MAX
 * (10) no argument falls below -300, far above the exponential's floor. One pass
 * then normalises (q's keeps its running sums). At noise 0 q is p, bit for bit. */
/* A target that lacks the draft's own tokens: p cut to the others and
 * renormalised (nothing where they are none). */
static void
cut_target(const struct stub *s, double *p)
{
	size_t y, n = s->vocab - s->draft_only;
	double kept = 0.0;

	if (s->draft_only == 0)
		return;
	for (y = 0; y < n; y++)
		kept += p[y];
	for (y = n; y < s->vocab; y++)
		p[y] = 0.0;
	dist_scale(p, n, 1.0 / kept);
}

static void
stub_begin(void *self, struct rng *rng, int need_draft)
{
	struct stub *s = self;
	double shift = RNG_NORMAL_BOUND * (1.0 + fabs(s->noise)), sum;

	sum = rng_normal_fill_exp(rng, s->logits, NULL, 1.0, s->vocab, RNG_NORMAL_BOUND,
	    s->p);
	dist_scale(s->p, s->vocab, 1.0 / sum);
	cut_target(s, s->p);
	if (!need_draft)	/* the reference stream: the step's tokens share this p */
		return;
	sum = rng_normal_fill_exp(rng, NULL, s->logits, s->noise, s->vocab, shift, s->q);
	dist_scale_cum(s->q, s->q_cum, s->vocab, 1.0 / sum);
}

/* count tokens from softmax(z) for one fresh draw of logits z: the same law as
 * begin without a draft and count draws from its p. Over a large vocabulary by
 * rejection from the uniform proposal, drawing only the logits it proposes. */
static void
stub_sample_step(void *self, struct rng *rng, int *ids, int count)
{
	struct stub *s = self;
	double sum;
	int k;

	if (s->draft_only > 0) {	/* p as a step without a draft has it */
		stub_begin(self, rng, 0);
		for (k = 0; k < count; k++)
			ids[k] = (int)rng_categorical(rng, s->p, s->vocab, 1.0);
		return;
	}
	if (s->vocab >= STUB_REJECT_MIN) {
		maxdraw_sample(&s->ref, rng, ids, count);
		return;
	}
	sum = rng_normal_fill_exp(rng, NULL, NULL, 1.0, s->vocab, RNG_NORMAL_BOUND, s->p);
	dist_scale_cum(s->p, s->q_cum, s->vocab, 1.0 / sum);
	for (k = 0; k < count; k++)	/* a step without a draft: q_cum is free */
		ids[k] = (int)rng_categorical_cum(rng, s->q_cum, s->p, s->vocab);
}

/* Node n's pair: fresh logits z, p = softmax(z), q = softmax(z + noise_n e). */
static void
draw_node(struct stub *s, int n)
{
	double *p = s->node_p + (size_t)n * s->vocab, *q = s->node_q + (size_t)n * s->vocab;
	double noise = s->pos_noise[n < s->npos ? n : s->npos - 1];
	size_t i;

	rng_normal_fill(s->rng, s->logits, s->vocab);
	dist_softmax(s->logits, p, s->vocab);
	cut_target(s, p);
	rng_normal_fill(s->rng, q, s->vocab);
	for (i = 0; i < s->vocab; i++)
		q[i] = s->logits[i] + noise * q[i];
	dist_softmax(q, q, s->vocab);
}

/* Every step, with or without a draft, draws its nodes' pairs when first asked:
 * the reference stream comes here only through a wrapper (the copy drafter)
 * that follows the step position by position, each from its own p (alone, the
 * stub serves it with sample_step). */
static void
stub_begin_positions(void *self, struct rng *rng, int need_draft)
{
	struct stub *s = self;

	(void)need_draft;
	s->rng = rng;
	s->drawn = 0;
}

/* A node's id is its depth: the pair depends on the position, not the tokens. */
static int
stub_child_depth(void *self, int parent, int token)
{
	(void)self;
	(void)token;
	return parent + 1 < STUB_NODES_MAX ? parent + 1 : STUB_NODES_MAX - 1;
}

static void
stub_dists_positions(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct stub *s = self;

	node = node < STUB_NODES_MAX ? node : STUB_NODES_MAX - 1;
	while (s->drawn <= node)
		draw_node(s, s->drawn++);
	if (p != NULL)
		*p = pdist_dense(s->node_p + (size_t)node * s->vocab, s->vocab);
	if (q != NULL)
		*q = pdist_dense(s->node_q + (size_t)node * s->vocab, s->vocab);
}

static void
stub_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct stub *s = self;

	(void)node;
	if (p != NULL)
		*p = pdist_dense(s->p, s->vocab);
	if (q != NULL)
		*q = pdist_dense_cum(s->q, s->q_cum, s->vocab);
}

/* A new noise for every position: a stub by position keeps its positions while
 * the noise it opened with is set again (sim_open does), and becomes one noise
 * for all once another is set (the live view's keys). */
static void
stub_set_noise(void *self, double noise)
{
	struct stub *s = self;
	int i;

	if (s->npos > 0 && noise == s->noise)
		return;
	s->noise = noise;
	for (i = 0; i < s->npos; i++)
		s->pos_noise[i] = noise;
}

static const char *
stub_label(const void *self, int id)
{
	const struct stub *s = self;

	if (s->vocab == 20 && id >= 0 && id < 20)
		return stub_words[id];
	return NULL;
}

static void
stub_set_positions(struct stub *s, const double *noise, int n)
{
	s->npos = n < STUB_POSITIONS_MAX ? n : STUB_POSITIONS_MAX;
	memcpy(s->pos_noise, noise, (size_t)s->npos * sizeof *noise);
	s->node_p = xreallocarray(NULL, STUB_NODES_MAX * s->vocab, sizeof *s->node_p);
	s->node_q = xreallocarray(NULL, STUB_NODES_MAX * s->vocab, sizeof *s->node_q);
}

static void *
stub_clone(const void *self)
{
	const struct stub *s = self;
	struct stub *c = stub_new(s->vocab, s->noise);

	if (s->npos > 0)
		stub_set_positions(c, s->pos_noise, s->npos);
	c->draft_only = s->draft_only;
	return c;
}

static void
stub_destroy(void *self)
{
	struct stub *s = self;

	free(s->logits);
	free(s->p);
	free(s->q);
	free(s->node_p);
	free(s->node_q);
	free(s->q_cum);
	maxdraw_free(&s->ref);
	free(s);
}

/* What both forms of the stub share. */
#define STUB_COMMON_OPS \
	.sample_step = stub_sample_step, .commit = NULL, .set_noise = stub_set_noise, \
	.label = stub_label, .clone = stub_clone, .destroy = stub_destroy, \
	.ids_exchangeable = 1

static const struct source_ops stub_ops = {
	.begin = stub_begin,
	.dists = stub_dists,
	STUB_COMMON_OPS,
	.pair_fixed_in_step = 1,
};

/* The stub by position: each node draws its own pair, so a step's positions
 * are tested on independent pairs, each with its own expected overlap. */
static const struct source_ops stub_positions_ops = {
	.begin = stub_begin_positions,
	.child = stub_child_depth,
	.dists = stub_dists_positions,
	STUB_COMMON_OPS,
	.pair_fixed_in_step = 0,
	.dists_draw = 1,
};

void
source_stub_open_positions(struct source *src, size_t vocab, const double *noise, int n)
{
	struct stub *s;

	source_stub_open(src, vocab, noise[0]);
	s = src->self;
	stub_set_positions(s, noise, n);
	src->ops = &stub_positions_ops;
}

void
source_stub_open(struct source *src, size_t vocab, double noise)
{
	src->ops = &stub_ops;
	src->vocab = vocab;
	src->kind = "stub";
	src->title = "stub";
	src->self = stub_new(vocab, noise);
}

void
source_stub_draft_only(struct source *src, size_t n)
{
	struct stub *s = src->self;

	s->draft_only = n < s->vocab ? n : s->vocab - 1;
}
