/* fuzz_checks.h: what the simulation harnesses (fuzz_sim.c, fuzz_rules.c) hold
 * every run to; each aborts, for libFuzzer to report, on a value out of range. */
#ifndef SPECDEC_FUZZ_CHECKS_H
#define SPECDEC_FUZZ_CHECKS_H

#include <stddef.h>
#include <stdint.h>

struct sim;
struct sim_figures;
struct spec_step;

/* Whether x is a probability: finite, in [0, 1] (with rounding). */
int fuzz_in01(double x);

/* A step record: its draft length in [gamma_min, cap], its counts consistent,
 * its probabilities in [0, 1], its ids below vocab. */
void fuzz_check_step(const struct spec_step *s, int gamma_min, int cap, size_t vocab);

/* The figures of a run of steps steps whose draft length never passed cap:
 * rates in [0, 1], tokens per step in [1, cap + 1], costs and speedups finite
 * and positive, the optimum gamma in range. */
void fuzz_check_figures(const struct sim *sim, const struct sim_figures *f, int cap,
    uint64_t steps);

/* The checks: each named, its detail a string, the failures counted right. */
void fuzz_check_checks(const struct sim *sim, const struct sim_figures *f);

/* The input as the whole contents of a scratch file /tmp/NAME.PID (removed at
 * exit); its path. */
const char *fuzz_scratch(const char *name, const uint8_t *data, size_t size);

#endif
