/* utf8.c: well-formed UTF-8 (RFC 3629) to code points. */
#include "config.h"

#include <string.h>

#include "util/utf8.h"

/* Length of the sequence that lead byte b starts, with its payload bits in
 * *bits; 0 for a byte that cannot lead (continuation, 0xc0, 0xc1, 0xf5 up). */
static size_t
lead(unsigned char b, unsigned long *bits)
{
	if (b < 0x80) {
		*bits = b;
		return 1;
	}
	if (b >= 0xc2 && b <= 0xdf) {
		*bits = b & 0x1f;
		return 2;
	}
	if (b >= 0xe0 && b <= 0xef) {
		*bits = b & 0x0f;
		return 3;
	}
	if (b >= 0xf0 && b <= 0xf4) {
		*bits = b & 0x07;
		return 4;
	}
	return 0;
}

size_t
utf8_decode(const char *s, size_t len, size_t i, unsigned long *cp)
{
	const unsigned char *u = (const unsigned char *)s + i;
	size_t n, k;
	unsigned long c;

	if ((n = lead(u[0], &c)) == 0 || len - i < n)
		return 0;
	for (k = 1; k < n; k++) {
		if ((u[k] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[k] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) || c > 0x10ffff ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

size_t
utf8_bom(const char *s, size_t len)
{
	return len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}
