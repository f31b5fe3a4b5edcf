#!/bin/sh
# dyntree.sh: the keys that move a dynamic tree's K, STEPS and N live (f/F,
# g/G, u/U), driven in a detached tmux at 80x24 on a replay of one pair,
# p = q = (.6, .3, .1). Each key changes the header's SGLang option, starts a
# new segment and says on the status line which option moved and the tree it
# gives; the new tree's closed form is the one of the new spec (dynamic:2,3,7
# keeps a, aa, b, aaa, ab, ba: 1 + .6 + .36 + .3 + .216 + .18 + .18 = 2.836).
# A spec --tree would refuse is refused with its reason, nothing changed; on
# a fixed shape and on a chain the keys say why they do nothing. The
# calibration pane (p) bins the step's nodes by score with their exact
# acceptance, the score itself when q = p. Draft heads show their tree and
# its closed form too. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

printf '# vocab 3\n6 3 1\n6 3 1\n' >"$TMPD/one"

view d 80 24 "--paused --tree dynamic:2,3,6 --verifier topk --replay '$TMPD/one' --seed 1"
check d "eagle_topk=2 num_steps=3 num_draft_tokens=6" "the header names SGLang's options"
keys d U
check d "U: speculative_num_draft_tokens 6 -> 7 (dynamic:2,3,7), new segment" \
	"U: N + 1, said on the status line"
check d "eagle_topk=2 num_steps=3 num_draft_tokens=7" "and in the header"
keys d n
check d "closed form 2.84" "the step drafts dynamic:2,3,7: 2.836 tokens/step exactly"
keys d F
check d "F: speculative_eagle_topk 2 -> 3 (dynamic:3,3,7), new segment" "F: K + 1"
check d "segment 3" "each change a new segment"
keys d g
check d "g: speculative_num_steps 3 -> 2 (dynamic:3,2,7), new segment" "g: STEPS - 1"
keys d f
check d "f: speculative_eagle_topk 3 -> 2 (dynamic:2,2,7), new segment" "f: K - 1"
keys d f
check d "f: speculative_eagle_topk 1 refused: dynamic:1,2,7 keeps N - 1 = 6 of" \
	"f again: K 1 leaves 2 candidates for 6 nodes: refused with --tree's reason"
check d "eagle_topk=2 num_steps=2 num_draft_tokens=7" "and nothing changed"
keys d n
check d "steps 1 " "one step of dynamic:2,2,7"
cycle_to d p "calibration: 6 nodes"
ok $? "p reaches the calibration pane: the step's 6 nodes" "$(screen d)"
wait_grep d -E '\.6-\.7 +1 \.600 (1\.00|\.000) \.600'
ok $? "q = p: the node scored .6 has exact acceptance .6" "$(screen d)"
wait_grep d -E '\.1-\.2 +2 \.180 (1\.00|\.500|\.000) \.180'
ok $? "the two scored .18 (ab, ba) in the bin .1-.2, exact .18" "$(screen d)"
end_view d

view s 80 24 "--paused --tree 2,1 --verifier topk --seed 1"
wait_paused s
keys s n
check s "step 1" "a fixed shape: one step"
keys s F
check s "F: K, STEPS and N are a dynamic tree's; this run's tree is a fixed shape" \
	"F on a fixed shape says why it does nothing"
end_view s

view c 80 24 "--paused --seed 1"
wait_paused c
keys c n
check c "step 1" "a chain: one step"
keys c G
check c "G: K, STEPS and N are a dynamic tree's; this run's draft is a chain" \
	"G on a chain says why it does nothing"
end_view c

# Medusa heads 2,1 on the one pair: head 1 drafts a and b, head 2 drafts a
# under each; a kept with .6, else b with .3 / .4 of the rest (.3 in all),
# then the child a with .6: 1 + .9 + .9 * .6 = 2.44 tokens a step.
view h 100 30 "--paused --drafter heads --head-topk 2,1 --replay '$TMPD/one' --seed 1"
wait_paused h
check h "heads tree 4 nodes, depth 2" "heads: the header names the drafter and its tree"
keys h n
check h "closed form 2.44" "heads 2,1: the step's closed form, 2.44 tokens/step"
check h "tree, step 1: 3 of 4 tested" "heads 2,1: the tree pane holds the product of the heads, 4 nodes"
end_view h
done_testing
