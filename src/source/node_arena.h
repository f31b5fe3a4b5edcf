/* node_arena.h: the nodes of a source's step (source.h), in slots allocated the
 * first time a step needs that many and kept for later steps: a handle into a
 * node stays put while the arena grows, and memory follows the largest step,
 * never the number of steps. A slot is zeroed when it is first allocated and
 * keeps what it holds (its buffers) from step to step. */
#ifndef SPECDEC_NODE_ARENA_H
#define SPECDEC_NODE_ARENA_H

#include <stddef.h>

struct node_arena {
	void **slot;
	int n;			/* nodes of this step */
	int cap;		/* slots in the array (allocated or NULL) */
	size_t size;		/* bytes of a node */
};

/* An empty arena of nodes of size bytes. */
void node_arena_init(struct node_arena *a, size_t size);

/* The step's next node, its index n - 1. */
void *node_arena_new(struct node_arena *a);

/* Node i of the step. */
static inline void *
node_arena_at(const struct node_arena *a, int i)
{
	return a->slot[i];
}

/* The nodes allocated so far, this step's or not, one at a time from i = 0
 * until NULL: for freeing what they hold. */
void *node_arena_slot(const struct node_arena *a, int i);

/* Free the slots and the array (not what the nodes point to). */
void node_arena_free(struct node_arena *a);

#endif
