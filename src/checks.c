/* checks.c: each check compares one measured figure with its bound. */
#include "config.h"

#include <math.h>
#include <inttypes.h>
#include <stdio.h>

#include "checks.h"
#include "sim.h"

#define ALPHA_LOW 0.4
#define ALPHA_HIGH 0.9
#define TOK_PER_STEP_BOUND 1.5
#define CLOSED_FORM_REL_ERR 0.15
#define ALPHA_SIGMAS 4.0
#define CHI2_P_BOUND 0.001

static void
set(struct check *c, const char *name, int pass)
{
	c->name = name;
	c->pass = pass;
	c->skip = 0;
}

/* Mark c skipped: it does not apply, for the reason given. */
static void
skip(struct check *c, const char *why)
{
	c->pass = 1;
	c->skip = 1;
	snprintf(c->detail, sizeof c->detail, "%s", why);
}

/* The per-position losslessness test (lossless.h): the PIT values uniform. */
static void
check_lossless(struct check *c, const struct sim_figures *f)
{
	const struct lossless_result *r = &f->lossless;

	set(c, "lossless_per_position", r->p_value >= CHECKS_LOSSLESS_P);
	if (!r->testable) {
		skip(c, "fewer than 100 tokens: nothing to test yet");
		return;
	}
	snprintf(c->detail, sizeof c->detail,
	    "p = %.3g over %" PRIu64 " PIT values, bound >= %.3f", r->p_value, r->n,
	    CHECKS_LOSSLESS_P);
}

/* Rules with no closed form for the per-position acceptance (block, typical):
 * the checks built on one do not apply. */
static void
skip_measured_only(const struct sim *sim, struct check *out)
{
	const struct verify_info *v = &verify_rules[sim->par.verify.rule];

	if (v->closed_form)
		return;
	skip(&out[3], "the rule has no closed form for tokens per step (measured only)");
	skip(&out[5], "the rule has no closed form for its acceptance (measured only)");
}

static void
check_alpha_overlap(struct check *c, const struct sim_figures *f)
{
	double diff = fabs(f->alpha_hat - f->alpha_overlap_tested);
	double bound = ALPHA_SIGMAS * f->alpha_stderr + 1e-9;

	set(c, "alpha_matches_overlap", diff <= bound);
	snprintf(c->detail, sizeof c->detail,
	    "alpha-hat %.4f, overlap at tested positions %.4f, |diff| %.4f, bound <= %.4f (4 SE)",
	    f->alpha_hat, f->alpha_overlap_tested, diff, bound);
}

int
checks_tv_passes(const struct sim_figures *f)
{
	return f->tv < CHECKS_TV_BOUND;
}

int
checks_run(const struct sim *sim, const struct sim_figures *f,
    struct check out[CHECKS_COUNT])
{
	double rel = fabs(f->tok_per_step - f->closed_form) / f->closed_form;
	int i, failed = 0, max = sim->stats.max_tok_per_step;

	set(&out[0], "tv_distance_small", checks_tv_passes(f));
	snprintf(out[0].detail, sizeof out[0].detail, "TV = %.4f, bound < %.2f", f->tv, CHECKS_TV_BOUND);
	set(&out[1], "alpha_estimate_reasonable",
	    f->alpha_hat >= ALPHA_LOW && f->alpha_hat <= ALPHA_HIGH);
	snprintf(out[1].detail, sizeof out[1].detail, "alpha = %.4f, bound [%.1f, %.1f]",
	    f->alpha_hat, ALPHA_LOW, ALPHA_HIGH);
	set(&out[2], "tok_per_step_above_one", f->tok_per_step > TOK_PER_STEP_BOUND);
	snprintf(out[2].detail, sizeof out[2].detail, "tok/step = %.4f, bound > %.1f",
	    f->tok_per_step, TOK_PER_STEP_BOUND);
	set(&out[3], "closed_form_matches_empirical", rel < CLOSED_FORM_REL_ERR);
	snprintf(out[3].detail, sizeof out[3].detail,
	    "empirical %.4f, closed form %.4f, error %.1f%%, bound < 15%%",
	    f->tok_per_step, f->closed_form, 100.0 * rel);
	set(&out[4], "spec_never_exceeds_max_tokens", max <= sim_gamma_cap(sim) + 1);
	snprintf(out[4].detail, sizeof out[4].detail, "max tokens/step = %d, bound <= %d", max,
	    sim_gamma_cap(sim) + 1);
	check_alpha_overlap(&out[5], f);
	set(&out[6], "output_matches_target", f->chi2.p_value > CHI2_P_BOUND);
	if (f->chi2.impossible > 0)
		snprintf(out[6].detail, sizeof out[6].detail,
		    "%" PRIu64 " tokens the target gives probability 0, p = 0, bound > %.3f",
		    f->chi2.impossible, CHI2_P_BOUND);
	else
		snprintf(out[6].detail, sizeof out[6].detail,
		    "chi2 = %.2f on %d df, p = %.4f, bound > %.3f%s", f->chi2.statistic,
		    f->chi2.df, f->chi2.p_value, CHI2_P_BOUND,
		    f->chi2.df == 0 ? " (nothing to test yet)" : "");
	check_lossless(&out[7], f);
	skip_measured_only(sim, out);
	for (i = 0; i < CHECKS_COUNT; i++)
		failed += !out[i].pass;
	return failed;
}
