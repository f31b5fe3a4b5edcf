/* source_cmu.c: the CMU English trigram (or any sphinxbase model) as a target
 * and a history-cut draft, autoregressive, dense rows. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "source/lm_trie.h"
#include "source/source.h"
#include "source/source_cmu.h"
#include "source/sphinx_lm.h"
#include "util/xalloc.h"

#define HIST 2			/* words of history a trigram reads */
#define PROMPT_SHOWN 40		/* characters of the prompt in the description */

/* Read-only after open; shared by a source and its clones. */
struct shared {
	int refs;
	struct lm_trie lm;
	int target_order, draft_order;
	double inv_temp;
	uint32_t start[HIST];	/* the prompt's last words */
	size_t nstart;
	char *base, *describe, *title;
};

/* A node: its context and its rows, built at most once a step. */
struct cmunode {
	uint32_t ctx[HIST];
	size_t n;
	double *p, *q;
	uint64_t p_step, q_step;
};

struct cmusrc {
	struct shared *sh;
	uint32_t hist[HIST];
	size_t nhist;
	uint64_t step;
	struct cmunode **node;
	int nnodes, node_cap;
};

static void
shared_release(struct shared *sh)
{
	if (sh == NULL || --sh->refs > 0)
		return;
	lm_trie_free(&sh->lm);
	free(sh->base);
	free(sh->describe);
	free(sh->title);
	free(sh);
}

/* A node slot of the arena, allocated once and reused by later steps. */
static struct cmunode *
node_new(struct cmusrc *s)
{
	if (s->nnodes == s->node_cap) {
		s->node_cap = s->node_cap > 0 ? 2 * s->node_cap : 8;
		s->node = xreallocarray(s->node, (size_t)s->node_cap, sizeof *s->node);
		memset(s->node + s->nnodes, 0,
		    (size_t)(s->node_cap - s->nnodes) * sizeof *s->node);
	}
	if (s->node[s->nnodes] == NULL)
		s->node[s->nnodes] = xcalloc(1, sizeof **s->node);
	return s->node[s->nnodes++];
}

static void
nodes_reset(struct cmusrc *s)
{
	struct cmunode *root;

	s->nnodes = 0;
	root = node_new(s);
	memcpy(root->ctx, s->hist, s->nhist * sizeof *root->ctx);
	root->n = s->nhist;
}

static struct cmusrc *
cmusrc_new(struct shared *sh)
{
	struct cmusrc *s = xcalloc(1, sizeof *s);

	s->sh = sh;
	sh->refs++;
	memcpy(s->hist, sh->start, sh->nstart * sizeof *s->hist);
	s->nhist = sh->nstart;
	nodes_reset(s);
	return s;
}

static void
cmusrc_begin(void *self, struct rng *rng, int need_draft)
{
	struct cmusrc *s = self;

	(void)rng;
	(void)need_draft;
	s->step++;
	nodes_reset(s);
}

static int
cmusrc_child(void *self, int parent, int token)
{
	struct cmusrc *s = self;
	struct cmunode *c = node_new(s), *up = s->node[parent];
	size_t keep = up->n < HIST ? up->n : HIST - 1;

	memcpy(c->ctx, up->ctx + up->n - keep, keep * sizeof *c->ctx);
	c->ctx[keep] = (uint32_t)token;
	c->n = keep + 1;
	return s->nnodes - 1;
}

/* The view of order at nd's context into *row (allocated on first use),
 * normalised and tempered. */
static const double *
build_row(const struct cmusrc *s, const struct cmunode *nd, int order, double **row)
{
	const struct shared *sh = s->sh;
	size_t w, vocab = sh->lm.vocab;
	double *out, sum, z;

	if (*row == NULL)
		*row = xreallocarray(NULL, vocab, sizeof **row);
	out = *row;
	sum = lm_trie_row(&sh->lm, order, nd->ctx, nd->n, out);
	if (sh->inv_temp != 1.0) {
		for (sum = 0.0, w = 0; w < vocab; w++)
			sum += out[w] = pow(out[w], sh->inv_temp);
	}
	z = 1.0 / sum;
	for (w = 0; w < vocab; w++)
		out[w] *= z;
	return out;
}

static void
cmusrc_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct cmusrc *s = self;
	struct cmunode *nd = s->node[node];
	size_t vocab = s->sh->lm.vocab;

	if (p != NULL) {
		if (nd->p_step != s->step)
			build_row(s, nd, s->sh->target_order, &nd->p);
		nd->p_step = s->step;
		*p = pdist_dense(nd->p, vocab);
	}
	if (q != NULL) {
		if (nd->q_step != s->step)
			build_row(s, nd, s->sh->draft_order, &nd->q);
		nd->q_step = s->step;
		*q = pdist_dense(nd->q, vocab);
	}
}

static void
cmusrc_commit(void *self, const int *emitted, int n)
{
	struct cmusrc *s = self;
	int i;

	for (i = 0; i < n; i++) {
		if (s->nhist == HIST) {
			s->hist[0] = s->hist[1];
			s->nhist--;
		}
		s->hist[s->nhist++] = (uint32_t)emitted[i];
	}
}

static const char *
cmusrc_label(const void *self, int id)
{
	const struct cmusrc *s = self;

	return id >= 0 && (uint32_t)id < s->sh->lm.vocab ? s->sh->lm.word[id] : NULL;
}

static void *
cmusrc_clone(const void *self)
{
	return cmusrc_new(((const struct cmusrc *)self)->sh);
}

static void
cmusrc_destroy(void *self)
{
	struct cmusrc *s = self;
	int i;

	for (i = 0; i < s->node_cap && s->node[i] != NULL; i++) {
		free(s->node[i]->p);
		free(s->node[i]->q);
		free(s->node[i]);
	}
	free(s->node);
	shared_release(s->sh);
	free(s);
}

static const char *
cmusrc_describe(const void *self)
{
	return ((const struct cmusrc *)self)->sh->describe;
}

static const struct source_ops cmu_ops = {
	.begin = cmusrc_begin,
	.child = cmusrc_child,
	.dists = cmusrc_dists,
	.commit = cmusrc_commit,
	.label = cmusrc_label,
	.clone = cmusrc_clone,
	.destroy = cmusrc_destroy,
	.describe = cmusrc_describe,
};

int
source_cmu_available(void)
{
#ifdef HAVE_SPHINXBASE
	return 1;
#else
	return 0;
#endif
}

/* The text starts after "<s>", the model's sentence start, when it has one. */
static void
default_start(struct shared *sh)
{
	uint32_t id = lm_trie_find_word(&sh->lm, "<s>", 3);

	sh->nstart = 0;
	if (id != LM_TRIE_NONE)
		sh->start[sh->nstart++] = id;
}

int
source_cmu_open(struct source *src, const struct source_cmu_config *cfg,
    char *err, size_t errlen)
{
	const char *path = cfg->path != NULL ? cfg->path : SOURCE_CMU_MODEL;
	struct shared *sh;

	memset(src, 0, sizeof *src);
	if (!source_cmu_available()) {
		snprintf(err, errlen, "--source cmu needs sphinxbase, which this build "
		    "lacks: install %s, then run ./configure and make again",
		    SOURCE_CMU_PACKAGES);
		return -1;
	}
	sh = xcalloc(1, sizeof *sh);
	sh->refs = 1;
	if (sphinx_lm_load(path, &sh->lm, err, errlen) != 0) {
		free(sh);
		return -1;
	}
	sh->target_order = cfg->target_order;
	sh->draft_order = cfg->draft_order;
	sh->inv_temp = 1.0 / cfg->temperature;
	default_start(sh);
	sh->base = xasprintf("model %s: order %d, %u words, %llu bigrams, %llu "
	    "trigrams; target order %d, draft order %d, temperature %g", path,
	    sh->lm.order, sh->lm.vocab, (unsigned long long)sh->lm.count[1],
	    (unsigned long long)sh->lm.count[2], cfg->target_order, cfg->draft_order,
	    cfg->temperature);
	sh->describe = xstrdup(sh->base);
	sh->title = xasprintf("cmu %s %d/%d T=%g", source_base_name(path),
	    cfg->target_order, cfg->draft_order, cfg->temperature);
	src->ops = &cmu_ops;
	src->vocab = sh->lm.vocab;
	src->kind = "cmu";
	src->title = sh->title;
	src->self = cmusrc_new(sh);
	shared_release(sh);
	return 0;
}

int
source_cmu_set_prompt(struct source *src, const char *text, char *err, size_t errlen)
{
	struct cmusrc *s = src->self;
	struct shared *sh = s->sh;
	const char *at = text;
	uint32_t id;
	size_t len, n = 0;

	for (;;) {
		at += strspn(at, " \t\n");
		if ((len = strcspn(at, " \t\n")) == 0)
			break;
		if ((id = lm_trie_find_word(&sh->lm, at, len)) == LM_TRIE_NONE) {
			snprintf(err, errlen, "--prompt: '%.*s' is not a word of the "
			    "model's vocabulary", (int)len, at);
			return -1;
		}
		if (n == HIST) {
			sh->start[0] = sh->start[1];
			n--;
		}
		sh->start[n++] = id;
		at += len;
	}
	if (n == 0) {
		snprintf(err, errlen, "--prompt: no words in '%s'", text);
		return -1;
	}
	sh->nstart = n;
	free(sh->describe);
	sh->describe = xasprintf("%s; prompt \"%.*s%s\"", sh->base, PROMPT_SHOWN, text,
	    strlen(text) > PROMPT_SHOWN ? "..." : "");
	memcpy(s->hist, sh->start, n * sizeof *s->hist);
	s->nhist = n;
	nodes_reset(s);
	return 0;
}
