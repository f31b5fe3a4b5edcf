/* spec.c: draft, verify, and finish with a residual or bonus token. */
#include "config.h"

#include "pdist.h"
#include "rng.h"
#include "source.h"
#include "spec.h"

/* The target and the draft at one position. */
struct position {
	struct pdist p;
	struct pdist q;
};

/* Record token id with its probabilities px under p and qx under q. */
static void
add_token(struct spec_step *out, int id, double px, double qx, double u,
    enum spec_outcome outcome)
{
	struct spec_token *t = &out->tok[out->ntok++];

	t->id = id;
	t->p = px;
	t->q = qx;
	t->u = u;
	t->outcome = outcome;
}

/* The same, looking px and qx up at position at. */
static void
add_token_at(struct spec_step *out, size_t id, const struct position *at,
    enum spec_outcome outcome)
{
	add_token(out, (int)id, pdist_prob(&at->p, id), pdist_prob(&at->q, id), 0.0,
	    outcome);
}

/* Draft all gamma tokens first, each position conditioned on the drafts before it.
 * Only q is fetched here: the target at a position is asked for when the position
 * is tested, so the drafts after a rejection cost no p. */
static void
draft_tokens(struct source *src, struct rng *rng, int gamma, struct position *at,
    struct spec_step *out)
{
	int k;

	for (k = 0; k < gamma; k++) {
		source_dists(src, out->drafted, k, NULL, &at[k].q);
		out->drafted[k] = (int)pdist_sample(&at[k].q, rng);
	}
}

/* The overlap at position k, reusing position k-1's when the pair is the same. */
static double
position_overlap(const struct position *at, int k, double prev)
{
	const struct position *a = &at[k], *b = &at[k - (k > 0)];

	if (k > 0 && pdist_same(&a->p, &b->p) && pdist_same(&a->q, &b->q))
		return prev;
	return pdist_overlap(&a->p, &a->q);
}

static void
finish_rejected(struct rng *rng, const struct position *at, double *scratch,
    struct spec_step *out)
{
	size_t id = pdist_sample_residual(&at->p, &at->q, 1.0, rng, scratch,
	    &out->residual_mass);

	add_token_at(out, id, at, SPEC_RESIDUAL);
}

static void
finish_bonus(struct source *src, struct rng *rng, struct position *at,
    struct spec_step *out, struct spec_targets *targets)
{
	int gamma = out->gamma;

	source_dists(src, out->drafted, gamma, &at[gamma].p, &at[gamma].q);
	targets->p[gamma] = at[gamma].p;
	add_token_at(out, pdist_sample(&at[gamma].p, rng), &at[gamma], SPEC_BONUS);
}

void
spec_step(struct source *src, struct rng *rng, int gamma, double *scratch,
    struct spec_step *out, struct spec_targets *targets)
{
	struct position at[SPEC_GAMMA_MAX + 1];
	int emitted[SPEC_GAMMA_MAX + 1];
	double beta = 0.0;
	int k;

	out->gamma = gamma;
	out->ntok = out->accepted = out->tested = 0;
	out->residual_mass = 0.0;
	source_begin(src, rng, 1);
	draft_tokens(src, rng, gamma, at, out);
	for (k = 0; k < gamma; k++) {
		int x = out->drafted[k];
		double u = rng_uniform(rng), px, qx;

		source_dists(src, out->drafted, k, &at[k].p, NULL);
		beta = position_overlap(at, k, beta);
		out->beta[k] = beta;
		out->resid[k] = beta < 1.0 ? 1.0 - beta : 0.0;
		out->tested++;
		targets->p[k] = at[k].p;
		px = pdist_prob(&at[k].p, (size_t)x);
		qx = pdist_prob(&at[k].q, (size_t)x);
		if (u * qx < px) {
			out->accepted++;
			add_token(out, x, px, qx, u, SPEC_ACCEPTED);
			continue;
		}
		add_token(out, x, px, qx, u, SPEC_REJECTED);
		finish_rejected(rng, &at[k], scratch, out);
		break;
	}
	if (out->accepted == gamma)
		finish_bonus(src, rng, at, out, targets);
	out->emitted = spec_emitted_ids(out, emitted);
	source_commit(src, emitted, out->emitted);
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
