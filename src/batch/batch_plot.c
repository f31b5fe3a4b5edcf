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
#include "batch/sweep_cell.h"
#include "stats/theory.h"
#include "util/xalloc.h"
#include "verify/schedule.h"
#include "verify/verify.h"

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
    const char *preset, char *err, size_t errlen)
{
	struct handout *h = xcalloc(1, sizeof *h);
	struct handout_series *se = &h->series[0];
	double cost = theory_step_cost(sim->par.gamma, f->cost_ratio, f->verify_cost);
	int rc;

	snprintf(h->title, sizeof h->title, "specdec: %s%s%s source, gamma %d, noise %.2f, "
	    "c %.3g, k %.3g, %llu steps", preset != NULL ? preset : "",
	    preset != NULL ? ", " : "", sim->src.kind, sim->par.gamma, sim->par.noise,
	    f->cost_ratio, f->verify_cost, (unsigned long long)sim->stats.steps);
	h->nseries = 1;
	snprintf(se->label, sizeof se->label, "%s alpha %.3f",
	    sim_beta_label(sim), f->alpha_overlap);
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

#define VALUES_MAX 64	/* a cell's values in words, as cell_values writes them */

/* A cell's values besides gamma, in the groups that labels name. */
enum {
	PART_NOISE_K = 1,	/* the noise (or target alpha), k and c */
	PART_RULE = 2,
	PART_SCHEDULE = 4,
	PART_LENIENCE = 8,	/* L, where the rule reads it */
	PART_TREE = 16,		/* chains or trees (--tree's list) */
};

/* Whether cell c drafts a chain: no tree, or a tree of one child a node. */
static int
is_chain(const struct sweep_cell *c)
{
	return c->width <= 1;
}

/* The parts in which cells a and b differ: none when they differ in gamma at
 * most, so that they are points of one series. */
static int
differing_parts(const struct sweep_cell *a, const struct sweep_cell *b)
{
	return (a->noise != b->noise || a->target_alpha != b->target_alpha ||
	    a->verify_cost != b->verify_cost || a->cost_ratio != b->cost_ratio ?
	    PART_NOISE_K : 0) | (a->verifier != b->verifier ? PART_RULE : 0) |
	    (a->schedule != b->schedule ? PART_SCHEDULE : 0) |
	    (a->lenience != b->lenience && sweep_cell_reads_lenience(a) &&
	    sweep_cell_reads_lenience(b) ? PART_LENIENCE : 0) |
	    (is_chain(a) != is_chain(b) ? PART_TREE : 0);
}

/* The parts whose values differ between the cells of sw; the noise and k when
 * nothing else would name a series (a sweep over gamma alone). */
static int
varying_parts(const struct sweep *sw)
{
	int i, parts = 0;

	for (i = 1; i < sw->ncells; i++)
		parts |= differing_parts(&sw->cells[0], &sw->cells[i]);
	return (parts & ~PART_NOISE_K) == 0 ? parts | PART_NOISE_K : parts;
}

/* The parts of c's values that are not the defaults: the noise and k always,
 * the rule unless standard, the schedule unless constant. */
static int
own_parts(const struct sweep_cell *c)
{
	return PART_NOISE_K | (c->verifier != (int)verify_default_rule() ? PART_RULE : 0) |
	    (c->schedule != SCHEDULE_CONSTANT ? PART_SCHEDULE : 0);
}

/* The parts that name the fastest cell: the noise and k, and the rule and
 * schedule unless every cell runs the standard rule on the constant schedule. */
static int
caption_parts(const struct sweep *sw)
{
	int i;

	for (i = 0; i < sw->ncells; i++)
		if (own_parts(&sw->cells[i]) != PART_NOISE_K)
			return PART_NOISE_K | PART_RULE | PART_SCHEDULE;
	return PART_NOISE_K;
}

/* Cell c's values in parts, comma-separated, into buf; the target alpha in
 * place of the noise when alpha_star and the cell has one. */
static void
cell_values(char *buf, size_t len, const struct sweep_cell *c, int parts,
    int alpha_star)
{
	size_t n = 0;

	buf[0] = '\0';
	if ((parts & PART_NOISE_K) && alpha_star && c->target_alpha > 0.0)
		n += snprintf(buf, len, "alpha* %.3g, k %.3g", c->target_alpha,
		    c->verify_cost);
	else if (parts & PART_NOISE_K)
		n += snprintf(buf, len, "noise %.3g, k %.3g", c->noise, c->verify_cost);
	if ((parts & PART_RULE) && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n > 0 ? ", " : "",
		    verify_entry(c->verifier)->name);
	if ((parts & PART_SCHEDULE) && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n > 0 ? ", " : "",
		    schedule_name((enum schedule_kind)c->schedule));
	if ((parts & PART_LENIENCE) && sweep_cell_reads_lenience(c) && n < len)
		n += snprintf(buf + n, len - n, "%sL %.3g", n > 0 ? ", " : "", c->lenience);
	if ((parts & PART_TREE) && n < len)
		snprintf(buf + n, len - n, "%s%s", n > 0 ? ", " : "",
		    is_chain(c) ? "chains" : "trees");
}

/* Cell c into its series (a new one while there is room); the series' alpha is
 * the mean of its cells' own acceptance expectation (the overlap under a rule
 * that accepts by it). Returns 0, or -1 when there was no room. */
static int
add_cell(struct handout *h, const struct sweep_cell *c, const struct sweep_cell **first)
{
	struct handout_series *se;
	struct handout_point *pt;
	int s;

	for (s = 0; s < h->nseries && differing_parts(first[s], c) != 0; s++)
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
	pt->gamma = c->tree > 0 ? c->nodes : c->gamma;
	pt->tok = c->tok_per_step;
	pt->tok_ci = c->tok_per_step_ci;
	pt->speedup = c->speedup;
	pt->speedup_ci = c->speedup_ci;
	pt->dist = c->distortion;
	se->alpha += (c->alpha_rule - se->alpha) / se->npoints;
	return 0;
}

static int
too_many(int nseries, char *err, size_t errlen)
{
	snprintf(err, errlen, "--plot: the sweep has %d series (combinations of the "
	    "values besides gamma); at most %d can be told apart", nseries,
	    HANDOUT_SERIES_MAX);
	return -1;
}

int
batch_plot_sweep_check(const struct options *opt, char *err, size_t errlen)
{
	int n = sweep_series(opt);

	return n > HANDOUT_SERIES_MAX ? too_many(n, err, errlen) : 0;
}

/* The title (with the values all series share that the labels leave out, the
 * rule and schedule when not the defaults), the legend's labels (the values
 * that differ between series) and the caption of the fastest cell (all its
 * values). */
static void
sweep_labels(struct handout *h, const struct sweep *sw, const struct sweep_cell **first,
    const struct sweep_cell *best, const char *preset)
{
	int s, parts = varying_parts(sw), common = own_parts(&sw->cells[0]) & ~parts;
	char v[VALUES_MAX];

	cell_values(v, sizeof v, &sw->cells[0], common, 1);
	snprintf(v + strlen(v), sizeof v - strlen(v), "%sc %.3g", v[0] != '\0' ? ", " : "",
	    sw->cells[0].cost_ratio);	/* c, the same in every cell */
	snprintf(h->title, sizeof h->title, "specdec --sweep%s%s: %d cells of %llu steps, %s",
	    preset != NULL ? " --preset " : "", preset != NULL ? preset : "", sw->ncells,
	    (unsigned long long)best->steps, v);
	for (s = 0; s < h->nseries; s++) {
		cell_values(v, sizeof v, first[s], parts, 1);
		snprintf(h->series[s].label, sizeof h->series[s].label, "%s (alpha %.3f)",
		    v, h->series[s].alpha);
	}
	cell_values(v, sizeof v, best, caption_parts(sw), 0);
	snprintf(h->run.label, sizeof h->run.label, "the fastest cell: gamma %d, %s "
	    "(%.3fx)", best->gamma, v, best->speedup);
}

int
batch_plot_sweep(const char *path, const struct sweep *sw, const struct options *opt,
    char *err, size_t errlen)
{
	struct handout *h = xcalloc(1, sizeof *h);
	const struct sweep_cell *first[HANDOUT_SERIES_MAX], *best = &sw->cells[0];
	int i, rc = 0;

	for (i = 0; i < sw->ncells && rc == 0; i++) {
		rc = add_cell(h, &sw->cells[i], first);
		if (sw->cells[i].speedup > best->speedup)
			best = &sw->cells[i];
	}
	if (rc != 0) {
		rc = too_many(sw->ncells / h->series[0].npoints, err, errlen);
		free(h);
		return rc;
	}
	h->by_nodes = sw->has_tree;
	sweep_labels(h, sw, first, best, opt->preset_name);
	h->trade = opt->axis[CLI_AXIS_LENIENCE].n > 1 && sw->has_lenience;
	run_from_counts(&h->run, best->gamma, best->steps, best->alpha_hat, best->tok_hist,
	    best->tested_at, best->accepted_at);
	rc = handout_write(path, h, err, errlen);
	free(h);
	return rc;
}
