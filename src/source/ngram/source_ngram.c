/* source_ngram.c: n-gram target and draft over a corpus, autoregressive. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/heavy_floors.h"
#include "source/ngram/ngram.h"
#include "source/ngram/noise_rows.h"
#include "dist/pdist.h"
#include "source/ngram/qcache.h"
#include "util/rng.h"
#include "source/node_arena.h"
#include "source/source.h"
#include "source/ngram/source_ngram.h"
#include "source/tokenize.h"
#include "source/ngram/vocab.h"
#include "util/xalloc.h"

#define CTX_MAX (NGRAM_ORDER_MAX - 1)
#define ROW_WORDS 3		/* random words a step draws for its noise rows */
#define ROW_DEPTHS (ROW_WORDS * 16)	/* rows they give: depth d uses row
					 * d mod ROW_DEPTHS */
#define SPLIT_RATIO 8		/* split form for lists up to vocab / 8, and */
#define SPLIT_RATIO_NOISY 4	/* vocab / 4 with noise: longer ones go faster
				 * dense (callgrind, 1 MB corpus, V 5000) */

_Static_assert(NOISE_ROWS == 16, "a depth's row is 4 random bits");

/* Read-only after open; shared by a source and its clones. */
struct shared {
	int refs;
	struct vocab vocab;
	struct ngram_counts counts;
	struct ngram_model target, draft;
	int same_floor;			/* the models' floors agree: split form works */
	int heavy_ok;			/* and heavy contexts split over their floors */
	uint32_t start[CTX_MAX];	/* the corpus's last tokens: the initial context */
	size_t nstart;
	char *base;			/* the description without the prompt */
	char *describe;			/* base, then the prompt once one is set */
	char *title;
};

struct ngsrc {
	struct shared *sh;
	size_t vocab;
	double noise;
	int noise_stale;		/* the factors must be drawn afresh */
	uint32_t hist[CTX_MAX];		/* the text's last tokens */
	size_t nhist;
	struct noise_rows *nr;		/* allocated on first use */
	uint64_t row_bits[ROW_WORDS];	/* this step's noise rows, 4 bits a depth */
	struct ngram_scratch scratch;
	struct qcache *qc;		/* draft rows, allocated on first use */
	struct qcache *pc;		/* target rows, allocated on first use */
	struct heavy_floors heavy;	/* floors of heavy contexts, built on use */
	int split;			/* this step gives split forms */
	uint64_t step;			/* steps begun */
	int rows_cap;			/* nodes below this take dense rows from the
					 * caches: qcache_capacity, so a step's rows
					 * are never evicted before the next begin */
	struct node_arena nodes;	/* this step's nodes (source.h), node 0 the
				 * root */
};

/* One position's split p or q. */
struct split_pos {
	struct split_dist d;
	double *extra;		/* vocab entries */
	struct ngram_list where;
	uint64_t step;		/* the step it was built in, 0 = never */
};

/* A node of the step: its context and what was built for it. */
struct ngnode {
	uint32_t ctx[CTX_MAX];	/* the text's and the drafts' last tokens */
	size_t n;
	int depth;		/* drafts from the root */
	double *p, *q;		/* dense rows built here when not cached */
	struct split_pos sp, sq;
};

static void
shared_release(struct shared *sh)
{
	if (sh == NULL || --sh->refs > 0)
		return;
	ngram_model_release(&sh->target);
	ngram_model_release(&sh->draft);
	ngram_counts_free(&sh->counts);
	vocab_free(&sh->vocab);
	free(sh->base);
	free(sh->describe);
	free(sh->title);
	free(sh);
}

/* The last tokens of the text into ctx; returns how many. */
static size_t
history_context(const struct ngsrc *s, uint32_t *ctx)
{
	memcpy(ctx, s->hist, s->nhist * sizeof *ctx);
	return s->nhist;
}

/* The step's nodes start again from the root, the text so far. */
static void
nodes_reset(struct ngsrc *s)
{
	struct ngnode *root;

	s->nodes.n = 0;
	root = node_arena_new(&s->nodes);
	root->n = history_context(s, root->ctx);
	root->depth = 0;
}

static struct ngsrc *
ngsrc_new(struct shared *sh, double noise)
{
	struct ngsrc *s = xcalloc(1, sizeof *s);

	ngram_scratch_init(&s->scratch, sh->vocab.size);
	heavy_floors_init(&s->heavy, sh->vocab.size);
	s->sh = sh;
	sh->refs++;
	s->vocab = sh->vocab.size;
	s->noise = noise;
	s->noise_stale = 1;
	s->rows_cap = qcache_capacity(s->vocab);
	memcpy(s->hist, sh->start, sh->nstart * sizeof *s->hist);
	s->nhist = sh->nstart;
	node_arena_init(&s->nodes, sizeof(struct ngnode));
	nodes_reset(s);
	return s;
}

/* The noise rows, drawn afresh after a change of noise, else moved on a step. */
static void
refresh_noise(struct ngsrc *s, struct rng *rng)
{
	const struct split_floor *base = s->sh->same_floor ? &s->sh->target.floor : NULL;

	if (s->nr == NULL) {
		s->nr = xmalloc(sizeof *s->nr);
		noise_rows_init(s->nr, s->vocab, s->sh->draft.base_t, base);
	}
	if (s->noise_stale)
		noise_rows_draw(s->nr, rng, s->noise);
	else
		noise_rows_step(s->nr, rng);
	s->noise_stale = 0;
}

static void
ngsrc_begin(void *self, struct rng *rng, int need_draft)
{
	struct ngsrc *s = self;
	int i;

	s->step++;
	s->split = 0;
	nodes_reset(s);
	if (s->pc != NULL)
		qcache_step(s->pc);
	if (!need_draft)
		return;
	if (s->qc != NULL)
		qcache_step(s->qc);
	if (s->noise <= 0.0) {
		s->split = s->sh->same_floor;
		return;
	}
	refresh_noise(s, rng);
	s->split = noise_rows_split(s->nr);	/* factored over the shared floor */
	for (i = 0; i < ROW_WORDS; i++)
		s->row_bits[i] = rng_next(rng);
}

/* The noise row of the draft at a node of this depth. */
static unsigned
noise_row(const struct ngsrc *s, int depth)
{
	int d = depth % ROW_DEPTHS;

	return (unsigned)(s->row_bits[d / 16] >> 4 * (d % 16)) & (NOISE_ROWS - 1);
}

static int
ngsrc_child(void *self, int parent, int token)
{
	struct ngsrc *s = self;
	struct ngnode *c = node_arena_new(&s->nodes), *up = node_arena_at(&s->nodes, parent);
	size_t keep = up->n < CTX_MAX ? up->n : CTX_MAX - 1;

	memcpy(c->ctx, up->ctx + up->n - keep, keep * sizeof *c->ctx);
	c->ctx[keep] = (uint32_t)token;
	c->n = keep + 1;
	c->depth = up->depth + 1;
	return s->nodes.n - 1;
}

static double *
node_buffer(double **slot, size_t vocab)
{
	if (*slot == NULL)
		*slot = xreallocarray(NULL, vocab, sizeof **slot);
	return *slot;
}

/* The target at node i, dense: from the row cache for the nodes below
 * rows_cap, else built into the node's own buffer (no name, no block sums). */
static struct pdist
dense_p(struct ngsrc *s, int i)
{
	struct ngnode *nd = node_arena_at(&s->nodes, i);
	double *row;

	if (i < s->rows_cap) {
		if (s->pc == NULL)
			s->pc = qcache_new(s->vocab, 1);
		return qcache_row(s->pc, &s->sh->target, nd->ctx, nd->n, NULL,
		    &s->scratch);
	}
	row = node_buffer(&nd->p, s->vocab);
	ngram_dist(&s->sh->target, nd->ctx, nd->n, NULL, row, &s->scratch);
	return pdist_dense(row, s->vocab);
}

/* The draft at node i, dense: from the row cache for the nodes below
 * rows_cap, else built into the node's own buffer (no name, no block sums). */
static struct pdist
dense_q(struct ngsrc *s, int i)
{
	struct ngram_factor f = { NULL, 0.0, 0 }, *fp = NULL;
	struct ngnode *nd = node_arena_at(&s->nodes, i);
	unsigned row;
	double *out;

	if (s->noise > 0.0) {
		row = noise_row(s, nd->depth);
		f = (struct ngram_factor){ noise_rows_factor(s->nr, row),
		    s->nr->sum[row], s->nr->key[row] };
		fp = &f;
	}
	if (i < s->rows_cap) {
		if (s->qc == NULL)
			s->qc = qcache_new(s->vocab, 2);
		return qcache_row(s->qc, &s->sh->draft, nd->ctx, nd->n, fp, &s->scratch);
	}
	out = node_buffer(&nd->q, s->vocab);
	ngram_dist(&s->sh->draft, nd->ctx, nd->n, fp, out, &s->scratch);
	return pdist_dense(out, s->vocab);
}

/* A node's split distribution from model m, over factored (a noise row)
 * when it is not NULL; built once per step. */
static const struct split_dist *
split_at(struct ngsrc *s, struct split_pos *slot, const struct ngram_model *m,
    const struct ngnode *nd, const struct split_floor *factored)
{
	if (slot->step == s->step)
		return &slot->d;
	if (slot->extra == NULL)
		slot->extra = xreallocarray(NULL, s->vocab, sizeof *slot->extra);
	ngram_split(m, nd->ctx, nd->n, factored, slot->extra, &slot->where, &slot->d);
	if (factored == NULL)
		slot->d.floor = &s->sh->target.floor;	/* the draft's, the same values */
	slot->step = s->step;
	return &slot->d;
}

/* Whether the node is given in split form: in a step that gives split forms,
 * when the list is short enough to beat a dense pass. */
static int
split_here(const struct ngsrc *s, const struct ngnode *nd)
{
	return s->split && ngram_split_size(&s->sh->target, nd->ctx, nd->n) *
	    (s->noise > 0.0 ? SPLIT_RATIO_NOISY : SPLIT_RATIO) <= s->vocab;
}

/* The node's p and q over the floors of a heavy context's last token, or 0
 * when that is not how they are given (a tempered or noisy model, a list still
 * too long, or more heavy tokens than the floors kept); built once per step. */
static int
heavy_at(struct ngsrc *s, struct ngnode *nd, struct pdist *p, struct pdist *q)
{
	struct split_pos *sp = &nd->sp, *sq = &nd->sq;
	const struct heavy_pair *hp;

	if (!s->split || !s->sh->heavy_ok || s->noise > 0.0 || nd->n == 0 ||
	    ngram_split_over_size(&s->sh->target, nd->ctx, nd->n) * SPLIT_RATIO >
	    s->vocab)
		return 0;
	if (sp->step != s->step) {
		hp = heavy_floors_get(&s->heavy, &s->sh->target, &s->sh->draft,
		    nd->ctx[nd->n - 1], &s->scratch);
		if (hp == NULL)
			return 0;
		if (sp->extra == NULL)
			sp->extra = xreallocarray(NULL, s->vocab, sizeof *sp->extra);
		ngram_split_over(&s->sh->target, nd->ctx, nd->n, &hp->f, sp->extra,
		    &sp->where, &sp->d);
		sq->d = (struct split_dist){ &hp->g, 1.0 / hp->g.sum, NULL, NULL, 0, 0.0,
		    NULL, NULL, 0 };
		sp->step = sq->step = s->step;
	}
	if (p != NULL)
		*p = pdist_split(&sp->d);
	if (q != NULL)
		*q = pdist_split(&sq->d);
	return 1;
}

static void
ngsrc_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct ngsrc *s = self;
	struct ngnode *nd = node_arena_at(&s->nodes, node);

	if (split_here(s, nd)) {
		if (p != NULL)
			*p = pdist_split(split_at(s, &nd->sp, &s->sh->target, nd, NULL));
		if (q != NULL)
			*q = pdist_split(split_at(s, &nd->sq, &s->sh->draft, nd,
			    s->noise > 0.0 ? &s->nr->floor[noise_row(s, nd->depth)] :
			    NULL));
		return;
	}
	if (heavy_at(s, nd, p, q))
		return;
	if (p != NULL)
		*p = dense_p(s, node);
	if (q != NULL)
		*q = dense_q(s, node);
}

/* The reference stream's draw: ancestral sampling of the target's interpolation,
 * O(successors) instead of a dense pass; a tempered target takes the dense path
 * at the root, which it sets to the text so far. */
static int
ngsrc_sample_target(void *self, struct rng *rng)
{
	struct ngsrc *s = self;
	const struct ngram_model *t = &s->sh->target;
	uint32_t ctx[CTX_MAX];
	size_t n = history_context(s, ctx);
	struct pdist p;

	if (t->inv_temp == 1.0)
		return (int)ngram_sample(t, ctx, n, rng);
	nodes_reset(s);
	p = dense_p(s, SOURCE_ROOT);
	return (int)rng_categorical(rng, p.u.dense, s->vocab, 1.0);
}

static void
ngsrc_commit(void *self, const int *emitted, int n)
{
	struct ngsrc *s = self;
	int i;

	for (i = 0; i < n; i++) {
		if (s->nhist == CTX_MAX) {
			memmove(s->hist, s->hist + 1, (CTX_MAX - 1) * sizeof *s->hist);
			s->nhist--;
		}
		s->hist[s->nhist++] = (uint32_t)emitted[i];
	}
}

static void
ngsrc_set_noise(void *self, double noise)
{
	struct ngsrc *s = self;

	s->noise = noise;
	s->noise_stale = 1;
}

static const char *
ngsrc_label(const void *self, int id)
{
	const struct ngsrc *s = self;

	return id >= 0 && (size_t)id < s->vocab ? s->sh->vocab.word[id] : NULL;
}

static void *
ngsrc_clone(const void *self)
{
	const struct ngsrc *s = self;

	return ngsrc_new(s->sh, s->noise);
}

static void
ngsrc_destroy(void *self)
{
	struct ngsrc *s = self;
	struct ngnode *nd;
	int i;

	for (i = 0; (nd = node_arena_slot(&s->nodes, i)) != NULL; i++) {
		free(nd->p);
		free(nd->q);
		free(nd->sp.extra);
		free(nd->sq.extra);
	}
	node_arena_free(&s->nodes);
	if (s->nr != NULL)
		noise_rows_free(s->nr);
	free(s->nr);
	qcache_free(s->qc);
	qcache_free(s->pc);
	heavy_floors_free(&s->heavy);
	ngram_scratch_free(&s->scratch);
	shared_release(s->sh);
	free(s);
}

static const char *
ngsrc_describe(const void *self)
{
	return ((const struct ngsrc *)self)->sh->describe;
}

static const struct source_ops ngram_ops = {
	.begin = ngsrc_begin,
	.child = ngsrc_child,
	.dists = ngsrc_dists,
	.commit = ngsrc_commit,
	.sample_target = ngsrc_sample_target,
	.set_noise = ngsrc_set_noise,
	.label = ngsrc_label,
	.clone = ngsrc_clone,
	.destroy = ngsrc_destroy,
	.describe = ngsrc_describe,
	.words = 1,
};

/* Vocabulary, counts and both models from the text; -1 when the vocabulary
 * cannot be built. */
static int
train(struct shared *sh, const char *text, size_t len,
    const struct source_ngram_config *cfg)
{
	int order = cfg->target_order > cfg->draft_order ? cfg->target_order :
	    cfg->draft_order;
	uint32_t *ids;
	size_t n, i;

	if (vocab_build(text, len, cfg->max_vocab, &sh->vocab, &ids, &n) != 0)
		return -1;
	ngram_count(&sh->counts, ids, n, sh->vocab.size, order);
	ngram_model_build(&sh->target, &sh->counts, cfg->target_order, cfg->temperature);
	ngram_model_build(&sh->draft, &sh->counts, cfg->draft_order, cfg->temperature);
	sh->same_floor = sh->target.floor.sum == sh->draft.floor.sum &&
	    memcmp(sh->target.base_t, sh->draft.base_t,
	    sh->vocab.size * sizeof *sh->target.base_t) == 0;
	sh->heavy_ok = sh->same_floor && sh->target.inv_temp == 1.0 &&
	    cfg->target_order >= 2 && cfg->draft_order <= 2;
	sh->nstart = n < CTX_MAX ? n : CTX_MAX;
	for (i = 0; i < sh->nstart; i++)
		sh->start[i] = ids[n - sh->nstart + i];
	free(ids);
	return 0;
}

int
source_ngram_open(struct source *src, const char *text, size_t len, const char *name,
    const struct source_ngram_config *cfg, char *err, size_t errlen)
{
	struct shared *sh = xcalloc(1, sizeof *sh);

	memset(src, 0, sizeof *src);
	sh->refs = 1;
	if (train(sh, text, len, cfg) != 0) {
		snprintf(err, errlen, "out of memory training on %s", name);
		shared_release(sh);
		return -1;
	}
	if (sh->vocab.types == 0) {
		snprintf(err, errlen, "%s: no words in the corpus", name);
		shared_release(sh);
		return -1;
	}
	sh->base = xasprintf(
	    "corpus %s: %zu token%s (%zu distinct), vocab %zu; target order %d,"
	    " draft order %d, temperature %g", name,
	    (size_t)sh->counts.sum_raw[0], sh->counts.sum_raw[0] == 1 ? "" : "s",
	    sh->vocab.types, sh->vocab.size, cfg->target_order, cfg->draft_order,
	    cfg->temperature);
	sh->describe = xstrdup(sh->base);
	src->ops = &ngram_ops;
	src->vocab = sh->vocab.size;
	src->kind = "ngram";
	sh->title = xasprintf("ngram %s %d/%d T=%g", source_base_name(name),
	    cfg->target_order, cfg->draft_order, cfg->temperature);
	src->title = sh->title;
	src->self = ngsrc_new(sh, cfg->noise);
	shared_release(sh);	/* the source holds its own reference */
	return 0;
}

/* The id of the word s[0..len) in the vocabulary, or the unknown token, or -1
 * when there is none to stand for it. */
static long
prompt_word_id(const struct vocab *v, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < v->size; i++)
		if (i != v->unk && strncmp(v->word[i], s, len) == 0 && v->word[i][len] == '\0')
			return (long)i;
	return v->unk != VOCAB_NO_UNK ? (long)v->unk : -1;
}

/* The description says where the text starts (once, however often it is set). */
static void
prompt_describe(struct shared *sh, const char *text)
{
	free(sh->describe);
	sh->describe = xasprintf("%s; prompt \"%.40s%s\"", sh->base, text,
	    strlen(text) > 40 ? "..." : "");
}

int
source_ngram_set_prompt(struct source *src, const char *text, char *err, size_t errlen)
{
	struct ngsrc *s = src->self;
	struct shared *sh = s->sh;
	uint32_t ids[CTX_MAX];
	size_t len = strlen(text), pos = 0, start, tlen, n = 0;
	long id;

	while (tokenize_next(text, len, &pos, &start, &tlen)) {
		if ((id = prompt_word_id(&sh->vocab, text + start, tlen)) < 0) {
			snprintf(err, errlen, "--prompt: '%.*s' is not a word of the corpus",
			    (int)tlen, text + start);
			return -1;
		}
		if (n == CTX_MAX)
			memmove(ids, ids + 1, (CTX_MAX - 1) * sizeof *ids);
		ids[n < CTX_MAX ? n++ : CTX_MAX - 1] = (uint32_t)id;
	}
	if (n == 0) {
		snprintf(err, errlen, "--prompt: no words in '%s'", text);
		return -1;
	}
	memcpy(sh->start, ids, n * sizeof *ids);
	sh->nstart = n;
	prompt_describe(sh, text);
	memcpy(s->hist, ids, n * sizeof *ids);
	s->nhist = n;
	return 0;
}

const struct ngram_model *
source_ngram_target(const struct source *src)
{
	return &((const struct ngsrc *)src->self)->sh->target;
}

const struct ngram_model *
source_ngram_draft(const struct source *src)
{
	return &((const struct ngsrc *)src->self)->sh->draft;
}

size_t
source_ngram_context(const struct source *src, uint32_t *out, size_t max)
{
	const struct ngsrc *s = src->self;
	size_t n = s->nhist < max ? s->nhist : max;

	memcpy(out, s->hist + s->nhist - n, n * sizeof *out);
	return n;
}

void
source_ngram_qcache_stats(const struct source *src, uint64_t *lookups,
    uint64_t *hits)
{
	qcache_stats(((const struct ngsrc *)src->self)->qc, lookups, hits);
}

int
source_ngram_node_capacity(const struct source *src)
{
	return ((const struct ngsrc *)src->self)->nodes.cap;
}
