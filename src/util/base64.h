/* base64.h: bytes written as base64 (RFC 4648, with padding), for a data URL. */
#ifndef SPECDEC_BASE64_H
#define SPECDEC_BASE64_H

#include <stddef.h>
#include <stdio.h>

/* The n bytes at p as base64 on f, on one line. */
void base64_write(FILE *f, const unsigned char *p, size_t n);

#endif
