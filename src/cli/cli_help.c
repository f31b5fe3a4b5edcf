/* cli_help.c: the --help text, made from the option table and the exit statuses. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_kind.h"
#include "cli/cli_table.h"
#include "util/exit_status.h"

#define HELP_WIDTH 79		/* longest line */
#define HELP_COLUMN 25		/* where an option's description starts */
#define HELP_TEXT_MAX 1024

static const struct {
	int status;
	const char *meaning;
} exit_statuses[] = {
	{ EXIT_STATUS_OK, "success (in batch mode: no check failed; skipped ones do not count)" },
	{ EXIT_STATUS_CHECK_FAILED, "a check failed" },
	{ EXIT_STATUS_USAGE, "usage error or bad input" },
	{ EXIT_STATUS_RUNTIME, "runtime failure (out of memory, a write error)" },
	{ EXIT_STATUS_HANGUP, "the live view's terminal went away" },
	{ EXIT_STATUS_INTERRUPTED, "batch run interrupted" },
};

/* text from column col, word by word, each line at most HELP_WIDTH long, the
 * lines after the first indented by indent. A list of choices (a|b|c) too long
 * for a line of its own breaks after a bar. */
static void
wrap(FILE *out, const char *text, int col, int indent)
{
	size_t n;
	int glued = 0;		/* the last piece ended in a bar: no space */

	while (*text != '\0') {
		n = strcspn(text, " ");
		if (indent + (int)n > HELP_WIDTH && strcspn(text, "|") < n)
			n = strcspn(text, "|") + 1;	/* too long for any line */
		if (col > indent && col + !glued + (int)n > HELP_WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent && !glued) {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)n, text);
		col += (int)n;
		glued = text[n - 1] == '|';
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

/* The description: the help line, then the range and the default in brackets. */
static void
describe(const struct cli_option *o, char *buf, size_t len)
{
	char range[HELP_TEXT_MAX];
	const char *def = cli_default(o);
	size_t n;

	cli_kind_range(o, CLI_STYLE_HELP, range, sizeof range);
	n = (size_t)snprintf(buf, len, "%s", o->help);
	if (range[0] == '\0' && def == NULL)
		return;
	snprintf(buf + n, len - n, " (%s%s%s%s%s)", range,
	    range[0] != '\0' && def != NULL ? ", " : "",
	    def != NULL ? "default " : "", def != NULL ? def : "",
	    def != NULL && o->def_note != NULL ? o->def_note : "");
}

static void
usage_option(FILE *out, const struct cli_option *o)
{
	char text[HELP_TEXT_MAX];
	int col;

	if (o->letter != 0)
		col = fprintf(out, "  -%c, --%s", o->letter, o->name);
	else
		col = fprintf(out, "      --%s", o->name);
	if (o->arg != NULL)
		col += fprintf(out, " %s", o->arg);
	if (col + 2 > HELP_COLUMN) {
		fputc('\n', out);
		col = 0;
	}
	fprintf(out, "%*s", HELP_COLUMN - col, "");
	describe(o, text, sizeof text);
	wrap(out, text, HELP_COLUMN, HELP_COLUMN);
}

static void
usage_exit_statuses(FILE *out)
{
	size_t i;

	fputs("Exit status:\n", out);
	for (i = 0; i < sizeof exit_statuses / sizeof exit_statuses[0]; i++)
		fprintf(out, "  %-5d%s\n", exit_statuses[i].status, exit_statuses[i].meaning);
}

void
cli_usage(FILE *out)
{
	size_t i;
	int g;

	fputs("Usage: specdec [OPTION]...\n"
	    "Watch speculative decoding: a draft proposes gamma tokens, the target "
	    "verifies\nthem, and the running statistics meet the closed-form theory.\n"
	    "\n"
	    "Without --batch or --theory, opens the live view in the terminal.\n", out);
	for (g = 0; g < CLI_NGROUPS; g++) {
		fprintf(out, "\n%s%s", cli_group_heading[g],
		    cli_group_heading[g][0] != '\0' ? "\n" : "");
		for (i = 0; i < cli_noptions; i++)
			if (cli_options[i].group == (enum cli_group)g)
				usage_option(out, &cli_options[i]);
	}
	fputc('\n', out);
	usage_exit_statuses(out);
}
