/* replay_parse.h: the replay file format, parsed and checked one line at a time.
 * Pure: no I/O, so a fuzzer can drive it from a buffer.
 *
 * Each line is blank, a comment ('#' to the end of the line; a line may end with
 * one), a '# vocab N' header, or one distribution: either dense, non-negative
 * weights separated by white space or commas, or sparse, 'id:weight' entries (ids
 * from 0; the rest weigh 0; an id given twice adds up, merged as the line is
 * parsed, so a line holds at most one entry per id). Weights are normalised
 * to sum to 1. Distribution lines come in pairs, target then draft, one pair per
 * speculative step. The vocabulary size is the header's N, else the length of the
 * first dense line; every dense line must have that many weights and every id
 * must be below it.
 *
 * Bounds: a line is parsed into at most one entry per token of the vocabulary
 * (its limit; REPLAY_VOCAB_MAX while the size is not known): a dense line with
 * more weights stops at the first one too many, and a sparse line's repeated ids
 * are merged in place, so the memory of a line never grows with its length. */
#ifndef SPECDEC_REPLAY_PARSE_H
#define SPECDEC_REPLAY_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define REPLAY_VOCAB_MAX 1048576
#define REPLAY_MSG 192

enum replay_kind {
	REPLAY_ERROR = -1,
	REPLAY_SKIP,	/* blank or comment */
	REPLAY_HEADER,	/* '# vocab N' */
	REPLAY_DIST,	/* a distribution */
};

struct replay_error {
	size_t line;		/* 1-based; 0 when about the file as a whole */
	size_t column;		/* 1-based byte column; 0 when about the whole line */
	char msg[REPLAY_MSG];
};

struct replay_entry {
	uint32_t id;
	double w;
};

/* One parsed distribution line; its entries are reused from line to line. */
struct replay_line {
	int sparse;
	size_t n, cap;		/* entries in e: one per id (sparse ids merged) */
	struct replay_entry *e;
	double sum;		/* of the weights: positive and finite */
	size_t max_at;		/* index in e of the largest id */
	size_t max_column;	/* its column */
	size_t limit;		/* most entries, set by the caller before parsing: the
				 * vocabulary size; 0 for REPLAY_VOCAB_MAX */
	size_t entries;		/* entries read, repeated sparse ids each time */
	int over;		/* the parse stopped at a dense weight past limit */
	uint32_t *slot;		/* per id: its index in e + 1; 0 when not in the line */
	size_t nslot;
};

/* The checks that span lines. */
struct replay_scan {
	size_t vocab;		/* 0 while not known */
	size_t vocab_line;	/* the line that set it */
	int vocab_header;	/* set by a header, not a dense line */
	size_t line;		/* lines fed */
	size_t dists;		/* distribution lines fed */
	size_t last_dist;	/* line of the last one */
	uint32_t pending_id;	/* largest sparse id while the size is not known */
	size_t pending_line, pending_column, pending_entry;
	struct replay_line cur;
};

void replay_line_init(struct replay_line *l);
void replay_line_free(struct replay_line *l);

/* Parse one line s[0..len), without its newline. A distribution goes into l, a
 * header's N into *vocab. On REPLAY_ERROR, err has the column and message (its
 * line is left to the caller). */
enum replay_kind replay_parse_line(const char *s, size_t len, struct replay_line *l,
    size_t *vocab, struct replay_error *err);

/* l as a dense distribution summing to 1 in out (vocab entries; ids < vocab). */
void replay_line_dense(const struct replay_line *l, double *out, size_t vocab);

void replay_scan_init(struct replay_scan *sc);
void replay_scan_free(struct replay_scan *sc);

/* Feed the file's next line: 0, or -1 with err (line set) on the first problem. */
int replay_scan_line(struct replay_scan *sc, const char *s, size_t len,
    struct replay_error *err);

/* After the last line: 0 when the file as a whole is good (sc->vocab and
 * sc->dists then describe it), else -1 with err. */
int replay_scan_finish(struct replay_scan *sc, struct replay_error *err);

#endif
