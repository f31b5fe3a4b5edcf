/* ngram.c: a trie of n-gram counts, its discounts, and the interpolation's
 * levels at a context (the dense and split evaluations are ngram_dense.c and
 * ngram_split.c). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/ngram.h"
#include "util/xalloc.h"

#define DISCOUNT_LOW 0.1
#define DISCOUNT_HIGH 0.9
#define DISCOUNT_DEFAULT 0.5

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

uint32_t
ngram_child(const struct ngram_counts *c, uint32_t parent, uint32_t word)
{
	return find_child(c, parent, word);
}

static void
rehash(struct ngram_counts *c, size_t size)
{
	uint32_t *slot = xcalloc(size, sizeof *slot);
	size_t i, h;

	for (i = 1; i < c->nnodes; i++) {
		h = slot_of(c->parent[i], c->word[i], size - 1);
		while (slot[h] != 0)
			h = (h + 1) & (size - 1);
		slot[h] = (uint32_t)i + 1;
	}
	free(c->slot);
	c->slot = slot;
	c->mask = size - 1;
}

static void
grow_nodes(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t cap = b->cap * 2;

	c->parent = xreallocarray(c->parent, cap, sizeof *c->parent);
	c->word = xreallocarray(c->word, cap, sizeof *c->word);
	c->raw = xreallocarray(c->raw, cap, sizeof *c->raw);
	c->cont = xreallocarray(c->cont, cap, sizeof *c->cont);
	b->depth = xreallocarray(b->depth, cap, 1);
	b->suffix = xreallocarray(b->suffix, cap, sizeof *b->suffix);
	b->cap = cap;
}

/* The node for (parent, word), created when new (*created set). */
static uint32_t
add_child(struct build *b, uint32_t parent, uint32_t word, int depth, int *created)
{
	struct ngram_counts *c = b->c;
	uint32_t nd = find_child(c, parent, word);
	size_t h;

	*created = nd == NGRAM_NONE;
	if (!*created)
		return nd;
	if (c->nnodes == b->cap)
		grow_nodes(b);
	if (c->nnodes * 2 > c->mask)
		rehash(c, (c->mask + 1) * 2);
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
static void
count_all(struct build *b, const uint32_t *ids, size_t n)
{
	uint32_t prev[NGRAM_ORDER_MAX + 1], cur[NGRAM_ORDER_MAX + 1];
	size_t i;
	int m, created;

	prev[0] = cur[0] = 0;
	for (i = 0; i < n; i++) {
		for (m = 1; m <= b->c->order && (size_t)m <= i + 1; m++) {
			uint32_t nd = add_child(b, prev[m - 1], ids[i], m, &created);

			b->c->raw[nd]++;
			if (created && m >= 2) {
				b->c->cont[cur[m - 1]]++;
				b->suffix[nd] = cur[m - 1];
			}
			cur[m] = nd;
		}
		memcpy(prev, cur, sizeof prev);
	}
}

static void
alloc_tables(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t n = c->nnodes;

	c->kid_first = xcalloc(n + 1, sizeof *c->kid_first);
	c->kid_n = xcalloc(n, sizeof *c->kid_n);
	c->sum_raw = xcalloc(n, sizeof *c->sum_raw);
	c->sum_cont = xcalloc(n, sizeof *c->sum_cont);
	c->npos_cont = xcalloc(n, sizeof *c->npos_cont);
	c->kid_word = xreallocarray(NULL, n, sizeof *c->kid_word);
	c->kid_at = xcalloc(n, sizeof *c->kid_at);
	c->kid_suffix = xcalloc(n, sizeof *c->kid_suffix);
	c->kid_term_raw = xreallocarray(NULL, n, sizeof *c->kid_term_raw);
	c->kid_term_cont = xreallocarray(NULL, n, sizeof *c->kid_term_cont);
	c->uni = xreallocarray(NULL, c->vocab, sizeof *c->uni);
	b->kid_raw = xreallocarray(NULL, n, sizeof *b->kid_raw);
	b->kid_cont = xreallocarray(NULL, n, sizeof *b->kid_cont);
}

/* Group every node's successors together (compressed rows) and sum them up. */
static void
build_successors(struct build *b)
{
	struct ngram_counts *c = b->c;
	size_t i, at;

	alloc_tables(b);
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

void
ngram_count(struct ngram_counts *c, const uint32_t *ids, size_t n, size_t vocab,
    int order)
{
	struct build b = { .c = c, .cap = 1024 };

	memset(c, 0, sizeof *c);
	c->vocab = vocab;
	c->order = order;
	c->nnodes = 1;
	c->parent = xreallocarray(NULL, b.cap, sizeof *c->parent);
	c->word = xreallocarray(NULL, b.cap, sizeof *c->word);
	c->raw = xcalloc(b.cap, sizeof *c->raw);
	c->cont = xcalloc(b.cap, sizeof *c->cont);
	b.depth = xcalloc(b.cap, 1);
	b.suffix = xcalloc(b.cap, sizeof *b.suffix);
	rehash(c, 4096);
	count_all(&b, ids, n);
	build_successors(&b);
	link_suffixes(&b);
	estimate_discounts(c, b.depth);
	precompute_terms(&b);
	free(b.depth);
	free(b.suffix);
	free(b.kid_raw);
	free(b.kid_cont);
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

void
ngram_level_at(const struct ngram_model *m, const uint32_t *ctx, size_t len, int lvl,
    struct ngram_level *lv)
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
	struct ngram_level lv;
	uint32_t j, first = c->kid_first[0];
	size_t w;

	ngram_level_at(m, NULL, 0, 1, &lv);
	for (w = 0; w < c->vocab; w++)
		m->base[w] = lv.lambda * uniform;
	if (lv.active)
		for (j = first; j < first + c->kid_n[0]; j++)
			m->base[c->kid_word[j]] += lv.term[j];
}

void
ngram_model_build(struct ngram_model *m, const struct ngram_counts *c, int order,
    double temperature)
{
	size_t w;

	m->c = c;
	m->order = order;
	m->inv_temp = 1.0 / temperature;
	m->base = xreallocarray(NULL, c->vocab, sizeof *m->base);
	m->base_t = xreallocarray(NULL, c->vocab, sizeof *m->base_t);
	m->base_cdf = xreallocarray(NULL, c->vocab, sizeof *m->base_cdf);
	m->base_t_cdf = xreallocarray(NULL, c->vocab, sizeof *m->base_t_cdf);
	build_base(m);
	m->base_t_sum = 0.0;
	for (w = 0; w < c->vocab; w++) {
		m->base_t[w] = m->inv_temp == 1.0 ? m->base[w] : pow(m->base[w], m->inv_temp);
		m->base_t_sum += m->base_t[w];
		m->base_cdf[w] = (w > 0 ? m->base_cdf[w - 1] : 0.0) + m->base[w];
		m->base_t_cdf[w] = (w > 0 ? m->base_t_cdf[w - 1] : 0.0) + m->base_t[w];
	}
	m->floor = (struct split_floor){ .vocab = c->vocab, .w = m->base_t,
	    .cdf = m->base_t_cdf, .sum = m->base_t_sum,
	    .top = split_floor_top(m->base_t, c->vocab) };
}

void
ngram_model_release(struct ngram_model *m)
{
	split_floor_forget(&m->floor);
	free(m->base);
	free(m->base_t);
	free(m->base_cdf);
	free(m->base_t_cdf);
	m->base = m->base_t = m->base_cdf = m->base_t_cdf = NULL;
}

double
ngram_levels(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct ngram_level *lv, int *lowest)
{
	double coef = 1.0;
	int lvl;

	*lowest = 1;
	for (lvl = m->order; lvl >= 2; lvl--) {
		ngram_level_at(m, ctx, len, lvl, &lv[lvl]);
		lv[lvl].coef = coef;
		coef *= lv[lvl].lambda;
		if (lv[lvl].node != NGRAM_NONE)
			*lowest = lvl;
	}
	return coef;
}

double
ngram_prob_of(const struct ngram_model *m, const uint32_t *ctx, size_t len, uint32_t w)
{
	const struct ngram_counts *c = m->c;
	double p = m->base[w];
	struct ngram_level lv;
	int lvl;

	for (lvl = 2; lvl <= m->order; lvl++) {
		uint32_t nd;
		double d, x;
		uint64_t sum;

		ngram_level_at(m, ctx, len, lvl, &lv);
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

