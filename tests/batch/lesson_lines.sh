#!/bin/sh
# lesson_lines.sh: a lesson's lines that are easy to get wrong say what was
# meant, one line with status 2 before anything runs: a caption's hold
# without its unit, a wait without its unit or with "10s", a pair under an
# option that only the stub takes, a show line naming no pane; show lines
# naming panes as the help names them are taken (and change nothing headless).
# TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

# lesson NAME LINES...: a lesson file of a title and the lines.
lesson() {
	f="$TMPD/$1.lesson"
	shift
	printf 'title Lines\n' >"$f"
	printf '%s\n' "$@" >>"$f"
}

lesson hold 'caption 6 hello'
usage_error "hold.lesson:2: caption 6: a hold is written with its unit, 'caption 6s hello'" \
    --lesson "$TMPD/hold.lesson" --batch
lesson wait 'wait 10'
usage_error "wait.lesson:2: wait 10: of what? 'wait 10 steps' or 'wait 10 s'" \
    --lesson "$TMPD/wait.lesson" --batch
lesson waits 'wait 2.5s'
usage_error "waits.lesson:2: wait 2.5s: seconds take a space, 'wait 2.5 s'" \
    --lesson "$TMPD/waits.lesson" --batch
lesson pair 'set target-alpha 0.9' 'pair 0.5 0.5 / 0.4 0.6'
usage_error "pair.lesson:3: pair: --target-alpha applies to the stub alone; 'unset target-alpha' before the pair" \
    --lesson "$TMPD/pair.lesson" --batch
lesson preset 'set preset t5-small-ende-t0' 'pair 0.5 0.5 / 0.4 0.6'
usage_error "preset.lesson:3: pair: --preset applies to the stub alone; 'unset preset' before the pair" \
    --lesson "$TMPD/preset.lesson" --batch
lesson unset 'set target-alpha 0.9' 'unset target-alpha' 'pair 0.5 0.5 / 0.4 0.6' 'wait 10 steps' \
    'check alpha_overlap 0.9 1e-9'
"$SPECDEC" --lesson "$TMPD/unset.lesson" --batch >"$TMPD/out" 2>&1
is "$?:$(tail -n 1 "$TMPD/out")" "0:1 checks, 0 answers: all verified" \
    "pair once target-alpha is unset: the pair's own overlap"
lesson show 'show stats'
usage_error "show.lesson:2: show: 'stats' is not a pane" --lesson "$TMPD/show.lesson" --batch
lesson shows 'show statistics' 'show cost model' 'show distributions' 'wait 5 steps' \
    'check steps 5 0'
"$SPECDEC" --lesson "$TMPD/shows.lesson" --batch >"$TMPD/out" 2>&1
is "$?:$(tail -n 1 "$TMPD/out")" "0:1 checks, 0 answers: all verified" \
    "show lines name panes as the help does; headless they change nothing"

done_testing
