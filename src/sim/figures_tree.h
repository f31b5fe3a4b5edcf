/* figures_tree.h: the writers of the figures table's rows for a token tree
 * (--tree): its shape and nodes per step, the acceptance by sibling rank,
 * the closed-form expected tokens, the cost model per node, the draft's
 * calibration (score against acceptance, top-k trees). Each writes
 * nothing for a chain, so a chain's report and JSON are as they were. */
#ifndef SPECDEC_FIGURES_TREE_H
#define SPECDEC_FIGURES_TREE_H

#include "sim/figure.h"

figure_report_fn figures_tree_report_shape, figures_tree_report_rank,
    figures_tree_report_closed, figures_tree_report_ceiling, figures_tree_report_cost,
    figures_tree_report_calibration, figures_tree_report_compare;
figure_json_fn figures_tree_json_shape, figures_tree_json_nodes, figures_tree_json_rank,
    figures_tree_json_closed, figures_tree_json_ceiling, figures_tree_json_cost,
    figures_tree_json_calibration, figures_tree_json_compare;

/* The numbers those writers write, each NaN for a chain (and the ceiling NaN
 * before a step has one): tree_nodes (the shape's nodes), tree_nodes_per_step,
 * tree_accepted_length, tree_closed_form (-1: none for this rule),
 * tree_ot_ceiling, tree_step_cost. */
figure_value_fn figures_tree_nodes, figures_tree_nodes_per_step,
    figures_tree_accepted_length, figures_tree_closed, figures_tree_ceiling,
    figures_tree_cost;

/* A dynamic tree's K, STEPS and N, and the comparison at equal N (the best
 * static shape, the argmax and the sampled chain); NaN where the JSON leaves
 * the key out (not a dynamic tree; no comparison on this source). */
double figures_dynamic_k(const struct figures_run *r);
double figures_dynamic_steps(const struct figures_run *r);
double figures_dynamic_n(const struct figures_run *r);
double figures_dynamic_best_static(const struct figures_run *r);
double figures_dynamic_argmax_chain(const struct figures_run *r);
double figures_dynamic_sampled_chain(const struct figures_run *r);

#endif
