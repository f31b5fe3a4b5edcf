/* cmu_cache.h: loaded language models kept for reuse within one process. A
 * lesson opens the cmu source at each of its set lines, and once more to
 * check it before it starts; reading and decoding the CMU model costs about a
 * quarter of a second each time, so a model once read is kept, with the
 * floors' choice of heavy words (cmu_floors.h), and handed out again.
 *
 * A model is known by its file's identity: the path as given, the device and
 * inode, the size, and the modification and status-change times (to the
 * nanosecond). A file that changed on disk between two opens (rewritten, cut,
 * replaced) no longer matches and is read again; the stale copy is dropped as
 * soon as its users let go. The cache keeps CMU_CACHE_SLOTS models besides
 * those in use, the most recently opened, and releases them at exit.
 *
 * For tests: when CMU_CACHE_TRACE_ENV is set and not empty, every read of a
 * model (a miss) prints "specdec: read language model PATH" on standard error.
 * Opens and puts may come from several threads (a mutex guards the cache). */
#ifndef SPECDEC_CMU_CACHE_H
#define SPECDEC_CMU_CACHE_H

#include <stddef.h>

#include "source/cmu/cmu_floors.h"
#include "source/cmu/sphinx_trie.h"

#define CMU_CACHE_SLOTS 2
#define CMU_CACHE_TRACE_ENV "SPECDEC_TEST_LM_LOADS"

/* A model and its floors; read-only to its users except through the floors'
 * own get and put (cmu_floors.h). */
struct cmu_lm {
	struct sphinx_trie lm;
	struct cmu_floor_sets floors;
};

/* The model at path, from the cache or read now (sphinx_lm.h); counted until
 * cmu_cache_put. NULL with one line in err when it cannot be read. */
struct cmu_lm *cmu_cache_get(const char *path, char *err, size_t errlen);

/* Let go of m (NULL: nothing); freed when neither a user nor the cache keeps it. */
void cmu_cache_put(struct cmu_lm *m);

/* Drop every model the cache keeps (those still in use stay with their users). */
void cmu_cache_clear(void);

#endif
