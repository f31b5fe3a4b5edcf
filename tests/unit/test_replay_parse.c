/* test_replay_parse.c: replay lines parse into the right weights and kinds, the
 * scanner finds the vocabulary, and the store keeps each line in its smaller
 * form with the values of its dense vector. The malformed files and their
 * messages are tested end to end in replay.sh. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "source/replay/replay_parse.h"
#include "source/replay/replay_store.h"
#include "lib/tap.h"

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
	tap_ok(parse("# vocab 2", &l, &vocab, &e) == REPLAY_HEADER && vocab == 2,
	    "the smallest vocabulary a header takes: 2");
	vocab = 0;
	tap_ok(parse("# vocab 1", &l, &vocab, &e) == REPLAY_ERROR && vocab == 0 &&
	    strstr(e.msg, "from 2 to 1048576") != NULL, "# vocab 1 refused (%s)", e.msg);
	tap_ok(parse("# vocab 1048576", &l, &vocab, &e) == REPLAY_HEADER && vocab == 1048576,
	    "the largest: 1048576 = 2^20");
	tap_ok(parse("# vocab 1048577", &l, &vocab, &e) == REPLAY_ERROR,
	    "# vocab 1048577 refused");
	tap_ok(parse("1, 2,3 2 # note", &l, &vocab, &e) == REPLAY_DIST && !l.sparse &&
	    l.n == 4 && l.sum == 8.0, "dense line with commas and a comment");
	replay_line_dense(&l, d, 4);
	tap_ok(d[0] == 0.125 && d[1] == 0.25 && d[2] == 0.375 && d[3] == 0.25,
	    "dense line normalised");
	tap_ok(parse("3:0.5 1:1e-1 3:0.4", &l, &vocab, &e) == REPLAY_DIST && l.sparse &&
	    l.n == 2 && l.entries == 3 && l.e[l.max_at].id == 3 && l.max_column == 1,
	    "sparse line: three entries, two ids (n %zu)", l.n);
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

/* s repeated n times, in a new string. */
static char *
repeat(const char *s, size_t n)
{
	size_t len = strlen(s), i;
	char *out = malloc(n * len + 1);

	for (i = 0; i < n; i++)
		memcpy(out + i * len, s, len);
	out[n * len] = '\0';
	return out;
}

/* A line is stored within its limit: a dense line stops at the first weight
 * past the vocabulary, a sparse line's repeated ids merge into one entry each;
 * the merge table forgets a line's ids before the next. */
static void
test_bounds(void)
{
	static const char *const more[] = { "1 1 1", "1 1 1 1 1 1 1", NULL };
	struct replay_line l;
	struct replay_scan sc;
	struct replay_error e;
	size_t vocab = 0;
	char *big = repeat("0:1 1:2 7:1 ", 100000);
	double d[8];

	replay_line_init(&l);
	tap_ok(parse(big, &l, &vocab, &e) == REPLAY_DIST && l.n == 3 &&
	    l.entries == 300000 && l.cap <= 64 && l.sum == 400000.0,
	    "300,000 entries over 3 ids: 3 stored (n %zu, cap %zu)", l.n, l.cap);
	tap_ok(parse("2:1 7:1", &l, &vocab, &e) == REPLAY_DIST && l.n == 2 &&
	    l.e[0].id == 2 && l.e[0].w == 1.0 && l.e[1].w == 1.0,
	    "the next line merges nothing into the last one's ids");
	replay_line_dense(&l, d, 8);
	tap_ok(d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.5 && d[7] == 0.5,
	    "and its dense form has only its own ids");
	free(big);
	big = repeat("1 ", 100000);
	l.limit = 4;
	tap_ok(parse(big, &l, &vocab, &e) == REPLAY_ERROR && l.over && l.n == 4 &&
	    e.column == 9 && strstr(e.msg, "entry 5: more than 4 weights"),
	    "a dense line stops at the weight past its limit (%zu: %s)", e.column,
	    e.msg);
	l.limit = 0;
	free(big);
	big = repeat("1 ", REPLAY_VOCAB_MAX + 5);
	tap_ok(parse(big, &l, &vocab, &e) == REPLAY_ERROR && l.n == REPLAY_VOCAB_MAX &&
	    strstr(e.msg, "more than 1048576 weights"), "without a limit, at "
	    "REPLAY_VOCAB_MAX (%s)", e.msg);
	free(big);
	replay_line_free(&l);
	replay_scan_init(&sc);
	tap_ok(feed(&sc, more, &e) == -1 && e.line == 2 && e.column == 7 &&
	    strstr(e.msg, "entry 4: more than 3 weights, but the vocabulary has 3 "
	    "tokens (set by the distribution on line 1)") && sc.cur.n == 3,
	    "scan: a longer dense line stops at entry 4 (%zu:%zu: %s)", e.line, e.column,
	    e.msg);
	replay_scan_free(&sc);
}

/* Whether distribution i of st is, as a dense vector, what the parser makes of
 * line (the values a step was served before the store). */
static int
same_as_parsed(const struct replay_store *st, size_t i, const char *line)
{
	struct replay_line l;
	struct replay_error e;
	struct replay_dist d;
	double a[8], b[8];
	size_t vocab;

	replay_line_init(&l);
	replay_parse_line(line, strlen(line), &l, &vocab, &e);
	replay_line_dense(&l, a, st->vocab);
	replay_line_free(&l);
	replay_store_get(st, i, &d);
	replay_dist_dense(&d, b, st->vocab);
	return memcmp(a, b, st->vocab * sizeof *a) == 0;
}

static void
test_store(void)
{
	const char *text = "# vocab 8\n3:1 3:2 0:1\n1 0 0 0 0 0 0 3\n"
	    "0:1 1:1 2:1 3:1 4:1 5:1 6:1\n2:1 7:1";	/* no newline at the end */
	struct replay_store st;
	struct replay_error e;
	struct replay_dist d;

	tap_ok(replay_store_parse(&st, text, strlen(text), 1 << 20, &e) == 0 &&
	    st.vocab == 8 && st.dists == 4, "store: 4 distributions over 8 tokens");
	replay_store_get(&st, 0, &d);
	tap_ok(d.dense == NULL && d.n == 2 && d.id[0] == 0 && d.w[0] == 0.25 &&
	    d.id[1] == 3 && d.w[1] == 0.75, "store: a short sparse line stays sparse, "
	    "its repeated id merged, its ids ascending");
	replay_store_get(&st, 1, &d);
	tap_ok(d.dense != NULL && d.n == 8 && d.dense[7] == 0.75, "store: a dense line");
	replay_store_get(&st, 2, &d);
	tap_ok(d.dense != NULL && d.dense[6] == 1.0 / 7 && d.dense[7] == 0.0,
	    "store: 7 entries of 8 tokens are smaller dense");
	tap_ok(same_as_parsed(&st, 0, "3:1 3:2 0:1") &&
	    same_as_parsed(&st, 1, "1 0 0 0 0 0 0 3") &&
	    same_as_parsed(&st, 2, "0:1 1:1 2:1 3:1 4:1 5:1 6:1") &&
	    same_as_parsed(&st, 3, "2:1 7:1"), "store: every line the parser's values");
	replay_store_free(&st);
	tap_ok(replay_store_parse(&st, text, strlen(text), 200, &e) == -1 &&
	    e.line == 4 && st.dists == 0 && st.w == NULL &&
	    strstr(e.msg, "first 3 distributions need more memory than the input "
	    "limit of 200 bytes") != NULL, "store: over the limit at line 4 (%s)", e.msg);
	tap_ok(replay_store_parse(&st, "1 1\n", 4, 1 << 20, &e) == -1 && e.line == 1 &&
	    strstr(e.msg, "target line without its draft") != NULL,
	    "store: the scanner's errors (%s)", e.msg);
}

int
main(void)
{
	test_lines();
	test_scan();
	test_bounds();
	test_store();
	return tap_done();
}
