/* cli_kind.h: what each kind of option value accepts, how it is stored in struct
 * options, and how its valid values read in --help, the man page and the errors. */
#ifndef SPECDEC_CLI_KIND_H
#define SPECDEC_CLI_KIND_H

#include <stddef.h>

#include "cli/options.h"
#include "cli/cli_table.h"

/* The ways of writing an option's valid values. */
enum cli_style {
	CLI_STYLE_HELP,		/* --help: "1..32", ">0..86400", "stub|replay|ngram" */
	CLI_STYLE_MAN,		/* the man page: "1 to 32", "above 0 and at most 86400" */
	CLI_STYLE_ERROR,	/* after "is not": "an integer from 1 to 32" */
};

/* Nonzero when the option takes a value. */
int cli_kind_takes_value(const struct cli_option *o);

/* The option's default as text: its row's .def, else the default of the rule
 * parameter it sets (verify.h's entries own those); NULL: none. */
const char *cli_default(const struct cli_option *o);

/* The numeric value stored at field for row o (a real, or an integer of the
 * row's size), as a double. */
double cli_kind_value(const struct cli_option *o, const void *field);

#define CLI_KIND_UNREPRESENTABLE (-2)

/* Parse arg, the whole string, as a value of o and store it in opt: 0, or -1 when
 * arg is not one (opt may then hold part of a list), with *why NULL or the
 * reason beyond "not in the range" (white space, hexadecimal, not finite, an
 * integer written with a point or exponent); or CLI_KIND_UNREPRESENTABLE for a
 * number of the grammar that rounds to 0 from further out, *why then saying so
 * after the value. Flags store 1; a mode row stores nothing. Numbers follow one
 * grammar (NUMBERS in specdec(1)); a real -0 is stored as 0, a subnormal as it is. */
int cli_kind_parse(const struct cli_option *o, const char *arg, struct options *opt,
    const char **why);

/* o's valid values in style, into buf (always terminated; "" when there is nothing
 * to say, as for a file name in --help). */
void cli_kind_range(const struct cli_option *o, enum cli_style style, char *buf,
    size_t len);

#endif
