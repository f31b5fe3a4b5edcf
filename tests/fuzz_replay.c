/* fuzz_replay.c: libFuzzer harness for the replay parser. The input is a replay
 * file; every line is fed to the scanner as specdec does, and whatever it
 * accepts must hold the format's promises: finite non-negative weights with a
 * positive finite sum, ids below the vocabulary, dense lines of its length, and
 * distributions that normalise to 1. Errors must carry a message. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "replay_parse.h"

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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static double dense[DENSE_CHECK_MAX];
	const char *s = (const char *)data, *end = s + size;
	struct replay_scan sc;
	struct replay_error e;
	size_t dists = 0;
	int rc = 0;

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
	replay_scan_free(&sc);
	return 0;
}
