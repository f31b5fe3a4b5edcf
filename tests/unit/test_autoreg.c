/* test_autoreg.c: the n-gram source is truly autoregressive. Over many simulated
 * steps, every token in a step record carries the target's (and, without noise,
 * the draft's) probability given exactly the text emitted so far plus the step's
 * earlier tokens, the accepted tokens are the first drafts, and the source's
 * context after each step is the tail of the text the records spell. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/ngram.h"
#include "sim/sim.h"
#include "source/ngram/source_ngram.h"
#include "lib/tap.h"

#define STEPS 400
#define TEXT_MAX (STEPS * (SPEC_GAMMA_MAX + 1) + NGRAM_ORDER_MAX)

static const char corpus[] =
    "the cat sat on the mat . the dog sat on the log . a cat and a dog ran to the "
    "park , and the cat sat in the sun ; the dog did not . then the sun set and the "
    "cat ran to the mat , and the dog ran to the log . a red ball sat in the park .";

struct run {
	uint32_t text[TEXT_MAX];
	size_t n;
	int bad_p, bad_q, bad_draft, bad_emitted;
};

static int
near(double got, double want)
{
	return fabs(got - want) <= 1e-12 * fmax(1.0, want);
}

/* Check one step's tokens against the models, appending what it emitted. */
static void
check_step(struct run *r, const struct spec_step *st, const struct source *src,
    int exact_q)
{
	const struct ngram_model *tm = source_ngram_target(src);
	const struct ngram_model *dm = source_ngram_draft(src);
	int i, emitted = 0;

	for (i = 0; i < st->ntok; i++) {
		const struct spec_token *t = &st->tok[i];

		r->bad_p += !near(t->p, ngram_prob_of(tm, r->text, r->n, (uint32_t)t->id));
		if (exact_q)
			r->bad_q += !near(t->q, ngram_prob_of(dm, r->text, r->n, (uint32_t)t->id));
		if ((t->outcome == SPEC_ACCEPTED || t->outcome == SPEC_REJECTED) &&
		    t->id != st->drafted[i])
			r->bad_draft++;
		if (t->outcome != SPEC_REJECTED) {
			r->text[r->n++] = (uint32_t)t->id;
			emitted++;
		}
	}
	r->bad_emitted += emitted != st->emitted || emitted != st->accepted + 1;
}

static void
run_case(int target, int draft, double noise, int gamma)
{
	struct source_ngram_config cfg = { .max_vocab = 1000, .target_order = target,
	    .draft_order = draft, .temperature = 1.0, .noise = noise };
	struct sim_params par = { .gamma = gamma, .noise = noise, .seed = 7,
	    .target_ms = 10.0, .draft_ms = 1.0 };
	struct run *r = calloc(1, sizeof *r);
	uint32_t tail[NGRAM_ORDER_MAX];
	struct source src;
	struct sim sim;
	char err[256];
	size_t k, n;
	int step, bad_ctx = 0;

	if (source_ngram_open(&src, corpus, strlen(corpus), "test", &cfg, err,
	    sizeof err) != 0 || sim_open(&sim, &par, &src) != 0) {
		tap_ok(0, "open: %s", err);
		free(r);
		return;
	}
	r->n = source_ngram_context(&sim.src, r->text, NGRAM_ORDER_MAX);
	for (step = 0; step < STEPS; step++) {
		check_step(r, &sim_step(&sim)->step, &sim.src, noise == 0.0);
		n = source_ngram_context(&sim.src, tail, NGRAM_ORDER_MAX);
		for (k = 0; k < n; k++)
			bad_ctx += tail[k] != r->text[r->n - n + k];
	}
	tap_ok(r->bad_p == 0, "orders %d/%d, noise %g: every token's p is the target's "
	    "given the text before it (%d off)", target, draft, noise, r->bad_p);
	if (noise == 0.0)
		tap_ok(r->bad_q == 0, "orders %d/%d: every token's q is the draft's given "
		    "the text before it (%d off)", target, draft, r->bad_q);
	tap_ok(r->bad_draft == 0 && r->bad_emitted == 0, "orders %d/%d, noise %g: tested "
	    "tokens are the drafts, emitted = accepted + 1", target, draft, noise);
	tap_ok(bad_ctx == 0 && n == (size_t)NGRAM_ORDER_MAX - 1, "orders %d/%d, noise %g: "
	    "the source's context is the tail of the emitted text", target, draft, noise);
	sim_close(&sim);
	free(r);
}

/* The context a prompt sets: the prompt's words, most recent last, in the source
 * and in the reference stream's clone; a word the corpus lacks refused without a
 * change; under a cap, a rare word is the unknown token. */
static void
test_prompt(void)
{
	struct source_ngram_config cfg = { .max_vocab = 1000, .target_order = 3,
	    .draft_order = 2, .temperature = 1.0 };
	uint32_t ctx[NGRAM_ORDER_MAX], ref[NGRAM_ORDER_MAX];
	struct source src, twin;
	char err[256] = "";
	size_t n, m;
	char b0[32], b1[32], b2[32];

	if (source_ngram_open(&src, corpus, strlen(corpus), "test", &cfg, err,
	    sizeof err) != 0) {
		tap_ok(0, "open: %s", err);
		return;
	}
	tap_ok(source_ngram_set_prompt(&src, "the  cat sat", err, sizeof err) == 0,
	    "a prompt of corpus words is taken");
	n = source_ngram_context(&src, ctx, NGRAM_ORDER_MAX);
	tap_ok(n == 3 && strcmp(source_label(&src, (int)ctx[0], b0, sizeof b0), "the") == 0 &&
	    strcmp(source_label(&src, (int)ctx[1], b1, sizeof b1), "cat") == 0 &&
	    strcmp(source_label(&src, (int)ctx[2], b2, sizeof b2), "sat") == 0,
	    "the context is the prompt's words (%zu)", n);
	tap_ok(source_clone(&src, &twin) == 0 &&
	    (m = source_ngram_context(&twin, ref, NGRAM_ORDER_MAX)) == n &&
	    memcmp(ref, ctx, n * sizeof *ctx) == 0, "a clone starts from it too");
	source_close(&twin);
	tap_ok(source_ngram_set_prompt(&src, "the unicorn", err, sizeof err) != 0 &&
	    strstr(err, "'unicorn' is not a word of the corpus") != NULL &&
	    source_ngram_context(&src, ref, NGRAM_ORDER_MAX) == 3 &&
	    memcmp(ref, ctx, 3 * sizeof *ctx) == 0,
	    "an unknown word is refused, the context unchanged: %s", err);
	tap_ok(source_ngram_set_prompt(&src, " \t ", err, sizeof err) != 0 &&
	    strstr(err, "no words") != NULL, "a prompt without words is refused: %s", err);
	source_close(&src);
	cfg.max_vocab = 4;
	if (source_ngram_open(&src, corpus, strlen(corpus), "test", &cfg, err,
	    sizeof err) != 0)
		return;
	tap_ok(source_ngram_set_prompt(&src, "the unicorn", err, sizeof err) == 0 &&
	    source_ngram_context(&src, ctx, NGRAM_ORDER_MAX) == 2 &&
	    strcmp(source_label(&src, (int)ctx[1], b1, sizeof b1), "<unk>") == 0,
	    "capped: an unknown word is <unk>");
	source_close(&src);
}

int
main(void)
{
	test_prompt();
	run_case(3, 2, 0.0, 4);
	run_case(3, 1, 0.0, 8);
	run_case(4, 2, 0.0, 32);
	run_case(3, 2, 0.8, 4);
	run_case(2, 3, 0.0, 1);
	return tap_done();
}
