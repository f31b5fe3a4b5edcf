/* source_table.c: the sources, one row each; a row's position is its index
 * (enum cli_source names the first ones). Each entry is in its own folder,
 * src/source/NAME/NAME_entry.c (docs/design.md, "Add a source"). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "source/source_table.h"

#define SOURCE_ROWS(ROW) \
	ROW(stub) \
	ROW(replay) \
	ROW(ngram) \
	ROW(cmu) \
	/* a new source: one ROW(name) line above */

#define SOURCE_DECLARE(n) extern const struct source_entry source_entry_##n;
#define SOURCE_ENTRY(n) &source_entry_##n,
#define SOURCE_NAME(n) source_entry_##n.name,

SOURCE_ROWS(SOURCE_DECLARE)

const struct source_entry *const source_table[] = { SOURCE_ROWS(SOURCE_ENTRY) };
const int source_nentries = (int)(sizeof source_table / sizeof source_table[0]);
const char *const source_names[] = { SOURCE_ROWS(SOURCE_NAME) NULL };

const struct source_entry *
source_table_entry(int index)
{
	return index >= 0 && index < source_nentries ? source_table[index] : NULL;
}

int
source_table_find(const char *name)
{
	int i;

	for (i = 0; i < source_nentries; i++)
		if (strcmp(source_table[i]->name, name) == 0)
			return i;
	return -1;
}

const char *
source_table_name(int index)
{
	const struct source_entry *e = source_table_entry(index);

	return e != NULL ? e->name : "?";
}

int
source_takes(const struct source_entry *e, const char *option)
{
	const char *const *t;

	for (t = e->takes; t != NULL && *t != NULL; t++)
		if (strcmp(*t, option) == 0)
			return 1;
	return 0;
}

int
source_table_scoped(const char *option)
{
	int i;

	for (i = 0; i < source_nentries; i++)
		if (source_takes(source_table[i], option))
			return 1;
	return 0;
}

const char *
source_noun(const struct source_entry *e, char *buf, size_t len)
{
	if (e->noun != NULL)
		return e->noun;
	snprintf(buf, len, "the %s source", e->name);
	return buf;
}

const char *
source_prep(const struct source_entry *e)
{
	return e->prep != NULL ? e->prep : "to";
}

const char *
source_refusal_hint(const struct source_entry *e, const char *option)
{
	const struct source_refusal *r;

	for (r = e->refuses; r != NULL && r->option != NULL; r++)
		if (strcmp(r->option, option) == 0)
			return r->hint;
	return NULL;
}
