/* pdist_counts_body.h: the passes that add dense distributions to the counts,
 * included by pdist_counts.c once per build (see util/simd.h): the same loops,
 * which the compiler vectorises for each build's target; each count is its own
 * sum, in the same order on every build. No include guard. */

/* sum += w[0] p[0] + ... + w[m-1] p[m-1] (m = 1..3) in one pass. */
static KERN_ATTR void
KERN(add_few)(double *restrict sum, const double *const *p, const double *w, int m, size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[m > 1], *restrict p2 = p[m - 1];
	double w0 = w[0], w1 = w[m > 1], w2 = w[m - 1];
	size_t i;

	if (m == 1)
		for (i = 0; i < n; i++)
			sum[i] += w0 * p0[i];
	else if (m == 2)
		for (i = 0; i < n; i++)
			sum[i] += w0 * p0[i] + w1 * p1[i];
	else
		for (i = 0; i < n; i++)
			sum[i] += (w0 * p0[i] + w1 * p1[i]) + w2 * p2[i];
}

/* The same for four distributions. */
static KERN_ATTR void
KERN(add_four)(double *restrict sum, const double *const *p, const double *w, size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[1];
	const double *restrict p2 = p[2], *restrict p3 = p[3];
	double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
	size_t i;

	for (i = 0; i < n; i++)
		sum[i] += (w0 * p0[i] + w1 * p1[i]) + (w2 * p2[i] + w3 * p3[i]);
}
