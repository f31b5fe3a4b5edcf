/* tui_pane_metrics.c: --metrics URL's pane, in p's cycle of a run that polls:
 * the state of the endpoint (the last poll's age, or since when it has been
 * unreachable, the last figures kept), then by span (the last poll, the
 * moving window, the total since attach) the acceptance rate, the mean
 * acceptance length and the best draft length the predictor gives, and the
 * requests running. Everything it shows is the poller's snapshot; nothing here
 * waits on the network. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "metrics/metrics_poll.h"
#include "metrics/metrics_predict.h"
#include "util/escape.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define MET_STATE 0		/* rows inside the box */
#define MET_HEAD 1
#define MET_WHY 6		/* the failure's reason */
#define MET_ROWS 7		/* state, heading, three figures, running, reason */

static const char *const span_names[] = { "last", "window", "total" };

/* The state line (the polls read, the resets, the last poll's age) and, while
 * the endpoint fails, since when and why (escaped), the figures kept. */
static void
state_line(struct tui_pen *p, const struct metrics_poll_view *mv, double now)
{
	const struct metrics_live_info *in = &mv->info[METRICS_SPAN_TOTAL];
	char *why;

	if (mv->last_ok > 0.0)
		tui_pen_printf(p, TUI_S_NORMAL, "poll %zu, %zu reset%s, %.0f s ago",
		    in->polls, in->resets, in->resets == 1 ? "" : "s", now - mv->last_ok);
	else
		tui_pen_put_cut(p, TUI_S_DIM, "waiting for the first poll");
	if (mv->state != METRICS_POLL_FAILING)
		return;
	tui_pen_at(p, TUI_BOX_Y + MET_WHY, TUI_BOX_X);
	tui_pen_printf(p, TUI_S_FAIL, "UNREACHABLE %.0f s: ", now - mv->failing_since);
	why = escape_text(mv->error);
	tui_pen_put_cut(p, TUI_S_FAIL, why);
	free(why);
}

/* One figure in each span's column, "-" where the span has none. */
static void
figure_row(struct tui_pen *p, int y, const char *label, const double *val,
    const int *has, int decimals)
{
	char buf[32];
	int s;

	tui_pen_at(p, y, TUI_BOX_X);
	tui_pen_printf(p, TUI_S_NORMAL, "%-9s", label);
	for (s = 0; s < 3; s++) {
		if (has[s])
			snprintf(buf, sizeof buf, "%.*f", decimals, val[s]);
		else
			snprintf(buf, sizeof buf, "-");
		tui_pen_printf(p, has[s] ? TUI_S_MEASURED : TUI_S_DIM, "%7s", buf);
	}
}

static void
figures(struct tui_pen *p, const struct metrics_poll_view *mv, const struct tui_view *v)
{
	struct metrics_cost cost = { v->metrics_c, v->metrics_k, NULL, 0 };
	struct metrics_prediction pr;
	double rate[3], len[3], best[3], run[3];
	int s, has_run[3];

	for (s = 0; s < 3; s++) {
		rate[s] = len[s] = best[s] = 0.0;
		if (mv->has[s]) {
			metrics_predict(&mv->m[s], &cost, mv->m[s].gamma, &pr);
			rate[s] = pr.acceptance_rate;
			len[s] = pr.mean_len_bonus;
			best[s] = pr.best;
		}
		has_run[s] = mv->info[s].has_running;
		run[s] = mv->info[s].running;
	}
	tui_pen_at(p, TUI_BOX_Y + MET_HEAD, TUI_BOX_X);
	tui_pen_printf(p, TUI_S_DIM, "%-9s%7s%7s%7s", "", span_names[0], span_names[1],
	    span_names[2]);
	figure_row(p, TUI_BOX_Y + MET_HEAD + 1, "acc. rate", rate, mv->has, 3);
	figure_row(p, TUI_BOX_Y + MET_HEAD + 2, "mean len", len, mv->has, 2);
	figure_row(p, TUI_BOX_Y + MET_HEAD + 3, "best g", best, mv->has, 0);
	figure_row(p, TUI_BOX_Y + MET_HEAD + 4, "running", run, has_run, 1);
}

static void
draw_metrics(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	const struct metrics_poll_view *mv = v->metrics;

	(void)sim;
	tui_box(w, v->term, v->metrics_url != NULL ? v->metrics_url : "metrics",
	    "metrics");
	if (mv == NULL)
		return;
	tui_pen_at(&p, TUI_BOX_Y + MET_STATE, TUI_BOX_X);
	state_line(&p, mv, v->metrics_now);
	if (mv->polls_tried > 0)
		figures(&p, mv, v);
}

const struct tui_pane_def tui_pane_metrics = {
	"metrics", TUI_P_CURVE, { MET_ROWS + TUI_BOX_H, 0 }, draw_metrics, TUI_A_LOWER,
	TUI_R_METRICS,
	"--metrics URL: polls, their age, figures by span",
};
