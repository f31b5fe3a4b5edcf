/* figures_pair.c: one fixed pair's exact output, in the report and the JSON. */
#include "config.h"

#include <stdlib.h>

#include "sim/figures_pair.h"
#include "util/escape.h"
#include "util/xalloc.h"

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

/* One token's line: its id, the source's word beside it when it has one. */
static void
print_token(struct figures_text *t, const struct sim *sim, size_t y)
{
	const struct pair_output *po = sim->pair;
	char id[32], *shown;
	const char *label = source_label(&sim->src, (int)y, id, sizeof id);

	figures_text_begin(t, "");
	figures_text_add(t, "%zu", y);
	if (label != id) {
		shown = escape_text(label);
		figures_text_add(t, " '%s'", shown);
		free(shown);
	}
	figures_text_add(t, ": target %.4f, rule %.4f, measured %.4f", po->p[y], po->exact[y],
	    pair_output_measured(po, y));
}

void
figures_pair_report(struct figures_text *t, const struct figure *row,
    const struct figures_run *run)
{
	const struct sim *sim = run->sim;
	const struct pair_output_result *r = &run->fig->pair;
	unsigned char *listed;
	size_t i, y, n;

	if (sim->pair == NULL || !r->available)
		return;
	figures_text_begin(t, row->label);
	figures_text_add(t, "one pair: the rule's exact output is TV %.4f from the target;"
	    " the measured output TV %.4f from the rule's ", r->tv_rule, r->tv_measured);
	if (r->tested > 0 || r->p_value < 1.0)
		figures_text_add(t, "(p = %.3g, %zu token%s tested)", r->p_value, r->tested,
		    r->tested == 1 ? "" : "s");
	else
		figures_text_add(t, "(untested: see output_matches_rule)");
	n = sim->pair->vocab < FIGURES_PAIR_TOKENS ? sim->pair->vocab : FIGURES_PAIR_TOKENS;
	listed = xcalloc(sim->pair->vocab, 1);
	for (i = 0; i < n; i++) {
		y = next_likeliest(sim->pair, listed);
		listed[y] = 1;
		print_token(t, sim, y);
	}
	free(listed);
	if (sim->pair->vocab > n) {
		figures_text_begin(t, "");
		figures_text_add(t, "(%zu more tokens: see --json)", sim->pair->vocab - n);
	}
}

void
figures_pair_json(struct json *j, const struct figure *row, const struct figures_run *run)
{
	const struct pair_output *po = run->sim->pair;
	const struct pair_output_result *r = &run->fig->pair;
	size_t y;

	if (po == NULL || !r->available)
		return;
	json_object_begin(j, row->key);
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
