#!/bin/sh
# cmu.sh: the cmu source end to end: its options' ranges and combinations are
# usage errors with or without sphinxbase; a build without it refuses the
# source naming the packages; with it and the model installed (Debian's
# libsphinxbase-dev and pocketsphinx-en-us), the trigram and its history-cut
# draft run, the trace pins P(states | the united) and its draft probability,
# a word outside the vocabulary is refused by name, the losslessness check
# passes under the standard rule and catches mistake-greedy-draft-soft-q, top-k
# 1 makes the target greedy, and --lm reads a tiny ARPA file.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

usage_error "--source: 'gpt' is not one of stub, replay, ngram, cmu" --batch --source gpt
usage_error "--top-p: '0' is not a number above 0 and at most 1" --batch --source cmu --top-p 0
usage_error "--draft-top-k: '-1' is not an integer from 0 to 262144" --batch --source cmu --draft-top-k -1
usage_error "--draft-temperature only applies to the cmu source" --batch --source ngram --draft-temperature 2
usage_error "--top-k only applies to the cmu source" --batch --top-k 5
usage_error "--lm needs --source cmu" --batch --source ngram --lm x
usage_error "--lm and --replay or --corpus choose different sources" --batch --lm x --corpus y
usage_error "--noise does not apply to the cmu source" --batch --source cmu --noise 0.3

# One step after "the united", traced (it also tells whether this build has the
# source): the target (trigram) and the draft (bigram after "united") at
# "states", as test_cmu checks them against sphinxbase's ngram_ng_prob.
"$SPECDEC" --batch --source cmu --prompt "the united" --steps 1 --trace 1 > "$tmp/trace" \
    2> "$tmp/err"
if grep -q "needs sphinxbase" "$tmp/err"; then
	grep -q "install libsphinxbase-dev and pocketsphinx-en-us" "$tmp/err"
	ok $? "without sphinxbase: --source cmu is refused, naming the packages"
	skip "built without sphinxbase (libsphinxbase-dev): the model's runs"
	done_testing
	exit 0
fi
if [ ! -r /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ]; then
	skip "the CMU model is not installed (pocketsphinx-en-us)"
	done_testing
	exit 0
fi

usage_error "--prompt: 'qwertyx' is not a word of the model's vocabulary" \
    --batch --source cmu --prompt "the qwertyx"
usage_error "--target-order and --draft-order of the cmu source are 1 to 3" \
    --batch --source cmu --target-order 4

grep -qE '^ +1  states +0\.88657 +0\.74793 ' "$tmp/trace"
ok $? "trace: P(states | the united) 0.88657, q(states | united) 0.74793" "$(cat "$tmp/trace")"
grep -q "72547 words, 2051541 bigrams, 1669625 trigrams" "$tmp/trace"
ok $? "the report names the model's sizes"

"$SPECDEC" --json --source cmu --steps 200 --seed 1 > "$tmp/std"
is "$(jq -r '.source, .vocab, .target_order, .draft_order, .top_k, .draft_top_p' "$tmp/std" | tr '\n' ' ')" \
    "cmu 72547 3 2 0 1 " "JSON: source, vocabulary, orders and warps"
is "$(jq -r '.checks[] | select(.name == "output_matches_target") | .pass' "$tmp/std")" true \
    "standard rule: the output matches the target"
"$SPECDEC" --json --source cmu --steps 200 --seed 1 --verifier mistake-greedy-draft-soft-q > "$tmp/bad"
is "$(jq -r '.checks[] | select(.name == "output_matches_target") | .pass' "$tmp/bad")" false \
    "mistake-greedy-draft-soft-q: caught by the losslessness check"

# The draft follows --temperature unless --draft-temperature is given: at T 2 the
# run equals the one naming the draft's T 2 (same drafts, same overlap), and
# differs from one whose draft stays at T 1.
run_t() { "$SPECDEC" --json --source cmu --steps 40 --seed 3 --temperature 2 "$@"; }
run_t >"$tmp/t2"
run_t --draft-temperature 2 >"$tmp/t22"
run_t --draft-temperature 1 >"$tmp/t21"
cmp -s "$tmp/t2" "$tmp/t22"
ok $? "--temperature 2: the draft is at T 2 too (the run of --draft-temperature 2)"
is "$(jq -r '[.draft_temperature, .alpha_overlap != $o[0].alpha_overlap] | join(" ")' \
    --slurpfile o "$tmp/t21" "$tmp/t2")" "2 true" \
    "and not at T 1: another overlap than --draft-temperature 1's"
is "$(jq -r '[.temperature, .draft_temperature] | join(" ")' "$tmp/t21")" "2 1" \
    "--draft-temperature 1 beside --temperature 2: each warp as given"

# top-k 1: the target is its argmax, so every accepted draft and every
# replacement is the target's top word: the trace's p column is 1 where it tests.
"$SPECDEC" --batch --source cmu --top-k 1 --prompt "the united" --steps 1 --trace 1 > "$tmp/k1"
grep -qE '^ +1  states +1\.00000 ' "$tmp/k1"
ok $? "--top-k 1: the target puts all its mass on 'states'" "$(cat "$tmp/k1")"

# A tiny ARPA model (tests/data/lm), read through sphinxbase (converted to a trie).
cp "$TESTS_SRCDIR/data/lm/tiny.arpa" "$tmp/tiny.arpa"
"$SPECDEC" --json --lm "$tmp/tiny.arpa" --steps 50 --prompt "the" > "$tmp/tiny"
is "$(jq -r '.source, .vocab, .lm_file' "$tmp/tiny" | tr '\n' ' ')" \
    "cmu 5 $tmp/tiny.arpa " "--lm: an ARPA file of 5 words"
done_testing
