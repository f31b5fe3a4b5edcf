/* tree_fixture.c: the tree tests' shared enumeration pieces (tree_fixture.h). */
#include "config.h"

#include <string.h>

#include "lib/tree_fixture.h"

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
