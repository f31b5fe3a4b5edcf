/* tui_hide.h: what a lesson's question hides while it waits for its answer.
 * An ask names the figure that settles it (a key of the figures table); the
 * live view then shows "?" for that figure and for its twins on every pane:
 * the same quantity under another name, or one step of arithmetic away from
 * it. A mark is one such family; this table says which families each figure
 * key hides, so every ask is covered by its own key, without a line of its
 * own. No curses. */
#ifndef SPECDEC_TUI_HIDE_H
#define SPECDEC_TUI_HIDE_H

enum tui_mark {
	TUI_MARK_ALPHA = 1u << 0,	/* alpha-hat, the overlap alpha, now, acc/draft;
					 * the distributions' alpha here and its
					 * residual mass; the curves drawn from them */
	TUI_MARK_TOK = 1u << 1,		/* tok/step, the closed form, the per-step
					 * mean, vLLM and SGLang lengths, tokens
					 * (over the steps), speculative tok/s, the
					 * measured speedup and its marks, the
					 * timeline's sums */
	TUI_MARK_MAX = 1u << 2,		/* the most tokens a step emitted, and the
					 * histogram of tokens per step */
	TUI_MARK_BEST = 1u << 3,	/* the best gamma, its speedup, the marker,
					 * the speedup curves */
	TUI_MARK_GAMMA_MEAN = 1u << 4,	/* the mean gamma of a schedule */
	TUI_MARK_PIT = 1u << 5,		/* the per-position test's p-value and its
					 * verdict; a pair's rule TV from p */
	TUI_MARK_BY_ID = 1u << 6,	/* TV, its chance level and check, the
					 * chi-square p-value, "blind by id" */
};

/* The marks an ask on the figure key hides; 0 for a key no pane shows. */
unsigned tui_hide_marks(const char *key);

/* The pane (as the help names it) that shows the figure key once the ask on
 * it is answered, or NULL: the view keeps it in view through the ask. */
const char *tui_hide_pane(const char *key);

#endif
