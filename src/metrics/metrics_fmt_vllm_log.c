/* metrics_fmt_vllm_log.c: vLLM's log line "SpecDecoding metrics: ... Accepted:
 * N tokens, Drafted: N tokens, Per-position acceptance rate: a1, a2, ...": the
 * counts by position rebuilt from the rates (three decimals) and the draft
 * steps, drafted / positions. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_text.h"

#define VLLM_MARK "SpecDecoding metrics:"
#define VLLM_POSITIONS "Per-position acceptance rate: "

/* "0.838, 0.628, 0.452" into rates; their count, or -1 when a value is not a
 * rate. */
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

/* The line's Accepted: and Drafted: counts; -1 with *why. */
static int
vllm_counts(const char *line, const char *end, double *acc, double *drafted,
    const char **why)
{
	double len = 0.0;
	int f1, f2, f3;

	if (metrics_number_after(line, end, "Accepted: ", acc, &f1) != 0 || !f1 ||
	    metrics_number_after(line, end, "Drafted: ", drafted, &f2) != 0 || !f2 ||
	    !metrics_is_count(*acc) || !metrics_is_count(*drafted) || *acc > *drafted) {
		*why = "a SpecDecoding line without Accepted: N and Drafted: N counts";
		return -1;
	}
	if (metrics_number_after(line, end, "Mean acceptance length: ", &len, &f3) != 0) {
		*why = "a mean acceptance length that is not a number";
		return -1;
	}
	return 0;
}

/* The line's per-position rates into rates: their count, or -1 with *why. */
static int
vllm_positions(const struct metrics_acc *a, const char *line, const char *end,
    double drafted, double *rates, const char **why)
{
	const char *s = strstr(line, VLLM_POSITIONS);
	int n;

	if (s == NULL) {
		*why = "a SpecDecoding line without per-position acceptance rates";
		return -1;
	}
	n = position_list(s + strlen(VLLM_POSITIONS), end, rates);
	if (n < 0 || (a->gamma != 0 && n != a->gamma) || fmod(drafted, n) != 0.0) {
		*why = n < 0 ? "per-position rates that are not rates in [0, 1]" :
		    a->gamma != 0 && n != a->gamma ? "a number of positions unlike the "
		    "lines before" : "drafted tokens not a multiple of the positions";
		return -1;
	}
	return n;
}

static int
vllm_log_line(const struct metrics_reader *r, const char *line, size_t len,
    const char **why)
{
	struct metrics_acc *a = r->acc;
	const char *end = line + len;
	double acc, drafted, rates[METRICS_POS_MAX], drafts;
	int n, i;

	if (strstr(line, VLLM_MARK) == NULL)
		return 0;
	if (vllm_counts(line, end, &acc, &drafted, why) != 0 ||
	    (n = vllm_positions(a, line, end, drafted, rates, why)) < 0)
		return -1;
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
	a->records++;
	return 0;
}

/* The rates' three decimals may break the order of the positions: up to one
 * thousandth of the draft steps and one count a line is mended. */
static int
vllm_log_finish(const struct metrics_format_entry *self, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	return metrics_finish_drafts_positions(self, a, m, hint,
	    1e-3 * a->drafts + (double)a->records, err, errlen);
}

const struct metrics_format_entry metrics_fmt_vllm_log = {
	.name = "vllm-log",
	.system = "vLLM",
	.mark = VLLM_MARK,
	.mark_at = METRICS_MARK_ANYWHERE,
	.line = vllm_log_line,
	.finish = vllm_log_finish,
};
