/* metrics_fmt_sglang_prom.c: SGLang's Prometheus gauges, the mean accept length
 * (the root counted) and the accept rate: means over a window, no counts. */
#include "config.h"

#include <stddef.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_prom.h"

static const struct metrics_prom_metric sglang_metrics[] = {
	{ "sglang:spec_accept_length", -1, METRICS_G_LENGTH },
	{ "sglang:spec_accept_rate", -1, METRICS_G_RATE },
	{ NULL, 0, 0 },
};

const struct metrics_format_entry metrics_fmt_sglang_prom = {
	.name = "sglang-prometheus",
	.system = "SGLang",
	.mark = "sglang:spec_",
	.mark_at = METRICS_MARK_START,
	.line = metrics_prom_line,
	.prom = sglang_metrics,
	.finish = metrics_finish_totals_or_rates,
};
