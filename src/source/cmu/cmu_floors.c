/* cmu_floors.c: the unigram and heavy words' rows as floors, per temperature. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "source/cmu/cmu_floors.h"
#include "source/cmu/sphinx_trie.h"
#include "util/weighed.h"
#include "util/xalloc.h"

void
cmu_floors_init(struct cmu_floor_sets *fs, const struct sphinx_trie *lm)
{
	size_t n = lm->vocab, w;
	struct weighed *k = xreallocarray(NULL, n, sizeof *k);
	int i;

	fs->lm = lm;
	fs->head = NULL;
	fs->heavy_of = xcalloc(n, 1);
	for (w = 0; w < n; w++)	/* a word's successor work: list length x frequency */
		k[w] = (struct weighed){ lm->uni[w] * (lm->bg_first[w + 1] - lm->bg_first[w]),
		    (uint32_t)w };
	qsort(k, n, sizeof *k, weighed_falling);
	for (i = 0; i < CMU_HEAVY && (size_t)i < n && k[i].w > 0.0; i++) {
		fs->heavy_word[i] = k[i].id;
		fs->heavy_of[k[i].id] = (uint8_t)(i + 1);
	}
	fs->nheavy = i;
	free(k);
}

/* f := row (taken) raised to inv_temp, with its running sums. */
static void
make_floor(struct split_floor *f, double *row, size_t n, double inv_temp)
{
	double *cdf = xreallocarray(NULL, n, sizeof *cdf);
	size_t w;

	for (w = 0; w < n; w++) {
		if (inv_temp != 1.0)
			row[w] = pow(row[w], inv_temp);
		cdf[w] = (w > 0 ? cdf[w - 1] : 0.0) + row[w];
	}
	*f = (struct split_floor){ n, row, cdf, cdf[n - 1], NULL, NULL, NULL, NULL, NULL,
	    split_floor_top(row, n), NULL };
}

static struct cmu_floors *
build_set(const struct cmu_floor_sets *fs, double inv_temp)
{
	const struct sphinx_trie *lm = fs->lm;
	struct cmu_floors *f = xcalloc(1, sizeof *f);
	size_t n = lm->vocab;
	double *row;
	int i;

	f->inv_temp = inv_temp;
	row = xreallocarray(NULL, n, sizeof *row);
	sphinx_trie_row(lm, 1, NULL, 0, row);
	make_floor(&f->uni, row, n, inv_temp);
	for (i = 0; i < fs->nheavy; i++) {
		row = xreallocarray(NULL, n, sizeof *row);
		sphinx_trie_row(lm, 2, &fs->heavy_word[i], 1, row);
		make_floor(&f->heavy[i], row, n, inv_temp);
	}
	return f;
}

struct cmu_floors *
cmu_floors_get(struct cmu_floor_sets *fs, double inv_temp)
{
	struct cmu_floors *f;

	for (f = fs->head; f != NULL && f->inv_temp != inv_temp; f = f->next)
		;
	if (f == NULL) {
		f = build_set(fs, inv_temp);
		f->next = fs->head;
		fs->head = f;
	}
	f->refs++;
	return f;
}

static void
free_floor(struct split_floor *f)
{
	split_floor_forget(f);
	free((void *)f->w);
	free((void *)f->cdf);
}

static void
free_set(struct cmu_floors *f)
{
	int i;

	free_floor(&f->uni);
	for (i = 0; i < CMU_HEAVY; i++)
		if (f->heavy[i].w != NULL)
			free_floor(&f->heavy[i]);
	free(f);
}

void
cmu_floors_put(struct cmu_floor_sets *fs, struct cmu_floors *f)
{
	struct cmu_floors **at;

	if (f == NULL || --f->refs > 0)
		return;
	for (at = &fs->head; *at != NULL && *at != f; at = &(*at)->next)
		;
	if (*at == f)
		*at = f->next;
	free_set(f);
}

void
cmu_floors_free(struct cmu_floor_sets *fs)
{
	while (fs->head != NULL) {
		struct cmu_floors *f = fs->head;

		fs->head = f->next;
		free_set(f);
	}
	free(fs->heavy_of);
	fs->heavy_of = NULL;
}
