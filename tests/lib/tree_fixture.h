/* tree_fixture.h: what the tree tests' own enumerations share, written apart
 * from the program's helpers: the top k tokens of a vector by selection, and
 * a rule's parameters by name. */
#ifndef SPECDEC_TREE_FIXTURE_H
#define SPECDEC_TREE_FIXTURE_H

#include "verify/verify.h"

#define TREE_FIXTURE_VMAX 16	/* the largest vocabulary tree_fixture_top takes */

/* The top k tokens of w[0..n-1] into out, falling, ties to the lower id; how
 * many (k, or n when fewer). */
int tree_fixture_top(const double *w, int n, int k, int *out);

/* The defaults with the rule named name (standard when none is). */
struct verify_params tree_fixture_rule(const char *name);

#endif
