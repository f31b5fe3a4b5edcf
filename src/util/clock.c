/* clock.c: the monotonic clock. */
#include "config.h"

#include <time.h>

#include "util/clock.h"

double
clock_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
