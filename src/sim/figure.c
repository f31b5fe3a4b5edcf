/* figure.c: a row's value in a run, and the report line the rows build. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>

#include "sim/figure.h"
#include "util/wrap.h"

const void *
figure_place(const struct figure *row, const struct figures_run *r)
{
	const char *base;

	switch (row->from) {
	case FIGURE_FROM_STATS:
		base = (const char *)&r->sim->stats;
		break;
	case FIGURE_FROM_SIM:
		base = (const char *)r->sim;
		break;
	case FIGURE_FROM_RUN:
		base = (const char *)r;
		break;
	default:
		base = (const char *)r->fig;
		break;
	}
	return base + row->offset;
}

double
figure_value(const struct figure *row, const struct figures_run *r)
{
	const void *at = figure_place(row, r);

	if (row->value != NULL)
		return row->value(r);
	switch (row->kind) {
	case FIGURE_REAL:
		return *(const double *)at;
	case FIGURE_COUNT:
		return (double)*(const uint64_t *)at;
	case FIGURE_SIZE:
		return (double)*(const size_t *)at;
	case FIGURE_INT:
	case FIGURE_FLAG:
		return *(const int *)at;
	default:
		return 0.0;
	}
}

void
figures_text_end(struct figures_text *t)
{
	if (t->open)
		wrap_line(t->out, t->line, WRAP_WIDTH, FIGURES_INDENT);
	t->open = 0;
	t->len = 0;
	t->line[0] = '\0';
}

void
figures_text_begin(struct figures_text *t, const char *label)
{
	figures_text_end(t);
	t->open = 1;
	figures_text_add(t, "%-13s", label);
}

void
figures_text_add(struct figures_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len >= sizeof t->line)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->line + t->len, sizeof t->line - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

void
figures_text_rates(struct figures_text *t, const char *label, const uint64_t *tested,
    int n, double (*rate)(const struct stats *st, int k), const struct stats *st)
{
	int k;

	figures_text_begin(t, label);
	for (k = 0; k < n; k++)
		if (tested[k] > 0)
			figures_text_add(t, " %d:%.3f", k + 1, rate(st, k));
		else
			figures_text_add(t, " %d:-", k + 1);
}
