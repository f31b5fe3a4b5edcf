/* metrics_parse.c: recognise the format of a metrics file by its content, read
 * every line of it with that format's reader, and bring what was summed to one
 * convention (metrics.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/metrics_acc.h"
#include "util/number.h"
#include "util/xalloc.h"

static const struct {
	const char *name, *system;
} format_names[METRICS_NFORMATS] = {
	[METRICS_VLLM_PROM] = { "vllm-prometheus", "vLLM" },
	[METRICS_VLLM_LOG] = { "vllm-log", "vLLM" },
	[METRICS_SGLANG_PROM] = { "sglang-prometheus", "SGLang" },
	[METRICS_SGLANG_LOG] = { "sglang-log", "SGLang" },
	[METRICS_LLAMACPP] = { "llama.cpp-log", "llama.cpp" },
	[METRICS_TRTLLM] = { "tensorrt-llm-prometheus", "TensorRT-LLM" },
	[METRICS_CSV] = { "csv", "CSV" },
};

const char *
metrics_format_name(enum metrics_format f)
{
	return format_names[f].name;
}

const char *
metrics_system_name(enum metrics_format f)
{
	return format_names[f].system;
}

int
metrics_fail(char *err, size_t errlen, size_t lineno, const char *line, size_t len,
    const char *why)
{
	int cut = len > METRICS_QUOTE_MAX;

	snprintf(err, errlen, "line %zu: %s: '%.*s%s'", lineno, why,
	    (int)(cut ? METRICS_QUOTE_MAX : len), line, cut ? "..." : "");
	return -1;
}

int
metrics_number(const char **s, const char *end, double *v)
{
	const char *t = *s, *u;
	const char *why;
	char buf[64];

	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	for (u = t; u < end && !strchr(" \t,()%/", *u); u++)
		;
	if (u == t || (size_t)(u - t) >= sizeof buf || number_check(t, (size_t)(u - t),
	    0, &why) != 0)
		return -1;
	memcpy(buf, t, (size_t)(u - t));
	buf[u - t] = '\0';
	*v = strtod(buf, NULL);
	if (!isfinite(*v))
		return -1;
	*s = u;
	return 0;
}

int
metrics_is_count(double v)
{
	return v >= 0.0 && v <= 1e18 && v == floor(v);
}

void
metrics_mean_add(struct metrics_mean *m, double v)
{
	m->sum += v;
	m->sq += v * v;
	m->n++;
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

/* The format a line marks, or -1. */
static int
line_format(const char *s, size_t len)
{
	static const struct {
		const char *mark;
		int at_start;
		enum metrics_format f;
	} marks[] = {
		{ "vllm:spec_decode_", 1, METRICS_VLLM_PROM },
		{ "sglang:spec_", 1, METRICS_SGLANG_PROM },
		{ "trtllm_spec_decode_", 1, METRICS_TRTLLM },
		{ "SpecDecoding metrics:", 0, METRICS_VLLM_LOG },
		{ "accept len:", 0, METRICS_SGLANG_LOG },
		{ "draft acceptance rate =", 0, METRICS_LLAMACPP },
		{ "position,", 1, METRICS_CSV },
	};
	size_t i;

	(void)len;
	if (strncmp(s, "# HELP ", 7) == 0 || strncmp(s, "# TYPE ", 7) == 0)
		s += 7;
	for (i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (marks[i].at_start ? strncmp(s, marks[i].mark, strlen(marks[i].mark)) == 0 :
		    strstr(s, marks[i].mark) != NULL) {
			if (marks[i].f == METRICS_SGLANG_LOG && strstr(s, "Decode batch") == NULL)
				continue;
			return (int)marks[i].f;
		}
	if (strcmp(s, "position") == 0)
		return METRICS_CSV;
	return -1;
}

/* Calls fn on each line (its copy NUL-terminated, a final '\r' dropped); stops at
 * the first that returns non-zero and returns that. */
static int
each_line(const char *text, size_t len, int (*fn)(void *, const char *, size_t, size_t),
    void *arg)
{
	size_t start = 0, end, n, lineno = 0;
	char *line;
	int rc = 0;

	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	while (start < len && rc == 0) {
		for (end = start; end < len && text[end] != '\n'; end++)
			;
		n = end - start;
		if (n > 0 && text[start + n - 1] == '\r')
			n--;
		line = xmalloc(n + 1);
		memcpy(line, text + start, n);
		line[n] = '\0';
		rc = fn(arg, line, n, ++lineno);
		free(line);
		start = end + 1;
	}
	return rc;
}

struct pass {
	struct metrics_acc *acc;
	int found;		/* pass 1: a line of a format was seen */
	size_t first_line;	/* pass 1: the first line with anything on it */
	char first[METRICS_QUOTE_MAX + 1];
	size_t first_len;
	char *err;
	size_t errlen;
};

static int
detect(void *arg, const char *line, size_t len, size_t lineno)
{
	struct pass *p = arg;
	int f;

	if (len > 0 && p->first_line == 0) {
		p->first_line = lineno;
		p->first_len = len < METRICS_QUOTE_MAX ? len : METRICS_QUOTE_MAX;
		memcpy(p->first, line, p->first_len);
	}
	if (strlen(line) != len || (f = line_format(line, len)) < 0)
		return 0;
	p->acc->format = (enum metrics_format)f;
	p->found = 1;
	return 1;
}

static int
read_line(void *arg, const char *line, size_t len, size_t lineno)
{
	struct pass *p = arg;
	struct metrics_acc *a = p->acc;

	if (strlen(line) != len)
		return metrics_fail(p->err, p->errlen, lineno, line, strlen(line),
		    "a NUL byte in the line");
	switch (a->format) {
	case METRICS_VLLM_PROM:
	case METRICS_SGLANG_PROM:
	case METRICS_TRTLLM:
		return metrics_prom_line(a, line, len, lineno, p->err, p->errlen);
	default:
		return metrics_log_line(a, line, len, lineno, p->err, p->errlen);
	}
}

static int
fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

/* Per-position counts, checked: each position accepted at most as often as the
 * one before (a token is kept only after all before it). Rates rebuilt from a
 * log's three decimals may break that by their rounding: up to tol is mended. */
static int
finish_positions(const struct metrics_acc *a, struct metrics *m, double tol, char *err,
    size_t errlen)
{
	double prev;
	int i;

	if (a->npos < 1)
		return fail(err, errlen, "no per-position acceptance in the input");
	m->kind = METRICS_PER_POSITION;
	m->gamma = a->npos;
	prev = m->pos_counted ? m->drafts : 1.0;
	for (i = 0; i < a->npos; i++) {
		double v = m->pos_counted ? a->pos[i] : a->pos[i] / (double)a->pos_n[i];

		if (a->pos_n[i] == 0) {
			snprintf(err, errlen, "position %d has no value, though position %d "
			    "has", i + 1, a->npos);
			return -1;
		}
		if (v > prev + tol) {
			snprintf(err, errlen, "position %d accepted more often than %s (%g > "
			    "%g): the rates are not unconditional per-position rates", i + 1,
			    i == 0 ? "there were drafts" : "the position before", v, prev);
			return -1;
		}
		v = v > prev ? prev : v;
		if (m->pos_counted)
			m->pos_accepted[i] = v;
		else
			m->pos_rate[i] = v;
		prev = v;
	}
	return 0;
}

/* The draft length from a mean accepted per step and an accepted / drafted rate. */
static int
gamma_from_rate(double mean_accepted, double rate)
{
	double g = rate > 0.0 ? mean_accepted / rate : 0.0;

	return g >= 0.5 && g < METRICS_POS_MAX + 0.5 ? (int)floor(g + 0.5) : 0;
}

/* A gauge's name in the file's format ("sglang:spec_accept_rate", or the log's
 * "accept rate"). */
static const char *
gauge_name(enum metrics_format f, enum metrics_gauge g)
{
	static const char *const names[METRICS_NFORMATS][3] = {
		[METRICS_VLLM_PROM] = { NULL, "vllm:spec_decode_draft_acceptance_rate",
		    "vllm:spec_decode_efficiency" },
		[METRICS_SGLANG_PROM] = { "sglang:spec_accept_length",
		    "sglang:spec_accept_rate", NULL },
		[METRICS_SGLANG_LOG] = { "accept len", "accept rate", NULL },
		[METRICS_TRTLLM] = { "trtllm_spec_decode_acceptance_length", NULL, NULL },
	};
	const char *n = names[f][g];

	return n != NULL ? n : "a gauge";
}

/* The first gauge present in the file only as NaN or an infinity, or -1. */
static int
gauge_unset(const struct metrics_acc *a)
{
	int g;

	for (g = METRICS_G_LENGTH; g <= METRICS_G_EFFICIENCY; g++)
		if (a->gauge_nan[g] > 0 && (g == METRICS_G_LENGTH ? a->len.n :
		    g == METRICS_G_RATE ? a->rate.n : a->eff.n) == 0)
			return g;
	return -1;
}

static int
fail_unset(const struct metrics_acc *a, int g, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s is present but unusable: every sample of it is NaN "
	    "or infinite (not set yet)", gauge_name(a->format, (enum metrics_gauge)g));
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
gamma_why(const struct metrics_acc *a, enum metrics_gauge g, const char *values,
    const char *absent, char *buf, size_t len)
{
	const struct metrics_mean *mm = g == METRICS_G_RATE ? &a->rate : &a->eff;
	const char *name = gauge_name(a->format, g);

	if (mm->n > 0)
		snprintf(buf, len, "%s is present but unusable: %s gives no draft length "
		    "from 1 to %d", name, values, METRICS_POS_MAX);
	else if (a->gauge_nan[g] > 0)
		snprintf(buf, len, "%s is present but unusable (NaN or infinite: not set "
		    "yet), so the input gives no draft length", name);
	else
		snprintf(buf, len, "%s", absent);
	return buf;
}

static int
finish_rates(const struct metrics_acc *a, struct metrics *m, int hint, char *err,
    size_t errlen)
{
	double r = mean_of(&a->rate), e = mean_of(&a->eff), len = mean_of(&a->len);
	char why[512], values[128];

	m->kind = METRICS_RATES;
	if (a->len.n > 0) {	/* SGLang, TensorRT-LLM: length with the bonus */
		m->mean_accepted = len - 1.0;
		m->mean_accepted_se = mean_se(&a->len);
		m->mean_records = a->len.n;
		if (m->mean_accepted < 0.0) {
			snprintf(err, errlen, "%s: a mean acceptance length below 1",
			    gauge_name(a->format, METRICS_G_LENGTH));
			return -1;
		}
		if (a->rate.n > 0 && (m->gamma = gamma_from_rate(m->mean_accepted, r)) > 0)
			m->gamma_derived = 1;
		snprintf(values, sizeof values, "k = (length - 1) / rate at length %.6g, "
		    "rate %.6g", len, r);
		if (need_gamma(m, hint, gamma_why(a, METRICS_G_RATE, values, "the input "
		    "gives no draft length", why, sizeof why), err, errlen) != 0)
			return -1;
	} else if (a->rate.n > 0) {	/* vLLM's older gauges */
		if (a->eff.n > 0 && e > r && e < 1.0)
			m->gamma = gamma_from_rate(1.0 - e, e - r);
		m->gamma_derived = m->gamma > 0;
		snprintf(values, sizeof values, "k = (1 - e) / (e - r) at e %.6g, the "
		    "acceptance rate r %.6g", e, r);
		if (need_gamma(m, hint, gamma_why(a, METRICS_G_EFFICIENCY, values, "an "
		    "acceptance rate without the efficiency (vllm:spec_decode_efficiency) "
		    "gives no draft length", why, sizeof why), err, errlen) != 0)
			return -1;
		m->mean_accepted = r * m->gamma;
		m->mean_accepted_se = mean_se(&a->rate) * m->gamma;
		m->mean_records = a->rate.n;
	} else if (gauge_unset(a) >= 0) {
		return fail_unset(a, gauge_unset(a), err, errlen);
	} else {
		return fail(err, errlen, "no speculative-decoding counts or rates in the "
		    "input");
	}
	if (m->mean_accepted > m->gamma)
		return fail(err, errlen, "more accepted per step than the draft length");
	return 0;
}

static int
finish_totals(const struct metrics_acc *a, struct metrics *m, int hint, char *err,
    size_t errlen)
{
	double len = mean_of(&a->len);

	m->kind = METRICS_TOTALS;
	if (a->has_drafts && a->drafts > 0.0) {
		m->gamma = gamma_from_rate(a->drafted, a->drafts);
		m->gamma_derived = 1;
	} else if (a->len.n > 0 && len > 1.0 && a->accepted > 0.0) {
		m->gamma = gamma_from_rate(a->drafted, a->accepted / (len - 1.0));
		m->gamma_derived = 1;
	} else if (a->gamma > 0) {
		m->gamma = a->gamma;
	}
	if (need_gamma(m, hint, "the input gives no draft length", err, errlen) != 0)
		return -1;
	m->drafts = a->has_drafts ? a->drafts : a->drafted / m->gamma;
	if (!(a->drafted > 0.0) || !(m->drafts > 0.0))
		return fail(err, errlen, "no drafted tokens counted");
	if (m->drafts < 1.0) {
		snprintf(err, errlen, "too little data: %.0f drafted at gamma %d is "
		    "less than one draft step", a->drafted, m->gamma);
		return -1;
	}
	if (a->accepted > a->drafted)
		return fail(err, errlen, "more tokens accepted than drafted");
	m->drafted = a->drafted;
	m->accepted = a->accepted;
	return 0;
}

static int
csv_drafts(const struct metrics_acc *a, struct metrics *m, char *err, size_t errlen)
{
	int i;

	for (i = 1; i < a->npos; i++)
		if (a->pos_drafts[i] != a->pos_drafts[0])
			return fail(err, errlen, "the drafts column differs between positions:"
			    " each position is tested over the same draft steps");
	m->drafts = a->pos_drafts[0];
	if (!(m->drafts > 0.0))
		return fail(err, errlen, "no drafts counted");
	return 0;
}

static int
finish(const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen)
{
	int i;

	m->format = a->format;
	m->records = a->records;
	if (a->records == 0 && gauge_unset(a) >= 0)
		return fail_unset(a, gauge_unset(a), err, errlen);
	if (a->records == 0)
		return fail(err, errlen, "no speculative-decoding figures in the input");
	if (a->repeated > 0 && a->increased == 0)
		return fail(err, errlen, "no increase: every speculative-decoding counter "
		    "is the same in each scrape, so no draft step happened between them");
	switch (a->format) {
	case METRICS_VLLM_LOG:
	case METRICS_CSV:
	case METRICS_VLLM_PROM:
		if (a->format == METRICS_CSV && !a->pos_rates && (a->npos < 1 ||
		    csv_drafts(a, m, err, errlen) != 0))
			return a->npos < 1 ? fail(err, errlen, "a CSV header and no rows") : -1;
		if (a->format != METRICS_CSV && a->npos > 0 && !(a->drafts > 0.0))
			return fail(err, errlen, a->has_drafts ? "no draft steps counted "
			    "(vllm:spec_decode_num_drafts_total is 0)" : "per-position counts "
			    "without the number of drafts (vllm:spec_decode_num_drafts_total)");
		if (a->npos == 0)
			return a->has_drafted && a->has_accepted ?
			    finish_totals(a, m, hint, err, errlen) :
			    finish_rates(a, m, hint, err, errlen);
		if (a->format != METRICS_CSV)
			m->drafts = a->drafts;
		m->pos_counted = !a->pos_rates;
		if (finish_positions(a, m, a->format == METRICS_VLLM_LOG ?
		    1e-3 * m->drafts + (double)a->records : 0.0, err, errlen) != 0)
			return -1;
		m->accepted = 0.0;
		for (i = 0; i < m->gamma && m->pos_counted; i++)
			m->accepted += m->pos_accepted[i];
		m->drafted = m->drafts * m->gamma;
		return 0;
	case METRICS_LLAMACPP:
		return finish_totals(a, m, hint, err, errlen);
	default:	/* SGLang, TensorRT-LLM */
		if (a->has_drafted && a->has_accepted)
			return finish_totals(a, m, hint, err, errlen);
		return finish_rates(a, m, hint, err, errlen);
	}
}

int
metrics_parse(const char *text, size_t len, int gamma_hint, struct metrics *m,
    char *err, size_t errlen)
{
	struct metrics_acc a;
	struct pass p = { .acc = &a, .err = err, .errlen = errlen };
	int rc;

	memset(&a, 0, sizeof a);
	memset(m, 0, sizeof *m);
	each_line(text, len, detect, &p);
	if (!p.found) {
		if (p.first_line == 0)
			return fail(err, errlen, "no speculative-decoding metrics: the input "
			    "is empty");
		return metrics_fail(err, errlen, p.first_line, p.first, p.first_len,
		    "no speculative-decoding metrics of vLLM, SGLang, llama.cpp, "
		    "TensorRT-LLM or the CSV; the first line");
	}
	rc = each_line(text, len, read_line, &p);
	if (rc == 0) {
		metrics_prom_finish(&a);
		rc = finish(&a, m, gamma_hint, err, errlen);
	}
	metrics_prom_free(&a);
	return rc != 0 ? -1 : 0;
}
