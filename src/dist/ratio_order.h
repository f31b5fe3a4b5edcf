/* ratio_order.h: the tokens of a pair of weights (p, q) in the order of
 * their ratio, kept with the pair it was sorted for. A tree step asks for it
 * twice on the root's pair: the optimal-transport ceiling by q/p falling,
 * SpecTr's ratio sums by p/q rising. That is one order but where rounding
 * makes two ratios equal in one form and not in the other. So an ask on the
 * kept pair (compared bit for bit) in the kept form returns the order; in
 * the other form it is checked first, at the neighbours whose ratios lie
 * within a few doubles of each other (elsewhere both forms agree strictly),
 * and the tokens are sorted anew when it fails or the pair is another: a
 * stable order is unique, so an order that passes is the stable sort's (by
 * the form asked, ties in token order), bit for bit. Pairs of zeros are
 * left out. */
#ifndef SPECDEC_RATIO_ORDER_H
#define SPECDEC_RATIO_ORDER_H

#include <stddef.h>

#include "util/radix.h"

enum ratio_order_by {
	RATIO_ORDER_P_OVER_Q,		/* p/q rising, q = 0 last (infinite) */
	RATIO_ORDER_Q_OVER_P_FALLING	/* q/p falling, p = 0 first (infinite) */
};

/* A zeroed struct is empty. */
struct ratio_order {
	struct radix_item *it;	/* the order, then room to sort (2 cap) */
	size_t cap;		/* items of room */
	size_t n;		/* the vocabulary it was sorted over; 0: none */
	size_t m;		/* tokens in the order */
	double *pq;		/* the pair it was sorted for: p then q (2 cap) */
	enum ratio_order_by by;	/* the form it was sorted in (the items' keys) */
};

/* The tokens of (p, q) with p or q non-zero, in the order by; *m gets their
 * number. The items' i are the tokens (their keys are not for the caller).
 * Valid until the next call on o. */
const struct radix_item *ratio_order_get(struct ratio_order *o, const double *p,
    const double *q, size_t n, enum ratio_order_by by, size_t *m);

/* Release o's storage; it is empty and zeroed after. */
void ratio_order_free(struct ratio_order *o);

#endif
