/* spec.c: draft, verify, and finish with a residual or bonus token. */
#include "config.h"

#include "dist.h"
#include "rng.h"
#include "source.h"
#include "spec.h"
#include "split.h"

/* The target and draft at one position: dense (p, q) or split (sp, sq). */
struct position {
	int split;		/* the source gives this position in split form */
	const double *p;
	const double *q;
	const struct split_dist *sp;
	const struct split_dist *sq;
};

static double
p_of(const struct position *at, int id)
{
	return at->sp != NULL ? split_prob(at->sp, (size_t)id) : at->p[id];
}

static double
q_of(const struct position *at, int id)
{
	return at->sq != NULL ? split_prob(at->sq, (size_t)id) : at->q[id];
}

static int
sample_p(const struct position *at, struct rng *rng, size_t n)
{
	if (at->sp != NULL)
		return (int)split_sample(at->sp, rng);
	return (int)rng_categorical(rng, at->p, n, 1.0);
}

static int
sample_q(const struct position *at, struct rng *rng, size_t n)
{
	if (at->sq != NULL)
		return (int)split_sample(at->sq, rng);
	return (int)rng_categorical(rng, at->q, n, 1.0);
}

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
add_token_at(struct spec_step *out, int id, const struct position *at,
    enum spec_outcome outcome)
{
	add_token(out, id, p_of(at, id), q_of(at, id), 0.0, outcome);
}

/* The target (want_p) and the draft (want_q) at position k, in its form. */
static void
fetch(struct source *src, const struct spec_step *out, int k, struct position *at,
    int want_p, int want_q)
{
	if (at[k].split)
		source_split_dists(src, out->drafted, k, want_p ? &at[k].sp : NULL,
		    want_q ? &at[k].sq : NULL);
	else
		source_dists(src, out->drafted, k, want_p ? &at[k].p : NULL,
		    want_q ? &at[k].q : NULL);
}

/* Start position k: ask for the split draft, which is then at[k].sq when the
 * source gives the position in split form. */
static void
open_position(struct source *src, const struct spec_step *out, int k,
    struct position *at)
{
	at[k] = (struct position){ 0, NULL, NULL, NULL, NULL };
	at[k].split = source_split_dists(src, out->drafted, k, NULL, &at[k].sq) == 0;
	if (!at[k].split)
		at[k].sq = NULL;
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
		open_position(src, out, k, at);
		if (!at[k].split)
			fetch(src, out, k, at, 0, 1);
		out->drafted[k] = sample_q(&at[k], rng, src->vocab);
	}
}

/* The overlap at position k, reusing position k-1's when the pair is the same. */
static double
position_overlap(const struct position *at, int k, double prev, size_t n)
{
	const struct position *a = &at[k], *b = &at[k - (k > 0)];

	if (k > 0 && a->p == b->p && a->q == b->q && a->sp == b->sp && a->sq == b->sq)
		return prev;
	if (a->sp != NULL)
		return split_overlap(a->sp, a->sq);
	return dist_overlap(a->p, a->q, n);
}

static void
finish_rejected(struct source *src, struct rng *rng, const struct position *at,
    double *scratch, struct spec_step *out)
{
	size_t n = src->vocab;
	double mass;
	int id;

	if (at->sp != NULL) {
		id = (int)split_sample_residual(at->sp, at->sq, rng, &mass);
	} else {
		mass = dist_residual(at->p, at->q, scratch, n);
		if (mass > 0.0)
			id = (int)rng_categorical(rng, scratch, n, mass);
		else
			id = (int)rng_categorical(rng, at->p, n, 1.0);
	}
	out->residual_mass = mass;
	add_token_at(out, id, at, SPEC_RESIDUAL);
}

static void
record_target(struct spec_targets *targets, const struct position *at, int k)
{
	targets->p[k] = at[k].p;
	targets->sp[k] = at[k].sp;
}

static void
finish_bonus(struct source *src, struct rng *rng, struct position *at,
    struct spec_step *out, struct spec_targets *targets)
{
	int gamma = out->gamma;

	open_position(src, out, gamma, at);
	fetch(src, out, gamma, at, 1, !at[gamma].split);
	record_target(targets, at, gamma);
	add_token_at(out, sample_p(&at[gamma], rng, src->vocab), &at[gamma],
	    SPEC_BONUS);
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

		fetch(src, out, k, at, 1, 0);
		beta = position_overlap(at, k, beta, src->vocab);
		out->beta[k] = beta;
		out->tested++;
		record_target(targets, at, k);
		px = p_of(&at[k], x);
		qx = q_of(&at[k], x);
		if (u * qx < px) {
			out->accepted++;
			add_token(out, x, px, qx, u, SPEC_ACCEPTED);
			continue;
		}
		add_token(out, x, px, qx, u, SPEC_REJECTED);
		finish_rejected(src, rng, &at[k], scratch, out);
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
