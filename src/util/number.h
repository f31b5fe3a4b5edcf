/* number.h: the one number grammar of the program (NUMBERS in specdec(1)), for
 * option values and for the numbers in files alike: an optional sign, decimal
 * digits with an optional point and fraction (or a point and a fraction), an
 * optional exponent, and nothing else: no hexadecimal, no inf or nan, no white
 * space, any length. */
#ifndef SPECDEC_NUMBER_H
#define SPECDEC_NUMBER_H

#include <stddef.h>

/* 0 when the len bytes at s are a number of the grammar (integer: digits
 * alone, no sign); else -1, with *why set to the reason where there is more to
 * say than "not a number" (empty, white space, hexadecimal, not finite, an
 * integer written with a point or exponent), else to NULL. */
int number_check(const char *s, size_t len, int integer, const char **why);

#endif
