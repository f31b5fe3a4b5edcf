/* trace.h: one step in detail, as text within 80 columns (--trace): each token's
 * position, label, p, q, p/q, the uniform u that decided it and its verdict, and
 * the step's residual mass. */
#ifndef SPECDEC_TRACE_H
#define SPECDEC_TRACE_H

#include <stdio.h>

struct sim;
struct sim_entry;

/* The heading, once before the first step: the rule's test, bound, replacement
 * and bonus (its entry's labels). */
void trace_heading(FILE *out, const struct sim *sim, unsigned long long steps);

/* Step e of sim (its labels come from sim's source). */
void trace_step(FILE *out, const struct sim *sim, const struct sim_entry *e);

#endif
