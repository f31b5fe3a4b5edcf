/* sources.c: from options to an open source and a simulation over it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sim.h"
#include "source.h"
#include "source_ngram.h"
#include "source_replay.h"
#include "source_stub.h"
#include "sources.h"

#ifndef SPECDEC_DATADIR
#define SPECDEC_DATADIR "/usr/local/share/specdec"
#endif
#ifndef SPECDEC_SRCDIR
#define SPECDEC_SRCDIR "."
#endif

#define CORPUS_ENV "SPECDEC_CORPUS"
#define CORPUS_INSTALLED SPECDEC_DATADIR "/corpus.txt"
#define CORPUS_SOURCE_TREE SPECDEC_SRCDIR "/data/corpus.txt"

const char *
sources_default_corpus(void)
{
	const char *env = getenv(CORPUS_ENV);

	if (env != NULL && *env != '\0')
		return env;
	if (access(CORPUS_INSTALLED, R_OK) == 0)
		return CORPUS_INSTALLED;
	if (access(CORPUS_SOURCE_TREE, R_OK) == 0)
		return CORPUS_SOURCE_TREE;
	return NULL;
}

static int
open_ngram(const struct options *opt, struct source *src, char *err, size_t errlen)
{
	struct source_ngram_config cfg = {
		.max_vocab = opt->max_vocab, .target_order = opt->target_order,
		.draft_order = opt->draft_order, .temperature = opt->temperature,
		.noise = opt->noise,
	};
	const char *path = opt->corpus != NULL ? opt->corpus : sources_default_corpus();

	if (path == NULL) {
		snprintf(err, errlen, "the built-in corpus is missing (looked at $"
		    CORPUS_ENV ", " CORPUS_INSTALLED " and " CORPUS_SOURCE_TREE "); give "
		    "one with --corpus FILE");
		return -1;
	}
	return source_ngram_open_file(src, path, &cfg, err, errlen);
}

int
sources_open(const struct options *opt, struct source *src, char *err, size_t errlen)
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

int
sources_open_sim(const struct options *opt, struct sim *sim, char *err, size_t errlen)
{
	struct sim_params par = {
		.gamma = opt->gamma, .noise = opt->noise, .seed = opt->seed,
		.target_ms = opt->target_ms, .draft_ms = opt->draft_ms,
	};
	struct source src;
	const char *kind;

	if (sources_open(opt, &src, err, errlen) != 0)
		return -1;
	kind = src.kind;
	errno = 0;
	if (sim_open(sim, &par, &src) != 0) {
		snprintf(err, errlen, "cannot open the %s source a second time for the "
		    "target-only reference stream: %s", kind,
		    errno != 0 ? strerror(errno) : "unknown error");
		return -1;
	}
	return 0;
}
