/* test_copy_draft.c: the copy drafters on token arrays worked by hand, the
 * cache model, and a copy-drafted chain's tokens per step against its closed
 * form 1 + sum_i prod_{j<=i} p(d_j), step by step. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "source/copy/copy_draft.h"
#include "source/copy/copy_hist.h"
#include "source/copy/source_copy.h"
#include "source/source.h"
#include "source/stub/source_stub.h"
#include "util/rng.h"
#include "verify/drafter.h"
#include "verify/spec.h"
#include "../lib/fixed_source.h"
#include "../lib/tap.h"

static const struct copy_params defaults = { 5, 5, 2, 24, 1.0, 0.0, 0.1 };

/* One proposal against the draft and match worked by hand. */
static void
check(const char *what, int drafter, struct copy_params par, const int *ctx, size_t n,
    int gamma, const int *want, int nwant, int mlen, long mat)
{
	struct copy_draft d;

	drafter_rows[drafter].copy->propose(&par, ctx, n, gamma, &d);
	tap_ok(d.n == nwant && (nwant == 0 ||
	    memcmp(d.tok, want, (size_t)nwant * sizeof *want) == 0),
	    "%s: %d tokens drafted, want %d", what, d.n, nwant);
	tap_eq(d.match_length, mlen, what);
	tap_eq(d.match_at, mat, what);
}

enum { MODEL, VLLM, HF, SUFFIX };

static void
test_hand_worked(void)
{
	static const int a[] = { 1, 2, 3, 4, 2, 3 }, a_d[] = { 4, 2, 3 };
	static const int b[] = { 5, 6, 7, 1, 5, 6, 8, 7 }, b_d[] = { 1, 5, 6 };
	static const int e[] = { 7, 1, 7, 2, 7 }, e_d[] = { 1, 7 };
	static const int f[] = { 2, 5, 1, 2, 6, 1, 2 }, f_d[] = { 6, 1, 2 };
	static const int g[] = { 1, 2, 1 }, g_d[] = { 2, 1 };
	static const int h[] = { 3 };
	static const int i4[] = { 4, 4 }, i_d[] = { 4 };
	static const int s[] = { 1, 2, 3, 1, 2, 4, 1, 2 }, s_d[] = { 3, 1 };
	struct copy_params p = defaults;

	p.lookup_min = 2, p.lookup_max = 2;
	check("vllm-ngram A2 B2 on 1 2 3 4 2 3", VLLM, p, a, 6, 4, a_d, 3, 2, 1);
	p.lookup_max = 3;
	check("vllm-ngram A2 B3: no match", VLLM, p, b, 8, 3, NULL, 0, 0, -1);
	p.max_ngram = 3;
	check("hf-lookup N3: 1 5 6 after the 7", HF, p, b, 8, 3, b_d, 3, 1, 2);
	p.lookup_min = p.lookup_max = 1;
	check("vllm-ngram: the earliest of two matches", VLLM, p, e, 5, 2, e_d, 2, 1, 0);
	p.max_ngram = 1;
	check("hf-lookup: the earliest of two matches", HF, p, e, 5, 2, e_d, 2, 1, 0);
	p.lookup_max = 3;
	check("vllm-ngram: the longer match before the earlier", VLLM, p, f, 7, 3, f_d,
	    3, 2, 2);
	check("vllm-ngram: fewer tokens at the end", VLLM, p, g, 3, 4, g_d, 2, 1, 0);
	p.lookup_min = 2;
	check("vllm-ngram: context shorter than A", VLLM, p, h, 1, 4, NULL, 0, 0, -1);
	p.max_ngram = 2;
	check("hf-lookup: a window overlapping the suffix", HF, p, i4, 2, 4, i_d, 1, 1, 0);
	check("suffix: 3 1 after 1 2 (shares 1/3, 1)", SUFFIX, defaults, s, 8, 4, s_d,
	    2, 2, 0);
	p = defaults;
	p.min_prob = 0.5;
	check("suffix: P 0.5 cuts the 1/3 share", SUFFIX, p, s, 8, 4, NULL, 0, 0, -1);
	p = defaults;
	p.spec_offset = 2;
	{
		static const int w[] = { 3, 1, 2, 4 };

		/* m 1: 3 1 2, score 1; m 2: 3 1 2 4, score 4/3, wins */
		check("suffix: offset 2, m 2 drafts 4 (score 4/3)", SUFFIX, p, s, 8, 4,
		    w, 4, 2, 0);
	}
}

static void
test_cache(void)
{
	static const int c[] = { 1, 2, 3, 1, 2, 4, 1, 2 }, u[] = { 0, 1, 2 };
	double out[5];

	tap_eq(copy_cache_dist(c, 8, 5, out), 2, "cache: the suffix 1 2 recurs");
	tap_ok(out[3] == 0.5 && out[4] == 0.5 && out[0] == 0.0,
	    "cache: 3 and 4 followed it once each");
	tap_eq(copy_cache_dist(u, 3, 5, out), 0, "cache: nothing recurs");
	tap_ok(fabs(out[0] - 1.0 / 3) < 1e-15 && out[3] == 0.0,
	    "cache: then the frequencies");
	copy_cache_dist(u, 0, 5, out);
	tap_ok(out[4] == 0.2, "cache: an empty context is uniform");
}

/* Steps of hf-lookup over a fixed target: each step's expected tokens,
 * 1 + sum_i prod_{j<=i} p(d_j) over the draft it made (enumerated over the
 * accept patterns too), summed, against the tokens emitted. */
static void
test_closed_form(void)
{
	static const double p[4] = { 0.4, 0.3, 0.2, 0.1 }, q[4] = { 0.25, 0.25, 0.25, 0.25 };
	static const int prompt[] = { 0, 1, 0, 2, 0, 1, 3, 0, 0, 1 };
	struct copy_params par = defaults;
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_targets targets;
	struct spec_step step;
	struct source src;
	struct rng rng;
	double scratch[4], want = 0.0, var = 0.0, enum_gap = 0.0;
	long got = 0, drafted = 0, k;
	char err[256];

	par.max_ngram = 3;
	fixed_source_open(&src, &pair, 4);
	src.title = "fixed";
	tap_eq(source_copy_wrap(&src, &drafter_rows[HF], &par, 0.0, prompt, 10, err,
	    sizeof err), 0,
	    "wrap the fixed pair");
	rng_seed(&rng, 7, 0);
	for (k = 0; k < 20000; k++) {
		double e = 1.0, e2 = 1.0, run = 1.0, byenum = 0.0;
		unsigned mask;
		int i;

		spec_step(&src, &rng, 4, scratch, &step, &targets);
		for (i = 0; i < step.gamma; i++) {
			run *= p[step.drafted[i]];
			e += run;
			e2 += (2 * i + 3) * run;	/* E[T^2] = sum (2t - 1) P(T >= t) */
		}
		for (mask = 0; mask < (1u << step.gamma); mask++) {	/* each test's outcome */
			double pr = 1.0;
			int lead = 0;

			for (i = 0; i < step.gamma; i++)
				pr *= (mask >> i & 1u) ? p[step.drafted[i]] :
				    1.0 - p[step.drafted[i]];
			while (lead < step.gamma && (mask >> lead & 1u))
				lead++;
			byenum += pr * (lead + 1);
		}
		enum_gap = fmax(enum_gap, fabs(byenum - e));
		want += e;
		var += e2 - e * e;
		got += step.emitted;
		drafted += step.gamma;
	}
	tap_ok(enum_gap < 1e-12, "enumeration equals 1 + sum prod p(d_j) (gap %.2g)",
	    enum_gap);
	tap_ok(drafted > 10000, "hf-lookup drafted %ld tokens", drafted);
	tap_ok(fabs((double)got - want) < 4.0 * sqrt(var),
	    "tokens %ld against the per-step closed form %.1f (sd %.1f)", got, want,
	    sqrt(var));
	source_close(&src);
}

/* The context stays the prompt and the last COPY_WINDOW tokens: after 3 W
 * tokens it holds the prompt, then exactly the last W committed. */
static void
test_window(void)
{
	static const double p[4] = { 0.4, 0.3, 0.2, 0.1 }, q[4] = { 0.25, 0.25, 0.25, 0.25 };
	static const int prompt[] = { 3, 2, 1 };
	struct fixed_pair pair = { .p = p, .q = q };
	struct source src;
	const int *ctx = NULL;
	int t, ok = 1;
	size_t n, i;
	char err[256];

	fixed_source_open(&src, &pair, 4);
	src.title = "fixed";
	source_copy_wrap(&src, &drafter_rows[HF], &defaults, 0.0, prompt, 3, err, sizeof err);
	for (t = 0; t < 3 * COPY_WINDOW; t++) {
		int tok = t % 4;

		source_commit(&src, &tok, 1);
	}
	n = source_copy_context(&src, &ctx);
	tap_eq((long)n, 3 + COPY_WINDOW, "the context: the prompt and W tokens");
	ok = ctx[0] == 3 && ctx[1] == 2 && ctx[2] == 1;
	for (i = 3; i < n; i++)
		ok = ok && ctx[i] == (int)((2 * COPY_WINDOW + i - 3) % 4);
	tap_ok(ok, "the prompt, then the last W tokens in order");
	source_close(&src);
}

/* The one-pass matchers against the definitions as plain scans, over random
 * contexts of 3 tokens (many repeats, ties and overlaps). */
static void
test_against_scans(void)
{
	struct rng rng;
	int ctx[40], k, bad = 0;

	rng_seed(&rng, 11, 0);
	for (k = 0; k < 3000; k++) {
		size_t n = 2 + (size_t)(rng_next(&rng) % 38), m, want = 0, i;
		long j, want_at = -1;

		for (i = 0; i < n; i++)
			ctx[i] = (int)(rng_next(&rng) % 3);
		for (m = n - 1 < 6 ? n - 1 : 6; m >= 1 && want == 0; m--)
			if ((want_at = copy_earliest(ctx, n, m)) >= 0)
				want = m;
		j = copy_longest_earlier(ctx, n, 6, &m);
		bad += m != want || j != (want == 0 ? -1 : want_at);
	}
	tap_eq(bad, 0, "the longest earlier match equals the scan in 3000 contexts");
}

/* The cache model over an indexed, sliding context and a node's drafts
 * against the plain scan over the same tokens in one array, bit for bit:
 * random texts of 2 to 5 tokens (many repeats, suffixes past the depth of
 * 32 in the repetitive ones, a last token new to the text in a quarter),
 * prompts of 0 to 40, up to three windows appended in chunks, and paths of
 * 0 to 40 drafts. */
static void
test_cache_over_hist(void)
{
	enum { V = 5, PROMPT = 40, TEXT = 3 * COPY_WINDOW, PATH = 40 };
	static int text[PROMPT + TEXT + PATH], flat[PROMPT + TEXT + PATH];
	double want[V], got[V];
	struct rng rng;
	int k, bad = 0, deep = 0, fresh = 0;

	rng_seed(&rng, 23, 0);
	for (k = 0; k < 300; k++) {
		size_t vocab = 2 + (size_t)(rng_next(&rng) % (V - 1)), i, done;
		size_t np = (size_t)(rng_next(&rng) % (PROMPT + 1));
		size_t nt = (size_t)(rng_next(&rng) % (TEXT + 1)), d = (size_t)(rng_next(&rng) % (PATH + 1));
		size_t period = 1 + (size_t)(rng_next(&rng) % 7);
		struct copy_hist h;
		int m, mw;

		for (i = 0; i < np + nt + d; i++)	/* half the texts repeat a period */
			text[i] = k % 2 ? (int)(i % period % vocab) : (int)(rng_next(&rng) % vocab);
		if (k % 4 == 2 && np + nt + d > 0) {	/* a last token new to the text */
			for (i = 0; i < np + nt + d; i++)
				text[i] %= (int)vocab - 1;
			text[np + nt + d - 1] = (int)vocab - 1;
		}
		copy_hist_init(&h, vocab, text, np);
		for (done = 0; done < nt;) {
			size_t chunk = 1 + (size_t)(rng_next(&rng) % 700);

			chunk = chunk < nt - done ? chunk : nt - done;
			copy_hist_push(&h, text + np + done, chunk);
			done += chunk;
		}
		memcpy(flat, h.tok, h.n * sizeof *flat);
		memcpy(flat + h.n, text + np + nt, d * sizeof *flat);
		mw = copy_cache_dist(flat, h.n + d, vocab, want);
		m = copy_hist_cache_dist(&h, text + np + nt, d, vocab, got);
		bad += m != mw || memcmp(want, got, vocab * sizeof *got) != 0;
		deep += m == COPY_CACHE_DEPTH;
		fresh += m == 0 && d > 0;
		copy_hist_free(&h);
	}
	tap_eq(bad, 0, "the cache model over the index and a path: the scan's bits, 300 contexts");
	tap_ok(deep > 50 && fresh > 30, "and %d of them matched the whole depth, %d none "
	    "(the frequencies, drafts counted)", deep, fresh);
}

/* Over the stub by position the wrapper passes on dists_draw (a dynamic tree
 * must not skip a node's draft), and its reference stream, which follows a
 * step position by position from a begin without a draft, gets tokens of the
 * vocabulary (it crashed: the stub had not begun its pairs). */
static void
test_over_positions(void)
{
	static const double noise[2] = { 0.3, 0.6 };
	static const int prompt[] = { 1, 2 };
	struct source pos, one;
	struct rng rng;
	int ids[8], k, ok = 1, t;
	char err[256];

	source_stub_open_positions(&pos, 20, noise, 2);
	source_stub_open(&one, 20, 0.3);
	source_copy_wrap(&pos, &drafter_rows[VLLM], &defaults, 0.0, prompt, 2, err,
	    sizeof err);
	source_copy_wrap(&one, &drafter_rows[VLLM], &defaults, 0.0, prompt, 2, err,
	    sizeof err);
	tap_eq(source_dists_draw(&pos), 1, "copy over the stub by position: dists_draw");
	tap_eq(source_dists_draw(&one), 0, "copy over the one-pair stub: no dists_draw");
	rng_seed(&rng, 5, 0);
	for (t = 0; t < 20; t++) {
		source_sample_targets(&pos, &rng, ids, 8);
		for (k = 0; k < 8; k++)
			ok = ok && ids[k] >= 0 && ids[k] < 20;
	}
	tap_ok(ok, "copy over the stub by position: 20 reference steps of 8 tokens");
	source_close(&pos);
	source_close(&one);
}

int
main(void)
{
	test_over_positions();
	test_window();
	test_against_scans();
	test_hand_worked();
	test_cache();
	test_cache_over_hist();
	test_closed_form();
	return tap_done();
}
