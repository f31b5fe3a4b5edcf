#!/bin/sh
# vocab_view.sh: the live view of a draft with another vocabulary, driven in a
# detached tmux: the statistics pane shows the naive and the TLI acceptance
# at the first position in closed form beside the measured one, the values a
# batch run of the same seed and steps gives (--draft-only on the stub at
# 80x24; --draft-vocab-top on cmu at 120x40, where the token stream names
# <unk-draft>); a one-vocabulary run has no such line. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# batch_line ARGS: a regex of the line the view prints, long ("pos 1: naive A
# TLI B  measured C") or short ("naive A TLI B got C"), with the figures of
# the same steps run headless.
batch_line() {
	# shellcheck disable=SC2086
	"$SPECDEC" --json $1 | jq -r '"\(.alpha_naive) \(.alpha_tli) \(.alpha_first)"' |
	    awk '{ printf "naive %.3f  *TLI %.3f  *(measured|got) %.3f\n", $1, $2, $3 }'
}

# pane NAME COLS LINES ARGS STEPS: the view paused, STEPS steps, then the
# statistics pane's line against the batch run's.
pane() {
	view "$1" "$2" "$3" "--paused $4"
	wait_paused "$1"
	ok $? "$2x$3 $4: the view is up" "$(screen "$1")"
	n=0
	while [ "$n" -lt "$5" ]; do keys "$1" n; n=$((n + 1)); done
	check "$1" "step $5" "$2x$3: $5 steps"
	want=$(batch_line "$4 --steps $5")
	s=$(screen "$1")
	printf '%s\n' "$s" | grep -qE -- "$want"
	ok $? "$2x$3: the statistics show '$want'" "$s"
}

need jq
pane a 80 24 "--seed 1 --draft-only 5 --noise 1" 6
end_view a

view b 80 24 "--paused --seed 1"
wait_paused b
keys b n
check b "step 1" "one vocabulary: a step"
screen b | grep -q "naive"
ok $((1 - $?)) "one vocabulary: no naive and TLI line" "$(screen b)"
end_view b

"$SPECDEC" --batch --source cmu --steps 1 > /dev/null 2>&1
if [ $? -ne 0 ] || [ ! -r /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ]; then
	skip "no cmu source here (sphinxbase, pocketsphinx-en-us)"
	done_testing
	exit 0
fi
pane c 120 40 "--seed 3 --source cmu --draft-vocab-top 100 --gamma 2" 4
check c "<unk-draft>" "120x40: the stream shows the draft's own token"
end_view c
done_testing
