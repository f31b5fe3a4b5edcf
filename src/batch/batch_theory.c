/* batch_theory.c: the closed-form tables of --theory, text or JSON. */
#include "config.h"

#include <stdio.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "util/exit_status.h"
#include "util/json.h"
#include "util/wrap.h"
#include "stats/theory.h"

/* The heading: the cost ratio, the sources, the mark; the verification cost. */
static void
theory_heading(const struct options *opt, double c, double k)
{
	int width = opt->wide ? WRAP_UNLIMITED : WRAP_WIDTH;

	wrap_printf(stdout, width, 0, "closed form at cost ratio c = %.4g (Leviathan et al."
	    " 2022, Theorems 3.8 and 3.11); * marks the optimal gamma", c);
	if (k > 0.0)
		wrap_printf(stdout, width, 0, "verification cost k = %g: a step costs 1 + gamma"
		    " (c + k) target forwards", k);
	putchar('\n');
}

/* The optimum of each alpha: on one line (--wide), or one line each. */
static void
theory_optima(const struct options *opt, double c, double k)
{
	struct theory_optimum best;
	char words[64];
	int i;

	printf("optimal gamma (1..%d):", opt->gamma_max);
	for (i = 0; i < opt->nalpha; i++) {
		theory_optimum(opt->alpha[i], c, k, opt->gamma_max, &best);
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

		theory_optimum(a, c, k, opt->gamma_max, &best);
		for (g = 1; g <= opt->gamma_max; g++)
			printf("%5.3f  %5d  %8.4f  %7.4f  %6.4f%s\n", a, g,
			    theory_tok_per_step(a, g), theory_speedup_verify(a, g, c, k),
			    theory_ops(a, g, c), g == best.gamma && best.speculate ? " *" : "");
		putchar('\n');
	}
	theory_optima(opt, c, k);
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
			json_double(&j, "speedup", theory_speedup_verify(opt->alpha[i], g, c,
			    opt->verify_cost));
			json_double(&j, "ops", theory_ops(opt->alpha[i], g, c));
			json_object_end(&j);
		}
	json_array_end(&j);
	json_array_begin(&j, "optimal");
	for (i = 0; i < opt->nalpha; i++) {
		struct theory_optimum best;

		theory_optimum(opt->alpha[i], c, opt->verify_cost, opt->gamma_max, &best);
		json_object_begin(&j, NULL);
		json_double(&j, "alpha", opt->alpha[i]);
		json_int(&j, "gamma", best.gamma);
		json_double(&j, "speedup", best.speedup);
		json_bool(&j, "at_limit", best.at_limit);
		json_bool(&j, "speculate", best.speculate);
		json_object_end(&j);
	}
	json_array_end(&j);
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
