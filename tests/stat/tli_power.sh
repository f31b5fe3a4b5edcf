#!/bin/sh
# tli_power.sh: a draft with tokens of its own (--draft-only): its refusals, a
# stub target cut to one token (tli keeps every draft), and:
#   PAIR: a replay of target {a, b}, p = (.8, .2), and draft {a, b, c},
#     q = (.2, .3, .5), at gamma 1 over PAIR_STEPS steps: the naive standard
#     rule accepts 0.4, tli 0.6, mistake-tli-old-q 0.8 (worked by hand in
#     tests/unit/test_tli.c), each within 4 SE.
#   POWER: the share of SEEDS seeds in which mistake-tli-old-q fails the
#     run's checks (exit status 1), on the stub (vocab 20, --draft-only 5) and
#     on the pair, STEPS steps each;
#   FALSE ALARMS: the same count for tli and the naive standard rule.
# The suite runs a fast variant; docs/testing.md gives the figures at
#   SEEDS=100 SPECDEC=./specdec TESTS_SRCDIR=tests sh tests/stat/tli_power.sh
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
SEEDS=${SEEDS:-10}
STEPS=${STEPS:-1000}
PAIR_STEPS=${PAIR_STEPS:-20000}

printf '# vocab 3\n0.8 0.2 0\n0.2 0.3 0.5\n' > "$tmp/pair"

# --draft-only leaves the target a token, on the sources that take it; the
# stub's target is 0 on the draft's own tokens, and its draft is not.
usage_error "--draft-only 20: must be below the vocabulary (--vocab 20)" --batch --draft-only 20
usage_error "--draft-only does not apply to the n-gram source" --batch --source ngram --draft-only 2
got=$("$SPECDEC" --json --steps 2000 --seed 2 --draft-only 19 --verifier tli | json_number alpha)
is "$got" 1 "--draft-only 19 leaves the stub's target one token: tli keeps every draft"
got=$("$SPECDEC" --json --steps 2000 --seed 2 --draft-only 19 | json_number alpha)
within "$got" 0 0.2 "and the naive standard rule keeps what q gives that token"

for rw in standard:0.4 tli:0.6 mistake-tli-old-q:0.8; do
	rule=${rw%%:*} want=${rw#*:}
	got=$("$SPECDEC" --json --replay "$tmp/pair" --draft-only 1 --gamma 1 \
	    --steps "$PAIR_STEPS" --verifier "$rule" | json_number alpha)
	se=$(awk -v a="$want" -v n="$PAIR_STEPS" 'BEGIN { print 4 * sqrt(a * (1 - a) / n) }')
	within "$got" "$(awk -v a="$want" -v d="$se" 'BEGIN { print a - d }')" \
	    "$(awk -v a="$want" -v d="$se" 'BEGIN { print a + d }')" \
	    "$rule on the pair: acceptance $want +- 4 SE"
done

# count_failed RULE ARGS...: in how many of SEEDS seeds the run fails its
# checks (status 1); -1 when a run ends otherwise (a usage error, a crash).
count_failed() {
	_rule=$1 _seed=1 _n=0
	shift
	while [ "$_seed" -le "$SEEDS" ]; do
		"$SPECDEC" --batch --seed "$_seed" --steps "$STEPS" --verifier "$_rule" \
		    "$@" >/dev/null 2>&1
		case $? in
		0) ;;
		1) _n=$((_n + 1)) ;;
		*) echo -1; return ;;
		esac
		_seed=$((_seed + 1))
	done
	echo "$_n"
}

for src in stub pair; do
	if [ "$src" = stub ]; then set -- --draft-only 5; else set -- --replay "$tmp/pair" --draft-only 1; fi
	got=$(count_failed mistake-tli-old-q "$@")
	echo "# POWER mistake-tli-old-q $src $STEPS steps: $got of $SEEDS"
	within "$got" "$((SEEDS * 95 / 100))" "$SEEDS" "mistake-tli-old-q caught on the $src"
	for rule in tli standard; do
		got=$(count_failed "$rule" "$@")
		echo "# FALSE ALARMS $rule $src $STEPS steps: $got of $SEEDS"
		within "$got" 0 "$(( SEEDS >= 100 ? 5 : 1 ))" "$rule on the $src: checks failed in $got of $SEEDS"
	done
done

done_testing
