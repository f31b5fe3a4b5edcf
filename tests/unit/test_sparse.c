/* test_sparse.c: the sparse form of pdist gives the bits of the dense form.
 *
 * Each case is a pair of random sparse distributions (weights that are not
 * dyadic, so that the order of additions shows in the last bits; a few listed
 * entries of weight 0; vocabularies whose size leaves a tail after the blocks
 * of 4 and 8) handed to pdist both as sparse lists and written out as dense
 * vectors. Every operation the sampler and the statistics use must return the
 * same double, bit for bit, and the same token from the same random stream. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/ratio_tables.h"
#include "dist/sparse.h"
#include "util/rng.h"
#include "util/xalloc.h"
#include "lib/tap.h"

#define VMAX 1003

struct pair {
	size_t vocab;
	uint32_t pid[VMAX], qid[VMAX];
	double pw[VMAX], qw[VMAX];
	struct sparse_dist sp, sq;
	double dp[VMAX], dq[VMAX];
};

static int
same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* A random list over vocab tokens: each token listed with chance density, a
 * tenth of the listed ones with weight 0; normalised. Tokens below share are
 * listed in both of a pair (shared != 0). */
static void
make_list(struct rng *rng, size_t vocab, double density, uint32_t *id, double *w,
    struct sparse_dist *d, double *dense)
{
	double sum = 0.0;
	size_t x, n = 0;

	for (x = 0; x < vocab; x++)
		if (rng_uniform(rng) < density) {
			id[n] = (uint32_t)x;
			w[n] = rng_uniform(rng) < 0.1 ? 0.0 : rng_uniform(rng) * 3.0;
			sum += w[n++];
		}
	if (sum == 0.0) {	/* at least one positive entry */
		id[0] = (uint32_t)(vocab / 2);
		w[0] = sum = 1.0;
		n = 1;
	}
	memset(dense, 0, vocab * sizeof *dense);
	for (x = 0; x < n; x++)
		dense[id[x]] = w[x] /= sum;
	d->vocab = vocab;
	d->id = id;
	d->w = w;
	d->n = n;
}

static void
make_pair(struct pair *c, struct rng *rng, size_t vocab, double density, int equal)
{
	c->vocab = vocab;
	make_list(rng, vocab, density, c->pid, c->pw, &c->sp, c->dp);
	if (equal) {	/* q = p in other storage: the residual's mass is 0 */
		memcpy(c->qid, c->pid, sizeof c->qid);
		memcpy(c->qw, c->pw, sizeof c->qw);
		memcpy(c->dq, c->dp, sizeof c->dq);
		c->sq = c->sp;
		c->sq.id = c->qid;
		c->sq.w = c->qw;
	} else
		make_list(rng, vocab, density, c->qid, c->qw, &c->sq, c->dq);
}

/* prob, the support walk and argmax of one distribution. */
static int
single_ok(const struct pdist *s, const struct pdist *d)
{
	struct pdist_iter a, b;
	size_t x;
	int ok = pdist_argmax(s) == pdist_argmax(d);

	for (x = 0; x < d->vocab; x++)
		ok &= same_bits(pdist_prob(s, x), pdist_prob(d, x));
	pdist_iter_start(&a, s);
	pdist_iter_start(&b, d);
	for (;;) {
		int na = pdist_iter_next(&a), nb = pdist_iter_next(&b);

		ok &= na == nb;
		if (!na || !nb)
			break;
		ok &= a.token == b.token && same_bits(a.prob, b.prob);
	}
	return ok;
}

/* Draws from the distribution and from the residual at a, both streams. */
static int
draws_ok(const struct pdist *sp, const struct pdist *sq, const struct pdist *dp,
    const struct pdist *dq, double a, uint64_t seed)
{
	static double scratch_s[VMAX], scratch_d[VMAX];
	struct rng rs, rd;
	int i, ok = 1;

	rng_seed(&rs, seed, 0);
	rng_seed(&rd, seed, 0);
	for (i = 0; i < 300; i++) {
		double ms, md;

		ok &= pdist_sample(sp, &rs) == pdist_sample(dp, &rd);
		ok &= pdist_sample_residual(sp, sq, a, &rs, scratch_s, &ms) ==
		    pdist_sample_residual(dp, dq, a, &rd, scratch_d, &md);
		ok &= same_bits(ms, md);
	}
	return ok && rng_next(&rs) == rng_next(&rd);
}

/* The ratio CDF of every token, many at a time and one at a time. */
static int
ratio_ok(const struct pdist *sp, const struct pdist *sq, const struct pdist *dp,
    const struct pdist *dq)
{
	size_t xs[PDIST_MANY_MAX], x, n = dp->vocab;
	double a[PDIST_MANY_MAX], b[PDIST_MANY_MAX];
	int j, m, ok = 1;

	for (x = 0; x < n; x += (size_t)m) {
		m = n - x < PDIST_MANY_MAX ? (int)(n - x) : PDIST_MANY_MAX;
		for (j = 0; j < m; j++)
			xs[j] = n - 1 - (x + (size_t)j);	/* descending: unsorted */
		pdist_ratio_cdf_many(sp, sq, xs, m, a);
		pdist_ratio_cdf_many(dp, dq, xs, m, b);
		for (j = 0; j < m; j++)
			ok &= same_bits(a[j], b[j]) &&
			    same_bits(pdist_ratio_cdf(sp, sq, xs[j]), b[j]);
	}
	return ok;
}

/* The tables of a named pair: the same uses served, the same values. */
static int
tables_ok(const struct sparse_dist *lp, const struct sparse_dist *lq,
    const double *p, const double *q, size_t n)
{
	struct ratio_tables *ts = ratio_tables_new(), *td = ratio_tables_new();
	struct pdist sp = pdist_sparse_named(lp, 7), sq = pdist_sparse_named(lq, 8);
	struct pdist dp = pdist_dense_named(p, n, 7), dq = pdist_dense_named(q, n, 8);
	size_t xs[3];
	double a[3], b[3];
	int use, j, ok = 1, served = 0;

	for (use = 0; use < RATIO_TABLES_AFTER + 40; use++) {
		int s, d;

		for (j = 0; j < 3; j++)
			xs[j] = ((size_t)use * 37 + (size_t)j * 11) % n;
		s = ratio_tables_cdf(ts, &sp, &sq, xs, 3, a);
		d = ratio_tables_cdf(td, &dp, &dq, xs, 3, b);
		ok &= s == d;
		served += s;
		for (j = 0; s && d && j < 3; j++)
			ok &= same_bits(a[j], b[j]);
	}
	ratio_tables_free(ts);
	ratio_tables_free(td);
	return ok && served == 41;
}

/* Expected counts from groups of 1 to 6 handles (four to a pass). */
static int
counts_ok(const struct pdist *s, const struct pdist *d, size_t n)
{
	struct pdist_counts cs, cd;
	double w[6] = { 1, 3, 2, 1, 5, 4 };
	size_t x;
	int m, ok = 1;

	pdist_counts_init(&cs, n);
	pdist_counts_init(&cd, n);
	for (m = 1; m <= 6; m++) {
		pdist_counts_add(&cs, s, w, m);
		pdist_counts_add(&cd, d, w, m);
	}
	for (x = 0; x < n; x++)
		ok &= same_bits(pdist_counts_at(&cs, x), pdist_counts_at(&cd, x));
	pdist_counts_free(&cs);
	pdist_counts_free(&cd);
	return ok;
}

static void
check_case(struct pair *c, const char *what, uint64_t seed)
{
	struct pdist sp = pdist_sparse_named(&c->sp, 0), sq = pdist_sparse_named(&c->sq, 0);
	struct pdist dp = pdist_dense(c->dp, c->vocab), dq = pdist_dense(c->dq, c->vocab);
	struct pdist s6[6] = { sp, sq, sq, sp, sq, sp }, d6[6] = { dp, dq, dq, dp, dq, dp };

	tap_ok(single_ok(&sp, &dp) && single_ok(&sq, &dq),
	    "%s: prob, support and argmax as dense", what);
	tap_ok(same_bits(pdist_overlap(&sp, &sq), pdist_overlap(&dp, &dq)) &&
	    same_bits(pdist_residual_mass(&sp, &sq, 1.0),
	    pdist_residual_mass(&dp, &dq, 1.0)) &&
	    same_bits(pdist_residual_mass(&sp, &sq, 0.6),
	    pdist_residual_mass(&dp, &dq, 0.6)),
	    "%s: overlap and residual mass (a 1, 0.6), same bits", what);
	tap_ok(draws_ok(&sp, &sq, &dp, &dq, 1.0, seed) &&
	    draws_ok(&sp, &sq, &dp, &dq, 0.6, seed + 1),
	    "%s: 600 draws and residual draws, same tokens and masses", what);
	tap_ok(ratio_ok(&sp, &sq, &dp, &dq), "%s: every token's ratio CDF, same bits",
	    what);
	tap_ok(tables_ok(&c->sp, &c->sq, c->dp, c->dq, c->vocab),
	    "%s: ratio tables, the same uses served and the same values", what);
	tap_ok(counts_ok(s6, d6, c->vocab), "%s: expected counts, same bits", what);
}

/* rng_categorical_sparse against rng_categorical with a total above the sum,
 * so that draws run past the end and take the fallback (the last positive). */
static void
check_categorical(struct rng *rng)
{
	static double dense[VMAX];
	static uint32_t id[VMAX];
	static double w[VMAX];
	struct sparse_dist d;
	struct rng a, b;
	int i, ok = 1;

	make_list(rng, 1001, 0.05, id, w, &d, dense);
	rng_seed(&a, 5, 1);
	rng_seed(&b, 5, 1);
	for (i = 0; i < 2000; i++)
		ok &= rng_categorical_sparse(&a, id, w, d.n, 1001, 1.5) ==
		    rng_categorical(&b, dense, 1001, 1.5);
	tap_ok(ok, "categorical past the end (total 1.5 times the sum): same tokens");
}

int
main(void)
{
	static struct pair c;
	static const size_t vocab[] = { 9, 37, 1003 };
	static const double density[] = { 0.5, 0.3, 0.02 };
	struct rng rng;
	char what[64];
	int i;

	rng_seed(&rng, 21, 0);
	for (i = 0; i < 3; i++) {
		make_pair(&c, &rng, vocab[i], density[i], 0);
		snprintf(what, sizeof what, "V %zu, %zu and %zu entries", vocab[i], c.sp.n,
		    c.sq.n);
		check_case(&c, what, (uint64_t)i);
	}
	make_pair(&c, &rng, 37, 0.4, 1);
	check_case(&c, "V 37, q = p", 9);
	check_categorical(&rng);
	return tap_done();
}
