/* fuzz_tokenize.c: libFuzzer harness for the tokenizer and what is built on it.
 * Tokens must be non-empty, in order, inside the input, valid UTF-8 without
 * white space or control characters, and no longer than a word may be; then the
 * input is trained on as a corpus (unless it has no words, which the source
 * refuses), and the n-gram models' distributions after a few contexts must sum
 * to 1. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/ngram.h"
#include "source/tokenize.h"
#include "util/utf8.h"
#include "source/ngram/vocab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_token(const char *s, size_t start, size_t len)
{
	unsigned long cp;
	size_t i = start, n;

	if (len == 0 || len > TOKENIZE_WORD_MAX)
		abort();
	while (i < start + len) {
		if ((n = utf8_decode(s, start + len, i, &cp)) == 0 || cp <= 0x20 ||
		    cp == 0x7f || (cp >= 0x80 && cp <= 0xa0))
			abort();
		i += n;
	}
}

static void
check_models(const char *s, size_t size)
{
	struct ngram_counts c;
	struct ngram_model m;
	struct ngram_scratch sc;
	struct vocab v;
	uint32_t *ids;
	size_t n, i, k;
	double *p, sum;

	if (vocab_build(s, size, 2 + size % 9, &v, &ids, &n) != 0)
		return;
	if (v.types == 0) {	/* no words: the source refuses such a corpus */
		free(ids);
		vocab_free(&v);
		return;
	}
	ngram_count(&c, ids, n, v.size, 3);
	p = malloc(v.size * sizeof *p);
	ngram_model_build(&m, &c, 1 + (int)(size % 3), size % 2 ? 0.5 : 1.0);
	ngram_scratch_init(&sc, v.size);
	sc.heavy = 1 + (uint32_t)(size % 3);
	for (k = 0; k < 4 && k <= n; k++) {
		ngram_dist(&m, ids + n - k, k, NULL, p, &sc);
		for (i = 0, sum = 0.0; i < v.size; i++)
			sum += p[i];
		if (!(fabs(sum - 1.0) < 1e-9))
			abort();
	}
	ngram_scratch_free(&sc);
	ngram_model_release(&m);
	ngram_counts_free(&c);
	free(p);
	free(ids);
	vocab_free(&v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	size_t pos = 0, start, len, last = 0;

	while (tokenize_next(s, size, &pos, &start, &len)) {
		if (start < last || start + len > size || pos != start + len)
			abort();
		check_token(s, start, len);
		last = pos;
	}
	if (pos != size)
		abort();
	check_models(s, size);
	return 0;
}
