/* clock.h: the monotonic clock, for progress bars and timings. */
#ifndef SPECDEC_CLOCK_H
#define SPECDEC_CLOCK_H

/* Seconds on CLOCK_MONOTONIC: only differences mean anything. */
double clock_seconds(void);

#endif
