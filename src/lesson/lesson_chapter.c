/* lesson_chapter.c: the items before a chapter, run silently. */
#include "config.h"

#include <stdio.h>

#include "lesson/lesson_chapter.h"

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
