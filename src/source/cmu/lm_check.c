/* lm_check.c: which format a model file is in, and its checks. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "source/cmu/lm_check.h"

#define TRIE_HEADER "Trie Language Model"
#define DMP_MAGIC "Darpa Trigram LM"

/* Whether buf holds a line "\data\" (after blanks), as an ARPA file does. */
static int
has_data_line(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end && (p = memchr(p, '\\', (size_t)(end - p))) != NULL) {
		const char *q = p;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
			q--;
		if ((q == buf || q[-1] == '\n' || (q - buf == 3 &&
		    memcmp(buf, "\xef\xbb\xbf", 3) == 0)) &&
		    (size_t)(end - p) >= 6 && memcmp(p, "\\data\\", 6) == 0)
			return 1;
		p++;
	}
	return 0;
}

static int
is_dmp(const unsigned char *b, size_t len)
{
	static const unsigned char le[4] = { sizeof DMP_MAGIC, 0, 0, 0 },
	    be[4] = { 0, 0, 0, sizeof DMP_MAGIC };

	return len >= 4 + sizeof DMP_MAGIC && (memcmp(b, le, 4) == 0 ||
	    memcmp(b, be, 4) == 0) && memcmp(b + 4, DMP_MAGIC, sizeof DMP_MAGIC) == 0;
}

int
lm_check(const char *buf, size_t len, const char *name, enum lm_format *fmt,
    char *err, size_t errlen)
{
	const unsigned char *b = (const unsigned char *)buf;

	if (len >= strlen(TRIE_HEADER) && memcmp(buf, TRIE_HEADER,
	    strlen(TRIE_HEADER)) == 0) {
		*fmt = LM_FORMAT_TRIE;
		return 0;
	}
	if (is_dmp(b, len)) {
		*fmt = LM_FORMAT_DMP;
		return lm_check_dmp(b, len, name, err, errlen);
	}
	if (has_data_line(buf, len)) {
		*fmt = LM_FORMAT_ARPA;
		return lm_check_arpa(buf, len, name, err, errlen);
	}
	if (len == 0)
		snprintf(err, errlen, "%s: an empty file, not a language model", name);
	else
		snprintf(err, errlen, "%s: not a language model sphinxbase reads (no "
		    "\\data\\ line of ARPA text, no DMP or trie header; a compressed "
		    "model must be decompressed first)", name);
	return -1;
}
