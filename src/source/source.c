/* source.c: the thin dispatch layer over a source's operations. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "source/source.h"

void
source_begin(struct source *src, struct rng *rng, int need_draft)
{
	src->ops->begin(src->self, rng, need_draft);
}

int
source_child(struct source *src, int parent, int token)
{
	if (src->ops->child == NULL)
		return SOURCE_ROOT;
	return src->ops->child(src->self, parent, token);
}

void
source_dists(struct source *src, int node, struct pdist *p, struct pdist *q)
{
	src->ops->dists(src->self, node, p, q);
}

void
source_sample_targets(struct source *src, struct rng *rng, int *ids, int count)
{
	struct pdist p;
	int k, node = SOURCE_ROOT;

	if (src->ops->sample_target != NULL) {
		for (k = 0; k < count; k++) {
			ids[k] = src->ops->sample_target(src->self, rng);
			source_commit(src, &ids[k], 1);
		}
		return;
	}
	if (src->ops->sample_step != NULL) {
		src->ops->sample_step(src->self, rng, ids, count);
		source_commit(src, ids, count);
		return;
	}
	src->ops->begin(src->self, rng, 0);
	for (k = 0; k < count; k++) {
		source_dists(src, node, &p, NULL);
		ids[k] = (int)pdist_sample(&p, rng);
		if (k + 1 < count)
			node = source_child(src, node, ids[k]);
	}
	source_commit(src, ids, count);
}

void
source_commit(struct source *src, const int *emitted, int n)
{
	if (src->ops->commit != NULL)
		src->ops->commit(src->self, emitted, n);
}

int
source_drafts(struct source *src, int node)
{
	return src->ops->drafts == NULL || src->ops->drafts(src->self, node);
}

void
source_set_draft_len(struct source *src, int gamma)
{
	if (src->ops->set_draft_len != NULL)
		src->ops->set_draft_len(src->self, gamma);
}

void
source_set_noise(struct source *src, double noise)
{
	if (src->ops->set_noise != NULL)
		src->ops->set_noise(src->self, noise);
}

const char *
source_label(const struct source *src, int id, char *buf, size_t len)
{
	const char *word = NULL;

	if (src->ops->label != NULL)
		word = src->ops->label(src->self, id);
	if (word != NULL)
		return word;
	snprintf(buf, len, "%d", id);
	return buf;
}

const char *
source_describe(const struct source *src)
{
	return src->ops->describe != NULL ? src->ops->describe(src->self) : NULL;
}

int
source_temperatures(const struct source *src, double *target, double *draft)
{
	if (src->ops->temperatures == NULL)
		return 0;
	src->ops->temperatures(src->self, target, draft);
	return 1;
}

void
source_set_temperatures(struct source *src, double target, double draft)
{
	if (src->ops->set_temperatures != NULL)
		src->ops->set_temperatures(src->self, target, draft);
}

int
source_has_words(const struct source *src)
{
	return src->ops->words;
}

int
source_has_noise(const struct source *src)
{
	return src->ops->set_noise != NULL;
}

int
source_ids_exchangeable(const struct source *src)
{
	return src->ops->ids_exchangeable;
}

int
source_pair_fixed_in_step(const struct source *src)
{
	return src->ops->pair_fixed_in_step;
}

int
source_dists_draw(const struct source *src)
{
	return src->ops->dists_draw;
}

int
source_fixed_pair(const struct source *src, double *p, double *q)
{
	return src->ops->fixed_pair != NULL && src->ops->fixed_pair(src->self, p, q);
}

int
source_clone(const struct source *src, struct source *out)
{
	*out = *src;
	out->self = src->ops->clone(src->self);
	return out->self != NULL ? 0 : -1;
}

void
source_close(struct source *src)
{
	if (src->ops != NULL && src->self != NULL)
		src->ops->destroy(src->self);
	src->self = NULL;
}

const char *
source_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}
