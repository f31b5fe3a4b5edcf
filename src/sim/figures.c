/* figures.c: the table of figures, and the report and the JSON that walk it. */
#include "config.h"

#include <inttypes.h>
#include <stddef.h>

#include "sim/figures.h"
#include "sim/figures_copy.h"
#include "sim/figures_pair.h"
#include "sim/figures_write.h"
#include "sim/figures_tree.h"
#include "sim/figures_vocab.h"

/* A scalar's place, its type checked against its kind at compile time. */
#define FIGURE_AT(type, s, m) \
	_Generic(((struct s *)0)->m, type: offsetof(struct s, m))
#define PLACE(k, f, type, s, m) .kind = (k), .from = (f), .offset = FIGURE_AT(type, s, m)
#define REAL(m) PLACE(FIGURE_REAL, FIGURE_FROM_FIGURES, double, sim_figures, m)
#define FLAG(m) PLACE(FIGURE_FLAG, FIGURE_FROM_FIGURES, int, sim_figures, m)
#define INT(m) PLACE(FIGURE_INT, FIGURE_FROM_FIGURES, int, sim_figures, m)
#define COUNT(m) PLACE(FIGURE_COUNT, FIGURE_FROM_STATS, uint64_t, stats, m)
#define STATS_INT(m) PLACE(FIGURE_INT, FIGURE_FROM_STATS, int, stats, m)
/* The run's parameters (the JSON's first scalars): in the sim, or the run's
 * request. */
#define PARAM .header = 1
#define SIM_REAL(m) PARAM, PLACE(FIGURE_REAL, FIGURE_FROM_SIM, double, sim, m)
#define SIM_INT(m) PARAM, PLACE(FIGURE_INT, FIGURE_FROM_SIM, int, sim, m)
#define SIM_COUNT(m) PARAM, PLACE(FIGURE_COUNT, FIGURE_FROM_SIM, uint64_t, sim, m)
#define SIM_SIZE(m) PARAM, PLACE(FIGURE_SIZE, FIGURE_FROM_SIM, size_t, sim, m)
#define RUN_COUNT(m) PARAM, PLACE(FIGURE_COUNT, FIGURE_FROM_RUN, uint64_t, figures_run, m)
#define RUN_FLAG(m) PARAM, PLACE(FIGURE_FLAG, FIGURE_FROM_RUN, int, figures_run, m)
#define ARRAY(rep, js) .kind = FIGURE_ARRAY, .report = (rep), .json = (js)
#define NESTED(rep, js) .kind = FIGURE_NESTED, .report = (rep), .json = (js)
#define SCREEN .kind = FIGURE_SCREEN
/* The machine's figures: in the JSON only when the run has a machine. */
#define MACHINE_REAL(m) REAL(roofline.m), .json = json_machine
#define MACHINE_FLAG(m) FLAG(roofline.m), .json = json_machine
#define MACHINE_INT(m) INT(roofline.m), .json = json_machine

/* The report's formats: "%.Nf", "%.Ng", a count, an int. */
#define FIXED(b, n, a) .text = { (b), 'f', (n), (a) }
#define GENERAL(b, n, a) .text = { (b), 'g', (n), (a) }
#define UINT(b, a) .text = { (b), 'u', 0, (a) }
#define SINT(b, a) .text = { (b), 'd', 0, (a) }

static figure_json_fn json_machine;

const struct figure figures[] = {
	{ .key = "steps", COUNT(steps), PARAM, .explain = "steps run" },
	{ .key = "steps_requested", RUN_COUNT(steps_requested),
	    .explain = "steps asked for (--steps; a lesson: those run)" },
	{ .key = "complete", RUN_FLAG(complete),
	    .explain = "every step asked for ran (not interrupted)" },
	{ .key = "gamma", SIM_INT(par.gamma), .explain = "draft length (--gamma)" },
	{ .key = "noise", SIM_REAL(par.noise), .explain = "the stub's draft noise (--noise)" },
	{ .key = "vocab", SIM_SIZE(src.vocab), .explain = "the source's vocabulary" },
	{ .key = "seed", SIM_COUNT(par.seed), .explain = "random seed (--seed)" },
	{ .key = "target_ms", SIM_REAL(par.target_ms),
	    .explain = "target forward cost, ms (--target-ms)" },
	{ .key = "draft_ms", SIM_REAL(par.draft_ms),
	    .explain = "cost of a drafted token, ms (--draft-ms)" },
	{ .key = "verify_cost", SIM_REAL(par.verify_cost),
	    .explain = "verification cost K (--verify-cost)" },
	{ .key = "tokens", COUNT(tokens), .label = "tokens", UINT("", " emitted"),
	    .explain = "tokens the speculative sampler emitted" },
	{ .key = "drafted", COUNT(drafted), UINT("; ", " drafted"),
	    .explain = "draft tokens proposed, tested or not" },
	{ .key = "tested", COUNT(tested), UINT(", ", " tested"),
	    .explain = "drafts that met the accept test" },
	{ .key = "accepted", COUNT(accepted), UINT(", ", " accepted"),
	    .explain = "drafts the rule accepted" },
	{ .key = "ref_tokens", COUNT(ref_tokens),
	    .explain = "tokens of the target-only reference stream" },
	{ .key = "alpha", REAL(alpha_hat), .label = "alpha", .report = figures_report_alpha,
	    .screen = "alpha^", .screen_utf8 = "\u03b1\u0302",
	    .explain = "accepted / tested drafts: acceptance as counted" },
	{ .key = "alpha_overlap", REAL(overlap),
	    .screen = "alpha overlap", .screen_utf8 = "\u03b1 overlap",
	    .explain = "mean over steps of sum min(p, q): Leviathan's alpha" },
	{ .key = "alpha_overlap_tested", REAL(overlap_tested),
	    .explain = "the overlap at each tested position, averaged" },
	{ .key = "alpha_rule", REAL(alpha_overlap), .json = figures_json_alpha_rule,
	    .value = figures_alpha_rule,
	    .explain = "a rule's own acceptance expectation, by its name" },
	{ .key = "alpha_naive", REAL(alpha_naive), .label = "vocab pair",
	    .report = figures_vocab_report, .json = figures_vocab_json,
	    .explain = "another vocabulary: sum min(p, q) on the union, pos 1" },
	{ .key = "alpha_tli", REAL(alpha_tli), .json = figures_vocab_json,
	    .explain = "sum min(p, q'), q' = q on shared tokens, renormalised" },
	{ .key = "alpha_first", REAL(alpha_first), .json = figures_vocab_json,
	    .explain = "accepted / tested at position 1, beside naive and TLI" },
	{ .key = "alpha_first_stderr", REAL(alpha_first_stderr),
	    .json = figures_vocab_json,
	    .explain = "SE of alpha_first about the rule's own closed form" },
	{ .key = "draft_acceptance_rate", REAL(draft_acceptance_rate), .label = "serving",
	    FIXED("", 4, " accepted/drafted (vLLM, llama.cpp)"),
	    .screen = "acc/draft",
	    .explain = "accepted / drafted: vLLM's and llama.cpp's rate" },
	{ .key = "vllm_mean_acceptance_length", REAL(vllm_acceptance_length),
	    FIXED("; mean acceptance length ", 4, " (vLLM: 1 + accepted/drafts)"),
	    .screen = "vLLM len",
	    .explain = "1 + accepted/drafts (vLLM); SGLang len: tokens/step" },
	{ .key = "sglang_accept_length", REAL(tok_per_step),
	    FIXED("; accept length ", 4, " (SGLang: tokens/step, root counted)"),
	    .explain = "(accepted + one root per step) / steps: tok/step" },
	{ SCREEN, .screen = "why two",
	    .explain = "alpha^ leans to steps that tested more; overlap not" },
	{ .key = "tok_per_step", REAL(tok_per_step), .label = "tok/step",
	    FIXED("", 4, " measured"),
	    .screen = "tok/step",
	    .explain = "tokens emitted per step, with the residual or bonus" },
	{ .key = "gamma_mean", REAL(gamma_mean),
	    .explain = "drafts per step: gamma, or the schedule's mean" },
	{ .key = "closed_form", REAL(closed_form), .report = figures_report_closed_form,
	    .screen = "closed form",
	    .explain = "(1 - a^(gamma+1)) / (1 - a) at a = alpha^" },
	{ .key = "closed_form_per_step", REAL(closed_form_per_step),
	    FIXED(", ", 4, " per-step mean"), .screen = "per-step mean",
	    .explain = "the form at each step's own overlap, averaged (Jensen)" },
	{ .key = "max_tok_per_step", STATS_INT(max_tok_per_step), SINT("; max ", ""),
	    .explain = "the most tokens one step emitted" },
	{ .key = "tok_per_step_hist", .label = "tok/step hist",
	    ARRAY(figures_report_tok_hist, figures_json_tok_hist),
	    .explain = "steps that emitted 1, 2, ... tokens" },
	{ .key = "tested_by_position", ARRAY(NULL, figures_json_tested_at),
	    .explain = "drafts tested at each position" },
	{ .key = "accept_rate_by_position", .label = "accept by pos",
	    ARRAY(figures_report_accept, figures_json_accept),
	    .explain = "accepted / tested at each position: rises by selection" },
	{ .key = "accept_rate_by_position_uncond", .label = "  per step",
	    ARRAY(figures_report_accept_uncond, figures_json_accept_uncond),
	    .explain = "accepted at each position / steps (as vLLM counts)" },
	{ .key = "tree", .label = "tree", ARRAY(figures_tree_report_shape,
	    figures_tree_json_shape),
	    .explain = "a tree's shape (vLLM index paths): trees only" },
	{ .key = "tree_nodes_per_step", ARRAY(NULL, figures_tree_json_nodes),
	    .value = figures_tree_nodes_per_step,
	    .explain = "drafted tree nodes per step; accepted length" },
	{ .key = "tree_accept_rate_by_rank", .label = "  by rank",
	    ARRAY(figures_tree_report_rank, figures_tree_json_rank),
	    .explain = "accepted / tested tree nodes by sibling rank" },
	{ .key = "tree_closed_form", .label = "  closed",
	    ARRAY(figures_tree_report_closed, figures_tree_json_closed),
	    .value = figures_tree_closed,
	    .explain = "expected tok/step: 1 + sum of path p (top-k) ..." },
	{ .key = "tree_ot_ceiling", .label = "  ceiling",
	    ARRAY(figures_tree_report_ceiling, figures_tree_json_ceiling),
	    .value = figures_tree_ceiling,
	    .explain = "no rule keeps more of k i.i.d. drafts (root)" },
	{ .key = "tree_step_cost", .label = "  cost",
	    ARRAY(figures_tree_report_cost, figures_tree_json_cost),
	    .value = figures_tree_cost,
	    .explain = "1 + depth c + nodes k: --verify-cost per node" },
	{ .key = "dynamic_k", .label = "  vs same N",
	    ARRAY(figures_tree_report_compare, figures_tree_json_compare),
	    .explain = "K, STEPS, N; best static shape, argmax, sampled chain" },
	{ .key = "calibration", .label = "  calibrated",
	    ARRAY(figures_tree_report_calibration, figures_tree_json_calibration),
	    .explain = "by draft score bin: nodes, accepted, exact (top-k)" },
	{ .key = "spec_hist", ARRAY(NULL, figures_json_spec_hist),
	    .explain = "the speculative output's count of each token" },
	{ .key = "ref_hist", ARRAY(NULL, figures_json_ref_hist),
	    .explain = "the target-only stream's count of each token" },
	{ .key = "tv", REAL(tv), .label = "tv", .report = figures_report_tv, .screen = "TV",
	    .explain = "by id: output vs target-only counts; blind on the stub" },
	{ .key = "tv_noise", REAL(tv_null.mean), GENERAL("; chance alone ", 4, ""),
	    .screen = "noise ~",
	    .explain = "the TV exact sampling shows by chance at these counts" },
	{ .key = "tv_noise_sd", REAL(tv_null.sd),
	    .explain = "the spread of that chance TV" },
	{ .key = "tv_limit", REAL(tv_null.limit), GENERAL(", limit ", 4, ""),
	    .explain = "the TV a correct sampler stays below (at most 1)" },
	{ .key = "chi2", REAL(chi2.statistic), .label = "chi2", FIXED("", 3, ""),
	    .explain = "chi-square of output vs exact expected counts" },
	{ .key = "chi2_df", INT(chi2.df), SINT(" on ", " df"),
	    .explain = "its degrees of freedom; 0: nothing to test yet" },
	{ .key = "chi2_p", REAL(chi2.p_value),
	    FIXED(", p = ", 4, " (output vs exact expected counts)"),
	    .screen = "chi2 p", .screen_utf8 = "\u03c7\u00b2 p",
	    .explain = "by id: output vs exact expected counts; blind on stub" },
	{ .key = "lossless_n", COUNT(lossless.n),
	    .explain = "PIT values the losslessness test has seen" },
	{ .key = "lossless_p", REAL(lossless.p_value), .label = "lossless",
	    .report = figures_report_lossless, .screen = "lossless",
	    .explain = "per position: each token's rank in its own p (PIT)" },
	{ SCREEN, .screen = "ok/BROKEN",
	    .explain = "BROKEN sampler: PIT p < 0.001; lossy: lenient, typical" },
	{ SCREEN, .screen = "blind",
	    .explain = "stub ids are alike: any sampler passes TV and chi2" },
	{ .key = "lossless_hist", .label = "pit hist",
	    ARRAY(figures_report_pit_hist, figures_json_pit_hist),
	    .explain = "the PIT values in 20 bins: flat when lossless" },
	{ .key = "rule_output", .label = "rule output",
	    NESTED(figures_pair_report, figures_pair_json),
	    .explain = "one pair: the rule's exact output and the measured" },
	{ .key = "copy", .label = "copy", NESTED(figures_copy_report, figures_copy_json),
	    .explain = "copy drafter: drafts found, copied tokens accepted" },
	{ .key = "cost_ratio", REAL(cost_ratio), .label = "cost", .report = figures_report_cost,
	    .explain = "c = draft cost per token / target cost per forward" },
	{ .key = "target_tok_per_s", REAL(target_rate), .label = "throughput",
	    GENERAL("target-only ", 5, " tok/s"),
	    .explain = "tokens per second of the target alone" },
	{ .key = "spec_tok_per_s", REAL(spec_rate), GENERAL(", speculative ", 5, " tok/s"),
	    .explain = "tokens per second at the measured tok/step" },
	{ .key = "speedup", REAL(speedup), .label = "speedup", .report = figures_report_speedup,
	    .explain = "Theorem 3.8 at alpha^, with c + k for c" },
	{ .key = "speedup_measured", REAL(speedup_measured), FIXED(", ", 3, "x measured"),
	    .explain = "measured tok/step / mean step cost" },
	{ .key = "optimal_gamma", INT(optimum.gamma), .report = figures_report_optimum,
	    .explain = "best gamma: mean of each step's own closed form / cost" },
	{ .key = "optimal_speedup", REAL(optimum.speedup),
	    .explain = "the speedup at that gamma" },
	{ .key = "optimal_at_limit", FLAG(optimum.at_limit),
	    .explain = "a gamma past the largest would do better still" },
	{ .key = "speculate", FLAG(optimum.speculate),
	    .explain = "some gamma beats the target alone" },
	/* With a machine (--hw) only: the JSON writes them then; a lesson's
	 * check reads them. */
	{ .key = "roofline_batch_size", MACHINE_REAL(batch),
	    .explain = "the batch size B of the machine's cost model" },
	{ .key = "roofline_context", MACHINE_REAL(context),
	    .explain = "the context S each sequence holds" },
	{ .key = "roofline_verify_ms", MACHINE_REAL(t_verify_ms),
	    .explain = "t_V(gamma): the target scoring gamma + 1 tokens" },
	{ .key = "roofline_compute_bound", MACHINE_FLAG(compute_bound),
	    .explain = "that pass is compute-bound (else memory-bound)" },
	{ .key = "roofline_ridge_tokens", MACHINE_REAL(ridge_tokens),
	    .explain = "tokens per step where a pass turns compute-bound" },
	{ .key = "roofline_speedup", MACHINE_REAL(speedup),
	    .explain = "the roofline's speedup at gamma and alpha^" },
	{ .key = "roofline_best_gamma", MACHINE_INT(best_gamma),
	    .explain = "its best gamma at alpha^; 0: do not speculate" },
	{ .key = "roofline_best_speedup", MACHINE_REAL(best_speedup),
	    .explain = "the speedup at that gamma" },
	{ .key = "checks", NESTED(figures_report_checks, figures_json_checks),
	    .explain = "each check: PASS, FAIL or SKIP, and its figures" },
	{ SCREEN, .screen = "segment",
	    .explain = "figures since the last change of gamma, noise, r, s" },
	{ SCREEN, .screen = "residual mass",
	    .explain = "sum max(0, p - q) = 1 - overlap at that position" },
	{ SCREEN, .screen = "r0.412",
	    .explain = "the replacement's chance (standard: max(0,p-q)/mass)" },
	{ SCREEN, .screen = "pos",
	    .explain = "place in the text; a residual takes its reject's" },
};

const int nfigures = (int)(sizeof figures / sizeof figures[0]);

/* A scalar's report part: before, the value in its format, after. */
static void
report_scalar(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct figure_format *f = &row->text;
	const void *at = figure_place(row, r);

	if (row->label != NULL)
		figures_text_begin(t, row->label);
	figures_text_add(t, "%s", f->before);
	if (f->conv == 'u')
		figures_text_add(t, "%" PRIu64, *(const uint64_t *)at);
	else if (f->conv == 'd')
		figures_text_add(t, "%d", *(const int *)at);
	else if (f->conv == 'g')
		figures_text_add(t, "%.*g", f->decimals, *(const double *)at);
	else
		figures_text_add(t, "%.*f", f->decimals, *(const double *)at);
	figures_text_add(t, "%s", f->after);
}

void
figures_report(FILE *out, const struct figures_run *r)
{
	struct figures_text t = { .out = out };
	int i;

	for (i = 0; i < nfigures; i++)
		if (figures[i].report != NULL)
			figures[i].report(&t, &figures[i], r);
		else if (figures[i].text.conv != 0)
			report_scalar(&t, &figures[i], r);
	figures_text_end(&t);
}

static void
json_scalar(struct json *j, const struct figure *row, const struct figures_run *r)
{
	const void *at = figure_place(row, r);

	if (row->kind == FIGURE_REAL)
		json_double(j, row->key, *(const double *)at);
	else if (row->kind == FIGURE_COUNT)
		json_uint(j, row->key, *(const uint64_t *)at);
	else if (row->kind == FIGURE_SIZE)
		json_uint(j, row->key, (uint64_t)*(const size_t *)at);
	else if (row->kind == FIGURE_INT)
		json_int(j, row->key, *(const int *)at);
	else
		json_bool(j, row->key, *(const int *)at);
}

/* A machine's figure: written as a scalar when the run has a machine. */
static void
json_machine(struct json *j, const struct figure *row, const struct figures_run *r)
{
	if (r->sim->par.machine)
		json_scalar(j, row, r);
}

/* The JSON's passes: scalars, then arrays, then nested members. */
static int
json_pass(enum figure_kind kind)
{
	if (kind == FIGURE_ARRAY)
		return 1;
	if (kind == FIGURE_NESTED)
		return 2;
	return 0;
}

void
figures_json(struct json *j, const struct figures_run *r)
{
	int pass, i;

	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < nfigures; i++) {
			if (figures[i].key == NULL || figures[i].header ||
			    json_pass(figures[i].kind) != pass)
				continue;
			if (figures[i].json != NULL)
				figures[i].json(j, &figures[i], r);
			else
				json_scalar(j, &figures[i], r);
		}
}

void
figures_json_header(struct json *j, const struct figures_run *r)
{
	int i;

	for (i = 0; i < nfigures; i++)
		if (figures[i].header)
			json_scalar(j, &figures[i], r);
}

const struct figure *
figures_screen(int i)
{
	int k;

	for (k = 0; k < nfigures; k++)
		if (figures[k].screen != NULL && i-- == 0)
			return &figures[k];
	return NULL;
}
