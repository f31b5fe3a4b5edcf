/* sources.h: open the source the command line asks for. */
#ifndef SPECDEC_SOURCES_H
#define SPECDEC_SOURCES_H

#include <stdio.h>

struct options;
struct source;

/* Open the source described by opt into src. On failure write one line to err and
 * return -1. */
int sources_open(const struct options *opt, struct source *src, FILE *err);

/* The built-in corpus: $SPECDEC_CORPUS when set and not empty, else the installed
 * copy (pkgdatadir/corpus.txt) when readable, else the source tree's
 * data/corpus.txt (so the program works uninstalled); NULL when none is there. */
const char *sources_default_corpus(void);

#endif
