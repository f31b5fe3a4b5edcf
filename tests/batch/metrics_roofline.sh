#!/bin/sh
# metrics_roofline.sh: --batch --metrics with a machine predicts the speedup at
# the machine's step times, against the roofline worked here in awk.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/roofline.sh"
need jq

F="$TESTS_SRCDIR/data/metrics/vllm.prom"
H="--hw h100-sxm --model llama-3.1-8b --draft-model llama-3.2-1b"
"$SPECDEC" --batch --json --metrics "$F" >"$TMPD/plain"
is "$?" 0 "--metrics alone"

# Each length's speedup is tokens(g) t_T / (g t_D + t_V(g)), the tokens the
# file gives (the same with or without a machine).
check() {
	B=$1 S=$2
	# shellcheck disable=SC2086
	"$SPECDEC" --batch --json --metrics "$F" $H --batch-size "$B" --context "$S" \
		--gamma-max 12 >"$TMPD/m" 2>"$TMPD/e"
	is "$? $(wc -c <"$TMPD/e" | tr -d ' ')" "0 0" "--metrics --hw at B $B, S $S exits 0"
	is "$(jq -c '[.hw, .batch_size, .context]' "$TMPD/m")" "[\"h100-sxm\",$B,$S]" \
		"the JSON names the machine, B and S"
	is "$(jq -c '.tokens[0:11]' "$TMPD/m")" "$(jq -c '.tokens' "$TMPD/plain")" \
		"the tokens by g are the file's, as without a machine"
	jq -r '.tokens | to_entries[] | "\(.key) \(.value)"' "$TMPD/m" >"$TMPD/tok"
	jq -r '.speedup[]' "$TMPD/m" | paste -d' ' "$TMPD/tok" - >"$TMPD/rows"
	awk -v B="$B" -v S="$S" "$ROOFLINE_AWK"'
	{
		want = $2 * tt(B, S, 1) / ($1 * td(B, S) + tt(B, S, $1 + 1))
		if (far($3, want)) printf "g %d: %s, by hand %.10g\n", $1, $3, want
	}' "$TMPD/rows" >"$TMPD/diff"
	is "$(cat "$TMPD/diff")$(wc -l <"$TMPD/rows" | tr -d ' ')" 13 \
		"B $B, S $S: every speedup, g 0 to 12, equals the roofline by hand"
	awk -v B="$B" -v S="$S" "$ROOFLINE_AWK"'
	{ s = $2 * tt(B, S, 1) / ($1 * td(B, S) + tt(B, S, $1 + 1)); if (s > bs) { bs = s; bg = $1 } }
	END { print bg }' "$TMPD/rows" >"$TMPD/best"
	is "$(jq '.best_gamma' "$TMPD/m")" "$(cat "$TMPD/best")" \
		"B $B, S $S: best gamma $(cat "$TMPD/best") by hand"
}
check 1 0
check 64 8192
check 512 16
is "$(jq '.best_gamma' "$TMPD/m")" 0 "B 512, S 16: do not speculate"

# shellcheck disable=SC2086
"$SPECDEC" --batch --metrics "$F" $H --batch-size 64 --context 8192 >"$TMPD/t"
grep -q '^cost      machine h100-sxm, B 64, S 8192 (roofline)$' "$TMPD/t"
ok $? "the report names the machine as the cost"

bad() {
	"$SPECDEC" "$@" >"$TMPD/o" 2>"$TMPD/e"
	rc=$?
	is "$rc $(wc -l <"$TMPD/e" | tr -d ' ')" "2 1" "one line, status 2: $(cat "$TMPD/e")"
}
bad --batch --metrics "$F" --hw h100-sxm --step-ms 10,12
bad --batch --metrics "$F" --hw h100-sxm --cost-ratio 0.1
bad --batch --metrics "$F" --batch-size 8
done_testing
