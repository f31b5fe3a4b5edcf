/* test_tv_null.c: the statistical tier's part of the TV statistics (moved from
 * tests/unit/test_stats.c, whose other points are quick): 2 x 600 seeds of two
 * 500-step stub runs each. */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "dist/dist.h"
#include "sim/sim.h"
#include "source/stub/source_stub.h"
#include "stats/stats.h"
#include "lib/tap.h"

/* The stub's reference stream (one fresh p a step, the step's count of tokens;
 * by softmax below 64 tokens, by rejection above) gives TV the null a second
 * speculative run would: over 600 seeds the mean TV between the speculative
 * stream and the reference is within 3% of the mean TV between two independent
 * speculative runs, and so is the pooled null's mean. */
static void
test_stub_reference_null(size_t vocab)
{
	struct sim_params par = { .gamma = 4, .noise = 0.3, .seed = 0, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	double ref = 0.0, twin = 0.0, null = 0.0;
	int seed, i, runs = 600;

	for (seed = 0; seed < runs; seed++) {
		struct sim a, b;
		struct source sa, sb;

		source_stub_open(&sa, vocab, 0.3);
		source_stub_open(&sb, vocab, 0.3);
		par.seed = (uint64_t)seed;
		sim_open(&a, &par, &sa);
		par.seed = (uint64_t)seed + 100000;
		sim_open(&b, &par, &sb);
		for (i = 0; i < 500; i++) {
			sim_step(&a);
			sim_step(&b);
		}
		ref += stats_tv(&a.stats) / runs;
		null += stats_tv_null(&a.stats).mean / runs;
		twin += dist_tv_counts(a.stats.spec_hist, b.stats.spec_hist, vocab) / runs;
		sim_close(&a);
		sim_close(&b);
	}
	tap_ok(fabs(ref - twin) < 0.03 * twin,
	    "stub, V = %zu: mean TV to the reference %.4f, to a second speculative run %.4f",
	    vocab, ref, twin);
	tap_ok(fabs(null - twin) < 0.03 * twin,
	    "stub, V = %zu: the pooled null's mean %.4f against that %.4f", vocab, null, twin);
}

int
main(void)
{
	test_stub_reference_null(20);
	test_stub_reference_null(200);
	return tap_done();
}
