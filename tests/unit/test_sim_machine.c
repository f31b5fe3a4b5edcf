/* test_sim_machine.c: a run on a machine (sim.h, sim_machine.c): its costs at B,
 * S and gamma, k again when gamma changes, B and S moved or refused, and the
 * figures the roofline pane and a lesson's check read, against values worked
 * by hand here (Llama-3.1-8B verified, Llama-3.2-1B drafting, on h100-sxm). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "sim/figures.h"

#define F 989e12		/* h100-sxm: FLOP/s */
#define BW 3.35e12		/* bytes/s */
#define P_T 8.03e9
#define P_D 1.24e9

/* got within tol of want, with a message in printf's form. */
#define NEAR(got, want, tol, ...) tap_ok(fabs((got) - (want)) <= (tol), __VA_ARGS__)

static const double tp[5] = { 0.5, 0.2, 0.1, 0.1, 0.1 };
static const double tq[5] = { 0.2, 0.1, 0.6, 0.1, 0.0 };

static int
open_machine(struct sim *sim, struct source *src, struct fixed_pair *pair, int gamma)
{
	struct sim_params par = { .gamma = gamma, .seed = 1, .target_ms = 10.0,
	    .draft_ms = 1.0, .machine = 1 };

	par.roofline.hw = *roofline_hw_find("h100-sxm");
	par.roofline.target = *roofline_model_find("llama-3.1-8b");
	par.roofline.draft = *roofline_model_find("llama-3.2-1b");
	par.roofline.batch = 1;
	fixed_source_open(src, pair, 5);
	return sim_open(sim, &par, src);
}

/* B 1, S 0: the weights' reads; B 128: verification compute-bound, k > 0. */
static void
test_costs(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	double t_t = 2 * P_T / BW * 1e3, t_d = 2 * P_D / BW * 1e3, t_v;
	struct source src;
	struct sim sim;

	if (!tap_ok(open_machine(&sim, &src, &pair, 4) == 0, "sim_open on h100-sxm"))
		return;
	NEAR(sim.par.target_ms, t_t, 1e-9, "B 1: t_T = 2 P / BW = %.6f ms", t_t);
	NEAR(sim.par.target_ms, 4.794, 5e-4, "that is 4.794 ms");
	NEAR(sim.par.draft_ms, t_d, 1e-9, "t_D = 2 P_d / BW = %.6f ms", t_d);
	NEAR(sim.par.verify_cost, 0.0, 1e-15, "B 1: verifying 5 tokens is memory-bound:"
	    " k 0");
	tap_eq(sim_set_machine(&sim, 128, 0), 0, "B 128 taken");
	t_v = 128 * 5 * 2 * P_T / F * 1e3;	/* 10.393 ms, above t_T */
	NEAR(sim.par.target_ms, t_t, 1e-9, "B 128: t_T still the weights' reads");
	NEAR(sim.par.verify_cost, (t_v / t_t - 1) / 4, 1e-12,
	    "B 128, gamma 4: k = (t_V / t_T - 1) / 4 = %.5f", (t_v / t_t - 1) / 4);
	sim_set_gamma(&sim, 2);
	t_v = 128 * 3 * 2 * P_T / F * 1e3;
	NEAR(sim.par.verify_cost, (t_v / t_t - 1) / 2, 1e-12,
	    "gamma 2 recomputes k: %.5f", (t_v / t_t - 1) / 2);
	tap_eq(sim_set_machine(&sim, 65536, 1e7), -1,
	    "B 65536, S 1e7: a step past SIM_MS_MAX is refused");
	tap_ok(sim.par.roofline.batch == 128 && sim.par.roofline.context == 0 &&
	    fabs(sim.par.verify_cost - (t_v / t_t - 1) / 2) < 1e-12,
	    "and nothing changed (B %g, S %g)", sim.par.roofline.batch,
	    sim.par.roofline.context);
	sim_close(&sim);
}

/* The figures at alpha 0.8: B 1, S 0, gamma 5 is Theorem 3.8 at c = P_d / P_T. */
static void
test_figures(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	double c = P_D / P_T, e = (1 - pow(0.8, 6)) / 0.2;
	struct sim_roofline r;
	struct source src;
	struct sim sim;

	if (!tap_ok(open_machine(&sim, &src, &pair, 5) == 0, "sim_open at gamma 5"))
		return;
	sim_machine_figures(&sim, 0.8, 1, &r);
	NEAR(r.speedup, e / (5 * c + 1), 1e-12, "speedup(5) = E / (5 c + 1) = %.5f",
	    e / (5 * c + 1));
	tap_ok(r.best_gamma == 5 && fabs(r.best_speedup - 2.0819) < 5e-5,
	    "best gamma 5 at 2.0819x (got %d, %.5f)", r.best_gamma, r.best_speedup);
	NEAR(r.ridge_tokens, 989.0 / 3.35, 1e-9, "ridge F / BW = 295.2 tokens");
	tap_ok(r.verify_tokens == 6 && !r.compute_bound, "verify 6 tokens: memory-bound");
	sim_machine_figures(&sim, 0.8, 0, &r);
	tap_ok(r.speedup == 0 && r.best_gamma == 0 && r.t_target_ms > 0,
	    "no acceptance yet: no speedup, the times still there");
	tap_eq(sim_set_machine(&sim, 512, 16), 0, "B 512, S 16");
	sim_machine_figures(&sim, 0.8, 1, &r);
	tap_ok(r.compute_bound && r.best_gamma == 0 && r.best_speedup == 1.0,
	    "B 512, S 16: compute-bound, do not speculate (best %d, %g)", r.best_gamma,
	    r.best_speedup);
	NEAR(r.t_verify_ms, 512 * 6 * (2 * P_T + 4 * 32 * 32 * 128 * 16.0) / F * 1e3,
	    1e-9, "t_V(5) = B 6 (2 P + 4 L H hd S) / F");
	sim_close(&sim);
}

/* The figures table's rows: a lesson reads them; the JSON holds them. */
static void
test_rows(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	struct sim_figures fig;
	struct figures_run run = { .fig = &fig };
	struct source src;
	struct sim sim;
	int k, seen = 0;

	if (!tap_ok(open_machine(&sim, &src, &pair, 4) == 0, "sim_open for the rows"))
		return;
	sim_set_machine(&sim, 64, 8192);
	sim_step(&sim);
	sim_figures(&sim, &fig);
	run.sim = &sim;
	for (k = 0; k < nfigures; k++) {
		if (figures[k].key == NULL || strncmp(figures[k].key, "roofline", 8) != 0)
			continue;
		seen++;
		if (strcmp(figures[k].key, "roofline_batch_size") == 0)
			NEAR(figure_value(&figures[k], &run), 64, 0, "roofline_batch_size 64");
		if (strcmp(figures[k].key, "roofline_context") == 0)
			NEAR(figure_value(&figures[k], &run), 8192, 0,
			    "roofline_context 8192");
		if (strcmp(figures[k].key, "roofline_compute_bound") == 0)
			NEAR(figure_value(&figures[k], &run), 0, 0, "B 64, S 8k, 5 tokens: "
			    "memory-bound (the KV reads)");
	}
	tap_eq(seen, 8, "eight roofline rows");
	sim_close(&sim);
}

int
main(void)
{
	test_costs();
	test_figures();
	test_rows();
	return tap_done();
}
