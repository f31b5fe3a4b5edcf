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

/* The name of opt's corpus for the n-gram source: --corpus FILE, else
 * $SPECDEC_CORPUS when set and not empty, else the built-in corpus's name,
 * CORPUS_BUILTIN_NAME (source/corpus_builtin.h). */
const char *sim_setup_corpus_name(const struct options *opt);

#endif
