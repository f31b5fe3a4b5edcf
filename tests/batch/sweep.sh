#!/bin/sh
# sweep.sh: --sweep's grid, its rows in text, CSV and JSON, the same output on any
# number of threads, each cell reproducible with --batch, and the refusals.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

grid="--sweep --gamma 1-4,8 --noise 0.3,0.8 --verify-cost 0,0.05 --steps 3000"
for fmt in "" --csv --json; do
	# shellcheck disable=SC2086
	"$SPECDEC" $grid $fmt --threads 1 >"$TMPD/one" 2>"$TMPD/err1"
	# shellcheck disable=SC2086
	"$SPECDEC" $grid $fmt --threads 2 >"$TMPD/two" 2>"$TMPD/err2"
	cmp -s "$TMPD/one" "$TMPD/two"
	ok $? "identical output on 1 and 2 threads (${fmt:-text})"
	[ ! -s "$TMPD/err1" ] && [ ! -s "$TMPD/err2" ]
	ok $? "no progress bar when stderr is not a terminal (${fmt:-text})"
done
# The n-gram source on 2 threads (its caches allocate in each thread; under
# ThreadSanitizer this is the run that would show a race there).
ng="--sweep --source ngram --gamma 1-4 --noise 0,0.5 --steps 400 --json"
# shellcheck disable=SC2086
"$SPECDEC" $ng --threads 1 >"$TMPD/one" && "$SPECDEC" $ng --threads 2 >"$TMPD/two" &&
    cmp -s "$TMPD/one" "$TMPD/two" && [ "$(jq '.cells | length' "$TMPD/two")" = 8 ]
ok $? "n-gram source: the same 8 cells on 1 and 2 threads"
# Trees on 2 threads: each cell's chi-square goes through the log-gamma, which
# must not write libm's global signgam (under ThreadSanitizer, a race there).
tr="--sweep --tree 2,2 --verifier specinfer,topk --noise 0.3,0.8 --steps 300 --json"
# shellcheck disable=SC2086
"$SPECDEC" $tr --threads 1 >"$TMPD/one" && "$SPECDEC" $tr --threads 2 >"$TMPD/two" &&
    cmp -s "$TMPD/one" "$TMPD/two" && [ "$(jq '.cells | length' "$TMPD/two")" = 4 ]
ok $? "trees: the same 4 cells on 1 and 2 threads"
cm="--sweep --source cmu --tree 2,2 --verifier specinfer,topk --steps 20 --json"
# shellcheck disable=SC2086
if "$SPECDEC" $cm --threads 1 >"$TMPD/one" 2>"$TMPD/err"; then
	# shellcheck disable=SC2086
	"$SPECDEC" $cm --threads 2 >"$TMPD/two" && cmp -s "$TMPD/one" "$TMPD/two" &&
	    [ "$(jq '.cells | length' "$TMPD/two")" = 2 ]
	ok $? "cmu trees: the same 2 cells on 1 and 2 threads"
elif grep -q "needs sphinxbase" "$TMPD/err"; then
	skip "built without sphinxbase (libsphinxbase-dev): cmu trees on 2 threads"
else
	ok 1 "cmu trees on 1 thread" "$(cat "$TMPD/err")"
fi
# shellcheck disable=SC2086
"$SPECDEC" $grid --json --threads 3 >"$TMPD/j"
is "$(jq '.cells | length' "$TMPD/j")" 20 "5 gammas x 2 noises x 2 costs: 20 cells"
is "$(jq -c '[.cells[0:4][] | [.gamma, .noise, .verify_cost]]' "$TMPD/j")" \
	'[[1,0.3,0],[1,0.3,0.05],[1,0.8,0],[1,0.8,0.05]]' "the last axis varies fastest"
is "$(jq '[.cells[] | select(.alpha_hat_ci95 <= 0 or .speedup_ci95 <= 0)] | length' "$TMPD/j")" 0 \
	"every cell has its intervals"
is "$(jq '[.cells[] | select(((.speedup_ci95 - .tok_per_step_ci95 / (1 + .gamma * (.cost_ratio + .verify_cost))) | fabs) > 1e-9)] | length' "$TMPD/j")" 0 \
	"at a fixed gamma the speedup's interval is the tokens' scaled by the step's cost"

# A cell's seed and values reproduce it with --batch (the seed from the CSV: jq
# reads numbers as doubles, and a 64-bit seed needs all its digits).
# shellcheck disable=SC2086
"$SPECDEC" $grid --csv >"$TMPD/grid.csv"
# shellcheck disable=SC2046
set -- $(awk -F, 'NR == 15 { print $1, $2, $4, $6, $10, $8 }' "$TMPD/grid.csv")
"$SPECDEC" --json --steps 3000 --gamma "$1" --noise "$2" --verify-cost "$3" --seed "$4" >"$TMPD/b"
is "$(jq -r '"\(.tok_per_step) \(.alpha)"' "$TMPD/b")" "$5 $6" "a cell again with --batch --seed $4"
# shellcheck disable=SC2046
set -- $(awk -F, 'NR == 15 { print $21, $22, $23 }' "$TMPD/grid.csv") $(jq -r \
	'"\(.optimal_gamma) \(.optimal_speedup) \(.optimal_at_limit)"' "$TMPD/b")
is "$1 $2 $3" "$4 $5 $([ "$6" = true ] && echo 1 || echo 0)" \
	"the sweep's optimum is the report's for the same steps"

# Each step's own beta (docs/theory.md): at V 2, noise .3, c .1 the optimum is 18
# (the mean of f(beta_s, g) over the cost); Theorem 3.8 at the mean overlap says 13.
"$SPECDEC" --sweep --json --vocab 2 --noise 0.3 --gamma 4 --steps 20000 >"$TMPD/v2"
is "$(jq -c '[.cells[0] | .optimal_gamma, .optimal_at_limit]' "$TMPD/v2")" "[18,false]" \
	"V 2, noise .3: optimum 18, from each step's own beta"

# Under the heuristic schedule gamma carries over, so the steps are dependent and the
# intervals are batch means (docs/theory.md: the spread of tok/step over 100 seeds at
# 20,000 steps is 0.050, so the half-width is about 0.10; the delta method gave 0.056).
"$SPECDEC" --sweep --json --schedule heuristic --gamma 4 --steps 20000 >"$TMPD/h"
within "$(jq '.cells[0].tok_per_step_ci95' "$TMPD/h")" 0.075 0.135 \
	"heuristic: tok/step's interval by batch means"

"$SPECDEC" --sweep --csv --gamma 2,4 --steps 500 >"$TMPD/c"
is "$(wc -l <"$TMPD/c" | tr -d ' ')" 3 "CSV: a header and one line per cell"
is "$(head -n 1 "$TMPD/c" | cut -d, -f1-8)" "gamma,noise,target_alpha,verify_cost,cost_ratio,seed,steps,alpha_hat" "CSV header"

"$SPECDEC" --sweep --json --gamma 4 --target-alpha 0.5,0.7 --steps 20000 >"$TMPD/a"
is "$(jq '[.cells[] | select(((.alpha_overlap - .target_alpha) | fabs) > 0.01)] | length' "$TMPD/a")" 0 \
	"--target-alpha lists: each cell's overlap within 0.01 of its target"
"$SPECDEC" --sweep --gamma 2 --target-alpha 0.5 --steps 100 | grep -q '^alpha\*: the target alpha'
ok $? "the text table explains its alpha* column"

# The text table fits 80 columns; --wide keeps every column on one line.
for g in "--gamma 4 --verifier standard,lenient,exact-match" \
    "--gamma 2,4 --verifier standard,block,exact-match,greedy,lenient,typical,mistake-residual-from-p,mistake-accept-all,mistake-greedy-draft-soft-q" \
    "--gamma 1-4 --noise 0.3,0.8 --verify-cost 0,0.05" "--gamma 2,4 --target-alpha 0.6,0.8 --verify-cost 0,0.05" \
    "--gamma 4 --verifier standard,block,typical,lenient" "--gamma 2,4 --verifier lenient --lenience 0.2,0.5,1"; do
	# shellcheck disable=SC2086
	"$SPECDEC" --sweep $g --steps 100 >"$TMPD/narrow"
	is "$(awk 'length > 80' "$TMPD/narrow" | wc -l | tr -d ' ')" 0 "fits 80 columns: $g"
done
# Short of room, the closed form's speedup goes first, then its tokens, then
# the mistakes' prefix, each said in the heading; --wide keeps them all.
"$SPECDEC" --sweep --gamma 4 --verifier standard,lenient,exact-match --steps 100 >"$TMPD/cf"
is "$(grep -c '^cf spd (the closed form.s speedup) left out to fit 80 columns' "$TMPD/cf") $(awk '$1 == "gamma" { print $NF, $(NF - 1), $(NF - 2) }' "$TMPD/cf")" \
	"1 dist tok cf" "a rule sweep with distortion: cf spd left out, and said so; cf tok kept"
"$SPECDEC" --sweep --gamma 4 --verifier standard,lenient,mistake-greedy-draft-soft-q,mistake-accept-all \
	--steps 100 >"$TMPD/mk"
is "$(awk '$1 == 4 { printf "%s ", $2 }' "$TMPD/mk")$(grep -c '^\*: a mistake, named without "mistake-"' "$TMPD/mk")" \
	"standard lenient greedy-draft-soft-q* accept-all* 1" "the mistakes, shortened and marked, said in the heading"
grep -q '^every cell: noise 0.3, k 0, L 0.5, schedule constant, c 0.1$' "$TMPD/mk"
ok $? "the heading's L is the lenient cell's, not the first cell's"
"$SPECDEC" --sweep --gamma 4 --verifier standard,lenient,mistake-greedy-draft-soft-q --steps 100 --wide >"$TMPD/mkw"
is "$(awk '$1 == 4 { printf "%s ", $(NF - 3) }' "$TMPD/mkw")$(grep -c 'cf speedup' "$TMPD/mkw")" \
	"standard lenient mistake-greedy-draft-soft-q 1" "--wide: every name whole, the closed form's speedup kept"
"$SPECDEC" --sweep --gamma 1-4 --noise 0.3,0.8 --steps 100 --wide >"$TMPD/wide"
is "$(awk 'length > 80' "$TMPD/wide" | wc -l | tr -d ' ')" 11 "--wide: the two heading lines, the header and the 8 rows over 80 columns"
grep -q "^every cell: k 0, rule standard, schedule constant, c 0.1$" "$TMPD/narrow" ||
    grep -q "^every cell: noise 0.3, k 0, rule lenient, schedule constant, c 0.1$" "$TMPD/narrow"
ok $? "the heading names what every cell shares"

# Block and typical acceptance have no closed form: "-", as the live view's
# "measured only"; the lossless rules have no distortion.
"$SPECDEC" --sweep --gamma 4 --verifier standard,block,typical --steps 200 >"$TMPD/mo"
is "$(awk '$2 == "block" || $2 == "typical" { print $9, $10 }' "$TMPD/mo" | sort -u)" "- -" \
	"block and typical: no closed-form columns, '-'"
is "$(awk '$2 == "standard" || $2 == "block" { print $NF }' "$TMPD/mo" | sort -u)" "0.000" \
	"standard and block: distortion 0"
"$SPECDEC" --sweep --gamma 4 --verifier block --steps 100 | grep -q "no closed form: the rules are measured only"
ok $? "a grid of measured-only rules says so, without the columns"

# --lenience as a list, with the distortion: TV(output, p). One pair, p = (1/2, 1/2),
# q = (9/10, 1/10): accepting every draft (mistake-accept-all; lenient at L 0.5,
# where min(1, p/(L q)) = 1 for both tokens) emits (g q + p)/(g + 1): at gamma 1
# (0.7, 0.3), TV 0.2; at gamma 2 (23/30, 7/30), TV 4/15. Lenient at L 1 is standard.
printf '# vocab 2\n1 1\n9 1\n' >"$TMPD/pair2"
"$SPECDEC" --sweep --json --replay "$TMPD/pair2" --gamma 1,2 --verifier mistake-accept-all,lenient \
    --lenience 0.5,1 --steps 200 >"$TMPD/len"
is "$(jq -c '[.cells[] | [.gamma, .verifier, (.lenience // 0), (.distortion * 1e6 | round / 1e6)]]' "$TMPD/len")" \
	'[[1,"mistake-accept-all",0,0.2],[1,"lenient",0.5,0.2],[1,"lenient",1,0],[2,"mistake-accept-all",0,0.266667],[2,"lenient",0.5,0.266667],[2,"lenient",1,0]]' \
	"--lenience 0.5,1: distortion 0.2 and 4/15 where every draft is accepted, 0 at L 1; a rule without L once"
"$SPECDEC" --sweep --csv --replay "$TMPD/pair2" --gamma 1 --verifier lenient --lenience 0.5,1 --steps 50 >"$TMPD/lc"
is "$(head -n 1 "$TMPD/lc" | awk -F, '{ print $(NF - 1), $NF }')" "lenience distortion" \
	"CSV: lenience and distortion, the last columns"
usage_error "--lenience: a list of values needs --sweep" --batch --verifier lenient --lenience 0.2,0.5

usage_error "--threads only applies with --sweep" --batch --threads 2
usage_error "--trace and --sweep do not go together" --sweep --trace 3
usage_error "--gamma: '4-2' is not an integer from 1 to 32 (with --sweep, a comma-separated list of up to 64, or a range A-B)" --sweep --gamma 4-2
usage_error "--sweep does not apply to --theory" --theory --sweep
usage_error "is below what the stub reaches at vocab 20" --sweep --target-alpha 0.5,0.01

# "overlap" is sum min(p, q) under every rule; the rule's own expectation is
# alpha_rule (lenient, L 0.5: sum min(q, p/L) is near 1 at the defaults)
"$SPECDEC" --sweep --gamma 2 --verifier standard,lenient --steps 3000 --csv > "$TMPD/rules.csv"
std=$(awk -F, '$17 == "standard" { print $14 " " $20 }' "$TMPD/rules.csv")
len=$(awk -F, '$17 == "lenient" { print $14 " " $20 }' "$TMPD/rules.csv")
set -- $std
is "$1" "$2" "standard: alpha_rule is the overlap"
set -- $len
within "$1" 0.86 0.91 "lenient: alpha_overlap is the overlap ($1)"
within "$2" 0.99 1 "lenient: alpha_rule is sum min(q, p/L) ($2)"

# A rule's option in a sweep whose cells run more than one rule (moved from
# presets.sh, which runs no thread, so that ThreadSanitizer's tier stays small).
"$SPECDEC" --sweep --gamma 2 --steps 2000 --verifier standard,lenient --lenience 0.2 --csv \
    >"$TMPD/len.csv"
is "$?" 0 "--lenience in a sweep with some cells under the lenient rule"
a=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "alpha_hat") c = i }
    NR == 3 { print ($c > 0.97) }' "$TMPD/len.csv")
is "$a" 1 "and those cells run at L 0.2 (alpha-hat above 0.97)"

# The source a sweep names, in the text and the JSON, for each source (the
# cmu source's when this build has it).
for src in stub ngram cmu replay; do
	extra=
	[ "$src" = replay ] && extra="--replay $TESTS_SRCDIR/golden/pairs.txt"
	# shellcheck disable=SC2086
	if ! "$SPECDEC" --sweep --source "$src" $extra --gamma 1,2 --steps 50 \
	    >"$TMPD/src.txt" 2>"$TMPD/src.err"; then
		grep -q "needs sphinxbase" "$TMPD/src.err"
		ok $? "$src: only a build without sphinxbase refuses it"
		continue
	fi
	# shellcheck disable=SC2086
	"$SPECDEC" --sweep --json --source "$src" $extra --gamma 1,2 --steps 50 \
	    >"$TMPD/src.json"
	is "$(sed -n '1s/.*, source \([a-z]*\),.*/\1/p' "$TMPD/src.txt") $(jq -r .source "$TMPD/src.json")" \
	    "$src $src" "--sweep --source $src: the text and the JSON name the source"
done

done_testing
