/* test_tui_ladder.c: each key's step lives in its row of the key table: the help
 * text names the row's step, every ladder stays in its option's range, and the
 * ladders the man page's KEYS section spells out are the rows' walks. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_table.h"
#include "lib/tap.h"
#include "tui/tui_keys.h"
#include "tui/tui_ladder.h"
#include "util/readfile.h"

#define WALK_MAX 256

/* The help of an ADD or TIMES row holds its step as the overlay shows it:
 * "+0.1", "-1", "x1.25", "/1.25"; d and D hold both fine steps. */
static void
test_help_names_step(void)
{
	const struct tui_ladder *l;
	char want[64];
	int i;

	for (i = 0; i < tui_nkeys; i++) {
		l = &tui_keys[i].ladder;
		if (l->kind == TUI_LADDER_ADD)
			snprintf(want, sizeof want, "%+g", l->dir * l->by);
		else if (l->kind == TUI_LADDER_TIMES)
			snprintf(want, sizeof want, "%s%g", l->dir > 0 ? "x" : "/", l->by);
		else if (l->kind == TUI_LADDER_FINE && strcmp(l->option, "cost-ratio") == 0)
			snprintf(want, sizeof want, "%+g/%+g", l->dir * TUI_LADDER_FINE_SMALL,
			    l->dir * TUI_LADDER_FINE_LARGE);
		else
			continue;
		tap_ok(strstr(tui_keys[i].help, want) != NULL, "%s: its help '%s' names its step %s",
		    tui_keys[i].name, tui_keys[i].help, want);
	}
}

/* The values the row of key code walks through from x, until it stops. */
static int
walk(int code, double x, double *out)
{
	const struct tui_key *k = tui_keys_find(code);
	double v;
	int n = 0;

	out[n++] = x;
	while (n < WALK_MAX && (v = tui_ladder_next(&k->ladder, x)) != x) {
		out[n++] = v;
		x = v;
	}
	return n;
}

/* b and B, o and O: the machine's B along the powers of 2 in --batch-size's
 * range, S along 0, 512, 2k, 8k, 32k, 128k; off a rung, the next that way. */
static void
test_machine_ladders(void)
{
	static const double s_up[] = { 0, 512, 2048, 8192, 32768, 131072 };
	double w[WALK_MAX];
	int n, i, ok;

	n = walk('B', 1, w);
	for (i = ok = 0; i < n; i++)
		ok += w[i] == ldexp(1.0, i);
	tap_ok(n == 17 && ok == 17, "B: 1, 2, 4, ... 65536 in 17 values (got %d, %d on "
	    "the powers of 2, last %g)", n, ok, w[n - 1]);
	n = walk('b', 65536, w);
	tap_ok(n == 17 && w[n - 1] == 1, "b: 65536 down to 1 (got %d values, last %g)", n,
	    w[n - 1]);
	n = walk('O', 0, w);
	tap_ok(n == 6 && memcmp(w, s_up, sizeof s_up) == 0, "O: 0, 512, 2k, 8k, 32k, "
	    "128k (got %d values, last %g)", n, w[n - 1]);
	n = walk('o', 131072, w);
	tap_ok(n == 6 && w[4] == 512 && w[5] == 0, "o: 128k down to 512, then 0 (got %d "
	    "values, last %g)", n, w[n - 1]);
	tap_ok(tui_ladder_next(&tui_keys_find('B')->ladder, 3) == 4 &&
	    tui_ladder_next(&tui_keys_find('b')->ladder, 3) == 2, "B and b from 3: 4 and 2");
	tap_ok(tui_ladder_next(&tui_keys_find('O')->ladder, 1000) == 2048 &&
	    tui_ladder_next(&tui_keys_find('o')->ladder, 1000) == 512 &&
	    tui_ladder_next(&tui_keys_find('o')->ladder, 100) == 0,
	    "O and o from 1000: 2048 and 512; o from 100: 0");
}

static void
test_ends(void)
{
	static const int codes[][2] = { { 't', 'T' }, { 'd', 'D' }, { 'x', 'X' } };
	double w[WALK_MAX], lo, hi;
	size_t i;
	int n;

	for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		tui_ladder_range(&tui_keys_find(codes[i][1])->ladder, &lo, &hi);
		n = walk(codes[i][1], lo, w);
		tap_ok(n > 3 && w[n - 1] == hi, "%c from %g climbs to %g (got %g in %d)",
		    codes[i][1], lo, hi, w[n - 1], n);
		n = walk(codes[i][0], hi, w);
		tap_ok(n > 3 && w[n - 1] == lo, "%c from %g comes down to %g (got %g)",
		    codes[i][0], hi, lo, w[n - 1]);
	}
	n = walk('>', 1, w);
	tap_ok(n == 20 && w[n - 2] == cli_table_find("rate")->max && w[n - 1] == 0,
	    "> climbs 1, 2, 5, ... to --rate's top, then max (0): %d values, %g, %g",
	    n, w[n - 2], w[n - 1]);
	n = walk('<', 0, w);
	tap_ok(w[1] == cli_table_find("rate")->max && w[n - 1] == 1,
	    "< from max: %g down to 1/s (got %g)", w[1], w[n - 1]);
	tap_ok(tui_ladder_next(&tui_keys_find('X')->ladder, 0.005) == 0.01,
	    "X from below its floor lands on 0.01");
}

/* The numbers in s after the text from up to the text to, in order. */
static int
numbers(const char *s, const char *from, const char *to, double *out, int max)
{
	const char *p = strstr(s, from), *end;
	char *q;
	int n = 0;

	if (p == NULL || (end = strstr(p += strlen(from), to)) == NULL)
		return 0;
	while (p < end && n < max) {
		out[n] = strtod(p, &q);
		if (q > p && q <= end) {
			n++;
			p = q;
		} else {
			p++;
		}
	}
	return n;
}

static int
near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

/* Whether the man page's list m (m[0] first, m[nm - 1] last) is in the walk w in
 * order, ends included. */
static int
in_walk(const double *m, int nm, const double *w, int nw)
{
	int i, j = 0;

	if (nm < 2 || !near(m[nm - 1], w[nw - 1]))
		return 0;
	for (i = 0; i < nm; i++) {
		while (j < nw && !near(w[j], m[i]))
			j++;
		if (j == nw)
			return 0;
	}
	return 1;
}

static void
test_man_page(void)
{
	const char *path = getenv("MANPAGE");
	char err[256], *man, *p;
	double m[64], w[WALK_MAX], lo, hi;
	size_t len;
	int nm, nw;

	man = path != NULL ? readfile_all(path, &len, err, sizeof err) : NULL;

	if (!tap_ok(man != NULL, "man page readable ($MANPAGE=%s)", path ? path : "unset"))
		return;
	for (p = man; (p = strchr(p, '\n')) != NULL; )
		*p = ' ';
	tui_ladder_range(&tui_keys_find('T')->ladder, &lo, &hi);
	nm = numbers(man, "move the target cost along ", " ms, the range of", m, 64);
	nw = walk('T', lo, w);
	tap_ok(near(m[0], lo) && in_walk(m, nm, w, nw),
	    "t and T: the man page's %d values from %g to %g are T's walk", nm, m[0],
	    m[nm > 0 ? nm - 1 : 0]);
	tui_ladder_range(&tui_keys_find('D')->ladder, &lo, &hi);
	nw = walk('D', lo, w);
	nm = numbers(man, "by 0.05 up to 1, then along ", ":", m, 64);
	tap_ok(in_walk(m, nm, w, nw), "d and D: the man page's 1-2-5 part, %g to %g, ends"
	    " D's walk", m[0], m[nm > 0 ? nm - 1 : 0]);
	tap_ok(near(w[1] - w[0], TUI_LADDER_FINE_SMALL) &&
	    strstr(man, "by 0.01 up to 0.1, by 0.05 up to 1") != NULL &&
	    near(TUI_LADDER_FINE_SWITCH, 0.1), "d and D: by 0.01 up to 0.1, by 0.05 up to 1");
	nm = numbers(man, "the same way between ", " (the header", m, 2);
	tui_ladder_range(&tui_keys_find('X')->ladder, &lo, &hi);
	tap_ok(nm == 2 && near(m[0], lo) && near(m[1], hi),
	    "x and X: between %g and %g as the man page says", lo, hi);
	free(man);
}

/* x and X name draft-p-min's range; the confidence schedule's T shares it. */
static void
test_threshold_range(void)
{
	const struct cli_option *p = cli_table_find("draft-p-min");
	const struct cli_option *c = cli_table_find("confidence-threshold");

	tap_ok(p->min == c->min && p->max == c->max,
	    "--draft-p-min and --confidence-threshold share a range");
}

int
main(void)
{
	test_help_names_step();
	test_ends();
	test_machine_ladders();
	test_man_page();
	test_threshold_range();
	return tap_done();
}
