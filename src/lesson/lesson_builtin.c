/* lesson_builtin.c: the table of built-in lessons. */
#include "config.h"

#include <string.h>

#include "lesson/lesson_builtin.h"

const struct lesson_builtin lesson_builtins[] = {
	{ "one-step", "one step and why: drafts, p, q, min(p, q), the residual, the bonus",
	  lesson_text_one_step, &lesson_text_one_step_len },
	{ "lossless", "the output is exactly p: the correct sampler against the mistakes",
	  lesson_text_lossless, &lesson_text_lossless_len },
	{ "gamma", "choosing gamma: the cost model, the speedup curve and its optimum",
	  lesson_text_gamma, &lesson_text_gamma_len },
	{ "metrics", "one run counted four ways: acc/tested, acc/drafted, vLLM, SGLang",
	  lesson_text_metrics, &lesson_text_metrics_len },
	{ "temperature", "argmax drafts against sampled drafts on a real model, T 1 and 0.5",
	  lesson_text_temperature, &lesson_text_temperature_len },
	{ "trees", "a token tree against a chain of as many drafts: what each buys",
	  lesson_text_trees, &lesson_text_trees_len },
	{ "batch", "a real machine: the batch where speculation stops paying; long context",
	  lesson_text_batch, &lesson_text_batch_len },
	{ "copy", "drafts by copying the text, and a draft with fewer words: naive and TLI",
	  lesson_text_copy, &lesson_text_copy_len },
};
const int lesson_nbuiltins = (int)(sizeof lesson_builtins / sizeof lesson_builtins[0]);

const struct lesson_builtin *
lesson_builtin_find(const char *name)
{
	int i;

	for (i = 0; i < lesson_nbuiltins; i++)
		if (strcmp(lesson_builtins[i].name, name) == 0)
			return &lesson_builtins[i];
	return NULL;
}

void
lesson_builtin_list(FILE *out)
{
	int i;

	fprintf(out, "Built-in lessons (--lesson NAME; about 15 minutes each, in this"
	    " order):\n\n");
	for (i = 0; i < lesson_nbuiltins; i++)
		fprintf(out, "%-11s %s\n", lesson_builtins[i].name, lesson_builtins[i].summary);
	fprintf(out, "\nA lesson is also a file of your own: --lesson FILE (the script"
	    " format: man specdec,\nLESSON SCRIPTS). --lesson NAME --batch verifies its"
	    " checks and answers.\n");
}
