/* corpus_builtin.h: the built-in corpus of the n-gram source. data/corpus.txt
 * is compiled into the program (data/embed.sh writes corpus_builtin.c from it
 * at build time), so that --source ngram without --corpus works wherever the
 * program was built, installed or not, and the binary holds no data path. */
#ifndef SPECDEC_CORPUS_BUILTIN_H
#define SPECDEC_CORPUS_BUILTIN_H

#include <stddef.h>

/* The name the reports give the built-in corpus where they give a file's. */
#define CORPUS_BUILTIN_NAME "(built-in)"

/* data/corpus.txt's bytes and a NUL after them; its length without the NUL. */
extern const unsigned char corpus_builtin[];
extern const size_t corpus_builtin_len;

#endif
