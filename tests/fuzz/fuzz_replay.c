/* fuzz_replay.c: libFuzzer harness for the replay parser and store. The input is
 * a replay file; every line is fed to the scanner, and whatever it accepts must
 * hold the format's promises: finite non-negative weights with a positive finite
 * sum, ids below the vocabulary, dense lines of its length, and distributions
 * that normalise to 1. Errors must carry a message. Then the store parses the
 * same text, as specdec does: it must agree with the scanner on the verdict, the
 * vocabulary and the number of distributions, and each one it keeps must have
 * distinct ids below the vocabulary and normalise to 1. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source/replay/replay_parse.h"
#include "source/replay/replay_store.h"
#include "util/utf8.h"

#define DENSE_CHECK_MAX 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_line(const struct replay_scan *sc, double *dense)
{
	const struct replay_line *l = &sc->cur;
	double sum = 0.0;
	size_t i;

	if (l->n == 0 || !(l->sum > 0.0) || !isfinite(l->sum))
		abort();
	for (i = 0; i < l->n; i++)
		if (!(l->e[i].w >= 0.0) || !isfinite(l->e[i].w))
			abort();
	if (sc->vocab == 0)
		return;
	if ((!l->sparse && l->n != sc->vocab) ||
	    (l->sparse && l->e[l->max_at].id >= sc->vocab))
		abort();
	if (sc->vocab > DENSE_CHECK_MAX)
		return;
	replay_line_dense(l, dense, sc->vocab);
	for (i = 0; i < sc->vocab; i++)
		sum += dense[i];
	if (fabs(sum - 1.0) > 1e-9)
		abort();
}

/* Distribution i of st: distinct ids below the vocabulary, a sum of 1. */
static void
check_stored(const struct replay_store *st, size_t i, double *dense)
{
	struct replay_dist d;
	double sum = 0.0;
	size_t k;

	replay_store_get(st, i, &d);
	if (st->vocab > DENSE_CHECK_MAX)
		return;
	memset(dense, 0, st->vocab * sizeof *dense);
	for (k = 0; d.dense == NULL && k < d.n; k++) {
		if (d.id[k] >= st->vocab || dense[d.id[k]] != 0.0 || !(d.w[k] >= 0.0))
			abort();
		dense[d.id[k]] = d.w[k] + 1.0;	/* marks the id as seen */
	}
	replay_dist_dense(&d, dense, st->vocab);
	for (k = 0; k < st->vocab; k++)
		sum += dense[k];
	if (fabs(sum - 1.0) > 1e-9)
		abort();
}

/* The store on the same text agrees with the scanner (rc, vocab, dists). */
static void
check_store(const char *s, size_t size, int rc, const struct replay_scan *sc,
    double *dense)
{
	struct replay_store st;
	struct replay_error e;
	size_t i;

	if ((replay_store_parse(&st, s, size, (uint64_t)1 << 30, &e) != 0) != (rc != 0))
		abort();
	if (rc != 0)
		return;
	if (st.vocab != sc->vocab || st.dists != sc->dists)
		abort();
	for (i = 0; i < st.dists; i++)
		check_stored(&st, i, dense);
	replay_store_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static double dense[DENSE_CHECK_MAX];
	const char *s = (const char *)data, *end = s + size;
	struct replay_scan sc;
	struct replay_error e;
	size_t dists = 0;
	int rc = 0;

	s += utf8_bom(s, size);	/* as the store does */
	replay_scan_init(&sc);
	while (rc == 0 && s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);

		rc = replay_scan_line(&sc, s, len, &e);
		if (rc == 0 && sc.dists > dists)
			check_line(&sc, dense);
		dists = sc.dists;
		s += len + (nl != NULL);
	}
	if (rc == 0)
		rc = replay_scan_finish(&sc, &e);
	if (rc == 0 && (sc.vocab < 2 || sc.dists == 0 || sc.dists % 2 != 0))
		abort();
	if (rc != 0 && (e.msg[0] == '\0' || memchr(e.msg, '\0', sizeof e.msg) == NULL))
		abort();
	check_store((const char *)data, size, rc, &sc, dense);
	replay_scan_free(&sc);
	return 0;
}
