/* node_arena.c: a step's nodes in slots kept from step to step. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "source/node_arena.h"
#include "util/xalloc.h"

void
node_arena_init(struct node_arena *a, size_t size)
{
	memset(a, 0, sizeof *a);
	a->size = size;
}

void *
node_arena_new(struct node_arena *a)
{
	if (a->n == a->cap) {
		a->cap = a->cap > 0 ? 2 * a->cap : 8;
		a->slot = xreallocarray(a->slot, (size_t)a->cap, sizeof *a->slot);
		memset(a->slot + a->n, 0, (size_t)(a->cap - a->n) * sizeof *a->slot);
	}
	if (a->slot[a->n] == NULL)
		a->slot[a->n] = xcalloc(1, a->size);
	return a->slot[a->n++];
}

void *
node_arena_slot(const struct node_arena *a, int i)
{
	return i < a->cap ? a->slot[i] : NULL;
}

void
node_arena_free(struct node_arena *a)
{
	int i;

	for (i = 0; i < a->cap && a->slot[i] != NULL; i++)
		free(a->slot[i]);
	free(a->slot);
	a->slot = NULL;
	a->n = a->cap = 0;
}
