# lesson_band.sh: the built-in lessons driven by the screen for
# tests/view/lesson_band*.sh (sourced after live.sh): lesson_band COLS LINES
# runs the three side by side at that size and writes their test points:
# each runs to its end, its asks hide what settles them, its captions leave
# their panes whole, and one-step's header names its pair "lesson pair".
lessons="${TESTS_SRCDIR:-$(dirname "$0")/..}/../data/lessons"

# hidden FIGURE: the lines that must not show while an ask on FIGURE waits.
hidden() {
	case "$1" in
	alpha) echo 'α̂ [0-9]|α \.?[0-9]|acc/draft [0-9]' ;;
	tok_per_step) echo 'tok/step [0-9]\.|closed( form)? [0-9]|tokens [0-9]|spec(ulative)? [0-9]|speedup [0-9]|len [0-9]' ;;
	max_tok_per_step) echo 'max [0-9]+ of|1 +2 +3 +4' ;;
	optimal_gamma) echo 'best γ [0-9]|γ\* [0-9]|▲' ;;
	speculate) echo "best γ [0-9]|γ\\* [0-9]|▲|don't speculate" ;;
	gamma_mean) echo 'mean γ [0-9]' ;;
	lossless_p) echo 'PIT [0-9]|│ p [0-9]|│ (ok|BROKEN|lossy)( |$)' ;;
	chi2_p) echo 'χ² p [0-9]|TV [0-9]|blind' ;;
	*) echo "no-pattern-for-$1" ;;
	esac
}

# shown FIGURE: a line that shows once the ask on FIGURE is answered.
shown() {
	case "$1" in
	alpha) echo 'α̂ [0-9]' ;;
	tok_per_step) echo 'tok/step [0-9]\.' ;;
	max_tok_per_step) echo 'max [0-9]+ of|1 +2 +3 +4 +5' ;;
	optimal_gamma) echo 'best γ [0-9]|γ\* [0-9]' ;;
	speculate) echo "don't speculate" ;;
	gamma_mean) echo 'mean γ [0-9]' ;;
	lossless_p) echo '(PIT|│ p) [0-9]' ;;
	chi2_p) echo 'χ² p [0-9]|TV [0-9]' ;;
	*) echo "no-pattern-for-$1" ;;
	esac
}

# title PANE: how the pane's box title begins.
title() {
	case "$1" in
	speedup) echo "speedup vs" ;;
	"step detail") echo "step " ;;
	*) echo "$1" ;;
	esac
}

# quick LESSON: the copy at a quicker pace, and its events in order: "A FIGURE
# ANSWER" for an ask, "C PANE|TEXT" for a caption (TEXT its first 24 bytes).
quick() {
	awk '$1 == "caption" && $2 ~ /^[0-9.]+s$/ { $2 = ""; sub(/  /, " ") }
	    $1 == "keys" && $2 ~ /^[0-9.]+s$/ { $2 = "0.05s" }
	    $1 == "keys" && $2 !~ /^[0-9.]+s$/ { $1 = "keys 0.05s" }
	    $1 == "set" && $2 == "rate" { $3 = "max" } { print }
	    $1 == "caption" { print "pause" }' "$lessons/$1.lesson" |
	    awk '!($0 == "pause" && prev == "pause") { print } NF { prev = $0 }' \
	    >"$TMPD/$1.lesson"
	awk '$1 == "chapter" { pane = "" } $1 == "show" { $1 = ""; pane = substr($0, 2) }
	    $1 == "caption" { $1 = ""; if ($2 ~ /^[0-9.]+s$/) $2 = ""
		t = $0; sub(/^ +/, "", t); print "C " pane "|" substr(t, 1, 24) }
	    $1 == "figure" { f = $2 } $1 == "answer" { a = $2 }
	    $1 == "explain" && f != "" { print "A " f " " a; f = "" }' \
	    "$lessons/$1.lesson" >"$TMPD/$1.events"
}

# whole NAME PANE LESSONTITLE: the pane's box is whole on screen and above the
# band, whose top border carries the lesson's title.
whole() {
	screen "$1" | perl -CSD -e 'use utf8;
	    my ($t, $band) = @ARGV; my @s = map { chomp; s/\p{M}//g; tr/┌┐└┘│─/ABCD|-/; s/[^\x00-\x7f]/~/g; $_ } <STDIN>;
	    my ($r, $c, $b) = (-1, -1, -1);
	    for my $i (0 .. $#s) {
		$b = $i if $b < 0 && index($s[$i], "A- $band") == 0;
		if ($r < 0 && (my $k = index($s[$i], "A- $t")) >= 0) { ($r, $c) = ($i, $k) }
	    }
	    exit 1 if $r < 0 || $b < 0;
	    my $e = index($s[$r], "B", $c); exit 1 if $e < 0;
	    for my $i ($r + 1 .. $b - 1) {
		my ($l, $x) = (substr($s[$i], $c, 1), substr($s[$i], $e, 1));
		exit(($x eq "D") ? 0 : 1) if $l eq "C";
		exit 1 if $l ne "|" || $x ne "|";
	    }
	    exit 1' "$(title "$2")" "$3"
}

# drive NAME LESSON: through the lesson to its end; failures go to
# $TMPD/NAME.fail, the asks and captions checked to NAME.asks, NAME.captions.
drive() {
	: >"$TMPD/$1.fail"
	: >"$TMPD/$1.asks"
	: >"$TMPD/$1.captions"
	ltitle=$(sed -n 's/^title //p' "$lessons/$2.lesson")
	ev=1 last= still=0
	while [ "$still" -lt $((WAIT_TENTHS / 2)) ]; do
		s=$(screen "$1")
		[ "$s" = "$last" ] && still=$((still + 1)) || still=0
		last=$s
		e=$(sed -n "${ev}p" "$TMPD/$2.events")
		case "$s" in
		*"the end of the lesson"*) return 0 ;;
		*"press a choice's key"*)
			set -- "$1" "$2" $e
			if printf '%s\n' "$s" | grep -qE -- "$(hidden "$4")"; then
				echo "ask $ev ($4) shows: $(printf '%s\n' "$s" |
				    grep -E -- "$(hidden "$4")" | head -n 2)" >>"$TMPD/$1.fail"
			fi
			keys "$1" "$5"
			wait_for "$1" "Enter: go on" || return 1
			screen "$1" | grep -qE -- "$(shown "$4")" ||
			    echo "ask $ev ($4): not shown after the answer" >>"$TMPD/$1.fail"
			echo "$4" >>"$TMPD/$1.asks"
			ev=$((ev + 1))
			set -- "$1" "$2"
			;;
		*"Enter: go on"*)
			case "$(printf '%s\n' "$s" | head -n 1)" in
			*specdec-lesson-*) echo "header: the pair's file" >>"$TMPD/$1.fail" ;;
			*"lesson pair"*) : >"$TMPD/$1.pair" ;;
			esac
			pane=${e#C }
			text=${pane#*|}
			pane=${pane%%|*}
			if [ "${e%% *}" = C ] && printf '%s\n' "$s" | grep -qF -- "$text"; then
				[ -n "$pane" ] && ! whole "$1" "$pane" "$ltitle" &&
				    echo "caption $ev ($text): $pane not whole" >>"$TMPD/$1.fail"
				echo "$pane" >>"$TMPD/$1.captions"
				ev=$((ev + 1))
			fi
			b=$(screen "$1" | sed -n '/^┌─ /,$p' | tail -n 8)
			keys "$1" Enter
			i=0
			while [ "$i" -lt "$WAIT_TENTHS" ] &&
			    [ "$(screen "$1" | sed -n '/^┌─ /,$p' | tail -n 8)" = "$b" ]; do
				sleep 0.1
				i=$((i + 1))
			done
			;;
		*) sleep 0.2 ;;
		esac
	done
	return 1
}

lesson_band() {
	set -- "$1" "$2"
	for l in one-step gamma lossless; do
		quick "$l"
		view "$l$1" "$1" "$2" "--lesson '$TMPD/$l.lesson'"
		(drive "$l$1" "$l"; echo $? >"$TMPD/$l$1.rc") &
	done
	wait
	for l in one-step gamma lossless; do
		n="$l$1"
		[ "$(cat "$TMPD/$n.rc")" = 0 ]
		ok $? "$l at ${1}x$2 runs to its end" "$(screen "$n")"
		asks=$(grep -c '^answer ' "$lessons/$l.lesson")
		caps=$(grep -c '^caption ' "$lessons/$l.lesson")
		[ "$(wc -l <"$TMPD/$n.asks")" -eq "$asks" ] && [ "$asks" -ge 3 ] &&
		    ! grep -q '^ask' "$TMPD/$n.fail"
		ok $? "$l at ${1}x$2: each of its $asks asks hides what settles it, and shows it after" \
		    "$(cat "$TMPD/$n.fail")"
		[ "$(wc -l <"$TMPD/$n.captions")" -eq "$caps" ] && [ "$caps" -ge 3 ] &&
		    ! grep -q '^$' "$TMPD/$n.captions" && ! grep -q '^caption' "$TMPD/$n.fail"
		ok $? "$l at ${1}x$2: each of its $caps captions leaves its pane whole" \
		    "$(cat "$TMPD/$n.fail"; cat "$TMPD/$n.captions")"
		quit "$n"
		$T kill-session -t "$n"
	done
	[ -e "$TMPD/one-step$1.pair" ] && ! grep -q '^header' "$TMPD/one-step$1.fail"
	ok $? "one-step at ${1}x$2: the header says 'lesson pair' for its pair, not a file's name"
}
