/* test_tui_keys.c: the key table maps keys to actions, binds no key twice, and
 * the man page's KEYS section lists every entry with its help text. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/tap.h"
#include "sim/figures.h"
#include "tui/tui_figures.h"
#include "tui/tui_keys.h"
#include "tui/tui_term.h"

static void
test_actions(void)
{
	tap_eq(tui_keys_action(' '), TUI_A_PAUSE, "space pauses");
	tap_eq(tui_keys_action('n'), TUI_A_STEP, "n steps");
	tap_eq(tui_keys_action('+'), TUI_A_GAMMA_UP, "+ raises gamma");
	tap_eq(tui_keys_action('-'), TUI_A_GAMMA_DOWN, "- lowers gamma");
	tap_eq(tui_keys_action(']'), TUI_A_NOISE_UP, "] raises noise");
	tap_eq(tui_keys_action('{'), TUI_A_NOISE_DOWN_FINE, "{ lowers noise finely");
	tap_eq(tui_keys_action('>'), TUI_A_FASTER, "> goes faster");
	tap_eq(tui_keys_action('T'), TUI_A_TARGET_UP, "T raises the target cost");
	tap_eq(tui_keys_action('d'), TUI_A_DRAFT_DOWN, "d lowers the draft cost");
	tap_eq(tui_keys_action('s'), TUI_A_RESEED, "s reseeds");
	tap_eq(tui_keys_action(KEY_UP), TUI_A_OLDER, "Up selects an older step");
	tap_eq(tui_keys_action(3), TUI_A_QUIT, "Ctrl-C quits");
	tap_eq(tui_keys_action('q'), TUI_A_QUIT, "q quits");
	tap_eq(tui_keys_action('z'), TUI_A_DRAFT_TEMP_DOWN, "z lowers the draft's temperature");
	tap_eq(tui_keys_action('y'), TUI_A_TEMP_DOWN, "y lowers the target's temperature");
	tap_eq(tui_keys_action('i'), TUI_A_NONE, "i does nothing");
	tap_eq(tui_keys_action(KEY_RESIZE), TUI_A_NONE, "KEY_RESIZE is not in the table");
}

static void
test_unique(void)
{
	int i, j, k, l, dup = 0;

	for (i = 0; i < tui_nkeys; i++)
		for (j = 0; j < TUI_KEY_CODES && tui_keys[i].code[j] != 0; j++)
			for (k = i; k < tui_nkeys; k++)
				for (l = k == i ? j + 1 : 0; l < TUI_KEY_CODES; l++)
					dup += tui_keys[k].code[l] != 0 &&
					    tui_keys[k].code[l] == tui_keys[i].code[j];
	tap_eq(dup, 0, "no key code bound twice");
}

/* s with roff's escapes: a backslash and every minus sign. */
static void
roff(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s != '\0' && n + 3 < len; s++) {
		if (*s == '-' || *s == '\\')
			out[n++] = '\\';
		out[n++] = *s == '\\' ? 'e' : *s;
	}
	out[n] = '\0';
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long len;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = calloc((size_t)len + 1, 1);
	if (buf != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* The figures page: every line short enough for 72 columns, and in the man
 * page's LIVE VIEW section as it is on screen in ASCII. */
static void
figures_in_man(const char *man)
{
	const char *live = strstr(man, "\n.Sh LIVE VIEW\n");
	const struct figure *row;
	char name[128], text[256], want[420];
	int i;

	for (i = 0; (row = figures_screen(i)) != NULL; i++) {
		roff(row->screen, name, sizeof name);
		roff(row->explain, text, sizeof text);
		snprintf(want, sizeof want, "\n.It Li \"\\&%s\"\n%s\n", name, text);
		tap_ok(live != NULL && strstr(live, want) != NULL &&
		    strlen(row->explain) <= FIGURES_EXPLAIN_MAX,
		    "figures page: '%s' in LIVE VIEW, %zu <= %d columns", row->screen,
		    strlen(row->explain), FIGURES_EXPLAIN_MAX);
	}
}

static void
test_man_page(void)
{
	const char *path = getenv("MANPAGE");
	char *man, *keys, name[128], help[128], want[300];
	int i;

	man = path != NULL ? slurp(path) : NULL;
	if (!tap_ok(man != NULL, "man page readable ($MANPAGE=%s)", path ? path : "unset"))
		return;
	keys = strstr(man, "\n.Sh KEYS\n");
	if (tap_ok(keys != NULL, "man page has a KEYS section"))
		for (i = 0; i < tui_nkeys; i++) {
			roff(tui_keys[i].name, name, sizeof name);
			roff(tui_keys[i].help, help, sizeof help);
			snprintf(want, sizeof want, "\n.It Cm \"\\&%s\"\n%s\n", name, help);
			tap_ok(strstr(keys, want) != NULL, "KEYS lists '%s': %s",
			    tui_keys[i].name, tui_keys[i].help);
		}
	figures_in_man(man);
	free(man);
}

/* Keys a source or the settings cannot use say why; the others do not. */
static void
test_why_not(void)
{
	struct tui_key_state replay = { .kind = "replay", .rule = "standard",
	    .schedule = "constant" };
	struct tui_key_state stub = { .kind = "stub", .has_noise = 1, .rule = "standard",
	    .schedule = "constant" };
	struct tui_key_state ngram = { .kind = "ngram", .has_noise = 1, .has_words = 1,
	    .rule = "standard", .schedule = "constant" };
	struct tui_key_state cmu = { .kind = "cmu", .has_words = 1, .has_temperature = 1,
	    .rule = "standard", .schedule = "constant" };
	struct tui_key_state lenient = { .kind = "stub", .has_noise = 1, .rule = "lenient",
	    .has_lenience = 1, .schedule = "draft-p-min", .has_threshold = 1 };
	char buf[160];

	tap_ok(tui_keys_why_not(tui_keys_find('y'), &ngram, buf, sizeof buf) != NULL &&
	    strstr(buf, "temperature") != NULL,
	    "y with the n-gram source says why: %s", buf);
	tap_ok(tui_keys_why_not(tui_keys_find('Z'), &cmu, buf, sizeof buf) == NULL &&
	    tui_keys_why_not(tui_keys_find('e'), &cmu, buf, sizeof buf) == NULL,
	    "Z and e work with the cmu source");
	tap_ok(tui_keys_why_not(tui_keys_find('e'), &stub, buf, sizeof buf) != NULL &&
	    strstr(buf, "words") != NULL, "e with the stub says why: %s", buf);
	tap_ok(tui_keys_why_not(tui_keys_find(']'), &replay, buf, sizeof buf) != NULL &&
	    strstr(buf, "replay") != NULL && strstr(buf, "noise") != NULL,
	    "] with a replay says why: %s", buf);
	tap_ok(tui_keys_why_not(tui_keys_find(']'), &stub, buf, sizeof buf) == NULL,
	    "] with the stub works");
	tap_ok(tui_keys_why_not(tui_keys_find('+'), &replay, buf, sizeof buf) == NULL,
	    "+ works with any source");
	tap_ok(tui_keys_why_not(tui_keys_find('L'), &stub, buf, sizeof buf) != NULL &&
	    strcmp(buf, "L: the standard rule has no L; v to the lenient rule") == 0,
	    "L under the standard rule says why: %s", buf);
	tap_ok(tui_keys_why_not(tui_keys_find('x'), &stub, buf, sizeof buf) != NULL &&
	    strstr(buf, "constant schedule has no P or T") != NULL,
	    "x under the constant schedule says why: %s", buf);
	tap_ok(tui_keys_why_not(tui_keys_find('l'), &lenient, buf, sizeof buf) == NULL &&
	    tui_keys_why_not(tui_keys_find('X'), &lenient, buf, sizeof buf) == NULL,
	    "l under lenient and X under draft-p-min work");
}

int
main(void)
{
	test_why_not();
	test_actions();
	test_unique();
	test_man_page();
	return tap_done();
}
