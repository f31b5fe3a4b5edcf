/* cmu_cache.c: language models kept by file identity, counted. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "source/cmu/cmu_cache.h"
#include "source/cmu/sphinx_lm.h"
#include "util/xalloc.h"

/* What tells one file's contents from another's, short of reading it. */
struct file_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
};

struct entry {
	struct cmu_lm m;	/* first: a struct cmu_lm * is an entry */
	char *path;
	struct file_id id;
	int refs;		/* users, plus one while a slot holds it */
	int stale;		/* its file changed since: never handed out again */
	struct entry *next;	/* the live entries */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry *live;	/* every model read and not yet freed */
static struct entry *slot[CMU_CACHE_SLOTS];	/* kept, most recent first */
static int cleared_at_exit;

/* path's identity; 0, or -1 when it cannot be had (the read says why). */
static int
file_id_of(const char *path, struct file_id *id)
{
	struct stat st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	memset(id, 0, sizeof *id);
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	id->size = st.st_size;
	id->mtime = st.st_mtim;
	id->ctime = st.st_ctim;
	return 0;
}

static int
same_time(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static int
same_file(const struct file_id *a, const struct file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	    same_time(a->mtime, b->mtime) && same_time(a->ctime, b->ctime);
}

/* One reference less to e; the last unlinks and frees it. Under cache_lock. */
static void
entry_unref(struct entry *e)
{
	struct entry **at;

	if (e == NULL || --e->refs > 0)
		return;
	for (at = &live; *at != e; at = &(*at)->next)
		;
	*at = e->next;
	cmu_floors_free(&e->m.floors);
	sphinx_trie_free(&e->m.lm);
	free(e->path);
	free(e);
}

/* e's slot, or -1. Under cache_lock. */
static int
slot_of(const struct entry *e)
{
	int i;

	for (i = 0; i < CMU_CACHE_SLOTS; i++)
		if (slot[i] == e)
			return i;
	return -1;
}

/* Slot i emptied, the slots after it moved up. Under cache_lock. */
static void
slot_drop(int i)
{
	entry_unref(slot[i]);
	memmove(slot + i, slot + i + 1, (size_t)(CMU_CACHE_SLOTS - 1 - i) * sizeof *slot);
	slot[CMU_CACHE_SLOTS - 1] = NULL;
}

/* e in the front slot, held there; the least recent let go when every slot
 * is taken. Under cache_lock. */
static void
slot_front(struct entry *e)
{
	int i = slot_of(e);

	if (i < 0) {
		if (slot[CMU_CACHE_SLOTS - 1] != NULL)
			slot_drop(CMU_CACHE_SLOTS - 1);
		i = CMU_CACHE_SLOTS - 1;
		e->refs++;
	}
	memmove(slot + 1, slot, (size_t)i * sizeof *slot);
	slot[0] = e;
}

/* The live model of path with identity id; a live copy of path that no
 * longer matches is marked stale and let go by its slot. NULL when none.
 * Under cache_lock. */
static struct entry *
lookup(const char *path, const struct file_id *id)
{
	struct entry *e, *found = NULL, *next;
	int i;

	for (e = live; e != NULL; e = next) {
		next = e->next;
		if (e->stale || strcmp(e->path, path) != 0)
			continue;
		if (same_file(&e->id, id)) {
			found = e;
			continue;
		}
		e->stale = 1;
		if ((i = slot_of(e)) >= 0)
			slot_drop(i);
	}
	return found;
}

static void
clear_at_exit(void)
{
	cmu_cache_clear();
}

/* The model at path read now, with its floors' heavy words; NULL with err. */
static struct entry *
entry_read(const char *path, char *err, size_t errlen)
{
	struct entry *e = xcalloc(1, sizeof *e);
	const char *trace = getenv(CMU_CACHE_TRACE_ENV);

	if (trace != NULL && *trace != '\0')
		fprintf(stderr, "specdec: read language model %s\n", path);
	if (sphinx_lm_load(path, &e->m.lm, err, errlen) != 0) {
		free(e);
		return NULL;
	}
	cmu_floors_init(&e->m.floors, &e->m.lm);
	e->path = xstrdup(path);
	e->refs = 1;
	e->next = live;
	live = e;
	return e;
}

struct cmu_lm *
cmu_cache_get(const char *path, char *err, size_t errlen)
{
	struct file_id id;
	struct entry *e = NULL;
	int known;

	pthread_mutex_lock(&cache_lock);
	known = file_id_of(path, &id) == 0;
	if (known && (e = lookup(path, &id)) != NULL)
		e->refs++;
	else if ((e = entry_read(path, err, errlen)) != NULL) {
		e->id = id;
		e->stale = !known;
	}
	if (e != NULL && !e->stale) {
		slot_front(e);
		if (!cleared_at_exit)
			cleared_at_exit = atexit(clear_at_exit) == 0;
	}
	pthread_mutex_unlock(&cache_lock);
	return e != NULL ? &e->m : NULL;
}

void
cmu_cache_put(struct cmu_lm *m)
{
	if (m == NULL)
		return;
	pthread_mutex_lock(&cache_lock);
	entry_unref((struct entry *)m);
	pthread_mutex_unlock(&cache_lock);
}

void
cmu_cache_clear(void)
{
	pthread_mutex_lock(&cache_lock);
	while (slot[0] != NULL)
		slot_drop(0);
	pthread_mutex_unlock(&cache_lock);
}
