/* source_replay.h: replay target and draft distributions from a file (the format
 * is in replay_parse.h and the man page). Each pair of distribution lines serves
 * every position of one speculative step, like the stub; the next step takes the
 * next pair, and the file starts over after its last pair. The reference stream
 * walks the pairs on its own, one pair per token.
 *
 * The whole file is checked when it is opened, so a bad file is refused before
 * anything is simulated; then it is read again as the steps go, one pair at a
 * time, so only the current pair is ever held (as two dense vectors). Noise does
 * not apply: the file gives the draft as it is. */
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
