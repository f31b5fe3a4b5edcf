/* calibration.c: draft score against realised acceptance, binned
 * (calibration.h). */
#include "config.h"

#include "stats/calibration.h"

int
calibration_bin_of(double score)
{
	int b = (int)(score * CALIBRATION_BINS);

	return b < 0 ? 0 : b >= CALIBRATION_BINS ? CALIBRATION_BINS - 1 : b;
}

void
calibration_add(struct calibration *c, const struct spec_tree *tree)
{
	int v;

	if (!tree->has_reach)
		return;
	for (v = 1; v < tree->n; v++) {
		const struct spec_tree_node *nd = &tree->node[v];
		int b = calibration_bin_of(nd->score);

		c->nodes[b]++;
		c->accepted[b] += nd->on_path != 0;
		c->score[b] += nd->score;
		c->expected[b] += nd->reach;
	}
}

void
calibration_get(const struct calibration *c, int b, struct calibration_bin *out)
{
	double n = (double)c->nodes[b];

	out->lo = (double)b / CALIBRATION_BINS;
	out->hi = (double)(b + 1) / CALIBRATION_BINS;
	out->nodes = c->nodes[b];
	out->score = n > 0 ? c->score[b] / n : 0.0;
	out->accepted = n > 0 ? (double)c->accepted[b] / n : 0.0;
	out->expected = n > 0 ? c->expected[b] / n : 0.0;
}

uint64_t
calibration_nodes(const struct calibration *c)
{
	uint64_t n = 0;
	int b;

	for (b = 0; b < CALIBRATION_BINS; b++)
		n += c->nodes[b];
	return n;
}
