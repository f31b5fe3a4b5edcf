#!/bin/sh
# copy_view.sh: the live view of copy drafting, driven in a detached tmux: a
# step whose drafter found no match says "no draft"; a copied draft names the
# match it came from; the statistics show the acceptance at each draft
# position, flat at 1.00 when the target only copies a periodic prompt, and
# under the serving figures for the draft model at 120x40. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

shows() {
	printf '%s\n' "$1" | grep -qF -- "$2"
	ok $? "$3" "$1"
}

i=0
while [ $i -lt 10 ]; do printf '1 2 3 4 5 6 7 '; i=$((i + 1)); done >"$TMPD/period"

# No prompt: the first step has no context to copy from.
view a 80 24 "--paused --seed 1 --drafter vllm-ngram"
keys a n
check a "step 1" "80x24: one step"
check a "no draft" "a step with no match says it drafted nothing"
end_view a

# copied NAME COLS LINES DRAFTER NOTE-REGEX: a periodic prompt, a target
# that only copies: three steps, every draft copied whole, the third row
# naming its match, the acceptance flat at 1 at every position.
copied() {
	view "$1" "$2" "$3" "--paused --seed 1 --drafter $4 --copy-weight 1 --prompt-file '$TMPD/period'"
	keys "$1" n n n
	check "$1" "step 3" "$2x$3, $4: three steps"
	s=$(screen "$1")
	printf '%s\n' "$s" | grep -q "│    3 .*+[a-z]* $5"
	ok $? "$2x$3: the row names where its draft was copied from" "$s"
	shows "$s" "acc by pos 1.00 1.00 1.00 1.00" "$2x$3: per-position acceptance, flat at 1"
	end_view "$1"
}
copied b 80 24 hf-lookup "copied@[0-9]"
copied c 120 40 suffix "copied: match [0-9]* at [0-9]"

view d 120 40 "--paused --seed 1"
keys d n n n
check d "step 3" "120x40, the draft model: three steps"
s=$(screen d)
printf '%s\n' "$s" | grep -q "SGLang len .*│" && printf '%s\n' "$s" | grep -q "│ acc by pos [01]\.[0-9][0-9] "
ok $? "the model's per-position acceptance under the serving figures" "$s"
printf '%s\n' "$s" | grep -q "copied\|no draft"
ok $((1 - $?)) "the draft model's rows carry no copy notes" "$s"
end_view d
done_testing
