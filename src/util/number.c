/* number.c: the number grammar of options and files. */
#include "config.h"

#include <string.h>

#include "util/number.h"

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The end of the digits from i. */
static size_t
digits_from(const char *s, size_t len, size_t i, size_t *count)
{
	for (; i < len && is_digit(s[i]); i++)
		(*count)++;
	return i;
}

/* Whether the len bytes at s are, whole, a sign, digits with an optional point
 * and fraction, and an optional exponent. */
static int
decimal_form(const char *s, size_t len)
{
	size_t i = 0, digits = 0, exp_digits = 0;

	if (i < len && (s[i] == '+' || s[i] == '-'))
		i++;
	i = digits_from(s, len, i, &digits);
	if (i < len && s[i] == '.')
		i = digits_from(s, len, i + 1, &digits);
	if (digits == 0)
		return 0;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		i = digits_from(s, len, i, &exp_digits);
		if (exp_digits == 0)
			return 0;
	}
	return i == len;
}

static int
has_byte(const char *s, size_t len, const char *set)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] != '\0' && strchr(set, s[i]) != NULL)
			return 1;
	return 0;
}

/* Whether the bytes at p (n of them) start with word, in any case. */
static int
starts_with_word(const char *p, size_t n, const char *word)
{
	size_t i, w = strlen(word);

	if (n < w)
		return 0;
	for (i = 0; i < w; i++)
		if ((p[i] | 0x20) != word[i])
			return 0;
	return 1;
}

int
number_check(const char *s, size_t len, int integer, const char **why)
{
	size_t sign = len > 0 && (s[0] == '+' || s[0] == '-');
	const char *p = s + sign;
	size_t n = len - sign;

	*why = NULL;
	if (len == 0)
		*why = "the value is empty";
	else if (has_byte(s, len, " \t\n\v\f\r"))
		*why = "white space is not allowed in a number";
	else if (n >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		*why = "numbers are written in decimal, not hexadecimal";
	else if (starts_with_word(p, n, "inf") || starts_with_word(p, n, "nan"))
		*why = "a number must be finite";
	else if (!decimal_form(s, len))
		return -1;
	else if (integer && has_byte(s, len, "+.eE"))
		*why = "an integer is written with digits alone";
	else if (integer && s[0] == '-')
		return -1;	/* below every integer range: no more to say */
	else
		return 0;
	return -1;
}
