#!/bin/sh
# roofline.sh: the machine-aware cost model in --theory and --batch, against
# figures worked here with awk (not the program's helper), and its bad values.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

H="--hw h100-sxm --model llama-3.1-8b --draft-model llama-3.2-1b"
# shellcheck disable=SC2086
"$SPECDEC" --theory --json $H --alpha 0.8 --gamma-max 16 >"$TMPD/b1"
is "$?" 0 "--theory --json with a machine exits 0"
# By hand: t_T = 2 x 8.03e9 B / 3.35e12 B/s; ridge F / BW = 989 / 3.35.
tt=$(awk 'BEGIN { printf "%.6f", 2 * 8.03e9 / 3.35e12 * 1e3 }')
is "$(jq '.roofline.t_target_ms' "$TMPD/b1" | awk '{ printf "%.6f", $1 }')" "$tt" \
	"t_T = 16.06e9 / 3.35e12 s = $tt ms"
is "$tt" 4.794030 "that is 4.794 ms"
is "$(jq '.roofline.ridge_tokens' "$TMPD/b1" | awk '{ printf "%.1f", $1 }')" 295.2 \
	"ridge F/BW = 295.2 tokens"
is "$(jq -r '.roofline | "\(.bound) \(.best_gamma)"' "$TMPD/b1")" "memory 5" \
	"B 1, S 0, alpha 0.8: memory-bound, best gamma 5"
want=$(awk 'BEGIN { c = 1.24 / 8.03; printf "%.4f", (1 - 0.8^6) / 0.2 / (5 * c + 1) }')
is "$want" 2.0819 "by hand: (1 - 0.8^6) / 0.2 / (5 c + 1), c = 1.24/8.03"
is "$(jq '.roofline.best_speedup' "$TMPD/b1" | awk '{ printf "%.4f", $1 }')" "$want" \
	"best speedup 2.0819x"

# B 1, S 0 equals --theory at c = t_D/t_T, k = 0 (JSON to 10 digits).
c=$(awk 'BEGIN { printf "%.17g", (2 * 1.24e9 / 3.35e12) / (2 * 8.03e9 / 3.35e12) }')
"$SPECDEC" --theory --json --cost-ratio "$c" --alpha 0.8 --gamma-max 16 >"$TMPD/th"
jq '[.rows[].speedup]' "$TMPD/b1" >"$TMPD/s1"
jq '[.rows[].speedup]' "$TMPD/th" >"$TMPD/s2"
is "$(jq -s '[.[0], .[1]] | transpose | map(.[0] - .[1] | fabs) | max < 1e-9' \
	"$TMPD/s1" "$TMPD/s2")" true "B 1, S 0: every speedup equals --theory at c = $c, k 0"
is "$(jq '.roofline.speedup[1:] == [.rows[].speedup]' "$TMPD/b1")" true \
	"the roofline's speedup by g is the table's"

# B 512, S 16: compute-bound, do not speculate.
# shellcheck disable=SC2086
"$SPECDEC" --theory --json $H --batch-size 512 --context 16 --alpha 0.8 \
	--gamma-max 16 >"$TMPD/b512"
comp=$(awk 'BEGIN { printf "%.6f", 512 * (2 * 8.03e9 + 4 * 32 * 32 * 128 * 16) / 989e12 * 1e3 }')
is "$(jq '.roofline.t_target_ms' "$TMPD/b512" | awk '{ printf "%.6f", $1 }')" "$comp" \
	"B 512, S 16: t_T = 512 (2P + 4 L H hd S) / F = $comp ms"
is "$(jq -c '.roofline | [.bound, .best_gamma, .best_speedup]' "$TMPD/b512")" \
	'["compute",0,1]' "compute-bound, best speedup 1: do not speculate"
# shellcheck disable=SC2086
"$SPECDEC" --theory $H --batch-size 512 --context 16 --alpha 0.8 --gamma-max 16 >"$TMPD/t"
grep -q '^alpha 0.800: do not speculate (1x)' "$TMPD/t"; ok $? "the text says do not speculate"
grep -q '^target step t_T 8.319 ms, compute-bound' "$TMPD/t"; ok $? "and names the bound"

# The shapes against B: S near 0, the best speedup never rises past the ridge;
# a draft KV budget of 512 at S 32768 makes it rise (MagicDec).
best() {
	b=$1
	shift
	# shellcheck disable=SC2086
	"$SPECDEC" --theory --json $H --alpha 0.8 --gamma-max 16 --batch-size "$b" "$@" |
		jq '.roofline.best_speedup'
}
prev=1e9 rising=0
n=0
for b in 256 512 1024 4096 65536; do
	s=$(best "$b" --context 1)
	n=$((n + 1))
	rising=$(awk -v a="$s" -v p="$prev" -v r="$rising" 'BEGIN { print (a > p) ? 1 : r }')
	prev=$s
done
is "$rising $n $s" "0 5 1" "S 1: best speedup does not rise with B from 256 to 65536, 1 there"
prev=0 falling=0
first=$(best 1 --context 32768 --draft-kv-budget 512)
for b in 1 8 64 512 4096; do
	s=$(best "$b" --context 32768 --draft-kv-budget 512)
	falling=$(awk -v a="$s" -v p="$prev" -v r="$falling" 'BEGIN { print (a < p) ? 1 : r }')
	prev=$s
done
is "$falling $(awk -v a="$s" -v f="$first" 'BEGIN { print (a > f + 1) }')" "0 1" \
	"S 32768, draft budget 512: best speedup rises with B ($first at 1, $s at 4096)"

# --batch with a machine: its costs are the simulation's.
# shellcheck disable=SC2086
"$SPECDEC" --batch --json $H -n 200 >"$TMPD/bj"
is "$(jq -c '[.roofline.t_target_ms, .roofline.cost_ratio] | map(. * 1e6 | round)' "$TMPD/bj")" \
	"[4794030,154421]" "--batch --json: the roofline object at the machine's costs"
is "$(jq '.roofline.alpha == .alpha_overlap' "$TMPD/bj")" true "at the measured overlap alpha"
# shellcheck disable=SC2086
"$SPECDEC" --batch $H -n 200 | grep -q '^derived cost ratio c = t_D/t_T = 0.1544, verification cost k = 0 at gamma 4$'
ok $? "the report shows the derived c and k at the run's gamma"

# Numbers for a machine and a model.
"$SPECDEC" --theory --json --hw 989,3.35 --model 8.03e9,32,8,128,32 \
	--draft-model 1.24e9,16,8,64,32,2 --alpha 0.8 --gamma-max 16 >"$TMPD/n"
is "$(jq '.roofline.best_speedup' "$TMPD/n")" "$(jq '.roofline.best_speedup' "$TMPD/b1")" \
	"numbers give what the presets give"
is "$("$SPECDEC" --list-hw | awk '$1 == "h100-sxm" { print $2, $3 }')" "989 3.35" "--list-hw"
is "$("$SPECDEC" --list-models | awk '$1 == "llama-3.1-70b" { print $3, $4, $5, $6, $7 }')" \
	"80 8 128 64 2" "--list-models"

# Bad values: one line, status 2.
bad() {
	"$SPECDEC" "$@" >"$TMPD/o" 2>"$TMPD/e"
	rc=$?
	is "$rc $(wc -l <"$TMPD/e" | tr -d ' ')" "2 1" "one line, status 2: $*"
	grep -q "^specdec: --" "$TMPD/e"; ok $? "it names the option: $(cat "$TMPD/e")"
}
bad --theory --hw h100-sxm --batch-size 0
bad --theory --hw h100-sxm --context -1
bad --theory --hw h200
bad --theory --hw 0,3.35
bad --theory --hw h100-sxm --model llama-9
bad --theory --hw h100-sxm --model 8e9,32,8,128
bad --theory --hw h100-sxm --draft-model 1e9,16,0,64,32
bad --theory --batch-size 8
bad --batch --hw h100-sxm --target-ms 5
bad --theory --hw h100-sxm --cost-ratio 0.2
bad --hw h100-sxm --batch-size 65536 --context 10000000	# the live view: past --target-ms
done_testing
