/* weighed.h: an id with a weight, and the one order the program ranks them
 * in: falling weight, ties by rising id (a floor's tokens, the cmu source's
 * heavy words). Inline, for qsort. */
#ifndef SPECDEC_WEIGHED_H
#define SPECDEC_WEIGHED_H

#include <stdint.h>

struct weighed {
	double w;
	uint32_t id;
};

/* qsort's comparison of two struct weighed: falling w, then rising id. */
static inline int
weighed_falling(const void *a, const void *b)
{
	const struct weighed *x = a, *y = b;

	if (x->w != y->w)
		return x->w < y->w ? 1 : -1;
	return (x->id > y->id) - (x->id < y->id);
}

#endif
