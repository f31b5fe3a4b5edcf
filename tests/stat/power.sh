#!/bin/sh
# power.sh: the losslessness test's power and false-alarm rate, measured over
# seeds (docs/performance.md gives the figures and docs/theory.md the test).
#   POWER: for each deliberate mistake, in how many of POWER_SEEDS seeds the test
#     gives p < 0.001 at the default stub within 5,000 steps and on the default
#     n-gram source within 20,000 steps (requirement: at least 95 of 100);
#   FALSE ALARMS: over FALSE_SEEDS seeds of each lossless rule at the defaults
#     (5,000 steps; the stub and the n-gram source), how many give p < 0.001
#     (expected: 0.1% of them);
#   DISTORTION: for the lossy rules at the defaults, the fewest steps of a
#     doubling series (50, 100, ...) at which p < 0.001, median over DIST_SEEDS.
#   CMU: on the CMU trigram (--source cmu; skipped without sphinxbase or the
#     model), mistake-greedy-draft-soft-q caught (p < 0.001) in at least 95% of
#     CMU_SEEDS seeds of 300 steps, and the standard rule at most 1 false alarm
#     in CMU_SEEDS seeds of 300 steps (docs/testing.md has the rates over 50
#     and 100 seeds);
#   RARE TOKEN: a replay of one pair where both mistakes remove most of one
#     token of probability 0.002 (q gives it 0) and change little else, which
#     the PIT alone missed (0 of 50 at 5,000 steps): each mistake caught in at
#     least 95% of RARE_SEEDS seeds at 5,000 and at 20,000 steps, and the
#     standard rule at most 1 false alarm in RARE_SEEDS (2 in 200 or more).
# Slow at the full counts (a few minutes); the suite runs a fast variant:
#   POWER_SEEDS=100 FALSE_SEEDS=200 DIST_SEEDS=21 SPECDEC=./specdec \
#     sh tests/stat/power.sh
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
POWER_SEEDS=${POWER_SEEDS:-10}
FALSE_SEEDS=${FALSE_SEEDS:-20}
DIST_SEEDS=${DIST_SEEDS:-5}
RARE_SEEDS=${RARE_SEEDS:-10}
CMU_SEEDS=${CMU_SEEDS:-4}
LEVEL=0.001

n=$POWER_SEEDS
for rule in mistake-residual-from-p mistake-accept-all; do
	got=$(count_low_p "$n" "$LEVEL" --verifier "$rule" --steps 5000)
	echo "# POWER $rule stub 5000 steps: $got of $n"
	within "$got" "$((n * 95 / 100))" "$n" "$rule caught at the default stub within 5,000 steps"
	got=$(count_low_p "$n" "$LEVEL" --verifier "$rule" --source ngram --steps 20000)
	echo "# POWER $rule ngram 20000 steps: $got of $n"
	within "$got" "$((n * 95 / 100))" "$n" "$rule caught on the default n-gram source within 20,000 steps"
done

# At 0.1% a correct rule's count over n seeds is Binomial(n, 0.001): more than
# 2 in 200 (P < 0.0012) or 1 in 20 (P = 0.02) is a false alarm of the test.
n=$FALSE_SEEDS
for rule in standard block exact-match greedy; do
	for src in stub ngram; do
		got=$(count_low_p "$n" "$LEVEL" --verifier "$rule" --source "$src")
		echo "# FALSE ALARMS $rule $src 5000 steps: $got of $n"
		within "$got" 0 "$(( n >= 200 ? 2 : 1 ))" \
		    "$rule, $src: p < $LEVEL in $got of $n seeds"
	done
done

# The rare-token pair: p = (0.002, 0.998 w), q = (0, w), w proportional to
# 1 / k over the other 19 tokens.
awk 'BEGIN {
	for (k = 1; k <= 19; k++) s += 1 / k
	printf "# vocab 20\n0.002"
	for (k = 1; k <= 19; k++) printf " %.17g", 0.998 / k / s
	printf "\n0"
	for (k = 1; k <= 19; k++) printf " %.17g", 1 / k / s
	printf "\n"
}' > "$tmp/rare"
n=$RARE_SEEDS
for rule in mistake-residual-from-p mistake-accept-all; do
	for steps in 5000 20000; do
		got=$(count_low_p "$n" "$LEVEL" --source replay --replay "$tmp/rare" --verifier "$rule" --steps "$steps")
		echo "# RARE TOKEN $rule $steps steps: $got of $n"
		within "$got" "$((n * 95 / 100))" "$n" "$rule moving one rare token: caught at $steps steps"
	done
done
got=$(count_low_p "$n" "$LEVEL" --source replay --replay "$tmp/rare" --steps 20000)
echo "# RARE TOKEN FALSE ALARMS standard 20000 steps: $got of $n"
within "$got" 0 "$(( n >= 200 ? 2 : 1 ))" "standard on the rare-token pair: p < $LEVEL in $got of $n"

# steps_to_see ARGS...: the fewest steps of the doubling series at which the test
# sees the rule, per seed; prints the median.
steps_to_see() {
	seed=1
	while [ "$seed" -le "$DIST_SEEDS" ]; do
		s=50
		while [ "$s" -le 409600 ]; do
			p=$("$SPECDEC" --json --seed "$seed" --steps "$s" "$@" | json_number lossless_p)
			awk -v p="$p" -v l="$LEVEL" 'BEGIN { exit !(p + 0 < l) }' && break
			s=$((s * 2))
		done
		echo "$s"
		seed=$((seed + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for args in "--verifier lenient --lenience 0.5" "--verifier typical"; do
	# shellcheck disable=SC2086
	got=$(steps_to_see $args)
	echo "# DISTORTION $args stub: median $got steps to p < $LEVEL ($DIST_SEEDS seeds)"
	within "$got" 1 409600 "$args: the test sees the distortion at the default stub"
	# shellcheck disable=SC2086
	got=$(steps_to_see $args --source ngram)
	echo "# DISTORTION $args ngram: median $got steps to p < $LEVEL ($DIST_SEEDS seeds)"
	within "$got" 1 409600 "$args: the test sees the distortion on the default n-gram source"
done

# The cmu source: a few seeds, at the level (docs/testing.md for the rates).
if "$SPECDEC" --batch --source cmu --steps 1 >/dev/null 2>&1; then
	n=$CMU_SEEDS
	got=$(count_low_p "$n" "$LEVEL" --source cmu --verifier mistake-greedy-draft-soft-q --steps 300)
	echo "# POWER mistake-greedy-draft-soft-q cmu 300 steps: $got of $n"
	within "$got" "$((n * 95 / 100))" "$n" "mistake-greedy-draft-soft-q caught on the cmu source"
	got=$(count_low_p "$n" "$LEVEL" --source cmu --steps 300)
	echo "# FALSE ALARMS standard cmu 300 steps: $got of $n"
	within "$got" 0 1 "standard, cmu: p < $LEVEL in $got of $n seeds"
else
	skip "the cmu source cannot open here (sphinxbase or pocketsphinx-en-us missing)"
fi

done_testing
