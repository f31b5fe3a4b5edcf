/* spec_tree.c: a step's token tree, grown on demand. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"
#include "verify/spec_tree.h"

void
spec_tree_clear(struct spec_tree *tree)
{
	tree->n = 0;
}

/* A new node at the end, its fields for the caller to set. */
static struct spec_tree_node *
tree_append(struct spec_tree *tree)
{
	if (tree->n == tree->cap) {
		tree->cap = tree->cap > 0 ? 2 * tree->cap : 8;
		tree->node = xreallocarray(tree->node, (size_t)tree->cap,
		    sizeof *tree->node);
	}
	return &tree->node[tree->n++];
}

int
spec_tree_root(struct spec_tree *tree, int source_node)
{
	*tree_append(tree) = (struct spec_tree_node){ .parent = -1, .token = -1,
	    .source_node = source_node, .on_path = 1 };
	return SPEC_TREE_ROOT;
}

int
spec_tree_add(struct spec_tree *tree, int parent, int token, int source_node,
    double p, double q)
{
	*tree_append(tree) = (struct spec_tree_node){ .parent = parent, .token = token,
	    .source_node = source_node, .p = p, .q = q };
	return tree->n - 1;
}

double *
spec_tree_work(struct spec_tree *tree, size_t n)
{
	if (n > tree->work_cap) {
		tree->work = xreallocarray(tree->work, n, sizeof *tree->work);
		tree->work_cap = n;
	}
	return tree->work;
}

uint32_t *
spec_tree_ids(struct spec_tree *tree, size_t n)
{
	if (n > tree->ids_cap) {
		tree->ids = xreallocarray(tree->ids, n, sizeof *tree->ids);
		tree->ids_cap = n;
	}
	return tree->ids;
}

void
spec_tree_free(struct spec_tree *tree)
{
	free(tree->node);
	free(tree->work);
	free(tree->ids);
	memset(tree, 0, sizeof *tree);
}
