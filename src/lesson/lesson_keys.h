/* lesson_keys.h: the scalar keys of the JSON report that only some runs write
 * (a tree's, a machine's, a schedule's, a rule's or a source's), and those the
 * figures table has no scalar row of. A check or an ask's figure takes such a
 * key where the options in force at its line make a run that writes it, and is
 * refused elsewhere with a line naming the run it needs. Private to
 * src/lesson/. */
#ifndef SPECDEC_LESSON_KEYS_H
#define SPECDEC_LESSON_KEYS_H

#include "cli/options.h"
#include "lesson/lesson.h"

/* Resolve key for item it under o, the options in force at its line: set
 * it->figure (and, for a parameter of the options, it->fixed and
 * it->fixed_value) and return 1; 0 when key is not one of these keys (the
 * figures table's scalar rows answer it); -1 when o's run does not write it,
 * with *needs the run that does, in words. */
int lesson_keys_find(const char *key, const struct options *o, struct lesson_item *it,
    const char **needs);

#endif
