/* metrics_format_table.c: the metrics formats, one row each, in the order their
 * marks are tried; a row's position is its number (enum metrics_format names
 * the first ones). Each row is in its own metrics_fmt_NAME.c (docs/design.md,
 * "Add a metrics format"). */
#include "config.h"

#include <stddef.h>

#include "metrics/metrics_format.h"

#define METRICS_FORMAT_ROWS(ROW) \
	ROW(vllm_prom) \
	ROW(sglang_prom) \
	ROW(trtllm) \
	ROW(vllm_log) \
	ROW(sglang_log) \
	ROW(llamacpp) \
	ROW(csv) \
	/* a new format: one ROW(name) line above */

#define METRICS_FORMAT_DECLARE(n) extern const struct metrics_format_entry metrics_fmt_##n;
#define METRICS_FORMAT_ENTRY(n) &metrics_fmt_##n,

METRICS_FORMAT_ROWS(METRICS_FORMAT_DECLARE)

const struct metrics_format_entry *const metrics_formats[] = {
	METRICS_FORMAT_ROWS(METRICS_FORMAT_ENTRY) NULL
};

const char *
metrics_format_name(int format)
{
	return metrics_formats[format]->name;
}

const char *
metrics_system_name(int format)
{
	return metrics_formats[format]->system;
}
