#!/bin/sh
# tree.sh: the live view's tree pane (--tree), driven in a detached tmux at
# 80x24: a tree run opens on it; top-2 drafts on a replayed fixed pair give
# fixed rows (the draft's top two, q, the P in force after the first
# rejection, the acceptance, u and the verdict); Left walks back one node
# and hides its verdict; p leaves the pane and comes back round to it; ASCII
# stems in the C locale; a tree of 15 nodes scrolls. The step detail of a
# tree step walks its tested nodes in test order (path, token, q, P, acc, u
# and verdict, then the token it ended with), with the same walk: Left holds
# the later verdicts back, m starts a step with all of them hidden. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# shows SCREEN STRING DESCRIPTION: the captured screen has the fixed string.
shows() {
	printf '%s\n' "$1" | grep -qF -- "$2"
	ok $? "$3" "$1"
}

# p = (.5 .2 .1 .1 .1), q = (.2 .1 .6 .1 0): q's top two are 2 (P .1) and 0.
printf '# one pair\n0.5 0.2 0.1 0.1 0.1\n0.2 0.1 0.6 0.1 0.0\n' > "$TMPD/one"

view t 80 24 "--paused --tree 2 --verifier topk --replay '$TMPD/one' --seed 1"
keys t n
check t "tree, step 1: 2 of 2 tested" "a tree run opens on the tree pane"
s=$(screen t)
shows "$s" "tok       q    P  acc    u" "its column headings"
shows "$s" "├1 2     .600 .100 .100 .703 no" \
    "first sibling: q's top token 2, P(2) = .1 is its acceptance, u .703 rejects it"
shows "$s" "└2 0     .200 .556 .556 .520 ok" \
    "second: P after the first rejection, .5 / .9 = .556, accepted"
keys t Left
check t "└2 0     .200 .556 .556    ?  ?" \
    "Left: the walk hides the second node's u and verdict (predict, then reveal)"
keys t Right
check t ".556 .520 ok" "Right: revealed again"
keys t m
check t "tree, step 2: " "m: slow motion steps once, the tree pane in view"
s=$(screen t)
[ "$(printf '%s\n' "$s" | grep -c '   ?  ?')" -ge 1 ]
ok $? "and every verdict starts hidden" "$s"
check t "tree, step 2: " "then the nodes reveal themselves, one a stage"
wait_grep t -E ' (ok|no) '
ok $? "a verdict revealed within the wait" "$(screen t)"
cycle_to t p "speedup vs γ"
ok $? "p: on to the speedup view" "$(screen t)"
cycle_to t p "tree, step 2"
ok $? "and round to the tree again" "$(screen t)"
end_view t

# --- the step detail of a tree step: node by node in test order -------------
# 2,1 under top-2 on the same pair: the root's children 2 (rejected, P .1)
# and 0 (accepted at .5 / .9 = .556), then 0's child 2 (q's top; P(2) = .1 is
# its acceptance, rejected), so the step ends at node 2 with a residual.
view d 80 24 "--paused --tree 2,1 --verifier topk --replay '$TMPD/one' --seed 1"
keys d n
check d "step 1, 3 tests, kept node 2" \
    "tree detail: the title names the tests and the node the step kept"
s=$(screen d)
shows "$s" "│ node  1       2       2.1     2 " \
    "one column per tested node, in test order, by its path; then the kept node"
shows "$s" "│ token [2]     0       [2]     →0 " \
    "the tokens, a rejected one in brackets, then the replacement from the residual"
shows "$s" "│ q     .600    .200    .600 " "q of each node, as the tree pane shows it"
shows "$s" "│ P     .100    .556    .100 " \
    "the P in force: .5 / .9 = .556 after the first sibling's rejection"
shows "$s" "│ acc   .100    .556    .100 " "the acceptance probability of each test"
shows "$s" "│ u     .703 no .520 ok .574 no resid " "u and the verdict of each test"
shows "$s" "└─test──1───────2───────3──" "numbered in test order on the border"
shows "$s" "│ └2   0    .200 .556 .556 .520 ok │" \
    "and the tree pane beside it agrees, its verdict in full"
keys d Left
check d "step 1, node 2: test 2 of 3" "Left: the walk at the second test, named in the title"
s=$(screen d)
shows "$s" "│ u     .703 no .520 ok    ?  ? " \
    "the third verdict held back (predict, then reveal)"
shows "$s" "└─test──1───────[2]─────3──" "the walk's test marked on the border"
keys d Left
check d "│ u     .703 no    ?  ?    ?  ? " "Left again: only the first verdict shows"
keys d Right Right
check d "step 1, 3 tests, kept node 2" "Right past the last test: every verdict again"
keys d m
# The step's first stage (every verdict hidden) lasts 1.5 s: one screen of it
# is enough, taken as soon as the title says so.
i=0
while [ "$i" -lt "$WAIT_TENTHS" ]; do
	s=$(screen d)
	printf '%s\n' "$s" | grep -qF "step 2, " && break
	sleep 0.1
	i=$((i + 1))
done
printf '%s\n' "$s" | grep -qF "predict each verdict"
ok $? "m: slow motion's next step in the step detail, its title asks to predict" "$s"
printf '%s\n' "$s" | grep -qE '^│ u  +\?  \? '
ok $? "its first u and verdict held back" "$s"
wait_grep d -E '^│ u     \.[0-9]{3} (ok|no)'
ok $? "then the verdicts reveal themselves, one a stage" "$(screen d)"
end_view d

start a 80 24 LC_ALL=C NO_COLOR=1
run a "'$SPECDEC' --paused --tree 2 --verifier topk --replay '$TMPD/one' --seed 1"
keys a n
check a "| +1 2     .600 .100 .100 .703 no" "the C locale: ASCII stems"
end_view a

view b 80 24 "--paused --tree 3,2,1 --verifier traversal --seed 2 --noise 1"
keys b n n
check b "step 2" "3,2,1: two steps"
s=$(screen b)
shows "$s" "of 15 tested" "3,2,1: fifteen nodes"
shows "$s" "more below" "more rows than the pane holds: it says how many are below"
shows "$s" "│ │ │ └1 a   .350 .353 1.00 .598 ✓ │" \
    "depth 3 at 80x24: the token column narrows and the verdict is a mark"
end_view b

view b 80 24 "--paused --tree 2,1,1,1 --verifier specinfer"
keys b n
check b "4 of 8 tested" "2,1,1,1: one step, four nodes tested"
s=$(screen b)
shows "$s" "│          tok       P  acc    u   │" \
    "depth 4 at 80x24: q's column goes, the others keep their headings"
shows "$s" "│ │     └1 sun   .041 .946 .067 ok │" \
    "and a node at depth 4 keeps its u and its verdict in full"
end_view b

# --- a tree run at 80x24: the statistics line keeps the rule's number, and
# +/- say they do nothing (a tree has no gamma) rather than change one ------
view g 80 24 "--paused --tree 3,2 --verifier specinfer --seed 1"
keys g n
check g "tree, step 1: " "a specinfer tree run at 80x24"
wait_grep g -E 'α̂ [0-9.]+  [^ ]+ 0?\.[0-9]+'
ok $? "the statistics line keeps the rule's acceptance, a number, whole" "$(screen g)"
keys g +
check g "+: a tree run has no gamma" "+ in a tree run: a status line says it does nothing"
s=$(screen g)
printf '%s\n' "$s" | head -n 1 | grep -qE "tree 9 nodes, depth 2|tree 9/2"
ok $? "the header names the tree's size and depth (3,2: 9 nodes, depth 2)" "$s"
printf '%s\n' "$s" | grep -qE "γ=|best γ|γ\*"
ok $((1 - $?)) "and no gamma: neither in the header nor a chain's best gamma in the cost pane" "$s"
wait_grep g -E "(speedup|slowdown) [0-9.]+x"
ok $? "the cost pane keeps the measured speedup" "$(screen g)"
end_view g
done_testing
