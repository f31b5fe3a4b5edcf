/* metrics_fmt_trtllm.c: TensorRT-LLM's Prometheus metrics: the counters of
 * drafted and accepted tokens and the gauge of the mean acceptance length. */
#include "config.h"

#include <stddef.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_prom.h"

static const struct metrics_prom_metric trtllm_metrics[] = {
	{ "trtllm_spec_decode_num_draft_tokens_total", METRICS_C_DRAFTED, 0 },
	{ "trtllm_spec_decode_num_accepted_tokens_total", METRICS_C_ACCEPTED, 0 },
	{ "trtllm_spec_decode_acceptance_length", -1, METRICS_G_LENGTH },
	{ NULL, 0, 0 },
};

const struct metrics_format_entry metrics_fmt_trtllm = {
	.name = "tensorrt-llm-prometheus",
	.system = "TensorRT-LLM",
	.mark = "trtllm_spec_decode_",
	.mark_at = METRICS_MARK_START,
	.line = metrics_prom_line,
	.prom = trtllm_metrics,
	.finish = metrics_finish_totals_or_rates,
};
