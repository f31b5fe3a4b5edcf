/* fuzz_metrics.c: libFuzzer harness for the metrics parser and the prediction.
 * The input's first byte is the draft length to assume (gamma_hint, 0..64), the
 * rest a metrics file. The parser either refuses it with a message that starts
 * "line N: " or names what is missing, or gives a draft length in 1..64 and
 * counts that keep their promises (accepted <= drafted, each position at most
 * the one before, whole counts, at least one draft step); the prediction then
 * gives finite tokens per step within [1, g + 1] at every length, intervals
 * around them, and a best length in range. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/metrics_predict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_metrics(const struct metrics *m)
{
	int i;

	if (m->gamma < 1 || m->gamma > METRICS_POS_MAX || m->records == 0)
		abort();
	if (m->kind != METRICS_RATES && (m->kind == METRICS_TOTALS || m->pos_counted) &&
	    (!(m->drafts >= 1.0) || m->accepted != floor(m->accepted)))
		abort();
	if (m->kind == METRICS_TOTALS && (!(m->drafts > 0.0) ||
	    !(m->accepted <= m->drafted) || !isfinite(m->drafted)))
		abort();
	if (m->kind == METRICS_PER_POSITION && m->pos_counted)
		for (i = 0; i < m->gamma; i++)
			if (m->pos_accepted[i] > (i > 0 ? m->pos_accepted[i - 1] : m->drafts) ||
			    !(m->pos_accepted[i] >= 0.0))
				abort();
	if (m->kind == METRICS_RATES && !(m->mean_accepted >= 0.0 &&
	    m->mean_accepted <= m->gamma && isfinite(m->mean_accepted_se)))
		abort();
}

static void
check_prediction(const struct metrics_prediction *p)
{
	int g;

	if (p->best < 0 || p->best > p->gmax || p->gmax < 1 || p->gmax > METRICS_GAMMA_MAX)
		abort();
	for (g = 0; g <= p->gmax; g++) {
		if (!isfinite(p->tok[g]) || p->tok[g] < 1.0 - 1e-9 ||
		    p->tok[g] > g + 1.0 + 1e-9 || !isfinite(p->speedup[g]) ||
		    !isfinite(p->tok_lo[g]) || !isfinite(p->tok_hi[g]) ||
		    p->tok_lo[g] > p->tok[g] + 1e-9 || p->tok_hi[g] < p->tok[g] - 1e-9)
			abort();
	}
	if (!(p->alpha >= 0.0 && p->alpha <= 1.0) || !isfinite(p->alpha_hat))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { 0.1, 0.05, NULL, 0 };
	char err[512], *text;
	int hint;

	if (size < 1)
		return 0;
	hint = data[0] % (METRICS_POS_MAX + 1);
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (metrics_parse(text, size - 1, hint, &m, err, sizeof err) != 0) {
		if (err[0] == '\0')
			abort();
	} else {
		check_metrics(&m);
		metrics_predict(&m, &cost, 16, &p);
		check_prediction(&p);
	}
	free(text);
	return 0;
}
