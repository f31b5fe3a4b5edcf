/* tui_figures.c: the figures page of the help, from the figures table. */
#include "config.h"

#include "sim/figures.h"
#include "tui/tui_figures.h"
#include "tui/tui_help.h"

#define FIG_LABEL_W (FIGURES_NAME_MAX + 1)	/* the figure column, and a space */

/* The table's rows that the screen shows, counted once: the table does not
 * change. */
static int
figure_count(void)
{
	static int n = -1;

	if (n < 0)
		for (n = 0; figures_screen(n) != NULL; n++)
			;
	return n;
}

static const char *
figure_label(int i, const struct tui_term *term)
{
	const struct figure *row = figures_screen(i);

	return term->utf8 && row->screen_utf8 != NULL ? row->screen_utf8 : row->screen;
}

static const char *
figure_text(int i)
{
	return figures_screen(i)->explain;
}

static const struct tui_help_list page = {
	"what the figures mean", "figures", " ? again: the panes; any other key closes ",
	figure_count, FIG_LABEL_W, figure_label, figure_text,
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
