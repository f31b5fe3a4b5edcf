/* timeline.c: the target-only and speculative lanes on one wall-clock axis. */
#include "config.h"

#include <string.h>

#include "view/timeline.h"

/* One block of a lane: a kind from start to end, in ms. */
struct block {
	double start, end;
	int kind;
};

#define MAX_BLOCKS (TIMELINE_MAX_STEPS * (SPEC_GAMMA_MAX + 1))

int
timeline_steps_for(int w, int gamma)
{
	int n = w / (2 * (gamma + 2));

	return n < 1 ? 1 : n > TIMELINE_MAX_STEPS ? TIMELINE_MAX_STEPS : n;
}

static int
add_block(struct block *b, int n, double *t, double len, int kind)
{
	b[n].start = *t;
	b[n].end = *t += len;
	b[n].kind = kind;
	return n + 1;
}

/* The speculative lane's blocks: drafts, wasted drafts, verification. */
static int
spec_blocks(struct timeline *tl, const struct timeline_cost *cost,
    const struct spec_step *const *steps, int n, struct block *b, double *ends)
{
	double t = 0.0;
	int i, k, nb = 0, wasted;

	for (i = 0; i < n; i++) {
		const struct spec_step *s = steps[i];

		wasted = s->accepted < s->gamma ? s->gamma - s->accepted : 0;
		for (k = 0; k < s->gamma; k++)
			nb = add_block(b, nb, &t, cost->draft_ms, k < s->gamma - wasted ?
			    TIMELINE_DRAFT : TIMELINE_WASTED);
		nb = add_block(b, nb, &t, cost->target_ms * (1.0 + cost->verify_k * s->gamma),
		    TIMELINE_VERIFY);
		ends[i] = t;
		tl->tokens += s->emitted;
		tl->wasted += wasted;
	}
	tl->spec_ms = t;
	return nb;
}

/* Columns from the blocks: in each, the kind with the most time. */
static void
rasterise(const struct block *b, int nb, double ms_per_col, int w, unsigned char *out)
{
	double time[TIMELINE_TARGET_ALT + 1];
	int c, i = 0, k, best;

	for (c = 0; c < w; c++) {
		double lo = c * ms_per_col, hi = lo + ms_per_col;

		memset(time, 0, sizeof time);
		for (; i < nb && b[i].end <= lo; i++)
			;
		for (k = i; k < nb && b[k].start < hi; k++)
			time[b[k].kind] += (b[k].end < hi ? b[k].end : hi) -
			    (b[k].start > lo ? b[k].start : lo);
		for (best = TIMELINE_IDLE, k = 1; k <= TIMELINE_TARGET_ALT; k++)
			if (time[k] > time[best])
				best = k;
		out[c] = (unsigned char)best;
	}
}

void
timeline_build(struct timeline *tl, const struct timeline_cost *cost,
    const struct spec_step *const *steps, int n, int w)
{
	struct block b[MAX_BLOCKS];
	double ends[TIMELINE_MAX_STEPS], t = 0.0, longer;
	int nb, i, c;

	memset(tl, 0, sizeof *tl);
	n = n < TIMELINE_MAX_STEPS ? n : TIMELINE_MAX_STEPS;
	tl->w = w = w < TIMELINE_MAX_W ? w : TIMELINE_MAX_W;
	tl->nsteps = n;
	if (w <= 0 || n <= 0)
		return;
	nb = spec_blocks(tl, cost, steps, n, b, ends);
	tl->target_ms = tl->tokens * cost->target_ms;
	tl->ratio = tl->spec_ms > 0.0 ? tl->target_ms / tl->spec_ms : 0.0;
	longer = tl->spec_ms > tl->target_ms ? tl->spec_ms : tl->target_ms;
	tl->ms_per_col = longer > 0.0 ? longer / w : 1.0;
	rasterise(b, nb, tl->ms_per_col, w, tl->spec);
	for (i = 0; i < n; i++) {
		c = (int)(ends[i] / tl->ms_per_col - 1e-9);
		tl->emitted[c < w ? c : w - 1] = (unsigned char)steps[i]->emitted;
	}
	for (i = nb = 0; i < tl->tokens && nb < MAX_BLOCKS; i++)
		nb = add_block(b, nb, &t, cost->target_ms, i % 2 ? TIMELINE_TARGET_ALT :
		    TIMELINE_TARGET);
	rasterise(b, nb, tl->ms_per_col, w, tl->target);
}
