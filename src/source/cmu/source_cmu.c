/* source_cmu.c: the CMU English trigram (or any sphinxbase model) as a target
 * and a history-cut draft, autoregressive, dense rows. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "source/cmu/cmu_cache.h"
#include "source/cmu/sphinx_trie.h"
#include "source/cmu/cmu_floors.h"
#include "source/cmu/cmu_rows.h"
#include "source/cmu/cmu_split.h"
#include "source/cmu/cmu_vocab_top.h"
#include "source/node_arena.h"
#include "source/source.h"
#include "source/cmu/source_cmu.h"
#include "source/cmu/sphinx_lm.h"
#include "util/xalloc.h"

#define HIST 2			/* words of history a trigram reads */
#define PROMPT_SHOWN 40		/* characters of the prompt in the description */

/* Read-only after open; shared by a source and its clones. */
struct shared {
	int refs;
	struct cmu_lm *cm;	/* the model, kept by cmu_cache.h */
	const struct sphinx_trie *lm;	/* cm's */
	int target_order, draft_order;
	struct cmu_floor_sets *floors;	/* cm's: the split form's, per temperature */
	struct cmu_model model;	/* lm, the heavy words and the orders */
	uint32_t start[HIST];	/* the prompt's last words */
	size_t nstart;
	char *base, *describe, *path;
	size_t draft_top;	/* --draft-vocab-top K; 0: the draft has every word */
	char top_note[80];	/* its words in the description, or "" */
	unsigned char *top;	/* with K: the draft's words (cmu_vocab_top.h) */
	char title[128];	/* file, orders and temperatures, kept up to date */
};

/* A node: its context and its rows, built at most once a step. */
struct cmunode {
	uint32_t ctx[HIST];
	size_t n;
	double *p, *q;
	uint64_t p_step, q_step;
	struct cmu_split sp;
	uint64_t sp_step;
	int sp_built;		/* its views built in step sp_step */
};

struct cmusrc {
	struct shared *sh;
	struct warp wp, wq;	/* the target's and the draft's warps */
	struct cmu_floors *fl;	/* the floors at their common temperature when
				 * the positions are in split form (no top-k,
				 * no top-p, one temperature); NULL: dense */
	struct cmu_rows *rows;	/* order-2 views by word, for fl */
	double *scratch;	/* vocab entries, for the warps */
	uint32_t hist[HIST];
	size_t nhist;
	uint64_t step;
	struct node_arena nodes;	/* this step's nodes (source.h), node 0 the
				 * root */
};

static void
shared_release(struct shared *sh)
{
	if (sh == NULL || --sh->refs > 0)
		return;
	cmu_cache_put(sh->cm);
	free(sh->base);
	free(sh->describe);
	free(sh->path);
	free(sh->top);
	free(sh);
}

static void
nodes_reset(struct cmusrc *s)
{
	struct cmunode *root;

	s->nodes.n = 0;
	root = node_arena_new(&s->nodes);
	memcpy(root->ctx, s->hist, s->nhist * sizeof *root->ctx);
	root->n = s->nhist;
}

static void
set_warps(struct cmusrc *s, const struct warp *wp, const struct warp *wq)
{
	struct shared *sh = s->sh;

	struct cmu_floors *old = s->fl;

	s->wp = *wp;
	s->wq = *wq;
	s->fl = NULL;
	if (wp->top_k == 0 && wq->top_k == 0 && wp->top_p >= 1.0 && wq->top_p >= 1.0 &&
	    wp->temperature == wq->temperature && sh->top == NULL)
		s->fl = cmu_floors_get(sh->floors, 1.0 / wp->temperature);
	cmu_floors_put(sh->floors, old);
	s->step++;		/* what the nodes built is stale */
	cmu_rows_clear(s->rows);
	snprintf(sh->title, sizeof sh->title, "cmu %s %d/%d T=%g/%g%s",
	    source_base_name(sh->path), sh->target_order, sh->draft_order,
	    wp->temperature, wq->temperature, sh->top != NULL ? " top" : "");
}

static struct cmusrc *
cmusrc_new(struct shared *sh, const struct warp *wp, const struct warp *wq)
{
	struct cmusrc *s = xcalloc(1, sizeof *s);

	s->sh = sh;
	s->rows = cmu_rows_new(sh->lm->vocab);
	set_warps(s, wp, wq);
	sh->refs++;
	memcpy(s->hist, sh->start, sh->nstart * sizeof *s->hist);
	s->nhist = sh->nstart;
	node_arena_init(&s->nodes, sizeof(struct cmunode));
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
	cmu_rows_step(s->rows);
	nodes_reset(s);
}

static int
cmusrc_child(void *self, int parent, int token)
{
	struct cmusrc *s = self;
	struct cmunode *c = node_arena_new(&s->nodes), *up = node_arena_at(&s->nodes, parent);
	size_t keep = up->n < HIST ? up->n : HIST - 1;

	c->n = 0;	/* after the draft's own token: no history */
	if ((uint32_t)token >= s->sh->lm->vocab)
		return s->nodes.n - 1;
	memcpy(c->ctx, up->ctx + up->n - keep, keep * sizeof *c->ctx);
	c->ctx[keep] = (uint32_t)token;
	c->n = keep + 1;
	return s->nodes.n - 1;
}

/* The view of order at nd's context into *row (allocated on first use, one
 * entry more for the draft's own token under --draft-vocab-top, 0 there),
 * warped by w and normalised. */
static const double *
build_row(struct cmusrc *s, const struct cmunode *nd, int order, const struct warp *w,
    double **row)
{
	size_t vocab = s->sh->lm->vocab;

	if (*row == NULL)
		*row = xreallocarray(NULL, vocab + 1, sizeof **row);
	(*row)[vocab] = 0.0;
	if (s->scratch == NULL)
		s->scratch = xreallocarray(NULL, vocab, sizeof *s->scratch);
	sphinx_trie_row(s->sh->lm, order, nd->ctx, nd->n, *row);
	warp_dense(w, *row, vocab, s->scratch);
	return *row;
}

static void
cmusrc_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct cmusrc *s = self;
	struct cmunode *nd = node_arena_at(&s->nodes, node);
	size_t vocab = s->sh->lm->vocab, n = vocab + (s->sh->top != NULL);

	if (s->fl != NULL) {
		int want = (p != NULL ? CMU_SPLIT_P : 0) | (q != NULL ? CMU_SPLIT_Q : 0);

		if (nd->sp_step != s->step)
			nd->sp_built = 0;
		nd->sp_step = s->step;
		if ((want & ~nd->sp_built) != 0)
			nd->sp_built |= cmu_split_build(&s->sh->model, s->fl, s->rows,
			    nd->ctx, nd->n, want & ~nd->sp_built, &nd->sp);
		if (p != NULL)
			*p = pdist_split(&nd->sp.p);
		if (q != NULL)
			*q = pdist_split(&nd->sp.q);
		return;
	}

	if (p != NULL) {
		if (nd->p_step != s->step)
			build_row(s, nd, s->sh->target_order, &s->wp, &nd->p);
		nd->p_step = s->step;
		*p = pdist_dense(nd->p, n);
	}
	if (q != NULL) {
		if (nd->q_step != s->step) {
			build_row(s, nd, s->sh->draft_order, &s->wq, &nd->q);
			if (s->sh->top != NULL)
				cmu_vocab_top_fold(s->sh->top, vocab, nd->q);
		}
		nd->q_step = s->step;
		*q = pdist_dense(nd->q, n);
	}
}

static void
cmusrc_commit(void *self, const int *emitted, int n)
{
	struct cmusrc *s = self;
	int i;

	for (i = 0; i < n; i++) {
		if ((uint32_t)emitted[i] >= s->sh->lm->vocab) {
			s->nhist = 0;	/* the draft's own token: no history */
			continue;
		}
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

	if (id >= 0 && (uint32_t)id < s->sh->lm->vocab)
		return s->sh->lm->word[id];
	return s->sh->top != NULL && (uint32_t)id == s->sh->lm->vocab ?
	    CMU_VOCAB_TOP_WORD : NULL;
}

static void *
cmusrc_clone(const void *self)
{
	const struct cmusrc *s = self;

	return cmusrc_new(s->sh, &s->wp, &s->wq);
}

static void
cmusrc_destroy(void *self)
{
	struct cmusrc *s = self;
	struct cmunode *nd;
	int i;

	for (i = 0; (nd = node_arena_slot(&s->nodes, i)) != NULL; i++) {
		free(nd->p);
		free(nd->q);
		cmu_split_free(&nd->sp);
	}
	node_arena_free(&s->nodes);
	cmu_rows_free(s->rows);
	cmu_floors_put(s->sh->floors, s->fl);
	free(s->scratch);
	shared_release(s->sh);
	free(s);
}

static const char *
cmusrc_describe(const void *self)
{
	return ((const struct cmusrc *)self)->sh->describe;
}

static void
cmusrc_temperatures(const void *self, double *target, double *draft)
{
	const struct cmusrc *s = self;

	*target = s->wp.temperature;
	*draft = s->wq.temperature;
}

static void
cmusrc_set_temperatures(void *self, double target, double draft)
{
	struct cmusrc *s = self;
	struct warp wp = s->wp, wq = s->wq;

	wp.temperature = target;
	wq.temperature = draft;
	set_warps(s, &wp, &wq);
}

static const struct source_ops cmu_ops = {
	.temperatures = cmusrc_temperatures,
	.set_temperatures = cmusrc_set_temperatures,
	.begin = cmusrc_begin,
	.child = cmusrc_child,
	.dists = cmusrc_dists,
	.commit = cmusrc_commit,
	.label = cmusrc_label,
	.clone = cmusrc_clone,
	.destroy = cmusrc_destroy,
	.describe = cmusrc_describe,
	.words = 1,
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

/* The draft's vocabulary cut to its k most frequent words (cmu_vocab_top.h);
 * k above the model's vocabulary is an error naming the option. */
static int
set_draft_top(struct shared *sh, size_t k, char *err, size_t errlen)
{
	if (k > sh->lm->vocab) {
		snprintf(err, errlen, "--draft-vocab-top %zu: the model has %u words",
		    k, sh->lm->vocab);
		return -1;
	}
	sh->draft_top = k;
	sh->top = cmu_vocab_top_mark(sh->lm->uni, sh->lm->vocab, k);
	snprintf(sh->top_note, sizeof sh->top_note, "; draft vocabulary the top %zu "
	    "words and " CMU_VOCAB_TOP_WORD, k);
	return 0;
}

/* The text starts after "<s>", the model's sentence start, when it has one. */
static void
default_start(struct shared *sh)
{
	uint32_t id = sphinx_trie_find_word(sh->lm, "<s>", 3);

	sh->nstart = 0;
	if (id != SPHINX_TRIE_NONE)
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
	if (sphinx_lm_ready(err, errlen) != 0)
		return -1;
	sh = xcalloc(1, sizeof *sh);
	sh->refs = 1;
	if ((sh->cm = cmu_cache_get(path, err, errlen)) == NULL) {
		free(sh);
		return -1;
	}
	sh->lm = &sh->cm->lm;
	sh->floors = &sh->cm->floors;
	sh->target_order = cfg->target_order;
	sh->draft_order = cfg->draft_order;
	sh->model = (struct cmu_model){ sh->lm, sh->floors->heavy_of, cfg->target_order,
	    cfg->draft_order };
	default_start(sh);
	if (cfg->draft_top > 0 && set_draft_top(sh, cfg->draft_top, err, errlen) != 0) {
		shared_release(sh);
		return -1;
	}
	sh->base = xasprintf("model %s: order %d, %u words, %llu bigrams, %llu "
	    "trigrams; target order %d, draft order %d%s", path,
	    sh->lm->order, sh->lm->vocab, (unsigned long long)sh->lm->count[1],
	    (unsigned long long)sh->lm->count[2], cfg->target_order, cfg->draft_order,
	    sh->top_note);
	sh->describe = xstrdup(sh->base);
	sh->path = xstrdup(path);
	src->ops = &cmu_ops;
	src->vocab = sh->lm->vocab + (sh->top != NULL ? CMU_VOCAB_TOP_OWN : 0);
	src->kind = "cmu";
	src->title = sh->title;
	src->self = cmusrc_new(sh, &cfg->target, &cfg->draft);
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
		if ((id = sphinx_trie_find_word(sh->lm, at, len)) == SPHINX_TRIE_NONE) {
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

void
source_cmu_set_warps(struct source *src, const struct warp *target,
    const struct warp *draft)
{
	set_warps(src->self, target, draft);
}

void
source_cmu_warps(const struct source *src, struct warp *target, struct warp *draft)
{
	const struct cmusrc *s = src->self;

	*target = s->wp;
	*draft = s->wq;
}
