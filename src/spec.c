/* spec.c: draft, verify, and finish with a residual or bonus token. */
#include "config.h"

#include "dist.h"
#include "rng.h"
#include "source.h"
#include "spec.h"

struct position {
	const double *p;
	const double *q;
};

static void
add_token(struct spec_step *out, int id, const struct position *at, double u,
    enum spec_outcome outcome)
{
	struct spec_token *t = &out->tok[out->ntok++];

	t->id = id;
	t->p = at->p[id];
	t->q = at->q[id];
	t->u = u;
	t->outcome = outcome;
}

/* Draft all gamma tokens first, each position conditioned on the drafts before it.
 * Only q is built here: the target at a position is asked for when the position
 * is tested (target_at), so the drafts after a rejection cost no p. */
static void
draft_tokens(struct source *src, struct rng *rng, int gamma, struct position *at,
    struct spec_step *out)
{
	int k;

	for (k = 0; k < gamma; k++) {
		at[k].p = NULL;
		source_dists(src, out->drafted, k, NULL, &at[k].q);
		out->drafted[k] = (int)rng_categorical(rng, at[k].q, src->vocab, 1.0);
	}
}

static void
target_at(struct source *src, const struct spec_step *out, int k, struct position *at)
{
	source_dists(src, out->drafted, k, &at[k].p, NULL);
}

/* The overlap at position k, reusing position k-1's when the pair is the same. */
static double
position_overlap(const struct position *at, int k, const double *prev, size_t n)
{
	if (k > 0 && at[k].p == at[k - 1].p && at[k].q == at[k - 1].q)
		return *prev;
	return dist_overlap(at[k].p, at[k].q, n);
}

static void
finish_rejected(struct source *src, struct rng *rng, const struct position *at,
    double *scratch, struct spec_step *out)
{
	size_t n = src->vocab;
	double mass = dist_residual(at->p, at->q, scratch, n);
	int id;

	if (mass > 0.0)
		id = (int)rng_categorical(rng, scratch, n, mass);
	else
		id = (int)rng_categorical(rng, at->p, n, 1.0);
	out->residual_mass = mass;
	add_token(out, id, at, 0.0, SPEC_RESIDUAL);
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
		double u = rng_uniform(rng);

		target_at(src, out, k, at);
		beta = position_overlap(at, k, &beta, src->vocab);
		out->beta[k] = beta;
		out->tested++;
		targets->p[k] = at[k].p;
		if (u * at[k].q[x] < at[k].p[x]) {
			out->accepted++;
			add_token(out, x, &at[k], u, SPEC_ACCEPTED);
			continue;
		}
		add_token(out, x, &at[k], u, SPEC_REJECTED);
		finish_rejected(src, rng, &at[k], scratch, out);
		break;
	}
	if (out->accepted == gamma) {
		source_dists(src, out->drafted, gamma, &at[gamma].p, &at[gamma].q);
		targets->p[gamma] = at[gamma].p;
		add_token(out, (int)rng_categorical(rng, at[gamma].p, src->vocab, 1.0),
		    &at[gamma], 0.0, SPEC_BONUS);
	}
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
