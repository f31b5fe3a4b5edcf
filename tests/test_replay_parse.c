/* test_replay_parse.c: replay lines parse into the right weights and kinds, and
 * the scanner finds the vocabulary. The malformed files and their messages are
 * tested end to end in replay.sh. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "replay_parse.h"
#include "tap.h"

static enum replay_kind
parse(const char *s, struct replay_line *l, size_t *vocab, struct replay_error *e)
{
	return replay_parse_line(s, strlen(s), l, vocab, e);
}

static void
test_lines(void)
{
	struct replay_line l;
	struct replay_error e;
	size_t vocab = 0;
	double d[4];

	replay_line_init(&l);
	tap_eq(parse("  \t", &l, &vocab, &e), REPLAY_SKIP, "blank line");
	tap_eq(parse(" # a comment", &l, &vocab, &e), REPLAY_SKIP, "comment");
	tap_ok(parse("#vocab 7 ", &l, &vocab, &e) == REPLAY_HEADER && vocab == 7, "header");
	tap_eq(parse("# vocabulary", &l, &vocab, &e), REPLAY_SKIP, "not a header");
	tap_ok(parse("1, 2,3 2 # note", &l, &vocab, &e) == REPLAY_DIST && !l.sparse &&
	    l.n == 4 && l.sum == 8.0, "dense line with commas and a comment");
	replay_line_dense(&l, d, 4);
	tap_ok(d[0] == 0.125 && d[1] == 0.25 && d[2] == 0.375 && d[3] == 0.25,
	    "dense line normalised");
	tap_ok(parse("3:0.5 1:1e-1 3:0.4", &l, &vocab, &e) == REPLAY_DIST && l.sparse &&
	    l.n == 3 && l.e[l.max_at].id == 3 && l.max_column == 1, "sparse line");
	replay_line_dense(&l, d, 4);
	tap_ok(d[0] == 0.0 && fabs(d[1] - 0.1) < 1e-15 && fabs(d[3] - 0.9) < 1e-15,
	    "sparse line: repeated ids add up, the rest are zero");
	tap_ok(parse("1 2 -3", &l, &vocab, &e) == REPLAY_ERROR && e.column == 5 &&
	    strstr(e.msg, "entry 3") && strstr(e.msg, "negative"), "negative: column "
	    "and entry (%zu: %s)", e.column, e.msg);
	tap_ok(parse("1:1 x:2", &l, &vocab, &e) == REPLAY_ERROR && e.column == 5 &&
	    strstr(e.msg, "not a token id"), "bad id (%s)", e.msg);
	tap_ok(parse("0 0 0", &l, &vocab, &e) == REPLAY_ERROR && e.column == 0 &&
	    strstr(e.msg, "zero"), "all zero (%s)", e.msg);
	tap_ok(parse("1e308 1e308", &l, &vocab, &e) == REPLAY_ERROR &&
	    strstr(e.msg, "infinity"), "sum overflows (%s)", e.msg);
	replay_line_free(&l);
}

static int
feed(struct replay_scan *sc, const char *const *lines, struct replay_error *e)
{
	for (; *lines != NULL; lines++)
		if (replay_scan_line(sc, *lines, strlen(*lines), e) != 0)
			return -1;
	return replay_scan_finish(sc, e);
}

static void
test_scan(void)
{
	static const char *const good[] = { "# vocab 5", "0:1", "4:1 2:1", "", "1 1 1 1 1",
	    "0 0 0 0 1", NULL };
	static const char *const late[] = { "0:1 9:1", "0:1", "1 1 1", "1 1 1", NULL };
	struct replay_scan sc;
	struct replay_error e;

	replay_scan_init(&sc);
	tap_ok(feed(&sc, good, &e) == 0 && sc.vocab == 5 && sc.dists == 4,
	    "scan: header, sparse and dense lines");
	replay_scan_free(&sc);
	replay_scan_init(&sc);
	tap_ok(feed(&sc, late, &e) == -1 && e.line == 1 && e.column == 5 &&
	    strstr(e.msg, "token id 9"), "scan: a sparse id checked once a dense line "
	    "sets the size (line %zu: %s)", e.line, e.msg);
	replay_scan_free(&sc);
}

int
main(void)
{
	test_lines();
	test_scan();
	return tap_done();
}
