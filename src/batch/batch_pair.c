/* batch_pair.c: one fixed pair's exact output, in the report and the JSON. */
#include "config.h"

#include <stdlib.h>

#include "batch/batch_pair.h"
#include "util/escape.h"
#include "util/wrap.h"
#include "util/xalloc.h"

#define REPORT_INDENT 13

/* The likeliest token under p not yet listed (listed: a flag a token). */
static size_t
next_likeliest(const struct pair_output *po, const unsigned char *listed)
{
	size_t y, best = po->vocab;

	for (y = 0; y < po->vocab; y++)
		if (!listed[y] && (best == po->vocab || po->p[y] > po->p[best]))
			best = y;
	return best;
}

static void
print_token(const struct sim *sim, size_t y)
{
	const struct pair_output *po = sim->pair;
	char id[32], *shown;
	const char *label = source_label(&sim->src, (int)y, id, sizeof id);

	if (label != id) {	/* the source's word beside the id */
		shown = escape_text(label);
		wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, "%-13s%zu '%s': target %.4f,"
		    " rule %.4f, measured %.4f", "", y, shown, po->p[y], po->exact[y],
		    pair_output_measured(po, y));
		free(shown);
	} else {
		wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, "%-13s%zu: target %.4f,"
		    " rule %.4f, measured %.4f", "", y, po->p[y], po->exact[y],
		    pair_output_measured(po, y));
	}
}

void
batch_pair_report(const struct sim *sim, const struct sim_figures *f)
{
	const struct pair_output_result *r = &f->pair;
	unsigned char *listed;
	size_t i, y, n;

	if (sim->pair == NULL || !r->available)
		return;
	if (r->tested > 0 || r->p_value < 1.0)
		wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, "rule output  one pair: the"
		    " rule's exact output is TV %.4f from the target; the measured output TV"
		    " %.4f from the rule's (p = %.3g, %zu token%s tested)", r->tv_rule,
		    r->tv_measured, r->p_value, r->tested, r->tested == 1 ? "" : "s");
	else
		wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, "rule output  one pair: the"
		    " rule's exact output is TV %.4f from the target; the measured output TV"
		    " %.4f from the rule's (untested: see output_matches_rule)", r->tv_rule,
		    r->tv_measured);
	n = sim->pair->vocab < BATCH_PAIR_TOKENS ? sim->pair->vocab : BATCH_PAIR_TOKENS;
	listed = xcalloc(sim->pair->vocab, 1);
	for (i = 0; i < n; i++) {
		y = next_likeliest(sim->pair, listed);
		listed[y] = 1;
		print_token(sim, y);
	}
	free(listed);
	if (sim->pair->vocab > n)
		wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, "%-13s(%zu more tokens: see"
		    " --json)", "", sim->pair->vocab - n);
}

void
batch_pair_json(struct json *j, const struct sim *sim, const struct sim_figures *f)
{
	const struct pair_output *po = sim->pair;
	const struct pair_output_result *r = &f->pair;
	size_t y;

	if (po == NULL || !r->available)
		return;
	json_object_begin(j, "rule_output");
	json_double(j, "tv_to_target", r->tv_rule);
	json_double(j, "tv_measured", r->tv_measured);
	json_double(j, "p", r->p_value);
	json_uint(j, "tested", r->tested);
	json_array_begin(j, "target");
	for (y = 0; y < po->vocab; y++)
		json_double(j, NULL, po->p[y]);
	json_array_end(j);
	json_array_begin(j, "rule");
	for (y = 0; y < po->vocab; y++)
		json_double(j, NULL, po->exact[y]);
	json_array_end(j);
	json_uint_array(j, "measured", po->count, po->vocab);
	json_object_end(j);
}
