/* spec.c: draft, verify, and finish with a residual or bonus token. */
#include "config.h"

#include "dist/pdist.h"
#include "dist/ratio_tables.h"
#include "util/rng.h"
#include "source/source.h"
#include "verify/spec.h"

/* spec_add_token, inline in the chain's step (a few tokens a step). */
static inline void
add_token(struct spec_step *out, size_t id, const struct spec_position *at, double u,
    enum spec_outcome outcome)
{
	struct spec_token *t = &out->tok[out->ntok++];

	t->id = (int)id;
	t->p = pdist_prob(&at->p, id);
	t->q = pdist_prob(&at->q, id);
	t->u = u;
	t->pit = 0.0;
	t->cdf = -1.0;
	t->outcome = outcome;
}

void
spec_add_token(struct spec_step *out, size_t id, const struct spec_position *at,
    double u, enum spec_outcome outcome)
{
	add_token(out, id, at, u, outcome);
}

/* The standard rule's hooks. */
static size_t
std_draft(const void *ctx, const struct pdist *q, struct rng *rng)
{
	(void)ctx;
	return pdist_sample(q, rng);
}

static int
std_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)ctx;
	*u = rng_uniform(rng);
	*chosen = -1;
	return *u * pdist_prob(&at->q, x) < pdist_prob(&at->p, x);
}

static size_t
std_replace(const void *ctx, const struct spec_position *at, long chosen, struct rng *rng,
    double *scratch, double *mass)
{
	(void)ctx;
	(void)chosen;
	return pdist_sample_residual(&at->p, &at->q, 1.0, rng, scratch, mass);
}

static size_t
std_bonus(const void *ctx, const struct pdist *p, struct rng *rng)
{
	(void)ctx;
	return pdist_sample(p, rng);
}

static double
std_beta(const void *ctx, const struct spec_position *at)
{
	(void)ctx;
	return pdist_overlap(&at->p, &at->q);
}

static const struct spec_rule standard = {
	NULL, std_draft, std_test, std_replace, std_bonus, std_beta, 0.0, 0.0, 0, NULL,
};

/* rule with its NULL hooks filled from the standard rule. */
static struct spec_rule
complete_rule(const struct spec_rule *rule)
{
	struct spec_rule r = rule != NULL ? *rule : standard;

	r.draft = r.draft != NULL ? r.draft : std_draft;
	r.test = r.test != NULL ? r.test : std_test;
	r.replace = r.replace != NULL ? r.replace : std_replace;
	r.bonus = r.bonus != NULL ? r.bonus : std_bonus;
	r.beta = r.beta != NULL ? r.beta : std_beta;
	return r;
}

/* Whether drafting stops at a position with draft q under p_min (spec_rule);
 * *top gets max q there when p_min > 0, else 0. */
static int
draft_stops(const struct pdist *q, double p_min, double *top)
{
	struct pdist_iter it;

	*top = 0.0;
	if (!(p_min > 0.0))
		return 0;
	pdist_iter_start(&it, q);
	while (pdist_iter_next(&it))
		*top = it.prob > *top ? it.prob : *top;
	return *top < p_min;
}

int
spec_draft_chain(struct source *src, struct rng *rng, const struct spec_rule *rule,
    int gamma, struct spec_position *at, struct spec_step *out)
{
	const struct spec_rule *r = rule != NULL ? rule : &standard;
	size_t (*draft)(const void *, const struct pdist *, struct rng *) =
	    r->draft != NULL ? r->draft : std_draft;	/* no copy of the rule */
	int k;

	out->q_top[0] = 0.0;
	at[0].node = SOURCE_ROOT;
	source_set_draft_len(src, gamma);
	for (k = 0; k < gamma; k++) {
		if (!source_drafts(src, at[k].node))
			break;
		source_dists(src, at[k].node, NULL, &at[k].q);
		if (draft_stops(&at[k].q, r->p_min, &out->q_top[k]))
			break;
		out->drafted[k] = (int)draft(r->ctx, &at[k].q, rng);
		at[k + 1].node = source_child(src, at[k].node, out->drafted[k]);
		if (pdist_prob(&at[k].q, (size_t)out->drafted[k]) < r->confidence)
			return k + 1;
	}
	return k;
}

/* The acceptance expectation at position k, reusing position k-1's when the pair
 * is the same. */
static inline double
position_beta(const struct spec_rule *rule, const struct spec_position *at, int k,
    double prev)
{
	const struct spec_position *a = &at[k], *b = &at[k - (k > 0)];

	if (k > 0 && pdist_same(&a->p, &b->p) && pdist_same(&a->q, &b->q))
		return prev;
	return rule->beta(rule->ctx, a);
}

/* The residual mass sum max(0, p - q) at a tested position: 1 - beta when the
 * rule's beta is the overlap (the standard rule's), else one pass more. */
static double
spec_residual_mass(const struct spec_rule *rule, const struct spec_position *at,
    double beta)
{
	if (rule->beta == std_beta)
		return beta < 1.0 ? 1.0 - beta : 0.0;
	return pdist_residual_mass(&at->p, &at->q, 1.0);
}

static void
finish_bonus(struct source *src, struct rng *rng, const struct spec_rule *rule,
    struct spec_position *at, struct spec_step *out, struct spec_targets *targets)
{
	int gamma = out->gamma;

	source_dists(src, at[gamma].node, &at[gamma].p, &at[gamma].q);
	targets->p[gamma] = at[gamma].p;
	targets->q[gamma] = at[gamma].q;
	targets->has_q[gamma] = 1;
	if (gamma == 0)
		out->beta[0] = rule->beta(rule->ctx, &at[0]);
	add_token(out, rule->bonus(rule->ctx, &at[gamma].p, rng), &at[gamma], 0.0,
	    SPEC_BONUS);
}

/* Whether the rule's test, replacement and beta are the standard rule's: a
 * tested position's beta whose pair may share a pass with its token's ratio
 * CDF (pdist_fuses_ratio) is then taken after the step (set_betas); the
 * others, and a pair the same as the last one's, at once (a small pair's
 * beta costs less than looking for the pass to share). */
static int
betas_after(const struct spec_rule *rule)
{
	return rule->beta == std_beta && rule->test == std_test &&
	    rule->replace == std_replace;
}

/* Whether position k's beta waits for the end of the step. */
static int
beta_waits(const struct spec_rule *rule, const struct spec_position *at)
{
	return pdist_fuses_ratio(&at->p, &at->q) && betas_after(rule);
}

/* The token emitted at position k (the k-th that is not a rejected draft). */
static struct spec_token *
emitted_at(struct spec_step *out, int k)
{
	int i;

	for (i = 0; i < out->ntok; i++)
		if (out->tok[i].outcome != SPEC_REJECTED && k-- == 0)
			return &out->tok[i];
	return NULL;
}

/* Whether tested position k's overlap and the ratio CDF of the token it emits
 * are taken in one pass (pdist_overlap_ratio_cdf): a new dense pair (k - 1's
 * differs) that the ratio tables will not serve and that the losslessness
 * test's run of positions sharing a pair has alone (verify_pit: k + 1 is not
 * emitted or differs), so the pass is the run's only one. n: the tokens
 * emitted. */
static int
fuses_beta(const struct spec_rule *rule, const struct spec_position *at, int k, int n)
{
	const struct spec_position *b = &at[k - (k > 0)], *c = &at[k + 1];

	if (k > 0 && pdist_same(&at[k].p, &b->p) && pdist_same(&at[k].q, &b->q))
		return 0;	/* position_beta reuses k - 1's */
	if (k + 1 < n && pdist_same(&at[k].p, &c->p) && pdist_same(&at[k].q, &c->q))
		return 0;	/* one pass serves the run's tokens anyway */
	return pdist_fuses_ratio(&at[k].p, &at[k].q) &&
	    !ratio_tables_would_serve(rule->ratio, &at[k].p, &at[k].q);
}

/* The beta and residual mass of each tested position (betas_after), in order:
 * no random number is drawn for them, so the step is the same. */
static void
set_betas(const struct spec_rule *rule, const struct spec_position *at,
    struct spec_step *out)
{
	int k, n = out->ntok - (out->accepted < out->tested);	/* less a rejected draft */
	double beta = 0.0;

	for (k = 0; k < out->tested; k++) {
		struct spec_token *t;

		if (!pdist_fuses_ratio(&at[k].p, &at[k].q)) {	/* taken at the test */
			beta = out->beta[k];
			continue;
		}
		t = emitted_at(out, k);
		if (fuses_beta(rule, at, k, n))
			beta = pdist_overlap_ratio_cdf(&at[k].p, &at[k].q, (size_t)t->id,
			    &t->cdf);
		else
			beta = position_beta(rule, at, k, beta);
		out->beta[k] = beta;
		out->resid[k] = spec_residual_mass(rule, &at[k], beta);
	}
}

/* Test the draft at position k; 1 when it is kept. *waits is set when its
 * beta waits for the end of the step. */
static int
test_position(struct source *src, struct rng *rng, const struct spec_rule *rule,
    struct spec_position *at, int k, double *beta, double *scratch, struct spec_step *out,
    struct spec_targets *targets, int *waits)
{
	size_t x = (size_t)out->drafted[k];
	long chosen;
	double u;
	int keep;

	source_dists(src, at[k].node, &at[k].p, NULL);
	keep = rule->test(rule->ctx, &at[k], x, rng, &u, &chosen);
	if (beta_waits(rule, &at[k])) {
		*waits = 1;
	} else {
		*beta = position_beta(rule, at, k, *beta);
		out->beta[k] = *beta;
		out->resid[k] = spec_residual_mass(rule, &at[k], *beta);
	}
	out->tested++;
	targets->p[k] = at[k].p;	/* its q: spec_step_rule's, before the tests */
	if (keep) {
		out->accepted++;
		add_token(out, x, &at[k], u, SPEC_ACCEPTED);
		return 1;
	}
	add_token(out, x, &at[k], u, SPEC_REJECTED);
	add_token(out, rule->replace(rule->ctx, &at[k], chosen, rng, scratch,
	    &out->residual_mass), &at[k], 0.0, SPEC_RESIDUAL);
	return 0;
}

void
spec_step_rule(struct source *src, struct rng *rng, int gamma, double *scratch,
    const struct spec_rule *rule_in, struct spec_step *out, struct spec_targets *targets)
{
	struct spec_rule rule = complete_rule(rule_in);
	struct spec_position at[SPEC_GAMMA_MAX + 1];
	int emitted[SPEC_GAMMA_MAX + 1];
	double beta = 0.0;
	int k, waits = 0;

	out->ntok = out->accepted = out->tested = out->nodes = 0;
	out->expect_tok = out->ot_ceiling = 0.0;
	out->residual_mass = 0.0;
	source_begin(src, rng, 1);
	gamma = out->gamma = spec_draft_chain(src, rng, &rule, gamma, at, out);
	for (k = 0; k < gamma; k++) {	/* every draft's q, tested or not (the panes) */
		targets->q[k] = at[k].q;
		targets->has_q[k] = 1;
	}
	for (k = 0; k < gamma; k++)
		if (!test_position(src, rng, &rule, at, k, &beta, scratch, out, targets,
		    &waits))
			break;
	targets->nscored = out->tested;
	for (k = out->tested; rule.score_all && k < gamma; k++) {
		source_dists(src, at[k].node, &at[k].p, NULL);
		targets->p[k] = at[k].p;
		targets->nscored = k + 1;
	}
	if (out->accepted == gamma)
		finish_bonus(src, rng, &rule, at, out, targets);
	if (waits)
		set_betas(&rule, at, out);
	out->emitted = spec_emitted_ids(out, emitted);
	source_commit(src, emitted, out->emitted);
}

void
spec_step(struct source *src, struct rng *rng, int gamma, double *scratch,
    struct spec_step *out, struct spec_targets *targets)
{
	spec_step_rule(src, rng, gamma, scratch, NULL, out, targets);
}

int
spec_emitted_ids(const struct spec_step *step, int *ids)
{
	int i, n = 0;

	for (i = 0; i < step->ntok; i++)
		if (step->tok[i].outcome != SPEC_REJECTED)
			ids[n++] = step->tok[i].id;
	return n;
}

double
spec_residual_prob(const struct spec_step *step, int i)
{
	const struct spec_token *t = &step->tok[i];

	if (i < 0 || i >= step->ntok || t->outcome != SPEC_RESIDUAL)
		return 0.0;
	if (step->residual_mass <= 0.0)
		return t->p;
	return t->p > t->q ? (t->p - t->q) / step->residual_mass : 0.0;
}

const char *
spec_outcome_name(enum spec_outcome outcome)
{
	switch (outcome) {
	case SPEC_ACCEPTED:
		return "accepted";
	case SPEC_REJECTED:
		return "rejected";
	case SPEC_RESIDUAL:
		return "residual";
	case SPEC_BONUS:
		return "bonus";
	}
	return "?";
}
