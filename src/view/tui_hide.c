/* tui_hide.c: which figures' families an ask on a figure key hides. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "view/tui_hide.h"

static const struct {
	const char *key;
	unsigned marks;
} hide_rows[] = {
	{ "alpha", TUI_MARK_ALPHA },
	{ "alpha_overlap", TUI_MARK_ALPHA },
	{ "alpha_overlap_tested", TUI_MARK_ALPHA },
	{ "alpha_rule", TUI_MARK_ALPHA },
	{ "draft_acceptance_rate", TUI_MARK_ALPHA },
	{ "tok_per_step", TUI_MARK_TOK },
	{ "sglang_accept_length", TUI_MARK_TOK },
	{ "vllm_mean_acceptance_length", TUI_MARK_TOK },
	{ "closed_form", TUI_MARK_TOK },
	{ "closed_form_per_step", TUI_MARK_TOK },
	{ "tokens", TUI_MARK_TOK },
	{ "spec_tok_per_s", TUI_MARK_TOK },
	{ "speedup", TUI_MARK_TOK },
	{ "speedup_measured", TUI_MARK_TOK },
	{ "max_tok_per_step", TUI_MARK_MAX },
	{ "optimal_gamma", TUI_MARK_BEST },
	{ "optimal_speedup", TUI_MARK_BEST },
	{ "optimal_at_limit", TUI_MARK_BEST },
	{ "speculate", TUI_MARK_BEST },
	{ "gamma_mean", TUI_MARK_GAMMA_MEAN },
	{ "lossless_p", TUI_MARK_PIT },
	{ "lossless_n", TUI_MARK_PIT },
	{ "tv", TUI_MARK_BY_ID },
	{ "tv_noise", TUI_MARK_BY_ID },
	{ "tv_limit", TUI_MARK_BY_ID },
	{ "chi2", TUI_MARK_BY_ID },
	{ "chi2_p", TUI_MARK_BY_ID },
};

unsigned
tui_hide_marks(const char *key)
{
	size_t i;

	for (i = 0; key != NULL && i < sizeof hide_rows / sizeof hide_rows[0]; i++)
		if (strcmp(hide_rows[i].key, key) == 0)
			return hide_rows[i].marks;
	return 0;
}

const char *
tui_hide_pane(const char *key)
{
	unsigned marks = tui_hide_marks(key);

	if (marks == 0)
		return NULL;
	return marks == TUI_MARK_BEST ? "speedup" : "statistics";
}
