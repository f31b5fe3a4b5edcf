/* ngram.c: a trie of n-gram counts and interpolated Kneser-Ney models over it. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ngram.h"

#define DISCOUNT_LOW 0.1
#define DISCOUNT_HIGH 0.9
#define DISCOUNT_DEFAULT 0.5

struct build {
	struct ngram_counts *c;
	size_t cap;
	uint8_t *depth;
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
	void *p[5];

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
	if (!p[0] || !p[1] || !p[2] || !p[3] || !p[4])
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
			if (created && m >= 2)
				b->c->cont[cur[m - 1]]++;
			cur[m] = nd;
		}
		memcpy(prev, cur, sizeof prev);
	}
	return 0;
}

static int
alloc_tables(struct ngram_counts *c)
{
	size_t n = c->nnodes;

	c->kid_first = calloc(n + 1, sizeof *c->kid_first);
	c->kid_n = calloc(n, sizeof *c->kid_n);
	c->sum_raw = calloc(n, sizeof *c->sum_raw);
	c->sum_cont = calloc(n, sizeof *c->sum_cont);
	c->npos_cont = calloc(n, sizeof *c->npos_cont);
	c->kid_word = malloc(n * sizeof *c->kid_word);
	c->kid_raw = malloc(n * sizeof *c->kid_raw);
	c->kid_cont = malloc(n * sizeof *c->kid_cont);
	return c->kid_first && c->kid_n && c->sum_raw && c->sum_cont && c->npos_cont &&
	    c->kid_word && c->kid_raw && c->kid_cont ? 0 : -1;
}

/* Group every node's successors together (compressed rows) and sum them up. */
static int
build_successors(struct ngram_counts *c)
{
	size_t i, at;

	if (alloc_tables(c) != 0)
		return -1;
	for (i = 1; i < c->nnodes; i++)
		c->kid_n[c->parent[i]]++;
	for (i = 0, at = 0; i < c->nnodes; i++) {
		c->kid_first[i] = (uint32_t)at;
		at += c->kid_n[i];
		c->kid_n[i] = 0;
	}
	for (i = 1; i < c->nnodes; i++) {
		uint32_t p = c->parent[i], j = c->kid_first[p] + c->kid_n[p]++;

		c->kid_word[j] = c->word[i];
		c->kid_raw[j] = c->raw[i];
		c->kid_cont[j] = c->cont[i];
		c->sum_raw[p] += c->raw[i];
		c->sum_cont[p] += c->cont[i];
		c->npos_cont[p] += c->cont[i] > 0;
	}
	return 0;
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
	if (c->parent && c->word && c->raw && c->cont && b.depth &&
	    rehash(c, 4096) == 0 && count_all(&b, ids, n) == 0 &&
	    build_successors(c) == 0) {
		estimate_discounts(c, b.depth);
		rc = 0;
	}
	free(b.depth);
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
	free(c->kid_raw);
	free(c->kid_cont);
	free(c->slot);
	memset(c, 0, sizeof *c);
}

uint32_t
ngram_find(const struct ngram_counts *c, const uint32_t *ctx, size_t len)
{
	uint32_t nd = 0;
	size_t i;

	for (i = 0; i < len && nd != NGRAM_NONE; i++)
		nd = find_child(c, nd, ctx[i]);
	return nd;
}

/* One interpolation level of a model at a context. */
struct level {
	uint32_t node;		/* the context */
	int raw;		/* raw counts (top level) or continuation counts */
	double denom;		/* sum of its successors' counts */
	double d;		/* discount */
	double lambda;		/* mass handed down: d * (successors counted) / denom */
};

/* Level lvl (1..m->order) at the context ending ctx[0..len); 0 when that level
 * hands all of its mass down (context too short, never seen, or without counted
 * successors). */
static int
level_at(const struct ngram_model *m, const uint32_t *ctx, size_t len, int lvl,
    struct level *lv)
{
	const struct ngram_counts *c = m->c;
	size_t clen = (size_t)lvl - 1;
	double npos;

	if (clen > len)
		return 0;
	lv->node = clen == 0 ? 0 : ngram_find(c, ctx + len - clen, clen);
	if (lv->node == NGRAM_NONE)
		return 0;
	lv->raw = lvl == m->order;
	lv->denom = (double)(lv->raw ? c->sum_raw[lv->node] : c->sum_cont[lv->node]);
	if (lv->denom <= 0.0)
		return 0;
	lv->d = lv->raw ? c->disc_raw[lvl] : c->disc_cont[lvl];
	npos = lv->raw ? c->kid_n[lv->node] : c->npos_cont[lv->node];
	lv->lambda = lv->d * npos / lv->denom;
	return 1;
}

/* The discounted share of a count at a level. */
static double
level_term(const struct level *lv, uint32_t count)
{
	double x = (double)count - lv->d;

	return x > 0.0 ? x / lv->denom : 0.0;
}

static void
build_base(struct ngram_model *m)
{
	const struct ngram_counts *c = m->c;
	double uniform = 1.0 / (double)c->vocab;
	struct level lv;
	uint32_t j, first = c->kid_first[0];
	size_t w;

	if (!level_at(m, NULL, 0, 1, &lv)) {
		for (w = 0; w < c->vocab; w++)
			m->base[w] = uniform;
		return;
	}
	for (w = 0; w < c->vocab; w++)
		m->base[w] = lv.lambda * uniform;
	for (j = first; j < first + c->kid_n[0]; j++)
		m->base[c->kid_word[j]] += level_term(&lv, lv.raw ? c->kid_raw[j] :
		    c->kid_cont[j]);
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
	if (m->base == NULL || m->base_t == NULL) {
		ngram_model_free(m);
		return -1;
	}
	build_base(m);
	m->base_t_sum = 0.0;
	for (w = 0; w < c->vocab; w++) {
		m->base_t[w] = m->inv_temp == 1.0 ? m->base[w] : pow(m->base[w], m->inv_temp);
		m->base_t_sum += m->base_t[w];
	}
	return 0;
}

void
ngram_model_free(struct ngram_model *m)
{
	free(m->base);
	free(m->base_t);
	m->base = m->base_t = NULL;
}

int
ngram_scratch_init(struct ngram_scratch *s, size_t vocab)
{
	memset(s, 0, sizeof *s);
	s->vocab = vocab;
	s->acc = calloc(vocab, sizeof *s->acc);
	s->mark = calloc(vocab, sizeof *s->mark);
	s->touched = malloc(vocab * sizeof *s->touched);
	if (s->acc == NULL || s->mark == NULL || s->touched == NULL) {
		ngram_scratch_free(s);
		return -1;
	}
	return 0;
}

void
ngram_scratch_free(struct ngram_scratch *s)
{
	free(s->acc);
	free(s->mark);
	free(s->touched);
	memset(s, 0, sizeof *s);
}

static void
next_stamp(struct ngram_scratch *s)
{
	s->ntouched = 0;
	if (++s->stamp == 0) {
		memset(s->mark, 0, s->vocab * sizeof *s->mark);
		s->stamp = 1;
	}
}

/* acc[w] += coef * (level term of w) for the level's successors; returns the
 * coefficient of the levels below. */
static double
add_level(const struct ngram_counts *c, const struct level *lv, double coef,
    struct ngram_scratch *s)
{
	uint32_t j, first = c->kid_first[lv->node], end = first + c->kid_n[lv->node];
	const uint32_t *count = lv->raw ? c->kid_raw : c->kid_cont;

	for (j = first; j < end; j++) {
		uint32_t w = c->kid_word[j];

		if (s->mark[w] != s->stamp) {
			s->mark[w] = s->stamp;
			s->touched[s->ntouched++] = w;
		}
		s->acc[w] += coef * level_term(lv, count[j]);
	}
	return coef * lv->lambda;
}

/* Turn acc[w] of the touched tokens into their final (tempered, factored)
 * unnormalised values; returns the normaliser of the whole distribution. */
static double
finish_touched(const struct ngram_model *m, double coef, double coef_t,
    const double *factor, double full_sum, struct ngram_scratch *s)
{
	double z = coef_t * full_sum;
	size_t i;

	for (i = 0; i < s->ntouched; i++) {
		uint32_t w = s->touched[i];
		double raw = coef * m->base[w] + s->acc[w];
		double f = factor != NULL ? factor[w] : 1.0;
		double v = m->inv_temp == 1.0 ? raw : pow(raw, m->inv_temp);

		s->acc[w] = v * f;
		z += s->acc[w] - coef_t * m->base_t[w] * f;
	}
	return z;
}

void
ngram_dist(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const double *factor, double factor_sum, double *out, struct ngram_scratch *s)
{
	double coef = 1.0, coef_t, z, a;
	struct level lv;
	size_t i, n = m->c->vocab;
	int lvl;

	next_stamp(s);
	for (lvl = m->order; lvl >= 2; lvl--)
		if (level_at(m, ctx, len, lvl, &lv))
			coef = add_level(m->c, &lv, coef, s);
	coef_t = m->inv_temp == 1.0 ? coef : pow(coef, m->inv_temp);
	z = finish_touched(m, coef, coef_t, factor,
	    factor != NULL ? factor_sum : m->base_t_sum, s);
	a = coef_t / z;
	if (factor != NULL)
		for (i = 0; i < n; i++)
			out[i] = a * m->base_t[i] * factor[i];
	else
		for (i = 0; i < n; i++)
			out[i] = a * m->base_t[i];
	for (i = 0; i < s->ntouched; i++) {
		uint32_t w = s->touched[i];

		out[w] = s->acc[w] / z;
		s->acc[w] = 0.0;
	}
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

		if (!level_at(m, ctx, len, lvl, &lv))
			continue;
		nd = find_child(c, lv.node, w);
		p = lv.lambda * p + (nd == NGRAM_NONE ? 0.0 :
		    level_term(&lv, lv.raw ? c->raw[nd] : c->cont[nd]));
	}
	return p;
}
