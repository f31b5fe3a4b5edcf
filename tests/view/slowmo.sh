#!/bin/sh
# slowmo.sh: slow motion is predict-then-reveal, read off the screen at every
# stage in a detached tmux, at 80x24 and 120x40: the step stays out of the
# header's step count, the statistics and the token stream until its last
# stage; a step that drafted 4 plays 10 stages whether it is rejected at its
# first draft (seed 9, step 1) or accepts all 4 (step 3); the scoring stage
# shows p, q and p/q at all 4 drafted positions; M asks "accept or reject?"
# before each verdict, with u hidden until m reveals it. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# stage NAME K: m until the title says stage K/10 (each press waited for).
stage() {
	press "$1" m "stage $2/10" "stage $(($2 - 1))/10"
}

# no_leak NAME K STEPS TOKENS: at stage K the header, the statistics and the
# stream still show STEPS steps and TOKENS tokens, and no row for step STEPS+1.
no_leak() {
	s=$(screen "$1")
	printf '%s\n' "$s" | grep -q "paused   step $3\$" &&
	    printf '%s\n' "$s" | grep -qF "steps $3  tokens $4 " &&
	    ! printf '%s\n' "$s" | grep -q "^│ *$(($3 + 1)) "
	ok $? "$1 stage $2: step $(($3 + 1)) withheld (step $3, $4 tokens)" "$s"
}

# hidden_stage NAME K: stage K of step 3 (all accepted) gives nothing away: no
# step 3 in the counts or the stream, and no bonus token on the screen.
hidden_stage() {
	stage "$1" "$2"
	no_leak "$1" "$2" 2 2
	! screen "$1" | grep -qF "+cat"
	ok $? "$1 stage $2: no bonus shown yet" "$(screen "$1")"
}

for size in "80 24" "120 40"; do
	set -- $size
	n=s$1
	# --- a step rejected at its first draft: 10 stages, nothing given away ---
	view $n $1 $2 "--paused --seed 9"
	check $n "step 0" "$n: paused at step 0"
	keys $n m
	check $n "stage 1/10" "$n: step 1 rejected at 1 plays 10 stages"
	keys $n space
	s=$(screen $n)
	printf '%s\n' "$s" | grep -q "paused   step 0\$" && ! printf '%s\n' "$s" | grep -q "^│ *1 "
	ok $? "$n: stage 1: the header still says step 0, the stream is empty" "$s"
	shows=$(printf '%s\n' "$s" | grep -c "pos 1/4")
	[ "$shows" -ge 1 ]
	ok $? "$n: the distributions count the 4 drafts (pos 1/4), not the outcome" "$s"
	k=2
	while [ $k -le 9 ]; do
		stage $n $k
		s=$(screen $n)
		printf '%s\n' "$s" | grep -q "paused   step 0\$" &&
		    ! printf '%s\n' "$s" | grep -q "^│ *1 " &&
		    ! printf '%s\n' "$s" | grep -F "→" | grep -qvF "→residual +bonus"
		ok $? "$n stage $k: step 1 withheld, no residual shown" "$s"
		k=$((k + 1))
	done
	stage $n 10
	s=$(screen $n)
	printf '%s\n' "$s" | grep -q "paused   step 1\$" && printf '%s\n' "$s" | grep -q "^│ *1 \["
	ok $? "$n stage 10: step 1 in the header and the stream, rejected" "$s"
	# --- two steps on; step 3 accepts all 4: the same 10 stages ---
	keys $n n
	check $n "paused   step 2" "$n: n steps on to step 2"
	keys $n m
	check $n "stage 1/10" "$n: step 3, all accepted, plays 10 stages too"
	keys $n space
	no_leak $n 1 2 2
	k=2
	while [ $k -le 5 ]; do
		hidden_stage $n $k
		k=$((k + 1))
	done
	s=$(screen $n)
	printf '%s\n' "$s" | grep -q "│ p     0.033  0.059  0.164  0.045 " &&
	    printf '%s\n' "$s" | grep -q "│ p/q   1.544  1.096  0.861  0.661 " &&
	    printf '%s\n' "$s" | grep -q "│ q     0.021  0.053  0.191  0.068 "
	ok $? "$n stage 5: p, q and p/q at all 4 drafted positions" "$s"
	printf '%s\n' "$s" | grep -qF "the target scores all 4 in one forward" &&
	    ! printf '%s\n' "$s" | grep -q "│ u  *0\."
	ok $? "$n stage 5: scored, no u yet" "$s"
	while [ $k -le 9 ]; do
		hidden_stage $n $k
		k=$((k + 1))
	done
	stage $n 10
	s=$(screen $n)
	printf '%s\n' "$s" | grep -qF "steps 3  tokens 7 " &&
	    printf '%s\n' "$s" | grep -q "^│ *3 ran to the a +cat"
	ok $? "$n stage 10: step 3 counted (3 steps, 7 tokens) and in the stream" "$s"
	# --- M: the verdict is asked for, then revealed ---
	keys $n M
	check $n "asks before each verdict" "$n: M turns the question on"
	keys $n m
	check $n "step 4, stage 1/10" "$n: m plays step 4"
	keys $n space
	for k in 2 3 4 5 6; do
		stage $n $k
	done
	check $n "check 1: accept or reject? (m: reveal)" "$n: stage 6 asks"
	s=$(screen $n)
	printf '%s\n' "$s" | grep -q "│ u  *? " && ! printf '%s\n' "$s" | grep -q "│ u  *0\."
	ok $? "$n: u hidden while asking" "$s"
	press $n m "u 0." "accept or reject?"
	s=$(screen $n)
	printf '%s\n' "$s" | grep -q "stage 6/10" && printf '%s\n' "$s" | grep -q "│ u  *0\.[0-9]"
	ok $? "$n: m reveals u and the verdict, still stage 6" "$s"
	end_view $n
done

done_testing
