/* tui_figures.c: the figures page of the help. */
#include "config.h"

#include "tui/tui_figures.h"
#include "tui/tui_text.h"

#define FIG_LABEL_W 14		/* the figure column, and a space */
#define FIG_PAD 2		/* border and a blank line, above and below */

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

struct tui_rect
tui_figures_place(int cols, int lines)
{
	struct tui_rect r;
	int i, w = 0, tw;

	for (i = 0; i < tui_nfigures; i++)
		if ((tw = tui_text_width(tui_figures[i].text)) > w)
			w = tw;
	r.w = FIG_LABEL_W + w + TUI_BOX_W;
	r.w = r.w < cols ? r.w : cols;
	r.h = tui_nfigures + 2 * FIG_PAD;
	r.h = r.h < lines ? r.h : lines;
	r.y = (lines - r.h) / 2;
	r.x = (cols - r.w) / 2;
	return r;
}

void
tui_draw_figures(WINDOW *w, const struct tui_term *term)
{
	struct tui_pen p = tui_pen_boxed(w, term);
	int i, y;

	tui_box(w, term, "what the figures mean", "figures");
	for (i = 0, y = FIG_PAD; i < tui_nfigures && y < getmaxy(w) - 1; i++, y++) {
		tui_pen_at(&p, y, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_TITLE, term->utf8 ? tui_figures[i].utf8 :
		    tui_figures[i].ascii);
		tui_pen_at(&p, y, TUI_BOX_X + FIG_LABEL_W);
		tui_pen_put_cut(&p, TUI_S_NORMAL, tui_figures[i].text);
	}
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, " any key closes ");
}
