/* ngram.c: a trie of n-gram counts and interpolated Kneser-Ney models over it. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "ngram.h"
#include "rng.h"

#define DISCOUNT_LOW 0.1
#define DISCOUNT_HIGH 0.9
#define DISCOUNT_DEFAULT 0.5
#define CACHE_BYTES (16u << 20)	/* dense levels kept per scratch */
#define CACHE_SLOTS_MAX 256
#define HEAVY_MIN 64		/* successors that make a context worth caching */

struct build {
	struct ngram_counts *c;
	size_t cap;
	uint8_t *depth;		/* per node: its n-gram length */
	uint32_t *suffix;	/* per node: the n-gram without its first token */
	uint32_t *kid_raw;	/* per successor entry: the counts */
	uint32_t *kid_cont;
};

static size_t
slot_of(uint32_t parent, uint32_t word, size_t mask)
{
	uint64_t h = ((uint64_t)parent << 32 | word) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 32 ^ h) & mask;
}

static uint32_t
find_child(const struct ngram_counts *c, uint32_t parent, uint32_t word)
{
	size_t h = slot_of(parent, word, c->mask);

	for (; c->slot[h] != 0; h = (h + 1) & c->mask) {
		uint32_t nd = c->slot[h] - 1;

		if (c->parent[nd] == parent && c->word[nd] == word)
			return nd;
	}
	return NGRAM_NONE;
}

static int
rehash(struct ngram_counts *c, size_t size)
{
	uint32_t *slot = calloc(size, sizeof *slot);
	size_t i, h;

	if (slot == NULL)
		return -1;
	for (i = 1; i < c->nnodes; i++) {
		h = slot_of(c->parent[i], c->word[i], size - 1);
		while (slot[h] != 0)
			h = (h + 1) & (size - 1);
		slot[h] = (uint32_t)i + 1;
	}
	free(c->slot);
	c->slot = slot;
	c->mask = size - 1;
	return 0;
}

static int
grow_nodes(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t cap = b->cap * 2;
	void *p[6];

	p[0] = realloc(c->parent, cap * sizeof *c->parent);
	if (p[0] != NULL)
		c->parent = p[0];
	p[1] = realloc(c->word, cap * sizeof *c->word);
	if (p[1] != NULL)
		c->word = p[1];
	p[2] = realloc(c->raw, cap * sizeof *c->raw);
	if (p[2] != NULL)
		c->raw = p[2];
	p[3] = realloc(c->cont, cap * sizeof *c->cont);
	if (p[3] != NULL)
		c->cont = p[3];
	p[4] = realloc(b->depth, cap);
	if (p[4] != NULL)
		b->depth = p[4];
	p[5] = realloc(b->suffix, cap * sizeof *b->suffix);
	if (p[5] != NULL)
		b->suffix = p[5];
	if (!p[0] || !p[1] || !p[2] || !p[3] || !p[4] || !p[5])
		return -1;
	b->cap = cap;
	return 0;
}

/* The node for (parent, word), created when new (*created set); NGRAM_NONE on
 * ENOMEM. */
static uint32_t
add_child(struct build *b, uint32_t parent, uint32_t word, int depth, int *created)
{
	struct ngram_counts *c = b->c;
	uint32_t nd = find_child(c, parent, word);
	size_t h;

	*created = nd == NGRAM_NONE;
	if (!*created)
		return nd;
	if ((c->nnodes == b->cap && grow_nodes(b) != 0) ||
	    (c->nnodes * 2 > c->mask && rehash(c, (c->mask + 1) * 2) != 0))
		return NGRAM_NONE;
	nd = (uint32_t)c->nnodes++;
	c->parent[nd] = parent;
	c->word[nd] = word;
	c->raw[nd] = c->cont[nd] = 0;
	b->depth[nd] = (uint8_t)depth;
	h = slot_of(parent, word, c->mask);
	while (c->slot[h] != 0)
		h = (h + 1) & c->mask;
	c->slot[h] = nd + 1;
	return nd;
}

/* Count the n-grams ending at each position. prev[m] is the m-gram ending at the
 * previous position; a new m-gram adds a left neighbour to its (m-1)-gram suffix. */
static int
count_all(struct build *b, const uint32_t *ids, size_t n)
{
	uint32_t prev[NGRAM_ORDER_MAX + 1], cur[NGRAM_ORDER_MAX + 1];
	size_t i;
	int m, created;

	prev[0] = cur[0] = 0;
	for (i = 0; i < n; i++) {
		for (m = 1; m <= b->c->order && (size_t)m <= i + 1; m++) {
			uint32_t nd = add_child(b, prev[m - 1], ids[i], m, &created);

			if (nd == NGRAM_NONE)
				return -1;
			b->c->raw[nd]++;
			if (created && m >= 2) {
				b->c->cont[cur[m - 1]]++;
				b->suffix[nd] = cur[m - 1];
			}
			cur[m] = nd;
		}
		memcpy(prev, cur, sizeof prev);
	}
	return 0;
}

static int
alloc_tables(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t n = c->nnodes;

	c->kid_first = calloc(n + 1, sizeof *c->kid_first);
	c->kid_n = calloc(n, sizeof *c->kid_n);
	c->sum_raw = calloc(n, sizeof *c->sum_raw);
	c->sum_cont = calloc(n, sizeof *c->sum_cont);
	c->npos_cont = calloc(n, sizeof *c->npos_cont);
	c->kid_word = malloc(n * sizeof *c->kid_word);
	c->kid_at = calloc(n, sizeof *c->kid_at);
	c->kid_suffix = calloc(n, sizeof *c->kid_suffix);
	c->kid_term_raw = malloc(n * sizeof *c->kid_term_raw);
	c->kid_term_cont = malloc(n * sizeof *c->kid_term_cont);
	c->uni = malloc(c->vocab * sizeof *c->uni);
	b->kid_raw = malloc(n * sizeof *b->kid_raw);
	b->kid_cont = malloc(n * sizeof *b->kid_cont);
	return c->kid_first && c->kid_n && c->sum_raw && c->sum_cont && c->npos_cont &&
	    c->kid_word && c->kid_at && c->kid_suffix && c->kid_term_raw &&
	    c->kid_term_cont && c->uni && b->kid_raw && b->kid_cont ? 0 : -1;
}

/* Group every node's successors together (compressed rows) and sum them up. */
static int
build_successors(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t i, at;

	if (alloc_tables(b) != 0)
		return -1;
	for (i = 0; i < c->vocab; i++)
		c->uni[i] = NGRAM_NONE;
	for (i = 1; i < c->nnodes; i++) {
		c->kid_n[c->parent[i]]++;
		if (c->parent[i] == 0)
			c->uni[c->word[i]] = (uint32_t)i;
	}
	for (i = 0, at = 0; i < c->nnodes; i++) {
		c->kid_first[i] = (uint32_t)at;
		at += c->kid_n[i];
		c->kid_n[i] = 0;
	}
	for (i = 1; i < c->nnodes; i++) {
		uint32_t p = c->parent[i], j = c->kid_first[p] + c->kid_n[p]++;

		c->kid_word[j] = c->word[i];
		c->kid_at[i] = j;
		b->kid_raw[j] = c->raw[i];
		b->kid_cont[j] = c->cont[i];
		c->sum_raw[p] += c->raw[i];
		c->sum_cont[p] += c->cont[i];
		c->npos_cont[p] += c->cont[i] > 0;
	}
	return 0;
}

/* kid_suffix: where each n-gram's suffix (counted with it) sits among the
 * successors of the context's suffix. */
static void
link_suffixes(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t i;

	for (i = 1; i < c->nnodes; i++) {
		uint32_t s = b->suffix[i];

		if (b->depth[i] >= 3)
			c->kid_suffix[c->kid_at[i]] = c->kid_at[s] -
			    c->kid_first[c->parent[s]];
	}
}

static double
discount(const uint64_t *n1, const uint64_t *n2)
{
	double d;

	if (*n1 + 2 * *n2 == 0)
		return DISCOUNT_DEFAULT;
	d = (double)*n1 / ((double)*n1 + 2.0 * (double)*n2);
	return d < DISCOUNT_LOW ? DISCOUNT_LOW : d > DISCOUNT_HIGH ? DISCOUNT_HIGH : d;
}

/* D = n1 / (n1 + 2 n2) per n-gram length, from the counts of counts. */
static void
estimate_discounts(struct ngram_counts *c, const uint8_t *depth)
{
	uint64_t n[2][NGRAM_ORDER_MAX + 1][2];
	size_t i;
	int m;

	memset(n, 0, sizeof n);
	for (i = 1; i < c->nnodes; i++) {
		if (c->raw[i] <= 2)
			n[0][depth[i]][c->raw[i] - 1]++;
		if (c->cont[i] >= 1 && c->cont[i] <= 2)
			n[1][depth[i]][c->cont[i] - 1]++;
	}
	for (m = 1; m <= c->order; m++) {
		c->disc_raw[m] = discount(&n[0][m][0], &n[0][m][1]);
		c->disc_cont[m] = discount(&n[1][m][0], &n[1][m][1]);
	}
}

static double
term(uint32_t count, double d, uint64_t sum)
{
	double x = (double)count - d;

	return x > 0.0 && sum > 0 ? x / (double)sum : 0.0;
}

/* Each successor's discounted share at its level, for both count types. */
static void
precompute_terms(struct build *b)
{
	struct ngram_counts *c = b->c;
	uint32_t j;
	size_t p;

	for (p = 0; p < c->nnodes; p++) {
		int m = b->depth[p] + 1;

		if (m > c->order)
			continue;
		for (j = c->kid_first[p]; j < c->kid_first[p] + c->kid_n[p]; j++) {
			c->kid_term_raw[j] = term(b->kid_raw[j], c->disc_raw[m],
			    c->sum_raw[p]);
			c->kid_term_cont[j] = term(b->kid_cont[j], c->disc_cont[m],
			    c->sum_cont[p]);
		}
	}
}

int
ngram_count(struct ngram_counts *c, const uint32_t *ids, size_t n, size_t vocab,
    int order)
{
	struct build b = { .c = c, .cap = 1024 };
	int rc = -1;

	memset(c, 0, sizeof *c);
	c->vocab = vocab;
	c->order = order;
	c->nnodes = 1;
	c->parent = malloc(b.cap * sizeof *c->parent);
	c->word = malloc(b.cap * sizeof *c->word);
	c->raw = calloc(b.cap, sizeof *c->raw);
	c->cont = calloc(b.cap, sizeof *c->cont);
	b.depth = calloc(b.cap, 1);
	b.suffix = calloc(b.cap, sizeof *b.suffix);
	if (c->parent && c->word && c->raw && c->cont && b.depth && b.suffix &&
	    rehash(c, 4096) == 0 && count_all(&b, ids, n) == 0 &&
	    build_successors(&b) == 0) {
		link_suffixes(&b);
		estimate_discounts(c, b.depth);
		precompute_terms(&b);
		rc = 0;
	}
	free(b.depth);
	free(b.suffix);
	free(b.kid_raw);
	free(b.kid_cont);
	if (rc != 0)
		ngram_counts_free(c);
	return rc;
}

void
ngram_counts_free(struct ngram_counts *c)
{
	free(c->parent);
	free(c->word);
	free(c->raw);
	free(c->cont);
	free(c->kid_first);
	free(c->kid_n);
	free(c->sum_raw);
	free(c->sum_cont);
	free(c->npos_cont);
	free(c->kid_word);
	free(c->kid_at);
	free(c->kid_suffix);
	free(c->kid_term_raw);
	free(c->kid_term_cont);
	free(c->uni);
	free(c->slot);
	memset(c, 0, sizeof *c);
}

uint32_t
ngram_find(const struct ngram_counts *c, const uint32_t *ctx, size_t len)
{
	uint32_t nd;
	size_t i;

	if (len == 0)
		return 0;
	nd = ctx[0] < c->vocab ? c->uni[ctx[0]] : NGRAM_NONE;
	for (i = 1; i < len && nd != NGRAM_NONE; i++)
		nd = find_child(c, nd, ctx[i]);
	return nd;
}

/* One interpolation level of a model at a context. */
struct level {
	uint32_t node;		/* the context, or NGRAM_NONE */
	int active;		/* it holds mass of its own (else it hands all down) */
	const double *term;	/* its successors' discounted shares */
	double lambda;		/* mass handed down: D * (successors counted) / sum */
	double coef;		/* weight of this level's terms in the whole */
};

/* Level lvl (1..m->order) at the context ending ctx[0..len). It is inactive, and
 * hands all of its mass down, when the context is too short, never seen, or has
 * no counted successors. */
static void
level_at(const struct ngram_model *m, const uint32_t *ctx, size_t len, int lvl,
    struct level *lv)
{
	const struct ngram_counts *c = m->c;
	size_t clen = (size_t)lvl - 1;
	int raw = lvl == m->order;
	uint64_t sum;

	lv->active = 0;
	lv->lambda = 1.0;
	lv->node = clen > len ? NGRAM_NONE :
	    clen == 0 ? 0 : ngram_find(c, ctx + len - clen, clen);
	if (lv->node == NGRAM_NONE)
		return;
	sum = raw ? c->sum_raw[lv->node] : c->sum_cont[lv->node];
	if (sum == 0)
		return;
	lv->active = 1;
	lv->term = raw ? c->kid_term_raw : c->kid_term_cont;
	lv->lambda = (raw ? c->disc_raw[lvl] : c->disc_cont[lvl]) *
	    (double)(raw ? c->kid_n[lv->node] : c->npos_cont[lv->node]) / (double)sum;
}

static void
build_base(struct ngram_model *m)
{
	const struct ngram_counts *c = m->c;
	double uniform = 1.0 / (double)c->vocab;
	struct level lv;
	uint32_t j, first = c->kid_first[0];
	size_t w;

	level_at(m, NULL, 0, 1, &lv);
	for (w = 0; w < c->vocab; w++)
		m->base[w] = lv.lambda * uniform;
	if (lv.active)
		for (j = first; j < first + c->kid_n[0]; j++)
			m->base[c->kid_word[j]] += lv.term[j];
}

int
ngram_model_init(struct ngram_model *m, const struct ngram_counts *c, int order,
    double temperature)
{
	size_t w;

	m->c = c;
	m->order = order;
	m->inv_temp = 1.0 / temperature;
	m->base = malloc(c->vocab * sizeof *m->base);
	m->base_t = malloc(c->vocab * sizeof *m->base_t);
	m->base_cdf = malloc(c->vocab * sizeof *m->base_cdf);
	m->base_t_cdf = malloc(c->vocab * sizeof *m->base_t_cdf);
	if (m->base == NULL || m->base_t == NULL || m->base_cdf == NULL ||
	    m->base_t_cdf == NULL) {
		ngram_model_free(m);
		return -1;
	}
	build_base(m);
	m->base_t_sum = 0.0;
	for (w = 0; w < c->vocab; w++) {
		m->base_t[w] = m->inv_temp == 1.0 ? m->base[w] : pow(m->base[w], m->inv_temp);
		m->base_t_sum += m->base_t[w];
		m->base_cdf[w] = (w > 0 ? m->base_cdf[w - 1] : 0.0) + m->base[w];
		m->base_t_cdf[w] = (w > 0 ? m->base_t_cdf[w - 1] : 0.0) + m->base_t[w];
	}
	m->floor.vocab = c->vocab;
	m->floor.w = m->base_t;
	m->floor.cdf = m->base_t_cdf;
	m->floor.sum = m->base_t_sum;
	return 0;
}

void
ngram_model_free(struct ngram_model *m)
{
	free(m->base);
	free(m->base_t);
	free(m->base_cdf);
	free(m->base_t_cdf);
	m->base = m->base_t = m->base_cdf = m->base_t_cdf = NULL;
}

int
ngram_scratch_init(struct ngram_scratch *s, size_t vocab)
{
	size_t fit = CACHE_BYTES / (2 * sizeof(double) * (vocab > 0 ? vocab : 1));

	memset(s, 0, sizeof *s);
	s->vocab = vocab;
	for (s->slots = 1; s->slots * 2 <= fit && s->slots < CACHE_SLOTS_MAX; )
		s->slots *= 2;
	s->heavy = vocab / 32 > HEAVY_MIN ? (uint32_t)(vocab / 32) : HEAVY_MIN;
	s->acc = calloc(vocab, sizeof *s->acc);
	s->cache = calloc(s->slots, sizeof *s->cache);
	if (s->acc == NULL || s->cache == NULL) {
		ngram_scratch_free(s);
		return -1;
	}
	return 0;
}

void
ngram_scratch_free(struct ngram_scratch *s)
{
	size_t i;

	for (i = 0; s->cache != NULL && i < s->slots; i++) {
		free(s->cache[i].q);
		if (s->cache[i].qt != s->cache[i].q)
			free(s->cache[i].qt);
	}
	free(s->cache);
	free(s->acc);
	s->cache = NULL;
	s->acc = NULL;
}

/* What every token gets at least: a dense distribution times a coefficient. */
struct floor {
	const double *p;	/* untempered */
	const double *pt;	/* tempered */
	double sum_t;
	double coef;		/* untempered coefficient */
	struct ngram_cached *e;	/* the cache slot it lives in, NULL for the base */
};

/* The levels 2..order at the context, top down, with their coefficients; returns
 * the coefficient of the lowest level (the base) and sets *lowest to the deepest
 * level whose context exists (1 when none does). Every successor of a longer
 * context is a successor of its suffix, so the successors of *lowest hold all
 * the tokens any level gives mass of its own. */
static double
set_levels(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct level *lv, int *lowest)
{
	double coef = 1.0;
	int lvl;

	*lowest = 1;
	for (lvl = m->order; lvl >= 2; lvl--) {
		level_at(m, ctx, len, lvl, &lv[lvl]);
		lv[lvl].coef = coef;
		coef *= lv[lvl].lambda;
		if (lv[lvl].node != NGRAM_NONE)
			*lowest = lvl;
	}
	return coef;
}

static double
sum(const double *x, size_t n)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {	/* four sums: no chain of additions */
		s0 += x[i];
		s1 += x[i + 1];
		s2 += x[i + 2];
		s3 += x[i + 3];
	}
	for (; i < n; i++)
		s0 += x[i];
	return (s0 + s1) + (s2 + s3);
}

/* Fill a cache slot with level lvl's dense distribution P_lvl = lambda base + terms. */
static int
fill_cached(const struct ngram_model *m, const struct level *lv, int lvl,
    struct ngram_cached *e, size_t n)
{
	const struct ngram_counts *c = m->c;
	uint32_t j, first = c->kid_first[lv->node], end = first + c->kid_n[lv->node];
	size_t w;

	if (e->q == NULL && (e->q = malloc(n * sizeof *e->q)) == NULL)
		return -1;
	if (m->inv_temp != 1.0 && (e->qt == NULL || e->qt == e->q) &&
	    (e->qt = malloc(n * sizeof *e->qt)) == NULL)
		return -1;
	if (m->inv_temp == 1.0) {
		if (e->qt != NULL && e->qt != e->q)
			free(e->qt);
		e->qt = e->q;
	}
	for (w = 0; w < n; w++)
		e->q[w] = lv->lambda * m->base[w];
	for (j = first; j < end; j++)
		e->q[c->kid_word[j]] += lv->term[j];
	if (e->qt != e->q)
		for (w = 0; w < n; w++)
			e->qt[w] = pow(e->q[w], m->inv_temp);
	e->sum_t = sum(e->qt, n);
	e->m = m;
	e->node = lv->node;
	e->lvl = lvl;
	memset(e->fkey, 0, sizeof e->fkey);
	return 0;
}

/* The floor of a distribution: the cached dense level for a context with many
 * successors (then *lowest moves up a level), else the model's base. */
static void
choose_floor(const struct ngram_model *m, const struct level *lv, int *lowest,
    double base_coef, struct ngram_scratch *s, struct floor *fl)
{
	const struct level *low = &lv[*lowest];
	struct ngram_cached *e;
	size_t h;

	fl->p = m->base;
	fl->pt = m->base_t;
	fl->sum_t = m->base_t_sum;
	fl->coef = base_coef;
	fl->e = NULL;
	if (*lowest < 2 || !low->active || m->c->kid_n[low->node] < s->heavy)
		return;
	h = (size_t)(((uintptr_t)m >> 4) * 31 + low->node * 0x9e3779b1u) & (s->slots - 1);
	e = &s->cache[h];
	if ((e->m != m || e->node != low->node || e->lvl != *lowest) &&
	    fill_cached(m, low, *lowest, e, s->vocab) != 0) {
		e->m = NULL;
		return;
	}
	fl->p = e->q;
	fl->pt = e->qt;
	fl->sum_t = e->sum_t;
	fl->coef = low->coef;
	fl->e = e;
	*lowest = *lowest < m->order && lv[*lowest + 1].node != NGRAM_NONE ?
	    *lowest + 1 : 1;
}

/* acc[w] = the levels' own mass for each successor w of the lowest context. */
static void
gather_terms(const struct ngram_counts *c, const struct level *lv, int lowest,
    int order, double *acc)
{
	uint32_t j, first = c->kid_first[lv[lowest].node];
	uint32_t end = first + c->kid_n[lv[lowest].node];
	int lvl;

	if (lv[lowest].active)
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] = lv[lowest].coef * lv[lowest].term[j];
	else
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] = 0.0;
	for (lvl = lowest + 1; lvl <= order; lvl++) {
		if (!lv[lvl].active)
			continue;
		first = c->kid_first[lv[lvl].node];
		end = first + c->kid_n[lv[lvl].node];
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] += lv[lvl].coef * lv[lvl].term[j];
	}
}

/* Turn acc[w] of the successors of node into their final (tempered, factored)
 * unnormalised values; returns by how much they change the sum over the floor. */
static double
finish_terms(const struct ngram_model *m, uint32_t node, const struct floor *fl,
    double coef_t, const double *factor, double *acc)
{
	const struct ngram_counts *c = m->c;
	uint32_t j, first = c->kid_first[node], end = first + c->kid_n[node];
	double delta = 0.0;

	for (j = first; j < end; j++) {
		uint32_t w = c->kid_word[j];
		double raw = fl->coef * fl->p[w] + acc[w];
		double f = factor != NULL ? factor[w] : 1.0;
		double v = m->inv_temp == 1.0 ? raw : pow(raw, m->inv_temp);

		acc[w] = v * f;
		delta += acc[w] - coef_t * fl->pt[w] * f;
	}
	return delta;
}

/* out = a * pt (* factor). */
static void
fill_floor(double *restrict out, const double *restrict pt,
    const double *restrict factor, double a, size_t n)
{
	size_t i;

	if (factor == NULL)
		for (i = 0; i < n; i++)
			out[i] = a * pt[i];
	else
		for (i = 0; i < n; i++)
			out[i] = a * pt[i] * factor[i];
}

static double
dot(const double *restrict x, const double *restrict y, size_t n)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {	/* four sums: no chain of additions */
		s0 += x[i] * y[i];
		s1 += x[i + 1] * y[i + 1];
		s2 += x[i + 2] * y[i + 2];
		s3 += x[i + 3] * y[i + 3];
	}
	for (; i < n; i++)
		s0 += x[i] * y[i];
	return (s0 + s1) + (s2 + s3);
}

/* sum_w pt[w] * f[w] over the floor: the base's is given, a cached level's is
 * remembered per factor key (the same value whether computed or recalled). */
static double
floor_sum(const struct floor *fl, const struct ngram_factor *factor, size_t n)
{
	struct ngram_cached *e = fl->e;
	size_t slot = (size_t)(factor->key % NGRAM_FACTOR_MEMO);

	if (e == NULL)
		return factor->base_sum;
	if (factor->key != 0 && e->fkey[slot] == factor->key)
		return e->fdot[slot];
	e->fdot[slot] = dot(fl->pt, factor->f, n);
	e->fkey[slot] = factor->key;
	return e->fdot[slot];
}

void
ngram_dist(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct ngram_factor *factor, double *out, struct ngram_scratch *s)
{
	const struct ngram_counts *c = m->c;
	const double *f = factor != NULL ? factor->f : NULL;
	struct level lv[NGRAM_ORDER_MAX + 1];
	struct floor fl;
	double coef_t, full, delta = 0.0, z;
	uint32_t j, first = 0, end = 0;
	int lowest, plain = factor == NULL && m->inv_temp == 1.0;

	choose_floor(m, lv, &lowest, set_levels(m, ctx, len, lv, &lowest), s, &fl);
	coef_t = m->inv_temp == 1.0 ? fl.coef : pow(fl.coef, m->inv_temp);
	full = factor == NULL ? fl.sum_t : floor_sum(&fl, factor, c->vocab);
	if (lowest >= 2) {
		gather_terms(c, lv, lowest, m->order, s->acc);
		first = c->kid_first[lv[lowest].node];
		end = first + c->kid_n[lv[lowest].node];
		if (plain)	/* the terms add to the floor as they are */
			for (j = first; j < end; j++)
				delta += s->acc[c->kid_word[j]];
		else
			delta = finish_terms(m, lv[lowest].node, &fl, coef_t, f, s->acc);
	}
	z = 1.0 / (coef_t * full + delta);
	fill_floor(out, fl.pt, f, coef_t * z, c->vocab);
	for (j = first; j < end; j++) {
		uint32_t w = c->kid_word[j];

		out[w] = plain ? out[w] + s->acc[w] * z : s->acc[w] * z;
		s->acc[w] = 0.0;
	}
}

/* out = a * x; out may be x. */
static void
scale_into(double *out, const double *x, double a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = a * x[i];
}

/* extra[j] = the levels' own mass for the j-th successor of the lowest context:
 * the higher levels' successors are found there through kid_suffix. */
static void
gather_packed(const struct ngram_counts *c, const struct level *lv, int lowest,
    int order, double *extra)
{
	uint32_t j, first = c->kid_first[lv[lowest].node], n = c->kid_n[lv[lowest].node];
	int lvl, l;

	if (lv[lowest].active)
		scale_into(extra, lv[lowest].term + first, lv[lowest].coef, n);
	else
		memset(extra, 0, n * sizeof *extra);
	for (lvl = lowest + 1; lvl <= order; lvl++) {
		uint32_t end;

		if (!lv[lvl].active)
			continue;
		first = c->kid_first[lv[lvl].node];
		end = first + c->kid_n[lv[lvl].node];
		for (j = first; j < end; j++) {
			uint32_t off = c->kid_suffix[j];

			for (l = lvl - 1; l > lowest; l--)
				off = c->kid_suffix[c->kid_first[lv[l].node] + off];
			extra[off] += lv[lvl].coef * lv[lvl].term[j];
		}
	}
}

/* The tempered distribution's excess over its scaled floor coef_t * base_t at
 * each successor of node (just the levels' own mass at temperature 1); returns
 * their sum. */
static double
temper_packed(const struct ngram_model *m, uint32_t node, double coef, double coef_t,
    double *extra)
{
	const struct ngram_counts *c = m->c;
	const uint32_t *word = c->kid_word + c->kid_first[node];
	uint32_t j, n = c->kid_n[node];

	for (j = 0; m->inv_temp != 1.0 && j < n; j++) {
		double v = pow(coef * m->base[word[j]] + extra[j], m->inv_temp) -
		    coef_t * m->base_t[word[j]];

		extra[j] = v > 0.0 ? v : 0.0;
	}
	return sum(extra, n);
}

static size_t
list_find(const void *where, uint32_t w)
{
	const struct ngram_list *l = where;
	uint32_t nd = find_child(l->c, l->node, w);

	return nd == NGRAM_NONE ? SPLIT_NONE :
	    (size_t)(l->c->kid_at[nd] - l->c->kid_first[l->node]);
}

/* extra[j] *= the factor of the j-th successor of node; returns their sum. */
static double
factor_packed(const struct ngram_counts *c, uint32_t node, const double *factor,
    double *extra)
{
	const uint32_t *word = c->kid_word + c->kid_first[node];
	uint32_t j, n = c->kid_n[node];

	for (j = 0; j < n; j++)
		extra[j] *= factor[word[j]];
	return sum(extra, n);
}

void
ngram_split(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct split_floor *factored, double *extra, struct ngram_list *where,
    struct split_dist *out)
{
	const struct ngram_counts *c = m->c;
	struct level lv[NGRAM_ORDER_MAX + 1];
	int lowest;
	double coef = set_levels(m, ctx, len, lv, &lowest);
	double coef_t = m->inv_temp == 1.0 ? coef : pow(coef, m->inv_temp);
	double sum = 0.0, z;
	uint32_t n = 0;

	where->c = c;
	where->node = 0;
	if (lowest >= 2) {
		where->node = lv[lowest].node;
		n = c->kid_n[where->node];
		gather_packed(c, lv, lowest, m->order, extra);
		sum = temper_packed(m, where->node, coef, coef_t, extra);
		if (factored != NULL)
			sum = factor_packed(c, where->node, factored->factor, extra);
	}
	out->floor = factored != NULL ? factored : &m->floor;
	z = 1.0 / (coef_t * out->floor->sum + sum);
	scale_into(extra, extra, z, n);
	out->scale = coef_t * z;
	out->list = c->kid_word + c->kid_first[where->node];
	out->extra = extra;
	out->nlist = n;
	out->extra_sum = sum * z;
	out->find = list_find;
	out->where = where;
}

size_t
ngram_split_size(const struct ngram_model *m, const uint32_t *ctx, size_t len)
{
	uint32_t node;

	/* The lowest level with a context is 2 whenever any is: every context that
	 * occurred ends in a token that occurred. */
	if (m->order < 2 || len == 0)
		return 0;
	node = ngram_find(m->c, ctx + len - 1, 1);
	return node == NGRAM_NONE ? 0 : m->c->kid_n[node];
}

/* The successor of an active level at which the running sum of its discounted
 * shares first exceeds target (< 1 - lambda); the last one with a share when
 * rounding leaves target past the end. */
static uint32_t
pick_successor(const struct ngram_counts *c, const struct level *lv, double target)
{
	uint32_t j, first = c->kid_first[lv->node], end = first + c->kid_n[lv->node];
	uint32_t last = first;
	double acc = 0.0;

	for (j = first; j < end; j++) {
		if (lv->term[j] <= 0.0)
			continue;
		acc += lv->term[j];
		last = j;
		if (target < acc)
			break;
	}
	return c->kid_word[last];
}

/* The first token whose running sum of the base exceeds target. */
static uint32_t
pick_base(const struct ngram_model *m, double target)
{
	return (uint32_t)bisect_sums(m->base_cdf, m->c->vocab, target);
}

uint32_t
ngram_sample(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct rng *rng)
{
	struct level lv;
	int lvl;

	for (lvl = m->order; lvl >= 2; lvl--) {
		double u;

		level_at(m, ctx, len, lvl, &lv);
		if (!lv.active)
			continue;
		u = rng_uniform(rng);
		if (u < 1.0 - lv.lambda)
			return pick_successor(m->c, &lv, u);
	}
	return pick_base(m, rng_uniform(rng) * m->base_cdf[m->c->vocab - 1]);
}

double
ngram_prob(const struct ngram_model *m, const uint32_t *ctx, size_t len, uint32_t w)
{
	const struct ngram_counts *c = m->c;
	double p = m->base[w];
	struct level lv;
	int lvl;

	for (lvl = 2; lvl <= m->order; lvl++) {
		uint32_t nd;
		double d, x;
		uint64_t sum;

		level_at(m, ctx, len, lvl, &lv);
		if (!lv.active)
			continue;
		nd = find_child(c, lv.node, w);
		d = lvl == m->order ? c->disc_raw[lvl] : c->disc_cont[lvl];
		sum = lvl == m->order ? c->sum_raw[lv.node] : c->sum_cont[lv.node];
		x = nd == NGRAM_NONE ? 0.0 :
		    (double)(lvl == m->order ? c->raw[nd] : c->cont[nd]) - d;
		p = lv.lambda * p + (x > 0.0 ? x / (double)sum : 0.0);
	}
	return p;
}
