#!/bin/sh
# tree_heads.sh: draft heads and MTP modules through the program (--drafter
# heads|mtp --head-topk k1,...,kK): every rule but topk and the options a head
# tree replaces refused with one line and status 2; the closed form on a
# replay of p = q = (.6, .3, .1) (heads 2,2: 1 + .9 + .81 = 2.71); all k_i = 1
# the same tokens as the chain, at cost 1 + c against 1 + K c; the report and
# the JSON name the drafter; a stub run passes its checks and its measured
# mean lies within 4 SE of the closed form. The trees themselves are
# enumerated in tests/unit/test_tree_heads.c.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

usage_error "--drafter heads needs --head-topk" --batch --drafter heads
usage_error "--verifier specinfer does not verify --drafter heads" --batch \
	--drafter heads --head-topk 2 --verifier specinfer
usage_error "--verifier standard does not verify --drafter mtp" --batch \
	--drafter mtp --head-topk 2 --verifier standard
usage_error "--tree does not go with --drafter heads" --batch --drafter heads \
	--head-topk 2 --tree 2
usage_error "--head-topk only applies with --drafter heads or mtp" --batch \
	--head-topk 2
usage_error "--head-topk: more than 64 nodes" --batch --drafter heads \
	--head-topk 8,8,8
usage_error "--head-noise has 2 values, more than the 1 heads" --batch \
	--drafter heads --head-topk 2 --head-noise 1,2
usage_error "--draft-ms does not go with --drafter heads" --batch --drafter heads \
	--head-topk 2 --draft-ms 3
usage_error "--drafter: 'medusa' is not one of model," --batch \
	--drafter medusa

printf '# vocab 3\n6 3 1\n6 3 1\n' >"$TMPD/one.txt"
for d in heads:1.05:1 mtp:1.1:2; do
	"$SPECDEC" --json --replay "$TMPD/one.txt" --drafter "${d%%:*}" --head-topk 2,2 \
		--steps 300 >"$TMPD/h.json"
	is "$(jq -r '[.closed_form, .tree_step_cost, .drafter, .draft_passes] |
		map(tostring) | join(" ")' "$TMPD/h.json")" \
		"2.71 $(echo "$d" | cut -d: -f2) ${d%%:*} ${d##*:}" \
		"p = q = (.6, .3, .1), ${d%%:*} 2,2: 2.71 tokens/step, ${d##*:} passes"
done

# All k_i = 1 is the chain: the same tokens per step, cheaper by (K - 1) c.
for run in "--tree 1,1,1 --verifier topk --draft-ms 1" \
    "--drafter heads --head-topk 1,1,1 --head-cost 0.1"; do
	# shellcheck disable=SC2086
	"$SPECDEC" --json --replay "$TMPD/one.txt" --steps 500 --seed 5 $run |
		jq -r '[.tok_per_step, .closed_form, .tree_step_cost] | map(tostring) |
		join(" ")'
done >"$TMPD/chain.txt"
is "$(tr '\n' '|' <"$TMPD/chain.txt")" "2.164 2.176 1.3|2.164 2.176 1.1|" \
	"heads 1,1,1: the chain's tokens per step, cost 1 + c instead of 1 + 3c"

"$SPECDEC" --batch --drafter heads --head-topk 3,2 --head-noise 0.5,1 --steps 3000 \
	--seed 2 >"$TMPD/rep.txt"
is "$(grep -c '^FAIL' "$TMPD/rep.txt")" 0 "the stub by head: every check passes"
tr -s ' \n' '  ' <"$TMPD/rep.txt" | grep -q -- "--drafter heads, one head pass drafts every position: 1 + passes c"
ok $? "the report's cost names the drafter"
"$SPECDEC" --json --drafter mtp --head-topk 3,2 --head-noise 0.5,1 --steps 3000 \
	--seed 2 >"$TMPD/m.json"
within "$(jq '.tok_per_step_hist as $h | ($h | add) as $n |
	([range(0; $h | length) as $i | $h[$i] * ($i + 1) * ($i + 1)] | add / $n) as $m2 |
	((($m2 - .tok_per_step * .tok_per_step) / $n) | sqrt) as $se |
	((.tok_per_step - .closed_form_per_step) / $se) | fabs' "$TMPD/m.json")" 0 4 \
	"mtp on the stub: measured within 4 SE of the exact tokens per step"
done_testing
