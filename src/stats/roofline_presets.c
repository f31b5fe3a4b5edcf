/* roofline_presets.c: the machines and models of the cost model, one row each
 * with its cited source. A new one is a new row here and in the man page. */
#include "config.h"

#include <string.h>

#include "stats/roofline.h"

#define BF16 2.0

const struct roofline_hw roofline_hws[] = {
	{ "h100-sxm", 989.0, 3.35, "NVIDIA H100 Tensor Core GPU datasheet: H100 SXM, "
	    "BF16 989 TFLOPS dense (1979 with sparsity), HBM3 3.35 TB/s" },
	{ "a100-80gb", 312.0, 2.039, "NVIDIA A100 Tensor Core GPU datasheet: A100 80GB "
	    "SXM, BF16 312 TFLOPS dense (624 with sparsity), HBM2e 2039 GB/s" },
};

const int roofline_nhws = (int)(sizeof roofline_hws / sizeof roofline_hws[0]);

const struct roofline_model roofline_models[] = {
	{ "llama-3.1-8b", 8.03e9, 32, 8, 128, 32, BF16, "Meta Llama 3.1 8B: model card "
	    "(8.03B parameters) and config.json (32 layers, 32 heads, 8 KV heads, "
	    "hidden 4096)" },
	{ "llama-3.2-1b", 1.24e9, 16, 8, 64, 32, BF16, "Meta Llama 3.2 1B: model card "
	    "(1.24B parameters) and config.json (16 layers, 32 heads, 8 KV heads, "
	    "hidden 2048)" },
	{ "llama-3.1-70b", 70.6e9, 80, 8, 128, 64, BF16, "Meta Llama 3.1 70B: model "
	    "card (70.6B parameters) and config.json (80 layers, 64 heads, 8 KV heads, "
	    "hidden 8192)" },
};

const int roofline_nmodels = (int)(sizeof roofline_models / sizeof roofline_models[0]);

const struct roofline_hw *
roofline_hw_find(const char *name)
{
	int i;

	for (i = 0; i < roofline_nhws; i++)
		if (strcmp(roofline_hws[i].name, name) == 0)
			return &roofline_hws[i];
	return NULL;
}

const struct roofline_model *
roofline_model_find(const char *name)
{
	int i;

	for (i = 0; i < roofline_nmodels; i++)
		if (strcmp(roofline_models[i].name, name) == 0)
			return &roofline_models[i];
	return NULL;
}
