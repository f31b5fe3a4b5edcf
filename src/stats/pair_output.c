/* pair_output.c: a rule's exact output on one fixed pair, and the measured one. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/pair_output.h"
#include "verify/spec.h"
#include "util/xalloc.h"

void
pair_output_init(struct pair_output *po, const double *p, const double *q, size_t vocab)
{
	memset(po, 0, sizeof *po);
	po->vocab = vocab;
	po->p = xreallocarray(NULL, vocab, sizeof *po->p);
	po->q = xreallocarray(NULL, vocab, sizeof *po->q);
	po->exact = xcalloc(vocab, sizeof *po->exact);
	po->var = xcalloc(vocab, sizeof *po->var);
	po->scratch = xcalloc(vocab, sizeof *po->scratch);
	po->count = xcalloc(vocab, sizeof *po->count);
	po->pi = xcalloc(vocab, sizeof *po->pi);
	po->bonus = xcalloc(vocab, sizeof *po->bonus);
	memcpy(po->p, p, vocab * sizeof *p);
	memcpy(po->q, q, vocab * sizeof *q);
}

void
pair_output_free(struct pair_output *po)
{
	free(po->p);
	free(po->q);
	free(po->exact);
	free(po->var);
	free(po->scratch);
	free(po->count);
	free(po->pi);
	free(po->bonus);
	memset(po, 0, sizeof *po);
}

/* v_y = E[(c_y - e_y n)^2] over one step, conditioning on the drafts accepted,
 * i: c_y is Binomial(i, pi_y) plus the ending token (a replacement, distributed
 * as repl, for i < gamma; a bonus for i = gamma), and n = i + 1. */
static void
step_variances(struct pair_output *po, double a, const double *acc, const double *repl,
    const double *bonus, int gamma)
{
	size_t y;
	int i;

	for (y = 0; y < po->vocab; y++) {
		double pi = a > 0.0 ? acc[y] / a : 0.0, e = po->exact[y], v = 0.0, pr = 1.0;

		for (i = 0; i <= gamma; i++) {
			double w = i < gamma ? pr * (1.0 - a) : pr;	/* P(i accepted) */
			double f = i < gamma ? repl[y] : bonus[y], mean = i * pi + f;
			double sq = i * pi * (1.0 - pi) + mean * mean - f * f + f;

			v += w * (sq - 2.0 * e * (i + 1) * mean + e * e * (i + 1) * (i + 1));
			pr *= a;
		}
		po->var[y] = v > 0.0 ? v : 0.0;
	}
}

void
pair_output_reset(struct pair_output *po, const struct verify_params *par,
    int gamma, int length_varies)
{
	size_t v = po->vocab, y;
	double *acc, a;

	memset(po->count, 0, v * sizeof *po->count);
	po->tokens = po->steps = 0;
	po->exact_known = !length_varies;
	if (!po->exact_known)
		return;
	verify_output_pair(par, po->p, po->q, v, gamma, po->scratch, po->exact);
	po->per_token = !verify_has(par->rule, VERIFY_F_PAIR_FORM);
	if (po->per_token) {
		for (y = 0; y < v; y++)
			po->var[y] = po->p[y] * (1.0 - po->p[y]);
		return;
	}
	acc = xreallocarray(NULL, v, sizeof *acc);
	a = verify_pair_parts(par, po->p, po->q, v, acc, po->scratch, po->bonus);
	step_variances(po, a, acc, po->scratch, po->bonus, gamma);
	for (y = 0; y < v; y++)
		po->pi[y] = a > 0.0 ? acc[y] / a : 0.0;
	po->a = a;
	po->gamma = gamma;
	free(acc);
}

void
pair_output_add_step(struct pair_output *po, const int *ids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		po->count[ids[i]]++;
	po->tokens += (uint64_t)n;
	po->steps++;
}

double
pair_output_measured(const struct pair_output *po, size_t y)
{
	return po->tokens > 0 ? (double)po->count[y] / (double)po->tokens : 0.0;
}

/* One unit's law (a step, or a token under block verification) for token y:
 * a^i (1 - a) for i < g drafts accepted then a replacement (f_repl), a^g then
 * the ending token f_bonus; each accepted draft is y with probability pi; the
 * unit adds d = c - e (i + 1). */
struct unit_law {
	int g;
	double a, pi, f_repl, f_bonus, e;
};

/* K(t), K'(t) and K''(t) of d under law u: the log of
 * sum_i w_i A^i B_i exp(-t e (i + 1)), A = 1 - pi + pi e^t, B = 1 - f + f e^t. */
static double
unit_cgf(const struct unit_law *u, double t, double *k1, double *k2)
{
	double l[SPEC_GAMMA_MAX + 1], d1[SPEC_GAMMA_MAX + 1], d2[SPEC_GAMMA_MAX + 1];
	double et = exp(t), aa = 1.0 - u->pi + u->pi * et, top = -HUGE_VAL, sum = 0.0;
	double m1 = 0.0, m2 = 0.0;
	int i;

	for (i = 0; i <= u->g; i++) {
		double w = i < u->g ? pow(u->a, i) * (1.0 - u->a) : pow(u->a, i);
		double f = i < u->g ? u->f_repl : u->f_bonus, bb = 1.0 - f + f * et;

		l[i] = w > 0.0 ? log(w) + i * log(aa) + log(bb) - t * u->e * (i + 1) : -HUGE_VAL;
		d1[i] = i * u->pi * et / aa + f * et / bb - u->e * (i + 1);
		d2[i] = i * u->pi * (1.0 - u->pi) * et / (aa * aa) +
		    f * (1.0 - f) * et / (bb * bb);
		top = l[i] > top ? l[i] : top;
	}
	for (i = 0; i <= u->g; i++) {
		double r = exp(l[i] - top);

		sum += r;
		m1 += r * d1[i];
		m2 += r * (d2[i] + d1[i] * d1[i]);
	}
	*k1 = m1 / sum;
	*k2 = m2 / sum - *k1 * *k1;
	return top + log(sum);
}

/* The saddlepoint t of K'(t) = m by bisection (K' increases); 0 when m lies
 * outside what K' reaches within |t| <= 40 (then *out is set). */
static double
unit_saddle(const struct unit_law *u, double m, int *out)
{
	double lo = m > 0.0 ? 0.0 : -40.0, hi = m > 0.0 ? 40.0 : 0.0, k1, k2;
	int it;

	*out = 0;
	unit_cgf(u, m > 0.0 ? hi : lo, &k1, &k2);
	if (m > 0.0 ? k1 <= m : k1 >= m) {
		*out = 1;
		return 0.0;
	}
	for (it = 0; it < 200 && hi - lo > 1e-13; it++) {
		double mid = 0.5 * (lo + hi);

		unit_cgf(u, mid, &k1, &k2);
		if (k1 < m)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/* P(D >= x) for x > 0, or P(D <= x) for x < 0, D the sum of `units` i.i.d.
 * units: Lugannani and Rice's saddlepoint tail, its relative error small far in
 * the tail, where the normal tail of a skewed count is off by a factor of 2 or
 * more. D = C - e N sits on the lattice of the count C, smoothed by e N:
 * lattice (0 to 1) weighs Daniels' continuity correction (x moved half a count
 * towards 0, u = 2 sinh(t / 2) sqrt(units K'') in place of t sqrt(units K'')). */
static double
saddle_tail(const struct unit_law *u, double units, double x, double lattice)
{
	double cc = 0.5 * lattice, xc = x > 0.0 ? x - cc : x + cc, t, k, k1, k2, w, v;
	int out;

	if (x > 0.0 ? xc <= 0.0 : xc >= 0.0)
		return 0.5;
	t = unit_saddle(u, xc / units, &out);
	if (out)
		return 0.0;
	k = unit_cgf(u, t, &k1, &k2);
	w = 2.0 * units * (t * xc / units - k);
	w = (t > 0.0 ? 1.0 : -1.0) * sqrt(w > 0.0 ? w : 0.0);
	v = (lattice * 2.0 * sinh(0.5 * t) + (1.0 - lattice) * t) * sqrt(units * k2);
	if (fabs(w) < 1e-4 || fabs(v) < 1e-12)	/* at the mean: the normal tail */
		return 0.5 * erfc(fabs(xc) / sqrt(2.0 * units * k2 + 1e-300));
	t = 0.5 * erfc(fabs(w) / sqrt(2.0)) + (x > 0.0 ? 1.0 : -1.0) *
	    exp(-0.5 * w * w) * 0.39894228040143267794 * (1.0 / v - 1.0 / w);
	return t < 0.0 ? 0.0 : t > 0.5 ? 0.5 : t;
}

/* How much D = C - e N keeps of the count's lattice: N spreads e N with sd
 * sigma = e sd(N), and a lattice of span 1 smoothed by a normal of sd sigma keeps
 * exp(-2 pi^2 sigma^2) of its first Fourier coefficient: 1 when N is fixed
 * (block verification counts tokens), near 0 from sigma 0.5 on. */
static double
lattice_weight(const struct pair_output *po, double e)
{
	double m1 = 0.0, m2 = 0.0, pr = 1.0, var;
	int i;

	if (po->per_token)
		return 1.0;
	for (i = 0; i <= po->gamma; i++) {
		double w = i < po->gamma ? pr * (1.0 - po->a) : pr;

		m1 += w * (i + 1);
		m2 += w * (i + 1) * (i + 1);
		pr *= po->a;
	}
	var = e * e * (double)po->steps * fmax(0.0, m2 - m1 * m1);
	return exp(-2.0 * 9.8696044010893586188 * var);
}

double
pair_output_token_p(const struct pair_output *po, size_t y)
{
	struct unit_law u;
	double n = (double)po->tokens, dev = (double)po->count[y] - po->exact[y] * n;

	if (po->per_token)
		u = (struct unit_law){ .g = 0, .a = 0.0, .pi = 0.0, .f_repl = 0.0,
		    .f_bonus = po->p[y], .e = po->p[y] };
	else
		u = (struct unit_law){ .g = po->gamma, .a = po->a, .pi = po->pi[y],
		    .f_repl = po->scratch[y], .f_bonus = po->bonus[y], .e = po->exact[y] };
	return fmin(1.0, 2.0 * saddle_tail(&u, po->per_token ? n : (double)po->steps, dev,
	    lattice_weight(po, po->exact[y])));
}

/* Token y's two-sided p-value (pair_output_token_p), or 1 when it is not
 * tested; an emitted token the rule never emits gives 0. */
static double
token_p_value(const struct pair_output *po, size_t y, int *tested)
{
	double e = po->exact[y], n = (double)po->tokens;
	double dev = (double)po->count[y] - e * n;
	double var = po->var[y] * (po->per_token ? n : (double)po->steps);

	*tested = 0;
	if (e <= 0.0)
		return po->count[y] > 0 ? 0.0 : 1.0;
	if (e * n < PAIR_OUTPUT_MIN_EXPECTED || po->steps < PAIR_OUTPUT_MIN_STEPS)
		return 1.0;
	*tested = 1;
	if (!(var > 1e-12 * n))	/* no spread: the count is fixed */
		return fabs(dev) > 1e-9 * n ? 0.0 : 1.0;
	return pair_output_token_p(po, y);
}

struct pair_output_result
pair_output_result(const struct pair_output *po)
{
	struct pair_output_result r = { .available = po->exact_known, .p_value = 1.0 };
	double least = 1.0;
	size_t y;

	if (!po->exact_known)
		return r;
	for (y = 0; y < po->vocab; y++) {
		int tested;
		double pv = token_p_value(po, y, &tested);

		r.tv_rule += fabs(po->exact[y] - po->p[y]);
		r.tv_measured += fabs(pair_output_measured(po, y) - po->exact[y]);
		r.tested += (size_t)tested;
		least = pv < least ? pv : least;
	}
	r.tv_rule = r.tv_rule < 1e-12 ? 0.0 : 0.5 * r.tv_rule;	/* rounding: 0 */
	r.tv_measured = po->tokens > 0 ? 0.5 * r.tv_measured : 0.0;
	r.p_value = fmin(1.0, least * (double)(r.tested > 0 ? r.tested : 1));
	return r;
}
