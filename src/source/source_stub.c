/* source_stub.c: random target and draft distributions, as in the notebook. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "source/source.h"
#include "source/source_stub.h"
#include "source/stub_maxdraw.h"
#include "util/xalloc.h"

struct stub {
	size_t vocab;
	double noise;
	double *logits;		/* target logits z of this step */
	double *p;
	double *q;
	double *q_cum;		/* q's running sums, for the draft's draws */
	struct maxdraw ref;	/* the reference stream's draws, from STUB_REJECT_MIN */
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
static void
stub_begin(void *self, struct rng *rng, int need_draft)
{
	struct stub *s = self;
	double shift = RNG_NORMAL_BOUND * (1.0 + fabs(s->noise)), sum;

	sum = rng_normal_fill_exp(rng, s->logits, NULL, 1.0, s->vocab, RNG_NORMAL_BOUND,
	    s->p);
	dist_scale(s->p, s->vocab, 1.0 / sum);
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

	if (s->vocab >= STUB_REJECT_MIN) {
		maxdraw_sample(&s->ref, rng, ids, count);
		return;
	}
	sum = rng_normal_fill_exp(rng, NULL, NULL, 1.0, s->vocab, RNG_NORMAL_BOUND, s->p);
	dist_scale_cum(s->p, s->q_cum, s->vocab, 1.0 / sum);
	for (k = 0; k < count; k++)	/* a step without a draft: q_cum is free */
		ids[k] = (int)rng_categorical_cum(rng, s->q_cum, s->p, s->vocab);
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

static void
stub_set_noise(void *self, double noise)
{
	((struct stub *)self)->noise = noise;
}

static const char *
stub_label(const void *self, int id)
{
	const struct stub *s = self;

	if (s->vocab == 20 && id >= 0 && id < 20)
		return stub_words[id];
	return NULL;
}

static void *
stub_clone(const void *self)
{
	const struct stub *s = self;

	return stub_new(s->vocab, s->noise);
}

static void
stub_destroy(void *self)
{
	struct stub *s = self;

	free(s->logits);
	free(s->p);
	free(s->q);
	free(s->q_cum);
	maxdraw_free(&s->ref);
	free(s);
}

static const struct source_ops stub_ops = {
	.begin = stub_begin,
	.dists = stub_dists,
	.sample_step = stub_sample_step,
	.commit = NULL,
	.set_noise = stub_set_noise,
	.label = stub_label,
	.clone = stub_clone,
	.destroy = stub_destroy,
	.ids_exchangeable = 1,
	.pair_fixed_in_step = 1,
};

void
source_stub_open(struct source *src, size_t vocab, double noise)
{
	src->ops = &stub_ops;
	src->vocab = vocab;
	src->kind = "stub";
	src->title = "stub";
	src->self = stub_new(vocab, noise);
}
