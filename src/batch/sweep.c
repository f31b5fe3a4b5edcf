/* sweep.c: the grid's cells, the target alphas' noises, and the runs, on threads. */
#include "config.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/interrupt.h"
#include "util/parallel.h"
#include "stats/ratio_bm.h"
#include "stats/ratio_est.h"
#include "sim/sim.h"
#include "cli/sim_setup.h"
#include "source/source.h"
#include "stats/stats.h"
#include "source/stub/stub_alpha.h"
#include "batch/sweep.h"
#include "stats/theory.h"
#include "dist/dist.h"
#include "dist/pdist.h"
#include "verify/verify.h"
#include "util/xalloc.h"

/* Cells clone the grid's source and close their clones one at a time: a clone
 * counts the references to what it shares, and that count is not atomic. */
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

/* One measured ratio with both intervals: the delta method over independent
 * steps, and batch means (ratio_bm.h) for a schedule that carries gamma over from
 * step to step, where the steps are not independent. */
struct estimate {
	struct ratio_est iid;
	struct ratio_bm bm;
};

struct grid {
	const struct options *opt;
	struct sweep *sw;
	struct source src;			/* opened once; cells clone it */
	double noise[CLI_AXIS_VALUES];		/* per target alpha */
	double achieved[CLI_AXIS_VALUES];
};

static uint64_t
mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
bits(double x)
{
	uint64_t u;

	x = x == 0.0 ? 0.0 : x;	/* -0 and 0 alike */
	memcpy(&u, &x, sizeof u);
	return u;
}

/* The cell's seed: --seed mixed with its values (splitmix64). */
static uint64_t
sweep_cell_seed(uint64_t seed, const struct sweep_cell *c)
{
	uint64_t h = mix(seed);

	h = mix(h ^ (uint64_t)c->gamma);
	h = mix(h ^ bits(c->target_alpha > 0.0 ? c->target_alpha : c->noise));
	return mix(h ^ bits(c->verify_cost));
}

/* The axes the grid runs over, outermost first: the target alpha stands in for
 * the noise when given. */
static int
grid_axes(const struct options *opt, enum cli_axis *axes)
{
	int n = 0;

	axes[n++] = CLI_AXIS_GAMMA;
	axes[n++] = opt->axis[CLI_AXIS_TARGET_ALPHA].n > 0 ? CLI_AXIS_TARGET_ALPHA :
	    CLI_AXIS_NOISE;
	axes[n++] = CLI_AXIS_VERIFY_COST;
	axes[n++] = CLI_AXIS_VERIFIER;
	axes[n++] = CLI_AXIS_SCHEDULE;
	if (opt->axis[CLI_AXIS_LENIENCE].n > 0)
		axes[n++] = CLI_AXIS_LENIENCE;
	if (opt->axis[CLI_AXIS_TREE].n > 0)	/* after gamma: it sets the depth */
		axes[n++] = CLI_AXIS_TREE;
	return n;
}

static int
reads_lenience(int rule)
{
	return verify_uses_param((enum verify_rule)rule, offsetof(struct verify_params,
	    lenience));
}

/* The rules of the grid, counted once per L for a rule that reads it. */
static int
rules_by_lenience(const struct options *opt)
{
	const struct cli_axis_values *ax = &opt->axis[CLI_AXIS_VERIFIER];
	int nl = opt->axis[CLI_AXIS_LENIENCE].n, i, n = 0;

	for (i = 0; i < ax->n; i++)
		n += reads_lenience((int)ax->v[i]) && nl > 1 ? nl : 1;
	return n;
}

/* The kinds among --tree's shapes: chains (one child a node) and trees; the
 * picture draws one series of each against the number of nodes. */
static int
tree_kinds(const struct options *opt)
{
	int i, chain = 0, tree = 0;

	for (i = 0; i < opt->axis[CLI_AXIS_TREE].n; i++) {
		int w = tree_shape_max_width(&opt->tree_shapes[i]);

		chain |= w <= 1;
		tree |= w > 1;
	}
	return chain + tree;
}

int
sweep_series(const struct options *opt)
{
	enum cli_axis axes[CLI_NAXES];
	int naxes = grid_axes(opt, axes), a, n = 1;

	for (a = 0; a < naxes; a++)
		if (axes[a] == CLI_AXIS_TREE)
			n *= tree_kinds(opt);
		else if (axes[a] == CLI_AXIS_VERIFIER)
			n *= rules_by_lenience(opt);
		else if (axes[a] != CLI_AXIS_GAMMA && axes[a] != CLI_AXIS_LENIENCE)
			n *= opt->axis[axes[a]].n;
	return n;
}

/* Value j of axis a into the cell. */
static void
set_axis(const struct grid *g, struct sweep_cell *c, enum cli_axis a, int j)
{
	double v = g->opt->axis[a].v[j];

	switch (a) {
	case CLI_AXIS_GAMMA:	/* set after the tree axis, whose depth it is */
		c->gamma = c->tree > 0 ? c->gamma : (int)v;
		break;
	case CLI_AXIS_NOISE:
		c->noise = v;
		break;
	case CLI_AXIS_TARGET_ALPHA:
		c->target_alpha = v;
		c->noise = g->noise[j];
		c->alpha_expected = g->achieved[j];
		break;
	case CLI_AXIS_VERIFY_COST:
		c->verify_cost = v;
		break;
	case CLI_AXIS_VERIFIER:
		c->verifier = (int)v;
		break;
	case CLI_AXIS_SCHEDULE:
		c->schedule = (int)v;
		break;
	case CLI_AXIS_TREE:
		c->tree = (int)v + 1;
		c->gamma = g->opt->tree_shapes[(int)v].depth;
		c->nodes = tree_shape_nodes(&g->opt->tree_shapes[(int)v]);
		c->width = tree_shape_max_width(&g->opt->tree_shapes[(int)v]);
		break;
	case CLI_AXIS_LENIENCE:
		c->lenience = v;
		break;
	case CLI_AXIS_BATCH:	/* the roofline sweep's (sweep_roofline.c) */
	case CLI_AXIS_CONTEXT:
	case CLI_AXIS_NONE:
		break;
	}
}

static int
make_cells(struct grid *g, char *err, size_t errlen)
{
	enum cli_axis axes[CLI_NAXES];
	int naxes = grid_axes(g->opt, axes), a, i, j, n, total = 1;
	int nl = g->opt->axis[CLI_AXIS_LENIENCE].n, has_l = nl > 1;

	for (a = 0; a < naxes; a++)
		total *= g->opt->axis[axes[a]].n;
	if (total > SWEEP_CELLS_MAX) {
		snprintf(err, errlen, "--sweep: %d cells is more than %d", total,
		    SWEEP_CELLS_MAX);
		return -1;
	}
	g->sw->ncells = total;
	g->sw->cells = xcalloc((size_t)total, sizeof *g->sw->cells);
	for (i = 0, n = 0; i < total; i++) {
		struct sweep_cell *c = &g->sw->cells[n];

		memset(c, 0, sizeof *c);
		for (j = i, a = naxes - 1; a >= 0; a--) {
			set_axis(g, c, axes[a], j % g->opt->axis[axes[a]].n);
			j /= g->opt->axis[axes[a]].n;
		}
		/* a rule without L runs once, not once per L: the first L's cell */
		if (!reads_lenience(c->verifier) && has_l && i % nl != 0)
			continue;
		if (g->opt->axis[CLI_AXIS_LENIENCE].n == 0)
			c->lenience = g->opt->lenience;
		if (!reads_lenience(c->verifier))
			c->lenience = 0.0;	/* none: "-" in the tables, 0 in the CSV */
		n++;
		c->seed = sweep_cell_seed(g->opt->seed, c);
	}
	g->sw->ncells = n;
	return 0;
}

static int
solve_alpha(void *ctx, int i, char *err, size_t errlen)
{
	struct grid *g = ctx;
	const struct options *opt = g->opt;
	double target = opt->axis[CLI_AXIS_TARGET_ALPHA].v[i];

	if (stub_alpha_solve(target, opt->vocab, SIM_NOISE_MAX, &g->noise[i],
	    &g->achieved[i]) == 0)
		return 0;
	stub_alpha_unreachable(err, errlen, NULL, target, opt->vocab, g->achieved[i],
	    SIM_NOISE_MAX);
	return -1;
}

static void
estimate_add(struct estimate *e, double x, double y)
{
	ratio_est_add(&e->iid, x, y);
	ratio_bm_add(&e->bm, x, y);
}

/* The ratio and the half-width of its 95% interval: batch means under any
 * schedule but the constant one. */
static double
estimate_value(const struct estimate *e, int schedule, double *ci)
{
	*ci = schedule == SCHEDULE_CONSTANT ? ratio_est_ci95(&e->iid) :
	    ratio_bm_ci95(&e->bm);
	return ratio_est_value(&e->iid);
}

/* The figures of a finished run into the cell. */
static void
record(struct sweep_cell *c, const struct sim *sim, const struct estimate *acc,
    const struct estimate *tok, const struct estimate *spd)
{
	const struct stats *st = &sim->stats;

	c->steps = st->steps;
	c->cost_ratio = sim->par.draft_ms / sim->par.target_ms;
	c->alpha_hat = estimate_value(acc, c->schedule, &c->alpha_hat_ci);
	c->tok_per_step = estimate_value(tok, c->schedule, &c->tok_per_step_ci);
	c->speedup = estimate_value(spd, c->schedule, &c->speedup_ci);
	c->alpha_overlap = stats_overlap(st);
	c->alpha_rule = stats_alpha_overlap(st);
	c->gamma_mean = stats_gamma_mean(st);
	c->closed_form = stats_closed_form(st);
	c->closed_form_speedup = c->closed_form / theory_step_cost(c->gamma_mean,
	    c->cost_ratio, c->verify_cost);
	if (sim_is_tree(sim)) {	/* a tree's figures (sim_figures) */
		struct sim_figures f;

		sim_figures(sim, &f);
		c->closed_form = f.closed_form;
		c->closed_form_speedup = f.speedup;
		c->nodes = f.tree_nodes;
		c->width = tree_shape_max_width(sim_tree_shape(sim));
	}
	sim_optimum(sim, &c->optimum);
	memcpy(c->tok_hist, st->tok_hist, sizeof c->tok_hist);
	memcpy(c->tested_at, st->tested_at, sizeof c->tested_at);
	memcpy(c->accepted_at, st->accepted_at, sizeof c->accepted_at);
}

/* The rule's distortion over a run: TV(its output, p) at each step's first
 * position, the step's pair taken to hold at every position (verify.h's
 * verify_output_pair; exact on the stub, where it does). Only for a rule whose
 * output is not p by construction. */
struct distortion {
	int on;
	size_t vocab;
	double *p, *q, *scratch, *out;	/* vocab each */
	double sum;
	uint64_t steps;
};

static void
distortion_init(struct distortion *d, const struct sim *sim)
{
	enum verify_rule r = sim->par.verify.rule;

	memset(d, 0, sizeof *d);
	d->on = !verify_has(r, VERIFY_F_LOSSLESS) || verify_has(r, VERIFY_F_POINT_TARGET);
	if (!d->on)
		return;
	d->vocab = sim->src.vocab;
	d->p = xreallocarray(NULL, 4 * d->vocab, sizeof *d->p);
	d->q = d->p + d->vocab;
	d->scratch = d->q + d->vocab;
	d->out = d->scratch + d->vocab;
}

static void
distortion_add(struct distortion *d, const struct sim *sim, const struct sim_entry *e)
{
	double tv = 0.0;

	if (!d->on)
		return;
	if (e->step.gamma > 0 && sim->targets_number == e->number && sim->targets.has_q[0]) {
		pdist_densify(&sim->targets.p[0], d->p);
		pdist_densify(&sim->targets.q[0], d->q);
		verify_output_pair(&sim->par.verify, d->p, d->q, d->vocab, e->step.gamma,
		    d->scratch, d->out);
		tv = dist_tv(d->out, d->p, d->vocab);
	}
	d->sum += tv;
	d->steps++;
}

static double
distortion_done(struct distortion *d)
{
	double v = d->steps > 0 ? d->sum / (double)d->steps : 0.0;

	free(d->p);
	return v;
}

/* Run cell i, unless the sweep was interrupted; a cell interrupted while it
 * runs is abandoned and keeps steps 0. */
static int
run_cell(void *ctx, int i, char *err, size_t errlen)
{
	struct grid *g = ctx;
	struct sweep_cell *c = &g->sw->cells[i];
	struct options o = *g->opt;
	struct estimate acc, tok, spd;
	struct distortion dist;
	const struct sim_entry *e;
	struct sim sim;
	double cr;
	uint64_t s;
	int rc;

	if (interrupt_requested())
		return 0;
	o.gamma = c->gamma;
	o.noise = c->noise;
	o.verify_cost = c->verify_cost;
	o.verifier = c->verifier;
	o.schedule = c->schedule;
	o.lenience = c->lenience;
	o.seed = c->seed;
	if (c->tree > 0)
		o.tree_shape = g->opt->tree_shapes[c->tree - 1];
	pthread_mutex_lock(&open_lock);
	rc = sim_setup_clone(&o, &g->src, &sim, err, errlen);
	pthread_mutex_unlock(&open_lock);
	if (rc != 0)
		return -1;
	sim_set_reference(&sim, 0);
	memset(&acc, 0, sizeof acc);
	memset(&tok, 0, sizeof tok);
	memset(&spd, 0, sizeof spd);
	cr = sim.par.draft_ms / sim.par.target_ms;
	distortion_init(&dist, &sim);
	for (s = 0; s < o.steps && !interrupt_requested(); s++) {
		e = sim_step(&sim);
		distortion_add(&dist, &sim, e);
		estimate_add(&acc, e->step.accepted, e->step.tested);
		estimate_add(&tok, e->step.emitted, 1.0);
		estimate_add(&spd, e->step.emitted, e->step.nodes > 0 ?
		    1.0 + e->step.gamma * cr + e->step.nodes * sim.par.verify_cost :
		    theory_step_cost(e->step.gamma, cr, sim.par.verify_cost));
	}
	c->distortion = distortion_done(&dist);
	if (s == o.steps)
		record(c, &sim, &acc, &tok, &spd);
	pthread_mutex_lock(&open_lock);
	sim_close(&sim);
	pthread_mutex_unlock(&open_lock);
	return 0;
}

/* The finished cells to the front, in grid order: all of them unless the sweep
 * was interrupted. */
static void
keep_finished(struct sweep *sw)
{
	int i, n = 0;

	for (i = 0; i < sw->ncells; i++)
		if (sw->cells[i].steps > 0)
			sw->cells[n++] = sw->cells[i];
	sw->ncells = n;
}

/* Open the source once, then run the cells over clones of it. */
static int
run_cells(struct grid *g, int progress, char *err, size_t errlen)
{
	int rc;

	if (sim_setup_source(g->opt, &g->src, err, errlen) != 0)
		return -1;
	interrupt_hold();
	rc = parallel_run(run_cell, g, g->sw->ncells, g->sw->threads, progress, "cells",
	    err, errlen);
	source_close(&g->src);
	keep_finished(g->sw);
	return rc;
}

int
sweep_reads_lenience(const struct options *opt)
{
	const struct cli_axis_values *ax = &opt->axis[CLI_AXIS_VERIFIER];
	int i;

	for (i = 0; i < ax->n; i++)
		if (reads_lenience((int)ax->v[i]))
			return 1;
	return 0;
}

int
sweep_run(const struct options *opt, struct sweep *sw, char *err, size_t errlen)
{
	struct grid *g = xcalloc(1, sizeof *g);
	int progress = isatty(STDERR_FILENO), rc = 0;

	memset(sw, 0, sizeof *sw);
	g->opt = opt;
	g->sw = sw;
	sw->threads = parallel_threads(opt->threads);
	sw->has_target_alpha = opt->axis[CLI_AXIS_TARGET_ALPHA].n > 0;
	sw->has_tree = opt->axis[CLI_AXIS_TREE].n > 0;
	sw->has_lenience = sweep_reads_lenience(opt);
	if (sw->has_target_alpha)
		rc = parallel_run(solve_alpha, g, opt->axis[CLI_AXIS_TARGET_ALPHA].n,
		    sw->threads, progress, "target alphas solved", err, errlen);
	if (rc == 0)
		rc = make_cells(g, err, errlen);
	sw->asked = sw->ncells;
	if (rc == 0)
		rc = run_cells(g, progress, err, errlen);
	free(g);
	return rc;
}

void
sweep_free(struct sweep *sw)
{
	free(sw->cells);
	sw->cells = NULL;
	sw->ncells = 0;
}
