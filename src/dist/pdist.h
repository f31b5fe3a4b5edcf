/* pdist.h: one handle for a next-token distribution over tokens 0..vocab-1,
 * whatever form its source keeps it in, and every operation the sampler, the
 * statistics and the checks need, for one distribution or for a pair (p, q).
 * This module is the only place that knows the forms:
 *
 *   dense   a vector of vocab probabilities (the stub, a replay, any n-gram
 *           position);
 *   split   a scaled floor plus a sparse list (split.h): an n-gram position
 *           whose context has few successors. Two split distributions over one
 *           floor, or over a floor and that floor times factors, are a pair,
 *           and their overlap, residual and ratio order cost time in their
 *           lists plus a logarithm of the vocabulary, not the vocabulary;
 *   sparse  a list of nonzero entries, every other token 0 (sparse.h): a
 *           replay's sparse line. Every operation on it, and on a pair of
 *           sparse ones, gives the bits the dense form gives, in time in the
 *           entries. (A sparse handle paired with another form takes the
 *           generic path, whose sums may round otherwise: a source hands out
 *           a pair in one form, as the replay does.)
 *
 * A further form (a top-k list from a real model, say) is one more enum value
 * with its prob, sample and support; a pair of forms without a fast path of
 * its own is served by the generic path, one pass over the vocabulary through
 * pdist_prob. Handles are small values that point at storage they do not own:
 * a source's handles stay valid until its next step begins. */
#ifndef SPECDEC_PDIST_H
#define SPECDEC_PDIST_H

#include <stddef.h>
#include <stdint.h>

struct rng;
struct rng_blocks;
struct sparse_dist;
struct split_dist;
struct split_floor;

enum pdist_form {
	PDIST_DENSE,
	PDIST_SPLIT,
	PDIST_SPARSE,
};

struct pdist {
	enum pdist_form form;
	size_t vocab;
	union {
		const double *dense;		/* vocab probabilities summing to 1 */
		const struct split_dist *split;
		const struct sparse_dist *sparse;
	} u;
	uint64_t name;		/* 0, or a name for a dense or sparse one's values: within
				 * one source, two handles with one nonzero name
				 * hold the same values (a cached row, a replay
				 * line), so work on them can be kept
				 * (ratio_tables.h) */
	const double *cum;	/* NULL, or a dense vector's running sums (vocab
				 * entries, dist_softmax_cum): draws from it are
				 * then a binary search */
	struct rng_blocks *blocks;	/* NULL, or a dense vector's block sums (rng.h),
				 * filled by its first draw: draws then take
				 * rng_categorical's token by a binary search */
};

/* Handles on a dense vector of vocab entries and on a split distribution. */
static inline struct pdist
pdist_dense(const double *p, size_t vocab)
{
	struct pdist d = { PDIST_DENSE, vocab, { .dense = p }, 0, NULL, NULL };

	return d;
}

/* A dense handle with its running sums. */
static inline struct pdist
pdist_dense_cum(const double *p, const double *cum, size_t vocab)
{
	struct pdist d = { PDIST_DENSE, vocab, { .dense = p }, 0, cum, NULL };

	return d;
}

/* A dense handle whose values are named (see name above). */
static inline struct pdist
pdist_dense_named(const double *p, size_t vocab, uint64_t name)
{
	struct pdist d = { PDIST_DENSE, vocab, { .dense = p }, name, NULL, NULL };

	return d;
}

/* A named dense handle whose draws keep their block sums in blocks (filled by
 * the first draw, until the values change: the owner clears blocks->filled). */
static inline struct pdist
pdist_dense_blocks(const double *p, size_t vocab, uint64_t name, struct rng_blocks *blocks)
{
	struct pdist d = { PDIST_DENSE, vocab, { .dense = p }, name, NULL, blocks };

	return d;
}

struct pdist pdist_split(const struct split_dist *d);

/* A handle on a sparse list, named as pdist_dense_named (0: no name). */
struct pdist pdist_sparse_named(const struct sparse_dist *d, uint64_t name);

/* Whether two sparse lists are one by identity (sparse.c). */
int pdist_sparse_same(const struct sparse_dist *a, const struct sparse_dist *b);

/* Whether a and b are one distribution by identity (the same storage in the
 * same form): a sampler reuses what it computed for a repeated pair. (Inline,
 * as pdist_dense: both run for every position of every step.) */
static inline int
pdist_same(const struct pdist *a, const struct pdist *b)
{
	if (a->form != b->form)
		return 0;
	if (a->form == PDIST_DENSE)
		return a->u.dense == b->u.dense;
	return a->form == PDIST_SPLIT ? a->u.split == b->u.split :
	    pdist_sparse_same(a->u.sparse, b->u.sparse);
}

/* p(x) of a split or sparse p (pdist_prob's out-of-line part). */
double pdist_prob_other(const struct pdist *p, size_t x);

/* p(x). Inline for a dense p: a chain step asks a score of times. */
static inline double
pdist_prob(const struct pdist *p, size_t x)
{
	return p->form == PDIST_DENSE ? p->u.dense[x] : pdist_prob_other(p, x);
}

/* A token drawn from p (a dense p by rng_categorical, or by binary search of
 * its running sums when it has them, or of its block sums when it has those:
 * rng_categorical's token; a split one from its list or by binary search of
 * its floor). */
size_t pdist_sample(const struct pdist *p, struct rng *rng);

/* The lowest token of largest p(x) (greedy decoding's choice): a pass over a
 * dense p; a split p costs its list. */
size_t pdist_argmax(const struct pdist *p);

/* out (vocab entries) = p as a dense vector. */
void pdist_densify(const struct pdist *p, double *out);

/* The functions below take a pair p, q over one vocabulary, in any mix of
 * forms; a split pair is served in its own time when p lies on the plain
 * floor (for the overlap, either way round). */

/* sum_x min(p(x), q(x)), in [0, 1]. */
double pdist_overlap(const struct pdist *p, const struct pdist *q);

/* The scaled residual r_a = max(0, a p - q), a in (0, 1] (a = 1: the residual
 * of speculative sampling; block verification scales p by its running accept
 * probability): its mass sum_x r_a(x). */
double pdist_residual_mass(const struct pdist *p, const struct pdist *q, double a);

/* A token drawn from norm(r_a); *mass gets r_a's mass. When that mass is 0 (a p
 * <= q everywhere, or p and q agree to rounding at a = 1) the token is drawn
 * from p itself. scratch (vocab doubles) is working memory for the dense and
 * generic paths; a split pair draws the floors' part by rejection, after 64
 * failures by an exact scan of the vocabulary. */
size_t pdist_sample_residual(const struct pdist *p, const struct pdist *q, double a,
    struct rng *rng, double *scratch, double *mass);

/* sum of p(y) over the tokens y ordered before x, where tokens are ordered by
 * their ratio r(y) = p(y) / q(y) ascending (q(y) = 0: +infinity), ties by
 * token id. With a uniform w, ratio_cdf(x) + w p(x) is uniform on [0, 1) when
 * x ~ p, whatever q: a randomised probability integral transform that the
 * classic sampler errors skew. Each form computes the ratios from its own
 * values (a split pair's tokens outside both lists have the floor ratio
 * scale_p / (scale_q factor)), so two forms of one pair can order tokens
 * whose ratios agree to rounding differently; every form gives one total
 * order, which is all the transform needs. O(V) dense; O(lists + log V) for a
 * split pair (plus the floor tokens tied with x's ratio, on a factored floor
 * only those with equal factors). */
double pdist_ratio_cdf(const struct pdist *p, const struct pdist *q, size_t x);

/* pdist_ratio_cdf of the m tokens xs[0..m-1] of one pair into out, with the same
 * values; a dense pair takes one pass over the vocabulary for all of them (up to
 * PDIST_MANY_MAX tokens at once). */
#define PDIST_MANY_MAX 33
void pdist_ratio_cdf_many(const struct pdist *p, const struct pdist *q,
    const size_t *xs, int m, double *out);

/* Up to this vocabulary the ratio CDF's pass makes every block's thresholds
 * afresh (ratio_small in pdist_body.h): cheaper than the branches it saves. */
#define PDIST_RATIO_SMALL_MAX 64

/* Whether a pair's overlap and the ratio CDF of one token can be taken in one
 * pass (pdist_overlap_ratio_cdf): a dense pair above a small vocabulary (below
 * it the ratio CDF has a pass of its own, pdist_body.h's ratio_small). Inline:
 * a chain step asks at every tested position. */
static inline int
pdist_fuses_ratio(const struct pdist *p, const struct pdist *q)
{
	return p->form == PDIST_DENSE && q->form == PDIST_DENSE &&
	    p->vocab > PDIST_RATIO_SMALL_MAX;
}

/* pdist_overlap(p, q), returned, and pdist_ratio_cdf(p, q, x), into *cdf, the
 * same values bit for bit, in one pass over a dense pair (both must be dense,
 * as pdist_fuses_ratio asks): the sums in the same lanes and order as each
 * function's own pass. */
double pdist_overlap_ratio_cdf(const struct pdist *p, const struct pdist *q, size_t x,
    double *cdf);

/* The support of p (the tokens with p(x) > 0), one token at a time in
 * ascending id: pdist_iter_start, then pdist_iter_next until it returns 0.
 * A pass over the vocabulary in the dense and split forms (a split form's
 * floor reaches every token); a sparse one's entries. */
struct pdist_iter {
	const struct pdist *p;
	size_t next;
	size_t token;		/* set by pdist_iter_next */
	double prob;		/* p(token) */
};

void pdist_iter_start(struct pdist_iter *it, const struct pdist *p);
int pdist_iter_next(struct pdist_iter *it);

/* Expected counts for a goodness-of-fit test: count[x] += n p(x) for every
 * emitted position with target p. A split p adds its list here and its scaled
 * floor to a running coefficient of that floor, so a step costs its lists, not
 * the vocabulary, while its floors are among the PDIST_COUNTS_FLOORS kept (the
 * floors must outlive the counts, or be cleared with them first). */
#define PDIST_COUNTS_FLOORS 72	/* floors kept apart; a further one folds one in */

struct pdist_counts {
	size_t vocab;
	double *sum;		/* vocab: added token by token */
	const struct split_floor *floor[PDIST_COUNTS_FLOORS];	/* plus coef[i] times */
	double coef[PDIST_COUNTS_FLOORS];	/* floor[i]'s weights, i < nfloors */
	int nfloors;
	struct pdist_counts_memo *memo;	/* the values since the last change
					 * (add or clear: while floors are
					 * kept, sum changes only there) */
};

void pdist_counts_init(struct pdist_counts *c, size_t vocab);
void pdist_counts_free(struct pdist_counts *c);
void pdist_counts_clear(struct pdist_counts *c);

/* count += n[0] p[0] + ... + n[m-1] p[m-1]: the split ones first, in order,
 * then the dense and sparse ones, four to a pass over the vocabulary (a group
 * of sparse ones: over their entries, with the dense pass's sums). */
void pdist_counts_add(struct pdist_counts *c, const struct pdist *p, const double *n,
    int m);

/* The expected count of x, and all of them into out (vocab entries): one pass
 * a floor after a change, then a copy until the next (the live view asks
 * several times a frame). */
double pdist_counts_at(const struct pdist_counts *c, size_t x);
void pdist_counts_values(const struct pdist_counts *c, double *out);

#endif
