/* figures_tree.c: the token tree's rows of the figures table (figures_tree.h). */
#include "config.h"

#include <inttypes.h>
#include <math.h>

#include "sim/figures_tree.h"
#include "verify/drafter.h"
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
	enum drafter_kind drafter = (enum drafter_kind)sim_tree_shape(r->sim)->drafter;

	if (!is_tree(r))
		return;
	figures_text_begin(t, row->label);
	if (drafter != DRAFTER_KIND_MODEL) {
		figures_text_add(t, "--drafter %s, %s: 1 + passes c + nodes k = 1 + %d x %g"
		    " + %.4g x %g = %.4f target forwards/step", drafter_name(drafter),
		    drafter == DRAFTER_KIND_HEADS ? "one head pass drafts every position" :
		    "one module pass per position", f->draft_passes, f->cost_ratio,
		    f->nodes_per_step, f->verify_cost, f->tree_step_cost);
		return;
	}
	figures_text_add(t, "1 + depth c + nodes k = 1 + %d x %g + %.4g x %g = %.4f "
	    "target forwards/step", f->tree_depth, f->cost_ratio, f->nodes_per_step,
	    f->verify_cost, f->tree_step_cost);
}

void
figures_tree_json_cost(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	enum drafter_kind drafter;

	if (!is_tree(r))
		return;
	json_double(j, row->key, figures_tree_cost(r));
	drafter = (enum drafter_kind)sim_tree_shape(r->sim)->drafter;
	if (drafter == DRAFTER_KIND_MODEL)
		return;
	json_string(j, "drafter", drafter_name(drafter));
	json_int(j, "draft_passes", r->fig->draft_passes);
}

void
figures_tree_report_calibration(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct calibration *c = &r->sim->stats.calibration;
	struct calibration_bin bin;
	int b, first = 1;

	for (b = 0; b < CALIBRATION_BINS; b++) {
		calibration_get(c, b, &bin);
		if (bin.nodes == 0)
			continue;
		figures_text_begin(t, first ? row->label : "");
		first = 0;
		figures_text_add(t, "%.1f-%.1f %" PRIu64 " nodes: score %.4f,"
		    " accepted %.4f, exact %.4f", bin.lo, bin.hi, bin.nodes, bin.score,
		    bin.accepted, bin.expected);
	}
}

void
figures_tree_json_calibration(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	const struct calibration *c = &r->sim->stats.calibration;
	struct calibration_bin bin;
	int b;

	if (calibration_nodes(c) == 0)
		return;
	json_array_begin(j, row->key);
	for (b = 0; b < CALIBRATION_BINS; b++) {
		calibration_get(c, b, &bin);
		json_object_begin(j, NULL);
		json_double(j, "lo", bin.lo);
		json_double(j, "hi", bin.hi);
		json_uint(j, "nodes", bin.nodes);
		json_double(j, "score", bin.score);
		json_double(j, "accepted", bin.accepted);
		json_double(j, "expected", bin.expected);
		json_object_end(j);
	}
	json_array_end(j);
}

/* The dynamic tree's spec, or NULL for any other run. */
static const struct tree_shape *
dynamic_spec(const struct figures_run *r)
{
	const struct tree_shape *s = sim_tree_shape(r->sim);

	return is_tree(r) && s->dyn_k > 0 ? s : NULL;
}

void
figures_tree_report_compare(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct tree_shape *s = dynamic_spec(r);
	struct tree_compare_result c;

	if (s == NULL)
		return;
	figures_text_begin(t, row->label);
	if (!tree_compare_result(&r->sim->compare, &c)) {
		figures_text_add(t, "no comparison at N %d: it needs a source with one pair"
		    " a step (stub, replay) and N <= %d", s->n, TREE_COMPARE_N_MAX);
		return;
	}
	figures_text_add(t, "at N %d, expected tok/step: this tree %.4f, the best static"
	    " shape (depth <= %d) %.4f, the argmax chain of %d %.4f, the sampled chain"
	    " %.4f", s->n, r->fig->closed_form_per_step, s->depth, c.best_static,
	    s->n - 1, c.argmax_chain, c.sampled_chain);
}

/* The comparison's figures, one a key, or NaN where the JSON leaves it out. */
double
figures_dynamic_k(const struct figures_run *r)
{
	const struct tree_shape *s = dynamic_spec(r);

	return s != NULL ? s->dyn_k : NAN;
}

double
figures_dynamic_steps(const struct figures_run *r)
{
	const struct tree_shape *s = dynamic_spec(r);

	return s != NULL ? s->depth : NAN;
}

double
figures_dynamic_n(const struct figures_run *r)
{
	const struct tree_shape *s = dynamic_spec(r);

	return s != NULL ? s->n : NAN;
}

/* which: 0 the best static shape, 1 the argmax chain, 2 the sampled chain. */
static double
compared(const struct figures_run *r, int which)
{
	struct tree_compare_result c;

	if (dynamic_spec(r) == NULL || !tree_compare_result(&r->sim->compare, &c))
		return NAN;
	return which == 0 ? c.best_static : which == 1 ? c.argmax_chain : c.sampled_chain;
}

double
figures_dynamic_best_static(const struct figures_run *r)
{
	return compared(r, 0);
}

double
figures_dynamic_argmax_chain(const struct figures_run *r)
{
	return compared(r, 1);
}

double
figures_dynamic_sampled_chain(const struct figures_run *r)
{
	return compared(r, 2);
}

void
figures_tree_json_compare(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	const struct tree_shape *s = dynamic_spec(r);
	struct tree_compare_result c;

	if (s == NULL)
		return;
	json_int(j, row->key, s->dyn_k);
	json_int(j, "dynamic_steps", s->depth);
	json_int(j, "dynamic_n", s->n);
	if (!tree_compare_result(&r->sim->compare, &c))
		return;
	json_double(j, "dynamic_best_static", c.best_static);
	json_double(j, "dynamic_argmax_chain", c.argmax_chain);
	json_double(j, "dynamic_sampled_chain", c.sampled_chain);
}
