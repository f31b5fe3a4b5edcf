/* cli_heads.c: --drafter heads and mtp (cli_heads.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli_heads.h"
#include "util/errmsg.h"
#include "util/exit_status.h"
#include "verify/drafter.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

static int
given_row(const struct cli_given *given, const char *name)
{
	const struct cli_option *o = cli_table_find(name);

	return o != NULL && cli_given_has(given, (size_t)(o - cli_options));
}

static const char *
drafter_of(const struct options *opt)
{
	return drafter_rows[opt->drafter].name;
}

int
cli_heads_drafted(const struct options *opt)
{
	return drafter_has_heads(drafter_kind(opt->drafter));
}

/* The options a head tree replaces or cannot take; the first given, or NULL. */
static const char *
head_conflict(const struct cli_given *given, const char **why)
{
	static const struct {
		const char *name, *why;
	} rows[] = {
		{ "tree", "the heads draft their own tree: give --head-topk" },
		{ "gamma", "the tree's depth, the heads' count, is the draft length" },
		{ "draft-ms", "--head-cost prices a head pass" },
		{ "schedule", "a head tree is drafted whole" },
		{ "position-alpha", "--head-noise sets the stub by position" },
		{ "sweep", "a sweep over head trees is not supported" },
	};
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (given_row(given, rows[i].name)) {
			*why = rows[i].why;
			return rows[i].name;
		}
	return NULL;
}

/* The verifier: topk, the one rule exact for drafts fixed by q. */
static int
head_rule(struct options *opt, const struct cli_given *given, FILE *err)
{
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (strcmp(verify_names[r], "topk") == 0)
			break;
	if (!given_row(given, "verifier"))
		opt->verifier = r;
	if (opt->verifier == r)
		return 0;
	fprintf(err, "specdec: --verifier %s does not verify --drafter %s: the heads'"
	    " drafts are their top k, fixed by q, not sampled; use --verifier topk\n",
	    verify_names[opt->verifier], drafter_of(opt));
	return EXIT_STATUS_USAGE;
}

/* The product shape of --head-topk, drafted by opt's drafter. */
static int
head_shape(struct options *opt, FILE *err)
{
	char text[TREE_TEXT_MAX], why[ERRMSG_MAX];
	size_t n = 0;
	int i;

	for (i = 0; i < opt->nhead_topk; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%s%d", i > 0 ? "," : "",
		    opt->head_topk[i]);
	if (tree_shape_parse(text, &opt->tree_shape, why, sizeof why) != 0) {
		fprintf(err, "specdec: --head-topk: %s\n", why);
		return EXIT_STATUS_USAGE;
	}
	opt->tree_shape.drafter = (int)drafter_kind(opt->drafter);
	opt->gamma = opt->tree_shape.depth;
	return 0;
}

/* --head-* without a head drafter. */
static int
heads_unused(const struct cli_given *given, FILE *err)
{
	static const char *const rows[] = { "head-topk", "head-noise", "head-cost" };
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (given_row(given, rows[i])) {
			fprintf(err, "specdec: --%s only applies with --drafter heads or mtp\n",
			    rows[i]);
			return EXIT_STATUS_USAGE;
		}
	return 0;
}

int
cli_heads(struct options *opt, const struct cli_given *given, FILE *err)
{
	const char *clash, *why;
	int rc;

	if (!cli_heads_drafted(opt))
		return heads_unused(given, err);
	if ((clash = head_conflict(given, &why)) != NULL) {
		fprintf(err, "specdec: --%s does not go with --drafter %s: %s\n", clash,
		    drafter_of(opt), why);
		return EXIT_STATUS_USAGE;
	}
	if (opt->nhead_topk == 0) {
		fprintf(err, "specdec: --drafter %s needs --head-topk k1,...,kK: head i's"
		    " top k_i tokens at position i\n", drafter_of(opt));
		return EXIT_STATUS_USAGE;
	}
	if (opt->nhead_noise > opt->nhead_topk) {
		fprintf(err, "specdec: --head-noise has %d values, more than the %d heads"
		    " of --head-topk\n", opt->nhead_noise, opt->nhead_topk);
		return EXIT_STATUS_USAGE;
	}
	if ((rc = head_rule(opt, given, err)) != 0 || (rc = head_shape(opt, err)) != 0)
		return rc;
	if (opt->draft_only > 0) {
		fprintf(err, "specdec: --draft-only: not with --drafter %s: its heads draft"
		    " from the target's own vocabulary\n", drafter_of(opt));
		return EXIT_STATUS_USAGE;
	}
	opt->draft_ms = opt->head_cost * opt->target_ms;
	opt->cost_ratio = opt->head_cost;
	return 0;
}
