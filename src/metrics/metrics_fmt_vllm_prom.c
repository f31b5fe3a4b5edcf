/* metrics_fmt_vllm_prom.c: vLLM's Prometheus metrics (its /metrics): the
 * counters of draft steps, drafted and accepted tokens and accepted tokens by
 * position; where there are none, its older gauges, the acceptance rate and the
 * efficiency. */
#include "config.h"

#include <stddef.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_prom.h"

static const struct metrics_prom_metric vllm_metrics[] = {
	{ "vllm:spec_decode_num_drafts_total", METRICS_C_DRAFTS, 0 },
	{ "vllm:spec_decode_num_draft_tokens_total", METRICS_C_DRAFTED, 0 },
	{ "vllm:spec_decode_num_accepted_tokens_total", METRICS_C_ACCEPTED, 0 },
	{ "vllm:spec_decode_num_accepted_tokens_per_pos_total", METRICS_C_POS, 0 },
	{ "vllm:spec_decode_draft_acceptance_rate", -1, METRICS_G_RATE },
	{ "vllm:spec_decode_efficiency", -1, METRICS_G_EFFICIENCY },
	{ NULL, 0, 0 },
};

static int
vllm_prom_finish(const struct metrics_format_entry *self, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	return metrics_finish_drafts_positions(self, a, m, hint, 0.0, err, errlen);
}

const struct metrics_format_entry metrics_fmt_vllm_prom = {
	.name = "vllm-prometheus",
	.system = "vLLM",
	.mark = "vllm:spec_decode_",
	.mark_at = METRICS_MARK_START,
	.line = metrics_prom_line,
	.prom = vllm_metrics,
	.finish = vllm_prom_finish,
};
