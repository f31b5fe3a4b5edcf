/* base64.c: bytes as base64 (base64.h). */
#include "config.h"

#include "util/base64.h"

static const char base64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
base64_write(FILE *f, const unsigned char *p, size_t n)
{
	unsigned long v;
	char out[4];
	size_t i, k;

	for (i = 0; i < n; i += 3) {
		k = n - i < 3 ? n - i : 3;
		v = (unsigned long)p[i] << 16 | (k > 1 ? (unsigned long)p[i + 1] << 8 : 0) |
		    (k > 2 ? p[i + 2] : 0);
		out[0] = base64_digits[v >> 18 & 63];
		out[1] = base64_digits[v >> 12 & 63];
		out[2] = k > 1 ? base64_digits[v >> 6 & 63] : '=';
		out[3] = k > 2 ? base64_digits[v & 63] : '=';
		fwrite(out, 1, 4, f);
	}
}
