/* lesson_set.c: a lesson's set and unset lines. The options they name are the
 * command line's: each set line's options are parsed by cli_parse from the
 * command line followed by every option the lesson has set so far (a set of an
 * option already set replaces its value), so a set accepts exactly what the
 * command line accepts, with its messages. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lesson/lesson_parser.h"
#include "lesson/lesson_set.h"
#include "util/errmsg.h"
#include "util/xalloc.h"

/* Whether a lesson may set row: an option of the live view that is not a mode,
 * not another lesson or recording, and not the run's own end. */
static int
settable(const struct cli_option *o)
{
	static const char *const not_here[] = { "lesson", "record", "frames", "duration",
	    "chapter", "print", "quiz",
	    NULL };
	int i;

	if (o->kind == CLI_KIND_MODE || !(o->modes & CLI_M_LIVE))
		return 0;
	for (i = 0; not_here[i] != NULL; i++)
		if (strcmp(o->name, not_here[i]) == 0)
			return 0;
	return 1;
}

/* The command line, then the lesson's options that apply in its mode, as a
 * NULL-terminated argv of copies. */
static char **
build_argv(const struct parser *ps, int *argc)
{
	const struct options *b = ps->base;
	char **argv = xcalloc((size_t)b->argc + 2 * LESSON_SET_MAX + 1, sizeof *argv);
	int i, n = 0;

	for (i = 0; i < b->argc; i++)
		argv[n++] = xstrdup(b->argv[i]);
	for (i = 0; i < ps->nset; i++) {
		if (!(ps->set_row[i]->modes & (1u << b->mode)))
			continue;	/* --rate in a batch run: the view's alone */
		argv[n++] = xasprintf("--%s", ps->set_row[i]->name);
		if (ps->set_row[i]->arg != NULL)
			argv[n++] = xstrdup(ps->set_value[i]);
	}
	argv[n] = NULL;
	*argc = n;
	return argv;
}

/* The parser's message, "specdec: " and the newline cut. */
static void
cli_message(char *msg, size_t len, FILE *f)
{
	size_t n;

	rewind(f);
	n = fread(msg, 1, len - 1, f);
	msg[n] = '\0';
	if (strncmp(msg, "specdec: ", 9) == 0)
		memmove(msg, msg + 9, strlen(msg + 9) + 1);
	msg[strcspn(msg, "\n")] = '\0';
}

/* Whether path is a file the lesson made for a pair line. */
static int
is_pair_file(const struct lesson *ls, const char *path)
{
	int i;

	for (i = 0; path != NULL && i < ls->ntemp; i++)
		if (strcmp(ls->temp[i], path) == 0)
			return 1;
	return 0;
}

/* The options after this line, into a new set item. */
static int
reparse(struct parser *ps)
{
	struct lesson_item *it;
	char msg[ERRMSG_MAX], **copy;
	int argc, rc, i;
	char buf[ERRMSG_MAX];
	FILE *f;

	if (ps->nchanges == LESSON_CHANGES_MAX)
		return lesson_fail(ps, "more than %d changes of the options (set, unset,"
		    " pair)", LESSON_CHANGES_MAX);
	ps->nchanges++;
	it = lesson_add_item(ps, LESSON_SET);
	if ((f = fmemopen(buf, sizeof buf, "w+")) == NULL)
		return lesson_fail(ps, "cannot open a buffer for the option parser");
	it->argv = build_argv(ps, &argc);
	it->opt = xcalloc(1, sizeof *it->opt);
	copy = xcalloc((size_t)argc + 1, sizeof *copy);	/* getopt permutes */
	for (i = 0; i < argc; i++)
		copy[i] = it->argv[i];
	rc = cli_parse_after(argc, copy, ps->base->argc, it->opt, f);
	cli_message(msg, sizeof msg, f);
	fclose(f);
	free(copy);
	it->opt->argc = ps->base->argc;
	it->opt->argv = ps->base->argv;
	if (rc != 0)
		return lesson_fail(ps, "%s", msg);
	if (it->opt->mode != ps->base->mode)
		return lesson_fail(ps, "the options change the mode");
	it->pair = is_pair_file(ps->ls, it->opt->replay);
	return 0;
}

/* The place of row among the options set so far, or -1. */
static int
set_index(const struct parser *ps, const struct cli_option *row)
{
	int i;

	for (i = 0; i < ps->nset; i++)
		if (ps->set_row[i] == row)
			return i;
	return -1;
}

int
lesson_parse_set(struct parser *ps, const char *rest, int unset)
{
	char name[LESSON_WORD_MAX];
	const struct cli_option *row;
	int at;

	lesson_next_word(&rest, name);
	if (name[0] == '\0')
		return lesson_fail(ps, "%s needs an option's name", unset ? "unset" : "set");
	if ((row = cli_table_find(name[0] == '-' && name[1] == '-' ? name + 2 : name)) == NULL)
		return lesson_fail(ps, "no option '%s' (specdec --help lists them)", name);
	if (!settable(row))
		return lesson_fail(ps, "a lesson cannot set --%s", row->name);
	at = set_index(ps, row);
	if (unset) {
		if (at < 0)
			return lesson_fail(ps, "--%s was not set", row->name);
		free(ps->set_value[at]);
		ps->nset--;
		memmove(&ps->set_row[at], &ps->set_row[at + 1],
		    (size_t)(ps->nset - at) * sizeof ps->set_row[0]);
		memmove(&ps->set_value[at], &ps->set_value[at + 1],
		    (size_t)(ps->nset - at) * sizeof ps->set_value[0]);
	} else {
		if (row->arg == NULL && *rest != '\0')
			return lesson_fail(ps, "--%s takes no value", row->name);
		if (row->arg != NULL && *rest == '\0')
			return lesson_fail(ps, "--%s needs a value (%s)", row->name, row->arg);
		if (at < 0 && ps->nset == LESSON_SET_MAX)
			return lesson_fail(ps, "more than %d options set", LESSON_SET_MAX);
		if (at < 0) {
			at = ps->nset++;
			ps->set_row[at] = row;
		} else {
			free(ps->set_value[at]);
		}
		ps->set_value[at] = xstrdup(rest);
	}
	if (reparse(ps) != 0)
		return -1;
	ps->ls->item[ps->ls->n - 1].reopen = (row->modes & CLI_M_BATCH) != 0;
	return 0;
}
