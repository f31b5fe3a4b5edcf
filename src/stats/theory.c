/* theory.c: expected tokens per step, speedup, op count, optimal gamma. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats/theory.h"
#include "util/xalloc.h"

double
theory_tok_per_step(double alpha, int gamma)
{
	double sum = 1.0, term = 1.0;
	int i;

	for (i = 0; i < gamma; i++) {
		term *= alpha;
		sum += term;
	}
	return sum;
}

double
theory_speedup(double alpha, int gamma, double c)
{
	return theory_tok_per_step(alpha, gamma) / ((double)gamma * c + 1.0);
}

double
theory_ops(double alpha, int gamma, double c)
{
	return ((double)gamma * c + (double)gamma + 1.0) / theory_tok_per_step(alpha, gamma);
}

int
theory_optimal_gamma(double alpha, double c, int gamma_max)
{
	struct theory_optimum o;

	theory_optimum(alpha, c, 0.0, gamma_max, &o);
	return o.gamma;
}

double
theory_step_cost(double gamma, double c, double k)
{
	return 1.0 + gamma * (c + k);
}

double
theory_speedup_verify(double alpha, int gamma, double c, double k)
{
	return theory_tok_per_step(alpha, gamma) / theory_step_cost(gamma, c, k);
}

void
theory_optimum_of(const double *tok, double c, double k, int gamma_max,
    struct theory_optimum *out)
{
	double next;
	int g;

	out->gamma = 1;
	out->speedup = tok[0] / theory_step_cost(1.0, c, k);
	for (g = 2; g <= gamma_max; g++) {
		double s = tok[g - 1] / theory_step_cost((double)g, c, k);

		if (s > out->speedup * (1.0 + 1e-12)) {
			out->speedup = s;
			out->gamma = g;
		}
	}
	next = tok[gamma_max] / theory_step_cost((double)gamma_max + 1.0, c, k);
	out->at_limit = out->gamma == gamma_max && next > out->speedup * (1.0 + 1e-12);
	out->speculate = out->speedup > 1.0 + 1e-12;
}

void
theory_optimum(double alpha, double c, double k, int gamma_max,
    struct theory_optimum *out)
{
	double *tok = xcalloc((size_t)gamma_max + 1, sizeof *tok);
	int g;

	for (g = 1; g <= gamma_max + 1; g++)
		tok[g - 1] = theory_tok_per_step(alpha, g);
	theory_optimum_of(tok, c, k, gamma_max, out);
	free(tok);
}

const char *
theory_optimum_text(const struct theory_optimum *o, char *buf, size_t len)
{
	if (!o->speculate)
		snprintf(buf, len, "don't speculate (1.00x)");
	else
		snprintf(buf, len, "%d%s (%.3fx)", o->gamma, o->at_limit ? "+" : "",
		    o->speedup);
	return buf;
}

double
theory_tok_pmf(double alpha, int gamma, int n)
{
	if (n < 1 || n > gamma + 1)
		return 0.0;
	if (n == gamma + 1)
		return pow(alpha, gamma);
	return pow(alpha, n - 1) * (1.0 - alpha);
}

double
theory_target_rate(double target_ms)
{
	return 1000.0 / target_ms;
}

double
theory_spec_rate_verify(double tok_per_step, double gamma, double target_ms,
    double draft_ms, double k)
{
	return 1000.0 * tok_per_step /
	    (target_ms * (1.0 + k * gamma) + gamma * draft_ms);
}
