/* test_source_table: the source table's rows, and what the command line makes
 * of them. Every option a row names is a row of the option table; every
 * refusal of an option a source does not take names the source as its row
 * does (never "(null)"), so a new row cannot leave a refusal without a name. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_kind.h"
#include "cli/cli_table.h"
#include "source/source_table.h"
#include "lib/tap.h"

#define ARGS_MAX 12

/* cli_parse over argv (argc words); its error line into err. */
static int
parse_words(int argc, const char **words, char *err, size_t errlen)
{
	char *argv[ARGS_MAX + 1];
	struct options opt;
	FILE *f = tmpfile();
	int i, rc;

	for (i = 0; i < argc; i++)
		argv[i] = (char *)words[i];
	argv[argc] = NULL;
	rc = cli_parse(argc, argv, &opt, f);
	rewind(f);
	if (fgets(err, (int)errlen, f) == NULL)
		err[0] = '\0';
	fclose(f);
	return rc;
}

static int
names_option(const char *const *names)
{
	for (; names != NULL && *names != NULL; names++)
		if (cli_table_find(*names) == NULL)
			return 0;
	return 1;
}

static void
test_rows(void)
{
	const struct source_refusal *r;
	int i, good;

	tap_ok(source_nentries >= 4 && source_names[source_nentries] == NULL,
	    "%d rows, their names NULL-terminated", source_nentries);
	tap_ok(cli_table_find("source")->choices == source_names,
	    "--source's choices are the table's names");
	for (i = 0; i < source_nentries; i++) {
		const struct source_entry *e = source_table[i];

		good = e->open != NULL && strcmp(source_names[i], e->name) == 0 &&
		    source_table_find(e->name) == i && names_option(e->takes);
		for (r = e->refuses; r != NULL && r->option != NULL; r++)
			good &= cli_table_find(r->option) != NULL && r->hint != NULL;
		good &= e->chosen_by == NULL ||
		    cli_table_find(e->chosen_by)->kind == CLI_KIND_FILE;
		good &= !(e->flags & SOURCE_F_NEEDS_CHOOSER) || e->chosen_by != NULL;
		tap_ok(good, "%s: opens; its options, refusals and chooser are rows", e->name);
	}
	tap_ok(strcmp(source_table_name(2), "ngram") == 0 &&
	    strcmp(source_table_name(source_nentries), "?") == 0,
	    "names by index, ? out of range");
}

/* Refuse each option some source takes and e does not: the message names e's
 * noun or the one taker's, never "(null)". */
static void
test_refusals(int index)
{
	const struct source_entry *e = source_table[index];
	const char *w[ARGS_MAX];
	char err[512], want[128], noun[64];
	int j, n, rc, good = 1, tried = 0;
	const char *const *t;

	for (j = 0; j < source_nentries; j++) {
		for (t = source_table[j]->takes; t != NULL && *t != NULL; t++) {
			const struct cli_option *o = cli_table_find(*t);

			if (source_takes(e, *t))
				continue;
			n = 0;
			w[n++] = "specdec";
			w[n++] = "--batch";
			w[n++] = "--source";
			w[n++] = e->name;
			if (e->flags & SOURCE_F_NEEDS_CHOOSER) {
				snprintf(want, sizeof want, "--%s", e->chosen_by);
				w[n++] = want;
				w[n++] = "x";
			}
			snprintf(noun, sizeof noun, "--%s", *t);
			w[n++] = noun;
			w[n++] = cli_default(o) != NULL ? cli_default(o) : "0.5";
			rc = parse_words(n, w, err, sizeof err);
			good &= rc == CLI_EXIT_USAGE && strstr(err, "(null)") == NULL &&
			    strncmp(err, "specdec: ", 9) == 0 && strstr(err, noun) != NULL;
			if (!good)
				fprintf(stderr, "# %s %s: rc %d, %s", e->name, noun, rc, err);
			tried++;
		}
	}
	tap_ok(good, "%s: %d refusals name an option and a source", e->name, tried);
}

static void
test_messages(void)
{
	const char *noise[] = { "specdec", "--batch", "--replay", "r", "--noise", "1" };
	const char *both[] = { "specdec", "--batch", "--replay", "r", "--corpus", "c" };
	const char *needs[] = { "specdec", "--batch", "--source", "ngram", "--lm", "m" };
	const char *alone[] = { "specdec", "--batch", "--source", "replay" };
	char err[512];

	parse_words(6, noise, err, sizeof err);
	tap_ok(strcmp(err, "specdec: --noise does not apply to --replay (the file gives the "
	    "draft as it is)\n") == 0, "a refusal with the refusing row's hint");
	parse_words(6, both, err, sizeof err);
	tap_ok(strcmp(err, "specdec: --replay and --corpus choose different sources\n") == 0, "two choosers");
	parse_words(6, needs, err, sizeof err);
	tap_ok(strcmp(err, "specdec: --lm needs --source cmu (or no --source)\n") == 0, "a chooser against --source");
	parse_words(4, alone, err, sizeof err);
	tap_ok(strcmp(err, "specdec: --source replay needs --replay FILE\n") == 0, "a source without its chooser");
}

int
main(void)
{
	int i;

	test_rows();
	for (i = 0; i < source_nentries; i++)
		test_refusals(i);
	test_messages();
	return tap_done();
}
