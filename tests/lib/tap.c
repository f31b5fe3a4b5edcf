/* tap.c: numbered test points, a closing plan, an exit status. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "lib/tap.h"

static int tap_count;
static int tap_failed;

int
tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%s %d - ", cond ? "ok" : "not ok", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

int
tap_near(double got, double want, double tol, const char *what)
{
	return tap_ok(isfinite(got) && fabs(got - want) <= tol, "%s: got %.10g, want %.10g +- %g",
	    what, got, want, tol);
}

int
tap_eq(long long got, long long want, const char *what)
{
	return tap_ok(got == want, "%s: got %lld, want %lld", what, got, want);
}

int
tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed > 0 ? 1 : 0;
}
