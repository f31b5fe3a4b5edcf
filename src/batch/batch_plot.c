/* batch_plot.c: --plot from a batch run or a sweep: the handout's data. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch_plot.h"
#include "cli/cli.h"
#include "batch/handout.h"
#include "sim/sim.h"
#include "stats/stats.h"
#include "batch/sweep.h"
#include "stats/theory.h"
#include "util/xalloc.h"

static void
run_from_counts(struct handout_run *r, int gamma, uint64_t steps, double alpha_hat,
    const uint64_t *hist, const uint64_t *tested, const uint64_t *accepted)
{
	r->gamma = gamma;
	r->steps = steps;
	r->alpha_hat = alpha_hat;
	memcpy(r->tok_hist, hist, sizeof r->tok_hist);
	memcpy(r->tested_at, tested, sizeof r->tested_at);
	memcpy(r->accepted_at, accepted, sizeof r->accepted_at);
}

int
batch_plot_run(const char *path, const struct sim *sim, const struct sim_figures *f,
    char *err, size_t errlen)
{
	struct handout *h = xcalloc(1, sizeof *h);
	struct handout_series *se = &h->series[0];
	double cost = theory_step_cost(sim->par.gamma, f->cost_ratio, f->verify_cost);
	int rc;

	snprintf(h->title, sizeof h->title, "specdec: %s source, gamma %d, noise %.2f, "
	    "c %.3g, k %.3g, %llu steps", sim->src.kind, sim->par.gamma, sim->par.noise,
	    f->cost_ratio, f->verify_cost, (unsigned long long)sim->stats.steps);
	h->nseries = 1;
	snprintf(se->label, sizeof se->label, "%s alpha %.3f",
	    verify_beta_label(sim->par.verify.rule), f->alpha_overlap);
	se->alpha = f->alpha_overlap;
	se->c = f->cost_ratio;
	se->k = f->verify_cost;
	se->npoints = 1;
	se->pt[0].gamma = sim->par.gamma;
	handout_tok_ci(sim->stats.tok_hist, sim->par.gamma, &se->pt[0].tok,
	    &se->pt[0].tok_ci);
	se->pt[0].speedup = se->pt[0].tok / cost;
	se->pt[0].speedup_ci = se->pt[0].tok_ci / cost;
	snprintf(h->run.label, sizeof h->run.label, "this run (alpha-hat %.3f)",
	    f->alpha_hat);
	run_from_counts(&h->run, sim->par.gamma, sim->stats.steps, f->alpha_hat,
	    sim->stats.tok_hist, sim->stats.tested_at, sim->stats.accepted_at);
	rc = handout_write(path, h, err, errlen);
	free(h);
	return rc;
}

/* Cells a and b differ in gamma at most. */
static int
same_series(const struct sweep_cell *a, const struct sweep_cell *b)
{
	return a->noise == b->noise && a->target_alpha == b->target_alpha &&
	    a->verify_cost == b->verify_cost && a->cost_ratio == b->cost_ratio;
}

static void
series_label(struct handout_series *se, const struct sweep_cell *c)
{
	if (c->target_alpha > 0.0)
		snprintf(se->label, sizeof se->label, "alpha* %.3g, k %.3g (alpha %.3f)",
		    c->target_alpha, c->verify_cost, se->alpha);
	else
		snprintf(se->label, sizeof se->label, "noise %.3g, k %.3g (alpha %.3f)",
		    c->noise, c->verify_cost, se->alpha);
}

/* Cell c into its series (a new one while there is room); the series' alpha is
 * the mean overlap of its cells. Returns 0, or -1 when there was no room. */
static int
add_cell(struct handout *h, const struct sweep_cell *c, const struct sweep_cell **first)
{
	struct handout_series *se;
	struct handout_point *pt;
	int s;

	for (s = 0; s < h->nseries && !same_series(first[s], c); s++)
		;
	if (s == HANDOUT_SERIES_MAX)
		return -1;
	se = &h->series[s];
	if (s == h->nseries) {
		h->nseries++;
		first[s] = c;
		se->c = c->cost_ratio;
		se->k = c->verify_cost;
	}
	if (se->npoints == HANDOUT_POINTS_MAX)
		return 0;
	pt = &se->pt[se->npoints++];
	pt->gamma = c->gamma;
	pt->tok = c->tok_per_step;
	pt->tok_ci = c->tok_per_step_ci;
	pt->speedup = c->speedup;
	pt->speedup_ci = c->speedup_ci;
	se->alpha += (c->alpha_overlap - se->alpha) / se->npoints;
	return 0;
}

int
batch_plot_sweep(const char *path, const struct sweep *sw, char *err, size_t errlen)
{
	struct handout *h = xcalloc(1, sizeof *h);
	const struct sweep_cell *first[HANDOUT_SERIES_MAX], *best = &sw->cells[0];
	int i, s, left = 0, rc;

	for (i = 0; i < sw->ncells; i++) {
		left += add_cell(h, &sw->cells[i], first) != 0;
		if (sw->cells[i].speedup > best->speedup)
			best = &sw->cells[i];
	}
	for (s = 0; s < h->nseries; s++)
		series_label(&h->series[s], first[s]);
	snprintf(h->title, sizeof h->title, "specdec --sweep: %d cells of %llu steps%s",
	    sw->ncells, (unsigned long long)best->steps, left > 0 ?
	    " (the first 6 series drawn)" : "");
	snprintf(h->run.label, sizeof h->run.label, "the fastest cell: gamma %d, noise "
	    "%.3g, k %.3g (%.3fx)", best->gamma, best->noise, best->verify_cost,
	    best->speedup);
	run_from_counts(&h->run, best->gamma, best->steps, best->alpha_hat, best->tok_hist,
	    best->tested_at, best->accepted_at);
	rc = handout_write(path, h, err, errlen);
	free(h);
	return rc;
}
