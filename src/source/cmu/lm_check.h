/* lm_check.h: a language model file checked before sphinxbase reads it. Pure C,
 * no sphinxbase: sphinxbase's readers trust their input (a truncated ARPA file,
 * a missing \end\, a negative count or a DMP header with an oversized string
 * crash it), so every file that goes to sphinxbase passes these checks first.
 *
 * ARPA text, as sphinxbase reads it (lines trimmed, blank lines and lines
 * starting with '#' skipped, a UTF-8 byte-order mark dropped): text before a
 * "\data\" line; "ngram N=C" lines for N = 1, 2 ... (orders 1 to 3, counts 1 (2 words at
 * least) to LM_CHECK_MAX_COUNT); then for each order a "\N-grams:" line followed by
 * exactly C lines "logprob w1 .. wN [backoff]" (a backoff only below the
 * highest order; numbers finite, the log probability at most 0, every word of a
 * longer n-gram among the 1-grams, no 1-gram twice); then "\end\". No NUL byte.
 *
 * DMP ("Darpa Trigram LM", either byte order): the whole layout sphinxbase's
 * DMP reader walks, each length inside the file and below its buffers, counts
 * nonnegative, indices inside their tables, pointers nondecreasing, weights
 * finite, one word string per unigram.
 *
 * Messages are "NAME: reason" (ARPA: "NAME: line L: reason"), NAME being the
 * user's path; errmsg.h. */
#ifndef SPECDEC_LM_CHECK_H
#define SPECDEC_LM_CHECK_H

#include <stddef.h>

#define LM_CHECK_MAX_COUNT 33554431	/* 2^25 - 1: the trie's word and index bits */

enum lm_format {
	LM_FORMAT_TRIE,		/* sphinxbase's binary trie: read by sphinx_trie.h */
	LM_FORMAT_ARPA,
	LM_FORMAT_DMP,
};

/* The format of the model in buf (len bytes), and for ARPA and DMP the checks
 * above; 0 with *fmt, or -1 with one line in err. A trie is only recognised
 * here (sphinx_trie.h checks it as it reads). */
int lm_check(const char *buf, size_t len, const char *name, enum lm_format *fmt,
    char *err, size_t errlen);

/* The ARPA checks alone (lm_arpa.c); buf need not be NUL-terminated. */
int lm_check_arpa(const char *buf, size_t len, const char *name, char *err,
    size_t errlen);

/* The DMP checks alone (lm_dmp.c). */
int lm_check_dmp(const unsigned char *buf, size_t len, const char *name, char *err,
    size_t errlen);

#endif
