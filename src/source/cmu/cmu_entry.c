/* cmu_entry.c: the cmu source's row of the source table: the CMU English
 * trigram (or --lm FILE) as target and its history-cut view as draft; it
 * needs sphinxbase at configure time. */
#include "config.h"

#include <stdio.h>

#include "cli/options.h"
#include "util/json.h"
#include "source/source.h"
#include "source/source_table.h"
#include "source/cmu/source_cmu.h"

#define CMU_ORDER_MAX 3

static int
cmu_open(struct options *o, struct source *src, char *err, size_t errlen)
{
	struct source_cmu_config cfg = {
		.path = o->lm, .target_order = o->target_order,
		.draft_order = o->draft_order,
		.target = { o->temperature, o->top_k, o->top_p },
		.draft = { o->draft_temperature > 0.0 ? o->draft_temperature :
		    o->temperature, o->draft_top_k, o->draft_top_p },
		.draft_top = o->draft_vocab_top,
	};

	if (o->target_order > CMU_ORDER_MAX || o->draft_order > CMU_ORDER_MAX) {
		snprintf(err, errlen, "--target-order and --draft-order of the cmu source "
		    "are 1 to %d", CMU_ORDER_MAX);
		return -1;
	}
	if (source_cmu_open(src, &cfg, err, errlen) != 0)
		return -1;
	if (o->prompt != NULL && source_cmu_set_prompt(src, o->prompt, err, errlen) != 0) {
		source_close(src);
		return -1;
	}
	return 0;
}

static void
cmu_json(struct json *j, const struct options *o)
{
	json_string(j, "lm_file", o->lm != NULL ? o->lm : SOURCE_CMU_MODEL);
	json_int(j, "target_order", o->target_order);
	json_int(j, "draft_order", o->draft_order);
	json_double(j, "temperature", o->temperature);
	json_uint(j, "top_k", o->top_k);
	json_double(j, "top_p", o->top_p);
	json_double(j, "draft_temperature", o->draft_temperature > 0.0 ?
	    o->draft_temperature : o->temperature);
	json_uint(j, "draft_top_k", o->draft_top_k);
	json_double(j, "draft_top_p", o->draft_top_p);
	if (o->draft_vocab_top > 0)
		json_uint(j, "draft_vocab_top", o->draft_vocab_top);
}

static const char *const cmu_takes[] = {
	"target-order", "draft-order", "temperature", "top-k", "top-p",
	"draft-temperature", "draft-top-k", "draft-top-p", "prompt", "draft-vocab-top",
	NULL,
};

const struct source_entry source_entry_cmu = {
	.name = "cmu",
	.choose = "--source cmu or --lm FILE",
	.chosen_by = "lm",
	.conflict = "--lm and --replay or --corpus choose different sources",
	.takes = cmu_takes,
	.flags = SOURCE_F_QUIET_DRAFT | SOURCE_F_READS_INPUT,
	.available = source_cmu_available,
	.open = cmu_open,
	.json = cmu_json,
};
