/* presets.c: the model pairs of Leviathan et al. 2022, Tables 3 and 4. */
#include "config.h"

#include <stdio.h>

#include "cli/presets.h"

#define NO_C (-1.0)
#define NGRAM_C 0.0		/* section 4.2: "c = 0" for the n-gram drafts */
#define LOW_ALPHA_VOCAB 1000	/* the stub reaches alpha 0.03 only over many tokens */

/* Table 3 gives alpha for every row (16 pairs, each at T 0 and 1); Table 4
 * gives c (and the gamma run) for the T5 drafts; section 4.2 gives c = 0 for
 * T5-XXL's unigram and bigram drafts. */
const struct preset presets[] = {
	{ "gpt-unigram-t0", "GPT-like 97M (lm1b)", "unigram", 0, 0.03, NO_C, 0, LOW_ALPHA_VOCAB },
	{ "gpt-unigram-t1", "GPT-like 97M (lm1b)", "unigram", 1, 0.03, NO_C, 0, LOW_ALPHA_VOCAB },
	{ "gpt-bigram-t0", "GPT-like 97M (lm1b)", "bigram", 0, 0.05, NO_C, 0, LOW_ALPHA_VOCAB },
	{ "gpt-bigram-t1", "GPT-like 97M (lm1b)", "bigram", 1, 0.05, NO_C, 0, LOW_ALPHA_VOCAB },
	{ "gpt-6m-t0", "GPT-like 97M (lm1b)", "GPT-like 6M", 0, 0.88, NO_C, 0, 0 },
	{ "gpt-6m-t1", "GPT-like 97M (lm1b)", "GPT-like 6M", 1, 0.89, NO_C, 0, 0 },
	{ "t5-unigram-ende-t0", "T5-XXL (EnDe)", "unigram", 0, 0.08, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-bigram-ende-t0", "T5-XXL (EnDe)", "bigram", 0, 0.20, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-small-ende-t0", "T5-XXL (EnDe)", "T5-small", 0, 0.75, 0.02, 7, 0 },
	{ "t5-base-ende-t0", "T5-XXL (EnDe)", "T5-base", 0, 0.80, 0.04, 7, 0 },
	{ "t5-large-ende-t0", "T5-XXL (EnDe)", "T5-large", 0, 0.82, 0.11, 7, 0 },
	{ "t5-unigram-ende-t1", "T5-XXL (EnDe)", "unigram", 1, 0.07, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-bigram-ende-t1", "T5-XXL (EnDe)", "bigram", 1, 0.19, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-small-ende-t1", "T5-XXL (EnDe)", "T5-small", 1, 0.62, 0.02, 7, 0 },
	{ "t5-base-ende-t1", "T5-XXL (EnDe)", "T5-base", 1, 0.68, 0.04, 5, 0 },
	{ "t5-large-ende-t1", "T5-XXL (EnDe)", "T5-large", 1, 0.71, 0.11, 3, 0 },
	{ "t5-unigram-cnndm-t0", "T5-XXL (CNNDM)", "unigram", 0, 0.13, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-bigram-cnndm-t0", "T5-XXL (CNNDM)", "bigram", 0, 0.23, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-small-cnndm-t0", "T5-XXL (CNNDM)", "T5-small", 0, 0.65, 0.02, 5, 0 },
	{ "t5-base-cnndm-t0", "T5-XXL (CNNDM)", "T5-base", 0, 0.73, 0.04, 5, 0 },
	{ "t5-large-cnndm-t0", "T5-XXL (CNNDM)", "T5-large", 0, 0.74, 0.11, 3, 0 },
	{ "t5-unigram-cnndm-t1", "T5-XXL (CNNDM)", "unigram", 1, 0.08, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-bigram-cnndm-t1", "T5-XXL (CNNDM)", "bigram", 1, 0.16, NGRAM_C, 0, LOW_ALPHA_VOCAB },
	{ "t5-small-cnndm-t1", "T5-XXL (CNNDM)", "T5-small", 1, 0.53, 0.02, 5, 0 },
	{ "t5-base-cnndm-t1", "T5-XXL (CNNDM)", "T5-base", 1, 0.55, 0.04, 3, 0 },
	{ "t5-large-cnndm-t1", "T5-XXL (CNNDM)", "T5-large", 1, 0.56, 0.11, 3, 0 },
	{ "lamda-100m-t0", "LaMDA 137B (dialog)", "LaMDA 100M", 0, 0.61, NO_C, 0, 0 },
	{ "lamda-2b-t0", "LaMDA 137B (dialog)", "LaMDA 2B", 0, 0.71, NO_C, 0, 0 },
	{ "lamda-8b-t0", "LaMDA 137B (dialog)", "LaMDA 8B", 0, 0.75, NO_C, 0, 0 },
	{ "lamda-100m-t1", "LaMDA 137B (dialog)", "LaMDA 100M", 1, 0.57, NO_C, 0, 0 },
	{ "lamda-2b-t1", "LaMDA 137B (dialog)", "LaMDA 2B", 1, 0.71, NO_C, 0, 0 },
	{ "lamda-8b-t1", "LaMDA 137B (dialog)", "LaMDA 8B", 1, 0.74, NO_C, 0, 0 },
};

const int presets_count = (int)(sizeof presets / sizeof presets[0]);

static void
print_row(FILE *out, const struct preset *p)
{
	char c[16], g[16];

	snprintf(c, sizeof c, "-");
	snprintf(g, sizeof g, "-");
	if (p->c >= 0.0)
		snprintf(c, sizeof c, "%.2f", p->c);
	if (p->paper_gamma > 0)
		snprintf(g, sizeof g, "%d", p->paper_gamma);
	fprintf(out, "%-19s %-19s %-11s %d %5.2f %4s %2s %s\n", p->name, p->target,
	    p->draft, p->temperature, p->alpha, c, g, p->paper_gamma > 0 ? "Tables 3+4" :
	    p->c >= 0.0 ? "Table 3, 4.2" : "Table 3");
}

void
presets_print(FILE *out)
{
	int i;

	fputs("Model pairs of Leviathan et al. 2022 (arXiv 2211.17192): alpha from "
	    "Table 3\n(16 pairs, each at T 0 and 1), the cost ratio c and the gamma g run "
	    "from\nTable 4 for the T5 drafts, c = 0 for T5-XXL's n-gram drafts (section "
	    "4.2);\n'-': the paper gives none, and the preset keeps --target-ms and "
	    "--draft-ms.\nT: 0 argmax, 1 standard sampling. A preset reproduces the pair's "
	    "alpha and\nc, not its text.\n\n", out);
	fprintf(out, "%-19s %-19s %-11s T alpha    c  g source\n", "preset", "target",
	    "draft");
	for (i = 0; i < presets_count; i++)
		print_row(out, &presets[i]);
	fprintf(out, "\nThe unigram and bigram presets use --vocab %d unless "
	    "--vocab is given:\nthe stub's alpha goes below about 0.1 only over a larger "
	    "vocabulary.\n", LOW_ALPHA_VOCAB);
}
