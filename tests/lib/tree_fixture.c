/* tree_fixture.c: the tree tests' shared enumeration pieces (tree_fixture.h). */
#include "config.h"

#include <string.h>

#include "lib/tree_fixture.h"
#include "verify/verify_tree.h"

int
tree_fixture_top(const double *w, int n, int k, int *out)
{
	int used[TREE_FIXTURE_VMAX] = { 0 }, i, j, m = 0;

	for (i = 0; i < k && i < n; i++) {
		int b = -1;

		for (j = 0; j < n; j++)
			if (!used[j] && (b < 0 || w[j] > w[b]))
				b = j;
		used[b] = 1;
		out[m++] = b;
	}
	return m;
}

struct verify_params
tree_fixture_rule(const char *name)
{
	struct verify_params par = verify_defaults();
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (strcmp(verify_entry((enum verify_rule)r)->name, name) == 0)
			par.rule = (enum verify_rule)r;
	return par;
}

void
tree_fixture_run_open(struct tree_fixture_run *r, const double *p, const double *q,
    const double *op, const double *oq, size_t n, uint64_t seed)
{
	memset(r, 0, sizeof *r);
	r->fp = (struct fixed_pair){ .p = p, .q = q };
	if (op != NULL) {
		r->fp.odd_p = op;
		r->fp.odd_q = oq;
	}
	fixed_source_open(&r->src, &r->fp, n);
	rng_seed(&r->rng, seed, 0);
}

void
tree_fixture_run_step(struct tree_fixture_run *r, const struct verify_params *par,
    const struct tree_shape *shape)
{
	verify_tree_step(par, shape, &r->src, &r->rng, &r->step, &r->targets, &r->tree,
	    &r->scratch);
}

void
tree_fixture_run_close(struct tree_fixture_run *r)
{
	spec_tree_free(&r->tree);
	spec_scratch_free(&r->scratch);
}
