/* utf8.h: the one UTF-8 decoder, shared by the tokenizer, the JSON writer and the
 * replay labels. Pure function. */
#ifndef SPECDEC_UTF8_H
#define SPECDEC_UTF8_H

#include <stddef.h>

/* Decode the code point at s[i..len) into *cp; returns its length in bytes (1..4),
 * or 0 when the bytes there are not valid UTF-8 (bad lead or continuation byte,
 * overlong form, surrogate, beyond U+10FFFF, truncated). An ASCII byte, NUL
 * included, is a code point of length 1. */
size_t utf8_decode(const char *s, size_t len, size_t i, unsigned long *cp);

/* The length of the byte-order mark at the start of the len bytes at s (a text
 * file saved by some editors starts with one): 3 for EF BB BF, else 0. */
size_t utf8_bom(const char *s, size_t len);

#endif
