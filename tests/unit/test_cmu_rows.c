/* test_cmu_rows.c: the cmu source's cache of bigram views by word. A word's
 * entry is filled once and found after; entries of 4 MiB each fill the 8 MiB
 * budget at two, a third does not fit while both were handed out this step,
 * and after the next step the oldest goes first; a cleared cache fills again;
 * an entry larger than the budget is refused; lookups and hits are counted. */
#include "config.h"

#include "lib/tap.h"
#include "source/cmu/cmu_rows.h"

#define HALF ((size_t)CMU_ROWS_BYTES / 2 / sizeof(double))	/* extras in 4 MiB */

static int
filled(struct cmu_rows *c, uint32_t v, size_t n)
{
	int fill = -1;
	struct cmu_row *r = cmu_rows_get(c, v, n, &fill);

	if (r == NULL)
		return -1;	/* no room */
	if (fill) {
		r->extra[0] = (double)v;
		r->extra[n - 1] = (double)v + 0.5;
		r->scale = 1.0 / (v + 1.0);
	}
	tap_ok(r->extra[0] == (double)v && r->extra[n - 1] == (double)v + 0.5 &&
	    r->scale == 1.0 / (v + 1.0), "word %u: its own extras and scale", v);
	return fill;
}

int
main(void)
{
	struct cmu_rows *c = cmu_rows_new(10);
	uint64_t lookups, hits;

	tap_eq(filled(c, 3, HALF), 1, "a new word is filled");
	tap_eq(filled(c, 3, HALF), 0, "then found");
	tap_eq(filled(c, 4, HALF), 1, "a second word, the budget now full");
	tap_eq(filled(c, 5, 8), -1, "a third does not fit beside two handed out this step");
	cmu_rows_step(c);
	tap_eq(filled(c, 5, 8), 1, "next step: it fits, the oldest (3) evicted");
	tap_eq(filled(c, 4, HALF), 0, "4 kept");
	tap_eq(filled(c, 3, HALF), -1, "3 gone, and 4 and 5 both handed out this step");
	cmu_rows_step(c);
	cmu_rows_clear(c);
	tap_eq(filled(c, 5, 8), 1, "after a clear: filled again");
	tap_eq(filled(c, 6, HALF * 2 + 1), -1, "an entry over the budget is refused");
	cmu_rows_stats(c, &lookups, &hits);
	tap_eq((long long)lookups, 9, "lookups counted");
	tap_eq((long long)hits, 2, "hits counted");
	cmu_rows_free(c);
	return tap_done();
}
