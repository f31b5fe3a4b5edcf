/* figures_copy.c: a copy drafter's figures, in the report and the JSON. */
#include "config.h"

#include "sim/figures_copy.h"
#include "util/json.h"

/* x / n, 0 when n is 0. */
static double
share(uint64_t x, uint64_t n)
{
	return n > 0 ? (double)x / (double)n : 0.0;
}

void
figures_copy_report(struct figures_text *t, const struct figure *row,
    const struct figures_run *run)
{
	const struct stats_copy *c = &run->sim->stats.copy;
	double gain = run->fig->tok_per_step - 1.0;

	if (c->steps == 0)
		return;
	figures_text_begin(t, row->label);
	figures_text_add(t, "a draft found in %.1f%% of steps (the rest are plain target"
	    " steps), %.2f tokens per draft found; %.1f%% of the copied tokens accepted",
	    100.0 * share(c->found, c->steps), share(c->drafted, c->found),
	    100.0 * share(c->accepted, c->drafted));
	if (gain >= FIGURES_COPY_PAYS)
		return;
	figures_text_add(t, "; lookup does not pay here: %.3f tokens per step over the"
	    " target alone: ", gain);
	if (share(c->found, c->steps) < 0.5)
		figures_text_add(t, "the text seldom repeats its last tokens, so few drafts"
		    " are found, and ");
	figures_text_add(t, "what follows an earlier match is seldom what the target"
	    " says next, so a copied token is accepted with its small p");
}

void
figures_copy_json(struct json *j, const struct figure *row, const struct figures_run *run)
{
	const struct stats_copy *c = &run->sim->stats.copy;

	if (c->steps == 0)
		return;
	json_object_begin(j, row->key);
	json_double(j, "steps_with_draft", share(c->found, c->steps));
	json_double(j, "tokens_per_draft", share(c->drafted, c->found));
	json_double(j, "accepted_share", share(c->accepted, c->drafted));
	json_object_end(j);
}
