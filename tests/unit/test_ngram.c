/* test_ngram.c: the tokenizer, the vocabulary, and the Kneser-Ney models: every
 * distribution sums to 1 whatever the context (seen, unseen, too short, with the
 * unknown token), the fast dense path agrees with the one-token-at-a-time formula,
 * and temperature and noise factors renormalise. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/chisq.h"
#include "source/ngram/ngram.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "source/source.h"
#include "source/ngram/source_ngram.h"
#include "verify/spec.h"
#include "dist/split.h"
#include "lib/tap.h"
#include "source/tokenize.h"
#include "source/ngram/vocab.h"

static const char text[] =
    "The cat sat on the mat. The dog sat on the log. A cat and a dog ran to "
    "the park, and the cat sat in the sun; the dog did not. Don't the well-known "
    "cats sit? \xc3\xa9t\xc3\xa9 \xe2\x80\x94 caf\xc3\xa9 \xe2\x80\x9cquoted\xe2\x80\x9d "
    "bad\xff" "byte the cat sat on the mat again.";

static int
token_is(const char *s, size_t len, size_t *pos, const char *want)
{
	size_t start, tlen;

	return tokenize_next(s, len, pos, &start, &tlen) && tlen == strlen(want) &&
	    memcmp(s + start, want, tlen) == 0;
}

static void
test_tokenize(void)
{
	static const char *const want[] = {
		"Don't", "the", "well-known", "cats", "sit", "?", "\xc3\xa9t\xc3\xa9",
		"\xe2\x80\x94", "caf\xc3\xa9", "\xe2\x80\x9c", "quoted", "\xe2\x80\x9d",
		"bad", "byte", "-", "x", "'", "y", ".",
	};
	const char *s = strstr(text, "Don't");
	char buf[256];
	size_t pos = 0, i, len;
	int ok = 1;

	len = (size_t)snprintf(buf, sizeof buf, "%.*s - x ' y .",
	    (int)(strstr(text, " the cat sat on the mat again") - s), s);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		ok &= token_is(buf, len, &pos, want[i]);
	tap_ok(ok, "tokenizer: words with joiners, UTF-8 words and punctuation, bad bytes "
	    "separate");
	tap_ok(!token_is(buf, len, &pos, "") && pos == len, "tokenizer: nothing left");
	memset(buf, 'a', 200);
	pos = 0;
	tap_ok(token_is(buf, 200, &pos, "") == 0 && pos == TOKENIZE_WORD_MAX,
	    "tokenizer: a long word is cut at %d bytes", TOKENIZE_WORD_MAX);
}

/* Not capped: every word kept and no unknown token, which the models would
 * otherwise give a share of the smoothing mass and the text would show. */
static void
vocab_uncapped(void)
{
	struct vocab v;
	uint32_t *ids;
	size_t n, i;
	int unk_word = 0;

	vocab_build(text, strlen(text), 5000, &v, &ids, &n);
	for (i = 0; i < v.size; i++)
		unk_word += strcmp(v.word[i], VOCAB_UNK_LABEL) == 0;
	tap_ok(v.size == v.types && v.unk == VOCAB_NO_UNK && unk_word == 0,
	    "vocab not capped: %zu words for %zu types, no <unk>", v.size, v.types);
	free(ids);
	vocab_free(&v);
	vocab_build(text, strlen(text), v.types, &v, &ids, &n);
	tap_ok(v.size == v.types && v.unk == VOCAB_NO_UNK,
	    "vocab capped at exactly its types: no <unk> either");
	free(ids);
	vocab_free(&v);
}

static void
test_vocab(void)
{
	struct vocab v;
	uint32_t *ids;
	size_t n;

	if (!tap_ok(vocab_build(text, strlen(text), 5, &v, &ids, &n) == 0, "vocab builds"))
		return;
	tap_eq((long long)v.size, 5, "vocab: capped at 5 with the unknown token");
	tap_ok(strcmp(v.word[0], "the") == 0, "vocab: the most frequent word first "
	    "(got '%s')", v.word[0]);
	tap_ok(strcmp(v.word[v.unk], VOCAB_UNK_LABEL) == 0 && v.unk == 4, "vocab: unk last");
	tap_ok(ids[0] == v.unk && ids[1] != v.unk, "vocab: 'The' is rare, 'cat' is kept");
	free(ids);
	vocab_free(&v);
	vocab_uncapped();
}

static double
sum_of(const double *p, size_t n)
{
	double s = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		s += p[i];
	return s;
}

static int
all_positive(const double *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(p[i] > 0.0) || !isfinite(p[i]))
			return 0;
	return 1;
}

/* Largest |dense - formula| over the vocabulary (untempered models). */
static double
max_gap(const struct ngram_model *m, const uint32_t *ctx, size_t len, const double *p)
{
	double gap = 0.0;
	uint32_t w;

	for (w = 0; w < m->c->vocab; w++) {
		double d = fabs(p[w] - ngram_prob_of(m, ctx, len, w));

		gap = d > gap ? d : gap;
	}
	return gap;
}

static double
formula_sum(const struct ngram_model *m, const uint32_t *ctx, size_t len)
{
	double s = 0.0;
	uint32_t w;

	for (w = 0; w < m->c->vocab; w++)
		s += ngram_prob_of(m, ctx, len, w);
	return s;
}

struct fixture {
	struct vocab v;
	uint32_t *ids;
	size_t n;
	struct ngram_counts c;
};

/* The contexts to try: empty, seen (a trigram of the text), seen only as a
 * bigram, never seen, ending in the unknown token, and one token long. */
static size_t
contexts(const struct fixture *f, uint32_t ctx[][3], size_t *len)
{
	uint32_t unk = f->v.unk;

	len[0] = 0;
	memcpy(ctx[1], f->ids + 2, 3 * sizeof **ctx);
	len[1] = 3;
	ctx[2][0] = unk, ctx[2][1] = f->ids[4], ctx[2][2] = f->ids[5];
	len[2] = 3;
	ctx[3][0] = f->ids[5], ctx[3][1] = f->ids[5], ctx[3][2] = f->ids[5];
	len[3] = 3;
	ctx[4][0] = f->ids[1], ctx[4][1] = unk;
	len[4] = 2;
	ctx[5][0] = f->ids[3];
	len[5] = 1;
	return 6;
}

/* With factors: out (= p on entry, the plain distribution) becomes p * f
 * renormalised, whether the factor is keyed or not, and a remembered key gives
 * the same bits as a fresh one. Leaves the factored distribution in p; 1 when
 * all of that holds. */
static int
check_factor(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct ngram_factor *fac, double *p, struct ngram_scratch *s)
{
	size_t i, n = m->c->vocab;
	double *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
	double z = 0.0, gap = 0.0;
	int same = 1;

	for (i = 0; i < n; i++)
		z += want[i] = p[i] * fac->f[i];
	fac->key = 0;
	ngram_dist(m, ctx, len, fac, got, s);
	for (i = 0; i < n; i++)
		gap = fmax(gap, fabs(got[i] - want[i] / z));
	fac->key = 17;
	ngram_dist(m, ctx, len, fac, p, s);
	ngram_dist(m, ctx, len, fac, p, s);
	for (i = 0; i < n; i++)
		same &= p[i] == got[i];
	free(want);
	free(got);
	return gap < 1e-14 && same;
}

/* The split form equals the dense distribution p (within 1e-14 per token), sums
 * to 1, has the length ngram_split_size says, and its lookup finds every listed
 * token at its place and nothing else; 1 when all of that holds. */
static int
check_split(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const double *p)
{
	size_t i, w, n = m->c->vocab;
	double *extra = malloc(n * sizeof *extra), gap = 0.0;
	unsigned char *listed = calloc(n, 1);
	struct ngram_list where;
	struct split_dist d;
	int ok = 1;

	ngram_split(m, ctx, len, NULL, extra, &where, &d);
	for (i = 0; i < d.nlist; i++) {
		ok &= d.find(d.where, d.list[i]) == i;
		listed[d.list[i]] = 1;
	}
	for (w = 0; w < n; w++) {
		gap = fmax(gap, fabs(split_prob(&d, w) - p[w]));
		ok &= listed[w] || split_extra(&d, w) == 0.0;
	}
	ok &= d.nlist == ngram_split_size(m, ctx, len);
	ok &= fabs(d.scale * d.floor->sum + d.extra_sum - 1.0) < 1e-12;
	free(extra);
	free(listed);
	return ok && gap < 1e-14;
}

static void
check_model(struct fixture *f, int order, double temp, int heavy)
{
	static const char *const kind[] = { "empty", "seen", "bigram only", "unseen",
	    "ends in unk", "one token" };
	struct ngram_model m;
	struct ngram_scratch s;
	uint32_t ctx[6][3];
	size_t len[6], i, k, vocab = f->v.size;
	double *p = malloc(vocab * sizeof *p), *factor = malloc(vocab * sizeof *factor);
	double fsum = 0.0;
	struct ngram_factor fac;
	int ok;

	ngram_model_build(&m, &f->c, order, temp);
	ngram_scratch_init(&s, vocab);
	s.heavy = (uint32_t)heavy;
	for (i = 0; i < vocab; i++) {
		factor[i] = exp(0.7 * sin((double)i * 1.7));
		fsum += m.base_t[i] * factor[i];
	}
	fac.f = factor;
	fac.base_sum = fsum;
	for (k = 0; k < contexts(f, ctx, len); k++) {
		ngram_dist(&m, ctx[k], len[k], NULL, p, &s);
		tap_ok(fabs(sum_of(p, vocab) - 1.0) < 1e-12 && all_positive(p, vocab),
		    "order %d, T %g, %s context: sums to 1 (%.15f), all positive%s", order,
		    temp, kind[k], sum_of(p, vocab), heavy <= 1 ? " (cached levels)" : "");
		if (temp == 1.0)
			tap_ok(max_gap(&m, ctx[k], len[k], p) < 1e-14 &&
			    fabs(formula_sum(&m, ctx[k], len[k]) - 1.0) < 1e-12, "order %d, %s "
			    "context: the formula sums to 1 and dense = formula for every token",
			    order, kind[k]);
		tap_ok(check_split(&m, ctx[k], len[k], p), "order %d, T %g, %s context: "
		    "split form = dense, sums to 1, its list found", order, temp, kind[k]);
		ok = check_factor(&m, ctx[k], len[k], &fac, p, &s);
		tap_ok(ok && fabs(sum_of(p, vocab) - 1.0) < 1e-12, "order %d, T %g, %s context, "
		    "noise factors: sums to 1, p(w) factor(w) renormalised, the same when "
		    "the factor's sum is remembered", order, temp, kind[k]);
	}
	for (i = 0, k = 0; i < vocab; i++)
		k += s.acc[i] != 0.0;
	tap_eq((long long)k, 0, "scratch is clean after use");
	free(p);
	free(factor);
	ngram_scratch_free(&s);
	ngram_model_release(&m);
}

/* Ancestral sampling draws from the formula's distribution: a chi-square test of
 * many draws against ngram_prob_of in every kind of context. */
static void
check_sample(struct fixture *f, int order)
{
	static const char *const kind[] = { "empty", "seen", "bigram only", "unseen",
	    "ends in unk", "one token" };
	enum { DRAWS = 200000 };
	struct ngram_model m;
	struct rng rng;
	uint32_t ctx[6][3];
	size_t len[6], i, k, vocab = f->v.size;
	uint64_t *hist = malloc(vocab * sizeof *hist);
	double *expect = malloc(vocab * sizeof *expect);
	struct chisq_result r;

	ngram_model_build(&m, &f->c, order, 1.0);
	rng_seed(&rng, 42, (uint64_t)order);
	for (k = 0; k < contexts(f, ctx, len); k++) {
		int bad = 0;

		memset(hist, 0, vocab * sizeof *hist);
		for (i = 0; i < DRAWS; i++) {
			uint32_t w = ngram_sample(&m, ctx[k], len[k], &rng);

			if (w < vocab)
				hist[w]++;
			else
				bad++;
		}
		for (i = 0; i < vocab; i++)
			expect[i] = DRAWS * ngram_prob_of(&m, ctx[k], len[k], (uint32_t)i);
		r = chisq_test(hist, expect, vocab);
		tap_ok(bad == 0 && r.df > 10 && r.p_value > 1e-3, "order %d, %s context: "
		    "%d ancestral draws match the formula (chi2 %.1f on %d df, p = %.3f)",
		    order, kind[k], DRAWS, r.statistic, r.df, r.p_value);
	}
	free(hist);
	free(expect);
	ngram_model_release(&m);
}

/* Temperature: the dense distribution is the formula's p^(1/T), renormalised. */
static void
check_temperature(struct fixture *f)
{
	struct ngram_model m;
	struct ngram_scratch s;
	size_t vocab = f->v.size;
	double *p = malloc(vocab * sizeof *p), z = 0.0, gap = 0.0;
	uint32_t w, *ctx = f->ids + 2;

	ngram_model_build(&m, &f->c, 3, 0.5);
	ngram_scratch_init(&s, vocab);
	ngram_dist(&m, ctx, 2, NULL, p, &s);
	for (w = 0; w < vocab; w++)
		z += pow(ngram_prob_of(&m, ctx, 2, w), 2.0);
	for (w = 0; w < vocab; w++)
		gap = fmax(gap, fabs(p[w] - pow(ngram_prob_of(&m, ctx, 2, w), 2.0) / z));
	tap_ok(gap < 1e-14, "T 0.5: dense = p^2 / sum p^2 (largest gap %g)", gap);
	free(p);
	ngram_scratch_free(&s);
	ngram_model_release(&m);
}

/* A text of words drawn from a skewed distribution over many types, so that a
 * run meets more draft contexts than the source keeps rows for. */
static char *
skewed_text(size_t words, uint64_t seed)
{
	char *t = malloc(words * 8 + 1), *at = t;
	struct rng r;
	size_t i;

	rng_seed(&r, seed, 0);
	for (i = 0; i < words; i++) {
		double u = rng_uniform(&r);

		at += sprintf(at, "w%u ", (unsigned)(u * u * u * 400.0));
	}
	return t;
}

static double
max_diff(const double *a, const double *b, size_t n)
{
	double gap = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		gap = fmax(gap, fabs(a[i] - b[i]));
	return gap;
}

/* A walk over a source's steps as the sampler makes them: each step begins
 * after the context ctx[0..n), each position's pair comes after the drafts
 * before it (walk_draft draws the next from q), and the step keeps 1 to gamma
 * of its drafts. */
struct walk {
	struct source *src;
	struct rng r;
	uint32_t ctx[NGRAM_ORDER_MAX + SPEC_GAMMA_MAX];
	int drafted[SPEC_GAMMA_MAX + 1];
	int node;	/* the node of the next draft position (source.h) */
	size_t n;
};

static void
walk_init(struct walk *w, struct source *src, uint64_t seed)
{
	memset(w, 0, sizeof *w);
	w->src = src;
	rng_seed(&w->r, seed, 0);
}

static void
walk_begin(struct walk *w)
{
	source_begin(w->src, &w->r, 1);
	w->node = SOURCE_ROOT;
	w->n = source_ngram_context(w->src, w->ctx, NGRAM_ORDER_MAX - 1);
}

static void
walk_draft(struct walk *w, int k, const struct pdist *q)
{
	w->drafted[k] = (int)pdist_sample(q, &w->r);
	w->ctx[w->n + (size_t)k] = (uint32_t)w->drafted[k];
	w->node = source_child(w->src, w->node, w->drafted[k]);
}

static void
walk_commit(struct walk *w, int gamma)
{
	source_commit(w->src, w->drafted, 1 + (int)(rng_next(&w->r) % (uint64_t)gamma));
}

/* How many of q[0..gamma], densified, differ from the rows saved before. */
static int
rows_changed(const struct pdist *q, int gamma, const double *saved, double *got,
    size_t vocab)
{
	int k, changed = 0;

	for (k = 0; k <= gamma; k++) {
		pdist_densify(&q[k], got);
		changed += memcmp(saved + (size_t)k * vocab, got, vocab * sizeof *saved) != 0;
	}
	return changed;
}

/* Every dense draft row the source hands out equals the uncached ngram_dist bit
 * for bit (a split one to 1e-14 per token), and every draft of a step stays
 * unchanged until the next begin, over many steps and contexts (the longest
 * gamma pins the most rows); returns the mismatches and counts the dense rows
 * into *dense. */
static int
run_cached_rows(struct source *src, int gamma, int steps, int *kept, uint64_t *dense)
{
	const struct ngram_model *d = source_ngram_draft(src);
	size_t vocab = src->vocab, len;
	double *ref = malloc(vocab * sizeof *ref), *got = malloc(vocab * sizeof *got);
	double *saved = malloc((size_t)(gamma + 1) * vocab * sizeof *saved);
	struct pdist q[SPEC_GAMMA_MAX + 1];
	int bad = 0, step, k;
	struct ngram_scratch sc;
	struct walk w;

	walk_init(&w, src, 7);
	ngram_scratch_init(&sc, vocab);
	*kept = 1;
	*dense = 0;
	for (step = 0; step < steps; step++) {
		walk_begin(&w);
		for (k = 0; k <= gamma; k++) {
			source_dists(src, w.node, NULL, &q[k]);
			len = w.n + (size_t)k;
			ngram_dist(d, w.ctx, len, NULL, ref, &sc);
			pdist_densify(&q[k], got);
			if (q[k].form == PDIST_DENSE)
				bad += memcmp(ref, got, vocab * sizeof *ref) != 0;
			else
				bad += max_diff(ref, got, vocab) > 1e-14;
			*dense += q[k].form == PDIST_DENSE;
			memcpy(saved + (size_t)k * vocab, got, vocab * sizeof *saved);
			walk_draft(&w, k, &q[k]);
		}
		*kept &= rows_changed(q, gamma, saved, got, vocab) == 0;
		walk_commit(&w, gamma);
	}
	ngram_scratch_free(&sc);
	free(saved);
	free(got);
	free(ref);
	return bad;
}

static void
check_cached_rows(const char *t, int draft_order, double temp, int gamma)
{
	struct source_ngram_config cfg = { 300, 3, draft_order, temp, 0.0 };
	struct source src;
	uint64_t lookups, hits, dense;
	int steps = 400, bad, kept;
	char err[128];

	if (source_ngram_open(&src, t, strlen(t), "skewed", &cfg, err, sizeof err) != 0) {
		tap_ok(0, "skewed source opens: %s", err);
		return;
	}
	bad = run_cached_rows(&src, gamma, steps, &kept, &dense);
	source_ngram_qcache_stats(&src, &lookups, &hits);
	tap_ok(bad == 0, "draft order %d, T %g, gamma %d: cached rows = uncached"
	    " bit for bit, split ones to 1e-14 (%d of %d differ)", draft_order, temp,
	    gamma, bad, steps * (gamma + 1));
	tap_ok(kept, "draft order %d, gamma %d: a step's drafts unchanged until the"
	    " next begin", draft_order, gamma);
	tap_ok(lookups == dense && hits > 0 && (draft_order == 1 || hits < lookups),
	    "draft order %d, gamma %d: %llu of %llu dense rows from the cache",
	    draft_order, gamma, (unsigned long long)hits, (unsigned long long)lookups);
	source_close(&src);
}

/* With noise the dense draft rows are cached by context and noise row: over
 * many steps the cache serves some and misses some; run_split_source checks the
 * values it serves. */
static void
check_noisy_cached(const char *t)
{
	struct source_ngram_config cfg = { 300, 3, 2, 1.0, 0.3 };
	struct source src;
	uint64_t lookups, hits, dense = 0;
	struct pdist q;
	int drafted[SPEC_GAMMA_MAX + 1] = { 0 }, step, k, node;
	struct rng r;
	char err[128];

	rng_seed(&r, 3, 0);
	if (source_ngram_open(&src, t, strlen(t), "skewed", &cfg, err, sizeof err) != 0) {
		tap_ok(0, "skewed source opens: %s", err);
		return;
	}
	for (step = 0; step < 200; step++) {
		source_begin(&src, &r, 1);
		node = SOURCE_ROOT;
		for (k = 0; k < 4; k++) {
			source_dists(&src, node, NULL, &q);
			dense += q.form == PDIST_DENSE;
			drafted[k] = (int)pdist_sample(&q, &r);
			node = source_child(&src, node, drafted[k]);
		}
		source_commit(&src, drafted, 2);
	}
	source_ngram_qcache_stats(&src, &lookups, &hits);
	tap_ok(lookups == dense && hits > 0 && hits < lookups, "noise 0.3: %llu of %llu"
	    " dense draft rows from the cache", (unsigned long long)hits,
	    (unsigned long long)lookups);
	source_close(&src);
}

/* With noise changed mid-run (0.5, then 0, then 0.8) and gamma 32: every draft
 * sums to 1, and every draft of a step stays unchanged until the next begin,
 * cached or not, dense or split. */
static void
check_noisy_kept(const char *t)
{
	enum { G = SPEC_GAMMA_MAX, STEPS = 150 };
	struct source_ngram_config cfg = { 300, 3, 2, 1.0, 0.5 };
	struct source src;
	struct pdist q[G + 1];
	double *saved = malloc((G + 1) * 300 * sizeof *saved), *got, sum;
	int step, k, bad_sum = 0, changed = 0;
	size_t x, v;
	struct walk w;
	char err[128];

	if (source_ngram_open(&src, t, strlen(t), "skewed", &cfg, err, sizeof err) != 0) {
		tap_ok(0, "skewed source opens: %s", err);
		free(saved);
		return;
	}
	walk_init(&w, &src, 9);
	v = src.vocab;
	got = malloc(v * sizeof *got);
	for (step = 0; step < STEPS; step++) {
		if (step == STEPS / 3 || step == 2 * STEPS / 3)
			source_set_noise(&src, step == STEPS / 3 ? 0.0 : 0.8);
		walk_begin(&w);
		for (k = 0; k <= G; k++) {
			source_dists(&src, w.node, NULL, &q[k]);
			pdist_densify(&q[k], got);
			for (x = 0, sum = 0.0; x < v; x++)
				sum += got[x];
			bad_sum += fabs(sum - 1.0) > 1e-12;
			memcpy(saved + (size_t)k * v, got, v * sizeof *saved);
			walk_draft(&w, k, &q[k]);
		}
		changed += rows_changed(q, G, saved, got, v);
		walk_commit(&w, G);
	}
	tap_ok(bad_sum == 0 && changed == 0, "noise 0.5, 0, 0.8 at gamma %d: every draft"
	    " sums to 1 (%d do not), none changes within its step (%d do)", G,
	    bad_sum, changed);
	source_close(&src);
	free(got);
	free(saved);
}

/* The dense references of a split position after ctx[0..len): the target's
 * distribution and the draft's, times the factors of q's factored floor when
 * it has one over the target's floor (noise; over a heavy token's floor the
 * factors are the draft's own). 0 when p and q are not a pair over p's floor, else the largest
 * gap to the references. */
static double
split_gap(const struct source *src, const uint32_t *ctx, size_t len,
    const struct split_dist *sp, const struct split_dist *sq, struct ngram_scratch *sc,
    double *ref, double *got)
{
	const struct ngram_model *d = source_ngram_draft(src);
	struct ngram_factor f = { NULL, 0.0, 0 };
	double gap;
	size_t w;

	if (sq->floor != sp->floor && sq->floor->base != sp->floor)
		return INFINITY;
	ngram_dist(source_ngram_target(src), ctx, len, NULL, ref, sc);
	split_densify(sp, got);
	gap = max_diff(ref, got, src->vocab);
	if (sq->floor->base != NULL && sp->floor == &source_ngram_target(src)->floor) {
		f.f = sq->floor->factor;
		for (w = 0; w < src->vocab; w++)
			f.base_sum += d->base_t[w] * f.f[w];
	}
	ngram_dist(d, ctx, len, f.f != NULL ? &f : NULL, ref, sc);
	split_densify(sq, got);
	return fmax(gap, max_diff(ref, got, src->vocab));
}

/* Over many steps of a source: p and q of each position come in one form; a
 * split pair is q over p's floor (noisy: over p's floor times a noise row; after
 * a heavy token, p over its heavy floor and q over that times factors) and
 * equals the models' dense distributions within 1e-14 per token; counts the
 * positions given each way into split (heavies of them heavy) and dense, and
 * returns the mismatches. */
static int
run_split_source(struct source *src, int gamma, int steps, int noisy, int *split,
    int *dense, int *heavies)
{
	size_t vocab = src->vocab;
	double *ref = malloc(vocab * sizeof *ref), *got = malloc(vocab * sizeof *got);
	int bad = 0, step, k;
	struct ngram_scratch sc;
	struct pdist p, q;
	struct walk w;

	walk_init(&w, src, 5);
	ngram_scratch_init(&sc, vocab);
	*split = *dense = *heavies = 0;
	for (step = 0; step < steps; step++) {
		walk_begin(&w);
		for (k = 0; k <= gamma; k++) {
			source_dists(src, w.node, &p, &q);
			if (p.form != q.form) {
				bad++;
			} else if (p.form == PDIST_DENSE) {
				++*dense;
			} else {
				int heavy = p.u.split->floor != &source_ngram_target(src)->floor;

				++*split;
				*heavies += heavy;
				bad += (noisy ? q.u.split->floor->base == NULL :
				    (q.u.split->floor->base != NULL) != heavy) ||
				    split_gap(src, w.ctx, w.n + (size_t)k, p.u.split, q.u.split,
				    &sc, ref, got) > 1e-14;
			}
			walk_draft(&w, k, &q);
		}
		walk_commit(&w, gamma);
	}
	ngram_scratch_free(&sc);
	free(ref);
	free(got);
	return bad;
}

static void
check_split_source(const char *t, int draft_order, double temp, double noise)
{
	struct source_ngram_config cfg = { 300, 3, draft_order, temp, noise };
	struct source src;
	int bad, split, dense, heavies, want_split = draft_order > 1;
	int want_heavy = want_split && temp == 1.0 && noise == 0.0;
	char err[128];

	if (source_ngram_open(&src, t, strlen(t), "skewed", &cfg, err, sizeof err) != 0) {
		tap_ok(0, "skewed source opens: %s", err);
		return;
	}
	bad = run_split_source(&src, 4, 300, noise > 0.0, &split, &dense, &heavies);
	tap_ok(bad == 0 && (want_split ? split > 0 : split == 0) &&
	    (want_heavy ? heavies > 0 : heavies == 0 && (!want_split || dense > 0)),
	    "draft order %d, T %g, noise %g: %d positions split (%d over a heavy"
	    " token's floors; a pair over p's floor, = the models' dense forms), %d"
	    " dense", draft_order, temp, noise, split, heavies, dense);
	source_close(&src);
}

static void
test_cached_rows(void)
{
	char *t = skewed_text(20000, 11);

	check_cached_rows(t, 2, 1.0, 4);
	check_cached_rows(t, 2, 1.0, SPEC_GAMMA_MAX);
	check_cached_rows(t, 3, 0.7, 8);
	check_cached_rows(t, 1, 1.0, 4);
	check_noisy_cached(t);
	check_noisy_kept(t);
	check_split_source(t, 2, 0.8, 0.0);
	check_split_source(t, 1, 0.8, 0.0);
	check_split_source(t, 2, 0.8, 0.3);
	check_split_source(t, 2, 1.0, 0.0);
	check_split_source(t, 1, 1.0, 0.0);
	check_split_source(t, 2, 1.0, 0.3);
	free(t);
}

/* Kneser-Ney's discount D = n1 / (n1 + 2 n2) per length, worked by hand on
 * 0 1 0 1 0 2: unigram counts 3, 2, 1 (n1 = 1, n2 = 1): D = 1/3; bigrams 01 x2,
 * 10 x2, 02 x1 (n1 = 1, n2 = 2): D = 1/5. Continuation counts of the unigrams
 * (distinct left neighbours): 0 after {1}, 1 after {0}, 2 after {0}: n1 = 3,
 * n2 = 0, D = 1, held at the ceiling 0.9. */
static void
test_discounts(void)
{
	static const uint32_t ids[] = { 0, 1, 0, 1, 0, 2 };
	struct ngram_counts c;

	ngram_count(&c, ids, 6, 3, 2);
	tap_near(c.disc_raw[1], 1.0 / 3.0, 1e-15, "KN discount, unigrams: 1 / (1 + 2 * 1)");
	tap_near(c.disc_raw[2], 1.0 / 5.0, 1e-15, "KN discount, bigrams: 1 / (1 + 2 * 2)");
	tap_near(c.disc_cont[1], 0.9, 1e-15,
	    "KN discount, unigram continuations: 3 / 3, held at 0.9");
	ngram_counts_free(&c);
}

int
main(void)
{
	struct fixture f;
	int order;

	test_tokenize();
	test_vocab();
	test_discounts();
	if (vocab_build(text, strlen(text), 1000, &f.v, &f.ids, &f.n) != 0)
		return tap_ok(0, "fixture builds"), tap_done();
	ngram_count(&f.c, f.ids, f.n, f.v.size, 4);
	for (order = 1; order <= 4; order++) {
		check_model(&f, order, 1.0, 1000);
		check_model(&f, order, 1.0, 1);
	}
	for (order = 1; order <= 4; order++)
		check_sample(&f, order);
	check_model(&f, 3, 0.7, 1000);
	check_model(&f, 3, 2.5, 1);
	check_temperature(&f);
	test_cached_rows();
	ngram_counts_free(&f.c);
	free(f.ids);
	vocab_free(&f.v);
	return tap_done();
}
