/* tokenize.c: words and punctuation from UTF-8 text. */
#include "config.h"

#include <string.h>

#include "source/tokenize.h"
#include "util/utf8.h"

enum cls { CLS_SPACE, CLS_PUNCT, CLS_JOIN, CLS_WORD };

size_t
tokenize_utf8(const char *s, size_t len, size_t i, unsigned long *cp)
{
	return utf8_decode(s, len, i, cp);
}

static int
is_space(unsigned long c)
{
	return c <= 0x20 || (c >= 0x7f && c <= 0xa0) || c == 0xad || c == 0x1680 ||
	    (c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) ||
	    (c >= 0x205f && c <= 0x206f) || c == 0x3000 || c == 0xfeff;
}

static int
is_punct(unsigned long c)
{
	if (c < 0x80)
		return strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", (int)c) != NULL;
	return (c >= 0xa1 && c <= 0xbf) || c == 0xd7 || c == 0xf7 ||
	    (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e) ||
	    (c >= 0x2190 && c <= 0x2bff) || (c >= 0x3001 && c <= 0x303f) ||
	    (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff01 && c <= 0xff0f) ||
	    (c >= 0xff1a && c <= 0xff20) || (c >= 0xff3b && c <= 0xff40) ||
	    (c >= 0xff5b && c <= 0xff65) || (c >= 0x1f000 && c <= 0x1faff);
}

/* Class of the character at s[i], and its length in *n (1 for an invalid byte,
 * which counts as space). */
static enum cls
classify(const char *s, size_t len, size_t i, size_t *n)
{
	unsigned long c;

	if ((*n = utf8_decode(s, len, i, &c)) == 0) {
		*n = 1;
		return CLS_SPACE;
	}
	if (is_space(c))
		return CLS_SPACE;
	if (c == '\'' || c == '-' || c == 0x2019 || c == 0x2010 || c == 0x2011)
		return CLS_JOIN;
	return is_punct(c) ? CLS_PUNCT : CLS_WORD;
}

/* The end of the word starting at i: word characters, and joiners with a word
 * character on each side, up to TOKENIZE_WORD_MAX bytes. */
static size_t
word_end(const char *s, size_t len, size_t i)
{
	size_t start = i, n, m;

	while (i < len) {
		enum cls c = classify(s, len, i, &n);

		if (c == CLS_JOIN && i + n < len &&
		    classify(s, len, i + n, &m) == CLS_WORD &&
		    i + n + m - start <= TOKENIZE_WORD_MAX) {
			i += n + m;
			continue;
		}
		if (c != CLS_WORD || i + n - start > TOKENIZE_WORD_MAX)
			break;
		i += n;
	}
	return i;
}

int
tokenize_next(const char *s, size_t len, size_t *pos, size_t *start, size_t *tlen)
{
	size_t i = *pos, n = 1;
	enum cls c = CLS_SPACE;

	while (i < len && (c = classify(s, len, i, &n)) == CLS_SPACE)
		i += n;
	if (i >= len) {
		*pos = len;
		return 0;
	}
	*start = i;
	*pos = c == CLS_WORD ? word_end(s, len, i) : i + n;
	*tlen = *pos - i;
	return 1;
}
