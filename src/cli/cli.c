/* cli.c: getopt_long over the option table (cli_table.c); then what goes with what:
 * the mode and the source an option applies to, and the options that combine. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/drafter.h"
#include "cli/cli.h"
#include "cli/cli_derive.h"
#include "cli/cli_kind.h"
#include "cli/cli_lesson.h"
#include "cli/cli_table.h"
#include "source/copy/copy_draft.h"
#include "source/source_table.h"
#include "util/escape.h"
#include "util/exit_status.h"

#define OPTSTRING_MAX (2 * CLI_OPTIONS_MAX + 2)
#define LONG_VAL_BASE 256	/* getopt_long's value for row i without a letter */
#define RANGE_WORDS_MAX 256

/* One run of the parser. */
struct parse {
	struct options *opt;
	FILE *err;
	unsigned asked;		/* 1 << mode, for each mode an option asked for */
	const struct cli_option *given[CLI_OPTIONS_MAX];	/* in first-use order */
	size_t ngiven;
	struct cli_given given_rows;	/* the rows given */
	int nbase;		/* argv[0..nbase) is the command line; a
				 * lesson's set lines follow it */
	struct cli_given base_rows;	/* the rows given on the command line */
};

static int
usage_error(FILE *err, const char *msg)
{
	fprintf(err, "specdec: %s\n", msg);
	return EXIT_STATUS_USAGE;
}

/* Every row's default, as if it had been typed. */
static void
set_defaults(struct options *opt)
{
	const char *why;
	size_t i;

	memset(opt, 0, sizeof *opt);
	opt->mode = CLI_LIVE;
	for (i = 0; i < cli_noptions; i++)
		if (cli_default(&cli_options[i]) != NULL)
			(void)cli_kind_parse(&cli_options[i], cli_default(&cli_options[i]), opt,
			    &why);
}

/* getopt_long's arrays, from the table. */
static void
build_getopt(struct option *longs, char *shorts)
{
	const struct cli_option *o;
	size_t i, n = 0;

	shorts[n++] = ':';
	for (i = 0; i < cli_noptions; i++) {
		o = &cli_options[i];
		longs[i].name = o->name;
		longs[i].has_arg = cli_kind_takes_value(o) ? required_argument : no_argument;
		longs[i].flag = NULL;
		longs[i].val = o->letter != 0 ? o->letter : LONG_VAL_BASE + (int)i;
		if (o->letter != 0) {
			shorts[n++] = o->letter;
			if (cli_kind_takes_value(o))
				shorts[n++] = ':';
		}
	}
	memset(&longs[cli_noptions], 0, sizeof longs[0]);
	shorts[n] = '\0';
}

static const struct cli_option *
row_of(int c)
{
	if (c >= LONG_VAL_BASE && (size_t)(c - LONG_VAL_BASE) < cli_noptions)
		return &cli_options[c - LONG_VAL_BASE];
	return cli_table_find_letter(c);
}

static int
was_given(const struct parse *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->ngiven; i++)
		if (strcmp(p->given[i]->name, name) == 0)
			return 1;
	return 0;
}

/* Whether arg was meant as a sweep list (a comma, or an integer range A-B). */
static int
looks_like_list(const struct cli_option *o, const char *arg)
{
	return o->axis != CLI_AXIS_NONE && (strchr(arg, ',') != NULL ||
	    (o->kind == CLI_KIND_INT && arg[0] != '\0' && strchr(arg + 1, '-') != NULL));
}

/* A range in words without its "(with --sweep, ...)" note: a plain value's
 * error need not teach the sweep syntax. */
static void
drop_sweep_note(char *range)
{
	char *note = strstr(range, " (with --sweep");

	if (note != NULL)
		*note = '\0';
}

/* The one line for a bad value of o: arg is not among its values (rc -1), or
 * is a number too close to 0 for a double; why, if any, says more. */
static int
report_bad_value(FILE *err, const struct cli_option *o, const char *arg, int rc,
    const char *why)
{
	char range[RANGE_WORDS_MAX], *shown = escape_text(arg);

	cli_kind_range(o, CLI_STYLE_ERROR, range, sizeof range);
	if (!looks_like_list(o, arg))
		drop_sweep_note(range);
	if (rc == CLI_KIND_UNREPRESENTABLE)
		fprintf(err, "specdec: --%s: '%s' %s%s\n", o->name, shown,
		    o->list_max > 0 ? "holds a number that " : "", why);
	else
		fprintf(err, "specdec: --%s: '%s' is not %s%s%s%s\n", o->name, shown,
		    range, why != NULL ? " (" : "", why != NULL ? why : "",
		    why != NULL ? ")" : "");
	free(shown);
	return EXIT_STATUS_USAGE;
}

/* Apply one option with its argument; EXIT_STATUS_USAGE after a bad value. */
static int
apply_option(struct parse *p, const struct cli_option *o, const char *arg)
{
	const char *why;
	int rc;

	if (!was_given(p, o->name))
		p->given[p->ngiven++] = o;
	cli_given_set(&p->given_rows, (size_t)(o - cli_options));
	if (o->kind == CLI_KIND_MODE || o->asks != CLI_LIVE)	/* a value that asks too */
		p->asked |= 1u << o->asks;
	if (arg == NULL)
		arg = "";	/* a flag's */
	if ((rc = cli_kind_parse(o, arg, p->opt, &why)) == 0)
		return 0;
	return report_bad_value(p->err, o, arg, rc, why);
}

/* When the long option arg ("--gam", "--gam=4") abbreviates several names, say
 * so with them all and return 1; else 0. */
static int
report_ambiguous(FILE *err, const char *arg)
{
	const char *prefix = arg + 2;
	size_t len = strcspn(prefix, "="), i, n = 0, shown = 0;

	for (i = 0; i < cli_noptions; i++)
		n += strncmp(cli_options[i].name, prefix, len) == 0;
	if (n < 2)
		return 0;
	fprintf(err, "specdec: '--%.*s' is ambiguous: it could be ", (int)len, prefix);
	for (i = 0; i < cli_noptions; i++) {
		if (strncmp(cli_options[i].name, prefix, len) != 0)
			continue;
		shown++;
		fprintf(err, "%s--%s", shown == 1 ? "" : shown == n ? " or " : ", ",
		    cli_options[i].name);
	}
	fputc('\n', err);
	return 1;
}

static int
report_getopt_error(FILE *err, char **argv, int c)
{
	char *arg = escape_text(argv[optind - 1] != NULL ? argv[optind - 1] : "?");
	char letter[2] = { (char)optopt, '\0' }, *shown = escape_text(letter);
	int is_long = strncmp(arg, "--", 2) == 0;

	if (c == ':')
		fprintf(err, "specdec: %s needs a value (see specdec --help)\n", arg);
	else if (optopt != 0 && is_long && strchr(arg, '=') != NULL)
		fprintf(err, "specdec: %s: this option takes no value\n", arg);
	else if (optopt != 0)
		fprintf(err, "specdec: unknown option '-%s' (see specdec --help)\n", shown);
	else if (!is_long || !report_ambiguous(err, arg))
		fprintf(err, "specdec: unknown option '%s' (see specdec --help)\n", arg);
	free(arg);
	free(shown);
	return EXIT_STATUS_USAGE;
}

/* Get getopt_long ready for a pass over argv. */
static void
getopt_restart(struct option *longs, char *shorts)
{
	build_getopt(longs, shorts);
	opterr = 0;
#ifdef __GLIBC__
	optind = 0;	/* full reinitialisation, so the parser can run more than once */
#else
	optind = 1;
#endif
	optopt = 0;
}

/* Whether mode only prints something and exits 0 (--help, --version,
 * --list-presets): such an option is obeyed whatever else is given. */
static int
informational(enum cli_mode mode)
{
	return mode == CLI_HELP || mode == CLI_VERSION || mode == CLI_PRESETS ||
	    mode == CLI_LESSONS || mode == CLI_HWS || mode == CLI_MODELS;
}

/* The informational mode argv asks for (the last of enum cli_mode, as
 * resolve_mode ranks them), read past any bad option or value; CLI_LIVE when
 * none. */
static enum cli_mode
informational_mode(int argc, char **argv)
{
	struct option longs[CLI_OPTIONS_MAX + 1];
	char shorts[OPTSTRING_MAX];
	const struct cli_option *o;
	enum cli_mode found = CLI_LIVE;
	int c;

	getopt_restart(longs, shorts);
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1)
		if (c != '?' && c != ':' && (o = row_of(c)) != NULL &&
		    o->kind == CLI_KIND_MODE && informational(o->asks) && o->asks > found)
			found = o->asks;
	return found;
}

/* Run getopt_long over argv, applying each option. */
static int
read_options(struct parse *p, int argc, char **argv)
{
	struct option longs[CLI_OPTIONS_MAX + 1];
	char shorts[OPTSTRING_MAX];
	int c, rc;

	getopt_restart(longs, shorts);
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (c == '?' || c == ':')
			return report_getopt_error(p->err, argv, c);
		if ((rc = apply_option(p, row_of(c), optarg)) != 0)
			return rc;
		if (optind <= p->nbase)
			cli_given_set(&p->base_rows, (size_t)(row_of(c) - cli_options));
	}
	if (optind < argc) {
		char *shown = escape_text(argv[optind]);

		fprintf(p->err, "specdec: unexpected argument '%s' (see specdec --help)\n",
		    shown);
		free(shown);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

/* The mode the options ask for: the last of enum cli_mode that any asks for; with
 * none, --json or --sweep asks for batch mode. */
static enum cli_mode
resolve_mode(const struct parse *p)
{
	int m;

	for (m = CLI_NMODES - 1; m > CLI_LIVE; m--)
		if (p->asked & (1u << m))
			return (enum cli_mode)m;
	return p->opt->json || p->opt->sweep ? CLI_BATCH : CLI_LIVE;
}

/* Why an option for the modes in mask is refused in mode. */
static const char *
mode_refusal(unsigned mask, enum cli_mode mode)
{
	if (mode == CLI_EXPORT)
		return "does not apply to --export-html, which only writes a recording's"
		    " page";
	if (mask == CLI_M_LIVE)
		return "only applies to the live view";
	if (mode == CLI_THEORY)
		return "does not apply to --theory, which simulates nothing";
	if (mask == CLI_M_THEORY)
		return "only applies with --theory";
	if (mask == CLI_M_BATCH)
		return "only applies with --batch (the live view runs until you quit;"
		    " see --frames and --duration)";
	return mode == CLI_LIVE ? "does not apply to the live view" :
	    "does not apply to --batch";
}

/* The first option given in a mode that would silently ignore it, by itself or
 * beside the option its row names in ignored_with. */
static int
check_modes(const struct parse *p)
{
	enum cli_mode mode = p->opt->mode;
	const struct cli_option *o;
	size_t i;

	for (i = 0; i < p->ngiven; i++) {
		o = p->given[i];
		if (!((o->modes | (p->opt->metrics != NULL ? o->metrics_modes : 0)) &
		    (1u << mode))) {
			fprintf(p->err, "specdec: --%s %s%s\n", o->name,
			    mode_refusal(o->modes, mode), o->metrics_modes != 0 &&
			    mode != CLI_THEORY ? ", or --batch with --metrics" : "");
			return EXIT_STATUS_USAGE;
		}
		if (o->ignored_with != NULL && (o->ignored_modes & (1u << mode)) &&
		    was_given(p, o->ignored_with)) {
			fprintf(p->err, "specdec: --%s does not apply with --%s (%s)\n",
			    o->name, o->ignored_with, o->ignored_hint);
			return EXIT_STATUS_USAGE;
		}
	}
	return 0;
}

/* The one source that takes option o, or NULL when several do. */
static const struct source_entry *
single_source(const struct cli_option *o)
{
	const struct source_entry *only = NULL;
	int i;

	for (i = 0; i < source_nentries; i++) {
		if (!source_takes(source_table[i], o->name))
			continue;
		if (only != NULL)
			return NULL;
		only = source_table[i];
	}
	return only;
}

/* Refuse o, which source e does not take: "--vocab only applies to the stub
 * source (...)" when one source takes o, "--noise does not apply to --replay
 * (...)" otherwise; the hint is e's own for o, else how to choose the one. */
static int
refuse_source(FILE *err, const struct cli_option *o, const struct source_entry *e)
{
	const struct source_entry *only = single_source(o);
	const char *hint = source_refusal_hint(e, o->name);
	char noun[SOURCE_NAME_MAX + 16];

	if (only != NULL)
		fprintf(err, "specdec: --%s only applies %s %s", o->name, source_prep(only),
		    source_noun(only, noun, sizeof noun));
	else
		fprintf(err, "specdec: --%s does not apply to %s", o->name,
		    source_noun(e, noun, sizeof noun));
	if (hint == NULL && only != NULL)
		hint = only->choose;
	if (hint != NULL)
		fprintf(err, " (%s)", hint);
	fputc('\n', err);
	return EXIT_STATUS_USAGE;
}

/* The first option given that the source does not take, of those only some
 * sources take. */
static int
check_sources(const struct parse *p)
{
	const struct source_entry *e = source_table_entry((int)p->opt->source);
	const struct cli_option *o;
	size_t i;

	for (i = 0; i < p->ngiven; i++) {
		o = p->given[i];
		if (source_table_scoped(o->name) && !source_takes(e, o->name))
			return refuse_source(p->err, o, e);
	}
	return 0;
}

/* Whether the text option name (a FILE) has a value. */
static int
text_set(const struct options *opt, const char *name)
{
	const struct cli_option *o = cli_table_find(name);

	return *(const char *const *)(const void *)((const char *)opt + o->offset) != NULL;
}

/* The row whose chosen_by option has a value, the first from index from on;
 * -1 when none. */
static int
chosen_from(const struct options *opt, int from)
{
	int i;

	for (i = from; i < source_nentries; i++)
		if (source_table[i]->chosen_by != NULL &&
		    text_set(opt, source_table[i]->chosen_by))
			return i;
	return -1;
}

/* Refuse rows first and later, whose chosen_by options are both given. */
static int
refuse_choosers(FILE *err, const struct source_entry *first,
    const struct source_entry *later)
{
	if (later->conflict != NULL)
		fprintf(err, "specdec: %s\n", later->conflict);
	else
		fprintf(err, "specdec: --%s and --%s choose different sources\n",
		    first->chosen_by, later->chosen_by);
	return EXIT_STATUS_USAGE;
}

/* The source the options choose: --source, or implied by a row's chosen_by
 * option (--replay, --corpus, --lm). */
static int
resolve_source(const struct parse *p)
{
	struct options *opt = p->opt;
	int chosen = chosen_from(opt, 0), other = chosen < 0 ? -1 : chosen_from(opt,
	    chosen + 1);
	const struct source_entry *e;

	if (other >= 0)
		return refuse_choosers(p->err, source_table[chosen], source_table[other]);
	if (chosen >= 0 && was_given(p, "source") && (int)opt->source != chosen) {
		fprintf(p->err, "specdec: --%s needs --source %s (or no --source)\n",
		    source_table[chosen]->chosen_by, source_table[chosen]->name);
		return EXIT_STATUS_USAGE;
	}
	if (chosen >= 0)
		opt->source = (enum cli_source)chosen;
	e = source_table_entry((int)opt->source);
	if ((e->flags & SOURCE_F_NEEDS_CHOOSER) && !text_set(opt, e->chosen_by)) {
		fprintf(p->err, "specdec: --source %s needs --%s %s\n", e->name, e->chosen_by,
		    cli_table_find(e->chosen_by)->arg);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

/* The draft noise a source takes when none is given: 0 where its row says so
 * (a replay file gives the draft as it is; the n-gram draft is already a weaker
 * model). */
static void
source_noise(const struct parse *p)
{
	const struct source_entry *e = source_table_entry((int)p->opt->source);

	if ((e->flags & SOURCE_F_QUIET_DRAFT) && !was_given(p, "noise")) {
		p->opt->noise = 0.0;
		p->opt->axis[CLI_AXIS_NOISE].v[0] = 0.0;
		p->opt->axis[CLI_AXIS_NOISE].n = 1;
	}
}

/* --target-ms and --draft-ms together set the cost ratio, unless --cost-ratio does;
 * with --theory, that is all they do, so one alone is refused. */
static int
check_costs(const struct parse *p)
{
	const struct cli_option *ratio = cli_table_find("cost-ratio");
	int target = was_given(p, "target-ms"), draft = was_given(p, "draft-ms");
	char range[RANGE_WORDS_MAX];

	if (was_given(p, "cost-ratio") || !(target || draft))
		return 0;
	if (target && draft)
		p->opt->cost_ratio = p->opt->draft_ms / p->opt->target_ms;
	if (p->opt->mode != CLI_THEORY)
		return 0;
	if (!(target && draft))
		return usage_error(p->err, "with --theory, --target-ms and --draft-ms set the"
		    " cost ratio together: give both, or --cost-ratio");
	if (p->opt->cost_ratio <= ratio->max)
		return 0;
	cli_kind_range(ratio, CLI_STYLE_MAN, range, sizeof range);
	fprintf(p->err, "specdec: --draft-ms / --target-ms = %g is above the cost ratio's"
	    " range, %s\n", p->opt->cost_ratio, range);
	return EXIT_STATUS_USAGE;
}

/* vllm-ngram's lookup range as vLLM's SpeculativeConfig.__post_init__ sets
 * it: one bound given, the other equals it; both, the lower at most the
 * upper. */
static int
check_lookup(const struct parse *p)
{
	int lo = was_given(p, "lookup-min"), hi = was_given(p, "lookup-max");

	if (lo && !hi)
		p->opt->lookup_max = p->opt->lookup_min;
	else if (hi && !lo)
		p->opt->lookup_min = p->opt->lookup_max;
	if (p->opt->lookup_min <= p->opt->lookup_max)
		return 0;
	fprintf(p->err, "specdec: --lookup-min %d is above --lookup-max %d\n",
	    p->opt->lookup_min, p->opt->lookup_max);
	return EXIT_STATUS_USAGE;
}

/* A copy drafter runs no draft forward: its drafts cost nothing in the
 * cost model, and a draft cost given with it is refused. */
static int
check_copy_cost(const struct parse *p)
{
	static const char *const priced[] = { "draft-ms", "cost-ratio" };
	size_t i;

	if (drafter_kind(p->opt->drafter) != DRAFTER_KIND_COPY)
		return 0;
	for (i = 0; i < sizeof priced / sizeof priced[0]; i++)
		if (was_given(p, priced[i])) {
			fprintf(p->err, "specdec: --%s does not apply with --drafter %s"
			    " (a copy drafter runs no draft forward)\n", priced[i],
			    drafter_names[p->opt->drafter]);
			return EXIT_STATUS_USAGE;
		}
	p->opt->draft_ms = 0.0;
	p->opt->cost_ratio = 0.0;
	return 0;
}

/* What goes with what, once every option is read. */
static int
check_combinations(const struct parse *p)
{
	int rc;

	if ((rc = check_modes(p)) != 0 ||
	    (rc = cli_lesson_check(p->opt, &p->base_rows, p->err)) != 0 ||
	    (rc = check_costs(p)) != 0 ||
	    (rc = check_lookup(p)) != 0 || (rc = check_copy_cost(p)) != 0 ||
	    (rc = resolve_source(p)) != 0 || (rc = check_sources(p)) != 0)
		return rc;
	source_noise(p);
	return cli_derive(p->opt, &p->given_rows, p->err);
}

int
cli_parse(int argc, char **argv, struct options *opt, FILE *err)
{
	return cli_parse_after(argc, argv, argc, opt, err);
}

int
cli_parse_after(int argc, char **argv, int nbase, struct options *opt, FILE *err)
{
	struct parse p = { .opt = opt, .err = err, .nbase = nbase };
	int rc;

	set_defaults(opt);
	opt->argc = argc;
	opt->argv = argv;
	if (informational(opt->mode = informational_mode(argc, argv)))
		return 0;
	if ((rc = read_options(&p, argc, argv)) != 0)
		return rc;
	opt->mode = resolve_mode(&p);
	if (informational(opt->mode))
		return 0;
	return check_combinations(&p);
}
