#!/bin/sh
# verify.sh: the verification rules end to end: the rule is named in the report
# and the JSON; a bad rule is a usage error; on a replay of one pair each rule's
# measured output matches its exact output, worked by hand for the lenient rule.
# The losslessness test over each rule and source, and block against standard
# over 20,000 steps, are in the statistical tier (tests/stat/rules_lossless.sh).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
pairs=$TESTS_SRCDIR/golden/pairs.txt

"$SPECDEC" --batch --verifier mistake-accept-all --steps 200 > "$TMPD/out"
is "$?" 1 "a mistake exits 1"
grep -q '^verifier     mistake-accept-all (a mistake); lossy$' "$TMPD/out"
ok $? "the report names the rule, as a mistake"
grep -q '^FAIL  lossless_per_position ' "$TMPD/out"; ok $? "and the test fails it"
grep -qE '^pit hist     \[[0-9]{20}\] ' "$TMPD/out"; ok $? "a 20-bin histogram line"
is "$(grep -E '^(verifier|lossless|pit hist|....  lossless_per)' "$TMPD/out" | awk 'length > 80' | wc -l | tr -d ' ')" 0 \
	"the rule's and the test's lines fit 80 columns"
"$SPECDEC" --json --steps 10 > "$TMPD/j"
is "$(jq -r '.verifier' "$TMPD/j")" standard "JSON names the default rule"
is "$(jq -r '.checks[] | select(.name == "lossless_per_position") | [.pass, .skipped] | join(",")' "$TMPD/j")" \
	"true,true" "ten steps: the test is skipped, not passed"
is "$(jq '.lossless_hist | length' "$TMPD/j")" 20 "JSON: 20 bins"
is "$(jq '(.lossless_hist | add) == .tokens' "$TMPD/j")" true "one PIT value per emitted token"
"$SPECDEC" --batch --verifier typical --steps 2000 > "$TMPD/t"
grep -q '^SKIP  alpha_matches_overlap .*measured only' "$TMPD/t"
ok $? "typical: the checks built on a closed form are skipped"
usage_error "--verifier" --batch --verifier nonsense

# A replay of one pair: each rule's exact output there, and the measured one.
# The pair and the lenient rule's output worked by hand as in tests/view/panes.sh:
# at L = 0.5 and gamma 4 it is TV 0.1213 from p.
printf '# one pair\n0.5 0.2 0.1 0.1 0.1\n0.2 0.1 0.6 0.1 0.0\n' > "$TMPD/one"
for rule in standard block exact-match greedy lenient typical mistake-residual-from-p \
    mistake-accept-all; do
	"$SPECDEC" --json --replay "$TMPD/one" --verifier "$rule" --seed 4 --steps 5000 \
	    > "$TMPD/j1"
	is "$(jq -r '.checks[] | select(.name == "output_matches_rule") |
	    [.pass, has("skipped")] | @tsv' "$TMPD/j1")" "true	false" \
	    "$rule, one pair: the output matches the rule's exact output"
	is "$(jq '(.rule_output.measured | add) == .tokens and
	    (.rule_output.rule | add - 1 | fabs) < 1e-9' "$TMPD/j1")" true \
	    "$rule: rule_output counts every token, its rule sums to 1"
done
"$SPECDEC" --json --replay "$TMPD/one" --verifier lenient --steps 10 > "$TMPD/j1"
within "$(jq .rule_output.tv_to_target "$TMPD/j1")" 0.12134 0.12135 \
    "lenient L 0.5: the rule's output is TV 0.1213 from p, as worked by hand"
is "$(jq -c '[.rule_output.rule[] * 1000 | round]' "$TMPD/j1")" "[433,187,194,127,60]" \
    "and its distribution, to three places"
"$SPECDEC" --json --replay "$TMPD/one" --steps 10 > "$TMPD/j1"
is "$(jq -c '[.rule_output.tv_to_target < 1e-12, .rule_output.target == .rule_output.rule]' \
    "$TMPD/j1")" "[true,true]" "standard: the rule's output is p"
"$SPECDEC" --batch --replay "$TMPD/one" --verifier lenient --steps 2000 > "$TMPD/t"
grep -q "^rule output  one pair: the rule's exact output is TV 0.1213 from the target;" \
    "$TMPD/t"
ok $? "the report's rule output line"
grep -q '^             0: target 0.5000, rule 0.4326, measured 0\.[0-9]*$' "$TMPD/t"
ok $? "and the likeliest token's three figures"
"$SPECDEC" --json --replay "$TMPD/one" --schedule heuristic --steps 100 > "$TMPD/j1"
is "$(jq -r '[has("rule_output"), (.checks[] | select(.name == "output_matches_rule") |
    .reason)] | @tsv' "$TMPD/j1")" \
    "false	no closed form computed under a schedule other than constant" \
    "a varying draft length: no closed form, the check skipped with its reason"
"$SPECDEC" --json --replay "$pairs" --steps 100 > "$TMPD/j1"
is "$(jq 'has("rule_output")' "$TMPD/j1")" false "three pairs: no rule output"

# Each rule's acceptance expectation under its own name; alpha_overlap stays the
# overlap. One pair over 5 tokens, by hand: overlap .2+.1+.1+.1+0 = .5; lenient
# (L .5) sum min(q, p/L) = .2+.1+.2+.1+0 = .6; exact-match sum p q =
# .10+.02+.06+.01+0 = .19; accept-all 1.
printf '# one pair\n0.5 0.2 0.1 0.1 0.1\n0.2 0.1 0.6 0.1 0.0\n' > "$TMPD/one"
# expectation RULE: overlap, the rule's own, its name
expectation() {
	"$SPECDEC" --json --replay "$TMPD/one" --steps 500 --verifier "$1" |
	    jq -r '[.alpha_overlap, (.alpha_rule // "none"), (.alpha_rule_name // "none")] | join(" ")'
}
is "$(expectation standard)" "0.5 none none" "standard: alpha_overlap the overlap, no key of its own"
is "$(expectation lenient)" "0.5 0.6 sum min(q, p/L)" "lenient: alpha_overlap .5, alpha_rule .6 named sum min(q, p/L)"
is "$(expectation exact-match)" "0.5 0.19 sum p q" "exact-match: alpha_rule .19 named sum p q"
is "$(expectation mistake-accept-all)" "0.5 1 1 (all accepted)" "accept-all: alpha_rule 1"
is "$(expectation typical)" "0.5 none none" "typical records the overlap: no key of its own"
"$SPECDEC" --batch --replay "$TMPD/one" --steps 500 --verifier lenient | tr '\n' ' ' |
    grep -q "sum min(q, p/L) 0.6000 per step, 0.6000 per test; *overlap 0.5000 per step"
ok $? "lenient's report names its expectation and gives the overlap beside it"
"$SPECDEC" --batch --replay "$TMPD/one" --steps 500 | grep -q "; overlap 0.5000 per step, 0.5000 per test$"
ok $? "the standard report's alpha line is as before"
done_testing
