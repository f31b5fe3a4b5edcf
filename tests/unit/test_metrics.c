/* test_metrics.c: the metrics parser on a small file of each format, against
 * values worked by hand (in the comments); malformed input refused with the
 * line quoted; the prediction's tokens per step, interval, extrapolation,
 * i.i.d. fit, conventions and best gamma, each worked by hand. The sample files
 * of tests/data/metrics and the round trip through the simulation are tested
 * end to end in tests/batch/metrics.sh. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/metrics_predict.h"
#include "lib/tap.h"

static char err[1024];

static int
parse(const char *text, int hint, struct metrics *m)
{
	err[0] = '\0';
	return metrics_parse(text, strlen(text), hint, m, err, sizeof err);
}

/* 100 drafts of 2 tokens; 70 accepted at position 1, 40 at position 2. */
static const char vllm_prom[] =
    "# TYPE vllm:spec_decode_num_drafts_total counter\n"
    "vllm:spec_decode_num_drafts_total{model_name=\"m\"} 100.0\n"
    "vllm:spec_decode_num_draft_tokens_total{model_name=\"m\"} 200\n"
    "vllm:spec_decode_num_accepted_tokens_total{model_name=\"m\"} 110\n"
    "vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name=\"m\",position=\"0\"} 70\n"
    "vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name=\"m\",position=\"1\"} 4e1\n"
    "vllm:num_requests_running{model_name=\"m\"} 3\n";

static void
test_per_position(void)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { 0.1, 0.0, NULL, 0 };

	tap_ok(parse(vllm_prom, 0, &m) == 0 && m.format == METRICS_VLLM_PROM &&
	    m.kind == METRICS_PER_POSITION && m.gamma == 2 && m.drafts == 100 &&
	    m.pos_accepted[0] == 70 && m.pos_accepted[1] == 40 && m.records == 5,
	    "vLLM Prometheus: gamma 2, 100 drafts, 70 and 40 by position (%s)", err);
	metrics_predict(&m, &cost, 4, &p);
	/* a = 0.7, 0.4; alpha_2 = 0.4 / 0.7 */
	tap_near(p.alpha_pos[1], 4.0 / 7.0, 1e-12, "alpha_2 = a_2 / a_1 = 4/7");
	tap_near(p.tok[1], 1.7, 1e-12, "tok at 1: 1 + 0.7");
	tap_near(p.tok[2], 2.1, 1e-12, "tok at 2: 1 + 0.7 + 0.4");
	/* X = accepted per step: 30 steps 0, 30 steps 1, 40 steps 2: E[X^2] = 1.9,
	 * var 1.9 - 1.21 = 0.69, se sqrt(0.69 / 100) */
	tap_near(p.tok_lo[2], 2.1 - 1.959963984540054 * sqrt(0.0069), 1e-9,
	    "its 95% interval from the steps' variance");
	tap_near(p.tok[3], 2.1 + 0.4 * 4.0 / 7.0, 1e-12, "tok at 3: alpha_2 carried on");
	tap_ok(p.basis[2] == METRICS_EXACT && p.basis[3] == METRICS_EXTRAPOLATED,
	    "2 exact, 3 extrapolated");
	/* speedups 1.7/1.1, 2.1/1.2 = 1.75, 2.328571/1.3 = 1.791, 2.459184/1.4 = 1.757 */
	tap_near(p.speedup[3], (2.1 + 0.4 * 4.0 / 7.0) / 1.3, 1e-12, "speedup at 3");
	tap_eq(p.best, 3, "best gamma 3 (1.791x against 1.75x at 2 and 1.757x at 4)");
	/* tested: 30 x 1 + 30 x 2 + 40 x 2 = 170 of which 110 accepted */
	tap_near(p.alpha_hat, 110.0 / 170.0, 1e-12, "alpha-hat = 110 / 170 tested");
	tap_near(p.acceptance_rate, 110.0 / 200.0, 1e-12, "acceptance rate 110 / 200");
	tap_near(p.mean_len_bonus, 2.1, 1e-12, "mean acceptance length with the bonus 2.1");
	cost.step = (const double[]){ 10.0, 12.0, 14.0 };
	cost.nstep = 3;
	metrics_predict(&m, &cost, 10, &p);
	tap_ok(p.gmax == 2 && fabs(p.speedup[1] - 1.7 * 10.0 / 12.0) < 1e-12 &&
	    fabs(p.speedup[2] - 2.1 * 10.0 / 14.0) < 1e-12 && p.best == 2,
	    "measured step times: speedup = tok t0 / t_g, up to the lengths measured");
}

static void
test_scrapes(void)
{
	struct metrics m;
	char two[2048];

	snprintf(two, sizeof two, "%s%s", vllm_prom,
	    "vllm:spec_decode_num_drafts_total{model_name=\"m\"} 300\n"
	    "vllm:spec_decode_num_draft_tokens_total{model_name=\"m\"} 600\n"
	    "vllm:spec_decode_num_accepted_tokens_total{model_name=\"m\"} 330\n"
	    "vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name=\"m\",position=\"0\"} 200\n"
	    "vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name=\"m\",position=\"1\"} 100\n");
	tap_ok(parse(two, 0, &m) == 0 && m.drafts == 200 && m.pos_accepted[0] == 130 &&
	    m.pos_accepted[1] == 60, "two scrapes: the counters' differences (%s)", err);
	snprintf(two, sizeof two, "%s%s", vllm_prom,
	    "vllm:spec_decode_num_drafts_total{model_name=\"m\"} 50\n");
	tap_ok(parse(two, 0, &m) != 0 && strstr(err, "line 8: the counter went down") &&
	    strstr(err, "'vllm:spec_decode_num_drafts_total{model_name=\"m\"} 50'"),
	    "a counter that went down is refused, quoted (%s)", err);
	snprintf(two, sizeof two, "%s%s", vllm_prom,
	    "vllm:spec_decode_num_drafts_total{model_name=\"n\"} 100\n");
	tap_ok(parse(two, 0, &m) == 0 && m.drafts == 200,
	    "two label sets are summed");
}

static void
test_fit(void)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { 0.1, 0.0, NULL, 0 };

	/* 75 of 200 at gamma 2: 100 drafts, 0.75 per step = a + a^2 at a = 0.5 */
	tap_ok(parse("draft acceptance rate = 0.37500 (   75 accepted /   200 generated)\n",
	    2, &m) == 0 && m.format == METRICS_LLAMACPP && m.kind == METRICS_TOTALS &&
	    m.drafts == 100 && m.gamma_option, "llama.cpp: totals, gamma from --gamma (%s)",
	    err);
	metrics_predict(&m, &cost, 4, &p);
	tap_ok(p.fit && fabs(p.alpha - 0.5) < 1e-9, "i.i.d. fit: alpha 0.5 (%g)", p.alpha);
	tap_near(p.tok[3], 1.875, 1e-9, "tok at 3: 1 + 0.5 + 0.25 + 0.125");
	tap_ok(p.basis[1] == METRICS_FIT && p.basis[2] == METRICS_MEASURED &&
	    p.basis[3] == METRICS_EXTRAPOLATED, "fit, measured, extrapolated");
	tap_ok(p.alpha_lo < 0.5 && p.alpha_hi > 0.5 && p.has_interval, "alpha's interval");
	tap_ok(parse("draft acceptance rate = 0.375 ( 75 accepted / 200 generated)\n", 0,
	    &m) != 0 && strstr(err, "--gamma G") != NULL, "without a draft length: "
	    "ask for --gamma (%s)", err);
	tap_ok(parse("n_draft = 2\ndraft acceptance rate = 0.375 ( 75 accepted / 200 "
	    "generated)\n", 0, &m) == 0 && m.gamma == 2, "n_draft gives it");
	/* SGLang: lengths 2.0 and 2.2 (mean 2.1, se 0.1), rates 0.5 and 0.6 */
	tap_ok(parse("[x TP0] Decode batch, #running-req: 1, accept len: 2.00, accept rate: "
	    "0.50, cuda graph: True\n[x TP0] Decode batch, accept len: 2.20, accept rate: "
	    "0.60,\nother line\n", 0, &m) == 0 && m.format == METRICS_SGLANG_LOG &&
	    m.kind == METRICS_RATES && m.gamma == 2 && fabs(m.mean_accepted - 1.1) < 1e-12 &&
	    fabs(m.mean_accepted_se - 0.1) < 1e-12, "SGLang log: 1.1 per step, se 0.1, "
	    "gamma 1.1 / 0.55 = 2 (%s)", err);
	/* vLLM's gauges: rate 0.5, efficiency (1 + 2 x 0.5) / 3 */
	tap_ok(parse("vllm:spec_decode_draft_acceptance_rate 0.5\n"
	    "vllm:spec_decode_efficiency 0.6666667\n", 0, &m) == 0 && m.gamma == 2 &&
	    fabs(m.mean_accepted - 1.0) < 1e-12, "vLLM gauges: gamma (1 - e) / (e - r) = 2");
	tap_ok(parse("trtllm_spec_decode_num_draft_tokens_total 200\n"
	    "trtllm_spec_decode_num_accepted_tokens_total 110\n"
	    "trtllm_spec_decode_acceptance_length 2.1\n", 0, &m) == 0 &&
	    m.format == METRICS_TRTLLM && m.gamma == 2 && fabs(m.drafts - 100) < 1e-9,
	    "TensorRT-LLM: 110 / (2.1 - 1) = 100 drafts, gamma 2 (%s)", err);
	tap_ok(parse("SpecDecoding metrics: Mean acceptance length: 2.10, Accepted: 110 "
	    "tokens, Drafted: 200 tokens, Per-position acceptance rate: 0.700, 0.400, Avg "
	    "Draft acceptance rate: 55.0%\n", 0, &m) == 0 && m.format == METRICS_VLLM_LOG &&
	    m.drafts == 100 && m.pos_accepted[1] == 40, "vLLM log line (%s)", err);
}

static void
test_csv(void)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { 0.0, 0.0, NULL, 0 };

	tap_ok(parse("position,rate\n1,0.5\n2,0.25\n", 0, &m) == 0 &&
	    m.kind == METRICS_PER_POSITION && !m.pos_counted && m.gamma == 2,
	    "CSV of rates (%s)", err);
	metrics_predict(&m, &cost, 2, &p);
	tap_ok(fabs(p.tok[2] - 1.75) < 1e-12 && !p.has_interval, "tok 1.75, no interval");
	tap_ok(parse("position,accepted,drafts\r\n1,70,100\r\n2,40,100\r\n", 0, &m) == 0 &&
	    m.pos_counted && m.drafts == 100, "CSV of counts, CRLF (%s)", err);
	tap_ok(parse("position,accepted,drafts\n1,40,100\n2,70,100\n", 0, &m) != 0 &&
	    strstr(err, "position 2 accepted more often") != NULL, "rising counts refused");
	tap_ok(parse("position,accepted,drafts\n1,40,100\n2,x,100\n", 0, &m) != 0 &&
	    strstr(err, "line 3: ") == err && strstr(err, "'2,x,100'") != NULL,
	    "a bad row quoted (%s)", err);
}

static void
test_refused(void)
{
	struct metrics m;

	tap_ok(parse("hello world\nmore\n", 0, &m) != 0 && strstr(err, "line 1: no "
	    "speculative-decoding metrics") == err && strstr(err, "'hello world'") != NULL,
	    "unrecognised: the first line quoted (%s)", err);
	tap_ok(parse("", 0, &m) != 0 && strstr(err, "empty") != NULL, "empty input");
	tap_ok(parse("vllm:spec_decode_num_drafts_total{model=\"x\" 5\n", 0, &m) != 0 &&
	    strstr(err, "line 1: a label set that does not close") == err,
	    "an open label set (%s)", err);
	tap_ok(parse("vllm:spec_decode_num_drafts_total 5\nsglang:spec_accept_length 2\n", 0,
	    &m) != 0 && strstr(err, "line 2: another system's") == err, "two systems");
	tap_ok(parse("vllm:spec_decode_num_drafts_total 5\n!!\n", 0, &m) != 0 &&
	    strstr(err, "'!!'") != NULL, "a line that is not a sample (%s)", err);
	tap_ok(parse("INFO x\nINFO SpecDecoding metrics: Accepted: 5 tokens\n", 0, &m) != 0 &&
	    strstr(err, "line 2: ") == err, "a SpecDecoding line without Drafted (%s)", err);
	tap_ok(parse("vllm:spec_decode_num_drafts_total NaN\n", 0, &m) != 0,
	    "NaN in a metric used is refused");
	tap_ok(parse("vllm:spec_decode_num_accepted_tokens_per_pos_total{position=\"99\"} 1\n",
	    0, &m) != 0 && strstr(err, "position from 0 to 63") != NULL, "position 99");
}

/* Counters count events: a fraction of one is refused, quoted with its series;
 * a total of drafted tokens under one draft step is too little data. */
static void
test_whole_counts(void)
{
	struct metrics m;

	tap_ok(parse("vllm:spec_decode_num_drafts_total{model_name=\"m\"} 1e-300\n"
	    "vllm:spec_decode_num_draft_tokens_total 3\n", 0, &m) != 0 &&
	    strstr(err, "line 1: a counter of events that is not a whole number") == err &&
	    strstr(err, "'vllm:spec_decode_num_drafts_total{model_name=\"m\"} 1e-300'"),
	    "drafts 1e-300 refused, the series quoted (%s)", err);
	tap_ok(parse("vllm:spec_decode_num_drafts_total 10\n"
	    "vllm:spec_decode_num_draft_tokens_total 30\n"
	    "vllm:spec_decode_num_accepted_tokens_total 10.5\n", 0, &m) != 0 &&
	    strstr(err, "line 3: a counter of events that is not a whole number") == err,
	    "10.5 accepted tokens refused (%s)", err);
	tap_ok(parse("trtllm_spec_decode_num_draft_tokens_total 2\n"
	    "trtllm_spec_decode_num_accepted_tokens_total 1\n", 3, &m) != 0 &&
	    strstr(err, "too little data") == err, "2 drafted at gamma 3: too little data "
	    "(%s)", err);
	tap_ok(parse("trtllm_spec_decode_num_draft_tokens_total 3\n"
	    "trtllm_spec_decode_num_accepted_tokens_total 1\n", 3, &m) == 0 &&
	    m.drafts == 1, "3 drafted at gamma 3: one draft step (%s)", err);
}

/* Each CSV position has one row: a second is refused, not summed. */
static void
test_csv_twice(void)
{
	struct metrics m;

	tap_ok(parse("position,accepted,drafts\n1,5,10\n2,3,10\n1,5,10\n", 0, &m) != 0 &&
	    strstr(err, "line 4: a position given in two rows") == err &&
	    strstr(err, "'1,5,10'") != NULL, "a position twice in counts refused (%s)", err);
	tap_ok(parse("position,rate\n1,0.5\n1,0.4\n", 0, &m) != 0 &&
	    strstr(err, "line 3: a position given in two rows") == err,
	    "a position twice in rates refused (%s)", err);
}

/* A gauge that is there but cannot be used is named as such. */
static void
test_gauges_unusable(void)
{
	struct metrics m;

	tap_ok(parse("vllm:spec_decode_draft_acceptance_rate 0.5\n"
	    "vllm:spec_decode_efficiency 0.4\n", 0, &m) != 0 &&
	    strstr(err, "vllm:spec_decode_efficiency is present but unusable: k = (1 - e) "
	    "/ (e - r) at e 0.4, the acceptance rate r 0.5 gives no draft length") == err &&
	    strstr(err, "--gamma G") != NULL,
	    "an efficiency below the rate: named unusable (%s)", err);
	tap_ok(parse("vllm:spec_decode_draft_acceptance_rate 0.5\n"
	    "vllm:spec_decode_efficiency NaN\n", 0, &m) != 0 &&
	    strstr(err, "vllm:spec_decode_efficiency is present but unusable (NaN") == err,
	    "an efficiency of NaN: named unusable (%s)", err);
	tap_ok(parse("vllm:spec_decode_draft_acceptance_rate 0.5\n"
	    "vllm:spec_decode_efficiency NaN\n", 3, &m) == 0 && m.gamma == 3 &&
	    fabs(m.mean_accepted - 1.5) < 1e-12, "with --gamma 3 the rate alone serves "
	    "(%s)", err);
	tap_ok(parse("vllm:spec_decode_draft_acceptance_rate 0.5\n", 0, &m) != 0 &&
	    strstr(err, "an acceptance rate without the efficiency") == err,
	    "an efficiency absent: said absent (%s)", err);
	tap_ok(parse("sglang:spec_accept_length 2.0\nsglang:spec_accept_rate 0\n", 0, &m) !=
	    0 && strstr(err, "sglang:spec_accept_rate is present but unusable: k = (length - 1) "
	    "/ rate at length 2, rate 0 gives") ==
	    err, "an accept rate of 0: named unusable (%s)", err);
	tap_ok(parse("sglang:spec_accept_length NaN\nsglang:spec_accept_rate NaN\n", 0,
	    &m) != 0 && strstr(err, "sglang:spec_accept_length is present but unusable") ==
	    err, "gauges of NaN only: named, not 'no figures' (%s)", err);
	tap_ok(parse("sglang:spec_accept_length 0.5\n", 2, &m) != 0 &&
	    strstr(err, "sglang:spec_accept_length: a mean acceptance length below 1") ==
	    err, "a length below 1: the gauge named (%s)", err);
}

/* Two scrapes with nothing between them: no increase, no prediction from 0. */
static void
test_no_increase(void)
{
	struct metrics m;
	char two[2048];

	snprintf(two, sizeof two, "%s%s", vllm_prom, vllm_prom);
	tap_ok(parse(two, 0, &m) != 0 && strstr(err, "no increase") == err,
	    "two identical scrapes: no increase (%s)", err);
	tap_ok(parse("trtllm_spec_decode_num_draft_tokens_total 30\n"
	    "trtllm_spec_decode_num_accepted_tokens_total 10\n"
	    "trtllm_spec_decode_num_draft_tokens_total 30\n"
	    "trtllm_spec_decode_num_accepted_tokens_total 10\n", 3, &m) != 0 &&
	    strstr(err, "no increase") == err, "TensorRT-LLM twice the same: no increase "
	    "(%s)", err);
}

/* SGLang's log: three records, the interval Student's t at 2 df, not z. */
static void
test_sglang_t(void)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { 0.1, 0.0, NULL, 0 };
	/* lengths 2.0, 2.1, 2.2: accepted 1.1 a step, sd 0.1, se 0.1 / sqrt 3;
	 * alpha solves a + a^2 = 1.1 -/+ 4.302653 se */
	double se = 0.1 / sqrt(3.0), lo = 1.1 - 4.302653 * se, hi = 1.1 + 4.302653 * se;

	tap_ok(parse("Decode batch, accept len: 2.00, accept rate: 0.50\n"
	    "Decode batch, accept len: 2.10, accept rate: 0.55\n"
	    "Decode batch, accept len: 2.20, accept rate: 0.60\n", 0, &m) == 0 &&
	    m.gamma == 2 && m.mean_records == 3 && fabs(m.mean_accepted_se - se) < 1e-12,
	    "three SGLang lines: gamma 2, se 0.1 / sqrt 3 (%s)", err);
	metrics_predict(&m, &cost, 4, &p);
	tap_near(p.alpha_lo, (-1.0 + sqrt(1.0 + 4.0 * lo)) / 2.0, 1e-6,
	    "alpha_lo from 1.1 - t_{0.975,2} se");
	tap_near(p.alpha_hi, (-1.0 + sqrt(1.0 + 4.0 * hi)) / 2.0, 1e-6,
	    "alpha_hi from 1.1 + t_{0.975,2} se");
}

int
main(void)
{
	test_per_position();
	test_scrapes();
	test_fit();
	test_csv();
	test_refused();
	test_whole_counts();
	test_csv_twice();
	test_gauges_unusable();
	test_no_increase();
	test_sglang_t();
	return tap_done();
}
