/* sim.c: step the sampler and the reference stream, keep the segment consistent. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"
#include "sim/sim.h"
#include "source/copy/source_copy.h"
#include "stats/theory.h"
#include "util/xalloc.h"
#include "verify/drafter.h"
#include "verify/verify_tree.h"
#include "verify/vocab_pair.h"

#define RNG_STREAM_SPEC 0
#define RNG_STREAM_REF 1
#define RNG_STREAM_PIT 2

static double
clamp(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

static void
seed_generators(struct sim *sim)
{
	rng_seed(&sim->rng, sim->par.seed, RNG_STREAM_SPEC);
	rng_seed(&sim->ref_rng, sim->par.seed, RNG_STREAM_REF);
	rng_seed(&sim->pit_rng, sim->par.seed, RNG_STREAM_PIT);
}

/* The exact output is not computed under a schedule that varies the length,
 * nor for a tree mistake: its token law depends on which sibling was kept,
 * which the per-node form (tree_output) does not give, so it is left out
 * rather than shown as the target's. */
static void
reset_pair_output(struct sim *sim)
{
	enum verify_rule r = sim->par.verify.rule;

	if (sim->pair != NULL)
		pair_output_reset(sim->pair, &sim->par.verify, sim->par.gamma,
		    sim->par.schedule != SCHEDULE_CONSTANT ||
		    (verify_has(r, VERIFY_F_TREE) && verify_has(r, VERIFY_F_MISTAKE)));
}

/* A replay of one pair: keep its exact output beside the measured one. */
static void
open_pair_output(struct sim *sim)
{
	size_t v = sim->src.vocab;
	double *p = xreallocarray(NULL, v, sizeof *p), *q = xreallocarray(NULL, v, sizeof *q);

	if (source_fixed_pair(&sim->src, p, q)) {
		sim->pair = xcalloc(1, sizeof *sim->pair);
		pair_output_init(sim->pair, p, q, v);
		reset_pair_output(sim);
	}
	free(p);
	free(q);
}

static void
new_segment(struct sim *sim)
{
	stats_reset(&sim->stats, sim->par.gamma);
	reset_pair_output(sim);
	sim->gamma_next = sim->par.gamma;
	sim->segment++;
	tree_compare_clear(&sim->compare);
}

/* The rule's parameters in range; zero ones take their defaults. */
static struct verify_params
verify_in_range(const struct verify_params *in)
{
	struct verify_params def = verify_defaults(), v = *in;

	if ((int)v.rule < 0 || (int)v.rule >= verify_nrules)
		v.rule = def.rule;
	v.lenience = v.lenience > 0.0 ? clamp(v.lenience, VERIFY_LENIENCE_MIN, 1.0) :
	    def.lenience;
	v.epsilon = v.epsilon > 0.0 ? v.epsilon : def.epsilon;
	v.delta = v.delta > 0.0 ? v.delta : def.delta;
	return v;
}

int
sim_open(struct sim *sim, const struct sim_params *par, struct source *src)
{
	memset(sim, 0, sizeof *sim);
	sim->par = *par;
	sim->par.gamma = (int)clamp(par->tree.n > 1 ? par->tree.depth : par->gamma,
	    SPEC_GAMMA_MIN, SPEC_GAMMA_MAX);
	sim->par.noise = clamp(par->noise, 0.0, SIM_NOISE_MAX);
	sim->par.verify = verify_in_range(&par->verify);
	if ((int)sim->par.schedule < 0 || sim->par.schedule >= SCHEDULE_NKINDS)
		sim->par.schedule = SCHEDULE_CONSTANT;
	sim->par.draft_p_min = par->draft_p_min > 0.0 ?
	    clamp(par->draft_p_min, SIM_P_MIN_MIN, 1.0) : SCHEDULE_P_MIN;
	sim->par.draft_confidence = par->draft_confidence > 0.0 ?
	    clamp(par->draft_confidence, SIM_P_MIN_MIN, 1.0) : SCHEDULE_CONFIDENCE_T;
	sim->gamma_next = sim->par.gamma;
	sim_set_costs(sim, par->target_ms, par->draft_ms);
	sim_set_verify_cost(sim, par->verify_cost);
	if (par->machine)
		(void)sim_set_machine(sim, par->roofline.batch, par->roofline.context);
	sim->src = *src;
	memset(src, 0, sizeof *src);
	sim->scratch = xreallocarray(NULL, sim->src.vocab, sizeof *sim->scratch);
	sim->ratio = ratio_tables_new();
	if (stats_init(&sim->stats, sim->src.vocab, sim->par.gamma) != 0)
		xalloc_fatal("out of memory");
	sim->stats.exchangeable = source_ids_exchangeable(&sim->src);
	if (sim->par.tree.dyn_k > 0)
		tree_compare_start(&sim->compare, sim->par.tree.n, sim->par.tree.depth);
	open_pair_output(sim);
	if (source_clone(&sim->src, &sim->ref) != 0) {
		sim_close(sim);
		return -1;
	}
	source_set_noise(&sim->src, sim->par.noise);
	source_set_noise(&sim->ref, sim->par.noise);
	seed_generators(sim);
	sim->segment = 1;
	return 0;
}

void
sim_close(struct sim *sim)
{
	int i;

	source_close(&sim->src);
	source_close(&sim->ref);
	stats_free(&sim->stats);
	ratio_tables_free(sim->ratio);
	sim->ratio = NULL;
	if (sim->pair != NULL)
		pair_output_free(sim->pair);
	free(sim->pair);
	sim->pair = NULL;
	free(sim->views);
	sim->views = NULL;
	for (i = 0; i < SIM_RING; i++)
		spec_tree_free(&sim->ring[i].tree);
	spec_scratch_free(&sim->tree_scratch);
	tree_compare_free(&sim->compare);
	free(sim->scratch);
	sim->scratch = NULL;
}

static void
draw_reference(struct sim *sim, int count)
{
	int ids[SPEC_GAMMA_MAX + 1];

	source_sample_targets(&sim->ref, &sim->ref_rng, ids, count);
	stats_add_ref_step(&sim->stats, ids, count);
}

/* The copy drafter's proposal of the step just run, or on 0. */
static void
note_copy(const struct sim *sim, struct sim_copy *c)
{
	const struct copy_draft *d = source_copy_last_draft(&sim->src);

	c->on = d != NULL;
	c->n = d != NULL ? d->n : 0;
	c->match_length = d != NULL ? d->match_length : 0;
	c->match_at = d != NULL ? d->match_at : -1;
}

/* Run one step into the ring's next slot without counting it. */
static struct sim_entry *
run_step(struct sim *sim)
{
	struct sim_entry *e = &sim->ring[sim->ring_next];
	struct verify_params v = sim->par.verify;
	enum schedule_kind kind = sim->par.schedule;

	sim->targets_number = 0;	/* the handles die as the source steps */

	v.draft_p_min = schedule_p_min(kind, sim->par.draft_p_min);
	v.draft_confidence = schedule_confidence(kind, sim->par.draft_confidence);
	v.score_all = sim->score_all;
	v.ratio = sim->ratio;
	if (sim_is_tree(sim))
		verify_tree_step(&v, sim_tree_shape(sim), &sim->src, &sim->rng, &e->step,
		    &sim->targets, &e->tree, &sim->tree_scratch);
	else {
		spec_tree_clear(&e->tree);
		verify_step(&v, &sim->src, &sim->rng, schedule_gamma(kind, sim->par.gamma,
		    sim->gamma_next), sim->scratch, &e->step, &sim->targets);
		if (source_pair_fixed_in_step(&sim->src))
			verify_confidence_expect(&v, &e->step, &sim->targets);
	}
	if (kind == SCHEDULE_HEURISTIC)
		sim->gamma_next = schedule_heuristic_next(e->step.gamma, e->step.accepted,
		    SPEC_GAMMA_MAX);
	verify_pit(&sim->par.verify, &e->step, &sim->targets, &sim->pit_rng, sim->ratio);
	note_copy(sim, &e->copy);
	e->number = sim->steps_total + 1;
	e->verify = sim->par.verify;
	sim->targets_number = e->number;
	return e;
}

/* A heterogeneous pair's two acceptances at the step's first tested
 * position (vocab_pair.h), beside the rule's own. */
static void
note_vocab(struct sim *sim, const struct sim_entry *e)
{
	struct vocab_pair v;

	if (sim->par.verify.draft_only == 0 || e->step.tested == 0 ||
	    !sim->targets.has_q[0])
		return;
	v = vocab_pair_accept(&e->verify, &sim->targets.p[0], &sim->targets.q[0]);
	stats_add_vocab(&sim->stats, v.naive, v.tli, e->step.beta[0]);
}

/* Count the step run_step left in the ring's next slot: the statistics, the
 * reference stream, the step number and the ring. */
static const struct sim_entry *
count_step(struct sim *sim)
{
	struct sim_entry *e = &sim->ring[sim->ring_next];

	stats_add_step(&sim->stats, &e->step, &sim->targets);
	stats_add_overlap(&sim->stats, &e->step, &sim->targets,
	    verify_has(e->verify.rule, VERIFY_F_OVERLAP));
	stats_add_tree(&sim->stats, &e->tree);
	if (e->tree.nrank > 0)
		tree_compare_add(&sim->compare, e->tree.rank_p, e->tree.overlap);
	if (e->copy.on)
		stats_add_copy(&sim->stats, e->step.gamma, e->step.accepted);
	note_vocab(sim, e);
	if (sim->pair != NULL) {
		int ids[SPEC_GAMMA_MAX + 1];

		pair_output_add_step(sim->pair, ids, spec_emitted_ids(&e->step, ids));
	}
	if (!sim->no_reference)
		draw_reference(sim, e->step.emitted);
	++sim->steps_total;
	sim->ring_next = (sim->ring_next + 1) % SIM_RING;
	if (sim->ring_len < SIM_RING)
		sim->ring_len++;
	return e;
}

const struct sim_entry *
sim_step(struct sim *sim)
{
	sim_release(sim);
	run_step(sim);
	return count_step(sim);
}

const struct sim_entry *
sim_step_held(struct sim *sim)
{
	const struct sim_entry *e;

	sim_release(sim);
	sim->score_all = 1;
	e = run_step(sim);
	sim->score_all = 0;
	sim->held = 1;
	return e;
}

const struct sim_entry *
sim_held(const struct sim *sim)
{
	return sim->held ? &sim->ring[sim->ring_next] : NULL;
}

void
sim_release(struct sim *sim)
{
	if (!sim->held)
		return;
	sim->held = 0;
	count_step(sim);
}

const struct sim_entry *
sim_recent(const struct sim *sim, size_t i)
{
	if (i >= sim->ring_len)
		return NULL;
	return &sim->ring[(sim->ring_next + SIM_RING - 1 - i) % SIM_RING];
}

void
sim_keep_views(struct sim *sim, int on)
{
	if (on && sim->views == NULL)
		sim->views = xcalloc(SIM_VIEWS, sizeof *sim->views);
	else if (!on) {
		free(sim->views);
		sim->views = NULL;
	}
}

void
sim_keep_newest(struct sim *sim)
{
	const struct sim_entry *e = sim->held ? sim_held(sim) : sim_recent(sim, 0);
	struct stepview *v;

	if (sim->views == NULL || e == NULL || sim->targets_number != e->number)
		return;
	v = &sim->views[e->number % SIM_VIEWS];
	if (v->number != e->number)
		stepview_capture(v, &e->step, &sim->targets, &e->verify, e->number);
}

const struct stepview *
sim_view(const struct sim *sim, size_t i)
{
	return sim_entry_view(sim, sim_recent(sim, i));
}

const struct stepview *
sim_entry_view(const struct sim *sim, const struct sim_entry *e)
{
	const struct stepview *v;

	if (e == NULL || sim->views == NULL)
		return NULL;
	v = &sim->views[e->number % SIM_VIEWS];
	return v->number == e->number ? v : NULL;
}

void
sim_set_gamma(struct sim *sim, int gamma)
{
	sim_release(sim);
	gamma = (int)clamp(gamma, SPEC_GAMMA_MIN, SPEC_GAMMA_MAX);
	if (gamma == sim->par.gamma)
		return;
	sim->par.gamma = gamma;
	if (sim->par.machine)
		(void)sim_set_machine(sim, sim->par.roofline.batch, sim->par.roofline.context);
	new_segment(sim);
}

void
sim_set_noise(struct sim *sim, double noise)
{
	sim_release(sim);
	noise = clamp(noise, 0.0, SIM_NOISE_MAX);
	if (noise == sim->par.noise || !source_has_noise(&sim->src))
		return;
	sim_keep_newest(sim);
	sim->targets_number = 0;
	sim->par.noise = noise;
	source_set_noise(&sim->src, noise);
	source_set_noise(&sim->ref, noise);
	new_segment(sim);
}

int
sim_set_dynamic(struct sim *sim, int k, int steps, int n, char *err, size_t errlen)
{
	struct tree_shape next;
	char text[64];

	if (sim->par.tree.dyn_k == 0) {
		snprintf(err, errlen, "the tree is a fixed shape, not dynamic:K,STEPS,N");
		return -1;
	}
	snprintf(text, sizeof text, "dynamic:%d,%d,%d", k, steps, n);
	if (tree_shape_parse(text, &next, err, errlen) != 0)
		return -1;
	sim_release(sim);
	if (k == sim->par.tree.dyn_k && steps == sim->par.tree.depth && n == sim->par.tree.n)
		return 0;
	sim->par.tree = next;
	sim->par.gamma = (int)clamp(steps, SPEC_GAMMA_MIN, SPEC_GAMMA_MAX);
	tree_compare_start(&sim->compare, n, steps);
	new_segment(sim);
	return 0;
}

void
sim_set_temperature(struct sim *sim, int draft, double t)
{
	double tp, tq;

	if (!source_temperatures(&sim->src, &tp, &tq))
		return;
	t = clamp(t, SIM_TEMPERATURE_MIN, SIM_TEMPERATURE_MAX);
	if (t == (draft ? tq : tp))
		return;
	sim_keep_newest(sim);
	sim->targets_number = 0;
	*(draft ? &tq : &tp) = t;
	new_segment(sim);	/* first: the counts let go of the old floors */
	source_set_temperatures(&sim->src, tp, tq);
	source_set_temperatures(&sim->ref, tp, tq);
}

void
sim_set_verifier(struct sim *sim, enum verify_rule rule)
{
	sim_release(sim);
	if ((int)rule < 0 || (int)rule >= verify_nrules || rule == sim->par.verify.rule)
		return;
	sim->par.verify.rule = rule;
	new_segment(sim);
}

void
sim_set_lenience(struct sim *sim, double lenience)
{
	sim_release(sim);
	lenience = clamp(lenience, VERIFY_LENIENCE_MIN, 1.0);
	if (lenience == sim->par.verify.lenience)
		return;
	sim->par.verify.lenience = lenience;
	if (verify_uses_param(sim->par.verify.rule, offsetof(struct verify_params,
	    lenience)))
		new_segment(sim);
}

void
sim_set_schedule(struct sim *sim, enum schedule_kind kind)
{
	sim_release(sim);
	if ((int)kind < 0 || kind >= SCHEDULE_NKINDS || kind == sim->par.schedule)
		return;
	sim->par.schedule = kind;
	new_segment(sim);
}

double
sim_threshold(const struct sim *sim)
{
	return sim->par.schedule == SCHEDULE_CONFIDENCE ? sim->par.draft_confidence :
	    sim->par.draft_p_min;
}

void
sim_set_threshold(struct sim *sim, double x)
{
	double *at = sim->par.schedule == SCHEDULE_CONFIDENCE ? &sim->par.draft_confidence :
	    &sim->par.draft_p_min;

	x = clamp(x, SIM_P_MIN_MIN, 1.0);
	if (x == *at)
		return;
	*at = x;
	if (sim->par.schedule == SCHEDULE_THRESHOLD || sim->par.schedule == SCHEDULE_CONFIDENCE)
		new_segment(sim);
}

void
sim_set_costs(struct sim *sim, double target_ms, double draft_ms)
{
	sim->par.target_ms = clamp(target_ms, SIM_TARGET_MS_MIN, SIM_MS_MAX);
	sim->par.draft_ms = clamp(draft_ms, 0.0, SIM_MS_MAX);
}

void
sim_set_verify_cost(struct sim *sim, double k)
{
	sim->par.verify_cost = clamp(k, 0.0, SIM_VERIFY_COST_MAX);
}

int
sim_set_machine(struct sim *sim, double batch, double context)
{
	struct roofline_setup s = sim->par.roofline;
	double tm, dm, k;

	if (!sim->par.machine)
		return -1;
	s.batch = batch;
	s.context = context;
	if (sim_machine_costs(&s, sim->par.gamma, &tm, &dm, &k) != 0)
		return -1;
	sim->par.roofline = s;
	sim_set_costs(sim, tm, dm);
	sim_set_verify_cost(sim, k);
	return 0;
}

void
sim_set_reference(struct sim *sim, int on)
{
	sim->no_reference = !on;
}

void
sim_reset(struct sim *sim)
{
	sim_release(sim);
	new_segment(sim);
}

void
sim_reseed(struct sim *sim, uint64_t seed)
{
	sim_release(sim);
	sim->par.seed = seed;
	seed_generators(sim);
	new_segment(sim);
}

void
sim_optimum(const struct sim *sim, struct theory_optimum *out)
{
	double tok[SPEC_GAMMA_MAX + 1];

	stats_tok_at(&sim->stats, tok);
	theory_optimum_of(tok, sim->par.draft_ms / sim->par.target_ms,
	    sim->par.verify_cost, SPEC_GAMMA_MAX, out);
}

/* A tree run's figures; its cost model: the draft runs once per depth (the
 * siblings of a depth in one batch), the target's verification costs k per
 * node: a step costs 1 + depth c + nodes k target forwards. */
static void
tree_figures(const struct sim *sim, struct sim_figures *fig, double c, double k)
{
	const struct stats *st = &sim->stats;
	const struct tree_shape *shape = sim_tree_shape(sim);

	fig->tree_nodes = fig->tree_depth = fig->tree_closed = fig->draft_passes = 0;
	fig->nodes_per_step = fig->tree_step_cost = 0.0;
	if (!sim_is_tree(sim))
		return;
	fig->tree_nodes = tree_shape_nodes(shape);
	fig->tree_depth = shape->depth;
	fig->draft_passes = drafter_passes((enum drafter_kind)shape->drafter, shape->depth);
	fig->nodes_per_step = fig->gamma_mean;
	fig->tree_step_cost = 1.0 + fig->draft_passes * c + fig->nodes_per_step * k;
	fig->tree_closed = st->steps > 0 && st->closed_steps == st->steps;
	fig->closed_form = fig->tree_closed ? fig->closed_form_per_step : fig->tok_per_step;
	fig->spec_rate = fig->tok_per_step * 1000.0 / (sim->par.target_ms *
	    (1.0 + fig->nodes_per_step * k) + fig->draft_passes * sim->par.draft_ms);
	fig->speedup = fig->closed_form / fig->tree_step_cost;
	fig->speedup_measured = fig->tok_per_step / fig->tree_step_cost;
}

void
sim_figures_vocab(const struct sim *sim, struct sim_figures *fig)
{
	const struct stats *st = &sim->stats;

	fig->tv = stats_tv(st);
	fig->tv_null = stats_tv_null(st);
	fig->tv_noise = fig->tv_null.mean;
	fig->draw_share = stats_draw_share(st);
	fig->chi2 = stats_chi2(st);
	fig->lossless = lossless_test(&st->lossless);
	if (!st->exchangeable && !verify_has(sim->par.verify.rule, VERIFY_F_POINT_TARGET)) {
		size_t tested;
		double id_p = stats_id_p(st, &tested);

		lossless_combine(&fig->lossless, id_p, tested);
	}
}

void
sim_figures(const struct sim *sim, struct sim_figures *fig)
{
	sim_figures_light(sim, fig);
	sim_figures_vocab(sim, fig);
}

void
sim_figures_light(const struct sim *sim, struct sim_figures *fig)
{
	const struct stats *st = &sim->stats;
	double gamma = stats_gamma_mean(st);
	double c = sim->par.draft_ms / sim->par.target_ms, k = sim->par.verify_cost;

	fig->alpha_hat = stats_alpha_hat(st);
	fig->alpha_overlap = stats_alpha_overlap(st);
	fig->alpha_overlap_tested = stats_alpha_overlap_tested(st);
	fig->overlap = stats_overlap(st);
	fig->overlap_tested = stats_overlap_tested(st);
	fig->alpha_stderr = stats_alpha_stderr(st);
	fig->tok_per_step = stats_tok_per_step(st);
	fig->draft_acceptance_rate = stats_draft_acceptance_rate(st);
	fig->vllm_acceptance_length = stats_vllm_acceptance_length(st);
	fig->closed_form = stats_closed_form(st);
	fig->closed_form_per_step = stats_closed_form_per_step(st);
	fig->closed_form_per_step_stderr = stats_closed_form_per_step_stderr(st);
	fig->vocab_pair = sim->par.verify.draft_only > 0;
	fig->alpha_naive = stats_vocab_naive(st);
	fig->alpha_tli = stats_vocab_tli(st);
	fig->alpha_first = stats_accept_rate_at(st, 0);
	fig->alpha_first_stderr = stats_vocab_stderr(st);
	if (sim->pair != NULL)
		fig->pair = pair_output_result(sim->pair);
	else
		memset(&fig->pair, 0, sizeof fig->pair);
	fig->cost_ratio = c;
	fig->target_rate = theory_target_rate(sim->par.target_ms);
	fig->spec_rate = theory_spec_rate_verify(fig->tok_per_step, gamma,
	    sim->par.target_ms, sim->par.draft_ms, k);
	fig->gamma_mean = gamma;
	fig->speedup = fig->closed_form / theory_step_cost(gamma, c, k);
	fig->speedup_measured = fig->tok_per_step / theory_step_cost(gamma, c, k);
	sim_optimum(sim, &fig->optimum);
	fig->verify_cost = k;
	tree_figures(sim, fig, c, k);
	sim_machine_figures(sim, fig->alpha_hat, st->steps > 0, &fig->roofline);
}

int
sim_gamma_cap(const struct sim *sim)
{
	return sim->par.schedule == SCHEDULE_HEURISTIC ? SPEC_GAMMA_MAX : sim->par.gamma;
}

int
sim_is_tree(const struct sim *sim)
{
	return verify_has(sim->par.verify.rule, VERIFY_F_TREE);
}

const struct tree_shape *
sim_tree_shape(const struct sim *sim)
{
	static _Thread_local struct tree_shape chain;

	if (sim->par.tree.n > 1)
		return &sim->par.tree;
	tree_shape_chain(sim->par.gamma, &chain);
	return &chain;
}

const char *
sim_beta_label(const struct sim *sim)
{
	if (sim_is_tree(sim) && !source_pair_fixed_in_step(&sim->src))
		return "overlap";
	return verify_beta_label(sim->par.verify.rule);
}
