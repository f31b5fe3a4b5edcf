/* figures_vocab.c: naive against TLI acceptance, in the report and the JSON. */
#include "config.h"

#include "sim/figures_vocab.h"
#include "sim/sim.h"
#include "util/json.h"

void
figures_vocab_report(struct figures_text *t, const struct figure *row,
    const struct figures_run *run)
{
	const struct sim_figures *f = run->fig;

	if (!f->vocab_pair)
		return;
	figures_text_begin(t, row->label);
	figures_text_add(t, "%zu token(s) the draft's only; acceptance at position 1: "
	    "naive %.4f, tli %.4f (closed forms, mean over steps); measured %.4f "
	    "under %s (SE %.4f)", run->sim->par.verify.draft_only, f->alpha_naive,
	    f->alpha_tli, f->alpha_first, verify_label(run->sim->par.verify.rule),
	    f->alpha_first_stderr);
}

void
figures_vocab_json(struct json *j, const struct figure *row, const struct figures_run *run)
{
	if (run->fig->vocab_pair)
		json_double(j, row->key, *(const double *)figure_place(row, run));
}
