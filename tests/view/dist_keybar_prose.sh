#!/bin/sh
# dist_keybar_prose.sh: three fixes read off the screen in a detached tmux: at
# 120x40 the distributions pane lists every token of a 4- and a 5-token
# vocabulary with no rest row (the header folds a line for the fifth); the key
# bar names m (slow motion) and v (rule) at 120 columns and keeps its 80x24
# line; and the cmu source's </s> reads as a paragraph mark in the text mode's
# prose. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# steps NAME K: n K times, each step waited for in the header.
steps() {
	k=1
	while [ "$k" -le "$2" ]; do
		keys "$1" n
		wait_for "$1" "paused   step $k"
		k=$((k + 1))
	done
}

# dist_rows NAME: the token rows of the distributions pane (the right column).
dist_rows() {
	screen "$1" | grep -cE '│ [0-9]+ {5,}[█▒░]'
}

# --- the distributions pane at 120x40: every token of V 4 and V 5 ---------------
for v in 4 5; do
	view d$v 120 40 "--vocab $v --seed 1 --paused"
	wait_for d$v "paused   step 0"
	steps d$v 3
	check d$v "distributions, step 3 pos" "V $v: the distributions pane shows step 3"
	n=$(dist_rows d$v)
	[ "$n" = "$v" ]
	ok $? "V $v at 120x40: $v token rows (got $n)" "$(screen d$v)"
	screen d$v | grep -q '│ rest  '
	ok $((! $?)) "V $v at 120x40: no rest row" "$(screen d$v)"
	end_view d$v
done

# --- the key bar: m and v where there is room -------------------------------------
view k80 80 24 "--seed 1 --paused"
wait_for k80 "q quit"
bar=$(screen k80 | tail -n 1)
[ "$bar" = " space pause n step +/- gamma ]/[ noise >/< speed r reset p pane ? help q quit" ]
ok $? "80x24: the key bar as before, no m or v (got '$bar')"
end_view k80
view k120 120 40 "--seed 1 --paused"
wait_for k120 "q quit"
bar=$(screen k120 | tail -n 1)
case $bar in *"q quit  m slow motion  v rule"*) st=0 ;; *) st=1 ;; esac
ok $st "120x40: the key bar names m (slow motion) and v (rule) last (got '$bar')"
end_view k120

# --- </s> in the prose: a paragraph mark, then a new line --------------------------
# With this prompt and seed the third step's drafts end a sentence: "of two
# thousand words </s>".
if "$SPECDEC" --batch --source cmu --steps 1 >/dev/null 2>&1; then
	for loc in C.UTF-8 C; do
		start p 80 24 LC_ALL=$loc
		run p "'$SPECDEC' --paused --source cmu --prompt 'the end' --seed 1"
		wait_for p "paused   step 0"
		steps p 3
		keys p e
		wait_for p "text (e: steps)"
		if [ "$loc" = C ]; then
			re='^\| ->of ->two thousand words \| +\|\|'
		else
			re='^│ →of →two thousand words ¶ +││'
		fi
		screen p | grep -qE -- "$re"
		ok $? "$loc: </s> shows as a paragraph mark that ends its line" "$(screen p)"
		screen p | sed -n '/text (e: steps)/,/^[└+]/p' | grep -qF '</s>'
		ok $((! $?)) "$loc: no </s> left in the prose" "$(screen p)"
		end_view p
	done
else
	skip "the cmu source cannot open here (sphinxbase or pocketsphinx-en-us missing)"
	skip "the cmu source cannot open here"
	skip "the cmu source cannot open here"
	skip "the cmu source cannot open here"
fi

done_testing
