#!/bin/sh
# metrics.sh: --metrics end to end. Each sample file of tests/data/metrics (one
# per format, written from the systems' documented field names) gives a
# recommendation, JSON and a plot in one command; standard input reads as a
# file; malformed files are refused with status 2 and the line quoted; and a run
# of the stub at known per-position rates (--position-alpha), written in each
# system's format, is read back: the rates, tokens per step and the best gamma
# recovered within their intervals. Pinned seeds; tests/stat/metrics_coverage.sh
# measures the intervals' coverage over many.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/metrics_formats.sh"
need jq
data="${TESTS_SRCDIR:-$(dirname "$0")/..}/data/metrics"

# Each sample: status 0, its format recognised, a best gamma, a plot.
for f in vllm.prom:vllm-prometheus:3 vllm_two_scrapes.prom:vllm-prometheus:3 \
    vllm_gauges.prom:vllm-prometheus:5 vllm.log:vllm-log:3 sglang.prom:sglang-prometheus:5 \
    sglang.log:sglang-log:5 llamacpp.log:llama.cpp-log:5 trtllm.prom:tensorrt-llm-prometheus:5 \
    positions.csv:csv:3; do
	file=${f%%:*} rest=${f#*:}
	format=${rest%:*} best=${rest#*:}
	"$SPECDEC" --batch --metrics "$data/$file" --plot "$TMPD/$file.svg" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	ok $(( rc != 0 )) "$file: status 0 ($rc)"
	grep -q "^metrics   $format " "$TMPD/out"; ok $? "$file: read as $format"
	grep -q "^best      gamma $best " "$TMPD/out"; ok $? "$file: best gamma $best"
	grep -q '</svg>' "$TMPD/$file.svg" && grep -q 'measured by the server' "$TMPD/$file.svg"
	ok $? "$file: the plot written whole"
	is "$(awk 'length > 80' "$TMPD/out" | wc -l)" 0 "$file: report within 80 columns"
done
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$TMPD/vllm.prom.svg"; ok $? "the plot is well-formed XML"
fi

# The hand-worked figures of the vLLM sample (a = 0.8, 0.56, 0.336 over 1000).
"$SPECDEC" --batch --json --metrics "$data/vllm.prom" >"$TMPD/j"
is "$(jq -c '[.gamma_measured, .drafts, .accepted, .alpha_pos]' "$TMPD/j")" \
    '[3,1000,1696,[0.8,0.7,0.6]]' "JSON: gamma, counts and alpha_i = a_i / a_(i-1)"
is "$(jq -c '[.tokens[3], .acceptance_rate, .mean_acceptance_length, .best_gamma]' "$TMPD/j")" \
    '[2.696,0.5653333333,2.696,3]' "JSON: 1 + sum a_i, accepted/drafted, the bonus counted"
is "$(jq -r '.basis | join(" ")' "$TMPD/j" | cut -d' ' -f1-5)" "target exact exact exact extrapolated" \
    "exact up to the measured gamma, extrapolated past it"
"$SPECDEC" --batch --json --metrics - <"$data/vllm.prom" >"$TMPD/j2"
cmp -s "$TMPD/j" "$TMPD/j2"; ok $? "- reads standard input"
"$SPECDEC" --batch --metrics "$data/vllm.prom" --cost-ratio 1 | grep -q "^best      don't speculate"
ok $? "at cost ratio 1: don't speculate"
"$SPECDEC" --batch --json --metrics "$data/vllm.prom" --step-ms 20,22,24,26.5 >"$TMPD/j"
is "$(jq -c '[.best_gamma, (.speedup | length), .step_ms[0]]' "$TMPD/j")" '[3,4,20]' \
    "--step-ms: the lengths measured, speedup = tok t_0 / t_g"

# Malformed files: status 2, one line naming the line and quoting it.
refused() {
	printf "$1" >"$TMPD/bad"
	"$SPECDEC" --batch --metrics "$TMPD/bad" >/dev/null 2>"$TMPD/err"
	rc=$?
	is "$rc" 2 "$3: status 2"
	grep -qF -- "$2" "$TMPD/err" && [ "$(wc -l <"$TMPD/err")" = 1 ]
	ok $? "$3: one line with: $2 ($(cat "$TMPD/err"))"
}
refused 'hello\n' "line 1: no speculative-decoding metrics of vLLM, SGLang, llama.cpp, TensorRT-LLM or the CSV; the first line: 'hello'" \
    "an unknown format"
refused 'vllm:spec_decode_num_drafts_total 10\nvllm:spec_decode_num_drafts_total{a="b" 3\n' \
    "line 2: a label set that does not close: 'vllm:spec_decode_num_drafts_total{a=\"b\" 3'" "a broken label set"
refused 'position,accepted,drafts\n1,5,10\n2,6,10\n' "position 2 accepted more often" "rising per-position counts"
refused 'position,accepted,drafts\n1,5,10\n2,\033[2J,10\n' "line 3: a CSV row that is not numbers separated by commas: '2,\\x1b[2J,10'" \
    "a control sequence is quoted escaped"
refused 'x SpecDecoding metrics: Accepted: 5 tokens, Drafted: 4 tokens\n' "line 1: a SpecDecoding line without" \
    "more accepted than drafted"
refused 'draft acceptance rate = 0.5 ( 1 accepted / 2 generated)\n' "gives no draft length: give the one the server ran with, --gamma G" \
    "llama.cpp without a draft length"
refused 'vllm:spec_decode_num_drafts_total 1e-300\nvllm:spec_decode_num_draft_tokens_total 1e-300\nvllm:spec_decode_num_accepted_tokens_total 1e-300\nvllm:spec_decode_num_accepted_tokens_per_pos_total{position="0"} 1e-300\n' \
    "line 1: a counter of events that is not a whole number (at most 1e18): 'vllm:spec_decode_num_drafts_total 1e-300'" \
    "drafts 1e-300: not a count"
refused 'position,accepted,drafts\n1,5,10\n2,3,10\n2,3,10\n' \
    "line 4: a position given in two rows (each position has one row): '2,3,10'" "a CSV position twice"
refused 'position,rate\n1,0.5\n1,0.4\n' "line 3: a position given in two rows" "a CSV rate twice"
refused 'vllm:spec_decode_draft_acceptance_rate 0.5\nvllm:spec_decode_efficiency 0.4\n' \
    "vllm:spec_decode_efficiency is present but unusable" "an efficiency below the rate"
refused 'sglang:spec_accept_length NaN\n' "sglang:spec_accept_length is present but unusable" \
    "a length gauge of NaN"
cat "$data/vllm.prom" "$data/vllm.prom" >"$TMPD/same"
"$SPECDEC" --batch --metrics "$TMPD/same" >"$TMPD/out" 2>"$TMPD/err"
is "$?:$(cat "$TMPD/err")" "2:specdec: $TMPD/same: no increase: every speculative-decoding counter is the same in each scrape, so no draft step happened between them" \
    "two identical scrapes: no increase, nothing predicted"
is "$(wc -c <"$TMPD/out")" 0 "two identical scrapes: no report"
# SGLang's three lines: a mean of 3 records, Student's t at 2 df (not z 1.96).
"$SPECDEC" --batch --metrics "$data/sglang.log" >"$TMPD/out"
grep -qx "          95% of the mean of 3 records: Student's t, 4.303 standard errors" "$TMPD/out"
ok $? "sglang.log: the interval from Student's t at 2 df"
"$SPECDEC" --batch --json --metrics "$data/sglang.log" >"$TMPD/j"
jq -e '(.alpha_hi - .alpha_lo) > 0.05' "$TMPD/j" >/dev/null
ok $? "sglang.log: alpha's interval 4.303 standard errors wide each way, above 0.05 ($(jq -c '[.alpha_lo, .alpha_hi]' "$TMPD/j"))"

# The plot: tall enough for its legend, no "-0" tick.
"$SPECDEC" --batch --metrics "$data/vllm.prom" --plot "$TMPD/p.svg" >/dev/null
h=$(sed -n 's/^<svg .* height="\([0-9]*\)" viewBox="0 0 900 \([0-9]*\)".*/\1 \2/p' "$TMPD/p.svg")
is "$h" "440 440" "the plot: 900 by 440, the viewBox the same"
ymax=$(sed -n 's/^<text x="[0-9.]*" y="\([0-9.]*\)".*/\1/p' "$TMPD/p.svg" | sort -n | tail -1)
last=$(grep 'best gamma 3' "$TMPD/p.svg" | sed -n 's/^<text x="[0-9.]*" y="\([0-9.]*\)".*/\1/p')
ok "$(awk -v y="$ymax" -v l="$last" -v h="${h% *}" 'BEGIN { print !(y == l && y + 4 <= h) }')" \
    "the last legend line (y $last) is the lowest text and inside the picture (lowest $ymax, height ${h% *})"
grep -q '>-0<' "$TMPD/p.svg"; ok $(( $? == 0 )) "no tick reads -0"
grep -q '>0</text>' "$TMPD/p.svg"; ok $? "the tick at gamma 0 reads 0"

# Standard input within the input memory limit: 96 MiB of input against a
# limit of 32 MiB is refused having held at most the limit (peak RSS under
# 32 MiB + 24 MiB; it held twice the limit and more before).
if [ -x /usr/bin/time ]; then
	head -c 100663296 /dev/zero | tr '\0' a | SPECDEC_MEMORY_LIMIT=32M \
	    /usr/bin/time -f %M -o "$TMPD/rss" "$SPECDEC" --batch --metrics - >/dev/null 2>"$TMPD/err"
	is "$(cat "$TMPD/err")" "specdec: -: standard input is more than the input limit of 32 MiB (set SPECDEC_MEMORY_LIMIT to raise it)" \
	    "stdin past the limit: one line naming the limit"
	rss=$(tail -1 "$TMPD/rss")
	if grep -qa __asan_init "$SPECDEC"; then	# the sanitizers' shadow memory counts
		skip "peak memory under a sanitizer build"
	else
		ok $(( rss > 57344 )) "stdin past a 32 MiB limit: peak RSS $rss KiB under 56 MiB"
	fi
else
	skip "no /usr/bin/time"
	skip "no /usr/bin/time"
fi
printf 'position,rate\n1,0.5\n' | SPECDEC_MEMORY_LIMIT=20 "$SPECDEC" --batch --metrics - >/dev/null
is "$?" 0 "stdin of exactly the limit (20 bytes) is read"
printf 'position,rate\n1,0.5\n' | SPECDEC_MEMORY_LIMIT=19 "$SPECDEC" --batch --metrics - >/dev/null 2>&1
is "$?" 2 "stdin of one byte past the limit: status 2"
"$SPECDEC" --batch --metrics "$TMPD/none" >/dev/null 2>"$TMPD/err"
is "$?" 2 "a missing file: status 2"
usage_error "--metrics and --sweep do not go together" --metrics "$data/vllm.prom" --sweep
usage_error "--metrics and --noise both set" --metrics "$data/vllm.prom" --batch --noise 1
usage_error "--step-ms only applies with --metrics" --batch --step-ms 1,2
usage_error "--seed does not apply to --batch --metrics, which simulates nothing" \
    --batch --metrics "$data/vllm.prom" --seed 3

# The round trip: the stub at known conditional rates by position, read back
# from each format. 3000 steps at gamma 4, seed 3.
alphas=0.9,0.75,0.6,0.5
"$SPECDEC" --batch --json -n 3000 -g 4 --seed 3 --position-alpha "$alphas" >"$TMPD/run"
counts=$(run_counts "$TMPD/run")
tbest=$(true_best "$alphas" 0.1 10)
for w in vllm_prom vllm_log csv; do
	write_$w "$counts" "$TMPD/m.$w"
	"$SPECDEC" --batch --json --metrics "$TMPD/m.$w" >"$TMPD/p" 2>"$TMPD/err"
	ok $? "round trip $w: read"
	got=$(jq -r '.alpha_pos | map(tostring) | join(",")' "$TMPD/p")
	echo "$got" | awk -F, -v want="$alphas" 'BEGIN { split(want, w, ",") }
	    { for (i = 1; i <= 4; i++) if ($i - w[i] > 0.05 || w[i] - $i > 0.05) exit 1 }'
	ok $? "round trip $w: alpha_i within 0.05 of $alphas ($got)"
	for g in 2 4; do
		t=$(true_tok "$alphas" $g)
		jq -e --argjson t "$t" ".tokens_lo[$g] <= \$t and \$t <= .tokens_hi[$g]" "$TMPD/p" >/dev/null
		ok $? "round trip $w: true tokens at gamma $g, $t, in the interval"
	done
	jq -e --argjson b "$tbest" '.best_gamma_from <= $b and $b <= .best_gamma_to' "$TMPD/p" >/dev/null
	ok $? "round trip $w: the true best gamma $tbest in [$(jq -c '[.best_gamma_from, .best_gamma_to]' "$TMPD/p")]"
done
# Totals alone: the i.i.d. fit holds the measured point; SGLang's rates carry no
# counts, so no interval.
t4=$(true_tok "$alphas" 4)
for w in llamacpp trtllm sglang_log sglang_prom; do
	write_$w "$counts" "$TMPD/m.$w"
	"$SPECDEC" --batch --json --metrics "$TMPD/m.$w" >"$TMPD/p" 2>"$TMPD/err"
	ok $? "round trip $w: read"
	is "$(jq -c '[.gamma_measured, .fit, .basis[4]]' "$TMPD/p")" '[4,true,"measured"]' \
	    "round trip $w: gamma 4, an i.i.d. fit, measured at 4"
	jq -e --argjson t "$t4" '(.tokens[4] - $t) | fabs < 0.1' "$TMPD/p" >/dev/null
	ok $? "round trip $w: tokens at 4 near the true $t4 ($(jq .tokens[4] "$TMPD/p"))"
done
# A position far past the int range is refused, not converted (fuzz_metrics
# found the conversion before the range check under UBSan).
printf 'position,accepted,drafts\n1,8,10\n5555555555555555555555,5,10\n' |
    "$SPECDEC" --batch --metrics - >"$TMPD/out" 2>"$TMPD/err"
is "$?:$(cat "$TMPD/err")" "2:specdec: -: line 3: a position that is not an integer from 1 to 64: '5555555555555555555555,5,10'" \
    "a CSV position of 22 digits: exit 2, the line quoted"
done_testing
