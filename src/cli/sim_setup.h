/* sim_setup.h: open the source, and the simulation over it, that the command line
 * asks for. Both faces start here. Errors follow errmsg.h. */
#ifndef SPECDEC_SIM_SETUP_H
#define SPECDEC_SIM_SETUP_H

#include <stddef.h>

#include "util/errmsg.h"

struct options;
struct sim;
struct source;

/* Open the source and a simulation over it with opt's parameters (gamma, noise,
 * seed, costs). On failure write one line to err and return -1; nothing is left
 * to close then. */
int sim_setup(const struct options *opt, struct sim *sim, char *err,
    size_t errlen);

/* Open the source opt asks for into src through its row of the source table
 * (source/source_table.h): the replay and labels files read, the corpus read
 * and the n-gram models trained, or the stub made; the stub by position
 * (--position-alpha) is a single run's, not a sweep's, whose cells set their
 * own noise. On failure (a file that cannot be read or is not well formed)
 * write one line to err and return -1. */
int sim_setup_source(const struct options *opt, struct source *src, char *err,
    size_t errlen);

/* As sim_setup, over a clone of shared (a source from sim_setup_source with the
 * same opt but for the noise, which the simulation sets): nothing is read or
 * trained again, and what shared loaded is shared read-only (source.h: clone).
 * shared stays open and unchanged but for its count of references, which is
 * not atomic: clone and close under one lock when threads share it. */
int sim_setup_clone(const struct options *opt, const struct source *shared,
    struct sim *sim, char *err, size_t errlen);

#endif
