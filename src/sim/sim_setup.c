/* sim_setup.c: from options to an open source and a simulation over it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "util/memlimit.h"
#include "util/readfile.h"
#include "sim/sim.h"
#include "source/source.h"
#include "source/source_ngram.h"
#include "source/source_replay.h"
#include "source/source_stub.h"
#include "sim/sim_setup.h"
#include "source/trainmem.h"

#ifndef SPECDEC_DATADIR
#define SPECDEC_DATADIR "/usr/local/share/specdec"
#endif

#define CORPUS_ENV "SPECDEC_CORPUS"
#define DATADIR_ENV "SPECDEC_DATADIR"
#define CORPUS_NAME "corpus.txt"
#define CORPUS_INSTALLED SPECDEC_DATADIR "/" CORPUS_NAME

/* The corpus the environment names: $SPECDEC_CORPUS, else $SPECDEC_DATADIR's
 * corpus.txt; "" when neither is set, NULL when the path would be too long. */
static const char *
env_corpus(void)
{
	static char path[4096];
	const char *file = getenv(CORPUS_ENV), *dir = getenv(DATADIR_ENV);

	if (file != NULL && *file != '\0')
		return file;
	if (dir == NULL || *dir == '\0')
		return "";
	if ((size_t)snprintf(path, sizeof path, "%s/" CORPUS_NAME, dir) >= sizeof path)
		return NULL;
	return path;
}

const char *
sim_setup_corpus(void)
{
	const char *env = env_corpus();

	return env == NULL || *env != '\0' ? env : CORPUS_INSTALLED;
}

/* Read the corpus within the input limit, check that training fits in it, and
 * train. */
static int
open_corpus(struct source *src, const char *path, const struct source_ngram_config *cfg,
    char *err, size_t errlen)
{
	int order = cfg->target_order > cfg->draft_order ? cfg->target_order :
	    cfg->draft_order;
	uint64_t limit;
	size_t len;
	char *text;
	int rc;

	if (memlimit_get(&limit, err, errlen) != 0 ||
	    (text = readfile_max(path, limit, &len, err, errlen)) == NULL)
		return -1;
	rc = trainmem_check(text, len, order, limit, path, err, errlen);
	if (rc == 0)
		rc = source_ngram_open(src, text, len, path, cfg, err, errlen);
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
	const char *path = opt->corpus != NULL ? opt->corpus : sim_setup_corpus();

	if (path == NULL) {
		snprintf(err, errlen, "$" DATADIR_ENV " is too long for a path");
		return -1;
	}
	if (opt->corpus == NULL && *env_corpus() == '\0' && access(path, R_OK) != 0) {
		snprintf(err, errlen, "no built-in corpus at " CORPUS_INSTALLED
		    " (not installed?): set " DATADIR_ENV " to the directory of "
		    CORPUS_NAME " (data/ in the source tree) or give --corpus FILE");
		return -1;
	}
	if (open_corpus(src, path, &cfg, err, errlen) != 0)
		return -1;
	if (opt->prompt != NULL && source_ngram_set_prompt(src, opt->prompt, err, errlen) != 0) {
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
		.verify = { (enum verify_rule)opt->verifier, opt->lenience,
		    opt->typical_epsilon, opt->typical_delta, 0.0 },
		.schedule = (enum schedule_kind)opt->schedule,
		.draft_p_min = opt->draft_p_min,
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

int
sim_setup(const struct options *opt, struct sim *sim, char *err, size_t errlen)
{
	struct source src;

	if (sim_setup_source(opt, &src, err, errlen) != 0)
		return -1;
	return open_sim(opt, sim, &src, err, errlen);
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
