#!/bin/sh
# lesson_keys.sh: a lesson's check takes every scalar key of the JSON report,
# as the man page promises ("a figure is a scalar key of the JSON report"):
# the run's parameters (steps, gamma, seed, ...) as well as its figures. Each
# key of a real report is checked on its own, then all at once against the
# report's values, which the lesson's run of the same steps must give. TAP.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

"$SPECDEC" --batch --json --steps 200 >"$TMPD/report"
jq -r 'to_entries[] | select(.value | type == "number" or type == "boolean") | .key' \
    "$TMPD/report" >"$TMPD/keys"
n=$(wc -l <"$TMPD/keys" | tr -d ' ')
[ "$n" -gt 0 ] && grep -qx steps "$TMPD/keys" && grep -qx tokens "$TMPD/keys"
ok $? "the report has $n scalar keys, steps and tokens among them"

refused=
while read -r key; do
	printf 'title %s\nwait 1 steps\ncheck %s 0 1e300\n' "$key" "$key" >"$TMPD/one.lesson"
	"$SPECDEC" --lesson "$TMPD/one.lesson" --batch >/dev/null 2>"$TMPD/err" ||
		refused="$refused $key ($(cat "$TMPD/err"))"
done <"$TMPD/keys"
is "$refused" "" "every scalar key of the report is a figure a check takes"

# The same run as a lesson: each check wants the report's value (true is 1,
# false 0) within a part in 10^9.
{
	printf 'title every scalar key against the report\nwait 200 steps\n'
	jq -r 'to_entries[] | select(.value | type == "number" or type == "boolean") |
	    "check \(.key) \(if .value == true then 1 elif .value == false then 0
	    else .value end) \(if (.value | type) == "number" then
	    ((if .value < 0 then -.value else .value end) * 1e-9 + 1e-12) else 0 end)"' \
	    "$TMPD/report"
} >"$TMPD/all.lesson"
"$SPECDEC" --lesson "$TMPD/all.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
ok $? "the lesson's checks of all $n keys pass" "$(cat "$TMPD/out" "$TMPD/err")"
is "$(tail -n 1 "$TMPD/out")" "$n checks, 0 answers: all verified" \
    "and each found the report's value"

done_testing
