/* cmu_rows.c: order-2 views by word, least recently used out. */
#include "config.h"

#include <stdlib.h>

#include "source/cmu/cmu_rows.h"
#include "util/xalloc.h"

#define NONE (-1)
#define NO_WORD UINT32_MAX	/* an entry left by cmu_rows_clear */

struct entry {
	uint32_t v;		/* its word, or NO_WORD */
	size_t n;		/* extras held */
	uint64_t used;		/* the step that last handed it out */
	int newer, older;	/* neighbours in recency; a free entry's next
				 * free one in older */
	struct cmu_row row;
};

struct cmu_rows {
	size_t vocab;
	int *slot;		/* vocab: a word's entry, or NONE */
	struct entry *e;
	int ne, cap;
	int newest, oldest;	/* ends of the recency list */
	int free;		/* entries to reuse, chained through older */
	size_t bytes;		/* extras held */
	uint64_t step, lookups, hits;
};

struct cmu_rows *
cmu_rows_new(size_t vocab)
{
	struct cmu_rows *c = xcalloc(1, sizeof *c);
	size_t i;

	c->vocab = vocab;
	c->slot = xreallocarray(NULL, vocab, sizeof *c->slot);
	for (i = 0; i < vocab; i++)
		c->slot[i] = NONE;
	c->newest = c->oldest = c->free = NONE;
	c->step = 1;
	return c;
}

void
cmu_rows_free(struct cmu_rows *c)
{
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->ne; i++)
		free(c->e[i].row.extra);
	free(c->e);
	free(c->slot);
	free(c);
}

void
cmu_rows_step(struct cmu_rows *c)
{
	c->step++;
}

void
cmu_rows_clear(struct cmu_rows *c)
{
	int i;

	for (i = c->newest; i != NONE; i = c->e[i].older) {
		if (c->e[i].v != NO_WORD)
			c->slot[c->e[i].v] = NONE;
		c->e[i].v = NO_WORD;
	}
}

static void
unlink_entry(struct cmu_rows *c, int i)
{
	struct entry *e = &c->e[i];

	if (e->newer != NONE)
		c->e[e->newer].older = e->older;
	else
		c->newest = e->older;
	if (e->older != NONE)
		c->e[e->older].newer = e->newer;
	else
		c->oldest = e->newer;
}

static void
make_newest(struct cmu_rows *c, int i)
{
	struct entry *e = &c->e[i];

	e->newer = NONE;
	e->older = c->newest;
	if (c->newest != NONE)
		c->e[c->newest].newer = i;
	else
		c->oldest = i;
	c->newest = i;
}

/* Frees the oldest entries not handed out this step until need more bytes
 * fit; 0 when they cannot. */
static int
make_room(struct cmu_rows *c, size_t need)
{
	while (c->bytes + need > CMU_ROWS_BYTES) {
		int i = c->oldest;
		struct entry *e;

		if (i == NONE || c->e[i].used == c->step)
			return 0;
		e = &c->e[i];
		unlink_entry(c, i);
		if (e->v != NO_WORD)
			c->slot[e->v] = NONE;
		free(e->row.extra);
		e->row.extra = NULL;
		c->bytes -= e->n * sizeof(double);
		e->older = c->free;
		c->free = i;
	}
	return 1;
}

static int
new_entry(struct cmu_rows *c)
{
	int i = c->free;

	if (i != NONE) {
		c->free = c->e[i].older;
		return i;
	}
	if (c->ne == c->cap) {
		c->cap = c->cap > 0 ? 2 * c->cap : 64;
		c->e = xreallocarray(c->e, (size_t)c->cap, sizeof *c->e);
	}
	return c->ne++;
}

struct cmu_row *
cmu_rows_get(struct cmu_rows *c, uint32_t v, size_t n, int *fill)
{
	size_t need = n * sizeof(double);
	int i = c->slot[v];

	c->lookups++;
	*fill = 0;
	if (i == NONE && need > CMU_ROWS_BYTES)
		return NULL;
	if (i != NONE) {
		c->hits++;
		unlink_entry(c, i);
	} else {
		if (!make_room(c, need))
			return NULL;
		i = new_entry(c);
		c->e[i] = (struct entry){ v, n, 0, NONE, NONE,
		    { xreallocarray(NULL, n > 0 ? n : 1, sizeof(double)), 0.0, 0.0, 0 } };
		c->bytes += need;
		c->slot[v] = i;
		*fill = 1;
	}
	make_newest(c, i);
	c->e[i].used = c->step;
	return &c->e[i].row;
}

void
cmu_rows_stats(const struct cmu_rows *c, uint64_t *lookups, uint64_t *hits)
{
	*lookups = c->lookups;
	*hits = c->hits;
}
