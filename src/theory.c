/* theory.c: expected tokens per step, speedup, op count, optimal gamma. */
#include "config.h"

#include <math.h>

#include "theory.h"

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
	double best = -1.0;
	int g, best_gamma = 1;

	for (g = 1; g <= gamma_max; g++) {
		double s = theory_speedup(alpha, g, c);

		if (s > best * (1.0 + 1e-12)) {
			best = s;
			best_gamma = g;
		}
	}
	return best_gamma;
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
theory_spec_rate(double tok_per_step, int gamma, double target_ms, double draft_ms)
{
	return 1000.0 * tok_per_step / (target_ms + (double)gamma * draft_ms);
}
