/* sphinx_lm.h: the one file that talks to sphinxbase. It opens a model file
 * with ngram_model_read (any format sphinxbase reads: ARPA text, DMP, its
 * binary trie) and, when the file is not already a trie, writes it as one to a
 * temporary file that sphinx_trie.h reads. Built only with HAVE_SPHINXBASE. */
#ifndef SPECDEC_SPHINX_LM_H
#define SPECDEC_SPHINX_LM_H

#include <stddef.h>

struct sphinx_trie;

/* The model at path, read into t; 0, or -1 with one line in err. */
int sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen);

#endif
