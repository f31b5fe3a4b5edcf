#!/bin/sh
# course.sh: --export-html FILE.cast writes the course page FILE.html beside a
# recording: the player and the recording inlined (nothing fetched), a chapter
# per marker, the lesson's questions with their answers in <details>, every
# text from the recording escaped; hostile recordings (cut short, huge, binary,
# a FIFO, /dev/zero, another format) each get one line and status 2, a missing
# player status 3. tests/view/course_browser.sh plays the page in Chromium.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

# A recording as --record writes one of the built-in lesson one-step: its
# title names the lesson; a marker label with markup and an escape sequence.
cast=$TMPD/class.cast
{
	printf '{"version": 2, "width": 40, "height": 5, "timestamp": 0, "title": "specdec: One step and why", "env": {"TERM": "xterm"}}\n'
	printf '[0.5, "o", "BEFORE-MARKER\\r\\n"]\n'
	printf '[1.0, "m", "Two models </script><b>bold</b> & \\u001b[31mred"]\n'
	printf '[1.3, "o", "AFTER-MARKER\\r\\n"]\n'
	printf '[2.0, "m", "One step in slow motion"]\n'
	printf '[2.5, "o", "\\u001b[2J\\u00e9t\\u00e9 END\\r\\n"]\n'
} >"$cast"

"$SPECDEC" --export-html "$cast" >"$TMPD/out" 2>"$TMPD/err"
is "$?:$(cat "$TMPD/out")$(cat "$TMPD/err")" "0:$TMPD/class.html: 2 chapters, 4 questions" \
    "--export-html: status 0 and one line naming the page, its chapters and questions"
page=$TMPD/class.html
[ -s "$page" ]
ok $? "the page is written beside the recording"

# nothing is fetched: no src= or href= attribute at all, no URL but data: in script
is "$(grep -ciE '<(script|link|img|iframe)[^>]* (src|href)=' "$page")" 0 \
    "the page loads no file and no URL (player and style inlined)"
is "$(grep -c '<script>' "$page"):$(grep -c '</script>' "$page")" "2:2" \
    "two scripts (the player, the page's own) and no other </script>"
b64=$(sed -n 's/.*"data:text\/plain;base64,\([A-Za-z0-9+\/=]*\)".*/\1/p' "$page")
printf '%s' "$b64" | base64 -d >"$TMPD/back.cast" 2>/dev/null
cmp -s "$cast" "$TMPD/back.cast"
ok $? "the data URL holds the recording, byte for byte"
grep -q 'pauseOnMarkers: true' "$page"
ok $? "playback pauses at each marker (pauseOnMarkers)"
grep -qF 'Apache-2.0' "$page"
ok $? "the player's licence header is kept"

# chapters, escaped; the escape sequence shown as U+FFFD, no raw ESC anywhere
is "$(grep -c 'data-marker=' "$page")" 2 "a chapter per marker"
grep -qF 'data-marker="0">Two models &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; �[31mred</button> <span class="time">0:01</span>' "$page"
ok $? "the marker's label escaped: markup as text, ESC as U+FFFD, its time 0:01"
is "$(grep -v '^var AsciinemaPlayer=' "$page" | LC_ALL=C grep -c "$(printf '\033')")" 0 \
    "no escape character in the page outside the player's own script"

# the questions of the built-in lesson the title names, answers folded away
is "$(grep -c '<details><summary>Answer</summary>' "$page")" 4 \
    "the lesson's 4 questions, each answer in a <details>"
grep -qF 'With this pair, what share of the tested drafts is accepted?' "$page"
ok $? "the first question's text"
grep -A 1 'With this pair, what share' "$page" | grep -q '^<ul class="choices">'
ok $? "its choices follow it"
grep -qF '<p class="answer">b: about one half</p>' "$page"
ok $? "its answer, b, inside the <details>"
grep -qF '<span class="chapter">A replay of one pair</span>: With this pair' "$page"
ok $? "a question names the lesson's chapter it is asked in"

# --lesson names the questions' lesson; a recording of no lesson has none
"$SPECDEC" --export-html "$cast" --lesson gamma >"$TMPD/out" 2>&1
is "$?:$(cat "$TMPD/out")" "0:$TMPD/class.html: 2 chapters, 4 questions" \
    "--lesson gamma: that lesson's 4 questions"
sed 's/"title": "specdec: One step and why"/"title": "a terminal"/' "$cast" >"$TMPD/plain.cast"
"$SPECDEC" --export-html "$TMPD/plain.cast" >"$TMPD/out" 2>&1
is "$?:$(cat "$TMPD/out")" "0:$TMPD/plain.html: 2 chapters, 0 questions" \
    "a recording of no built-in lesson: no questions"
is "$(grep -c '<details>' "$TMPD/plain.html")" 0 "and no <details>"

# usage: one line, status 2
usage_error "the recording's name must end in .cast" --export-html "$TMPD/x.txt"
usage_error "--gamma does not apply to --export-html" --export-html "$cast" --gamma 3
usage_error "nope.cast: No such file" --export-html "$TMPD/nope.cast"
usage_error "$TMPD/none.lesson: No such file" --export-html "$cast" --lesson "$TMPD/none.lesson"

# hostile recordings: one line each, status 2, no page left
hostile() {	# hostile NAME WANT: $TMPD/NAME.cast made by the caller
	rm -f "$TMPD/$1.html"
	usage_error "$2" --export-html "$TMPD/$1.cast"
	[ ! -e "$TMPD/$1.html" ]
	ok $? "$1: no page written"
}
head -c 180 "$cast" >"$TMPD/cut.cast"
hostile cut "cut.cast:3: cut short (the last line is not whole)"
: >"$TMPD/empty.cast"
hostile empty "empty.cast: empty, not an asciicast recording"
printf '\177ELF\002\001\001\000\000\000\377\376\n' >"$TMPD/binary.cast"
hostile binary "binary.cast:1: not UTF-8 text"
printf '{"version": 3, "term": {"cols": 80, "rows": 24}}\n' >"$TMPD/v3.cast"
hostile v3 "v3.cast:1: not version 2 of asciicast"
printf '{"version": 2, "width": 80, "height": 24}\n[1.0, "o", "a"]\n[0.5, "o", "b"]\n' >"$TMPD/back.cast"
hostile back "back.cast:3: the time goes back"
printf '{"version": 2, "width": 80, "height": 24}\n[1.0, "o", "a"]\n\n' >"$TMPD/blank.cast"
hostile blank "blank.cast:3: an empty line"
printf '{"version": 2, "width": 80, "height": 24}\n[1, "o", "a", 4]\n' >"$TMPD/extra.cast"
hostile extra "extra.cast:2: not an asciicast event"
printf '{"version": 2, "width": 99999, "height": 24}\n' >"$TMPD/wide.cast"
hostile wide "wide.cast:1: the header has no whole \"width\" and \"height\""
awk 'BEGIN { s = ""; for (i = 0; i < 100; i++) s = s "["; print s }' >"$TMPD/deep.cast"
hostile deep "deep.cast:1: not an asciicast v2 header"
mkfifo "$TMPD/fifo.cast"
hostile fifo "fifo.cast: a FIFO or pipe, not a regular file"
ln -s /dev/zero "$TMPD/zero.cast"
hostile zero "zero.cast: a character device, not a regular file"
mkdir "$TMPD/dir.cast"
hostile dir "dir.cast: a directory, not a regular file"
# huge: past the input memory limit, refused before it is read
truncate -s 3M "$TMPD/huge.cast" 2>/dev/null || dd if=/dev/zero of="$TMPD/huge.cast" bs=1M count=3 2>/dev/null
SPECDEC_MEMORY_LIMIT=1M; export SPECDEC_MEMORY_LIMIT
hostile huge "huge.cast: 3 MiB, more than the input limit of 1 MiB"
unset SPECDEC_MEMORY_LIMIT
# an unwritable page: status 2 before anything is read
mkdir "$TMPD/ro.html"
cp "$cast" "$TMPD/ro.cast"
usage_error "ro.html: a directory" --export-html "$TMPD/ro.cast"

# the player: from $SPECDEC_DATADIR when set; missing, or one that cannot sit
# in a <script>, is status 3 with one line
mkdir -p "$TMPD/data/player"
SPECDEC_DATADIR=$TMPD/data "$SPECDEC" --export-html "$cast" >"$TMPD/out" 2>"$TMPD/err"
is "$?:$(wc -l <"$TMPD/err")" "3:1" "no player in \$SPECDEC_DATADIR: status 3, one line"
grep -qF "data/player/asciinema-player.min.js: not found (SPECDEC_DATADIR names" "$TMPD/err"
ok $? "it names the file looked for and the variable: $(cat "$TMPD/err")"
printf 'var a = "</SCRIPT>";\n' >"$TMPD/data/player/asciinema-player.min.js"
: >"$TMPD/data/player/asciinema-player.css"
SPECDEC_DATADIR=$TMPD/data "$SPECDEC" --export-html "$cast" >"$TMPD/out" 2>"$TMPD/err"
is "$?:$(wc -l <"$TMPD/err")" "3:1" "a player holding </script: status 3, one line"
grep -qF 'cannot be inlined' "$TMPD/err"
ok $? "it says so: $(cat "$TMPD/err")"
printf 'var a = 1;\n' >"$TMPD/data/player/asciinema-player.min.js"
SPECDEC_DATADIR=$TMPD/data "$SPECDEC" --export-html "$cast" >/dev/null 2>&1
is "$?:$(grep -c '^var a = 1;$' "$page")" "0:1" "\$SPECDEC_DATADIR's player is the one inlined"

done_testing
