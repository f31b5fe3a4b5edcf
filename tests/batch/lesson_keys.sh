#!/bin/sh
# lesson_keys.sh: a lesson's check takes every scalar key of the JSON report,
# as the man page promises ("a figure is a scalar key of the JSON report"):
# the run's parameters (steps, gamma, seed, ...) as well as its figures, and
# the keys only some runs write (a tree's, a machine's, a schedule's, a rule's,
# a source's) where the lesson's options make such a run. For each kind of run,
# every key of its report is checked against the report's values, which the lesson's run of the same steps must give; a key
# the lesson's run does not write is refused with a line naming the run. TAP.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

scalars='to_entries[] | select(.value | type == "number" or type == "boolean")'

# The set lines of SETS ("a b; c d" sets --a b and --c d).
set_lines() {
	printf '%s\n' "$1" | tr ';' '\n' | sed 's/^ *//; /^$/d; s/^/set /'
}

# keys_of SETS [FILTER]: the report of that run (exit 1: a lossy rule fails a
# check), its scalar keys, and a lesson checking all of them (those FILTER, a
# jq condition on .key, selects) against the report's values.
keys_of() {
	# shellcheck disable=SC2046
	"$SPECDEC" --batch --json --steps "${steps:-200}" $(printf '%s\n' "$1" |
	    sed 's/^ */--/; s/; */ --/g') >"$TMPD/report"
	[ $? -le 1 ] || return 1
	jq -r "$scalars | .key" "$TMPD/report" >"$TMPD/keys"
	{
		printf 'title every scalar key against the report\n'
		set_lines "$1"
		printf 'wait %s steps\n' "${steps:-200}"
		jq -r "$scalars"' | select('"${2:-true}"') | "check \(.key) \(if .value == true then 1
		    elif .value == false then 0 else .value end) \(if (.value | type) ==
		    "number" then ((if .value < 0 then -.value else .value end) * 1e-9 +
		    1e-12) else 0 end)"' "$TMPD/report"
	} >"$TMPD/all.lesson"
}

# run_keys SETS [FILTER]: a lesson checking every scalar key of the report (or
# those FILTER selects) at once (a key it refused would stop it at its line),
# each against the report's value.
run_keys() {
	keys_of "$1" "${2:-}" || { ok 1 "the report of: $1"; return; }
	n=$(grep -c '^check ' "$TMPD/all.lesson")
	"$SPECDEC" --lesson "$TMPD/all.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
	ok $? "$1: the lesson takes all $n scalar keys, its checks pass" \
	    "$(cat "$TMPD/out" "$TMPD/err")"
	is "$(tail -n 1 "$TMPD/out")" "$n checks, 0 answers: all verified" \
	    "$1: and each found the report's value"
}

keys_of "seed 0"
n=$(wc -l <"$TMPD/keys" | tr -d ' ')
[ "$n" -gt 0 ] && grep -qx steps "$TMPD/keys" && grep -qx tokens "$TMPD/keys"
ok $? "the report has $n scalar keys, steps and tokens among them"
cp "$TMPD/keys" "$TMPD/plain_keys"

while read -r sets; do
	run_keys "$sets"
done <<'RUNS'
seed 0
seed 1; tree 2,2
seed 1; tree dynamic:2,3,4; verifier topk
seed 1; hw h100-sxm; batch-size 8
seed 1; schedule draft-p-min
seed 1; schedule confidence
seed 1; verifier lenient
seed 1; verifier typical
seed 1; target-alpha 0.7
seed 1; source ngram
RUNS
# each check of the cmu source takes tens of ms: 20 steps, its own keys
if "$SPECDEC" --batch --source cmu --steps 1 --json >/dev/null 2>&1; then
	steps=20 run_keys "seed 1; source cmu; draft-temperature 0.5; top-k 20" \
	    '(.key | test("order|temperature|top_"))'
else
	skip "built without sphinxbase or its model: the cmu source's keys"
fi

# Every key some run writes and the plain stub's does not: refused in the
# plain run with one line naming the run that writes it.
for sets in "tree 2,2" "hw h100-sxm" "schedule draft-p-min" "schedule confidence" \
    "verifier lenient" "verifier typical" "target-alpha 0.7" "source ngram"; do
	keys_of "$sets"
	grep -vxF -f "$TMPD/plain_keys" "$TMPD/keys"
done | sort -u >"$TMPD/other"
bad=
while read -r key; do
	printf 'title t\nwait 1 steps\ncheck %s 0 1\n' "$key" >"$TMPD/one.lesson"
	"$SPECDEC" --lesson "$TMPD/one.lesson" --batch >/dev/null 2>"$TMPD/err"
	rc=$?
	grep -q "one.lesson:3: figure '$key' is in the report only of .*(set [a-z-]* [A-Za-z0-9.,-]*[;)]" \
	    "$TMPD/err" && [ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] ||
		bad="$bad $key (rc $rc: $(cat "$TMPD/err"))"
done <"$TMPD/other"
m=$(wc -l <"$TMPD/other" | tr -d ' ')
[ "$m" -ge 20 ]
ok $? "$m keys only other runs write" "$(cat "$TMPD/other")"
is "$bad" "" "each is refused in the plain run, naming the run that writes it"

printf 'title t\nwait 1 steps\ncheck tree_nodes 6 0\n' >"$TMPD/one.lesson"
"$SPECDEC" --lesson "$TMPD/one.lesson" --batch >/dev/null 2>"$TMPD/err"
is "$(cat "$TMPD/err")" "specdec: $TMPD/one.lesson:3: figure 'tree_nodes' is in the report only of a tree run (set tree SHAPE)" \
    "the line says what to set"
printf 'title t\nset tree 2,2\nwait 10 steps\ncheck tree_nodes 6 0\ncheck tree_step_cost 1.2 1e-9\nunset tree\ncheck tree_nodes 6 0\n' \
    >"$TMPD/one.lesson"
"$SPECDEC" --lesson "$TMPD/one.lesson" --batch >/dev/null 2>"$TMPD/err"
is "$(cat "$TMPD/err")" "specdec: $TMPD/one.lesson:7: figure 'tree_nodes' is in the report only of a tree run (set tree SHAPE)" \
    "after unset tree, the tree's keys are refused again"

done_testing
