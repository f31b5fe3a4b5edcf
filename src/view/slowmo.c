/* slowmo.c: the stages of one step in slow motion. */
#include "config.h"

#include <string.h>

#include "view/slowmo.h"

int
slowmo_stages(const struct spec_step *step)
{
	return step->gamma + step->tested + 2;
}

void
slowmo_at(const struct spec_step *step, int stage, struct slowmo_view *v)
{
	int g = step->gamma, last = slowmo_stages(step);

	stage = stage < 1 ? 1 : stage > last ? last : stage;
	memset(v, 0, sizeof *v);
	v->drafts = stage < g ? stage : g;
	v->scored = stage > g;
	v->checked = stage > g + 1 ? stage - g - 1 : 0;
	v->checked = v->checked < step->tested ? v->checked : step->tested;
	v->ended = stage == last;
	v->phase = v->ended ? SLOWMO_END : v->checked > 0 ? SLOWMO_CHECK :
	    v->scored ? SLOWMO_SCORE : SLOWMO_DRAFT;
}

int
slowmo_unchecked(const struct spec_step *step, int k)
{
	return k >= step->tested && k < step->gamma;
}
