/* tui_figures.c: the figures page of the help. */
#include "config.h"

#include "tui/tui_figures.h"
#include "tui/tui_help.h"

#define FIG_LABEL_W 14		/* the figure column, and a space */

const struct tui_figure tui_figures[] = {
	{ "\u03b1\u0302", "alpha^", "accepted / tested drafts: acceptance as counted" },
	{ "\u03b1 overlap", "alpha overlap",
	    "mean over steps of sum min(p, q): Leviathan's alpha" },
	{ "why two", "why two", "alpha^ leans to steps that tested more; overlap not" },
	{ "tok/step", "tok/step", "tokens emitted per step, with the residual or bonus" },
	{ "closed form", "closed form", "(1 - a^(gamma+1)) / (1 - a) at a = alpha^" },
	{ "per-step mean", "per-step mean",
	    "the form at each step's own overlap, averaged (Jensen)" },
	{ "TV", "TV", "total variation: output vs target-only token counts" },
	{ "noise ~", "noise ~", "the TV exact sampling shows by chance at these counts" },
	{ "\u03c7\u00b2 p", "chi2 p", "output vs its exact expected counts; - : no df yet" },
	{ "lossless", "lossless", "output law = target's: TV near noise, chi2 p not tiny" },
	{ "segment", "segment", "figures since the last change of gamma, noise, r, s" },
	{ "residual mass", "residual mass",
	    "sum max(0, p - q) = 1 - overlap at that position" },
	{ "r0.412", "r0.412", "the replacement's chance (standard: max(0,p-q)/mass)" },
	{ "pos", "pos", "place in the text; a residual takes its reject's" },
};

const int tui_nfigures = (int)(sizeof tui_figures / sizeof tui_figures[0]);

static const char *
figure_label(int i, const struct tui_term *term)
{
	return term->utf8 ? tui_figures[i].utf8 : tui_figures[i].ascii;
}

static const char *
figure_text(int i)
{
	return tui_figures[i].text;
}

static const struct tui_help_list page = {
	"what the figures mean", "figures", " ? again: the panes; any other key closes ",
	&tui_nfigures, FIG_LABEL_W, figure_label, figure_text,
};

struct tui_rect
tui_figures_place(int cols, int lines)
{
	return tui_help_list_place(&page, cols, lines);
}

void
tui_draw_figures(WINDOW *w, const struct tui_term *term)
{
	tui_help_list_draw(w, &page, term);
}
