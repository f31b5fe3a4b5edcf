/* trainmem.h: how much memory training the n-gram models on a corpus will take,
 * estimated before training, so that a corpus too large for the input memory
 * limit (memlimit.h) is refused in a second rather than after minutes of paging.
 *
 * The estimate is an upper bound on the peak resident memory of training, from
 * measurements (docs/performance.md): per corpus byte (the text and its token
 * ids) and per token per order (each token starts at most one new n-gram of each
 * length up to the order, and each costs the trie's arrays and hash slots),
 * plus the draft's noise rows (noise_rows.h) for each source that may draw
 * noise at once, at the largest vocabulary the corpus can give, and the block
 * sums its row caches keep (qcache.h) for each such source (one at least). */
#ifndef SPECDEC_TRAINMEM_H
#define SPECDEC_TRAINMEM_H

#include <stddef.h>
#include <stdint.h>

#define TRAINMEM_PER_BYTE 3		/* the text, its ids, the vocabulary */
#define TRAINMEM_PER_TOKEN_ORDER 96	/* one n-gram: trie arrays, hash, growth */
#define TRAINMEM_FIXED (16u << 20)	/* tables of the vocabulary size, code */

/* 0 when training order on text, with a vocabulary of at most max_vocab tokens
 * and noise_sets sets of noise rows (0 when no draft will have noise), fits
 * within limit bytes; else -1 with one line in err (errmsg.h) naming name, the
 * estimate, the limit and MEMLIMIT_ENV. */
int trainmem_check(const char *text, size_t len, int order, size_t max_vocab,
    unsigned noise_sets, uint64_t limit, const char *name, char *err, size_t errlen);

#endif
