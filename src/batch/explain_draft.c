/* explain_draft.c: --explain-draft (explain_draft.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "verify/drafter.h"
#include "batch/explain_draft.h"
#include "cli/options.h"
#include "cli/sim_setup.h"
#include "source/copy/copy_draft.h"
#include "source/copy/source_copy.h"
#include "source/source.h"
#include "util/errmsg.h"
#include "util/exit_status.h"
#include "util/json.h"

static void
print_text(const struct options *opt, const struct source *src,
    const struct copy_draft *d, size_t n)
{
	char buf[32];
	int i;

	printf("drafter %s after %zu tokens: ", drafter_rows[opt->drafter].name, n);
	if (d->n == 0)
		printf("no draft");
	for (i = 0; i < d->n; i++)
		printf("%s%s", i > 0 ? " " : "draft ", source_label(src, d->tok[i], buf,
		    sizeof buf));
	if (d->match_length > 0 && d->match_at >= 0)
		printf(" (the last %d tokens matched at position %ld)", d->match_length,
		    d->match_at);
	printf("\n");
}

static void
print_json(const struct options *opt, const struct source *src,
    const struct copy_draft *d)
{
	struct json j;
	char buf[32];
	int i;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_string(&j, "drafter", drafter_rows[opt->drafter].name);
	json_array_begin(&j, "draft");
	for (i = 0; i < d->n; i++)
		json_int(&j, NULL, d->tok[i]);
	json_array_end(&j);
	json_array_begin(&j, "draft_text");
	for (i = 0; i < d->n; i++)
		json_string(&j, NULL, source_label(src, d->tok[i], buf, sizeof buf));
	json_array_end(&j);
	json_int(&j, "match_length", d->match_length);
	json_int(&j, "match_at", d->match_at);
	json_object_end(&j);
	json_finish(&j);
}

int
explain_draft_run(const struct options *opt)
{
	struct copy_params par = { opt->lookup_min, opt->lookup_max, opt->max_ngram,
	    opt->suffix_depth, opt->suffix_factor, opt->suffix_offset,
	    opt->suffix_min_prob };
	char err[ERRMSG_MAX];
	struct copy_draft d = { 0, { 0 }, 0, -1 };
	struct source src;
	size_t n, unknown, len = 0;
	int *ctx = NULL;

	if (drafter_kind(opt->drafter) != DRAFTER_KIND_COPY) {
		fprintf(stderr, "specdec: --explain-draft needs a copy --drafter "
		    "(vllm-ngram, hf-lookup, suffix)\n");
		return EXIT_STATUS_USAGE;
	}
	if (sim_setup_source(opt, &src, err, sizeof err) != 0) {
		fprintf(stderr, "specdec: %s\n", err);
		return EXIT_STATUS_USAGE;
	}
	while (opt->explain_draft[len] != '\0')
		len++;
	if (source_copy_tokens(&src, opt->explain_draft, len, "--explain-draft", &ctx, &n,
	    &unknown, err, sizeof err) != 0 || unknown > 0) {
		if (unknown > 0)
			fprintf(stderr, "specdec: --explain-draft: %zu tokens are neither "
			    "words of the source nor ids below %zu\n", unknown, src.vocab);
		else
			fprintf(stderr, "specdec: %s\n", err);
		free(ctx);
		source_close(&src);
		return EXIT_STATUS_USAGE;
	}
	drafter_rows[opt->drafter].copy->propose(&par, ctx, n, opt->gamma, &d);
	if (opt->json)
		print_json(opt, &src, &d);
	else
		print_text(opt, &src, &d, n);
	free(ctx);
	source_close(&src);
	return EXIT_STATUS_OK;
}
