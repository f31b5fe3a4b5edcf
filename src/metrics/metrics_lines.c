/* metrics_lines.c: the log lines of vLLM ("SpecDecoding metrics: ..."), SGLang
 * ("Decode batch, ... accept len: X, accept rate: Y"), llama.cpp ("draft
 * acceptance rate = R ( A accepted / D generated)") and the rows of the plain
 * CSV. Each reader gets one line, NUL-terminated. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "metrics/metrics_acc.h"

#define VLLM_MARK "SpecDecoding metrics:"
#define SGLANG_MARK "Decode batch"
#define LLAMA_MARK "draft acceptance rate ="

/* The number after key in line (NULL: key absent, *v untouched); -1 when key is
 * there and no number follows. */
static int
number_after(const char *line, const char *end, const char *key, double *v, int *found)
{
	const char *s = strstr(line, key);

	*found = s != NULL;
	if (s == NULL)
		return 0;
	s += strlen(key);
	return metrics_number(&s, end, v);
}

/* "Per-position acceptance rate: 0.838, 0.628, 0.452" into rates; their count, or
 * -1 when a value is not a rate. */
static int
position_list(const char *s, const char *end, double *rates)
{
	const char *t;
	int n = 0;

	for (;;) {
		t = s;
		while (t < end && *t == ' ')
			t++;
		if (n == METRICS_POS_MAX || metrics_number(&t, end, &rates[n]) != 0)
			return n > 0 ? n : -1;
		if (!(rates[n] >= 0.0 && rates[n] <= 1.0))
			return -1;
		n++;
		if (t >= end || *t != ',')
			return n;
		s = t + 1;
	}
}

static int
vllm_log(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	double acc, drafted, len = 0.0, rates[METRICS_POS_MAX], drafts;
	const char *s;
	int f1, f2, f3, n, i;

	if (number_after(line, end, "Accepted: ", &acc, &f1) != 0 || !f1 ||
	    number_after(line, end, "Drafted: ", &drafted, &f2) != 0 || !f2 ||
	    !metrics_is_count(acc) || !metrics_is_count(drafted) || acc > drafted) {
		*why = "a SpecDecoding line without Accepted: N and Drafted: N counts";
		return -1;
	}
	if (number_after(line, end, "Mean acceptance length: ", &len, &f3) != 0) {
		*why = "a mean acceptance length that is not a number";
		return -1;
	}
	s = strstr(line, "Per-position acceptance rate: ");
	if (s == NULL) {
		*why = "a SpecDecoding line without per-position acceptance rates";
		return -1;
	}
	n = position_list(s + strlen("Per-position acceptance rate: "), end, rates);
	if (n < 0 || (a->gamma != 0 && n != a->gamma) || fmod(drafted, n) != 0.0) {
		*why = n < 0 ? "per-position rates that are not rates in [0, 1]" :
		    a->gamma != 0 && n != a->gamma ? "a number of positions unlike the "
		    "lines before" : "drafted tokens not a multiple of the positions";
		return -1;
	}
	a->gamma = n;
	drafts = drafted / n;
	for (i = 0; i < n; i++) {
		a->pos[i] += floor(rates[i] * drafts + 0.5);
		a->pos_n[i]++;
	}
	a->npos = n;
	a->drafts += drafts;
	a->drafted += drafted;
	a->accepted += acc;
	a->has_drafts = a->has_drafted = a->has_accepted = 1;
	return 0;
}

static int
sglang_log(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	double len, rate;
	int f1, f2;

	if (number_after(line, end, "accept len: ", &len, &f1) != 0 || !f1 ||
	    !(len >= 1.0 && len <= METRICS_POS_MAX + 1)) {
		*why = "a Decode batch line without accept len: X (from 1)";
		return -1;
	}
	if (number_after(line, end, "accept rate: ", &rate, &f2) != 0 ||
	    (f2 && !(rate >= 0.0 && rate <= 1.0))) {
		*why = "an accept rate that is not a rate in [0, 1]";
		return -1;
	}
	metrics_mean_add(&a->len, len);
	if (f2)
		metrics_mean_add(&a->rate, rate);
	return 0;
}

static int
llama_log(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	const char *s = strstr(line, LLAMA_MARK) + strlen(LLAMA_MARK);
	double rate, acc, gen;

	while (s < end && *s == ' ')
		s++;
	if (metrics_number(&s, end, &rate) != 0 || strncmp(s, " ( ", 3) != 0 ||
	    (s += 3, metrics_number(&s, end, &acc)) != 0 ||
	    strncmp(s, " accepted / ", 12) != 0 ||
	    (s += 12, metrics_number(&s, end, &gen)) != 0 ||
	    strncmp(s, " generated)", 11) != 0 || !metrics_is_count(acc) || !metrics_is_count(gen) ||
	    acc > gen) {
		*why = "not \"draft acceptance rate = R ( A accepted / D generated)\"";
		return -1;
	}
	a->accepted += acc;
	a->drafted += gen;
	a->has_accepted = a->has_drafted = 1;
	return 0;
}

/* llama.cpp's speculative example states its draft length: "n_draft   = 16". */
static int
llama_n_draft(struct metrics_acc *a, const char *line, const char *end)
{
	const char *s = line;
	double g;

	while (s < end && *s == ' ')
		s++;
	if (strncmp(s, "n_draft", 7) != 0)
		return 0;
	for (s += 7; s < end && *s == ' '; s++)
		;
	if (s >= end || *s != '=')
		return 0;
	s++;
	if (metrics_number(&s, end, &g) != 0 || !metrics_is_count(g) || g < 1 ||
	    g > METRICS_POS_MAX)
		return 0;
	a->gamma = (int)g;
	return 1;
}

/* The CSV's header: which column is which. */
static int
csv_header(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	static const char *const names[4] = { "position", "accepted", "drafts", "rate" };
	const char *s = line, *t;
	int col = 0, k;

	memset(a->csv_cols, -1, sizeof a->csv_cols);
	while (s <= end) {
		for (t = s; t < end && *t != ','; t++)
			;
		for (k = 0; k < 4; k++)
			if ((size_t)(t - s) == strlen(names[k]) &&
			    memcmp(s, names[k], (size_t)(t - s)) == 0 && a->csv_cols[k] < 0)
				break;
		if (k == 4) {
			*why = "a CSV column other than position, accepted, drafts, rate";
			return -1;
		}
		a->csv_cols[k] = col++;
		s = t + 1;
	}
	if (a->csv_cols[0] < 0 || (a->csv_cols[3] < 0 &&
	    (a->csv_cols[1] < 0 || a->csv_cols[2] < 0))) {
		*why = "a CSV header without position and either accepted and drafts or rate";
		return -1;
	}
	a->csv_header = a->csv_header_line = 1;
	a->pos_rates = a->csv_cols[1] < 0;
	return 0;
}

static int
csv_row(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	double v[4] = { 0, 0, 0, 0 }, x;
	const char *s = line;
	int col, k, i;

	for (col = 0; s <= end; col++) {
		if (metrics_number(&s, end, &x) != 0 || (s < end && *s != ',')) {
			*why = "a CSV row that is not numbers separated by commas";
			return -1;
		}
		for (k = 0; k < 4; k++)
			if (a->csv_cols[k] == col)
				v[k] = x;
		s++;
	}
	if (col != (a->csv_cols[0] >= 0) + (a->csv_cols[1] >= 0) +
	    (a->csv_cols[2] >= 0) + (a->csv_cols[3] >= 0)) {
		*why = "a CSV row whose columns are not the header's";
		return -1;
	}
	if (!metrics_is_count(v[0]) || v[0] < 1 || v[0] > METRICS_POS_MAX) {
		*why = "a position that is not an integer from 1 to 64";
		return -1;
	}
	i = (int)v[0] - 1;	/* in range: checked first */
	if (a->pos_n[i] > 0) {
		*why = "a position given in two rows (each position has one row)";
		return -1;
	}
	if (a->pos_rates ? !(v[3] >= 0.0 && v[3] <= 1.0) :
	    !metrics_is_count(v[1]) || !metrics_is_count(v[2]) || v[1] > v[2]) {
		*why = a->pos_rates ? "a rate that is not in [0, 1]" :
		    "accepted and drafts that are not counts with accepted <= drafts";
		return -1;
	}
	a->pos[i] += a->pos_rates ? v[3] : v[1];
	a->pos_drafts[i] += v[2];
	a->pos_n[i]++;
	if (i + 1 > a->npos)
		a->npos = i + 1;
	return 0;
}

static int
csv_line(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	if (line == end || line[0] == '#')
		return 0;
	return a->csv_header ? csv_row(a, line, end, why) : csv_header(a, line, end, why);
}

int
metrics_log_line(struct metrics_acc *a, const char *line, size_t len, size_t lineno,
    char *err, size_t errlen)
{
	const char *end = line + len;
	const char *why = NULL;
	int rc = 0, used = 1;

	switch (a->format) {
	case METRICS_VLLM_LOG:
		used = strstr(line, VLLM_MARK) != NULL;
		rc = used ? vllm_log(a, line, end, &why) : 0;
		break;
	case METRICS_SGLANG_LOG:
		used = strstr(line, SGLANG_MARK) != NULL && strstr(line, "accept len") != NULL;
		rc = used ? sglang_log(a, line, end, &why) : 0;
		break;
	case METRICS_LLAMACPP:
		used = strstr(line, LLAMA_MARK) != NULL;
		rc = used ? llama_log(a, line, end, &why) : 0;
		if (!used)
			llama_n_draft(a, line, end);
		break;
	default:
		used = !(line == end || line[0] == '#');
		rc = csv_line(a, line, end, &why);
		break;
	}
	if (rc != 0)
		return metrics_fail(err, errlen, lineno, line, len, why);
	if (used && (a->format != METRICS_CSV || !a->csv_header_line))
		a->records++;
	a->csv_header_line = 0;
	return 0;
}
