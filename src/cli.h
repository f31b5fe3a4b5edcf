/* cli.h: the command line, parsed and validated into one options struct. */
#ifndef SPECDEC_CLI_H
#define SPECDEC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "exit_status.h"

#define CLI_EXIT_USAGE EXIT_STATUS_USAGE
#define CLI_ALPHA_MAX 64	/* values in --alpha */
#define CLI_GAMMA_MAX_LIMIT 64	/* largest --gamma-max */
#define CLI_FRAMES_MAX 1000000000ULL	/* largest --frames */
#define CLI_DURATION_MAX 86400.0	/* largest --duration, seconds */
#define CLI_RATE_MAX 1e6		/* largest --rate, steps/s; 0 means "max" */

enum cli_mode {
	CLI_LIVE,	/* the interactive view (default) */
	CLI_BATCH,	/* --batch: simulate, report, check */
	CLI_THEORY,	/* --theory: closed-form tables, no simulation */
	CLI_HELP,
	CLI_VERSION,
};

enum cli_source {
	CLI_SOURCE_STUB,	/* the notebook's random distributions (default) */
	CLI_SOURCE_REPLAY,	/* --replay FILE */
	CLI_SOURCE_NGRAM,	/* --corpus FILE, or the built-in corpus */
};

/* Options that were given, for the checks of what goes with what. */
#define CLI_GIVEN_NOISE		0x01
#define CLI_GIVEN_VOCAB		0x02
#define CLI_GIVEN_NGRAM		0x04	/* --max-vocab, orders, --temperature */
#define CLI_GIVEN_SOURCE	0x08

struct options {
	enum cli_mode mode;
	int json;
	uint64_t steps;
	int gamma;
	double noise;
	size_t vocab;
	uint64_t seed;
	double target_ms;
	double draft_ms;
	int costs_given;	/* both --target-ms and --draft-ms were given */
	double alpha[CLI_ALPHA_MAX];
	int nalpha;
	int gamma_max;
	double cost_ratio;
	int cost_ratio_given;
	/* The live view. */
	uint64_t frames;	/* --frames: quit after this many frames; 0 unbounded */
	double duration;	/* --duration: quit after this many seconds; 0 unbounded */
	double rate;		/* --rate: steps per second; 0 as fast as it goes */
	int paused;		/* --paused: start paused */
	enum cli_source source;
	const char *replay;	/* --replay FILE */
	const char *labels;	/* --labels FILE */
	const char *corpus;	/* --corpus FILE; NULL for the built-in one */
	size_t max_vocab;
	int target_order;
	int draft_order;
	double temperature;
	unsigned given;		/* CLI_GIVEN_* */
	const char *ngram_option;	/* the first n-gram option given, for errors */
};

/* Parse argv into opt. On a usage error, write one line naming the option and its
 * valid range to err and return CLI_EXIT_USAGE; otherwise return 0. */
int cli_parse(int argc, char **argv, struct options *opt, FILE *err);

/* The --help text. */
void cli_usage(FILE *out);

#endif
