/* tui_pane_timeline.c: the target-only and speculative lanes of timeline.h on one
 * wall-clock axis, over the newest steps, with the tokens each verification
 * emitted and what each lane took. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "view/timeline.h"
#include "tui/tui_panes.h"
#include "tui/tui_legend.h"
#include "tui/tui_text.h"

#define LANE_LABEL_W 7		/* "target " / "spec   " */
#define TIMELINE_ROWS 6		/* legend, two lanes, tokens, two sums */

/* A lane's kind as a glyph and a style: letters, so that monochrome and a
 * projector still tell them apart. */
static void
kind_glyph(int kind, const char **glyph, enum tui_style *style)
{
	static const struct {
		const char *glyph;
		enum tui_style style;
	} map[] = {
		[TIMELINE_IDLE] = { " ", TUI_S_NORMAL },
		[TIMELINE_DRAFT] = { "d", TUI_S_ACCEPTED },
		[TIMELINE_WASTED] = { "x", TUI_S_DIM },
		[TIMELINE_VERIFY] = { "V", TUI_S_BAR },
		[TIMELINE_TARGET] = { "T", TUI_S_CURVE + 3 },
		[TIMELINE_TARGET_ALT] = { "t", TUI_S_CURVE + 3 },
	};

	*glyph = map[kind].glyph;
	*style = map[kind].style;
}

/* A lane: each run of one kind written at once. */
static void
lane(struct tui_pen *p, const char *label, const unsigned char *kinds, int w)
{
	enum tui_style style;
	const char *glyph;
	char run[TIMELINE_MAX_W + 1];
	int c, n;

	tui_pen_put(p, TUI_S_DIM, label);
	for (c = 0; c < w; c += n) {
		kind_glyph(kinds[c], &glyph, &style);
		for (n = 0; c + n < w && kinds[c + n] == kinds[c]; n++)
			run[n] = glyph[0];
		run[n] = '\0';
		tui_pen_put(p, style, run);
	}
}

/* Under the speculative lane: +n where a verification ended with n tokens. */
static void
emitted_row(struct tui_pen *p, const struct timeline *tl, int x0)
{
	int c, end = -1;
	char buf[16];

	for (c = 0; c < tl->w; c++) {
		if (tl->emitted[c] == 0)
			continue;
		snprintf(buf, sizeof buf, "+%d", tl->emitted[c]);
		if (c - 1 <= end)
			continue;
		tui_pen_at(p, p->y, x0 + c - 1);
		tui_pen_put(p, TUI_S_BONUS, buf);
		end = c - 1 + (int)strlen(buf);
	}
}

/* The glyphs' legend; short words where the long ones do not fit, and an item
 * that does not fit whole is left out. */
static void
legend(struct tui_pen *p)
{
	int shrt = p->right - p->x < 40;
	const char *sep = shrt ? " " : "  ";

	if (tui_legend_item(p, "", TUI_S_ACCEPTED, "d", TUI_S_NORMAL, " draft") &&
	    tui_legend_item(p, sep, TUI_S_DIM, "x", TUI_S_NORMAL, " wasted") &&
	    tui_legend_item(p, sep, TUI_S_BAR, "V", TUI_S_NORMAL, " verify"))
		tui_legend_item(p, sep, TUI_S_CURVE + 3, shrt ? "T" : "Tt", TUI_S_NORMAL,
		    shrt ? " tgt" : " target forward");
}

static void
sums(struct tui_pen *p, const struct timeline *tl, int y, const struct tui_view *v)
{
	char lng[160], mid[160], shrt[160];

	tui_pen_at(p, y, TUI_BOX_X);
	if (TUI_HIDES(v, TUI_MARK_TOK)) {	/* tokens over steps, and the speedup */
		tui_pen_printf(p, TUI_S_NORMAL, "%s tokens over %d steps", TUI_HIDDEN,
		    tl->nsteps);
		return;
	}
	snprintf(lng, sizeof lng, "%d tokens: target-only %.3g ms, speculative %.3g ms",
	    tl->tokens, tl->target_ms, tl->spec_ms);
	snprintf(mid, sizeof mid, "%d tok: target %.3g ms  spec %.3g ms", tl->tokens,
	    tl->target_ms, tl->spec_ms);
	snprintf(shrt, sizeof shrt, "%d tok: %.3g vs %.3g ms", tl->tokens, tl->target_ms,
	    tl->spec_ms);
	tui_pen_choose(p, TUI_S_NORMAL, lng, mid, shrt);
	tui_pen_at(p, y + 1, TUI_BOX_X);
	snprintf(lng, sizeof lng, "%s %.3gx over %d step%s; %d draft%s wasted",
	    tl->ratio >= 1.0 ? "speedup" : "slowdown", tl->ratio, tl->nsteps,
	    tl->nsteps == 1 ? "" : "s", tl->wasted, tl->wasted == 1 ? "" : "s");
	snprintf(shrt, sizeof shrt, "%.3gx, %d step%s, %d wasted", tl->ratio, tl->nsteps,
	    tl->nsteps == 1 ? "" : "s", tl->wasted);
	tui_pen_choose(p, tl->ratio >= 1.0 ? TUI_S_NORMAL : TUI_S_FAIL, lng, shrt, NULL);
}

static void
draw_timeline(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct spec_step *steps[TIMELINE_MAX_STEPS];
	struct timeline_cost cost = { sim->par.target_ms, sim->par.draft_ms,
	    sim->par.verify_cost };
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct timeline tl;
	size_t sel = v->paused ? v->selected : 0;
	int lw = getmaxx(w) - TUI_BOX_W - LANE_LABEL_W, n, i;

	tui_box(w, v->term, "timeline (one wall clock)", "timeline");
	legend(&p);
	n = timeline_steps_for(lw, sim->par.gamma);
	for (i = 0; i < n && sim_recent(sim, sel + (size_t)i) != NULL; i++)
		;
	n = i;
	if (n == 0 || lw < 4) {
		tui_pen_at(&p, TUI_BOX_Y + 1, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, "no steps yet");
		return;
	}
	for (i = 0; i < n; i++)
		steps[i] = &sim_recent(sim, sel + (size_t)(n - 1 - i))->step;
	timeline_build(&tl, &cost, steps, n, lw);
	tui_pen_at(&p, TUI_BOX_Y + 1, TUI_BOX_X);
	lane(&p, "target ", tl.target, tl.w);
	tui_pen_at(&p, TUI_BOX_Y + 2, TUI_BOX_X);
	lane(&p, "spec   ", tl.spec, tl.w);
	tui_pen_at(&p, TUI_BOX_Y + 3, TUI_BOX_X);
	emitted_row(&p, &tl, TUI_BOX_X + LANE_LABEL_W);
	sums(&p, &tl, TUI_BOX_Y + 4, v);
}

const struct tui_pane_def tui_pane_timeline = {
	"timeline", TUI_P_TIMELINE, { TIMELINE_ROWS + TUI_BOX_H, 0 }, draw_timeline, TUI_A_LOWER,
	TUI_R_ALL, "target-only and speculative work on one wall clock",
};
