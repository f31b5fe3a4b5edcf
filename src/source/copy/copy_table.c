/* copy_table.c: the drafters, one row each (copy_draft.h). */
#include "config.h"

#include "source/copy/copy_draft.h"

const struct copy_drafter copy_drafters[] = {
	{ "model", NULL, "the source's own draft q", NULL },
	{ "vllm-ngram", copy_propose_vllm_ngram,
	  "vLLM, vllm/v1/spec_decode/ngram_proposer.py", copy_hist_vllm_ngram },
	{ "hf-lookup", copy_propose_hf_lookup,
	  "Hugging Face transformers, generation/candidate_generator.py",
	  copy_hist_hf_lookup },
	{ "suffix", copy_propose_suffix,
	  "ArcticInference, csrc/suffix_decoding/suffix_tree.cc", copy_hist_suffix },
};

const char *const copy_drafter_names[] = {
	"model", "vllm-ngram", "hf-lookup", "suffix", NULL,
};

int
copy_drafter_count(void)
{
	return (int)(sizeof copy_drafters / sizeof copy_drafters[0]);
}
