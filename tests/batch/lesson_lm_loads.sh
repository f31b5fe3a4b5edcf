#!/bin/sh
# lesson_lm_loads.sh: a lesson reads its language model once. Its set lines on
# the cmu source each open the source again, and its sources are opened before
# it starts to check them; the model is read once for all of these (the cmu
# source keeps it: cmu_cache.h). SPECDEC_TEST_LM_LOADS makes every read of a
# model say so on standard error. Four set lines over tests/data/lm/tiny.arpa,
# then the same over the built-in CMU model when it is installed.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

if "$SPECDEC" --batch --source cmu --lm /nonexistent 2>&1 | grep -q "needs sphinxbase"; then
	skip "built without sphinxbase: --source cmu"
	done_testing
	exit 0
fi

# lesson FILE SOURCE-LINE: a lesson with four set lines on that source.
lesson() {
	cat > "$1" <<EOF2
title Four set lines
$2
wait 3 steps
set gamma 3
wait 3 steps
set temperature 0.5
wait 3 steps
set draft-top-k 1
wait 3 steps
EOF2
}

# reads LESSON: how many times a headless run of LESSON reads a model.
reads() {
	SPECDEC_TEST_LM_LOADS=1 "$SPECDEC" --lesson "$1" --batch 2> "$tmp/err" > "$tmp/out"
	echo "status $?" >> "$tmp/out"
	grep -c "^specdec: read language model " "$tmp/err"
}

cp "$TESTS_SRCDIR/data/lm/tiny.arpa" "$tmp/tiny.arpa"
lesson "$tmp/tiny.lesson" "set lm $tmp/tiny.arpa"
is "$(reads "$tmp/tiny.lesson")" 1 "four set lines on --lm tiny.arpa, checked and run: one read"
grep -q "^status 0" "$tmp/out"
ok $? "and the lesson runs to its end" "$(cat "$tmp/out" "$tmp/err")"
grep -qF "read language model $tmp/tiny.arpa" "$tmp/err"
ok $? "the line names the model's file" "$(cat "$tmp/err")"

if [ -r /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ]; then
	lesson "$tmp/cmu.lesson" "set source cmu"
	is "$(reads "$tmp/cmu.lesson")" 1 "four set lines on the built-in CMU model: one read"
else
	skip "the CMU model (pocketsphinx-en-us) is not installed"
fi

# Without the variable, nothing is said.
"$SPECDEC" --lesson "$tmp/tiny.lesson" --batch 2> "$tmp/err" > /dev/null
is "$(wc -c < "$tmp/err" | tr -d ' ')" 0 "without SPECDEC_TEST_LM_LOADS: nothing on standard error"
done_testing
