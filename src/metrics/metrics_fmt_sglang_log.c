/* metrics_fmt_sglang_log.c: SGLang's log line "Decode batch, ... accept len: X,
 * accept rate: Y": means over a window, no counts. */
#include "config.h"

#include <string.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_text.h"

#define SGLANG_MARK "Decode batch"

static int
sglang_log_line(const struct metrics_reader *r, const char *line, size_t len,
    const char **why)
{
	const char *end = line + len;
	double l, rate;
	int f1, f2;

	if (strstr(line, SGLANG_MARK) == NULL || strstr(line, "accept len") == NULL)
		return 0;
	if (metrics_number_after(line, end, "accept len: ", &l, &f1) != 0 || !f1 ||
	    !(l >= 1.0 && l <= METRICS_POS_MAX + 1)) {
		*why = "a Decode batch line without accept len: X (from 1)";
		return -1;
	}
	if (metrics_number_after(line, end, "accept rate: ", &rate, &f2) != 0 ||
	    (f2 && !(rate >= 0.0 && rate <= 1.0))) {
		*why = "an accept rate that is not a rate in [0, 1]";
		return -1;
	}
	metrics_mean_add(&r->acc->gauge[METRICS_G_LENGTH], l);
	if (f2)
		metrics_mean_add(&r->acc->gauge[METRICS_G_RATE], rate);
	r->acc->records++;
	return 0;
}

const struct metrics_format_entry metrics_fmt_sglang_log = {
	.name = "sglang-log",
	.system = "SGLang",
	.mark = "accept len:",
	.mark_at = METRICS_MARK_ANYWHERE,
	.mark_also = SGLANG_MARK,
	.line = sglang_log_line,
	.finish = metrics_finish_totals_or_rates,
	.gauge_names = { "accept len", "accept rate", NULL },
};
