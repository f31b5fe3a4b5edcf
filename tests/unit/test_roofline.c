/* test_roofline.c: the machine-aware cost model against figures worked by hand
 * here (the issue's: Llama-3.1-8B on an H100 SXM), its reduction to Theorem 3.8
 * at B 1, S 0, and the two monotone shapes (roofline.h). */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "lib/tap.h"
#include "stats/roofline.h"
#include "stats/theory.h"

/* By hand: BW 3.35e12 B/s, F 989e12 FLOP/s; 8B: P 8.03e9, b 2, L 32, n_kv 8,
 * hd 128, n_heads 32; 1B: P 1.24e9, L 16, n_kv 8, hd 64, n_heads 32. */
#define BW 3.35e12
#define F 989e12
#define P8 8.03e9
#define P1 1.24e9

static struct roofline_setup
setup(double batch, double context, double budget)
{
	struct roofline_setup s = {
		.hw = *roofline_hw_find("h100-sxm"),
		.target = *roofline_model_find("llama-3.1-8b"),
		.draft = *roofline_model_find("llama-3.2-1b"),
		.batch = batch, .context = context, .draft_kv_budget = budget,
	};
	return s;
}

static void
test_presets(void)
{
	const struct roofline_hw *a = roofline_hw_find("a100-80gb");
	const struct roofline_model *m = roofline_model_find("llama-3.1-70b");

	tap_ok(a != NULL && a->tflops == 312.0 && a->tbps == 2.039, "a100-80gb: 312, 2.039");
	tap_ok(m != NULL && m->params == 70.6e9 && m->layers == 80 && m->n_kv == 8 &&
	    m->head_dim == 128 && m->n_heads == 64 && m->bytes == 2.0,
	    "llama-3.1-70b: 70.6e9, 80, 8, 128, 64, 2 bytes");
	tap_ok(roofline_hw_find("h200") == NULL && roofline_model_find("") == NULL,
	    "unknown names: NULL");
}

static void
test_hand_b1_s0(void)
{
	struct roofline_setup s = setup(1, 0, 0);
	struct roofline_result r;
	double c = (2.0 * P1 / BW) / (2.0 * P8 / BW);
	double a = 0.8, rate[1] = { 0.8 };
	int g;

	tap_near(roofline_kv_bytes(&s.target), 2.0 * 32 * 8 * 128 * 2, 0.0,
	    "kv of the 8B: 131072 bytes per token");
	tap_near(roofline_target_s(&s) * 1e3, 16.06e9 / 3.35e12 * 1e3, 1e-12,
	    "t_T = 16.06e9 / 3.35e12 s");
	tap_near(roofline_target_s(&s) * 1e3, 4.794, 5e-4, "t_T = 4.794 ms");
	tap_near(roofline_ridge_tokens(&s.hw, &s.target), 989.0 / 3.35, 1e-9,
	    "ridge F / BW = 295.2 tokens");
	tap_near(roofline_draft_s(&s), 2.0 * P1 / BW, 1e-18, "t_D = 2.48e9 / 3.35e12 s");
	roofline_evaluate(&s, rate, 1, 16, &r);
	tap_eq(r.best_gamma, 5, "alpha 0.8, gamma 1..16: best gamma 5");
	tap_near(r.best_speedup, 2.0819, 5e-5, "best speedup 2.0819x");
	tap_near(r.best_speedup, (1.0 - pow(a, 6)) / (1.0 - a) / (5.0 * c + 1.0), 1e-12,
	    "best speedup (1 - 0.8^6) / 0.2 / (5 c + 1), c = 1.24 / 8.03");
	tap_ok(!r.target.compute && r.t_verify[16] == r.t_target,
	    "memory-bound: verifying 17 tokens costs one step");
	for (g = 1; g <= 16; g++)
		if (fabs(r.speedup[g] - theory_speedup_verify(a, g, c, 0.0)) > 1e-12)
			break;
	tap_eq(g, 17, "speedup(g) = Theorem 3.8 at c = t_D / t_T, k = 0, g 1..16, "
	    "to 1e-12");
	tap_near(roofline_verify_cost(&s, 5), 0.0, 0.0, "derived k = 0");
}

static void
test_hand_b512_s16(void)
{
	struct roofline_setup s = setup(512, 16, 0);
	struct roofline_result r;
	double rate[1] = { 0.8 };
	double comp = 512.0 * (2.0 * P8 + 4.0 * 32 * 32 * 128 * 16) / F;
	double mem = (2.0 * P8 + 512.0 * 16 * 131072) / BW;

	roofline_evaluate(&s, rate, 1, 16, &r);
	tap_ok(comp > mem && r.target.compute, "B 512, S 16: compute-bound (%.4f > %.4f ms)",
	    comp * 1e3, mem * 1e3);
	tap_near(r.t_target, comp, 1e-15, "t_T = 512 (2P + 4 L n_heads hd S) / F");
	tap_near(r.t_verify[4], 5.0 * comp, 1e-15, "t_V(4) = 5 t_T");
	tap_eq(r.best_gamma, 0, "do not speculate");
	tap_near(r.best_speedup, 1.0, 0.0, "best speedup 1");
}

/* S near 0: past the ridge the best speedup does not rise with B. */
static void
test_shape_short_context(void)
{
	double rate[1] = { 0.8 }, last = 1e300;
	struct roofline_result r;
	int b, ok = 1;

	for (b = 1; b <= 65536; b *= 2) {
		struct roofline_setup s = setup(b, 1, 0);

		roofline_evaluate(&s, rate, 1, 16, &r);
		if (b >= 256 && r.best_speedup > last)
			ok = 0;
		last = r.best_speedup;
	}
	tap_ok(ok && last == 1.0, "S 1: best speedup non-increasing in B from 256, "
	    "1 at 65536");
}

/* A fixed draft KV budget and S >> budget: it rises with B (MagicDec). */
static void
test_shape_long_context(void)
{
	double rate[1] = { 0.8 }, first = 0, last = 0;
	struct roofline_result r;
	int b, ok = 1;

	for (b = 1; b <= 4096; b *= 2) {
		struct roofline_setup s = setup(b, 32768, 512);

		roofline_evaluate(&s, rate, 1, 16, &r);
		if (b == 1)
			first = r.best_speedup;
		else if (r.best_speedup < last)
			ok = 0;
		last = r.best_speedup;
	}
	tap_ok(ok && last > first + 0.5, "S 32768, draft budget 512: best speedup "
	    "non-decreasing in B, %.3f at 1 to %.3f at 4096", first, last);
}

static void
test_positions(void)
{
	double rate[2] = { 0.9, 0.5 };

	tap_near(roofline_tokens(rate, 2, 0), 1.0, 0.0, "g 0: one token");
	tap_near(roofline_tokens(rate, 2, 3), 1.0 + 0.9 + 0.45 + 0.225, 1e-15,
	    "per-position rates: 1 + .9 + .9 .5 + .9 .5 .5");
}

int
main(void)
{
	test_presets();
	test_hand_b1_s0();
	test_hand_b512_s16();
	test_shape_short_context();
	test_shape_long_context();
	test_positions();
	return tap_done();
}
