/* test_warp.c: temperature, top-k and top-p (src/dist/warp.c) on rows worked by
 * hand, ties kept, and the selection against a full sort done here on a random
 * row of 5,000 entries. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/warp.h"
#include "lib/tap.h"

static double
maxdiff(const double *a, const double *b, size_t n)
{
	double d = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		d = fmax(d, fabs(a[i] - b[i]));
	return d;
}

static void
check(const char *what, const double *in, size_t n, struct warp w, const double *want)
{
	double row[8], scratch[8];

	memcpy(row, in, n * sizeof *row);
	warp_dense(&w, row, n, scratch);
	tap_ok(maxdiff(row, want, n) < 1e-12, "%s (largest difference %.2g)", what,
	    maxdiff(row, want, n));
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* The k-th value and the nucleus value against a sort. */
static void
test_against_sort(void)
{
	enum { N = 5000 };
	static double row[N], sorted[N], scratch[N];
	double mass = 0.0, acc = 0.0, want_p = 0.0;
	size_t i, k = 37;

	srand(7);
	for (i = 0; i < N; i++) {
		row[i] = (double)(rand() % 1000) / 1000.0;	/* many ties */
		mass += row[i];
	}
	memcpy(sorted, row, sizeof row);
	qsort(sorted, N, sizeof *sorted, cmp_desc);
	tap_ok(warp_kth_value(row, N, k, scratch) == sorted[k - 1],
	    "k-th value (k 37) is the 37th of the sorted row: %g", sorted[k - 1]);
	for (i = 0; i < N && acc < 0.6 * mass; i++) {
		acc += sorted[i];
		want_p = sorted[i];
	}
	tap_ok(warp_nucleus_value(row, N, 0.6 * mass, scratch) == want_p,
	    "nucleus value at 60%% of the mass is where the sorted sums reach it: %g",
	    want_p);
}

int
main(void)
{
	static const double p4[4] = { 0.4, 0.3, 0.2, 0.1 };
	static const double tie[4] = { 0.3, 0.3, 0.2, 0.2 };
	static const double t3[3] = { 0.5, 0.25, 0.25 };

	check("top-k 2 keeps 0.4 and 0.3: (4, 3, 0, 0) / 7", p4, 4,
	    (struct warp){ 1.0, 2, 1.0 }, (const double[]){ 4.0 / 7, 3.0 / 7, 0, 0 });
	check("top-p 0.75: the sums 0.4, 0.7, 0.9 reach it at the third: (4, 3, 2, 0) / 9",
	    p4, 4, (struct warp){ 1.0, 0, 0.75 },
	    (const double[]){ 4.0 / 9, 3.0 / 9, 2.0 / 9, 0 });
	check("top-p 0.7 closes at the second: (4, 3, 0, 0) / 7", p4, 4,
	    (struct warp){ 1.0, 0, 0.7 }, (const double[]){ 4.0 / 7, 3.0 / 7, 0, 0 });
	check("top-k 1 keeps both tied tops", tie, 4, (struct warp){ 1.0, 1, 1.0 },
	    (const double[]){ 0.5, 0.5, 0, 0 });
	check("T 0.5 squares: (1/4, 1/16, 1/16) / (3/8) = (2/3, 1/6, 1/6)", t3, 3,
	    (struct warp){ 0.5, 0, 1.0 }, (const double[]){ 2.0 / 3, 1.0 / 6, 1.0 / 6 });
	check("T 0.5 then top-k 1: (1, 0, 0)", t3, 3, (struct warp){ 0.5, 1, 1.0 },
	    (const double[]){ 1, 0, 0 });
	check("no warp: the row normalised", p4, 4, (struct warp){ 1.0, 0, 1.0 }, p4);
	test_against_sort();
	return tap_done();
}
