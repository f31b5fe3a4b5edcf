/* test_cmu_cache.c: the cmu source's model cache (cmu_cache.h). A second open of
 * an unchanged file hands out the model already read; a file rewritten in place
 * (same size, another probability, another modification time), replaced by a
 * rename, or cut short is read again (and a cut one refused, naming it); the
 * cache keeps a model after its users let go, and lets the least recent go
 * when a third file comes. Uses tests/data/lm/tiny.arpa, which sphinxbase
 * converts: SKIPs without sphinxbase. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/tap.h"
#include "source/cmu/cmu_cache.h"
#include "source/cmu/sphinx_trie.h"
#include "util/readfile.h"

#ifdef HAVE_SPHINXBASE
static char dir[64], path[128];

/* text written to name, its modification time set to sec (0: now). */
static void
write_file(const char *name, const char *text, time_t sec)
{
	FILE *f = fopen(name, "w");
	struct timespec t[2] = { { sec, 0 }, { sec, 0 } };

	if (f == NULL || fputs(text, f) == EOF || fclose(f) != 0) {
		perror(name);
		exit(99);
	}
	if (sec != 0 && utimensat(AT_FDCWD, name, t, 0) != 0) {
		perror(name);
		exit(99);
	}
}

/* The unigram probability of "cat" in m. */
static double
p_cat(const struct cmu_lm *m)
{
	return m->lm.uni[sphinx_trie_find_word(&m->lm, "cat", 3)];
}

static struct cmu_lm *
get(const char *name)
{
	char err[512];
	struct cmu_lm *m = cmu_cache_get(name, err, sizeof err);

	if (m == NULL)
		printf("# %s\n", err);
	return m;
}

/* Unchanged, rewritten in place, replaced: the model handed out. */
static void
test_identity(const char *text)
{
	char *edited = strdup(text), other[160];
	struct cmu_lm *a, *b, *c, *d, *e;
	double was;

	a = get(path);
	b = get(path);
	tap_ok(a != NULL && a == b, "an unchanged file: the second open reuses the model");
	memcpy(strstr(edited, "-0.3979 the"), "-0.6990", 7);	/* swapped: the */
	memcpy(strstr(edited, "-0.6990 cat"), "-0.3979", 7);	/* same size */
	write_file(path, edited, 1000000000);
	c = get(path);
	tap_ok(c != NULL && c != a, "a file rewritten in place (same size) is read again");
	if (a == NULL || c == NULL)
		exit(tap_done() + 1);
	was = p_cat(a);
	tap_ok(p_cat(c) > was * 1.9, "and the new model has its new "
	    "probability (%g, was %g)", p_cat(c), was);
	cmu_cache_put(a);
	cmu_cache_put(b);
	cmu_cache_put(c);
	d = get(path);
	tap_ok(d == c, "the cache keeps the model after its users let go");
	snprintf(other, sizeof other, "%s/other.arpa", dir);
	write_file(other, text, 1000000000);
	if (rename(other, path) != 0)
		perror(other);
	e = get(path);
	tap_ok(e != NULL && e != d && p_cat(e) == was && p_cat(d) == p_cat(c),
	    "a file replaced by a "
	    "rename is read again");
	cmu_cache_put(d);
	cmu_cache_put(e);
	free(edited);
}

/* A file cut short between two opens is read again, and refused. */
static void
test_cut(const char *text)
{
	char err[512], cut[160];
	struct cmu_lm *a = get(path), *b;

	snprintf(cut, sizeof cut, "%.150s", text);
	write_file(path, cut, 0);
	b = cmu_cache_get(path, err, sizeof err);
	tap_ok(a != NULL && b == NULL && strstr(err, path) != NULL, "a file cut short is "
	    "read again and refused, naming it: %s", err);
	cmu_cache_put(a);
	write_file(path, text, 0);
}

/* Two other files: the least recent model is let go, the recent ones kept. */
static void
test_slots(const char *text)
{
	char one[160], two[160];
	struct cmu_lm *m, *x, *y, *again;

	snprintf(one, sizeof one, "%s/one.arpa", dir);
	snprintf(two, sizeof two, "%s/two.arpa", dir);
	write_file(one, text, 0);
	write_file(two, text, 0);
	m = get(path);
	x = get(one);
	cmu_cache_put(x);
	y = get(two);		/* path is in use, one is let go */
	cmu_cache_put(y);
	again = get(two);
	tap_ok(again == y && again != NULL, "the most recent model is kept (%d slots)",
	    CMU_CACHE_SLOTS);
	cmu_cache_put(again);
	again = get(path);
	tap_ok(again == m, "a model in use is handed out again");
	cmu_cache_put(again);
	cmu_cache_put(m);
	unlink(one);
	unlink(two);
}

int
main(void)
{
	const char *srcdir = getenv("TESTS_SRCDIR");
	char src[512], err[256];
	size_t len;
	char *text;

	snprintf(src, sizeof src, "%s/data/lm/tiny.arpa", srcdir != NULL ? srcdir : "tests");
	snprintf(dir, sizeof dir, "%s", "/tmp/specdec-cache-XXXXXX");
	if ((text = readfile_all(src, &len, err, sizeof err)) == NULL || mkdtemp(dir) == NULL) {
		printf("Bail out! %s\n", text == NULL ? err : "no temporary directory");
		return 1;
	}
	snprintf(path, sizeof path, "%s/m.arpa", dir);
	write_file(path, text, 0);
	test_identity(text);
	test_cut(text);
	test_slots(text);
	cmu_cache_clear();
	unlink(path);
	rmdir(dir);
	free(text);
	return tap_done();
}
#else
int
main(void)
{
	printf("1..0 # SKIP built without sphinxbase\n");
	return 0;
}
#endif
