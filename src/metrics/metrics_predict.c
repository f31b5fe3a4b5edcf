/* metrics_predict.c: expected tokens per step and speedup against the draft
 * length from a server's measurements, with 95% intervals (metrics_predict.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "metrics/metrics_predict.h"
#include "stats/student_t.h"
#include "stats/theory.h"

#define Z95 1.959963984540054

const char *
metrics_basis_name(enum metrics_basis b)
{
	static const char *const names[] = { "exact", "measured", "fit", "extrapolated" };

	return names[b];
}

/* Wilson's 95% interval for x successes in n trials. */
static void
wilson(double x, double n, double *lo, double *hi)
{
	double p, z2 = Z95 * Z95, c, h;

	if (!(n > 0.0)) {
		*lo = 0.0;
		*hi = 1.0;
		return;
	}
	p = x / n;
	c = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
	h = Z95 * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / (1.0 + z2 / n);
	*lo = c - h < 0.0 ? 0.0 : c - h;
	*hi = c + h > 1.0 ? 1.0 : c + h;
}

/* sum_{i=1..n} a^i */
static double
geo(double a, int n)
{
	double s = 0.0, t = 1.0;
	int i;

	for (i = 1; i <= n; i++)
		s += (t *= a);
	return s;
}

/* The alpha whose sum_{i=1..k} alpha^i is m (clamped to [0, 1]). */
static double
alpha_of_mean(double m, int k)
{
	double lo = 0.0, hi = 1.0, mid;
	int it;

	if (m <= 0.0)
		return 0.0;
	if (m >= k)
		return 1.0;
	for (it = 0; it < 100; it++) {
		mid = 0.5 * (lo + hi);
		if (geo(mid, k) < m)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/* The variance of the accepted count of one step, min(accepted, g), from its
 * tail P(X >= i) = a_i: E[X^2] = sum (2i - 1) a_i. */
static double
step_var(const double *a, int g)
{
	double m = 0.0, m2 = 0.0;
	int i;

	for (i = 1; i <= g; i++) {
		m += a[i - 1];
		m2 += (2.0 * i - 1.0) * a[i - 1];
	}
	return m2 > m * m ? m2 - m * m : 0.0;
}

static void
per_position(const struct metrics *m, struct metrics_prediction *p)
{
	double lo[2], hi[2], prev = 1.0, prev_n, ak, ak_lo, ak_hi, se;
	int k = m->gamma, g, i;

	p->per_position = 1;
	for (i = 0; i < k; i++) {
		p->a[i] = m->pos_counted ? m->pos_accepted[i] / m->drafts : m->pos_rate[i];
		p->alpha_pos[i] = prev > 0.0 ? p->a[i] / prev : 0.0;
		prev = p->a[i];
	}
	p->alpha = p->alpha_pos[k - 1];
	p->alpha_lo = p->alpha_hi = p->alpha;
	p->has_interval = m->pos_counted;
	p->tok[0] = p->tok_lo[0] = p->tok_hi[0] = 1.0;
	for (g = 1; g <= k && g <= p->gmax; g++) {
		p->tok[g] = p->tok[g - 1] + p->a[g - 1];
		se = m->pos_counted ? sqrt(step_var(p->a, g) / m->drafts) : 0.0;
		p->tok_lo[g] = p->tok[g] - Z95 * se;
		p->tok_hi[g] = p->tok[g] + Z95 * se;
		p->basis[g] = METRICS_EXACT;
	}
	ak = p->a[k - 1];
	ak_lo = ak_hi = ak;
	if (m->pos_counted) {
		prev_n = k >= 2 ? m->pos_accepted[k - 2] : m->drafts;
		wilson(m->pos_accepted[k - 1], prev_n, &lo[0], &hi[0]);
		wilson(m->pos_accepted[k - 1], m->drafts, &lo[1], &hi[1]);
		p->alpha_lo = lo[0];
		p->alpha_hi = hi[0];
		ak_lo = lo[1];
		ak_hi = hi[1];
	}
	for (g = k + 1; g <= p->gmax; g++) {
		p->tok[g] = p->tok[k] + ak * geo(p->alpha, g - k);
		p->tok_lo[g] = p->tok_lo[k] + ak_lo * geo(p->alpha_lo, g - k);
		p->tok_hi[g] = p->tok_hi[k] + ak_hi * geo(p->alpha_hi, g - k);
		p->basis[g] = METRICS_EXTRAPOLATED;
	}
}

/* step_var under the i.i.d. model at alpha a and length k. */
static double
step_var_iid(double a, int k)
{
	double tail[METRICS_POS_MAX];
	int i;

	for (i = 0; i < k; i++)
		tail[i] = pow(a, i + 1);
	return step_var(tail, k);
}

/* The i.i.d. fit: mean accepted per step at length k, with the half width of
 * its 95% interval. */
static void
iid_fit(double mean, double half, int k, struct metrics_prediction *p)
{
	int g;

	p->fit = 1;
	p->alpha = alpha_of_mean(mean, k);
	p->alpha_lo = alpha_of_mean(mean - half, k);
	p->alpha_hi = alpha_of_mean(mean + half, k);
	p->tok[0] = p->tok_lo[0] = p->tok_hi[0] = 1.0;
	for (g = 1; g <= p->gmax; g++) {
		p->tok[g] = theory_tok_per_step(p->alpha, g);
		p->tok_lo[g] = theory_tok_per_step(p->alpha_lo, g);
		p->tok_hi[g] = theory_tok_per_step(p->alpha_hi, g);
		p->basis[g] = g < k ? METRICS_FIT : g == k ? METRICS_MEASURED :
		    METRICS_EXTRAPOLATED;
	}
	for (g = 1; g <= k; g++) {
		p->a[g - 1] = pow(p->alpha, g);
		p->alpha_pos[g - 1] = p->alpha;
	}
}

static double
step_cost(const struct metrics_cost *c, int g)
{
	if (c->step != NULL)
		return c->step[g] / c->step[0];
	return theory_step_cost((double)g, c->c, c->k);
}

static void
speedups(const struct metrics_cost *c, struct metrics_prediction *p)
{
	int g, best = 0;

	for (g = 0; g <= p->gmax; g++) {
		double s = step_cost(c, g);

		p->speedup[g] = p->tok[g] / s;
		p->speedup_lo[g] = p->tok_lo[g] / s;
		p->speedup_hi[g] = p->tok_hi[g] / s;
		if (p->speedup[g] > p->speedup[best] * (1.0 + 1e-12))
			best = g;
	}
	p->best = best;
	p->best_from = p->gmax;
	p->best_to = 0;
	for (g = 0; g <= p->gmax; g++)
		if (p->speedup_hi[g] >= p->speedup_lo[best]) {
			p->best_from = g < p->best_from ? g : p->best_from;
			p->best_to = g;
		}
}

/* The conventions at the measured length, from the accepted per step. */
static void
conventions(const struct metrics *m, double per_step, struct metrics_prediction *p)
{
	int k = m->gamma;
	double tested;

	p->mean_len = per_step;
	p->mean_len_bonus = 1.0 + per_step;
	p->acceptance_rate = per_step / k;
	/* Each step tests its accepted drafts and, unless all were kept, one more. */
	tested = per_step + 1.0 - p->a[k - 1];
	p->alpha_hat = tested > 0.0 ? per_step / tested : 0.0;
}

void
metrics_predict(const struct metrics *m, const struct metrics_cost *cost, int gmax,
    struct metrics_prediction *out)
{
	int k = m->gamma, i;
	double mean = 0.0, half;

	memset(out, 0, sizeof *out);
	out->gamma_measured = k;
	gmax = gmax < k ? k : gmax;
	gmax = gmax > METRICS_GAMMA_MAX ? METRICS_GAMMA_MAX : gmax;
	if (cost->step != NULL && gmax > cost->nstep - 1)
		gmax = cost->nstep - 1;
	out->gmax = gmax;
	if (m->kind == METRICS_PER_POSITION) {
		per_position(m, out);
		for (i = 0; i < k; i++)
			mean += out->a[i];
	} else {
		if (m->kind == METRICS_TOTALS) {
			double a;

			mean = m->accepted / m->drafts;
			a = alpha_of_mean(mean, k);
			half = Z95 * sqrt(step_var_iid(a, k) / m->drafts);
			out->has_interval = 1;
		} else {	/* a mean of records: Student's t */
			mean = m->mean_accepted;
			half = student_t975((long)m->mean_records - 1) * m->mean_accepted_se;
			out->has_interval = half > 0.0;
		}
		iid_fit(mean, half, k, out);
	}
	out->measured_tok = 1.0 + mean;
	speedups(cost, out);
	conventions(m, mean, out);
}
