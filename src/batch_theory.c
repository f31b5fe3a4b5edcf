/* batch_theory.c: the closed-form tables of --theory, text or JSON. */
#include "config.h"

#include <stdio.h>

#include "batch.h"
#include "cli.h"
#include "exit_status.h"
#include "json.h"
#include "theory.h"

static void
theory_text(const struct options *opt, double c)
{
	int i, g;

	printf("closed form at cost ratio c = %.4g (Leviathan et al. 2022, Theorems 3.8 "
	    "and 3.11); * marks the optimal gamma\n\n", c);
	printf("alpha  gamma  tok/step  speedup     ops\n");
	for (i = 0; i < opt->nalpha; i++) {
		double a = opt->alpha[i];
		int best = theory_optimal_gamma(a, c, opt->gamma_max);

		for (g = 1; g <= opt->gamma_max; g++)
			printf("%5.3f  %5d  %8.4f  %7.4f  %6.4f%s\n", a, g,
			    theory_tok_per_step(a, g), theory_speedup(a, g, c),
			    theory_ops(a, g, c), g == best ? " *" : "");
		putchar('\n');
	}
	printf("optimal gamma (1..%d):", opt->gamma_max);
	for (i = 0; i < opt->nalpha; i++) {
		double a = opt->alpha[i];
		int best = theory_optimal_gamma(a, c, opt->gamma_max);

		printf("  alpha %.3f -> %d (%.3fx)", a, best, theory_speedup(a, best, c));
	}
	putchar('\n');
}

static void
theory_json(const struct options *opt, double c)
{
	struct json j;
	int i, g;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_double(&j, "cost_ratio", c);
	json_int(&j, "gamma_max", opt->gamma_max);
	json_array_begin(&j, "rows");
	for (i = 0; i < opt->nalpha; i++)
		for (g = 1; g <= opt->gamma_max; g++) {
			json_object_begin(&j, NULL);
			json_double(&j, "alpha", opt->alpha[i]);
			json_int(&j, "gamma", g);
			json_double(&j, "tok_per_step", theory_tok_per_step(opt->alpha[i], g));
			json_double(&j, "speedup", theory_speedup(opt->alpha[i], g, c));
			json_double(&j, "ops", theory_ops(opt->alpha[i], g, c));
			json_object_end(&j);
		}
	json_array_end(&j);
	json_array_begin(&j, "optimal");
	for (i = 0; i < opt->nalpha; i++) {
		int best = theory_optimal_gamma(opt->alpha[i], c, opt->gamma_max);

		json_object_begin(&j, NULL);
		json_double(&j, "alpha", opt->alpha[i]);
		json_int(&j, "gamma", best);
		json_double(&j, "speedup", theory_speedup(opt->alpha[i], best, c));
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
