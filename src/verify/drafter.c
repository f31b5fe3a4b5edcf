/* drafter.c: the drafters, one row each (drafter.h). */
#include "config.h"

#include <stddef.h>

#include "source/copy/copy_draft.h"
#include "verify/drafter.h"

const struct drafter_row drafter_rows[] = {
	{ "model", DRAFTER_KIND_MODEL, "the source's draft q", NULL },
	{ "vllm-ngram", DRAFTER_KIND_COPY, "vLLM's n-gram lookup",
	  &copy_drafter_vllm_ngram },
	{ "hf-lookup", DRAFTER_KIND_COPY, "Hugging Face's prompt lookup",
	  &copy_drafter_hf_lookup },
	{ "suffix", DRAFTER_KIND_COPY, "ArcticInference's suffix decoding",
	  &copy_drafter_suffix },
	{ "heads", DRAFTER_KIND_HEADS, "Medusa heads: one pass drafts every position",
	  NULL },
	{ "mtp", DRAFTER_KIND_MTP, "MTP modules: one module pass per position", NULL },
};

const char *const drafter_names[] = {
	"model", "vllm-ngram", "hf-lookup", "suffix", "heads", "mtp", NULL,
};

int
drafter_count(void)
{
	return (int)(sizeof drafter_rows / sizeof drafter_rows[0]);
}

enum drafter_kind
drafter_kind(int i)
{
	return i >= 0 && i < drafter_count() ? drafter_rows[i].kind : DRAFTER_KIND_MODEL;
}

const char *
drafter_name(enum drafter_kind kind)
{
	int i;

	for (i = 0; i < drafter_count(); i++)
		if (drafter_rows[i].kind == kind)
			return drafter_rows[i].name;
	return "model";
}

int
drafter_has_heads(enum drafter_kind kind)
{
	return kind == DRAFTER_KIND_HEADS || kind == DRAFTER_KIND_MTP;
}

int
drafter_passes(enum drafter_kind kind, int depth)
{
	return kind == DRAFTER_KIND_HEADS ? 1 : depth;
}
