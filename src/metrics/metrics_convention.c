/* metrics_convention.c: the accumulator's sums into one convention
 * (metrics_convention.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "metrics/metrics_convention.h"

int
metrics_refuse(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

static double
mean_of(const struct metrics_mean *m)
{
	return m->n > 0 ? m->sum / (double)m->n : 0.0;
}

/* The standard error of the mean over the records; 0 with fewer than two. */
static double
mean_se(const struct metrics_mean *m)
{
	double n = (double)m->n, var;

	if (m->n < 2)
		return 0.0;
	var = (m->sq - m->sum * m->sum / n) / (n - 1.0);
	return var > 0.0 ? sqrt(var / n) : 0.0;
}

/* Position i's value, or -1 with err filled when it breaks the order. */
static int
position_checked(const struct metrics_acc *a, const struct metrics *m, int i,
    double prev, double tol, double *v, char *err, size_t errlen)
{
	*v = m->pos_counted ? a->pos[i] : a->pos[i] / (double)a->pos_n[i];
	if (a->pos_n[i] == 0) {
		snprintf(err, errlen, "position %d has no value, though position %d "
		    "has", i + 1, a->npos);
		return -1;
	}
	if (*v > prev + tol) {
		snprintf(err, errlen, "position %d accepted more often than %s (%g > "
		    "%g): the rates are not unconditional per-position rates", i + 1,
		    i == 0 ? "there were drafts" : "the position before", *v, prev);
		return -1;
	}
	return 0;
}

/* Per-position counts, checked: each position accepted at most as often as the
 * one before (a token is kept only after all before it). Rates rebuilt from a
 * log's three decimals may break that by their rounding: up to tol is mended. */
static int
positions_in_order(const struct metrics_acc *a, struct metrics *m, double tol, char *err,
    size_t errlen)
{
	double prev, v;
	int i;

	if (a->npos < 1)
		return metrics_refuse(err, errlen, "no per-position acceptance in the input");
	m->kind = METRICS_PER_POSITION;
	m->gamma = a->npos;
	prev = m->pos_counted ? m->drafts : 1.0;
	for (i = 0; i < a->npos; i++) {
		if (position_checked(a, m, i, prev, tol, &v, err, errlen) != 0)
			return -1;
		v = v > prev ? prev : v;
		if (m->pos_counted)
			m->pos_accepted[i] = v;
		else
			m->pos_rate[i] = v;
		prev = v;
	}
	return 0;
}

int
metrics_finish_positions(const struct metrics_acc *a, struct metrics *m, double tol,
    char *err, size_t errlen)
{
	int i;

	m->pos_counted = !a->pos_rates;
	if (positions_in_order(a, m, tol, err, errlen) != 0)
		return -1;
	m->accepted = 0.0;
	for (i = 0; i < m->gamma && m->pos_counted; i++)
		m->accepted += m->pos_accepted[i];
	m->drafted = m->drafts * m->gamma;
	return 0;
}

/* The draft length from a mean accepted per step and an accepted / drafted rate. */
static int
gamma_from_rate(double mean_accepted, double rate)
{
	double g = rate > 0.0 ? mean_accepted / rate : 0.0;

	return g >= 0.5 && g < METRICS_POS_MAX + 0.5 ? (int)floor(g + 0.5) : 0;
}

/* Gauge g's name in format f's words ("sglang:spec_accept_rate", or the log's
 * "accept rate"): its gauge_names, else its Prometheus metric of that gauge. */
static const char *
gauge_name(const struct metrics_format_entry *f, int g)
{
	const struct metrics_prom_metric *pm;

	if (f->gauge_names[g] != NULL)
		return f->gauge_names[g];
	for (pm = f->prom; pm != NULL && pm->name != NULL; pm++)
		if (pm->counter < 0 && pm->gauge == g)
			return pm->name;
	return "a gauge";
}

/* The first gauge present in the file only as NaN or an infinity, or -1. */
static int
gauge_unset(const struct metrics_acc *a)
{
	int g;

	for (g = 0; g < METRICS_NGAUGES; g++)
		if (a->gauge_nan[g] > 0 && a->gauge[g].n == 0)
			return g;
	return -1;
}

static int
fail_unset(const struct metrics_format_entry *f, int g, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s is present but unusable: every sample of it is NaN "
	    "or infinite (not set yet)", gauge_name(f, g));
	return -1;
}

/* The file's draft length, or hint; else why, the reason the file gives none,
 * into err with a request for --gamma. */
static int
need_gamma(struct metrics *m, int hint, const char *why, char *err, size_t errlen)
{
	if (m->gamma >= 1 && m->gamma <= METRICS_POS_MAX)
		return 0;
	if (hint >= 1 && hint <= METRICS_POS_MAX) {
		m->gamma = hint;
		m->gamma_derived = 0;
		m->gamma_option = 1;
		return 0;
	}
	snprintf(err, errlen, "%s: give the one the server ran with, --gamma G", why);
	return -1;
}

/* Why gauge g, which a draft length is worked out with, gave none: present
 * (values: its figures and the formula), present only as NaN, or absent (the
 * words absent). */
static const char *
gamma_why(const struct metrics_format_entry *f, const struct metrics_acc *a, int g,
    const char *values, const char *absent, char *buf, size_t len)
{
	const char *name = gauge_name(f, g);

	if (a->gauge[g].n > 0)
		snprintf(buf, len, "%s is present but unusable: %s gives no draft length "
		    "from 1 to %d", name, values, METRICS_POS_MAX);
	else if (a->gauge_nan[g] > 0)
		snprintf(buf, len, "%s is present but unusable (NaN or infinite: not set "
		    "yet), so the input gives no draft length", name);
	else
		snprintf(buf, len, "%s", absent);
	return buf;
}

/* SGLang, TensorRT-LLM: a mean length with the bonus; the draft length from it
 * and the rate. */
static int
rates_from_length(const struct metrics_format_entry *f, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	const struct metrics_mean *len = &a->gauge[METRICS_G_LENGTH];
	double r = mean_of(&a->gauge[METRICS_G_RATE]), l = mean_of(len);
	char why[512], values[128];

	m->mean_accepted = l - 1.0;
	m->mean_accepted_se = mean_se(len);
	m->mean_records = len->n;
	if (m->mean_accepted < 0.0) {
		snprintf(err, errlen, "%s: a mean acceptance length below 1",
		    gauge_name(f, METRICS_G_LENGTH));
		return -1;
	}
	if (a->gauge[METRICS_G_RATE].n > 0 &&
	    (m->gamma = gamma_from_rate(m->mean_accepted, r)) > 0)
		m->gamma_derived = 1;
	snprintf(values, sizeof values, "k = (length - 1) / rate at length %.6g, "
	    "rate %.6g", l, r);
	return need_gamma(m, hint, gamma_why(f, a, METRICS_G_RATE, values, "the input "
	    "gives no draft length", why, sizeof why), err, errlen);
}

/* vLLM's older gauges: the acceptance rate, the draft length from it and the
 * efficiency. */
static int
rates_from_rate(const struct metrics_format_entry *f, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	const struct metrics_mean *rate = &a->gauge[METRICS_G_RATE];
	double r = mean_of(rate), e = mean_of(&a->gauge[METRICS_G_EFFICIENCY]);
	char why[512], values[128];

	if (a->gauge[METRICS_G_EFFICIENCY].n > 0 && e > r && e < 1.0)
		m->gamma = gamma_from_rate(1.0 - e, e - r);
	m->gamma_derived = m->gamma > 0;
	snprintf(values, sizeof values, "k = (1 - e) / (e - r) at e %.6g, the "
	    "acceptance rate r %.6g", e, r);
	if (need_gamma(m, hint, gamma_why(f, a, METRICS_G_EFFICIENCY, values, "an "
	    "acceptance rate without the efficiency (vllm:spec_decode_efficiency) "
	    "gives no draft length", why, sizeof why), err, errlen) != 0)
		return -1;
	m->mean_accepted = r * m->gamma;
	m->mean_accepted_se = mean_se(rate) * m->gamma;
	m->mean_records = rate->n;
	return 0;
}

int
metrics_finish_rates(const struct metrics_format_entry *f, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	int rc;

	m->kind = METRICS_RATES;
	if (a->gauge[METRICS_G_LENGTH].n > 0)
		rc = rates_from_length(f, a, m, hint, err, errlen);
	else if (a->gauge[METRICS_G_RATE].n > 0)
		rc = rates_from_rate(f, a, m, hint, err, errlen);
	else if (gauge_unset(a) >= 0)
		return fail_unset(f, gauge_unset(a), err, errlen);
	else
		return metrics_refuse(err, errlen, "no speculative-decoding counts or rates "
		    "in the input");
	if (rc != 0)
		return -1;
	if (m->mean_accepted > m->gamma)
		return metrics_refuse(err, errlen, "more accepted per step than the draft "
		    "length");
	return 0;
}

/* The draft length of totals: from the draft steps, the mean length, the file. */
static void
totals_gamma(const struct metrics_acc *a, struct metrics *m)
{
	double len = mean_of(&a->gauge[METRICS_G_LENGTH]);

	if (a->has_drafts && a->drafts > 0.0) {
		m->gamma = gamma_from_rate(a->drafted, a->drafts);
		m->gamma_derived = 1;
	} else if (a->gauge[METRICS_G_LENGTH].n > 0 && len > 1.0 && a->accepted > 0.0) {
		m->gamma = gamma_from_rate(a->drafted, a->accepted / (len - 1.0));
		m->gamma_derived = 1;
	} else if (a->gamma > 0) {
		m->gamma = a->gamma;
	}
}

int
metrics_finish_totals(const struct metrics_format_entry *f, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	(void)f;
	m->kind = METRICS_TOTALS;
	totals_gamma(a, m);
	if (need_gamma(m, hint, "the input gives no draft length", err, errlen) != 0)
		return -1;
	m->drafts = a->has_drafts ? a->drafts : a->drafted / m->gamma;
	if (!(a->drafted > 0.0) || !(m->drafts > 0.0))
		return metrics_refuse(err, errlen, "no drafted tokens counted");
	if (m->drafts < 1.0) {
		snprintf(err, errlen, "too little data: %.0f drafted at gamma %d is "
		    "less than one draft step", a->drafted, m->gamma);
		return -1;
	}
	if (a->accepted > a->drafted)
		return metrics_refuse(err, errlen, "more tokens accepted than drafted");
	m->drafted = a->drafted;
	m->accepted = a->accepted;
	return 0;
}

int
metrics_finish_totals_or_rates(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen)
{
	if (a->has_drafted && a->has_accepted)
		return metrics_finish_totals(f, a, m, hint, err, errlen);
	return metrics_finish_rates(f, a, m, hint, err, errlen);
}

int
metrics_finish_drafts_positions(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, double tol, char *err,
    size_t errlen)
{
	if (a->npos > 0 && !(a->drafts > 0.0))
		return metrics_refuse(err, errlen, a->has_drafts ? "no draft steps counted "
		    "(vllm:spec_decode_num_drafts_total is 0)" : "per-position counts "
		    "without the number of drafts (vllm:spec_decode_num_drafts_total)");
	if (a->npos == 0)
		return metrics_finish_totals_or_rates(f, a, m, hint, err, errlen);
	m->drafts = a->drafts;
	return metrics_finish_positions(a, m, tol, err, errlen);
}

int
metrics_convention_apply(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen)
{
	m->records = a->records;
	if (a->records == 0 && gauge_unset(a) >= 0)
		return fail_unset(f, gauge_unset(a), err, errlen);
	if (a->records == 0)
		return metrics_refuse(err, errlen, "no speculative-decoding figures in the "
		    "input");
	if (a->repeated > 0 && a->increased == 0)
		return metrics_refuse(err, errlen, "no increase: every speculative-decoding "
		    "counter is the same in each scrape, so no draft step happened between "
		    "them");
	return f->finish(f, a, m, hint, err, errlen);
}
