/* figures_tree.c: the token tree's rows of the figures table (figures_tree.h). */
#include "config.h"

#include <math.h>

#include "sim/figures_tree.h"
#include "verify/tree_shape.h"

static int
is_tree(const struct figures_run *r)
{
	return sim_is_tree(r->sim);
}

/* Sibling ranks to show: the widest node's children. */
static int
ranks(const struct figures_run *r)
{
	int w = tree_shape_max_width(sim_tree_shape(r->sim));

	return w < TREE_RANKS ? w : TREE_RANKS;
}

void
figures_tree_report_shape(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	char shape[TREE_TEXT_MAX];
	const struct sim_figures *f = r->fig;

	if (!is_tree(r))
		return;
	tree_shape_format(sim_tree_shape(r->sim), shape, sizeof shape);
	figures_text_begin(t, row->label);
	figures_text_add(t, "%s: %d nodes, depth %d; %.4f nodes/step, accepted length "
	    "%.4f", shape, f->tree_nodes, f->tree_depth, f->nodes_per_step,
	    f->tok_per_step - 1.0);
}

void
figures_tree_json_shape(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	char shape[TREE_TEXT_MAX];

	if (!is_tree(r))
		return;
	tree_shape_format(sim_tree_shape(r->sim), shape, sizeof shape);
	json_string(j, row->key, shape);
}

/* A tree's number, NaN for a chain (whose JSON has none). */
static double
tree_only(const struct figures_run *r, double v)
{
	return is_tree(r) ? v : NAN;
}

double
figures_tree_nodes(const struct figures_run *r)
{
	return tree_only(r, tree_shape_nodes(sim_tree_shape(r->sim)));
}

double
figures_tree_nodes_per_step(const struct figures_run *r)
{
	return tree_only(r, r->fig->nodes_per_step);
}

double
figures_tree_accepted_length(const struct figures_run *r)
{
	return tree_only(r, r->fig->tok_per_step - 1.0);
}

double
figures_tree_closed(const struct figures_run *r)
{
	return tree_only(r, r->fig->tree_closed ? r->fig->closed_form_per_step : -1.0);
}

double
figures_tree_ceiling(const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;

	return st->ceiling_steps == 0 ? NAN :
	    tree_only(r, st->sum_ceiling / (double)st->ceiling_steps);
}

double
figures_tree_cost(const struct figures_run *r)
{
	return tree_only(r, r->fig->tree_step_cost);
}

void
figures_tree_json_nodes(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	if (!is_tree(r))
		return;
	json_double(j, row->key, figures_tree_nodes_per_step(r));
	json_double(j, "tree_accepted_length", figures_tree_accepted_length(r));
}

void
figures_tree_report_rank(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;

	if (!is_tree(r))
		return;
	figures_text_rates(t, row->label, st->tested_rank, ranks(r), stats_accept_rate_rank, st);
}

void
figures_tree_json_rank(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;
	int k;

	if (!is_tree(r))
		return;
	json_array_begin(j, row->key);
	for (k = 0; k < ranks(r); k++)
		json_double(j, NULL, stats_accept_rate_rank(st, k));
	json_array_end(j);
	json_uint_array(j, "tree_tested_by_rank", st->tested_rank, (size_t)ranks(r));
}

void
figures_tree_report_closed(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct sim_figures *f = r->fig;

	if (!is_tree(r))
		return;
	figures_text_begin(t, row->label);
	if (f->tree_closed)
		figures_text_add(t, "%.4f expected tok/step in closed form, %.4f measured",
		    f->closed_form_per_step, f->tok_per_step);
	else
		figures_text_add(t, "none for this rule on this source: measured only");
}

void
figures_tree_json_closed(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	if (!is_tree(r))
		return;
	json_double(j, row->key, figures_tree_closed(r));
}

/* The root's measured acceptance against the ceiling, where there is one. */
void
figures_tree_report_ceiling(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;

	if (!is_tree(r) || st->ceiling_steps == 0)
		return;
	figures_text_begin(t, row->label);
	figures_text_add(t, "%.4f for any rule with these i.i.d. drafts at the root "
	    "(Khisti et al. 2024); measured %.4f", st->sum_ceiling /
	    (double)st->ceiling_steps, stats_accept_rate_at(st, 0));
}

void
figures_tree_json_ceiling(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	if (!is_tree(r) || r->sim->stats.ceiling_steps == 0)
		return;
	json_double(j, row->key, figures_tree_ceiling(r));
}

void
figures_tree_report_cost(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct sim_figures *f = r->fig;

	if (!is_tree(r))
		return;
	figures_text_begin(t, row->label);
	figures_text_add(t, "1 + depth c + nodes k = 1 + %d x %g + %.4g x %g = %.4f "
	    "target forwards/step", f->tree_depth, f->cost_ratio, f->nodes_per_step,
	    f->verify_cost, f->tree_step_cost);
}

void
figures_tree_json_cost(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	if (!is_tree(r))
		return;
	json_double(j, row->key, figures_tree_cost(r));
}
