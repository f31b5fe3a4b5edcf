/* sim_setup.c: from options to an open source and a simulation over it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "metrics/metrics_file.h"
#include "metrics/metrics_predict.h"
#include "source/stub_alpha.h"
#include "util/memlimit.h"
#include "util/parallel.h"
#include "util/readfile.h"
#include "sim/sim.h"
#include "source/corpus_builtin.h"
#include "source/source.h"
#include "source/source_cmu.h"
#include "source/source_ngram.h"
#include "source/source_replay.h"
#include "source/source_stub.h"
#include "cli/sim_setup.h"
#include "source/trainmem.h"
#include "verify/spec.h"

#define CORPUS_ENV "SPECDEC_CORPUS"

/* opt's corpus file: --corpus, else $SPECDEC_CORPUS when set and not empty;
 * NULL for the built-in corpus. */
static const char *
corpus_file(const struct options *opt)
{
	const char *env = getenv(CORPUS_ENV);

	if (opt->corpus != NULL)
		return opt->corpus;
	return env != NULL && *env != '\0' ? env : NULL;
}

const char *
sim_setup_corpus_name(const struct options *opt)
{
	const char *file = corpus_file(opt);

	return file != NULL ? file : CORPUS_BUILTIN_NAME;
}

/* How many sets of the draft's noise rows the run may hold at once: one in the
 * live view (its noise can be raised from 0), one in a batch run with noise,
 * one a thread in a sweep whose noise axis has a value above 0, else none. */
static unsigned
noise_row_sets(const struct options *opt)
{
	const struct cli_axis_values *nv = &opt->axis[CLI_AXIS_NOISE];
	int i, noisy = opt->noise > 0.0;

	if (opt->mode == CLI_LIVE && !opt->sweep)
		return 1;
	for (i = 0; opt->sweep && i < nv->n; i++)
		noisy |= nv->v[i] > 0.0;
	if (!noisy)
		return 0;
	return opt->sweep ? (unsigned)parallel_threads(opt->threads) : 1;
}

/* Check that training on text fits in the input limit, and train. */
static int
train(struct source *src, const char *text, size_t len, const char *name,
    const struct source_ngram_config *cfg, unsigned noise_sets, uint64_t limit,
    char *err, size_t errlen)
{
	int order = cfg->target_order > cfg->draft_order ? cfg->target_order :
	    cfg->draft_order;

	if (trainmem_check(text, len, order, cfg->max_vocab, noise_sets, limit, name,
	    err, errlen) != 0)
		return -1;
	return source_ngram_open(src, text, len, name, cfg, err, errlen);
}

/* Train on the file at path, or on the built-in corpus when path is NULL,
 * reading a file within the input limit. */
static int
open_corpus(struct source *src, const char *path, const struct source_ngram_config *cfg,
    unsigned noise_sets, char *err, size_t errlen)
{
	uint64_t limit;
	size_t len;
	char *text;
	int rc;

	if (memlimit_get(&limit, err, errlen) != 0)
		return -1;
	if (path == NULL)
		return train(src, (const char *)corpus_builtin, corpus_builtin_len,
		    CORPUS_BUILTIN_NAME, cfg, noise_sets, limit, err, errlen);
	if ((text = readfile_max(path, limit, &len, err, errlen)) == NULL)
		return -1;
	rc = train(src, text, len, path, cfg, noise_sets, limit, err, errlen);
	free(text);
	return rc;
}

static int
open_ngram(const struct options *opt, struct source *src, char *err, size_t errlen)
{
	struct source_ngram_config cfg = {
		.max_vocab = opt->max_vocab, .target_order = opt->target_order,
		.draft_order = opt->draft_order, .temperature = opt->temperature,
		.noise = opt->noise,
	};

	if (open_corpus(src, corpus_file(opt), &cfg, noise_row_sets(opt), err,
	    errlen) != 0)
		return -1;
	if (opt->prompt != NULL && source_ngram_set_prompt(src, opt->prompt, err, errlen) != 0) {
		source_close(src);
		return -1;
	}
	return 0;
}

#define CMU_ORDER_MAX 3

static int
open_cmu(const struct options *opt, struct source *src, char *err, size_t errlen)
{
	struct source_cmu_config cfg = {
		.path = opt->lm, .target_order = opt->target_order,
		.draft_order = opt->draft_order,
		.target = { opt->temperature, opt->top_k, opt->top_p },
		.draft = { opt->draft_temperature > 0.0 ? opt->draft_temperature :
		    opt->temperature, opt->draft_top_k, opt->draft_top_p },
	};

	if (opt->target_order > CMU_ORDER_MAX || opt->draft_order > CMU_ORDER_MAX) {
		snprintf(err, errlen, "--target-order and --draft-order of the cmu source "
		    "are 1 to %d", CMU_ORDER_MAX);
		return -1;
	}
	if (source_cmu_open(src, &cfg, err, errlen) != 0)
		return -1;
	if (opt->prompt != NULL && source_cmu_set_prompt(src, opt->prompt, err, errlen) != 0) {
		source_close(src);
		return -1;
	}
	return 0;
}

int
sim_setup_source(const struct options *opt, struct source *src, char *err, size_t errlen)
{
	switch (opt->source) {
	case CLI_SOURCE_REPLAY:
		return source_replay_open(src, opt->replay, opt->labels, err, errlen);
	case CLI_SOURCE_NGRAM:
		return open_ngram(opt, src, err, errlen);
	case CLI_SOURCE_CMU:
		return open_cmu(opt, src, err, errlen);
	case CLI_SOURCE_STUB:
		break;
	}
	source_stub_open(src, opt->vocab, opt->noise);
	return 0;
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
		    .delta = opt->typical_delta },
		.schedule = (enum schedule_kind)opt->schedule,
		.draft_p_min = opt->draft_p_min,
		.draft_confidence = opt->confidence_threshold,
		.tree = opt->tree_shape,
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

/* The stub by position: each alpha_i solved for its noise. */
static int
open_positions(struct options *o, struct source *src, char *err, size_t errlen)
{
	double achieved, lowest;
	int i;

	for (i = 0; i < o->nposition_alpha; i++) {
		double a = o->position_alpha[i];

		if (a <= 0.0 || stub_alpha_solve(a, o->vocab, SIM_NOISE_MAX,
		    &o->position_noise[i], &achieved) != 0) {
			stub_alpha_solve(1e-9, o->vocab, SIM_NOISE_MAX, &o->position_noise[i],
			    &lowest);
			snprintf(err, errlen, "position %d: alpha %.4f is below the stub's "
			    "reach over %zu tokens (lowest %.4f); a larger --vocab reaches "
			    "lower", i + 1, a, o->vocab, lowest);
			return -1;
		}
	}
	source_stub_open_positions(src, o->vocab, o->position_noise, o->nposition_alpha);
	src->title = "stub by position";
	o->noise = o->position_noise[0];
	return 0;
}

int
sim_setup(const struct options *opt, struct sim *sim, char *err, size_t errlen)
{
	struct options o = *opt;
	struct source src;

	if (opt->source == CLI_SOURCE_STUB && opt->metrics != NULL &&
	    metrics_alphas(&o, err, errlen) != 0)
		return -1;
	if (opt->source == CLI_SOURCE_STUB && o.nposition_alpha > 0) {
		if (open_positions(&o, &src, err, errlen) != 0)
			return -1;
	} else if (sim_setup_source(opt, &src, err, errlen) != 0) {
		return -1;
	}
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
