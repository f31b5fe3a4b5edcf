/* verify_block.c: block verification (Sun et al. 2024, arXiv 2403.10444,
 * Algorithm 2). With P the target and Q the draft at each position and drafts
 * x_1..x_g: p_0 = 1, p_i = min(1, p_{i-1} P(x_i) / Q(x_i)); for i < g,
 * Z_i = sum_y max(p_i P(y) - Q(y), 0) over the next position's pair and
 * h_i = Z_i / (Z_i + 1 - p_i); h_g = p_g; h_0 = 1. With independent uniforms
 * eta_i, tau is the largest i with eta_i <= h_i: the first tau drafts are kept,
 * then a bonus from P at position g + 1 when tau = g, else one token from
 * norm(max(p_tau P - Q, 0)) at position tau + 1. */
#include "config.h"

#include <math.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "source/source.h"
#include "verify/spec.h"
#include "verify/verify.h"

double
verify_block_h(double p_i, double z_i)
{
	double den = z_i + 1.0 - p_i;

	return den > 0.0 ? fmin(1.0, z_i / den) : 1.0;
}

/* Draft up to gamma tokens (stopping where stop's schedule says), then fetch
 * every position's pair, the bonus one too; returns how many were drafted. */
static int
fetch_block(struct source *src, struct rng *rng, int gamma,
    const struct verify_params *stop, struct spec_position *at, struct spec_step *out,
    struct spec_targets *targets)
{
	struct spec_rule rule = { .p_min = stop->draft_p_min,
	    .confidence = stop->draft_confidence };
	int k;

	gamma = spec_draft_chain(src, rng, &rule, gamma, at, out);
	for (k = 0; k <= gamma; k++) {
		source_dists(src, at[k].node, &at[k].p, &at[k].q);
		targets->p[k] = at[k].p;
		targets->q[k] = at[k].q;
		targets->has_q[k] = 1;
	}
	targets->nscored = gamma;
	return gamma;
}

/* tau, and the running accept probabilities p_0..p_gamma into run. */
static int
choose_tau(struct rng *rng, int gamma, const struct spec_position *at,
    const int *drafted, double *run)
{
	int i, tau = 0;

	run[0] = 1.0;
	for (i = 1; i <= gamma; i++) {
		const struct spec_position *a = &at[i - 1];
		size_t x = (size_t)drafted[i - 1];
		double qx = pdist_prob(&a->q, x), px = pdist_prob(&a->p, x);
		double h, eta = rng_uniform(rng);

		run[i] = qx > 0.0 ? fmin(1.0, run[i - 1] * px / qx) : 0.0;
		if (i < gamma)
			h = verify_block_h(run[i], pdist_residual_mass(&at[i].p, &at[i].q,
			    run[i]));
		else
			h = run[i];
		if (eta <= h)
			tau = i;
	}
	return tau;
}

void
verify_block_step(struct source *src, struct rng *rng, int gamma,
    const struct verify_params *stop, double *scratch, struct spec_step *out, struct spec_targets *targets)
{
	struct spec_position at[SPEC_GAMMA_MAX + 1];
	double run[SPEC_GAMMA_MAX + 1];
	int emitted[SPEC_GAMMA_MAX + 1];
	int k, tau;

	out->ntok = out->accepted = out->nodes = 0;
	out->expect_tok = out->ot_ceiling = 0.0;
	out->residual_mass = 0.0;
	source_begin(src, rng, 1);
	gamma = out->gamma = fetch_block(src, rng, gamma, stop, at, out, targets);
	tau = choose_tau(rng, gamma, at, out->drafted, run);
	out->tested = tau < gamma ? tau + 1 : gamma;
	for (k = 0; k < out->tested; k++) {
		out->beta[k] = pdist_overlap(&at[k].p, &at[k].q);
		out->resid[k] = out->beta[k] < 1.0 ? 1.0 - out->beta[k] : 0.0;
	}
	if (gamma == 0)
		out->beta[0] = pdist_overlap(&at[0].p, &at[0].q);
	for (k = 0; k < tau; k++)
		spec_add_token(out, (size_t)out->drafted[k], &at[k], 0.0, SPEC_ACCEPTED);
	out->accepted = tau;
	if (tau < gamma) {
		spec_add_token(out, (size_t)out->drafted[tau], &at[tau], 0.0,
		    SPEC_REJECTED);
		spec_add_token(out, pdist_sample_residual(&at[tau].p, &at[tau].q, run[tau],
		    rng, scratch, &out->residual_mass), &at[tau], 0.0, SPEC_RESIDUAL);
	} else {
		spec_add_token(out, pdist_sample(&at[gamma].p, rng), &at[gamma], 0.0,
		    SPEC_BONUS);
	}
	out->emitted = spec_emitted_ids(out, emitted);
	source_commit(src, emitted, out->emitted);
}
