/* ngram_entry.c: the n-gram source's row of the source table: Kneser-Ney
 * models trained on --corpus FILE, $SPECDEC_CORPUS or the built-in corpus. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "cli/options.h"
#include "util/json.h"
#include "util/memlimit.h"
#include "util/parallel.h"
#include "util/readfile.h"
#include "source/source.h"
#include "source/source_table.h"
#include "source/ngram/corpus_builtin.h"
#include "source/ngram/source_ngram.h"
#include "source/ngram/trainmem.h"

#define CORPUS_ENV "SPECDEC_CORPUS"

/* o's corpus file: --corpus, else $SPECDEC_CORPUS when set and not empty;
 * NULL for the built-in corpus. */
static const char *
corpus_file(const struct options *o)
{
	const char *env = getenv(CORPUS_ENV);

	if (o->corpus != NULL)
		return o->corpus;
	return env != NULL && *env != '\0' ? env : NULL;
}

/* The corpus's name for the JSON: the file, else the built-in one's. */
static const char *
corpus_name(const struct options *o)
{
	const char *file = corpus_file(o);

	return file != NULL ? file : CORPUS_BUILTIN_NAME;
}

/* How many sets of the draft's noise rows the run may hold at once: one in the
 * live view (its noise can be raised from 0), one in a batch run with noise,
 * one a thread in a sweep whose noise axis has a value above 0, else none. */
static unsigned
noise_row_sets(const struct options *o)
{
	const struct cli_axis_values *nv = &o->axis[CLI_AXIS_NOISE];
	int i, noisy = o->noise > 0.0;

	if (o->mode == CLI_LIVE && !o->sweep)
		return 1;
	for (i = 0; o->sweep && i < nv->n; i++)
		noisy |= nv->v[i] > 0.0;
	if (!noisy)
		return 0;
	return o->sweep ? (unsigned)parallel_threads(o->threads) : 1;
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
ngram_open(struct options *o, struct source *src, char *err, size_t errlen)
{
	struct source_ngram_config cfg = {
		.max_vocab = o->max_vocab, .target_order = o->target_order,
		.draft_order = o->draft_order, .temperature = o->temperature,
		.noise = o->noise,
	};

	if (open_corpus(src, corpus_file(o), &cfg, noise_row_sets(o), err, errlen) != 0)
		return -1;
	if (o->prompt != NULL && source_ngram_set_prompt(src, o->prompt, err, errlen) != 0) {
		source_close(src);
		return -1;
	}
	return 0;
}

static void
ngram_json(struct json *j, const struct options *o)
{
	json_string(j, "corpus_file", corpus_name(o));
	json_uint(j, "max_vocab", o->max_vocab);
	json_int(j, "target_order", o->target_order);
	json_int(j, "draft_order", o->draft_order);
	json_double(j, "temperature", o->temperature);
}

static const char *const ngram_takes[] = {
	"noise", "max-vocab", "target-order", "draft-order", "temperature", "prompt",
	NULL,
};

static const struct source_refusal ngram_refuses[] = {
	{ "vocab", "--max-vocab caps an n-gram vocabulary" },
	{ NULL, NULL },
};

const struct source_entry source_entry_ngram = {
	.name = "ngram",
	.noun = "the n-gram source",
	.choose = "--corpus FILE or --source ngram",
	.chosen_by = "corpus",
	.conflict = "--replay and --corpus choose different sources",
	.takes = ngram_takes,
	.refuses = ngram_refuses,
	.flags = SOURCE_F_QUIET_DRAFT | SOURCE_F_READS_INPUT,
	.open = ngram_open,
	.json = ngram_json,
};
