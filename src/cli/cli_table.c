/* cli_table.c: every command-line option, one row each. A new option is a new row
 * here, its field in struct options, and its entry in the man page's OPTIONS. */
#include "config.h"

#include <string.h>

#include "cli/cli_table.h"
#include "verify/drafter.h"
#include "metrics/metrics_live.h"
#include "source/copy/copy_draft.h"
#include "source/ngram/ngram.h"
#include "source/source_table.h"
#include "verify/schedule.h"
#include "sim/sim.h"
#include "verify/spec.h"
#include "verify/verify.h"

#define STEPS_MAX 1e12
#define VOCAB_MAX 262144	/* --vocab and --max-vocab */
#define COST_RATIO_MAX 100.0
#define LESSON_CHAPTERS_MAX 1000	/* --chapter */
#define THREADS_MAX 256
#define TRACE_MAX 100000
#define COST_HINT "--theory takes the cost ratio from --cost-ratio, or from " \
	"--target-ms and --draft-ms together"

const char *const cli_group_heading[CLI_NGROUPS] = {
	[CLI_GROUP_MODES] = "Modes:",
	[CLI_GROUP_SIM] = "Simulation:",
	[CLI_GROUP_SOURCES] = "Sources (where the target p and the draft q come from):",
	[CLI_GROUP_SWEEP] = "Sweeps and handouts (--batch):",
	[CLI_GROUP_THEORY] = "Theory (--theory):",
	[CLI_GROUP_MACHINE] = "The machine (a roofline cost model for the costs):",
	[CLI_GROUP_METRICS] = "A serving system's metrics (--metrics):",
	[CLI_GROUP_LIVE] = "Live view (the default mode):",
	[CLI_GROUP_OTHER] = "",
};

const struct cli_option cli_options[] = {
	/* Modes. */
	{ .name = "batch", .letter = 'b', .kind = CLI_KIND_MODE, .asks = CLI_BATCH,
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_MODES,
	  .help = "simulate without a screen; print the report and checks" },
	{ .name = "json", .letter = 'j', .kind = CLI_KIND_FLAG, CLI_FIELD(json),
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MODES,
	  .help = "print one JSON object instead of text (implies --batch unless "
	    "--theory is given)" },
	{ .name = "theory", .kind = CLI_KIND_MODE, .asks = CLI_THEORY,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MODES,
	  .help = "print closed-form tables instead of simulating" },
	{ .name = "sweep", .kind = CLI_KIND_FLAG, CLI_FIELD(sweep),
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_MODES,
	  .help = "run a grid, one row per cell: --gamma, --noise, --target-alpha, "
	    "--verify-cost, --verifier and --schedule take lists (implies --batch)" },
	{ .name = "list-presets", .kind = CLI_KIND_MODE, .asks = CLI_PRESETS,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MODES,
	  .help = "list the model pairs --preset takes, each with its source table" },
	{ .name = "list-lessons", .kind = CLI_KIND_MODE, .asks = CLI_LESSONS,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MODES,
	  .help = "list the built-in lessons --lesson takes" },
	{ .name = "lesson", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(lesson),
	  .modes = CLI_M_SIM | CLI_M_EXPORT, .group = CLI_GROUP_MODES,
	  .help = "run a lesson script (a file, or a built-in lesson's name); with "
	    "--batch, verify its checks and answers" },
	{ .name = "export-html", .kind = CLI_KIND_FILE, .arg = "FILE",
	  CLI_FIELD(export_html), .asks = CLI_EXPORT,
	  .modes = CLI_M_EXPORT, .group = CLI_GROUP_MODES,
	  .help = "write the course page FILE.html beside the recording FILE.cast "
	    "(with --lesson, that lesson's questions)" },
	{ .name = "chapter", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(lesson_chapter), .min = 1, .max = LESSON_CHAPTERS_MAX,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_MODES,
	  .help = "with --lesson, start at its chapter N (the chapters before run "
	    "silently)" },
	{ .name = "print", .kind = CLI_KIND_FLAG, CLI_FIELD(lesson_print),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_MODES,
	  .help = "with --lesson, write its script to standard output (to edit a "
	    "copy)" },
	{ .name = "quiz", .kind = CLI_KIND_FLAG, CLI_FIELD(lesson_quiz),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_MODES,
	  .help = "with --lesson, write its questions as a printable quiz, the "
	    "answers at the end" },

	/* Simulation. */
	{ .name = "steps", .letter = 'n', .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(steps), .min = 1, .max = STEPS_MAX, .def = "5000",
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_SIM,
	  .help = "steps in batch mode" },
	{ .name = "gamma", .letter = 'g', .kind = CLI_KIND_INT, .arg = "G",
	  CLI_FIELD(gamma), .min = SPEC_GAMMA_MIN, .max = SPEC_GAMMA_MAX, .def = "4",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM, .axis = CLI_AXIS_GAMMA,
	  .help = "draft length (with --sweep, a list: 1,2,4,8 or 1-16)" },
	{ .name = "noise", .kind = CLI_KIND_REAL, .arg = "S",
	  CLI_FIELD(noise), .min = 0, .max = SIM_NOISE_MAX,
	  .def = "0.3", .def_note = " for stub, 0 for ngram",
	  .modes = CLI_M_SIM,
	  .group = CLI_GROUP_SIM, .axis = CLI_AXIS_NOISE,
	  .help = "draft noise: std of the logit perturbation; not with --replay" },
	{ .name = "target-alpha", .kind = CLI_KIND_REAL, .arg = "A",
	  CLI_FIELD(target_alpha), .min = 0, .open_min = 1, .max = 1,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .axis = CLI_AXIS_TARGET_ALPHA,
	  .help = "set the noise so that the stub's expected overlap alpha is A at "
	    "its vocabulary (solved deterministically; not with --noise)" },
	{ .name = "preset", .kind = CLI_KIND_TEXT, .arg = "NAME", CLI_FIELD(preset_name),
	  .modes = CLI_M_ANY, .group = CLI_GROUP_SIM,
	  .help = "a model pair of Leviathan et al. 2022: its alpha, and its cost "
	    "ratio where the paper gives one (names: --list-presets)" },
	{ .name = "vocab", .kind = CLI_KIND_INT, .arg = "V",
	  CLI_FIELD(vocab), .min = 2, .max = VOCAB_MAX, .def = "20",
	  .modes = CLI_M_SIM,
	  .group = CLI_GROUP_SIM,
	  .help = "stub vocabulary size" },
	{ .name = "seed", .letter = 's', .kind = CLI_KIND_U64, .arg = "K",
	  CLI_FIELD(seed), .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "random seed" },
	{ .name = "target-ms", .kind = CLI_KIND_REAL, .arg = "T",
	  CLI_FIELD(target_ms), .min = SIM_TARGET_MS_MIN, .max = SIM_MS_MAX,
	  .unit = "milliseconds", .def = "10",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_SIM,
	  .ignored_with = "cost-ratio", .ignored_modes = CLI_M_THEORY,
	  .ignored_hint = COST_HINT,
	  .help = "target forward cost in ms" },
	{ .name = "draft-ms", .kind = CLI_KIND_REAL, .arg = "D",
	  CLI_FIELD(draft_ms), .min = 0, .max = SIM_MS_MAX,
	  .unit = "milliseconds", .def = "1",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_SIM,
	  .ignored_with = "cost-ratio", .ignored_modes = CLI_M_THEORY,
	  .ignored_hint = COST_HINT,
	  .help = "cost of one drafted token in ms" },
	{ .name = "verify-cost", .kind = CLI_KIND_REAL, .arg = "K",
	  CLI_FIELD(verify_cost), .min = 0, .max = SIM_VERIFY_COST_MAX, .def = "0",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_SIM, .axis = CLI_AXIS_VERIFY_COST,
	  .help = "verification cost: the target over gamma + 1 positions costs "
	    "T (1 + K gamma)" },

	{ .name = "verifier", .kind = CLI_KIND_CHOICE, .arg = "RULE",
	  CLI_FIELD(verifier), .choices = verify_names, .def = "standard",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM, .axis = CLI_AXIS_VERIFIER,
	  .help = "verification rule; each is described in the man page" },
	{ .name = "tree", .kind = CLI_KIND_TEXT, .arg = "SHAPE", CLI_FIELD(tree),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "draft a token tree: branching factors by depth (2, 3,2,1), "
	    "vLLM index paths ([(0,),(1,),(0,0)]) or SGLang's dynamic:K,STEPS,N; "
	    "needs a tree --verifier" },
	{ .name = "drafter", .kind = CLI_KIND_CHOICE, .arg = "NAME",
	  CLI_FIELD(drafter), .choices = drafter_names, .def = "model",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "who drafts: the draft model; a copy of the context (vllm-ngram, "
	    "hf-lookup, suffix), verified as topk at width 1; Medusa heads (heads), "
	    "one pass for every position; DeepSeek's MTP modules (mtp), one pass "
	    "per position" },
	{ .name = "head-topk", .kind = CLI_KIND_INT, .arg = "LIST",
	  CLI_LIST(head_topk, nhead_topk), .min = 1, .max = TREE_NODES_MAX,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "with --drafter heads or mtp: head i's top k_i tokens draft position "
	    "i; the tree is their product" },
	{ .name = "head-noise", .kind = CLI_KIND_REAL, .arg = "LIST",
	  CLI_LIST(head_noise, nhead_noise), .min = 0, .max = SIM_NOISE_MAX,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the stub's noise of head i (the last holds past the list; none: "
	    "--noise)" },
	{ .name = "head-cost", .kind = CLI_KIND_REAL, .arg = "C",
	  CLI_FIELD(head_cost), .min = 0, .max = COST_RATIO_MAX, .def = "0.05",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "one head or module pass over the target's: a heads step costs 1 + "
	    "C, an mtp step 1 + K C" },
	{ .name = "lenience", .kind = CLI_KIND_REAL, .arg = "L",
	  CLI_FIELD(lenience), .min = VERIFY_LENIENCE_MIN, .max = 1,	/* default: the rule's entry */
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM, .axis = CLI_AXIS_LENIENCE,
	  .help = "the lenient rule's L: accept with min(1, p/(L q)) (with --sweep, a "
	    "list: 0.2,0.5,1)" },
	{ .name = "typical-epsilon", .kind = CLI_KIND_REAL, .arg = "E",
	  CLI_FIELD(typical_epsilon), .min = 0, .open_min = 1, .max = 1,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the typical rule's cap: accept when p(x) > min(E, D exp(-H(p)))" },
	{ .name = "typical-delta", .kind = CLI_KIND_REAL, .arg = "D",
	  CLI_FIELD(typical_delta), .min = 0, .open_min = 1, .max = 1,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the typical rule's entropy factor D" },
	{ .name = "lookup-min", .kind = CLI_KIND_INT, .arg = "A",
	  CLI_FIELD(lookup_min), .min = 1, .max = 64, .def = "5",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "vllm-ngram: the shortest n-gram matched (prompt_lookup_min)" },
	{ .name = "lookup-max", .kind = CLI_KIND_INT, .arg = "B",
	  CLI_FIELD(lookup_max), .min = 1, .max = 64, .def = "5",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "vllm-ngram: the longest n-gram matched (prompt_lookup_max)" },
	{ .name = "max-matching-ngram", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(max_ngram), .min = 1, .max = 64, .def = "2",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "hf-lookup: the longest n-gram matched (max_matching_ngram_size)" },
	{ .name = "suffix-max-depth", .kind = CLI_KIND_INT, .arg = "D",
	  CLI_FIELD(suffix_depth), .min = 2, .max = 1024, .def = "64",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "suffix: the suffix tree's depth (pattern plus draft)" },
	{ .name = "suffix-spec-factor", .kind = CLI_KIND_REAL, .arg = "F",
	  CLI_FIELD(suffix_factor), .min = 0, .max = 64, .def = "1",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "suffix: at most F * match_length + O drafts" },
	{ .name = "suffix-spec-offset", .kind = CLI_KIND_REAL, .arg = "O",
	  CLI_FIELD(suffix_offset), .min = -64, .max = 64, .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "suffix: the offset O of the draft's cap" },
	{ .name = "suffix-min-prob", .kind = CLI_KIND_REAL, .arg = "P",
	  CLI_FIELD(suffix_min_prob), .min = 0, .max = 1, .def = "0.1",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "suffix: stop when the running probability falls below P" },
	{ .name = "copy-weight", .kind = CLI_KIND_REAL, .arg = "L",
	  CLI_FIELD(copy_weight), .min = 0, .max = 1, .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "a target that copies: (1 - L) p + L p_cache, the cache model "
	    "over the prompt and the text so far" },
	{ .name = "draft-only", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(draft_only), .min = 0, .max = VOCAB_MAX - 1, .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the last N tokens are the draft's only (p = 0 there): "
	    "another vocabulary, for --verifier tli" },
	{ .name = "draft-vocab-top", .kind = CLI_KIND_INT, .arg = "K",
	  CLI_FIELD(draft_vocab_top), .min = 1, .max = VOCAB_MAX,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "cmu: the draft knows only the K most frequent words, its other "
	    "mass on one token of its own (<unk-draft>)" },
	{ .name = "prompt-file", .kind = CLI_KIND_FILE, .arg = "F",
	  CLI_FIELD(prompt_file), .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "a prompt the text continues: words or token ids separated by "
	    "spaces" },
	{ .name = "explain-draft", .kind = CLI_KIND_TEXT, .arg = "TOKENS",
	  CLI_FIELD(explain_draft), .modes = CLI_M_BATCH, .group = CLI_GROUP_SIM,
	  .help = "print what --drafter proposes after TOKENS and where it matched "
	    "(with --json: draft, match_length, match_at)" },
	{ .name = "schedule", .kind = CLI_KIND_CHOICE, .arg = "KIND",
	  CLI_FIELD(schedule), .choices = schedule_names, .def = "constant",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM, .axis = CLI_AXIS_SCHEDULE,
	  .aliases = schedule_aliases,
	  .help = "draft length per step: gamma, Hugging Face's heuristic from gamma, "
	    "llama.cpp's draft-p-min (draft while the top q >= P) or Hugging Face's "
	    "confidence (stop after a draft with q(x) < T), up to gamma" },
	{ .name = "draft-p-min", .kind = CLI_KIND_REAL, .arg = "P",
	  CLI_FIELD(draft_p_min), .min = SIM_P_MIN_MIN, .max = 1, .def = "0.15",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the draft-p-min schedule's P: stop drafting where the draft's top "
	    "candidate has q < P" },
	{ .name = "confidence-threshold", .kind = CLI_KIND_REAL, .arg = "T",
	  CLI_FIELD(confidence_threshold), .min = SIM_P_MIN_MIN, .max = 1, .def = "0.4",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SIM,
	  .help = "the confidence schedule's T: stop drafting after a draft x with "
	    "q(x) < T, keeping x" },

	/* Sources. */
	{ .name = "source", .kind = CLI_KIND_CHOICE, .arg = "KIND",
	  CLI_FIELD(source), .choices = source_names, .def = "stub",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "random distributions, pairs from a --replay file, n-gram "
	    "models over --corpus or built-in text, or the CMU English trigram "
	    "(or --lm FILE) and its history-cut view" },
	{ .name = "replay", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(replay),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "replay target/draft distribution pairs from FILE, one pair per "
	    "step, cycling (format: see the man page)" },
	{ .name = "labels", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(labels),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "token labels for --replay, one per line" },
	{ .name = "corpus", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(corpus),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "train the n-gram models on this UTF-8 text (implies --source "
	    "ngram; default: the built-in corpus)" },
	{ .name = "lm", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(lm),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "a language model sphinxbase reads (ARPA, DMP, trie binary) "
	    "for the cmu source (implies --source cmu; default: the CMU model)" },
	{ .name = "max-vocab", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(max_vocab), .min = 2, .max = VOCAB_MAX, .def = "5000",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "n-gram vocabulary cap, with the unknown token" },
	{ .name = "target-order", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(target_order), .min = 1, .max = NGRAM_ORDER_MAX, .def = "3",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "order of the target Kneser-Ney model (cmu: 1 to 3, the view)" },
	{ .name = "draft-order", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(draft_order), .min = 1, .max = NGRAM_ORDER_MAX, .def = "2",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "order of the draft's model (cmu: 1 to 3, its history cut)" },
	{ .name = "temperature", .kind = CLI_KIND_REAL, .arg = "T",
	  CLI_FIELD(temperature), .min = SIM_TEMPERATURE_MIN, .max = SIM_TEMPERATURE_MAX,
	  .def = "1",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "temperature of the target (ngram: of both models; cmu: of the "
	    "draft too unless --draft-temperature)" },
	{ .name = "top-k", .kind = CLI_KIND_INT, .arg = "K",
	  CLI_FIELD(top_k), .min = 0, .max = VOCAB_MAX, .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "keep the target's K most likely words (0: all)" },
	{ .name = "top-p", .kind = CLI_KIND_REAL, .arg = "P",
	  CLI_FIELD(top_p), .min = 0, .open_min = 1, .max = 1, .def = "1",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "keep the target's most likely words up to mass P (1: all)" },
	{ .name = "draft-temperature", .kind = CLI_KIND_REAL, .arg = "T",
	  CLI_FIELD(draft_temperature), .min = SIM_TEMPERATURE_MIN, .max = SIM_TEMPERATURE_MAX,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "temperature of the draft (default: --temperature)" },
	{ .name = "draft-top-k", .kind = CLI_KIND_INT, .arg = "K",
	  CLI_FIELD(draft_top_k), .min = 0, .max = VOCAB_MAX, .def = "0",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "keep the draft's K most likely words (0: all)" },
	{ .name = "draft-top-p", .kind = CLI_KIND_REAL, .arg = "P",
	  CLI_FIELD(draft_top_p), .min = 0, .open_min = 1, .max = 1, .def = "1",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "keep the draft's most likely words up to mass P (1: all)" },
	{ .name = "prompt", .kind = CLI_KIND_TEXT, .arg = "TEXT", CLI_FIELD(prompt),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_SOURCES,
	  .help = "start the n-gram text after these words of the corpus (cmu: of "
	    "the model's vocabulary)" },

	/* Sweeps and handouts. */
	{ .name = "csv", .kind = CLI_KIND_FLAG, CLI_FIELD(csv),
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_SWEEP,
	  .ignored_with = "json", .ignored_modes = CLI_M_BATCH,
	  .ignored_hint = "the output is JSON: give one",
	  .help = "with --sweep: CSV instead of the table" },
	{ .name = "wide", .kind = CLI_KIND_FLAG, CLI_FIELD(wide),
	  .modes = CLI_M_BATCH | CLI_M_THEORY, .group = CLI_GROUP_SWEEP,
	  .ignored_with = "json", .ignored_modes = CLI_M_BATCH | CLI_M_THEORY,
	  .ignored_hint = "the output is JSON: give one",
	  .help = "with --sweep or --theory: the wide table (every column, over 80 "
	    "columns) instead of the one that fits 80" },
	{ .name = "threads", .kind = CLI_KIND_INT, .arg = "N", CLI_FIELD(threads),
	  .min = 1, .max = THREADS_MAX,
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_SWEEP,
	  .help = "with --sweep: threads to run the cells on (default: every core)" },
	{ .name = "trace", .kind = CLI_KIND_INT, .arg = "N", CLI_FIELD(trace),
	  .min = 1, .max = TRACE_MAX,
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_SWEEP,
	  .help = "print the first N steps in detail before the report" },
	{ .name = "plot", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(plot),
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_SWEEP,
	  .help = "write an SVG picture of the run or the sweep to FILE" },

	/* Theory. */
	{ .name = "alpha", .kind = CLI_KIND_REAL, .arg = "LIST",
	  CLI_LIST(alpha, nalpha), .min = 0, .max = 1, .def = "0.3,0.5,0.7,0.9",
	  .modes = CLI_M_THEORY, .group = CLI_GROUP_THEORY,
	  .help = "comma-separated acceptance rates" },
	{ .name = "gamma-max", .kind = CLI_KIND_INT, .arg = "G",
	  CLI_FIELD(gamma_max), .min = 1, .max = CLI_GAMMA_MAX_LIMIT, .def = "10",
	  .modes = CLI_M_THEORY, .metrics_modes = CLI_M_BATCH, .group = CLI_GROUP_THEORY,
	  .help = "largest draft length in the table (with --metrics: predicted)" },
	{ .name = "cost-ratio", .kind = CLI_KIND_REAL, .arg = "C",
	  CLI_FIELD(cost_ratio), .min = 0, .max = COST_RATIO_MAX,
	  .def = "0.1", .def_note = ", or D/T when --target-ms and --draft-ms are both "
	    "given",
	  .modes = CLI_M_THEORY, .metrics_modes = CLI_M_BATCH, .group = CLI_GROUP_THEORY,
	  .help = "draft/target cost ratio c" },

	/* The machine. */
	{ .name = "hw", .kind = CLI_KIND_TEXT, .arg = "NAME|TFLOPS,TBps", CLI_FIELD(hw),
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "the machine: a preset (--list-hw) or its dense TFLOPS and memory "
	    "TB/s; the costs come from the roofline of the models on it" },
	{ .name = "model", .kind = CLI_KIND_TEXT, .arg = "NAME|P,L,KV,HD,H[,BYTES]",
	  CLI_FIELD(model), .def = "llama-3.1-8b",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "with --hw, the target: a preset (--list-models) or its parameters, "
	    "layers, KV heads, head dim, heads and bytes per value (2)" },
	{ .name = "draft-model", .kind = CLI_KIND_TEXT, .arg = "NAME|P,L,KV,HD,H[,BYTES]",
	  CLI_FIELD(draft_model), .def = "llama-3.2-1b",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "with --hw, the draft, in the same forms" },
	{ .name = "batch-size", .kind = CLI_KIND_INT, .arg = "B",
	  CLI_FIELD(batch_size), .min = 1, .max = 65536, .def = "1",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .axis = CLI_AXIS_BATCH,
	  .help = "with --hw, the sequences decoded together (with --sweep, a list: "
	    "the roofline against B)" },
	{ .name = "context", .kind = CLI_KIND_INT, .arg = "S",
	  CLI_FIELD(context), .min = 0, .max = 1e7, .def = "0",
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .axis = CLI_AXIS_CONTEXT,
	  .help = "with --hw, the tokens of context each sequence holds (with "
	    "--sweep, a list: the roofline against S)" },
	{ .name = "draft-kv-budget", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(draft_kv_budget), .min = 1, .max = 1e7,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "with --hw, the draft keeps at most N tokens of KV cache "
	    "(default: the whole context)" },
	{ .name = "list-hw", .kind = CLI_KIND_MODE, .asks = CLI_HWS,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "list the machines --hw takes, each with its source" },
	{ .name = "list-models", .kind = CLI_KIND_MODE, .asks = CLI_MODELS,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_MACHINE,
	  .help = "list the models --model and --draft-model take, each with its source" },

	/* A serving system's metrics. */
	{ .name = "metrics", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(metrics),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_METRICS,
	  .help = "read speculative-decoding metrics of vLLM, SGLang, llama.cpp, "
	    "TensorRT-LLM or a CSV (- for standard input): with --batch, predict the "
	    "speedup against gamma and the best gamma; the live view runs the stub at "
	    "their per-position rates" },
	{ .name = "step-ms", .kind = CLI_KIND_REAL, .arg = "LIST",
	  CLI_LIST(step_ms, nstep_ms), .min = 0, .open_min = 1, .max = SIM_MS_MAX,
	  .unit = "milliseconds",
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_METRICS,
	  .help = "with --metrics: measured step times at gamma 0 (the target alone), "
	    "1, 2, ... in place of the cost model" },
	{ .name = "position-alpha", .kind = CLI_KIND_REAL, .arg = "LIST",
	  CLI_LIST(position_alpha, nposition_alpha), .min = 0, .open_min = 1, .max = 1,
	  .modes = CLI_M_SIM, .group = CLI_GROUP_METRICS,
	  .help = "the stub's conditional acceptance by draft position (the last "
	    "holds past the list); each position draws its own pair" },
	{ .name = "interval", .kind = CLI_KIND_REAL, .arg = "S",
	  CLI_FIELD(metrics_interval), .min = 0.1, .max = 3600, .def = "2",
	  .unit = "seconds",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_METRICS,
	  .help = "with --metrics URL: seconds between polls, and each poll's "
	    "timeout" },
	{ .name = "window", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(metrics_window), .min = 1, .max = METRICS_LIVE_WINDOW_MAX,
	  .def = "30",
	  .modes = CLI_M_SIM, .group = CLI_GROUP_METRICS,
	  .help = "with --metrics URL: the moving window, the increase over the "
	    "last N polls" },
	{ .name = "polls", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(metrics_polls), .min = 2, .max = 1000000,
	  .modes = CLI_M_BATCH, .group = CLI_GROUP_METRICS,
	  .help = "with --batch --metrics URL: poll N times, then report the "
	    "increase since the first poll" },
	{ .name = "metrics-log", .kind = CLI_KIND_FILE, .arg = "FILE",
	  CLI_FIELD(metrics_log),
	  .modes = CLI_M_SIM, .group = CLI_GROUP_METRICS,
	  .help = "with --metrics URL: record every scrape to FILE, which "
	    "--metrics FILE replays with the same figures" },

	/* The live view. */
	{ .name = "rate", .kind = CLI_KIND_RATE, .arg = "R",
	  CLI_FIELD(rate), .min = 1, .max = CLI_RATE_MAX, .unit = "steps per second",
	  .def = "20",
	  .modes = CLI_M_LIVE, .group = CLI_GROUP_LIVE,
	  .help = "steps per second to start with; max: as fast as it goes" },
	{ .name = "paused", .kind = CLI_KIND_FLAG, CLI_FIELD(paused),
	  .modes = CLI_M_LIVE, .group = CLI_GROUP_LIVE,
	  .help = "start paused (space resumes, n steps once)" },
	{ .name = "frames", .kind = CLI_KIND_INT, .arg = "N",
	  CLI_FIELD(frames), .min = 1, .max = CLI_FRAMES_MAX,
	  .modes = CLI_M_LIVE, .group = CLI_GROUP_LIVE,
	  .help = "quit by itself after N frames" },
	{ .name = "duration", .kind = CLI_KIND_REAL, .arg = "S",
	  CLI_FIELD(duration), .min = 0, .open_min = 1, .max = CLI_DURATION_MAX,
	  .unit = "seconds",
	  .modes = CLI_M_LIVE, .group = CLI_GROUP_LIVE,
	  .help = "quit by itself after S seconds" },
	{ .name = "record", .kind = CLI_KIND_FILE, .arg = "FILE", CLI_FIELD(record),
	  .modes = CLI_M_LIVE, .group = CLI_GROUP_LIVE,
	  .help = "record the session to FILE as an asciicast v2 (asciinema) file" },

	/* The rest. */
	{ .name = "help", .letter = 'h', .kind = CLI_KIND_MODE, .asks = CLI_HELP,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_OTHER,
	  .help = "show this help and exit" },
	{ .name = "version", .letter = 'V', .kind = CLI_KIND_MODE, .asks = CLI_VERSION,
	  .modes = CLI_M_ANY, .group = CLI_GROUP_OTHER,
	  .help = "show the version and exit" },
};

const size_t cli_noptions = sizeof cli_options / sizeof cli_options[0];

_Static_assert(sizeof cli_options / sizeof cli_options[0] <= CLI_OPTIONS_MAX,
    "more rows than CLI_OPTIONS_MAX");

const struct cli_option *
cli_table_find(const char *name)
{
	size_t i;

	for (i = 0; i < cli_noptions; i++)
		if (strcmp(cli_options[i].name, name) == 0)
			return &cli_options[i];
	return NULL;
}

const char *
cli_source_name(enum cli_source s)
{
	return source_table_name((int)s);
}

const struct cli_option *
cli_table_find_letter(int letter)
{
	size_t i;

	for (i = 0; i < cli_noptions; i++)
		if (letter != 0 && cli_options[i].letter == letter)
			return &cli_options[i];
	return NULL;
}

void
cli_given_set(struct cli_given *g, size_t row)
{
	if (row < CLI_OPTIONS_MAX)
		g->w[row / 64] |= UINT64_C(1) << (row % 64);
}

int
cli_given_has(const struct cli_given *g, size_t row)
{
	return row < CLI_OPTIONS_MAX && (g->w[row / 64] >> (row % 64) & 1u) != 0;
}

const struct cli_option *
cli_given_outside(const struct cli_given *g, const char *const *names, size_t n)
{
	size_t i, r;

	for (i = 0; i < cli_noptions; i++) {
		if (!cli_given_has(g, i))
			continue;
		for (r = 0; r < n && strcmp(cli_options[i].name, names[r]) != 0; r++)
			;
		if (r == n)
			return &cli_options[i];
	}
	return NULL;
}
