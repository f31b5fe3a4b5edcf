/* test_cmu.c: the cmu source against sphinxbase itself. A few next-word
 * probabilities read through sphinx_trie (the forward lists specdec builds from
 * the trie file) equal sphinxbase's ngram_ng_prob on the same file, trigram,
 * bigram, backed-off and unigram cases; every row of the three views sums to 1
 * up to the file's quantisation; the source's split handles (over the unigram
 * floor and over a heavy word's floor) equal the dense rows sphinx_trie_row makes
 * by its own pass, normalised (and raised to 1/T here: a tempered pair), token
 * by token, and sum to 1; a tempered target with top-p (and a draft at its own
 * temperature) equals the trigram row tempered and cut by a sort here; a tree of
 * nodes follows the contract of source.h.
 * SKIPs when this build has no sphinxbase or the model is not installed. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dist/pdist.h"
#include "lib/tap.h"
#include "source/cmu/sphinx_trie.h"
#include "source/source.h"
#include "source/cmu/source_cmu.h"

#ifdef HAVE_SPHINXBASE
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>

#define LOGBASE 1.0001

/* One query: the word after a history, most recent word last. */
struct query {
	const char *hist[2];
	const char *word;
	int used;		/* the order of the n-gram specdec should find */
};

static const struct query queries[] = {
	{ { "the", "united" }, "states", 3 },
	{ { NULL, "thank" }, "you", 2 },
	{ { "one", "of" }, "the", 3 },
	{ { "the", "united" }, "zebra", 1 },	/* backed off twice */
	{ { NULL, NULL }, "the", 1 },
};

static uint32_t
wid(const struct sphinx_trie *t, const char *w)
{
	return sphinx_trie_find_word(t, w, strlen(w));
}

static void
test_against_sphinxbase(const struct sphinx_trie *t)
{
	logmath_t *lmath = logmath_init(LOGBASE, 0, 0);
	ngram_model_t *m = ngram_model_read(NULL, SOURCE_CMU_MODEL, NGRAM_AUTO, lmath);
	size_t i;

	tap_ok(m != NULL, "sphinxbase reads %s", SOURCE_CMU_MODEL);
	if (m == NULL) {
		logmath_free(lmath);
		return;
	}
	for (i = 0; i < sizeof queries / sizeof queries[0]; i++) {
		const struct query *qy = &queries[i];
		uint32_t ctx[2];
		int32 hist[2], n = 0, nused;
		size_t nctx = 0;
		int used;
		double mine, theirs;

		if (qy->hist[0] != NULL)
			ctx[nctx++] = wid(t, qy->hist[0]);
		if (qy->hist[1] != NULL)
			ctx[nctx++] = wid(t, qy->hist[1]);
		for (n = 0; n < (int32)nctx; n++)	/* sphinxbase: most recent first */
			hist[n] = ngram_wid(m, nctx == 2 ? qy->hist[1 - n] : qy->hist[1]);
		mine = sphinx_trie_prob(t, 3, ctx, nctx, wid(t, qy->word), &used);
		theirs = exp(ngram_ng_prob(m, ngram_wid(m, qy->word), hist, n, &nused) *
		    log(LOGBASE));
		tap_ok(fabs(mine / theirs - 1.0) < 3e-4 && used == nused &&
		    used == qy->used, "P(%s | %s %s): specdec %.6g, ngram_ng_prob %.6g "
		    "(orders used %d and %d, want %d)", qy->word,
		    qy->hist[0] ? qy->hist[0] : "-", qy->hist[1] ? qy->hist[1] : "-",
		    mine, theirs, used, nused, qy->used);
	}
	ngram_model_free(m);
	logmath_free(lmath);	/* the model does not free it */
}

static void
test_row_sums(const struct sphinx_trie *t)
{
	double *row = malloc(t->vocab * sizeof *row);
	uint32_t ctx[2] = { wid(t, "the"), wid(t, "united") };
	int order;

	for (order = 1; order <= 3; order++) {
		double sum = sphinx_trie_row(t, order, ctx, 2, row);

		tap_ok(fabs(sum - 1.0) < 0.01, "row of order %d after 'the united' sums to "
		    "%.5f before normalising (quantisation within 1%%)", order, sum);
	}
	free(row);
}

/* row := row^(1/T) / its sum, by hand; returns 1. */
static double
temper(double *row, size_t n, double T)
{
	double sum = 0.0;
	size_t w;

	for (w = 0; w < n; w++)
		sum += row[w] = pow(row[w], 1.0 / T);
	for (w = 0; w < n; w++)
		row[w] /= sum;
	return 1.0;
}

/* The source's p and q at its root after prompt, both at temperature T,
 * against sphinx_trie_row raised to 1/T here and normalised. */
static void
test_source_at(struct source *src_, const char *prompt, double T,
    const struct sphinx_trie *t)
{
	struct warp warp = { T, 0, 1.0 };
	struct source src = *src_;
	struct pdist p, q;
	char err[512];
	double *dense = malloc(t->vocab * sizeof *dense), *row = malloc(t->vocab *
	    sizeof *row), sum, zr, dev = 0.0, sp = 0.0, sq = 0.0;
	uint32_t ctx[2];
	size_t w, n = 0;
	const char *at = strrchr(prompt, ' ');

	source_cmu_set_warps(&src, &warp, &warp);
	if (source_cmu_set_prompt(&src, prompt, err, sizeof err) != 0) {
		tap_ok(0, "prompt '%s': %s", prompt, err);
		return;
	}
	if (at != NULL) {
		char first[64];

		snprintf(first, sizeof first, "%.*s", (int)(at - prompt), prompt);
		ctx[n++] = wid(t, first);
	}
	ctx[n++] = wid(t, at != NULL ? at + 1 : prompt);
	source_begin(&src, NULL, 1);
	source_dists(&src, SOURCE_ROOT, &p, &q);
	tap_ok(p.form == PDIST_SPLIT && q.form == PDIST_SPLIT, "'%s', T %g: split form",
	    prompt, T);
	pdist_densify(&p, dense);
	sphinx_trie_row(t, 3, ctx, n, row);
	zr = temper(row, t->vocab, T);
	for (w = 0; w < t->vocab; w++) {
		dev = fmax(dev, fabs(dense[w] - row[w] * zr));
		sp += dense[w];
	}
	tap_ok(dev < 1e-12 && fabs(sp - 1.0) < 1e-9, "'%s', T %g: target (order 3) "
	    "equals the dense row token by token (largest difference %.2g), sums to "
	    "%.12f", prompt, T, dev, sp);
	pdist_densify(&q, dense);
	sphinx_trie_row(t, 2, ctx, n, row);
	sum = temper(row, t->vocab, T);
	for (dev = 0.0, w = 0; w < t->vocab; w++) {
		dev = fmax(dev, fabs(dense[w] - row[w] / sum));
		sq += dense[w];
	}
	tap_ok(dev < 1e-12 && fabs(sq - 1.0) < 1e-9, "'%s', T %g: draft (order 2) "
	    "equals the dense row (largest difference %.2g), sums to %.12f", prompt, T,
	    dev, sq);
	free(dense);
	free(row);
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* row := row^(1/T), normalised, then cut to its nucleus of mass P (the entries
 * at or above the one where the descending sums reach P), normalised; by sort. */
static void
temper_nucleus(double *row, size_t n, double T, double P)
{
	double *sorted = malloc(n * sizeof *sorted), acc = 0.0, last = 0.0;
	size_t w;

	temper(row, n, T);
	memcpy(sorted, row, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_desc);
	for (w = 0; w < n && acc < P; w++)
		acc += last = sorted[w];
	for (acc = 0.0, w = 0; w < n; w++)
		acc += row[w] = row[w] >= last ? row[w] : 0.0;
	for (w = 0; w < n; w++)
		row[w] /= acc;
	free(sorted);
}

/* The largest gap between a dense row and the reference. */
static double
gap_dense(const struct pdist *d, const double *want, double *dense, size_t n)
{
	double gap = 0.0;
	size_t w;

	pdist_densify(d, dense);
	for (w = 0; w < n; w++)
		gap = fmax(gap, fabs(dense[w] - want[w]));
	return gap;
}

/* Temperature with top-p: the target at T 0.5 with top-p 0.9 and the draft at
 * T 2 with top-p 0.6, after "one of", against the rows warped here. */
static void
test_top_p(struct source *src_, const struct sphinx_trie *t)
{
	struct warp wp = { 0.5, 0, 0.9 }, wq = { 2.0, 0, 0.6 };
	struct source src = *src_;
	struct pdist p, q;
	char err[512];
	double *row = malloc(t->vocab * sizeof *row), *dense = malloc(t->vocab *
	    sizeof *dense), gp, gq;
	uint32_t ctx[2] = { wid(t, "one"), wid(t, "of") };

	source_cmu_set_warps(&src, &wp, &wq);
	if (source_cmu_set_prompt(&src, "one of", err, sizeof err) != 0) {
		tap_ok(0, "prompt: %s", err);
		return;
	}
	source_begin(&src, NULL, 1);
	source_dists(&src, SOURCE_ROOT, &p, &q);
	sphinx_trie_row(t, 3, ctx, 2, row);
	temper_nucleus(row, t->vocab, 0.5, 0.9);
	gp = gap_dense(&p, row, dense, t->vocab);
	sphinx_trie_row(t, 2, ctx, 2, row);
	temper_nucleus(row, t->vocab, 2.0, 0.6);
	gq = gap_dense(&q, row, dense, t->vocab);
	tap_ok(gp < 1e-12 && gq < 1e-12, "'one of': target at T 0.5 with top-p 0.9 and "
	    "draft at T 2 with top-p 0.6 equal the rows tempered, then cut, here "
	    "(largest differences %.2g, %.2g)", gp, gq);
	free(row);
	free(dense);
}

/* The largest gap between node's target and the trigram row (normalised)
 * after ctx[0..n). */
static double
gap_at(struct source *src, int node, const uint32_t *ctx, size_t n,
    const struct sphinx_trie *t, double *row, double *dense)
{
	struct pdist p;
	double z, gap = 0.0;
	size_t w;

	source_dists(src, node, &p, NULL);
	pdist_densify(&p, dense);
	z = 1.0 / sphinx_trie_row(t, 3, ctx, n, row);
	for (w = 0; w < t->vocab; w++)
		gap = fmax(gap, fabs(dense[w] - row[w] * z));
	return gap;
}

/* The source contract by node (source.h): a node asked twice gives the same
 * handles; siblings and a grandchild of the root after "the united" are each
 * the trigram after their own prefix; all hold until the next begin. */
static void
test_nodes(struct source *src_, const struct sphinx_trie *t)
{
	struct warp one = { 1.0, 0, 1.0 };
	struct source src = *src_;
	struct pdist p1, q1, p2, q2;
	char err[512];
	double *row = malloc(t->vocab * sizeof *row), *dense = malloc(t->vocab *
	    sizeof *dense), gap = 0.0;
	uint32_t the = wid(t, "the"), united = wid(t, "united");
	uint32_t x = wid(t, "states"), y = wid(t, "kingdom");
	int a, b, ab;

	source_cmu_set_warps(&src, &one, &one);
	if (source_cmu_set_prompt(&src, "the united", err, sizeof err) != 0) {
		tap_ok(0, "prompt: %s", err);
		return;
	}
	source_begin(&src, NULL, 1);
	source_dists(&src, SOURCE_ROOT, &p1, &q1);
	source_dists(&src, SOURCE_ROOT, &p2, &q2);
	tap_ok(pdist_same(&p1, &p2) && pdist_same(&q1, &q2),
	    "the root asked twice gives the same handles");
	a = source_child(&src, SOURCE_ROOT, (int)x);
	b = source_child(&src, SOURCE_ROOT, (int)y);
	ab = source_child(&src, a, (int)y);
	gap = fmax(gap, gap_at(&src, ab, (const uint32_t[]){ x, y }, 2, t, row, dense));
	gap = fmax(gap, gap_at(&src, b, (const uint32_t[]){ united, y }, 2, t, row,
	    dense));
	gap = fmax(gap, gap_at(&src, a, (const uint32_t[]){ united, x }, 2, t, row,
	    dense));
	gap = fmax(gap, gap_at(&src, SOURCE_ROOT, (const uint32_t[]){ the, united }, 2,
	    t, row, dense));
	tap_ok(gap < 1e-12, "a tree: the root, two siblings and a grandchild, each the "
	    "trigram after its own prefix (largest gap %.2g)", gap);
	source_dists(&src, SOURCE_ROOT, &p2, &q2);
	tap_ok(pdist_same(&p1, &p2), "the root's handle holds after its children were "
	    "made");
	free(row);
	free(dense);
}

int
main(void)
{
	struct source_cmu_config cfg = { NULL, 3, 2, { 1.0, 0, 1.0 }, { 1.0, 0, 1.0 }, 0 };
	struct sphinx_trie t;
	struct source src;
	char err[512] = "";

	if (access(SOURCE_CMU_MODEL, R_OK) != 0) {
		printf("1..0 # SKIP %s is not installed (Debian: pocketsphinx-en-us)\n",
		    SOURCE_CMU_MODEL);
		return 0;
	}
	err_set_logfp(NULL);
	if (!tap_ok(sphinx_trie_read(SOURCE_CMU_MODEL, &t, err, sizeof err) == 0,
	    "read the trie: %s", err))
		return tap_done();
	tap_ok(t.vocab == 72547 && t.count[1] == 2051541 && t.count[2] == 1669625,
	    "72,547 words, 2,051,541 bigrams, 1,669,625 trigrams (got %u, %llu, %llu)",
	    t.vocab, (unsigned long long)t.count[1], (unsigned long long)t.count[2]);
	test_against_sphinxbase(&t);
	test_row_sums(&t);
	if (!tap_ok(source_cmu_open(&src, &cfg, err, sizeof err) == 0,
	    "open the cmu source: %s", err))
		return tap_done();
	test_source_at(&src, "the united", 1.0, &t);	/* the unigram floor */
	test_source_at(&src, "one of", 1.0, &t);	/* 'of' is heavy: its own floor */
	test_source_at(&src, "thank", 1.0, &t);
	test_source_at(&src, "the united", 0.5, &t);	/* tempered floors */
	test_source_at(&src, "one of", 2.0, &t);
	test_top_p(&src, &t);
	test_nodes(&src, &t);
	source_close(&src);
	sphinx_trie_free(&t);
	return tap_done();
}
#else
int
main(void)
{
	printf("1..0 # SKIP built without sphinxbase (install %s and reconfigure)\n",
	    SOURCE_CMU_PACKAGES);
	return 0;
}
#endif
