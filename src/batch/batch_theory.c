/* batch_theory.c: the closed-form tables of --theory, text or JSON. */
#include "config.h"

#include <stdio.h>

#include "batch/batch.h"
#include "batch/batch_roofline.h"
#include "cli/cli.h"
#include "util/exit_status.h"
#include "util/json.h"
#include "util/wrap.h"
#include "stats/roofline.h"
#include "stats/theory.h"

/* The speedup at alpha and g: the machine's roofline when there is one. */
static double
speedup_of(const struct options *opt, double a, int g, double c)
{
	if (opt->machine)
		return roofline_speedup(&opt->roofline, &a, 1, g);
	return theory_speedup_verify(a, g, c, opt->verify_cost);
}

static void
optimum_of(const struct options *opt, double a, double c, struct theory_optimum *best)
{
	if (opt->machine)
		batch_roofline_optimum(opt, a, opt->gamma_max, best);
	else
		theory_optimum(a, c, opt->verify_cost, opt->gamma_max, best);
}

/* The heading: the cost ratio, the sources, the mark; the verification cost. */
static void
theory_heading(const struct options *opt, double c, double k)
{
	int width = opt->wide ? WRAP_UNLIMITED : WRAP_WIDTH;
	struct theory_optimum best;

	if (opt->machine) {
		optimum_of(opt, opt->alpha[0], c, &best);
		batch_roofline_text(stdout, opt, opt->alpha[0], opt->gamma_max,
		    best.speculate ? best.gamma : 1);
		wrap_printf(stdout, width, 0, "speedup from the roofline: E[tokens](g) t_T /"
		    " (g t_D + t_V(g)); ops at c = t_D/t_T; * marks the optimal gamma");
		putchar('\n');
		return;
	}
	wrap_printf(stdout, width, 0, "closed form at cost ratio c = %.4g (Leviathan et al."
	    " 2022, Theorems 3.8 and 3.11); * marks the optimal gamma", c);
	if (k > 0.0)
		wrap_printf(stdout, width, 0, "verification cost k = %g: a step costs 1 + gamma"
		    " (c + k) target forwards", k);
	putchar('\n');
}

/* The optimum of each alpha: on one line (--wide), or one line each. */
static void
theory_optima(const struct options *opt, double c)
{
	struct theory_optimum best;
	char words[64];
	int i;

	printf("optimal gamma (1..%d):", opt->gamma_max);
	for (i = 0; i < opt->nalpha; i++) {
		optimum_of(opt, opt->alpha[i], c, &best);
		printf("%salpha %.3f -> %s", opt->wide ? "  " : i == 0 ? "\n  " : ";\n  ",
		    opt->alpha[i], theory_optimum_text(&best, words, sizeof words));
	}
	putchar('\n');
}

static void
theory_text(const struct options *opt, double c)
{
	double k = opt->verify_cost;
	struct theory_optimum best;
	int i, g;

	theory_heading(opt, c, k);
	printf("alpha  gamma  tok/step  speedup     ops\n");
	for (i = 0; i < opt->nalpha; i++) {
		double a = opt->alpha[i];

		optimum_of(opt, a, c, &best);
		for (g = 1; g <= opt->gamma_max; g++)
			printf("%5.3f  %5d  %8.4f  %7.4f  %6.4f%s\n", a, g,
			    theory_tok_per_step(a, g), speedup_of(opt, a, g, c),
			    theory_ops(a, g, c), g == best.gamma && best.speculate ? " *" : "");
		putchar('\n');
	}
	theory_optima(opt, c);
}

static void
theory_json(const struct options *opt, double c)
{
	struct json j;
	int i, g;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_double(&j, "cost_ratio", c);
	json_double(&j, "verify_cost", opt->verify_cost);
	json_int(&j, "gamma_max", opt->gamma_max);
	json_array_begin(&j, "rows");
	for (i = 0; i < opt->nalpha; i++)
		for (g = 1; g <= opt->gamma_max; g++) {
			json_object_begin(&j, NULL);
			json_double(&j, "alpha", opt->alpha[i]);
			json_int(&j, "gamma", g);
			json_double(&j, "tok_per_step", theory_tok_per_step(opt->alpha[i], g));
			json_double(&j, "speedup", speedup_of(opt, opt->alpha[i], g, c));
			json_double(&j, "ops", theory_ops(opt->alpha[i], g, c));
			json_object_end(&j);
		}
	json_array_end(&j);
	json_array_begin(&j, "optimal");
	for (i = 0; i < opt->nalpha; i++) {
		struct theory_optimum best;

		optimum_of(opt, opt->alpha[i], c, &best);
		json_object_begin(&j, NULL);
		json_double(&j, "alpha", opt->alpha[i]);
		json_int(&j, "gamma", best.gamma);
		json_double(&j, "speedup", best.speedup);
		json_bool(&j, "at_limit", best.at_limit);
		json_bool(&j, "speculate", best.speculate);
		json_object_end(&j);
	}
	json_array_end(&j);
	if (opt->machine)
		batch_roofline_json(&j, opt, opt->alpha[0], opt->gamma_max);
	json_object_end(&j);
	json_finish(&j);
}

int
batch_theory(const struct options *opt)
{
	if (opt->json)
		theory_json(opt, opt->cost_ratio);
	else
		theory_text(opt, opt->cost_ratio);
	return EXIT_STATUS_OK;
}
