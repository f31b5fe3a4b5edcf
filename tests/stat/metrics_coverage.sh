#!/bin/sh
# metrics_coverage.sh [SEEDS]: the 95% intervals of --metrics, measured. For
# each seed the stub runs 3000 steps at gamma 4 at known conditional rates by
# position; the run's counts are written as vLLM's metrics (per position) and
# as llama.cpp's line (totals); the prediction is read back and each interval
# is checked against the true value, worked in awk from the rates
# (tests/lib/metrics_formats.sh). Printed: the share of seeds covered, for
#   exact2, exact4   tokens per step at gamma 2 and 4 (per-position counts)
#   extrap6          at gamma 6, past the measured length (the last alpha held)
#   best             the true best gamma within [best_gamma_from, best_gamma_to]
#   fit4             the i.i.d. fit's interval at the measured gamma 4 (totals)
#   fit_iid6         the fit at gamma 6 when the rates are i.i.d. (0.7 at every
#                    position), the case its model assumes
# The at-level check: each share at least 0.7 over SEEDS (default 16) seeds,
# which a 95% interval fails with probability 1e-3 and an interval that covers
# half the time passes with probability 0.04; docs/testing.md gives the
# shares over 1000 seeds.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/metrics_formats.sh"
need jq
seeds=${1:-${METRICS_SEEDS:-16}}
alphas=0.9,0.75,0.6,0.5
iid=0.7
t2=$(true_tok "$alphas" 2) t4=$(true_tok "$alphas" 4) t6=$(true_tok "$alphas" 6)
i6=$(true_tok "$iid" 6)
best=$(true_best "$alphas" 0.1 10)

# covers_at GAMMA TRUTH: the jq test that the tokens' interval at GAMMA holds TRUTH.
covers_at() {
	echo "(if .tokens_lo[$1] <= $2 and $2 <= .tokens_hi[$1] then 1 else 0 end)"
}
s=1
while [ "$s" -le "$seeds" ]; do
	"$SPECDEC" --batch --json -n 3000 -g 4 --seed "$s" --position-alpha "$alphas" >"$TMPD/run"
	counts=$(run_counts "$TMPD/run")
	write_vllm_prom "$counts" "$TMPD/v"
	write_llamacpp "$counts" "$TMPD/l"
	"$SPECDEC" --batch --json --metrics "$TMPD/v" >"$TMPD/pv"
	"$SPECDEC" --batch --json --metrics "$TMPD/l" >"$TMPD/pl"
	"$SPECDEC" --batch --json -n 3000 -g 4 --seed "$s" --position-alpha "$iid" >"$TMPD/runi"
	write_llamacpp "$(run_counts "$TMPD/runi")" "$TMPD/li"
	"$SPECDEC" --batch --json --metrics "$TMPD/li" >"$TMPD/pi"
	echo "$(jq -r "[$(covers_at 2 "$t2"), $(covers_at 4 "$t4"), $(covers_at 6 "$t6"), (if .best_gamma_from <= $best and
	    $best <= .best_gamma_to then 1 else 0 end)] | map(tostring) | join(\" \")" "$TMPD/pv")" \
	    "$(jq -r "$(covers_at 4 "$t4")" "$TMPD/pl") $(jq -r "$(covers_at 6 "$i6")" "$TMPD/pi")"
	s=$((s + 1))
done >"$TMPD/cov"
set -- exact2 exact4 extrap6 best fit4 fit_iid6
col=1
for name; do
	share=$(awk -v c=$col '{ s += $c } END { printf "%.3f", s / NR }' "$TMPD/cov")
	echo "# $name: $share of $seeds seeds"
	within "$share" 0.7 1 "$name: the 95% interval covers the truth in $share of $seeds seeds"
	col=$((col + 1))
done
done_testing
