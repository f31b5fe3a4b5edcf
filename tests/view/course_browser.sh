#!/bin/sh
# course_browser.sh: the course page (--export-html) played in a real browser,
# headless Chromium from file://: the player starts (the page's #play), plays
# the inlined recording up to its first marker and pauses there, so the
# terminal in the DOM holds the text written before the marker and not the
# text after it; the chapter list and the folded answers are in the DOM, the
# marker label's markup only as text. Driven over the DevTools protocol by
# tests/lib/browser.js (Node.js), which waits on the page, not on a clock.
# Without chromium or node, it skips and says why.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ] || ! command -v node >/dev/null 2>&1; then
	skip "no ${browser:+node}${browser:-chromium} on this machine (.ci/run installs chromium; Debian: apt-get install chromium)"
	done_testing
	exit
fi

cast=$TMPD/class.cast
{
	printf '{"version": 2, "width": 40, "height": 5, "timestamp": 0, "title": "specdec: One step and why"}\n'
	printf '[0.2, "o", "BEFORE-MARKER\\r\\n"]\n'
	printf '[0.5, "m", "Two models </script><b>bold</b>"]\n'
	printf '[0.8, "o", "AFTER-MARKER\\r\\n"]\n'
	printf '[1.5, "m", "One step in slow motion"]\n'
	printf '[1.8, "o", "END\\r\\n"]\n'
} >"$cast"
"$SPECDEC" --export-html "$cast" >/dev/null
ok $? "the page is written"

# In the page: wait until the terminal shows the text before the marker, give
# the player 1 s more (time enough to reach AFTER-MARKER 0.3 s later, were it
# not paused), then report the terminal's text, the player's time, and what
# the DOM holds.
expr='new Promise(function (resolve) {
	var t0 = Date.now();
	function term() {
		var t = document.querySelector(".ap-term-text");
		return t ? t.textContent.replace(/\s+/g, " ").trim() : "";
	}
	function report() {
		var p = window.coursePlayer;
		resolve([term(), p ? p.getCurrentTime() : -1,
		    document.querySelectorAll("ul.chapters button").length,
		    document.querySelectorAll("details").length,
		    document.querySelectorAll("details[open]").length,
		    document.querySelectorAll("ul.chapters b, script + b").length,
		    document.querySelector("ul.chapters button").textContent].join("|"));
	}
	(function poll() {
		if (term().indexOf("BEFORE-MARKER") >= 0)
			return setTimeout(report, 1000);
		if (Date.now() - t0 > 30000)
			return report();
		setTimeout(poll, 50);
	})();
})'
got=$(node "$TESTS_SRCDIR/lib/browser.js" "$browser" "file://$TMPD/class.html#play" "$expr" 60 2>"$TMPD/err")
ok $? "Chromium loads the page and answers$( [ -s "$TMPD/err" ] && printf ': %s' "$(cat "$TMPD/err")")"
IFS='|' read -r text time chapters details open bold label <<EOF2
$got
EOF2
is "$text" "BEFORE-MARKER" "the terminal holds the recording's text at the first marker, and no more"
is "$time" "0.5" "the player paused at the marker's time"
is "$chapters" 2 "the chapter list, a button per marker"
is "$details:$open" "4:0" "the lesson's 4 answers, all folded away"
is "$bold" 0 "the marker label's markup made no element"
is "$label" "Two models </script><b>bold</b>" "the label reads as its text"

done_testing
