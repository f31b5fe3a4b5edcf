/* ngram.h: interpolated Kneser-Ney n-gram language models over a token-id text
 * (Kneser and Ney 1995; Chen and Goodman 1998, interpolated form, one absolute
 * discount per order and count type, D = n1 / (n1 + 2 n2)).
 *
 * A model of order n scores w after the context h (its last n - 1 tokens):
 *   P_n(w | h) = max(c(hw) - D, 0) / c(h.) + D N1+(h.) / c(h.) * P_{n-1}(w | h'),
 * with raw counts c at its top level and continuation counts N1+(.gw) (distinct
 * left neighbours) at the lower ones; h' drops h's first token. A context never
 * seen (or too short, at the start of a text) hands all its mass down a level.
 * The lowest level interpolates with the uniform distribution, so every token of
 * the vocabulary, seen or not, has positive probability.
 *
 * The counts are shared by any number of models of order up to the counted one;
 * the dense distribution of a context costs one pass over the vocabulary plus the
 * seen successors of its contexts, its split form only those successors.
 *
 * Three files implement this header: ngram.c (counting, discounts, the levels
 * of the interpolation), ngram_dense.c (dense vectors and their level cache)
 * and ngram_split.c (the split form and ancestral sampling). Running out of
 * memory ends the process (xalloc.h). */
#ifndef SPECDEC_NGRAM_H
#define SPECDEC_NGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split.h"

#define NGRAM_ORDER_MAX 6
#define NGRAM_NONE UINT32_MAX

struct rng;

struct ngram_counts {
	size_t vocab;
	int order;		/* longest n-gram counted */
	size_t nnodes;		/* trie nodes; node 0 is the empty context */
	uint32_t *parent;	/* per node: its context minus the last token */
	uint32_t *word;		/* per node: its last token */
	uint32_t *raw;		/* per node: occurrences of the n-gram */
	uint32_t *cont;		/* per node: distinct tokens seen before it */
	uint32_t *kid_first;	/* per node: its successors' range in kid_* */
	uint32_t *kid_n;
	uint64_t *sum_raw;	/* per node: sum of its successors' raw counts */
	uint64_t *sum_cont;	/* per node: sum of its successors' cont counts */
	uint32_t *npos_cont;	/* per node: successors with cont > 0 */
	uint32_t *kid_word;	/* successors, grouped by context */
	uint32_t *kid_at;	/* per node: its own entry in kid_* */
	uint32_t *kid_suffix;	/* per entry of a context of two tokens or more: where
				 * its token sits in the suffix context's successors
				 * (an offset from that context's kid_first) */
	double *kid_term_raw;	/* max(c - D, 0) / sum, from the raw counts */
	double *kid_term_cont;	/* the same from the continuation counts */
	uint32_t *uni;		/* per token: its unigram node, or NGRAM_NONE */
	uint32_t *slot;		/* hash of (parent, word) -> node + 1 */
	size_t mask;
	double disc_raw[NGRAM_ORDER_MAX + 1];	/* by n-gram length */
	double disc_cont[NGRAM_ORDER_MAX + 1];
};

struct ngram_model {
	const struct ngram_counts *c;
	int order;		/* 1..c->order */
	double inv_temp;	/* 1 / temperature */
	double *base;		/* the lowest level, P_1 (vocab entries) */
	double *base_t;		/* base ^ inv_temp */
	double base_t_sum;
	double *base_cdf;	/* running sums of base, for ngram_sample */
	double *base_t_cdf;	/* running sums of base_t */
	struct split_floor floor;	/* base_t as the floor of ngram_split */
};

#define NGRAM_FACTOR_MEMO 16	/* factor sums remembered per cached level */

/* Per-token factors multiplying a model's distribution (draft noise). */
struct ngram_factor {
	const double *f;	/* vocab entries, each > 0 */
	double base_sum;	/* sum_w base_t[w] * f[w] for the model it is used with */
	uint64_t key;		/* names the contents of f: a new key whenever they
				 * change, so that sums over f can be remembered; 0
				 * remembers nothing. key % NGRAM_FACTOR_MEMO picks the
				 * memo slot. */
};

/* A context's own level as a dense distribution, kept for contexts with many
 * successors so that their distributions cost one pass and not a scatter. */
struct ngram_cached {
	const struct ngram_model *m;	/* NULL when the slot is empty */
	uint32_t node;
	int lvl;
	double *q;		/* P_lvl(. | node), untempered */
	double *qt;		/* q ^ inv_temp (q itself at temperature 1) */
	double sum_t;
	uint64_t fkey[NGRAM_FACTOR_MEMO];	/* factor keys of fdot, 0 = none */
	double fdot[NGRAM_FACTOR_MEMO];	/* sum_w qt[w] * f[w] for that factor */
};

/* Working memory for ngram_dist, one per concurrent user. */
struct ngram_scratch {
	size_t vocab;
	double *acc;		/* zero between calls */
	struct ngram_cached *cache;	/* direct-mapped on (model, node) */
	size_t slots;		/* a power of two */
	uint32_t heavy;		/* successors from which a context is cached */
};

/* Count every n-gram of ids[0..n) up to length order (1..NGRAM_ORDER_MAX) over a
 * vocabulary of vocab tokens (ids < vocab). */
void ngram_count(struct ngram_counts *c, const uint32_t *ids, size_t n, size_t vocab,
    int order);
void ngram_counts_free(struct ngram_counts *c);

/* The trie node of the context ctx[0..len), or NGRAM_NONE when it never occurred. */
uint32_t ngram_find(const struct ngram_counts *c, const uint32_t *ctx, size_t len);

/* A model of the given order (1..c->order) at temperature (> 0): its distributions
 * are P^(1/T), renormalised. */
void ngram_model_build(struct ngram_model *m, const struct ngram_counts *c, int order,
    double temperature);
void ngram_model_release(struct ngram_model *m);

void ngram_scratch_init(struct ngram_scratch *s, size_t vocab);
void ngram_scratch_free(struct ngram_scratch *s);

/* out (vocab entries) = the tempered distribution of the token after the text
 * ctx[0..len) (only its last order - 1 tokens matter). With factor non-NULL, each
 * probability is multiplied by factor->f[w] before normalising. One pass over the
 * vocabulary, two when a cached level meets a factor key it has not seen. */
void ngram_dist(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct ngram_factor *factor, double *out, struct ngram_scratch *s);

/* A successor list, for finding tokens in it. */
struct ngram_list {
	const struct ngram_counts *c;
	uint32_t node;
};

/* The tempered distribution after ctx[0..len) in split form (split.h): the
 * model's floor (base_t) scaled, plus extra on the seen successors of the
 * shortest context that occurred, which the higher levels and the tempering
 * raise above the floor. With factored (a factored floor whose base has the
 * values of m's floor) the distribution is multiplied by its factors and
 * renormalised, over that floor. extra (room for the list: vocab entries always
 * do) and where (its lookup) belong to the caller and must outlive out. Time
 * proportional to the list, with no pass over the vocabulary. The values equal
 * ngram_dist's with the same factors to rounding. */
void ngram_split(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct split_floor *factored, double *extra, struct ngram_list *where,
    struct split_dist *out);

/* The same distribution over another floor: row, the model's own distribution
 * after the context's last token alone (ngram_dist after ctx[len-1..len), its
 * lower-order row, which the longer context interpolates with), scaled, plus
 * extra on the successors of the context's last two tokens. For an untempered
 * model of order 2 or more without factors, after a context whose last token
 * occurred: a context with many successors then costs the few of its longer
 * context. extra and where as for ngram_split. */
void ngram_split_over(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct split_floor *row, double *extra, struct ngram_list *where,
    struct split_dist *out);

/* The length of the list ngram_split_over gives after ctx[0..len). */
size_t ngram_split_over_size(const struct ngram_model *m, const uint32_t *ctx,
    size_t len);

/* The length of the list ngram_split gives after ctx[0..len) (one lookup). */
size_t ngram_split_size(const struct ngram_model *m, const uint32_t *ctx, size_t len);

/* A token drawn from the untempered P(. | ctx[0..len)) by ancestral sampling of
 * the interpolation, top level first: with its own discounted mass (1 - lambda)
 * a level picks one of its context's seen successors in proportion to its
 * discounted count, else it hands the draw down; the base level draws from P_1
 * by binary search of its running sums. O(successors + log vocab), no dense
 * pass. Exact only for an untempered model (temperature 1). */
uint32_t ngram_sample(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct rng *rng);

/* The untempered P(w | ctx[0..len)) by the recursive formula, one token at a time:
 * slow, independent of ngram_dist, for tests. */
double ngram_prob_of(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    uint32_t w);

/* Shared by the three files: the trie and the interpolation's levels. */

/* The node of the n-gram parent + word, or NGRAM_NONE when it never occurred. */
uint32_t ngram_child(const struct ngram_counts *c, uint32_t parent, uint32_t word);

/* One interpolation level of a model at a context. */
struct ngram_level {
	uint32_t node;		/* the context, or NGRAM_NONE */
	int active;		/* it holds mass of its own (else it hands all down) */
	const double *term;	/* its successors' discounted shares */
	double lambda;		/* mass handed down: D * (successors counted) / sum */
	double coef;		/* weight of this level's terms in the whole */
};

/* Level lvl (1..m->order) at the context ending ctx[0..len). It is inactive, and
 * hands all of its mass down, when the context is too short, never seen, or has
 * no counted successors. */
void ngram_level_at(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    int lvl, struct ngram_level *lv);

/* The levels 2..order at the context into lv[2..order], top down, with their
 * coefficients; returns the coefficient of the lowest level (the base) and sets
 * *lowest to the deepest level whose context exists (1 when none does). Every
 * successor of a longer context is a successor of its suffix, so the successors
 * of *lowest hold all the tokens any level gives mass of its own. */
double ngram_levels(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct ngram_level *lv, int *lowest);

#endif
