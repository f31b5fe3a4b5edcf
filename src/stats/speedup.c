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

const char *
speedup_best_text(const struct theory_optimum *best, const char *gamma_name,
    char *buf, size_t len)
{
	if (!best->speculate)
		snprintf(buf, len, "don't speculate (1.00x)");
	else
		snprintf(buf, len, "%s %d%s (%.2fx)", gamma_name, best->gamma,
		    best->at_limit ? "+" : "", best->speedup);
	return buf;
}
