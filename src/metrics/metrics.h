/* metrics.h: what a serving system reports about speculative decoding, read from
 * its own output: vLLM's Prometheus text and its "SpecDecoding metrics:" log
 * lines, SGLang's metrics and its "Decode batch" log lines, llama.cpp's "draft
 * acceptance rate" lines, TensorRT-LLM's counters, or a CSV of per-position
 * acceptance. The format is recognised by content; many records (a log over time,
 * several label sets) are summed; a counter seen in two scrapes counts their
 * difference. Pure: text in, a struct out, no files and no terminal, so a fuzzer
 * drives it (tests/fuzz/fuzz_metrics.c). */
#ifndef SPECDEC_METRICS_H
#define SPECDEC_METRICS_H

#include <stddef.h>

#define METRICS_POS_MAX 64	/* draft positions read */
#define METRICS_SERIES_MAX 1024	/* distinct speculative-decoding series in a scrape */
#define METRICS_QUOTE_MAX 120	/* bytes of a line quoted in an error */

/* The formats, in the order of their rows in the format table
 * (metrics_format_table.c), which is the order a line's marks are tried in; a
 * format added later is a row without a name here. */
enum metrics_format {
	METRICS_VLLM_PROM,	/* vllm:spec_decode_* samples */
	METRICS_SGLANG_PROM,	/* sglang:spec_accept_length, sglang:spec_accept_rate */
	METRICS_TRTLLM,		/* trtllm_spec_decode_* samples */
	METRICS_VLLM_LOG,	/* "SpecDecoding metrics: ..." */
	METRICS_SGLANG_LOG,	/* "Decode batch, ... accept len: X, accept rate: Y" */
	METRICS_LLAMACPP,	/* "draft acceptance rate = R ( A accepted / D generated)" */
	METRICS_CSV,		/* position,accepted,drafts or position,rate */
};

/* What the file says, in one convention: a draft step ("draft") proposes gamma
 * tokens; accepted counts drafted tokens kept (never the bonus or the
 * replacement). Exactly one of the three kinds is filled. */
enum metrics_kind {
	METRICS_PER_POSITION,	/* pos_accepted[i] of drafts steps, counted */
	METRICS_TOTALS,		/* accepted of drafted tokens over drafts steps */
	METRICS_RATES,		/* mean accepted per step only, no counts */
};

struct metrics {
	int format;		/* the format's row (enum metrics_format) */
	enum metrics_kind kind;
	size_t records;		/* lines or samples that were summed */
	int gamma;		/* draft length the system ran with; 0 unknown */
	int gamma_derived;	/* gamma was worked out from two of the file's
				 * figures (not given by it directly) */
	int gamma_option;	/* gamma came from gamma_hint: the file has none */
	double drafts;		/* draft steps (PER_POSITION, TOTALS) */
	double drafted;		/* drafted tokens */
	double accepted;	/* accepted drafted tokens */
	double pos_accepted[METRICS_POS_MAX];	/* accepted at position i + 1 */
	double pos_rate[METRICS_POS_MAX];	/* PER_POSITION without counts:
						 * unconditional rates a_i */
	int pos_counted;	/* PER_POSITION: pos_accepted holds counts */
	double mean_accepted;	/* RATES: accepted drafted tokens per step */
	double mean_accepted_se;	/* its standard error over records; 0 none */
	size_t mean_records;	/* RATES: the records of that mean */
};

/* The format's name as the report and the JSON give it ("vllm-prometheus"). */
const char *metrics_format_name(int format);

/* The system's name ("vLLM"). */
const char *metrics_system_name(int format);

/* Parse len bytes of text (NUL-terminated after them) into *m. gamma_hint (0:
 * none) is the draft length to assume where the file does not give one (llama.cpp
 * lines; a vLLM acceptance-rate gauge alone). 0, or -1 with one line in err
 * (errmsg.h) that names the line number and quotes the line it could not read. */
int metrics_parse(const char *text, size_t len, int gamma_hint, struct metrics *m,
    char *err, size_t errlen);

#endif
