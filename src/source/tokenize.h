/* tokenize.h: split UTF-8 text into word-level tokens, the units of the n-gram
 * models. A token is either a word (a run of letters, digits and other non-
 * punctuation characters, where an apostrophe or a hyphen between two of them
 * joins them, as in "don't" and "well-known") or one punctuation character.
 * White space, control characters and bytes that are not valid UTF-8 only separate
 * tokens, so every token is non-empty, valid UTF-8 and printable. Pure functions. */
#ifndef SPECDEC_TOKENIZE_H
#define SPECDEC_TOKENIZE_H

#include <stddef.h>

#define TOKENIZE_WORD_MAX 64	/* longer words are cut into pieces of at most this */

/* Find the next token in s[*pos..len). Returns 1 with the token at s[*start] of
 * *tlen bytes and *pos moved past it, or 0 (and *pos = len) when none is left. */
int tokenize_next(const char *s, size_t len, size_t *pos, size_t *start, size_t *tlen);

/* utf8_decode (utf8.h) under its former name, for callers not yet moved to it. */
size_t tokenize_utf8(const char *s, size_t len, size_t i, unsigned long *cp);

#endif
