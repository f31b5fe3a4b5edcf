/* vocab.h: the vocabulary of a text: its tokens (see tokenize.h) numbered by
 * falling frequency, capped, with one unknown token standing for the rest. */
#ifndef SPECDEC_VOCAB_H
#define SPECDEC_VOCAB_H

#include <stddef.h>
#include <stdint.h>

#define VOCAB_UNK_LABEL "<unk>"
#define VOCAB_NO_UNK UINT32_MAX	/* unk when every word was kept */

struct vocab {
	size_t size;		/* words kept, + 1 for unk when some were not; ids
				 * 0..size-1 */
	uint32_t unk;		/* id of the unknown token: size - 1, or VOCAB_NO_UNK
				 * when the text has no more than max_vocab types
				 * (no token stands for nothing, so none is drawn) */
	size_t types;		/* distinct tokens in the text, before the cap */
	char **word;		/* size labels; word[unk] is VOCAB_UNK_LABEL */
	char *arena;		/* the kept words' bytes */
};

/* Tokenize text[0..len), number its token types by falling count (ties: first
 * seen first). When there are more than max_vocab, keep the max_vocab - 1 most
 * frequent (max_vocab >= 2) and map the others to the unknown token; otherwise
 * keep them all, with no unknown token. On success fill v, set *ids to a malloc'd array of
 * the text's *nids token ids. Returns 0: it cannot fail (running out of memory
 * ends the process, xalloc.h); the status stays for the callers that test it. */
int vocab_build(const char *text, size_t len, size_t max_vocab, struct vocab *v,
    uint32_t **ids, size_t *nids);

void vocab_free(struct vocab *v);

#endif
