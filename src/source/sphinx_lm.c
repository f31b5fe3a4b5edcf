/* sphinx_lm.c: models in any format sphinxbase reads, through its trie file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source/sphinx_trie.h"
#include "source/sphinx_lm.h"

#ifdef HAVE_SPHINXBASE
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>

#define TRIE_HEADER "Trie Language Model"

/* Whether the file at path starts with the trie header. */
static int
is_trie(const char *path)
{
	char head[sizeof TRIE_HEADER];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return 0;
	n = fread(head, 1, sizeof head - 1, f);
	fclose(f);
	return n == sizeof head - 1 && memcmp(head, TRIE_HEADER, n) == 0;
}

/* Read path with sphinxbase and write it as a trie to a temporary file, read
 * that, and remove it. */
static int
convert(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	char tmp[] = "/tmp/specdec-lm-XXXXXX";
	logmath_t *lmath = logmath_init(1.0001, 0, 0);
	ngram_model_t *m;
	int fd, rc;

	/* The model keeps lmath without freeing it: it goes after the model. */
	m = ngram_model_read(NULL, path, NGRAM_AUTO, lmath);
	if (m == NULL) {
		logmath_free(lmath);
		snprintf(err, errlen, "%s: sphinxbase cannot read this language model", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		ngram_model_free(m);
		logmath_free(lmath);
		snprintf(err, errlen, "%s: no temporary file to convert it in", path);
		return -1;
	}
	close(fd);
	rc = ngram_model_write(m, tmp, NGRAM_BIN);
	ngram_model_free(m);
	logmath_free(lmath);
	if (rc < 0) {
		unlink(tmp);
		snprintf(err, errlen, "%s: sphinxbase cannot write it as a trie", path);
		return -1;
	}
	rc = sphinx_trie_read(tmp, t, err, errlen);
	unlink(tmp);
	return rc;
}

int
sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	err_set_logfp(NULL);
	if (access(path, R_OK) != 0) {
		snprintf(err, errlen, "%s: cannot read the language model (the CMU model "
		    "comes with Debian's pocketsphinx-en-us)", path);
		return -1;
	}
	return is_trie(path) ? sphinx_trie_read(path, t, err, errlen) :
	    convert(path, t, err, errlen);
}
#else
int
sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	(void)path;
	(void)t;
	snprintf(err, errlen, "this specdec was built without sphinxbase");
	return -1;
}
#endif
