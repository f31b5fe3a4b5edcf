/* metrics_fmt_llamacpp.c: llama.cpp's line "draft acceptance rate = R ( A
 * accepted / D generated)", and the draft length from its speculative
 * example's "n_draft = N" line (else --gamma). */
#include "config.h"

#include <string.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_text.h"

#define LLAMA_MARK "draft acceptance rate ="

/* "n_draft   = 16": the draft length into a->gamma. */
static void
llama_n_draft(struct metrics_acc *a, const char *line, const char *end)
{
	const char *s = line;
	double g;

	while (s < end && *s == ' ')
		s++;
	if (strncmp(s, "n_draft", 7) != 0)
		return;
	for (s += 7; s < end && *s == ' '; s++)
		;
	if (s >= end || *s != '=')
		return;
	s++;
	if (metrics_number(&s, end, &g) != 0 || !metrics_is_count(g) || g < 1 ||
	    g > METRICS_POS_MAX)
		return;
	a->gamma = (int)g;
}

static int
llama_line(const struct metrics_reader *r, const char *line, size_t len,
    const char **why)
{
	struct metrics_acc *a = r->acc;
	const char *end = line + len, *s = strstr(line, LLAMA_MARK);
	double rate, acc, gen;

	if (s == NULL) {
		llama_n_draft(a, line, end);
		return 0;
	}
	for (s += strlen(LLAMA_MARK); s < end && *s == ' '; s++)
		;
	if (metrics_number(&s, end, &rate) != 0 || strncmp(s, " ( ", 3) != 0 ||
	    (s += 3, metrics_number(&s, end, &acc)) != 0 ||
	    strncmp(s, " accepted / ", 12) != 0 ||
	    (s += 12, metrics_number(&s, end, &gen)) != 0 ||
	    strncmp(s, " generated)", 11) != 0 || !metrics_is_count(acc) ||
	    !metrics_is_count(gen) || acc > gen) {
		*why = "not \"draft acceptance rate = R ( A accepted / D generated)\"";
		return -1;
	}
	a->accepted += acc;
	a->drafted += gen;
	a->has_accepted = a->has_drafted = 1;
	a->records++;
	return 0;
}

const struct metrics_format_entry metrics_fmt_llamacpp = {
	.name = "llama.cpp-log",
	.system = "llama.cpp",
	.mark = LLAMA_MARK,
	.mark_at = METRICS_MARK_ANYWHERE,
	.line = llama_line,
	.finish = metrics_finish_totals,
};
