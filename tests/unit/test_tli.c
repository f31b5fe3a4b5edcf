/* test_tli.c: a draft with a token the target lacks, worked by hand. Target
 * {a, b} with p = (.8, .2); draft {a, b, c} with q = (.2, .3, .5); over the
 * union (--draft-only 1) p = (.8, .2, 0).
 *   naive (standard on the union): accept sum min(p, q) = .2 + .2 + 0 = .4;
 *     residual max(0, p - q) = (.6, 0, 0): first token .2 + .6 = .8 a, .2 b.
 *   tli: q' = (.2, .3) / .5 = (.4, .6, 0); accept min(.8, .4) + min(.2, .6)
 *     = .6; residual (.4, 0, 0) / .4 = a: first token .4 + .4 = .8 a, .2 b.
 *   mistake-tli-old-q: draft from q', test with min(1, p/q): a kept with
 *     .4 * min(1, 4) = .4, b with .6 * (.2/.3) = .4, accept .8; residual
 *     max(0, p - q) = a: first token .4 + .2 = .6 a, .4 b. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/pdist.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/verify.h"
#include "../lib/fixed_source.h"
#include "../lib/tap.h"

#define V 3

static const double pair_p[V] = { 0.8, 0.2, 0.0 }, pair_q[V] = { 0.2, 0.3, 0.5 };

struct want {
	const char *name;
	double accept;		/* the acceptance of one draft */
	double first[V];	/* the law of a step's first emitted token */
};

static const struct want wants[] = {
	{ "standard", 0.4, { 0.8, 0.2, 0.0 } },
	{ "tli", 0.6, { 0.8, 0.2, 0.0 } },
	{ "mistake-tli-old-q", 0.8, { 0.6, 0.4, 0.0 } },
};

static struct verify_params
params(const char *name)
{
	struct verify_params par = verify_defaults();
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (strcmp(verify_names[r], name) == 0)
			par.rule = (enum verify_rule)r;
	par.draft_only = 1;
	return par;
}

/* The closed forms: the acceptance from the parts and from beta, and the
 * first token's law acc + (1 - a) repl. */
static void
check_closed(const struct want *w)
{
	struct verify_params par = params(w->name);
	struct pdist hp = pdist_dense(pair_p, V), hq = pdist_dense(pair_q, V);
	double acc[V], repl[V], bonus[V], a, dev = 0.0;
	int y;

	tap_ok(strcmp(verify_entry(par.rule)->name, w->name) == 0, "%s is a rule",
	    w->name);
	a = verify_pair_parts(&par, pair_p, pair_q, V, acc, repl, bonus);
	tap_ok(fabs(a - w->accept) < 1e-12, "%s: acceptance %.4f by its parts",
	    w->name, a);
	tap_ok(fabs(verify_beta(&par, &hp, &hq) - w->accept) < 1e-12, "%s: beta",
	    w->name);
	for (y = 0; y < V; y++)
		dev += fabs(acc[y] + (1.0 - a) * repl[y] - w->first[y]);
	tap_ok(dev < 1e-12, "%s: first token (%.3f %.3f %.3f) as worked by hand",
	    w->name, acc[0] + (1.0 - a) * repl[0], acc[1] + (1.0 - a) * repl[1],
	    acc[2] + (1.0 - a) * repl[2]);
}

/* Steps of draft length 1 on the pair: the share accepted and the first
 * token's share of a, each within 4 SE of the hand-worked figure. */
static void
check_measured(const struct want *w, long steps)
{
	struct verify_params par = params(w->name);
	struct fixed_pair pair = { .p = pair_p, .q = pair_q };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], acc = 0.0, first_a = 0.0, se_acc, se_a;
	long i;

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 34, 0);
	for (i = 0; i < steps; i++) {
		verify_step(&par, &src, &rng, 1, scratch, &s, &targets);
		acc += s.accepted;
		first_a += s.tok[s.tok[0].outcome == SPEC_REJECTED].id == 0;
	}
	source_close(&src);
	acc /= (double)steps;
	first_a /= (double)steps;
	se_acc = sqrt(w->accept * (1.0 - w->accept) / (double)steps);
	se_a = sqrt(w->first[0] * (1.0 - w->first[0]) / (double)steps);
	tap_ok(fabs(acc - w->accept) <= 4.0 * se_acc, "%s: %ld steps accept %.4f, "
	    "want %.2f +- 4 SE (%.4f)", w->name, steps, acc, w->accept, 4.0 * se_acc);
	tap_ok(fabs(first_a - w->first[0]) <= 4.0 * se_a, "%s: first token a %.4f, "
	    "want %.2f +- 4 SE (%.4f)", w->name, first_a, w->first[0], 4.0 * se_a);
}

/* With one vocabulary (draft_only 0) tli is the standard rule, draw for draw. */
static void
check_one_vocab(void)
{
	static const double p[V] = { 0.5, 0.3, 0.2 }, q[V] = { 0.2, 0.3, 0.5 };
	struct verify_params tli = params("tli"), std = params("standard");
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_targets targets;
	struct spec_step a, b;
	struct source src;
	struct rng ra, rb;
	double scratch[V];
	int i, same = 1;

	tli.draft_only = std.draft_only = 0;
	fixed_source_open(&src, &pair, V);
	rng_seed(&ra, 7, 0);
	rng_seed(&rb, 7, 0);
	for (i = 0; i < 2000; i++) {
		verify_step(&tli, &src, &ra, 3, scratch, &a, &targets);
		verify_step(&std, &src, &rb, 3, scratch, &b, &targets);
		same = same && a.ntok == b.ntok && a.tok[a.ntok - 1].id == b.tok[b.ntok - 1].id;
	}
	source_close(&src);
	tap_ok(same, "tli without --draft-only: the standard rule's steps");
}

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof wants / sizeof wants[0]; i++) {
		check_closed(&wants[i]);
		check_measured(&wants[i], 100000);
	}
	check_one_vocab();
	return tap_done();
}
