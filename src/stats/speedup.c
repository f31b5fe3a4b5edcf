/* speedup.c: speedup against gamma with a verification cost, and its optimum. */
#include "config.h"

#include <stdio.h>

#include "stats/speedup.h"
#include "stats/theory.h"

double
speedup_at(double alpha, int gamma, const struct speedup_cost *cost)
{
	if (cost->k <= 0.0)
		return theory_speedup(alpha, gamma, cost->c);
	return theory_tok_per_step(alpha, gamma) /
	    ((double)gamma * (cost->c + cost->k) + 1.0);
}

void
speedup_optimum(double alpha, const struct speedup_cost *cost, int gamma_max,
    struct speedup_best *best)
{
	int g;
	double v;

	best->gamma = 1;
	best->value = speedup_at(alpha, 1, cost);
	for (g = 2; g <= gamma_max; g++)
		if ((v = speedup_at(alpha, g, cost)) > best->value) {
			best->gamma = g;
			best->value = v;
		}
	best->at_end = best->gamma == gamma_max && gamma_max > 1;
	best->none = best->value <= 1.0;
	if (best->none) {
		best->value = 1.0;
		best->at_end = 0;
	}
}

const char *
speedup_best_text(const struct speedup_best *best, const char *gamma_name, char *buf,
    size_t len)
{
	if (best->none)
		snprintf(buf, len, "don't speculate (1.00x)");
	else
		snprintf(buf, len, "%s %d%s (%.2fx)", gamma_name, best->gamma,
		    best->at_end ? "+" : "", best->value);
	return buf;
}
