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
	tree->has_reach = 0;
	tree->nrank = 0;
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
	    .source_node = source_node, .on_path = 1, .score = 1.0,
	    .reach = 1.0 };
	return SPEC_TREE_ROOT;
}

int
spec_tree_add(struct spec_tree *tree, int parent, int token, int source_node, double q)
{
	*tree_append(tree) = (struct spec_tree_node){ .parent = parent, .token = token,
	    .source_node = source_node, .q = q };
	tree->node[tree->n - 1].score = tree->node[parent].score * q;
	return tree->n - 1;
}

double *
spec_scratch_work(struct spec_scratch *s, size_t n)
{
	if (n > s->work_cap) {
		s->work = xreallocarray(s->work, n, sizeof *s->work);
		s->work_cap = n;
	}
	return s->work;
}

uint32_t *
spec_scratch_ids(struct spec_scratch *s, size_t n)
{
	if (n > s->ids_cap) {
		s->ids = xreallocarray(s->ids, n, sizeof *s->ids);
		s->ids_cap = n;
	}
	return s->ids;
}

void
spec_scratch_free(struct spec_scratch *s)
{
	free(s->work);
	free(s->ids);
	if (s->memo_free != NULL)
		s->memo_free(s->memo);
	ot_ceiling_free(&s->ceiling);
	memset(s, 0, sizeof *s);
}

void
spec_tree_free(struct spec_tree *tree)
{
	free(tree->node);
	memset(tree, 0, sizeof *tree);
}
