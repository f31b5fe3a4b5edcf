/* source_replay.h: replay target and draft distributions from a file (the format
 * is in replay_parse.h and the man page). Each pair of distribution lines serves
 * every position of one speculative step, like the stub; the next step takes the
 * next pair, and the file starts over after its last pair. The reference stream
 * walks the pairs on its own, one pair per token.
 *
 * The file is read once, when it is opened, and checked whole, so a bad file is
 * refused before anything is simulated; its distributions are kept in memory
 * (replay_store.h), shared by the source and its clones, and served from there:
 * the file is never read again, so a change to it after the open cannot reach
 * the run. Its text and its distributions together must fit in the input
 * memory limit (memlimit.h). Noise does not apply: the file gives the draft as
 * it is. */
#ifndef SPECDEC_SOURCE_REPLAY_H
#define SPECDEC_SOURCE_REPLAY_H

#include <stddef.h>

struct source;

/* Check and open path, with labels (one per line, as many as the vocabulary;
 * NULL for none). On failure write one line naming the file, line and what is
 * wrong to err (errmsg.h) and return -1. */
int source_replay_open(struct source *src, const char *path, const char *labels,
    char *err, size_t errlen);

#endif
