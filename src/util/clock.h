/* clock.h: the monotonic clock, for progress bars and frame timing. */
#ifndef SPECDEC_CLOCK_H
#define SPECDEC_CLOCK_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC): only differences
 * mean anything. */
double clock_seconds(void);

#endif
