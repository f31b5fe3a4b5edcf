#!/bin/sh
# vocab_top.sh: --draft-vocab-top K, a cmu draft whose vocabulary is the
# model's K most frequent words plus its own <unk-draft> (p = 0 there). Its
# refusals; then, with the model installed, K 100 at gamma 2 over STEPS steps:
# the naive standard rule drafts <unk-draft> and always rejects it, tli never
# drafts it; both pass the run's checks and measure at position 1 what their
# closed form says (alpha_naive, alpha_tli, the mean over steps) within 4 SE;
# tli's closed form is above the naive one; mistake-tli-old-q fails the checks.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
STEPS=${STEPS:-150}
RUN="--batch --source cmu --draft-vocab-top 100 --gamma 2 --steps $STEPS --seed 3"

usage_error "--draft-vocab-top: '0' is not an integer from 1 to 262144" --batch \
    --source cmu --draft-vocab-top 0
usage_error "--draft-vocab-top only applies to the cmu source" --batch --draft-vocab-top 5
usage_error "--draft-vocab-top only applies to the cmu source" --batch --source ngram \
    --draft-vocab-top 5

"$SPECDEC" --batch --source cmu --steps 1 > /dev/null 2> "$tmp/err"
if grep -q "needs sphinxbase" "$tmp/err" ||
    [ ! -r /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ]; then
	skip "no cmu source here (sphinxbase, pocketsphinx-en-us): the model's runs"
	done_testing
	exit 0
fi
usage_error "--draft-vocab-top 72548: the model has 72547 words" --batch --source cmu \
    --draft-vocab-top 72548 --steps 1

# run RULE: its JSON into $tmp/RULE.json, its exit status into $tmp/RULE.rc.
run() {
	# shellcheck disable=SC2086
	"$SPECDEC" $RUN --verifier "$1" --json > "$tmp/$1.json"
	echo $? > "$tmp/$1.rc"
}

# trace RULE: the trace rows of its first 40 steps with <unk-draft>, into
# $tmp/RULE.trace, and the report into $tmp/RULE.report.
trace() {
	# shellcheck disable=SC2086
	"$SPECDEC" $RUN --verifier "$1" --steps 40 --trace 40 > "$tmp/$1.report"
	grep '^ *[0-9]  <unk-draft> ' "$tmp/$1.report" > "$tmp/$1.trace"
}

# near RULE KEY: alpha_first within 4 SE of the closed form KEY.
near() {
	a=$(json_number alpha_first < "$tmp/$1.json")
	se=$(json_number alpha_first_stderr < "$tmp/$1.json")
	want=$(json_number "$2" < "$tmp/$1.json")
	within "$a" "$(awk -v w="$want" -v s="$se" 'BEGIN { print w - 4 * s }')" \
	    "$(awk -v w="$want" -v s="$se" 'BEGIN { print w + 4 * s }')" \
	    "$1: accepted / tested at position 1 is $2 $want within 4 SE ($se)"
}

for rule in standard tli mistake-tli-old-q; do
	run "$rule"
done
is "$(cat "$tmp/standard.rc") $(cat "$tmp/tli.rc")" "0 0" "standard and tli pass the run's checks"
is "$(cat "$tmp/mistake-tli-old-q.rc")" 1 "mistake-tli-old-q fails them"
jq -e '[.checks[] | select(.pass | not) | .name] | index("lossless_per_position")' \
    "$tmp/mistake-tli-old-q.json" > /dev/null
ok $? "the per-position losslessness test catches the mistake"
is "$(jq -r '.vocab' "$tmp/standard.json")" 72548 "the union: 72,547 words and <unk-draft>"
near standard alpha_naive
near tli alpha_tli
naive=$(json_number alpha_naive < "$tmp/tli.json")
tli=$(json_number alpha_tli < "$tmp/tli.json")
within "$(awk -v a="$tli" -v b="$naive" 'BEGIN { print a - b }')" 0.01 1 \
    "tli's closed form is above the naive one on the same steps"
trace standard
trace tli
drafted=$(grep -c '<unk-draft> .*  rejected$' "$tmp/standard.trace")
other=$(grep '<unk-draft>' "$tmp/standard.trace" | grep -vc ' rejected$')
within "$drafted" 1 1000 "standard drafts <unk-draft> ($drafted times in 40 steps)"
is "$other" 0 "and rejects it every time"
is "$(grep -c '<unk-draft>' "$tmp/tli.trace")" 0 "tli never drafts it"
grep -q "^vocab pair" "$tmp/standard.report"
ok $? "the report has its vocab pair line"
done_testing
