/* warp.c: temperature, top-k and top-p on a dense row. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/warp.h"

int
warp_is_identity(const struct warp *w)
{
	return w->temperature == 1.0 && w->top_k == 0 && w->top_p >= 1.0;
}

/* Partition a[0..n) around the value pivot: the entries > pivot first; returns
 * their count. */
static size_t
partition_above(double *a, size_t n, double pivot)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (a[i] > pivot) {
			double t = a[m];

			a[m++] = a[i];
			a[i] = t;
		}
	return m;
}

static double
median3(double x, double y, double z)
{
	return x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
}

/* The value where the descending order of a[0..n) first reaches count k
 * (by_mass 0) or mass k (by_mass 1); a is reordered. */
static double
select_desc(double *a, size_t n, double k, int by_mass)
{
	for (;;) {
		double pivot = median3(a[0], a[n / 2], a[n - 1]), upper = 0.0, eq = 0.0;
		size_t m = partition_above(a, n, pivot), i, neq = 0;

		for (i = 0; i < m; i++)
			upper += by_mass ? a[i] : 1.0;
		if (upper >= k && m > 0) {
			n = m;		/* the answer is above the pivot */
			continue;
		}
		for (i = m; i < n; i++)
			if (a[i] == pivot) {
				eq += by_mass ? a[i] : 1.0;
				neq++;
			}
		if (upper + eq >= k || neq == n - m)
			return pivot;
		/* below the pivot: drop the upper and equal entries, count them */
		k -= upper + eq;
		for (i = m; i < n && neq > 0; )
			if (a[i] == pivot) {
				a[i] = a[--n];
				neq--;
			} else
				i++;
		memmove(a, a + m, (n - m) * sizeof *a);
		n -= m;
		if (n == 0)
			return pivot;
	}
}

double
warp_kth_value(const double *row, size_t n, size_t k, double *scratch)
{
	memcpy(scratch, row, n * sizeof *scratch);
	return select_desc(scratch, n, (double)(k < n ? k : n), 0);
}

double
warp_nucleus_value(const double *row, size_t n, double mass, double *scratch)
{
	memcpy(scratch, row, n * sizeof *scratch);
	return select_desc(scratch, n, mass, 1);
}

/* Zero the entries below v; returns the sum of the rest. */
static double
keep_from(double *row, size_t n, double v)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (row[i] < v)
			row[i] = 0.0;
		sum += row[i];
	}
	return sum;
}

/* Whether entry x of a row whose largest is top stays under top-k 1: x is
 * the top, or (tempered at 1/T = inv) its tempered value pow(x / top, inv)
 * equals the largest, pow(1, inv) = 1. An entry at most half the top is below
 * pow(0.5, inv) < 1 and is not raised (cut is 0 unless that bound is clear of 1). */
static int
argmax_kept(double x, double top, int tempered, double inv, int cut)
{
	if (!tempered)
		return x == top;
	if (x <= 0.0 || (cut && x * 2.0 <= top))
		return 0;
	return pow(x / top, inv) == 1.0;
}

/* Top-k 1 without top-p: what the general path below gives (the largest
 * tempered entries, each 1 / their count), with a power taken only near the
 * top instead of over the whole row. */
static void
warp_argmax(const struct warp *w, double *row, size_t n)
{
	int tempered = w->temperature != 1.0;
	double inv = 1.0 / w->temperature, top = 0.0, v, sum = 0.0, z;
	int cut = pow(0.5, inv) < 0.999;
	size_t i;

	for (i = 0; i < n; i++)
		top = row[i] > top ? row[i] : top;
	v = tempered ? 1.0 : top;	/* the largest (tempered) entry */
	for (i = 0; i < n; i++) {
		row[i] = argmax_kept(row[i], top, tempered, inv, cut) ? v : 0.0;
		sum += row[i];
	}
	z = 1.0 / sum;
	for (i = 0; i < n; i++)
		row[i] *= z;
}

void
warp_dense(const struct warp *w, double *row, size_t n, double *scratch)
{
	double sum = 0.0, z;
	size_t i;

	if (w->top_k == 1 && n > 1 && w->top_p >= 1.0) {
		warp_argmax(w, row, n);
		return;
	}

	if (w->temperature != 1.0) {
		double inv = 1.0 / w->temperature, top = 0.0;

		for (i = 0; i < n; i++)
			top = row[i] > top ? row[i] : top;
		for (i = 0; i < n; i++)	/* scaled by the top: no underflow to all 0 */
			row[i] = row[i] > 0.0 ? pow(row[i] / top, inv) : 0.0;
	}
	for (i = 0; i < n; i++)
		sum += row[i];
	if (w->top_k > 0 && w->top_k < n)
		sum = keep_from(row, n, warp_kth_value(row, n, w->top_k, scratch));
	if (w->top_p < 1.0)
		sum = keep_from(row, n, warp_nucleus_value(row, n, w->top_p * sum, scratch));
	z = 1.0 / sum;
	for (i = 0; i < n; i++)
		row[i] *= z;
}
