#!/bin/sh
# schedule.sh: the draft-length schedules through the program: the heuristic's
# gamma sequence on a fixed replay, step by step against the rule computed here;
# its cap; the threshold's drafts against P; the checks on each schedule; the keys
# of the report; --verifier and --schedule as sweep axes.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
pairs="$TESTS_SRCDIR/golden/pairs.txt"

# heur_check START: "mismatches grew shrank" over the traced steps; the expected
# gamma starts at START and follows Hugging Face's rule on each step's accepted.
heur_check() {
	awk -v g="$1" '/^step [0-9]+: gamma/ {
		sub(",", "", $4); got = $4; acc = $7
		if (got != g) bad++
		if (acc == got) { g = got + 2; if (g > 32) g = 32; up++ }
		else { g = got - 1; if (g < 1) g = 1; down++ }
	} END { print bad + 0, up + 0, down + 0 }'
}

"$SPECDEC" --batch --replay "$pairs" --schedule heuristic --gamma 3 --steps 400 \
	--trace 400 >"$TMPD/heur" 2>&1
set -- $(heur_check 3 <"$TMPD/heur")
is "$1" 0 "heuristic on a replay: every step's gamma follows the rule from gamma 3"
[ "$2" -gt 0 ] && [ "$3" -gt 0 ]
ok $? "and the replay exercises both branches ($2 grew, $3 shrank)"
is "$(grep -c '^step [0-9]*: gamma' "$TMPD/heur")" 400 "all 400 steps traced"

"$SPECDEC" --batch --noise 0 --schedule heuristic --gamma 4 --steps 40 --trace 40 \
	>"$TMPD/cap" 2>&1
set -- $(heur_check 4 <"$TMPD/cap")
is "$1" 0 "noise 0 (every draft accepted): the rule step by step"
is "$(awk '/^step [0-9]+: gamma/ { sub(",", "", $4); g = $4 } END { print g }' "$TMPD/cap")" 32 \
	"and gamma stops at the maximum, 32"

# Threshold: at every drafted position the top candidate max q is at least P
# (llama.cpp's test, made before a token is drawn, so the step stays exact); where
# drafting stopped short of gamma it is below P; a step with no drafts is plain
# decoding (one token).
"$SPECDEC" --batch --replay "$pairs" --schedule threshold --draft-p-min 0.4 --gamma 6 \
	--steps 300 --trace 300 >"$TMPD/thr" 2>&1
is "$(awk '/^  drafts: top q >=/ { if ($5 + 0 < 0.4) n++ } END { print n + 0 }' "$TMPD/thr")" 0 \
	"threshold 0.4: no step drafted at a position whose top q is below P"
is "$(awk '/stopped: top q/ { v = $0; sub(/.*stopped: top q /, "", v); if (v + 0 >= 0.4) n++; s++ }
	END { print (s > 0) + 0, n + 0 }' "$TMPD/thr")" "1 0" \
	"threshold: some steps stopped early, each where the top q fell below P"
is "$(awk '/^step [0-9]+: gamma/ { sub(",", "", $4); if ($4 > 6) n++ } END { print n + 0 }' "$TMPD/thr")" 0 \
	"threshold: never more than gamma drafts"
zero=$(grep -c '^step [0-9]*: gamma 0, 0 tested, 0 accepted, 1 emitted' "$TMPD/thr")
[ "$zero" -gt 0 ]
ok $? "threshold: $zero steps drafted nothing and emitted one token"

for s in constant heuristic draft-p-min confidence; do
	# P 0.3 at cap 10: about 1.7 drafts a step, many steps with none
	pmin=
	[ "$s" = draft-p-min ] && pmin="--draft-p-min 0.3"
	"$SPECDEC" --json --schedule "$s" $pmin --gamma 10 --steps 20000 \
		>"$TMPD/$s.json"
	is "$(jq -r '[.checks[] | select(.pass | not) | .name] | join(",")' "$TMPD/$s.json")" "" \
		"$s: every check passes (the PIT losslessness test too)"
	is "$(jq -r .schedule "$TMPD/$s.json")" "$s" "$s: the JSON names the schedule"
	is "$(jq '(.gamma_mean - .drafted / .steps) | fabs < 1e-9' "$TMPD/$s.json")" true \
		"$s: gamma_mean is drafted / steps"
done
is "$(jq '.gamma_mean == .gamma' "$TMPD/constant.json")" true "constant: gamma_mean is gamma"
within "$(jq .gamma_mean "$TMPD/draft-p-min.json")" 0.5 3 \
	"threshold: those checks covered steps stopped early (mean gamma of cap 10)"
is "$(jq '.tok_per_step_hist | length' "$TMPD/heuristic.json")" 33 \
	"heuristic: the histogram runs to 33 tokens"
# accepted at position i / steps, summed over every position, is accepted / steps:
# the unconditional rates need all 32 positions the heuristic can reach, not the
# starting gamma's 10.
is "$(jq -c '[(.accept_rate_by_position | length), (.accept_rate_by_position_uncond | length),
	((.accept_rate_by_position_uncond | add) * .steps - .accepted | fabs < 1e-4)]' \
	"$TMPD/heuristic.json")" '[32,32,true]' \
	"heuristic: 32 unconditional rates, like the conditional ones, summing to accepted/steps"

# Every chain rule drafts under every schedule: the schedule is the sampler's,
# not one rule's. The rules come from --help (a new rule is covered as it comes);
# tree rules refuse --schedule. At cap 10, draft-p-min 0.3 drafts about 1.7 a step
# and confidence 0.4 about 1.05; constant drafts 10. A rule that ignored the
# schedule would draft 10 under each.
rules=$("$SPECDEC" --help | awk '/--verifier RULE/ { on = 1; next }
	on { s = s $0 } on && /default/ { exit }
	END { gsub(/[ \t]/, "", s); sub(/^\(/, "", s); sub(/,default.*/, "", s); print s }' |
	tr '|' '\n' | while read -r r; do
		"$SPECDEC" --json --verifier "$r" --steps 1 >/dev/null 2>&1 && printf '%s,' "$r"
	done)
rules=${rules%,}
[ "$(echo "$rules" | tr ',' '\n' | wc -l)" -ge 9 ]
ok $? "the chain rules read from --help: $rules"
"$SPECDEC" --sweep --json --threads 2 --verifier "$rules" --gamma 10 --steps 2000 \
	--schedule constant,draft-p-min,confidence --draft-p-min 0.3 >"$TMPD/rules.json"
is "$(jq -r '[.cells[] | select((.schedule == "constant") != (.gamma_mean == 10))
	| "\(.verifier)/\(.schedule)=\(.gamma_mean)"] | join(" ")' "$TMPD/rules.json")" "" \
	"every chain rule drafts gamma under constant, fewer under draft-p-min and confidence"
is "$(jq -r '[.cells[] | select(.schedule != "constant" and .gamma_mean > 2.5)
	| "\(.verifier)/\(.schedule)=\(.gamma_mean)"] | join(" ")' "$TMPD/rules.json")" "" \
	"and about the standard rule's mean gamma (1.7 and 1.05), not the cap"

grid="--sweep --gamma 2,6 --verifier standard,block --schedule constant,heuristic,threshold --steps 2000"
for fmt in "" --csv --json; do
	# shellcheck disable=SC2086
	"$SPECDEC" $grid $fmt --threads 1 >"$TMPD/one" 2>&1
	# shellcheck disable=SC2086
	"$SPECDEC" $grid $fmt --threads 2 >"$TMPD/two" 2>&1
	cmp -s "$TMPD/one" "$TMPD/two"
	ok $? "sweep over rules and schedules: identical on 1 and 2 threads (${fmt:-text})"
done
is "$(jq '.cells | length' "$TMPD/two")" 12 "2 gammas x 2 rules x 3 schedules: 12 cells"
is "$(jq -c '[.cells[0:6][] | [.verifier, .schedule]]' "$TMPD/two")" \
	'[["standard","constant"],["standard","heuristic"],["standard","draft-p-min"],["block","constant"],["block","heuristic"],["block","draft-p-min"]]' \
	"one row per value, the schedule fastest; the old name threshold is draft-p-min"
# shellcheck disable=SC2086
"$SPECDEC" $grid --threads 2 >"$TMPD/text"
is "$(grep -c '  block  *heuristic  ' "$TMPD/text")" 2 "the text table names each cell's rule and schedule"

# The old name: the same run as draft-p-min, byte for byte, named by the new one.
"$SPECDEC" --json --schedule threshold --draft-p-min 0.3 --steps 500 >"$TMPD/old.json"
"$SPECDEC" --json --schedule draft-p-min --draft-p-min 0.3 --steps 500 >"$TMPD/new.json"
cmp -s "$TMPD/old.json" "$TMPD/new.json"
ok $? "--schedule threshold is an alias of draft-p-min: the same run"
is "$(jq -r '[.schedule, .draft_p_min] | join(" ")' "$TMPD/old.json")" "draft-p-min 0.3" \
	"the JSON names it draft-p-min, with its P"

# Hugging Face's confidence: at T = 1 every drawn token has q(x) < 1 (the stub's q
# is never one-hot at noise 0.3), so every step drafts exactly one token, kept;
# at the smallest T no token stops it, so every step drafts gamma. Never zero.
"$SPECDEC" --json --schedule confidence --confidence-threshold 1 --gamma 6 --steps 2000 \
	>"$TMPD/c1.json"
is "$(jq -r '[.schedule, .confidence_threshold, .drafted, .steps] | join(" ")' "$TMPD/c1.json")" \
	"confidence 1 2000 2000" "confidence T 1: one draft a step (2000 drafted in 2000 steps)"
"$SPECDEC" --json --schedule confidence --confidence-threshold 1e-6 --gamma 6 --steps 2000 \
	>"$TMPD/c0.json"
is "$(jq -r '[.drafted, .gamma_mean] | join(" ")' "$TMPD/c0.json")" "12000 6" \
	"confidence T 1e-6: no token below it, gamma 6 drafts every step"
"$SPECDEC" --batch --schedule confidence --steps 300 --trace 300 >"$TMPD/conf" 2>&1
is "$(grep -c '^step [0-9]*: gamma 0,' "$TMPD/conf")" 0 "confidence 0.4 (the default): no step drafts zero"
is "$(jq .confidence_threshold "$TMPD/confidence.json")" 0.4 "Hugging Face's default T, 0.4"
grep -q '^schedule     confidence (Hugging Face): stop after a draft with q(x) < 0.4,' "$TMPD/conf"
ok $? "the report names the confidence rule and its T"

usage_error "--schedule" --schedule sometimes
usage_error "--confidence-threshold" --confidence-threshold 0
usage_error "--draft-p-min" --draft-p-min 0
usage_error "needs --sweep" --batch --schedule constant,heuristic
usage_error "needs --sweep" --batch --verifier standard,block
done_testing
