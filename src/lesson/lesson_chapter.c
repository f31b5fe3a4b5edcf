/* lesson_chapter.c: the items before a chapter, run silently. */
#include "config.h"

#include <stdio.h>

#include "cli/sim_setup.h"
#include "lesson/lesson_chapter.h"
#include "lesson/lesson_run.h"

int
lesson_nchapters(const struct lesson *ls)
{
	int i, n = 0;

	for (i = 0; i < ls->n; i++)
		n += ls->item[i].op == LESSON_CHAPTER;
	return n;
}

int
lesson_chapter_item(const struct lesson *ls, int n)
{
	int i;

	for (i = 0; i < ls->n; i++)
		if (ls->item[i].op == LESSON_CHAPTER && --n == 0)
			return i;
	return -1;
}

const struct options *
lesson_options_at(const struct lesson *ls, int i)
{
	while (--i >= 0)
		if (ls->item[i].op == LESSON_SET)
			return ls->item[i].opt;
	return &ls->start;
}

/* Item it, silently: what it does to the run, nothing it says. */
static int
run_silently(const struct lesson_item *it, struct sim *sim, struct slowmo_play *pl,
    int views, char *err, size_t errlen)
{
	uint64_t s;
	int k;

	switch (it->op) {
	case LESSON_SET:
		if (!it->reopen)
			return 0;
		*pl = (struct slowmo_play){ 0 };
		if (lesson_run_set(sim, it, err, errlen) != 0)
			return -1;
		sim_keep_views(sim, views);
		return 0;
	case LESSON_WAIT_STEPS:
		sim_release(sim);
		for (s = 0; s < it->steps; s++)
			sim_step(sim);
		return 0;
	case LESSON_KEYS:
		for (k = 0; k < it->nkeys; k++)
			lesson_run_key(sim, pl, it->keys[k]);
		return 0;
	default:
		return 0;
	}
}

int
lesson_run_to(const struct lesson *ls, int i, struct sim *sim, struct slowmo_play *pl,
    int views, char *err, size_t errlen)
{
	int k;

	*pl = (struct slowmo_play){ 0 };
	if (sim_setup(&ls->start, sim, err, errlen) != 0)
		return -1;
	sim_keep_views(sim, views);
	for (k = 0; k < i; k++)
		if (run_silently(&ls->item[k], sim, pl, views, err, errlen) != 0) {
			lesson_locate(ls, &ls->item[k], err, errlen);
			return -1;
		}
	return 0;
}
