/* tui_help.c: the help overlay's first pages (every key of the key table, on as
 * many pages as the screen needs), its last (every pane of the pane table) and
 * the screen shown instead of the panes when the terminal is too small. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/tui_help.h"
#include "tui/tui_keys.h"
#include "tui/tui_text.h"

#define LIST_PAD 2		/* border and a blank line, above and below the entries */

/* The rows above the first entry: the border and a blank line where the list
 * fits with them, the border alone otherwise. */
static int
list_pad(int n, int lines)
{
	return n + 2 * LIST_PAD <= lines ? LIST_PAD : 1;
}

static int
help_text_width(int i)
{
	return tui_text_width(tui_keys[i].help);
}

void
tui_help_place(int cols, int lines, int page, struct tui_help_layout *h)
{
	tui_layout_help(cols, lines, tui_nkeys, help_text_width, tui_keys_paired, page, h);
}

/* The bottom border's line: what ? does next, and the keys the screen left out. */
static void
help_footer(const struct tui_help_layout *h, int left_out, char *buf, size_t len)
{
	if (h->page + 1 < h->npages)
		snprintf(buf, len, " ? again: more keys; any other key closes ");
	else if (left_out > 0)
		snprintf(buf, len, " ? again: what the figures mean; %d more keys in "
		    "man specdec ", left_out);
	else
		snprintf(buf, len, " ? again: what the figures mean; any other key closes ");
}

void
tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int i, x, y, left_out = 0, end = h->first + h->ncols * h->rows;
	char note[96], title[32];

	snprintf(title, sizeof title, "keys %d/%d", h->page + 1, h->npages);
	tui_box(w, v->term, h->npages > 1 ? title : "keys", NULL);
	for (i = h->first; i < tui_nkeys && i < end; i++) {
		if ((i - h->first) % h->rows >= h->shown) {
			left_out++;
			continue;
		}
		x = h->col_x[(i - h->first) / h->rows];
		y = h->top + (i - h->first) % h->rows;
		tui_pen_at(&p, y, x);
		tui_pen_put(&p, TUI_S_TITLE, tui_keys[i].name);
		tui_pen_at(&p, y, x + TUI_HELP_NAME_W);
		tui_pen_put_cut(&p, TUI_S_NORMAL, tui_keys[i].help);
	}
	help_footer(h, left_out, note, sizeof note);
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);	/* on the bottom border */
	tui_pen_put_cut(&p, TUI_S_DIM, note);
}

struct tui_rect
tui_help_list_place(const struct tui_help_list *l, int cols, int lines)
{
	struct tui_rect r;
	int i, w = 0, tw;

	for (i = 0; i < l->count(); i++)
		if ((tw = tui_text_width(l->text(i))) > w)
			w = tw;
	r.w = l->label_w + w + TUI_BOX_W;
	r.w = r.w < cols ? r.w : cols;
	r.h = l->count() + 2 * list_pad(l->count(), lines);
	r.h = r.h < lines ? r.h : lines;
	r.y = (lines - r.h) / 2;
	r.x = (cols - r.w) / 2;
	return r;
}

void
tui_help_list_draw(WINDOW *w, const struct tui_help_list *l, const struct tui_term *term)
{
	struct tui_pen p = tui_pen_boxed(w, term);
	int i, y;

	tui_box(w, term, l->title, l->shrt);
	for (i = 0, y = list_pad(l->count(), getmaxy(w)); i < l->count() && y < getmaxy(w) - 1;
	    i++, y++) {
		tui_pen_at(&p, y, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_TITLE, l->label(i, term));
		tui_pen_at(&p, y, TUI_BOX_X + l->label_w);
		tui_pen_put_cut(&p, TUI_S_NORMAL, l->text(i));
	}
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, l->footer);
}

/* Drawn over the lower panes with --lesson (tui_lesson.c), not a pane of the
 * table: listed after them. */
static const char band_name[] = "caption band";
static const char band_help[] = "--lesson: caption, keys pressed, checks, questions";

static int
pane_count(void)
{
	return tui_npanes + 1;
}

static const char *
pane_name(int i, const struct tui_term *term)
{
	(void)term;
	return i < tui_npanes ? tui_pane_table[i]->name : band_name;
}

static const char *
pane_help(int i)
{
	return i < tui_npanes ? tui_pane_table[i]->help : band_help;
}

const struct tui_help_list tui_help_panes = {
	"the panes", "panes", " any key closes ", pane_count, TUI_PANE_NAME_MAX + 1, pane_name,
    pane_help,
};

void
tui_draw_small(WINDOW *w, int need_cols, int need_lines)
{
	char msg[64], now[64];
	int cols = getmaxx(w), lines = getmaxy(w);

	snprintf(msg, sizeof msg, "terminal too small (need %dx%d)", need_cols, need_lines);
	snprintf(now, sizeof now, "now %dx%d; q quits", cols, lines);
	werase(w);
	mvwaddnstr(w, lines / 2 - (lines > 1), (cols - (int)strlen(msg)) / 2 > 0 ?
	    (cols - (int)strlen(msg)) / 2 : 0, msg, cols);
	if (lines > 1)
		mvwaddnstr(w, lines / 2, (cols - (int)strlen(now)) / 2 > 0 ?
		    (cols - (int)strlen(now)) / 2 : 0, now, cols);
}
