#!/bin/sh
# tree_dynamic.sh: dynamic token trees through the program (--tree
# dynamic:K,STEPS,N): bad specs and every rule but topk refused with one
# line and status 2; the issue's oracle values as the closed form on a
# replay of p = q = (.6, .3, .1); every check, losslessness included, passing
# on the stub, the n-gram and CMU sources and a replay; a sweep over K, STEPS
# and N. The trees themselves are enumerated in tests/unit/test_tree_dynamic.c.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
pairs="$TESTS_SRCDIR/golden/pairs.txt"

usage_error "--tree: expected dynamic:K,STEPS,N with K from 1 to 8" --batch \
	--tree dynamic:9,2,4 --verifier topk
usage_error "--tree: dynamic:2,1,4 keeps N - 1 = 3 of only K + (STEPS - 1) K^2 = 2" \
	--batch --tree dynamic:2,1,4 --verifier topk
usage_error "--verifier specinfer draws its drafts, but a dynamic tree's drafts are" \
	--batch --tree dynamic:2,3,6 --verifier specinfer
usage_error "--verifier spectr draws its drafts" --batch --sweep \
	--tree 'dynamic:2,3,6;2' --verifier topk,spectr

printf '# vocab 3\n6 3 1\n6 3 1\n' >"$TMPD/one.txt"
for case in 2,3,6:2.656 4,5,8:2.9656 1,5,6:2.38336; do
	"$SPECDEC" --json --replay "$TMPD/one.txt" --tree "dynamic:${case%%:*}" \
		--verifier topk --steps 400 >"$TMPD/one.json"
	is "$(jq -r '.closed_form, .tree' "$TMPD/one.json" | tr '\n' '|')" \
		"${case#*:}|dynamic:${case%%:*}|" \
		"p = q = (.6, .3, .1), dynamic:${case%%:*}: ${case#*:} tokens/step exactly"
done

# At equal N: K, STEPS and N as keys; the best static shape of 6 nodes and
# depth <= 3 is the dynamic tree itself (2.656), the argmax chain of 5
# 2.38336, the sampled chain of 5 at q = p accepts all (6).
"$SPECDEC" --json --replay "$TMPD/one.txt" --tree dynamic:2,3,6 --verifier topk \
	--steps 50 >"$TMPD/cmp.json"
is "$(jq -r '[.dynamic_k, .dynamic_steps, .dynamic_n, .dynamic_best_static,
	.dynamic_argmax_chain, .dynamic_sampled_chain] | map(tostring) | join(" ")' \
	"$TMPD/cmp.json")" "2 3 6 2.656 2.38336 6" \
	"dynamic:2,3,6 at N 6: K, STEPS, N; best static, argmax and sampled chains"

# The calibration: q = p makes each bin's exact acceptance its mean score; a
# noisy draft's scores run above it.
"$SPECDEC" --json --replay "$TMPD/one.txt" --tree dynamic:3,4,10 --verifier topk \
	--steps 500 >"$TMPD/cal.json"
is "$(jq -r '[.calibration[] | select(.nodes > 0)] | "\(length) " +
	([.[] | (.expected - .score) | fabs] | max | tostring)' "$TMPD/cal.json")" "4 0" \
	"q = p: 4 bins, each with exact acceptance = mean score"
"$SPECDEC" --json --seed 2 --noise 1 --tree dynamic:3,4,10 --verifier topk \
	--steps 500 >"$TMPD/cal.json"
is "$(jq -r '[.calibration[] | select(.nodes > 20 and .score > .expected + 0.05)] |
	length > 0' "$TMPD/cal.json")" true "noise 1: the draft is overconfident somewhere"

# Every source: every check passes (losslessness among them), exit 0.
for src in "--seed 4" "--source ngram" "--source cmu" "--replay $pairs"; do
	for t in dynamic:3,4,12 dynamic:1,4,5; do
		# shellcheck disable=SC2086
		"$SPECDEC" --json $src --tree "$t" --verifier topk --steps 1000 \
			>"$TMPD/run.json"
		rc=$?
		is "$rc|$(jq -r '[.checks[] | select(.pass == false) | .name] | length' \
			"$TMPD/run.json")" "0|0" "$src, $t: every check passes"
	done
done

"$SPECDEC" --batch --sweep --csv --tree 'dynamic:2,3,6;dynamic:4,5,8;3,2' \
	--verifier topk --steps 200 >"$TMPD/sweep.csv"
is "$(grep -c 'dynamic:' "$TMPD/sweep.csv")" 2 "the sweep has a row per dynamic tree"
done_testing
