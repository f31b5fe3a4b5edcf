/* schedule.c: the draft-length schedules' names and rules. */
#include "config.h"

#include <stddef.h>

#include "verify/schedule.h"

#define NAME_CONSTANT "constant"
#define NAME_HEURISTIC "heuristic"
#define NAME_THRESHOLD "draft-p-min"
#define NAME_CONFIDENCE "confidence"

const char *const schedule_names[SCHEDULE_NKINDS + 1] = {
	[SCHEDULE_CONSTANT] = NAME_CONSTANT,
	[SCHEDULE_HEURISTIC] = NAME_HEURISTIC,
	[SCHEDULE_THRESHOLD] = NAME_THRESHOLD,
	[SCHEDULE_CONFIDENCE] = NAME_CONFIDENCE,
	[SCHEDULE_NKINDS] = NULL,
};

const char *const schedule_aliases[] = {
	"threshold", NAME_THRESHOLD,
	NULL,
};

const char *
schedule_name(enum schedule_kind kind)
{
	if ((int)kind < 0 || kind >= SCHEDULE_NKINDS)
		return "?";
	return schedule_names[kind];
}

int
schedule_heuristic_next(int gamma, int accepted, int max_gamma)
{
	int next = accepted == gamma ? gamma + 2 : gamma - 1;

	if (next < 1)
		next = 1;
	return next > max_gamma ? max_gamma : next;
}

int
schedule_gamma(enum schedule_kind kind, int gamma, int cur)
{
	return kind == SCHEDULE_HEURISTIC ? cur : gamma;
}

const char *
schedule_option(enum schedule_kind kind)
{
	if (kind == SCHEDULE_THRESHOLD)
		return "draft-p-min";
	return kind == SCHEDULE_CONFIDENCE ? "confidence-threshold" : NULL;
}

double
schedule_p_min(enum schedule_kind kind, double p_min)
{
	return kind == SCHEDULE_THRESHOLD ? p_min : 0.0;
}

double
schedule_confidence(enum schedule_kind kind, double t)
{
	return kind == SCHEDULE_CONFIDENCE ? t : 0.0;
}
