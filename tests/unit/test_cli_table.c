/* test_cli_table.c: the option table is consistent, --help is made from it, and
 * the man page's OPTIONS section lists exactly its rows, each with its value's
 * name, range and default. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/cli_kind.h"
#include "cli/cli_table.h"
#include "lib/tap.h"

#define LINE_MAX_MAN 512
#define TEXT_MAX 8192

static void
test_unique(void)
{
	size_t i, j;
	int dup = 0;

	for (i = 0; i < cli_noptions; i++)
		for (j = i + 1; j < cli_noptions; j++)
			dup += strcmp(cli_options[i].name, cli_options[j].name) == 0 ||
			    (cli_options[i].letter != 0 &&
			    cli_options[i].letter == cli_options[j].letter);
	tap_eq(dup, 0, "no long name or letter used twice");
}

/* The field's size fits the kind, and an integer's largest value fits the field
 * (as a signed one, the stricter). */
static int
field_fits(const struct cli_option *o)
{
	switch (o->kind) {
	case CLI_KIND_FLAG:
		return o->size == sizeof(int);
	case CLI_KIND_MODE:
		return o->size == 0 && o->asks > CLI_LIVE && o->asks < CLI_NMODES;
	case CLI_KIND_U64:
		return o->size == sizeof(uint64_t);
	case CLI_KIND_REAL:
	case CLI_KIND_RATE:
		return o->size == sizeof(double) && o->min <= o->max;
	case CLI_KIND_FILE:
	case CLI_KIND_TEXT:
		return o->size == sizeof(const char *) && o->list_max == 0;
	case CLI_KIND_CHOICE:
		return o->choices != NULL && o->choices[0] != NULL &&
		    (o->size == 4 || o->size == 8);
	case CLI_KIND_INT:
		return (o->size == 4 || o->size == 8) && o->min >= 0 && o->min <= o->max &&
		    o->max < (o->size == 4 ? 2147483648.0 : 9007199254740992.0);
	}
	return 0;
}

static void
test_rows(void)
{
	struct options opt;
	const char *why;
	size_t i;

	for (i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		tap_ok(field_fits(o), "--%s: its field fits its kind", o->name);
		tap_ok((o->arg != NULL) == cli_kind_takes_value(o) && o->help != NULL &&
		    o->help[0] != '\0' && o->group < CLI_NGROUPS,
		    "--%s: a value name iff it takes a value, a help line, a group", o->name);
		tap_ok(o->modes != 0 && (o->modes & ~(CLI_M_ANY | CLI_M_EXPORT)) == 0,
		    "--%s: applies to some modes", o->name);
		memset(&opt, 0, sizeof opt);
		tap_ok(cli_default(o) == NULL || cli_kind_parse(o, cli_default(o), &opt,
		    &why) == 0,
		    "--%s: its default '%s' is one of its values", o->name,
		    cli_default(o) != NULL ? cli_default(o) : "");
	}
	tap_ok(cli_table_find("vocab") != NULL && cli_table_find("nope") == NULL &&
	    cli_table_find_letter('g') == cli_table_find("gamma") &&
	    cli_table_find_letter(0) == NULL, "rows found by name and by letter");
}

static char *
slurp(FILE *f)
{
	char *buf;
	long len;

	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0)
		return NULL;
	rewind(f);
	buf = calloc((size_t)len + 1, 1);
	if (buf != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

static void
test_help(void)
{
	FILE *f = tmpfile();
	char *help, *line, *save = NULL, want[64];
	size_t i, longest = 0;
	int missing = 0;

	cli_usage(f);
	help = slurp(f);
	fclose(f);
	if (!tap_ok(help != NULL, "--help text made"))
		return;
	for (i = 0; i < cli_noptions; i++) {
		snprintf(want, sizeof want, "--%s%s%s", cli_options[i].name,
		    cli_options[i].arg != NULL ? " " : "",
		    cli_options[i].arg != NULL ? cli_options[i].arg : "");
		missing += strstr(help, want) == NULL;
	}
	tap_eq(missing, 0, "--help lists every row with its value's name");
	tap_ok(strstr(help, "(1..32, default 4)") != NULL &&
	    strstr(help, "(>0..86400)") != NULL &&
	    strstr(help, "(1..1e6 or max, default 20)") != NULL &&
	    strstr(help, "(stub|replay|ngram|cmu") != NULL &&
	    strstr(help, ", default stub)") != NULL &&
	    strstr(help, "(0..2^64-1, default 0)") != NULL,
	    "--help gives ranges and defaults from the rows");
	tap_ok(strstr(help, "\n  3    runtime failure") != NULL &&
	    strstr(help, "\n  130  batch run interrupted") != NULL,
	    "--help lists the exit statuses");
	for (line = strtok_r(help, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		if (strlen(line) > longest)
			longest = strlen(line);
	tap_ok(longest <= 79, "--help lines within 79 columns (longest %zu)", longest);
	free(help);
}

/* s as roff writes it: every minus sign escaped. */
static void
roff(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s != '\0' && n + 3 < len; s++) {
		if (*s == '-')
			out[n++] = '\\';
		out[n++] = *s;
	}
	out[n] = '\0';
}

/* An entry of the man page's OPTIONS list: what its .It line names, and its text
 * with the macros' names dropped and the lines joined. */
struct man_item {
	char letter;
	char name[64];
	char arg[64];
	char raw[TEXT_MAX];
	char flat[TEXT_MAX];
};

/* ".It Fl g , Fl \-gamma Ar G" into item. */
static void
read_it_line(char *line, struct man_item *it)
{
	char *tok, *save = NULL, *prev = NULL;
	size_t n = 0;

	memset(it, 0, sizeof *it);
	for (tok = strtok_r(line, " ", &save); tok != NULL; prev = tok,
	    tok = strtok_r(NULL, " ", &save)) {
		if (prev != NULL && strcmp(prev, "Ar") == 0)
			snprintf(it->arg, sizeof it->arg, "%s", tok);
		if (prev == NULL || strcmp(prev, "Fl") != 0)
			continue;
		if (strncmp(tok, "\\-", 2) != 0) {
			it->letter = tok[0];
			continue;
		}
		for (tok += 2, n = 0; *tok != '\0' && n + 1 < sizeof it->name; tok++)
			if (*tok != '\\')
				it->name[n++] = *tok;
		it->name[n] = '\0';
	}
}

static void
add_body_line(struct man_item *it, const char *line)
{
	const char *text = line;

	snprintf(it->raw + strlen(it->raw), sizeof it->raw - strlen(it->raw), "%s\n", line);
	if (line[0] == '.')
		text = strchr(line, ' ') != NULL ? strchr(line, ' ') + 1 : "";
	if (*text != '\0')
		snprintf(it->flat + strlen(it->flat), sizeof it->flat - strlen(it->flat),
		    "%s%s", it->flat[0] != '\0' ? " " : "", text);
}

/* The OPTIONS section's entries; their number, or -1 without the section. */
static int
read_man_options(const char *path, struct man_item *items, int max)
{
	FILE *f = fopen(path, "r");
	char line[LINE_MAX_MAN];
	int in = 0, n = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, ".Sh ", 4) == 0) {
			in = strcmp(line, ".Sh OPTIONS") == 0 ? 1 : in ? 2 : 0;
			continue;
		}
		if (in != 1)
			continue;
		if (strncmp(line, ".It ", 4) == 0 && n < max)
			read_it_line(line, &items[n++]);
		else if (strncmp(line, ".El", 3) == 0 || strncmp(line, ".Bl", 3) == 0)
			continue;
		else if (n > 0)
			add_body_line(&items[n - 1], line);
	}
	fclose(f);
	return in > 0 ? n : -1;
}

/* needle in hay, not followed by more of a number ("default 0.3" in "0.35"). */
static int
has_value(const char *hay, const char *needle)
{
	const char *p, *e;

	for (p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) {
		e = p + strlen(needle);
		if (!(*e >= '0' && *e <= '9') &&
		    !((*e == '.' || *e == ',') && e[1] >= '0' && e[1] <= '9'))
			return 1;
	}
	return 0;
}

/* The entry says the row's range, its default and each of its choices; when it
 * does not, what it lacks into why. */
static int
item_matches(const struct cli_option *o, const struct man_item *it, char *why,
    size_t len)
{
	char words[512], want[600];
	const char *const *c;

	cli_kind_range(o, CLI_STYLE_MAN, words, sizeof words);
	roff(words, want, sizeof want);
	if (want[0] != '\0' && !has_value(it->flat, want))
		snprintf(why, len, "range '%s'", want);
	roff(cli_default(o) != NULL ? cli_default(o) : "", words, sizeof words);
	snprintf(want, sizeof want, "default %s", words);
	if (cli_default(o) != NULL && !has_value(it->flat, want))
		snprintf(why, len, "'%s'", want);
	for (c = o->choices; c != NULL && *c != NULL; c++) {
		snprintf(want, sizeof want, "\n.Cm %s", *c);
		if (!has_value(it->raw, want))
			snprintf(why, len, "choice '%s'", *c);
	}
	return why[0] == '\0';
}

static const struct man_item *
find_item(const struct man_item *items, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(items[i].name, name) == 0)
			return &items[i];
	return NULL;
}

static void
test_man_rows(const struct man_item *items, int n)
{
	const struct man_item *it;
	char why[700];
	size_t i;

	for (i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		int good;

		it = find_item(items, n, o->name);
		why[0] = '\0';
		good = it != NULL && it->letter == o->letter &&
		    strcasecmp(it->arg, o->arg != NULL ? o->arg : "") == 0 &&
		    item_matches(o, it, why, sizeof why);
		tap_ok(good, "OPTIONS lists --%s%s%s%s%s", o->name, o->arg != NULL ? " " : "",
		    o->arg != NULL ? o->arg : "", why[0] != '\0' ? ", missing: " : "", why);
	}
}

static void
test_man_page(void)
{
	static struct man_item items[CLI_OPTIONS_MAX * 2];
	const char *path = getenv("MANPAGE");
	int n, i, unknown = 0;

	n = path != NULL ? read_man_options(path, items, CLI_OPTIONS_MAX * 2) : -1;
	if (!tap_ok(n > 0, "man page has an OPTIONS list ($MANPAGE=%s)",
	    path != NULL ? path : "unset"))
		return;
	test_man_rows(items, n);
	for (i = 0; i < n; i++)
		if (cli_table_find(items[i].name) == NULL) {
			unknown++;
			printf("# OPTIONS lists --%s, which is not in the table\n",
			    items[i].name);
		}
	tap_eq(unknown, 0, "every option in OPTIONS is a row of the table");
}

int
main(void)
{
	test_unique();
	test_rows();
	test_help();
	test_man_page();
	return tap_done();
}
