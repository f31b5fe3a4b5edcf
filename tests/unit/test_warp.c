/* test_warp.c: temperature, top-k and top-p (src/dist/warp.c) on rows worked by
 * hand, ties kept, temperature combined with top-k and top-p (by hand, and on
 * random rows against the definition worked here with a sort), and the selection
 * against a full sort done here on a random row of 5,000 entries; top-k 1 (an
 * argmax draft) bit for bit what the general path's steps give, written out
 * here, with tied tops and entries one rounding below the top, at five
 * temperatures. */
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

/* The definition, by sort: row^(1/T) normalised, then the most likely entries
 * until their mass reaches P (those tied with the last kept too), normalised. */
static void
reference(double *row, size_t n, double T, double P)
{
	double sorted[64], sum = 0.0, acc = 0.0, last = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += row[i] = pow(row[i], 1.0 / T);
	for (i = 0; i < n; i++)
		sorted[i] = row[i] /= sum;
	qsort(sorted, n, sizeof *sorted, cmp_desc);
	for (i = 0; i < n && acc < P; i++)
		acc += last = sorted[i];
	for (acc = 0.0, i = 0; i < n; i++)
		acc += row[i] = row[i] >= last ? row[i] : 0.0;
	for (i = 0; i < n; i++)
		row[i] /= acc;
}

/* Temperature before top-p: the nucleus is taken on the tempered row, so it
 * holds fewer tokens at T < 1 and more at T > 1 than at T 1. */
static void
test_temperature_top_p(void)
{
	static const double p4[4] = { 0.4, 0.3, 0.2, 0.1 };
	static const double Ts[] = { 0.3, 0.5, 0.8, 1.5, 2.0, 4.0 };
	static const double Ps[] = { 0.3, 0.5, 0.65, 0.8, 0.95 };
	double s2 = sqrt(0.4) + sqrt(0.3) + sqrt(0.2), row[40], want[40], scratch[40];
	double worst = 0.0;
	size_t i, a, b, trial;

	check("T 0.5, top-p 0.8: squares (16, 9, 4, 1) / 30 reach it at the second: "
	    "(16, 9, 0, 0) / 25 (at T 1 it keeps three)", p4, 4,
	    (struct warp){ 0.5, 0, 0.8 }, (const double[]){ 16.0 / 25, 9.0 / 25, 0, 0 });
	check("T 2, top-p 0.65: square roots reach it at the third (at T 1 the second)",
	    p4, 4, (struct warp){ 2.0, 0, 0.65 }, (const double[]){ sqrt(0.4) / s2,
	    sqrt(0.3) / s2, sqrt(0.2) / s2, 0 });
	check("T 0.5, top-k 3, top-p 0.9: (16, 9, 4) / 29 reach it at the third", p4, 4,
	    (struct warp){ 0.5, 3, 0.9 }, (const double[]){ 16.0 / 29, 9.0 / 29,
	    4.0 / 29, 0 });
	srand(11);
	for (trial = 0; trial < 20; trial++)
		for (a = 0; a < sizeof Ts / sizeof *Ts; a++)
			for (b = 0; b < sizeof Ps / sizeof *Ps; b++) {
				for (i = 0; i < 40; i++)
					want[i] = row[i] = (double)(1 + rand() % 997) / 997.0;
				reference(want, 40, Ts[a], Ps[b]);
				warp_dense(&(struct warp){ Ts[a], 0, Ps[b] }, row, 40, scratch);
				worst = fmax(worst, maxdiff(row, want, 40));
			}
	tap_ok(worst < 1e-12, "600 random rows of 40 at T 0.3 to 4 and top-p 0.3 to "
	    "0.95 equal the definition by sort (largest difference %.2g)", worst);
}

/* Top-k 1 the long way, as warp_dense's general path does it: temper every
 * entry, keep those at the largest, normalise. */
static void
argmax_reference(double t, double *row, size_t n)
{
	double top = 0.0, v = 0.0, sum = 0.0, z;
	size_t i;

	for (i = 0; i < n; i++)
		top = fmax(top, row[i]);
	for (i = 0; i < n && t != 1.0; i++)
		row[i] = row[i] > 0.0 ? pow(row[i] / top, 1.0 / t) : 0.0;
	for (i = 0; i < n; i++)
		v = fmax(v, row[i]);
	for (i = 0; i < n; i++) {
		row[i] = row[i] < v ? 0.0 : row[i];
		sum += row[i];
	}
	z = 1.0 / sum;
	for (i = 0; i < n; i++)
		row[i] *= z;
}

static void
test_argmax_exact(void)
{
	static const double temps[] = { 1.0, 0.5, 2.0, 20.0, 0.05 };
	enum { N = 5000 };
	static double in[N], got[N], want[N], scratch[N];
	size_t i, k, kept;

	srand(7);
	for (i = 0; i < N; i++)
		in[i] = (rand() % 1000 == 0) ? 0.0 : (double)rand() / RAND_MAX * 0.01;
	in[17] = in[4000] = 0.5;				/* tied tops */
	in[99] = 0.5 * (1.0 - 0x1p-52);			/* one rounding below */
	in[100] = 0.5 * (1.0 - 0x1p-40);
	in[101] = 0.25;
	for (k = 0; k < sizeof temps / sizeof *temps; k++) {
		memcpy(got, in, sizeof in);
		memcpy(want, in, sizeof in);
		warp_dense(&(struct warp){ temps[k], 1, 1.0 }, got, N, scratch);
		argmax_reference(temps[k], want, N);
		for (i = kept = 0; i < N; i++)
			kept += got[i] > 0.0;
		tap_ok(memcmp(got, want, sizeof got) == 0, "top-k 1 at T %g: bit for bit "
		    "the general path's row (%zu entries kept)", temps[k], kept);
	}
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
	test_temperature_top_p();
	test_against_sort();
	test_argmax_exact();
	return tap_done();
}
