#!/bin/sh
# batch.sh: the headless report, its checks, its JSON, across seeds and parameters.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

"$SPECDEC" --batch >"$TMPD/out" 2>"$TMPD/err"
is "$?" 0 "default batch run exits 0"
is "$(grep -cE '^PASS  ' "$TMPD/out")" 7 "seven checks pass"
is "$(grep -E '^SKIP  ' "$TMPD/out" | head -n 1)" \
	"SKIP  output_matches_target  uninformative: token ids are exchangeable" \
	"the stub: the chi-square by id is skipped as uninformative, with its reason"
is "$(unwrap < "$TMPD/out" | grep -E '^SKIP  output_matches_rule')" \
	"SKIP  output_matches_rule  needs a replay of one pair, where the rule's output has a closed form" \
	"and the check against the rule's exact output, which needs one fixed pair"
is "$(sed -n 's/^\(PASS\|FAIL\|SKIP\)  \([a-z_]*\)  .*/\2/p' "$TMPD/out" | tr '\n' ' ')" \
	"tv_distance_small alpha_estimate_reasonable tok_per_step_above_one closed_form_matches_empirical spec_never_exceeds_max_tokens alpha_matches_overlap output_matches_target lossless_per_position output_matches_rule " \
	"the checks carry the notebook's names, in order"
is "$(tail -n 1 "$TMPD/out")" "7 passed, 0 failed, 2 skipped" "closing line"
unwrap < "$TMPD/out" | grep -q '^tv  .*; chance alone 0\.0[0-9]*, limit 0\.0[0-9]*$'
ok $? "the report gives TV's floor and limit"
grep -q '^  per step    1:0\.[0-9]* 2:0\.[0-9]* 3:0\.[0-9]* 4:0\.[0-9]*$' "$TMPD/out"
ok $? "the unconditional acceptance by position, beside the conditional one"
is "$(wc -c <"$TMPD/err" | tr -d ' ')" 0 "nothing on stderr"

"$SPECDEC" --batch --seed 5 >"$TMPD/a"
"$SPECDEC" --batch --seed 5 >"$TMPD/b"
"$SPECDEC" --batch --seed 6 >"$TMPD/c"
cmp -s "$TMPD/a" "$TMPD/b"; ok $? "same seed, same report, byte for byte"
cmp -s "$TMPD/a" "$TMPD/c"; ok $((1 - $?)) "another seed, another report"

"$SPECDEC" --json --steps 20000 >"$TMPD/j"
is "$?" 0 "--json run exits 0"
jq -e . "$TMPD/j" >/dev/null; ok $? "--json prints valid JSON"
missing=$(for k in steps gamma noise vocab seed tokens drafted accepted alpha alpha_overlap \
	tok_per_step closed_form max_tok_per_step tv chi2_p target_ms draft_ms speedup \
	optimal_gamma tok_per_step_hist accept_rate_by_position spec_hist ref_hist checks; do
	jq -e "has(\"$k\")" "$TMPD/j" >/dev/null || printf '%s ' "$k"; done)
is "$missing" "" "every documented key is present"
is "$(jq '.tok_per_step_hist | length' "$TMPD/j")" 5 "histogram has gamma + 1 entries"
is "$(jq '.accept_rate_by_position | length' "$TMPD/j")" 4 "one acceptance rate per draft position"
is "$(jq '[.spec_hist, .ref_hist] | map(length)' -c "$TMPD/j")" "[20,20]" "vocabulary histograms"
is "$(jq '(.spec_hist | add) == .tokens and (.ref_hist | add) == .tokens' "$TMPD/j")" true \
	"histograms count every emitted token, and the reference keeps pace"
is "$(jq '(.tok_per_step_hist | add) == .steps and ([.tok_per_step_hist | to_entries[] | (.key + 1) * .value] | add) == .tokens' "$TMPD/j")" \
	true "tokens-per-step histogram adds up to steps and tokens"
is "$(jq '[.checks[] | select(.pass)] | length' "$TMPD/j")" 9 "JSON checks all pass (a skip passes)"
is "$(jq -c '[.checks[] | select(.skipped) | [.name, .reason]]' "$TMPD/j")" \
	'[["output_matches_target","uninformative: token ids are exchangeable"],["output_matches_rule","needs a replay of one pair, where the rule'"'"'s output has a closed form"]]' "JSON marks the skips, with their reasons"
within "$(jq '.tv_noise' "$TMPD/j")" 0.006 0.014 "tv_noise: TV's floor at 20,000 steps over 20 ids"
is "$(jq '.tv_limit > .tv_noise and .tv <= .tv_limit' "$TMPD/j")" true "tv_limit above the floor, TV below it"
is "$(jq '[.accept_rate_by_position_uncond[] ] | (.[0] > .[1] and .[1] > .[2] and .[2] > .[3])' "$TMPD/j")" true \
	"unconditional acceptance falls with position (no selection)"
within "$(jq .alpha "$TMPD/j")" 0.875 0.900 "noise 0.3 over 20 tokens: alpha near 0.89 (not the notebook prose's 0.7)"
within "$(jq .tok_per_step "$TMPD/j")" 3.93 4.07 "and about 4.0 tokens per step (not 2.76)"
within "$(jq '(.tok_per_step - .closed_form) / .closed_form' "$TMPD/j")" -0.02 0.02 \
	"closed form at alpha-hat within 2% of the measurement"
within "$(jq '.alpha - .alpha_overlap_tested' "$TMPD/j")" -0.005 0.005 "alpha-hat agrees with the overlap"
within "$(jq '.closed_form_per_step - ([range(0; .gamma + 1) as $i | pow(.alpha_overlap; $i)] | add)' "$TMPD/j")" 0 0.05 \
	"the closed form averaged over steps is above the closed form at the mean overlap (Jensen)"
within "$(jq .speedup "$TMPD/j")" 2.8 2.95 "speedup near 2.87x at T=10 ms, D=1 ms"
is "$(jq .optimal_gamma "$TMPD/j")" 9 "optimal gamma for alpha 0.89 and c 0.1"

"$SPECDEC" --json --noise 0.8 --steps 20000 >"$TMPD/j8"
within "$(jq .alpha "$TMPD/j8")" 0.69 0.73 "noise 0.8: alpha about 0.71"

# Seed 5 is left out: of seeds 1 to 1,000 at the defaults it is the one where the
# losslessness test (level 0.001) gives a false alarm, p = 2.5e-5 (the rate the
# level promises; docs/testing.md).
for seed in 1 2 3 4 6 7; do
	"$SPECDEC" --batch --seed "$seed" >/dev/null
	ok $? "seed $seed: all checks pass"
done

"$SPECDEC" --json --gamma 1 --steps 3000 >"$TMPD/g1"
is "$(jq .max_tok_per_step "$TMPD/g1")" 2 "gamma 1: at most two tokens a step"
"$SPECDEC" --json --gamma 32 --noise 0 --steps 500 >"$TMPD/g32"
is "$?" 0 "noise 0: a correct sampler exits 0"
is "$(jq -c '[.alpha, .tok_per_step, .max_tok_per_step]' "$TMPD/g32")" "[1,33,33]" \
	"noise 0: q = p, every draft accepted, 33 tokens a step at gamma 32"
is "$(jq -r '[.checks[] | select(.skipped) | .name] | join(",")' "$TMPD/g32")" \
	"alpha_estimate_reasonable,tok_per_step_above_one,output_matches_target,output_matches_rule" \
	"and the notebook's bands are skipped there, not failed"
is "$(jq -r '.checks[1].reason' "$TMPD/g32")" \
	"the cookbook notebook's band, for gamma 2-8; here 32" \
	"the band's reason names the cookbook notebook"
# The bands' premise holds for gamma 2-8, its edges included: verdicts at 2
# and 8, a skip with the range's reason just outside.
for g in 1 2 8 9; do
	"$SPECDEC" --json --gamma "$g" --steps 5000 >"$TMPD/band"
	case $g in
	1 | 9) want="skip:the cookbook notebook's band, for gamma 2-8; here $g" ;;
	*) want="pass:" ;;
	esac
	for i in 1 2; do
		is "$(jq -r ".checks[$i] | if .skipped then \"skip:\" + .reason \
			else (if .pass then \"pass:\" else \"fail:\" end) end" "$TMPD/band")" \
			"$want" "gamma $g: $(jq -r ".checks[$i].name" "$TMPD/band"), ${want%%:*}"
	done
done
src=${TESTS_SRCDIR:-$(dirname "$0")/..}/..
for doc in README.md man/specdec.1; do
	tr '\n' ' ' <"$src/$doc" | grep -q "notebook 07.*Speculative decoding.*LLM Systems Cookbook"
	ok $? "$doc says what the notebook is: the LLM Systems Cookbook's notebook 07"
done
"$SPECDEC" --json --vocab 2 --noise 1 --steps 3000 >"$TMPD/v2"
is "$(jq '[.checks[] | select(.pass)] | length' "$TMPD/v2")" 9 "vocab 2, noise 1: all checks pass"
"$SPECDEC" --json --vocab 1000 --steps 2000 >"$TMPD/v1000"
is "$?" 0 "vocab 1000, 2000 steps: exit 0"
is "$(jq '.tv > 0.15 and .tv <= .tv_limit' "$TMPD/v1000")" true \
	"two sampled streams are far apart in TV, and that is what chance gives at this size"
"$SPECDEC" --json --vocab 5000 --steps 200 >"$TMPD/v5000"
is "$(jq -r '.checks[] | select(.name == "output_matches_target") | .reason' "$TMPD/v5000")" \
	"uninformative: token ids are exchangeable" "vocab 5000: the chi-square is skipped, never a pass"
"$SPECDEC" --json --replay "$TESTS_SRCDIR/golden/pairs.txt" --steps 5 >"$TMPD/r20"
is "$(jq -r '.checks[] | select(.name == "output_matches_target") | [.pass, .skipped, .reason] | join(" ")' "$TMPD/r20")" \
	"true true untestable: every bin expects fewer than 5" "a replay at 5 steps: chi-square untestable, skipped"
is "$(jq -r '.checks[] | select(.name == "closed_form_matches_empirical") | .reason' "$TMPD/r20")" \
	"untestable: fewer than 100 steps" "and the per-step expectation needs 100 steps"

"$SPECDEC" --batch --steps 1 --seed 9 | grep -q '^accept by pos 1:[01]\.000 2:- 3:- 4:-$'
ok $? "one step: positions never tested show no rate"
"$SPECDEC" --json --steps 1 --seed 9 >"$TMPD/one"
is "$(jq -c '.tested_by_position' "$TMPD/one")" "[1,0,0,0]" "one step at seed 9: one draft tested, at position 1"
grep -qiE '[:,[] *-?(nan|inf)' "$TMPD/one"; ok $((1 - $?)) "one step: no NaN or inf in the JSON"
jq -e . "$TMPD/one" >/dev/null; ok $? "one step: valid JSON"
"$SPECDEC" --json --vocab 2 --gamma 1 --steps 1 --seed 59 >"$TMPD/one59"
is "$?" 0 "one step whose only draft was rejected at a high overlap: exit 0"
is "$(jq -r '.checks[] | select(.name == "alpha_matches_overlap") | .reason' "$TMPD/one59")" \
	"untestable: fewer than 100 drafts tested" "alpha_matches_overlap is skipped on so few drafts"

# The serving systems' own figures at the defaults, worked by hand from the counts
# the JSON prints (5000 steps, 20000 drafted, 16887 tested, 15005 accepted):
# vLLM's and llama.cpp's acceptance rate 15005 / 20000 = 0.75025 (alpha-hat is
# 15005 / 16887 = 0.8886); vLLM's mean acceptance length 1 + 15005 / 5000 = 4.0010
# (every step drafted); SGLang's accept length (15005 + 5000) / 5000 = 4.0010.
# (0.75025 is printed 0.7502: the double nearest it lies just below.)
"$SPECDEC" --json >"$TMPD/serving.json"
is "$(jq -r '[.steps, .drafted, .tested, .accepted] | join(" ")' "$TMPD/serving.json")" \
	"5000 20000 16887 15005" "the defaults' counts"
is "$(jq -r '[.draft_acceptance_rate, .alpha, .vllm_mean_acceptance_length,
	.sglang_accept_length] | map(. * 10000 | round) | join(" ")' "$TMPD/serving.json")" \
	"7503 8886 40010 40010" \
	"accepted/drafted 0.75025, alpha-hat 0.8886, vLLM 4.0010, SGLang 4.0010"
"$SPECDEC" --batch >"$TMPD/serving.txt"
is "$(unwrap <"$TMPD/serving.txt" | grep '^serving ')" \
	"serving      0.7502 accepted/drafted (vLLM, llama.cpp); mean acceptance length 4.0010 (vLLM: 1 + accepted/drafts); accept length 4.0010 (SGLang: tokens/step, root counted)" \
	"the report labels each figure with its system's convention"
# Where steps draft nothing (draft-p-min 0.5 at noise 1 on the stub), vLLM
# counts only the steps that drafted and SGLang every step: 1 + accepted / steps.
"$SPECDEC" --json --schedule draft-p-min --noise 1 --steps 3000 >"$TMPD/zero.json"
is "$(jq '(.sglang_accept_length - (1 + .accepted / .steps) | fabs) < 1e-9 and
	.vllm_mean_acceptance_length > .sglang_accept_length and .drafted > 0 and
	.drafted < 4 * .steps' "$TMPD/zero.json")" true \
	"with some 0-draft steps: SGLang's is 1 + accepted/steps, vLLM's larger"

spawn "$SPECDEC" --batch --steps 1000000000 >"$TMPD/int" 2>"$TMPD/interr"
wait_cpu "$pid" 5
kill -INT "$pid"
wait "$pid"
is "$?" 130 "Ctrl-C stops a long run with exit 130"
grep -q '^specdec: interrupted after [0-9]* of 1000000000 steps' "$TMPD/interr"; ok $? "and says how far it got, on stderr"
head -n 1 "$TMPD/int" | grep -q '^source '; ok $? "the report itself keeps its format"
grep -q '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$' "$TMPD/int"; ok $? "and still prints the figures and checks so far"

done_testing
