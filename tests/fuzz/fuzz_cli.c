/* fuzz_cli.c: libFuzzer harness for the command line. The input is an argv, its
 * arguments separated by NUL bytes (at most ARGS_MAX). Every command line must
 * end in status 0 with nothing on the error stream, or in status 2 with exactly
 * one line "specdec: ...\n" that holds no other control character (values are
 * escaped); and whatever is accepted must be in range: every number within its
 * row of the option table, no -0, a mode and a source that exist and agree with
 * the files given. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_kind.h"
#include "cli/cli_table.h"
#include "source/source_table.h"

#define ARGS_MAX 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The value of row o in opt as a double, for the numeric kinds. */
static double
number_at(const struct cli_option *o, const struct options *opt, int i)
{
	return cli_kind_value(o, (const char *)opt + o->offset + (size_t)i * o->size);
}

/* Each numeric value of row o within its range. */
static void
check_row(const struct cli_option *o, const struct options *opt)
{
	int n = 1, i;
	double v;

	if (o->kind != CLI_KIND_INT && o->kind != CLI_KIND_REAL && o->kind != CLI_KIND_RATE)
		return;
	if (o->list_max > 0) {
		memcpy(&n, (const char *)opt + o->count_offset, sizeof n);
		/* a list without a default (--step-ms) is empty when not given */
		if (n < (cli_default(o) == NULL ? 0 : 1) || n > o->list_max)
			abort();
	}
	for (i = 0; i < n; i++) {
		v = number_at(o, opt, i);
		if (!isfinite(v) || signbit(v))
			abort();
		/* 0 is "max" for a rate, and "not given" for a row without a default */
		if ((o->kind == CLI_KIND_RATE || cli_default(o) == NULL) && v == 0.0)
			continue;
		if (v < o->min || v > o->max || (o->open_min && v <= o->min))
			abort();
	}
}

static void
check_accepted(const struct options *opt)
{
	size_t i;

	if ((int)opt->mode < 0 || opt->mode >= CLI_NMODES ||
	    (int)opt->source < 0 || (int)opt->source >= source_nentries)
		abort();
	if (opt->mode == CLI_HELP || opt->mode == CLI_VERSION || opt->mode == CLI_PRESETS)
		return;	/* they print and exit, whatever else is given (man page) */
	for (i = 0; i < cli_noptions; i++)
		check_row(&cli_options[i], opt);
	if ((opt->replay != NULL && opt->source != CLI_SOURCE_REPLAY) ||
	    (opt->corpus != NULL && opt->source != CLI_SOURCE_NGRAM) ||
	    (opt->source == CLI_SOURCE_REPLAY && opt->replay == NULL) ||
	    (opt->replay != NULL && opt->replay[0] == '\0'))
		abort();
	if (opt->mode == CLI_THEORY && (!(opt->cost_ratio >= 0.0) ||
	    opt->cost_ratio > 100.0 || signbit(opt->cost_ratio)))
		abort();
}

/* Exactly one line, "specdec: " first, no control character but its newline. */
static void
check_refusal(const char *msg, size_t len)
{
	size_t i;

	if (len < 10 || strncmp(msg, "specdec: ", 9) != 0 || msg[len - 1] != '\n')
		abort();
	for (i = 0; i + 1 < len; i++)
		if ((unsigned char)msg[i] < 0x20 || msg[i] == 0x7f)
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[ARGS_MAX + 2], *msg = NULL, *s;
	size_t msglen = 0;
	struct options opt;
	int argc = 0, rc;
	FILE *err;

	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[argc++] = (char *)"specdec";
	for (s = copy; s <= copy + size && argc <= ARGS_MAX; s += strlen(s) + 1)
		argv[argc++] = s;
	argv[argc] = NULL;
	err = open_memstream(&msg, &msglen);
	rc = cli_parse(argc, argv, &opt, err);
	fclose(err);
	if (rc == 0 && msglen == 0)
		check_accepted(&opt);
	else if (rc == CLI_EXIT_USAGE)
		check_refusal(msg, msglen);
	else
		abort();
	free(msg);
	free(copy);
	return 0;
}
