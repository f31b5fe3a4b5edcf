/* sim_setup.c: from options to an open source and a simulation over it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/drafter.h"
#include "cli/cli.h"
#include "metrics/metrics_file.h"
#include "metrics/metrics_http.h"
#include "metrics/metrics_predict.h"
#include "sim/sim.h"
#include "source/cmu/cmu_vocab_top.h"
#include "source/copy/source_copy.h"
#include "source/source.h"
#include "source/source_table.h"
#include "util/readfile.h"
#include "cli/sim_setup.h"
#include "verify/spec.h"

/* The prompt file's tokens into *out (NULL, 0 without one). */
static int
read_prompt(const struct options *o, const struct source *src, int **out, size_t *n,
    char *err, size_t errlen)
{
	size_t len, unknown;
	char *text;
	int rc;

	*out = NULL;
	*n = 0;
	if (o->prompt_file == NULL)
		return 0;
	if ((text = readfile_all(o->prompt_file, &len, err, errlen)) == NULL)
		return -1;
	rc = source_copy_tokens(src, text, len, o->prompt_file, out, n, &unknown, err,
	    errlen);
	free(text);
	return rc;
}

/* Wrap src for copy drafting when o asks for it (source_copy.h). */
static int
wrap_copy(const struct options *o, struct source *src, char *err, size_t errlen)
{
	struct copy_params par = { o->lookup_min, o->lookup_max, o->max_ngram,
	    o->suffix_depth, o->suffix_factor, o->suffix_offset, o->suffix_min_prob };
	int *prompt, rc;
	size_t n;

	if (drafter_kind(o->drafter) != DRAFTER_KIND_COPY && !(o->copy_weight > 0.0) &&
	    o->prompt_file == NULL)
		return 0;
	if (read_prompt(o, src, &prompt, &n, err, errlen) != 0) {
		source_close(src);
		return -1;
	}
	rc = source_copy_wrap(src, &drafter_rows[drafter_kind(o->drafter) ==
	    DRAFTER_KIND_COPY ? o->drafter : 0], &par, o->copy_weight, prompt, n, err,
	    errlen);
	free(prompt);
	if (rc != 0)
		source_close(src);
	return rc;
}

/* Open the source o asks for, from its row; the row's name is its kind. */
static int
open_source(struct options *o, struct source *src, char *err, size_t errlen)
{
	const struct source_entry *e = source_table_entry((int)o->source);

	if (e->open(o, src, err, errlen) != 0)
		return -1;
	src->kind = e->name;
	return wrap_copy(o, src, err, errlen);
}

int
sim_setup_source(const struct options *opt, struct source *src, char *err, size_t errlen)
{
	struct options o = *opt;

	o.nposition_alpha = 0;
	return open_source(&o, src, err, errlen);
}

/* The tokens of the draft's vocabulary only: --draft-only's, or the one
 * draft-only token of --draft-vocab-top (cmu_vocab_top.h). */
static size_t
draft_only(const struct options *opt)
{
	return opt->draft_vocab_top > 0 ? CMU_VOCAB_TOP_OWN : opt->draft_only;
}

/* The simulation over src, which it takes, with opt's parameters. */
static int
open_sim(const struct options *opt, struct sim *sim, struct source *src, char *err,
    size_t errlen)
{
	struct sim_params par = {
		.gamma = opt->gamma, .noise = opt->noise, .seed = opt->seed,
		.target_ms = opt->target_ms, .draft_ms = opt->draft_ms,
		.verify_cost = opt->verify_cost,
		.verify = { .rule = (enum verify_rule)opt->verifier,
		    .lenience = opt->lenience, .epsilon = opt->typical_epsilon,
		    .delta = opt->typical_delta, .draft_only = draft_only(opt) },
		.schedule = (enum schedule_kind)opt->schedule,
		.draft_p_min = opt->draft_p_min,
		.draft_confidence = opt->confidence_threshold,
		.tree = opt->tree_shape,
		.machine = opt->machine, .roofline = opt->roofline,
		.copy_weight = opt->copy_weight,
	};
	const char *kind = src->kind;

	errno = 0;
	if (sim_open(sim, &par, src) != 0) {
		snprintf(err, errlen, "cannot open the %s source a second time for the "
		    "target-only reference stream: %s", kind,
		    errno != 0 ? strerror(errno) : "unknown error");
		return -1;
	}
	return 0;
}

/* The conditional acceptance by position the live view of --metrics runs at:
 * the file's alpha_i (the fitted alpha at each position from totals), its
 * gamma the measured one, up to SPEC_GAMMA_MAX. */
static int
metrics_alphas(struct options *o, char *err, size_t errlen)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { o->cost_ratio, o->verify_cost, NULL, 0 };
	int i;

	if (metrics_file_read(o->metrics, o->metrics_gamma, &m, err, errlen) != 0)
		return -1;
	metrics_predict(&m, &cost, m.gamma, &p);
	o->gamma = m.gamma < SPEC_GAMMA_MAX ? m.gamma : SPEC_GAMMA_MAX;
	o->nposition_alpha = o->gamma;
	for (i = 0; i < o->gamma; i++)
		o->position_alpha[i] = p.alpha_pos[i];
	return 0;
}

int
sim_setup(const struct options *opt, struct sim *sim, char *err, size_t errlen)
{
	struct options o = *opt;
	struct source src;

	/* a URL's rates come later, into its pane (tui_pane_metrics.c) */
	if (opt->metrics != NULL && !metrics_http_is_url(opt->metrics) &&
	    metrics_alphas(&o, err, errlen) != 0)
		return -1;
	if (open_source(&o, &src, err, errlen) != 0)
		return -1;
	return open_sim(&o, sim, &src, err, errlen);
}

int
sim_setup_clone(const struct options *opt, const struct source *shared,
    struct sim *sim, char *err, size_t errlen)
{
	struct source src;

	errno = 0;
	if (source_clone(shared, &src) != 0) {
		snprintf(err, errlen, "cannot open the %s source again: %s", shared->kind,
		    errno != 0 ? strerror(errno) : "unknown error");
		return -1;
	}
	return open_sim(opt, sim, &src, err, errlen);
}
