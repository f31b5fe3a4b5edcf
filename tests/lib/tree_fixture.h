/* tree_fixture.h: what the tree tests' own enumerations share, written apart
 * from the program's helpers: the top k tokens of a vector by selection, a
 * rule's parameters by name, and a run of tree steps on a fixed pair. */
#ifndef SPECDEC_TREE_FIXTURE_H
#define SPECDEC_TREE_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/fixed_source.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

#define TREE_FIXTURE_VMAX 16	/* the largest vocabulary tree_fixture_top takes */

/* The top k tokens of w[0..n-1] into out, falling, ties to the lower id; how
 * many (k, or n when fewer). */
int tree_fixture_top(const double *w, int n, int k, int *out);

/* The defaults with the rule named name (standard when none is). */
struct verify_params tree_fixture_rule(const char *name);

/* Tree steps on a fixed pair (fixed_source.h): the source, one step's records
 * and scratch, and a seeded stream. */
struct tree_fixture_run {
	struct fixed_pair fp;
	struct source src;
	struct spec_step step;
	struct spec_targets targets;
	struct spec_tree tree;
	struct spec_scratch scratch;
	struct rng rng;
};

/* r zeroed, serving (p, q) over n tokens, (op, oq) at odd depths when op is
 * not NULL, its stream seeded with seed. */
void tree_fixture_run_open(struct tree_fixture_run *r, const double *p, const double *q,
    const double *op, const double *oq, size_t n, uint64_t seed);

/* One tree step of shape under par. */
void tree_fixture_run_step(struct tree_fixture_run *r, const struct verify_params *par,
    const struct tree_shape *shape);

/* Free r's step storage. */
void tree_fixture_run_close(struct tree_fixture_run *r);

#endif
