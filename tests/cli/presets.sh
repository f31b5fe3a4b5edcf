#!/bin/sh
# presets.sh: --target-alpha's report, the preset list, each preset's cost ratio
# (Leviathan et al. 2022, Table 4), the verification cost moves the optimum, and
# the refusals. That --target-alpha lands on its alpha and every preset on its
# Table 3 alpha, measured over many steps, is tests/stat/presets_alpha.sh.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

"$SPECDEC" --batch --steps 100 --target-alpha 0.6 >"$TMPD/t"
grep -q '^target alpha 0.6000 asked; noise 1.1761 gives expected overlap 0.6000$' "$TMPD/t"
ok $? "the report names the target, the noise solved and the alpha it gives"

# Leviathan et al. 2022's Table 3 and 4, written out in tests/lib (not read from
# the program).
paper=$(grep -v '^#' "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/leviathan_table3.txt")

"$SPECDEC" --list-presets >"$TMPD/list"
is "$(grep -cE '^[a-z].* (Table 3|Tables 3\+4|Table 3, 4\.2)$' "$TMPD/list")" 32 \
	"--list-presets: 32 rows (16 pairs at T 0 and 1), each naming its table"
is "$(awk '/^[a-z].* (Table 3|Tables 3\+4|Table 3, 4\.2)$/ { print $1 }' "$TMPD/list" | tr '\n' ' ')" \
	"$(printf '%s\n' "$paper" | awk '{ print $1 }' | tr '\n' ' ')" \
	"the presets are the paper's pairs, in Table 3's order"
awk 'length > 80 { exit 1 }' "$TMPD/list"; ok $? "--list-presets fits 80 columns"
"$SPECDEC" --re 0ax --list-presets --batch >"$TMPD/list2" 2>"$TMPD/err2"
is "$?:$(wc -c <"$TMPD/err2" | tr -d ' ')" "0:0" \
    "--list-presets with other options: prints and exits 0, as --help does (fuzz_cli's find)"
cmp -s "$TMPD/list" "$TMPD/list2"; ok $? "and prints the same list"

# Every preset asks for the paper's alpha and has its c (the default 0.1 where it
# gives none); tests/stat/presets_alpha.sh measures each alpha over 20,000 steps.
bad=
printf '%s\n' "$paper" >"$TMPD/paper"
while read -r row want c; do
	# exit 1 is a failed heuristic check (alpha 0.03 is no usual draft), not an error
	"$SPECDEC" --json --steps 10 --gamma 1 --preset "$row" >"$TMPD/p"
	[ $? -le 1 ] || bad="$bad $row(exit)"
	[ "$c" = - ] && c=0.1
	set -- $(jq -r '[.target_alpha, .alpha_overlap, .cost_ratio] | join(" ")' "$TMPD/p")
	awk -v a="$1" -v g="$2" -v w="$want" -v k="$3" -v c="$c" 'BEGIN {
		exit !(a == w && k == c) }' ||
		bad="$bad $row(alpha $1 c $3, want $want c $c)"
done <"$TMPD/paper"
is "$bad" "" "every preset asks for its Table 3 alpha and has its c"
"$SPECDEC" --json --steps 10 --preset t5-large-ende-t0 >"$TMPD/p"
is "$(jq -c '[.preset, .target_alpha, .cost_ratio]' "$TMPD/p")" '["t5-large-ende-t0",0.82,0.11]' \
	"a T5 preset sets alpha and Table 4's c"
"$SPECDEC" --json --steps 10 --preset lamda-8b-t1 --draft-ms 2 >"$TMPD/p"
is "$(jq -c '[.cost_ratio, .vocab]' "$TMPD/p")" '[0.2,20]' "a pair without c keeps the costs given"
is "$("$SPECDEC" --json --steps 10 --preset gpt-unigram-t0 | jq .vocab)" 1000 \
	"alpha 0.03 asks for a larger vocabulary"
# Options that combine: an explicit --vocab wins over the preset's, and the
# noise is solved for it, so the alpha still lands on the table's.
"$SPECDEC" --json --steps 20000 --gamma 1 --preset t5-unigram-ende-t1 --vocab 3000 >"$TMPD/pv"
is "$(jq -c '[.vocab, .target_alpha, .cost_ratio]' "$TMPD/pv")" '[3000,0.07,0]' \
	"--preset with --vocab 3000: that vocabulary, the preset's alpha 0.07 and c 0"
within "$(jq .alpha_overlap "$TMPD/pv")" 0.06 0.08 "and the alpha measured there is 0.07 within 0.01"
"$SPECDEC" --json --steps 20000 --gamma 1 --preset t5-small-ende-t0 --vocab 50 >"$TMPD/pv"
is "$(jq -c '[.vocab, .target_alpha, .cost_ratio]' "$TMPD/pv")" '[50,0.75,0.02]' \
	"--preset t5-small-ende-t0 --vocab 50: vocabulary 50, alpha 0.75, c 0.02"
within "$(jq .alpha_overlap "$TMPD/pv")" 0.74 0.76 "and the alpha measured at vocab 50 is 0.75 within 0.01"

# Section 4.2: the EnDe bigram draft, alpha 0.2 at c = 0, "yields a 1.25X speed
# improvement": 1 / (1 - 0.2) = 1.25 as gamma grows (0.2^18 / 0.8 short at 17).
is "$("$SPECDEC" --theory --json --preset t5-bigram-ende-t0 --gamma-max 32 |
	jq '.optimal[0].speedup * 1000 | round')" 1250 "t5-bigram-ende-t0 at its best gamma: 1.25x"

# Leviathan's point: T5-large has the best alpha and the worst speedup.
small=$("$SPECDEC" --theory --json --preset t5-small-ende-t0 --gamma-max 32 | jq '.optimal[0].speedup')
large=$("$SPECDEC" --theory --json --preset t5-large-ende-t0 --gamma-max 32 | jq '.optimal[0].speedup')
awk -v s="$small" -v l="$large" 'BEGIN { exit !(s > l) }'
ok $? "T5-small beats T5-large at their best gamma ($small against $large)"

# The verification cost in batch mode, and the optimum's words.
"$SPECDEC" --json --steps 2000 --verify-cost 0.05 >"$TMPD/k"
is "$(jq -c '[.verify_cost, .optimal_gamma < 9]' "$TMPD/k")" "[0.05,true]" \
	"verify_cost in the JSON; the optimum follows it (below 9, the optimum at k 0)"
awk -v s="$(jq .speedup_measured "$TMPD/k")" -v t="$(jq .tok_per_step "$TMPD/k")" \
	'BEGIN { d = s - t / (1 + 4 * 0.15); exit !(d < 1e-6 && d > -1e-6) }'
ok $? "measured speedup: tokens per step / (1 + gamma (c + k))"
"$SPECDEC" --batch --steps 2000 --noise 3 --target-ms 1 --draft-ms 1 >"$TMPD/slow"
grep -qF "don't speculate (1.00x): every gamma is a slowdown" "$TMPD/slow"
ok $? "every gamma a slowdown: the report says don't speculate"
is "$("$SPECDEC" --json --steps 2000 --noise 3 --target-ms 1 --draft-ms 1 | jq .speculate)" false \
	"and the JSON says speculate false"
"$SPECDEC" --batch --steps 2000 --noise 0 --draft-ms 0 | grep -q 'optimal gamma 32+ (33.000x)'
ok $? "an optimum at the end of the range says 32+"

usage_error "is not a preset (see specdec --list-presets)" --batch --preset nope
usage_error "--preset and --noise both set the alpha" --batch --preset gpt-6m-t0 --noise 1
usage_error "--preset and --draft-ms both set the draft's cost" --batch --preset t5-base-ende-t1 --draft-ms 1
usage_error "--target-alpha and --noise both set the draft noise" --batch --target-alpha 0.5 --noise 1
usage_error "--target-alpha 0.01 is below what the stub reaches at vocab 20" --batch --target-alpha 0.01
usage_error "--preset gpt-unigram-t0: its alpha 0.03 is below what the stub reaches at vocab 20" \
    --batch --preset gpt-unigram-t0 --vocab 20
usage_error "--target-alpha: '0' is not a number above 0 and at most 1" --batch --target-alpha 0
usage_error "--target-alpha only applies to the stub source" --batch --target-alpha 0.5 --source ngram
usage_error "--verify-cost: '2' is not a number from 0 to 1" --batch --verify-cost 2
usage_error "--gamma: a list of values needs --sweep" --batch --gamma 1,2
usage_error "--csv only applies with --sweep" --batch --csv
# A rule's or schedule's option that no rule or schedule of the run uses.
usage_error "--lenience only applies to the lenient rule (--verifier lenient); the run would ignore it" \
    --batch --lenience 0.3
usage_error "--typical-epsilon only applies to the typical rule (--verifier typical)" \
    --batch --verifier lenient --typical-epsilon 0.2
usage_error "--typical-delta only applies to the typical rule" --json --typical-delta 0.2
usage_error "--confidence-threshold only applies to the confidence schedule (--schedule confidence)" \
	--batch --confidence-threshold 0.3
usage_error "--draft-p-min only applies to the draft-p-min schedule (--schedule draft-p-min)" \
    --batch --schedule heuristic --draft-p-min 0.3
usage_error "--lenience only applies to the lenient rule" \
    --sweep --gamma 2 --verifier standard,block --lenience 0.3
usage_error "--csv does not apply with --json (the output is JSON: give one)" \
    --sweep --gamma 1,2 --csv --json

done_testing
