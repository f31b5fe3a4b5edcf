/* options.h: what the command line asks for: the options struct that cli_parse
 * fills and every face reads, its modes, sources and sweep axes, and the limits
 * the option table checks values against. Types only, so that the option table
 * and its helpers (cli_table.h, cli_kind.h, cli_derive.h) need not include the
 * parser's header that uses them. */
#ifndef SPECDEC_CLI_OPTIONS_H
#define SPECDEC_CLI_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "util/exit_status.h"
#include "stats/roofline.h"
#include "verify/tree_shape.h"

#define CLI_EXIT_USAGE EXIT_STATUS_USAGE	/* an alias, for the callers outside cli */
#define CLI_ALPHA_MAX 64	/* values in --alpha */
#define CLI_GAMMA_MAX_LIMIT 64	/* largest --gamma-max */
#define CLI_FRAMES_MAX 1000000000ULL	/* largest --frames */
#define CLI_DURATION_MAX 86400.0	/* largest --duration, seconds */
#define CLI_RATE_MAX 1e6		/* largest --rate, steps/s; 0 means "max" */
#define CLI_STEP_MS_MAX 65	/* values in --step-ms: gamma 0..64 */
#define CLI_HEADS_MAX 32	/* heads in --head-topk (TREE_DEPTH_MAX) */
#define CLI_POSITIONS_MAX 32	/* values in --position-alpha (SPEC_GAMMA_MAX) */

/* When options ask for several modes, the last in this list wins (--json alone
 * asks for batch mode unless --theory is given). */
enum cli_mode {
	CLI_LIVE,	/* the interactive view (default) */
	CLI_BATCH,	/* --batch: simulate, report, check */
	CLI_THEORY,	/* --theory: closed-form tables, no simulation */
	CLI_EXPORT,	/* --export-html: a recording's course page */
	CLI_PRESETS,	/* --list-presets */
	CLI_LESSONS,	/* --list-lessons */
	CLI_HWS,	/* --list-hw */
	CLI_MODELS,	/* --list-models */
	CLI_VERSION,
	CLI_HELP,
};
#define CLI_NMODES (CLI_HELP + 1)

/* --source: an index into the source table (source/source_table.h), whose
 * rows say everything about each; these name the first rows, for the tests.
 * A new source is a row there, not a name here. */
enum cli_source {
	CLI_SOURCE_STUB,	/* the notebook's random distributions (default) */
	CLI_SOURCE_REPLAY,	/* --replay FILE */
	CLI_SOURCE_NGRAM,	/* --corpus FILE, or the built-in corpus */
	CLI_SOURCE_CMU,		/* a sphinxbase model: --lm FILE, or the CMU one */
};

/* The options that take a list with --sweep: the axes of its grid (sweep.h).
 * Another axis is one more name here, its row's .axis and its setter in sweep.c. */
enum cli_axis {
	CLI_AXIS_NONE,
	CLI_AXIS_GAMMA,
	CLI_AXIS_NOISE,
	CLI_AXIS_TARGET_ALPHA,
	CLI_AXIS_VERIFY_COST,
	CLI_AXIS_VERIFIER,	/* a choice's index, as a double */
	CLI_AXIS_SCHEDULE,
	CLI_AXIS_LENIENCE,	/* the lenient rule's L; n 0: the rule's default */
	CLI_AXIS_TREE,		/* --tree's shapes, by index into tree_shapes */
	CLI_AXIS_BATCH,		/* with --hw: B; a list makes the roofline sweep */
	CLI_AXIS_CONTEXT,	/* with --hw: S; likewise (sweep_roofline.h) */
};
#define CLI_NAXES (CLI_AXIS_CONTEXT + 1)
#define CLI_TREES_MAX 16	/* shapes in --tree's list (with --sweep) */
#define CLI_AXIS_VALUES 64	/* values in one axis's list */

/* An axis's values in the order given; its option's own field holds the first. */
struct cli_axis_values {
	double v[CLI_AXIS_VALUES];
	int n;			/* 0: the option has no value (not given, no default) */
};

/* The options, each filled from its row in the option table (cli_table.c), which
 * gives its default and range. */
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
	double alpha[CLI_ALPHA_MAX];
	int nalpha;
	int gamma_max;
	double cost_ratio;	/* --draft-ms / --target-ms when both are given */
	/* The live view. */
	uint64_t frames;	/* --frames: quit after this many frames; 0 unbounded */
	double duration;	/* --duration: quit after this many seconds; 0 unbounded */
	double rate;		/* --rate: steps per second; 0 as fast as it goes */
	int paused;		/* --paused: start paused */
	enum cli_source source;
	const char *replay;	/* --replay FILE */
	const char *labels;	/* --labels FILE */
	const char *corpus;	/* --corpus FILE; NULL for the built-in one */
	const char *lm;		/* --lm FILE: the cmu source's model */
	const char *prompt;	/* --prompt TEXT: the n-gram text's first context */
	size_t max_vocab;
	int target_order;
	int draft_order;
	double temperature;	/* the target's (ngram: both models') */
	double draft_temperature;	/* cmu: the draft's; 0: as temperature */
	size_t top_k, draft_top_k;	/* cmu: 0 none */
	double top_p, draft_top_p;	/* cmu: 1 none */
	/* Presets, verification cost, sweeps, handouts. */
	double target_alpha;	/* --target-alpha; 0: not given */
	double target_alpha_achieved;	/* the expected overlap at the noise solved */
	const char *preset_name;	/* --preset NAME */
	int preset;		/* its index in presets[] (presets.h), or -1 */
	double verify_cost;	/* --verify-cost k */
	int sweep;		/* --sweep */
	int csv;		/* --csv */
	int wide;		/* --wide: the tables' wide layout */
	int threads;		/* --threads; 0: every core */
	uint64_t trace;		/* --trace N: steps shown in detail */
	const char *plot;	/* --plot FILE.svg */
	struct cli_axis_values axis[CLI_NAXES];	/* [CLI_AXIS_NONE] unused */
	int verifier;		/* --verifier: an enum verify_rule */
	double lenience;	/* --lenience L */
	double typical_epsilon;	/* --typical-epsilon E */
	double typical_delta;	/* --typical-delta D */
	int schedule;		/* --schedule: an enum schedule_kind */
	double draft_p_min;	/* --draft-p-min P */
	double confidence_threshold;	/* --confidence-threshold T */
	const char *tree;	/* --tree SHAPE, as given; NULL: a chain */
	int drafter;		/* --drafter: a row of drafter_rows (drafter.h); 0 the model */
	int head_topk[CLI_HEADS_MAX];	/* --head-topk k1,...,kK */
	int nhead_topk;
	double head_noise[CLI_HEADS_MAX];	/* --head-noise n1,...; none: --noise */
	int nhead_noise;
	double head_cost;	/* --head-cost c: one head or module pass / the target's */
	int lookup_min, lookup_max;	/* --lookup-min, --lookup-max */
	int max_ngram;		/* --max-matching-ngram */
	int suffix_depth;	/* --suffix-max-depth */
	double suffix_factor, suffix_offset, suffix_min_prob;
	double copy_weight;	/* --copy-weight L */
	size_t draft_only;	/* --draft-only N: the draft's own last N tokens */
	size_t draft_vocab_top;	/* --draft-vocab-top K: the cmu draft's K words; 0: all */
	const char *prompt_file;	/* --prompt-file F, or NULL */
	const char *explain_draft;	/* --explain-draft TOKENS, or NULL */
	struct tree_shape tree_shape;	/* parsed from it (cli_derive): the first
					 * shape of a sweep's list */
	struct tree_shape tree_shapes[CLI_TREES_MAX];	/* with --sweep, the list
					 * "2;3;2,2" (axis CLI_AXIS_TREE) */
	/* A serving system's metrics. */
	const char *metrics;	/* --metrics FILE ("-": standard input) */
	int metrics_gamma;	/* --gamma when given, for a file without one; 0 */
	double metrics_interval;	/* --interval S: between polls of a URL */
	int metrics_window;	/* --window N: polls in the moving window */
	int metrics_polls;	/* --polls N (--batch with a URL); 0 not given */
	const char *metrics_log;	/* --metrics-log FILE, or NULL */
	double step_ms[CLI_STEP_MS_MAX];	/* --step-ms: step costs, gamma 0.. */
	int nstep_ms;
	double position_alpha[CLI_POSITIONS_MAX];	/* --position-alpha */
	int nposition_alpha;
	double position_noise[CLI_POSITIONS_MAX];	/* the stub's noise solved
							 * for each */
	/* The machine of the cost model (stats/roofline.h): with --hw it gives
	 * target_ms, draft_ms, cost_ratio and verify_cost (cli_machine.c). */
	const char *hw;		/* --hw NAME|TFLOPS,TBps; NULL: no machine */
	const char *model;	/* --model NAME|P,L,n_kv,head_dim,n_heads[,bytes] */
	const char *draft_model;	/* --draft-model, the same forms */
	int batch_size;		/* --batch-size B */
	int batch_size_given;	/* --batch-size was given: a live endpoint's
				 * requests running do not replace it */
	int context;		/* --context S */
	int draft_kv_budget;	/* --draft-kv-budget N; 0: none */
	int machine;		/* --hw was given: roofline holds the setup */
	struct roofline_setup roofline;
	/* Lessons and recordings. */
	const char *lesson;	/* --lesson FILE or NAME */
	const char *record;	/* --record FILE.cast */
	const char *export_html;	/* --export-html FILE.cast */
	int lesson_chapter;	/* --chapter N: start the lesson there; 0: at 1 */
	int lesson_print;	/* --print: write the lesson's script, then exit */
	int lesson_quiz;	/* --quiz: write the lesson's questions, then exit */
	int argc;		/* the command line cli_parse read, for a lesson's */
	char **argv;		/* set lines to be parsed after it */
};

#endif
