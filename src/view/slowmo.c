/* slowmo.c: the stages of one step in slow motion. */
#include "config.h"

#include <string.h>

#include "view/slowmo.h"

int
slowmo_stages(const struct spec_step *step)
{
	return 2 * step->gamma + 2;
}

void
slowmo_at(const struct spec_step *step, int stage, int ask, struct slowmo_view *v)
{
	int g = step->gamma, last = slowmo_stages(step);

	stage = stage < 1 ? 1 : stage > last ? last : stage;
	memset(v, 0, sizeof *v);
	v->drafts = stage < g ? stage : g;
	v->scored = stage > g;
	v->ended = stage == last;
	v->reached = v->ended ? g : stage > g + 1 ? stage - g - 1 : 0;
	v->checked = v->reached < step->tested ? v->reached : step->tested;
	if (ask && !v->ended && v->reached > 0 && v->reached <= step->tested) {
		v->asking = 1;
		v->checked--;
	}
	v->at = v->ended ? step->tested + (step->accepted == g) - 1 :
	    v->reached > step->tested ? step->tested - 1 : v->reached > 0 ? v->reached - 1 : 0;
	v->at = v->at < 0 ? 0 : v->at;
	v->phase = v->ended ? SLOWMO_END : v->reached > 0 ? SLOWMO_CHECK :
	    v->scored ? SLOWMO_SCORE : SLOWMO_DRAFT;
}

int
slowmo_unchecked(const struct spec_step *step, int k)
{
	return k >= step->tested && k < step->gamma;
}
