/* sphinx_lm.h: the one file that talks to sphinxbase. A model file is read
 * whole (a regular file only: a directory, FIFO or device is refused without
 * waiting on it) and checked (lm_check.h) before sphinxbase sees it; a trie is
 * then read by sphinx_trie.h directly, ARPA text or DMP is converted to a trie
 * by sphinxbase in a child process. The child reads and writes two temporary
 * files in $TMPDIR (/tmp when unset) that are unlinked as soon as they are made,
 * so nothing is left there whatever ends either process, and no file name of
 * the user's reaches sphinxbase (which hands names ending in .gz, .bz2 or .Z to
 * a shell). A crash or an exit of the child is one line in err. Every message
 * names the user's file. sphinxbase is opened at run time, by the first
 * conversion or sphinx_lm_ready (sphinx_lazy.h). */
#ifndef SPECDEC_SPHINX_LM_H
#define SPECDEC_SPHINX_LM_H

#include <stddef.h>

#include "source/cmu/lm_check.h"

struct sphinx_trie;

/* sphinxbase is there: it loads (sphinx_lazy.h; call it before starting
 * threads). 0, or -1 with one line in err naming the library and --source cmu. */
int sphinx_lm_ready(char *err, size_t errlen);

/* The model at path, read into t; 0, or -1 with one line in err. */
int sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen);

/* The len bytes at buf, a model in fmt (ARPA or DMP), converted by sphinxbase in
 * a child process and read into t; path names it in err. buf need not have
 * passed lm_check: whatever sphinxbase does with it ends in the child. t is
 * zeroed on failure (sphinx_trie_free takes it either way). */
int sphinx_lm_convert(const char *buf, size_t len, enum lm_format fmt, const char *path,
    struct sphinx_trie *t, char *err, size_t errlen);

#endif
