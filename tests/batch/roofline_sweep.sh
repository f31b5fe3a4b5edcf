#!/bin/sh
# roofline_sweep.sh: --sweep over --batch-size and --context with a machine, each
# row against the roofline worked here in awk (not the program's helper).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/roofline.sh"

H="--hw h100-sxm --model llama-3.1-8b --draft-model llama-3.2-1b"
BS=1,8,32,128,512
SS=0,16,32768
# shellcheck disable=SC2086
"$SPECDEC" --sweep --csv $H --batch-size $BS --context $SS --target-alpha 0.8 \
	>"$TMPD/csv" 2>"$TMPD/err"
is "$? $(wc -c <"$TMPD/err" | tr -d ' ')" "0 0" "the roofline sweep exits 0, quietly"
is "$(sed 1d "$TMPD/csv" | wc -l | tr -d ' ')" 15 "one row per B and S: 5 x 3"
is "$(sed 1d "$TMPD/csv" | cut -d, -f1,2 | tr '\n' ' ')" \
	"1,0 8,0 32,0 128,0 512,0 1,16 8,16 32,16 128,16 512,16 1,32768 8,32768 32,32768 128,32768 512,32768 " \
	"B varies fastest, then S"

# Each row: B,S,...,best_gamma (11), best_speedup (12), speedup at gamma 4 (14),
# the target step's bound (7) and t_T in ms (5).
awk -F, "$ROOFLINE_AWK"'
NR > 1 {
	B = $1; S = $2; best(0.8, B, S); t = tt(B, S, 1); tb = bound
	if ($11 != bg || far($12, bs) || far($14, spd(0.8, 4, B, S)) || $7 != tb ||
	    far($5, t * 1e3))
		printf "row %s,%s: %s %s %s %s %s, by hand %d %.10g %.10g %s %.10g\n", B, S,
		    $11, $12, $14, $7, $5, bg, bs, spd(0.8, 4, B, S), tb, t * 1e3
}' "$TMPD/csv" >"$TMPD/diff"
is "$(cat "$TMPD/diff")" "" "every row equals the roofline by hand (best gamma, speedups, bound, t_T)"
is "$(awk -F, '$1 == 1 && $2 == 0 { printf "%d %.4f", $11, $12 }' "$TMPD/csv")" "5 2.0819" \
	"B 1, S 0, alpha 0.8: best gamma 5 at 2.0819x"
is "$(awk -F, '$1 == 512 && $2 == 16 { print $7, $11, $12 }' "$TMPD/csv")" "compute 0 1" \
	"B 512, S 16: compute-bound, best speedup 1 (do not speculate)"
want=$(awk "$ROOFLINE_AWK"'BEGIN { for (B = 1; B <= 65536; B++) { best(0.8, B, 0); if (bg == 0) { print B; exit } } }')
# shellcheck disable=SC2086
"$SPECDEC" --sweep $H --batch-size $BS --context $SS --target-alpha 0.8 >"$TMPD/txt"
grep -q "^alpha 0.800, S 0: do not speculate from B = $want\$" "$TMPD/txt"
ok $? "the text names the batch from which not to speculate at S 0: $want by hand"
grep -q '^alpha 0.800, S 32768: speculation pays at every B up to 65536$' "$TMPD/txt"
ok $? "at S 32768 verification stays memory-bound: speculation pays at every B"
is "$(awk 'length > 80' "$TMPD/txt" | wc -l | tr -d ' ')" 0 "the table fits 80 columns"
is "$(awk '$1 == 512 && $2 == 0 { print $5, $7 }' "$TMPD/txt")" "compute 0" \
	"the text row B 512, S 0: compute, best gamma 0"

# JSON carries the same rows.
# shellcheck disable=SC2086
"$SPECDEC" --sweep --json $H --batch-size $BS --context $SS --target-alpha 0.8 >"$TMPD/j"
is "$(jq -r '[.sweep, (.rows | length), .rows[0].best_gamma, .gamma_max] | @tsv' "$TMPD/j")" \
	"$(printf 'roofline\t15\t5\t16')" "JSON: sweep roofline, 15 rows, best gamma 5 at B 1 S 0"
is "$(jq '[.rows[].best_speedup]' "$TMPD/j" | jq -c 'map(. * 1e6 | round)')" \
	"$(sed 1d "$TMPD/csv" | awk -F, '{ printf "%s%d", (NR > 1 ? "," : "["), $12 * 1e6 + 0.5 } END { print "]" }')" \
	"JSON best speedups equal the CSV's"
is "$(jq '.rows[] | select(.batch_size == 1 and .context == 0) | .no_speculation_batch' "$TMPD/j")" \
	"$want" "JSON: no_speculation_batch $want"

# A list over alpha and a draft KV budget: MagicDec's shape, rising with B.
# shellcheck disable=SC2086
"$SPECDEC" --sweep --csv $H --batch-size 1,8,64,512,4096 --context 32768 \
	--draft-kv-budget 512 --target-alpha 0.8 >"$TMPD/m"
is "$(sed 1d "$TMPD/m" | awk -F, 'NR > 1 && $12 < p { f = 1 } { p = $12 } END { print f + 0 }')" 0 \
	"S 32768, draft budget 512: the best speedup does not fall with B"
is "$(sed 1d "$TMPD/m" | awk -F, '{ print $3 }' | sort -u)" 512 "the draft's context is its budget"

# What it refuses: one line, status 2.
bad() {
	"$SPECDEC" "$@" >"$TMPD/o" 2>"$TMPD/e"
	rc=$?
	is "$rc $(wc -l <"$TMPD/e" | tr -d ' ')" "2 1" "one line, status 2: $(cat "$TMPD/e")"
}
bad --sweep --hw h100-sxm --batch-size 1,8
bad --sweep --hw h100-sxm --batch-size 1,8 --target-alpha 0.8 --noise 0.3
bad --sweep --hw h100-sxm --batch-size 1,8 --target-alpha 0.8 --gamma 2,4
bad --sweep --hw h100-sxm --batch-size 1,0 --target-alpha 0.8
bad --batch --hw h100-sxm --batch-size 1,8
bad --sweep --batch-size 1,8 --target-alpha 0.8
done_testing
