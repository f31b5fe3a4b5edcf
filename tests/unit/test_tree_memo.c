/* test_tree_memo.c: the memo of a node's closed forms (tree_memo.h) returns
 * a result only for the very values and tag it was kept under: a value a bit
 * apart, another tag, a longer pair or a pair pushed out of its set is a
 * miss, and each kept result comes back whole. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "lib/tap.h"
#include "verify/tree_memo.h"

#define PAIRS 3000

/* Pair number i: n values of p and q that differ from pair to pair. */
static void
pair(int i, double *p, double *q, size_t n)
{
	size_t y;

	for (y = 0; y < n; y++) {
		p[y] = (double)(i + 1) / (double)(y + 3);
		q[y] = (double)(y + 1) / (double)(i + 7);
	}
}

int
main(void)
{
	double p[TREE_MEMO_N + 1], q[TREE_MEMO_N + 1], v[4] = { 0.25, 1.5, -3.0, 1e-300 };
	double out[4] = { 0 }, got;
	int i, all = 1, hits = 0;

	pair(0, p, q, 30);
	tap_ok(!tree_memo_get(TREE_MEMO_CEILING(2), p, q, 30, out, 4), "empty: a miss");
	tree_memo_put(TREE_MEMO_CEILING(2), p, q, 30, v, 4);
	tap_ok(tree_memo_get(TREE_MEMO_CEILING(2), p, q, 30, out, 4) &&
	    memcmp(out, v, sizeof v) == 0, "kept: the four values back");
	tap_ok(!tree_memo_get(TREE_MEMO_CEILING(3), p, q, 30, out, 1) &&
	    !tree_memo_get(TREE_MEMO_RHO(2), p, q, 30, out, 1),
	    "another tag of the pair: a miss");
	q[29] = nextafter(q[29], 1.0);
	tap_ok(!tree_memo_get(TREE_MEMO_CEILING(2), p, q, 30, out, 1),
	    "q a bit apart at one token: a miss");
	q[29] = nextafter(q[29], 0.0);
	tap_ok(!tree_memo_get(TREE_MEMO_CEILING(2), p, q, 29, out, 1),
	    "the first 29 entries: a miss");
	pair(1, p, q, TREE_MEMO_N + 1);
	tree_memo_put(TREE_MEMO_RHO(8), p, q, TREE_MEMO_N + 1, v, 2);
	tap_ok(!tree_memo_get(TREE_MEMO_RHO(8), p, q, TREE_MEMO_N + 1, out, 2),
	    "a pair of more than TREE_MEMO_N entries is not kept");
	for (i = 0; i < PAIRS; i++) {	/* far more pairs than slots */
		double w = (double)i;

		pair(i, p, q, 12);
		tree_memo_put(TREE_MEMO_ACCEPT(3, 2), p, q, 12, &w, 1);
	}
	for (i = 0; i < PAIRS; i++) {
		pair(i, p, q, 12);
		if (tree_memo_get(TREE_MEMO_ACCEPT(3, 2), p, q, 12, &got, 1)) {
			all &= got == (double)i;
			hits++;
		}
	}
	tap_ok(all, "every pair found after %d puts holds its own value", PAIRS);
	tap_ok(hits > 0 && hits <= TREE_MEMO_SLOTS, "at most the slots kept (%d)", hits);
	pair(PAIRS - 1, p, q, 12);
	tap_ok(tree_memo_get(TREE_MEMO_ACCEPT(3, 2), p, q, 12, &got, 1) &&
	    got == PAIRS - 1, "the newest pair is kept");
	return tap_done();
}
